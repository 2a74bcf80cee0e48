#pragma once
// Hand-built checkers positions for tests: seat -> holes, as the state's JSON (docs/formats.md)
// with no hop under way and no winner; `current` to move after `turns` turns.
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/checkers/checkers.h"

namespace qilab::testing {

// The board string: '.' for an empty hole, '0' + seat for a seat's piece. A hole given twice
// is a mistake of the test: std::logic_error.
inline std::string checkers_board(const std::map<int, std::vector<int>>& cells) {
  std::string board(checkers::kCells, '.');
  for (const auto& [seat, holes] : cells)
    for (const int h : holes) {
      char& c = board.at(static_cast<std::size_t>(h));
      if (c != '.') throw std::logic_error("hole " + std::to_string(h) + " given twice");
      c = static_cast<char>('0' + seat);
    }
  return board;
}

inline nlohmann::json checkers_position_json(int players, const std::string& board, int current = 0,
                                             int turns = 0) {
  return {{"game", "checkers"},
          {"players", players},
          {"board", board},
          {"current", current},
          {"turns", turns},
          {"hop_from", nullptr},
          {"visited", nlohmann::json::array()},
          {"winner", nullptr}};
}

inline checkers::State checkers_position(const checkers::Checkers& g,
                                         const std::map<int, std::vector<int>>& cells, int current = 0,
                                         int turns = 0) {
  return g.state_from_json(checkers_position_json(g.num_players(), checkers_board(cells), current, turns));
}

}  // namespace qilab::testing

#pragma once
// One line saying whose turn it is, or how the game ended.
#include <string>

#include <fmt/format.h>

#include "engine/core/any_game.h"

namespace qilab::cli {

inline std::string position_status(const AnyState& s) {
  if (s.is_terminal()) {
    const Values r = s.returns();
    std::string list;
    for (int p = 0; p < s.num_players(); ++p)
      list += fmt::format("{}{}", p ? " " : "", r[static_cast<std::size_t>(p)]);
    return fmt::format("game over after {} moves; returns per seat: {}", s.move_number(), list);
  }
  if (s.is_chance()) return fmt::format("move {}: chance to move", s.move_number());
  return fmt::format("move {}: player {} to move", s.move_number(), s.current_player());
}

}  // namespace qilab::cli

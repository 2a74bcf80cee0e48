#pragma once
// Splits --agents values into agent specs. Agents are separated by commas, but an agent's own
// options are too ("mcts:simulations=400,uct=2"): a piece with '=' and no ':' continues the
// options of the agent before it, since an agent name or config path never holds '='.
#include <string>
#include <vector>

#include "engine/core/error.h"

namespace qilab::cli {

inline std::vector<std::string> split_agent_list(const std::vector<std::string>& values) {
  std::vector<std::string> agents;
  for (const auto& value : values) {
    std::size_t pos = 0;
    bool continues = false;  // within this value, may a key=value join the previous agent?
    while (pos <= value.size()) {
      auto comma = value.find(',', pos);
      if (comma == std::string::npos) comma = value.size();
      std::string piece = value.substr(pos, comma - pos);
      pos = comma + 1;
      if (piece.empty()) throw Error("--agents '" + value + "': empty agent name");
      const bool option = piece.find('=') != std::string::npos && piece.find(':') == std::string::npos;
      if (option && !continues) throw Error("--agents '" + value + "': option '" + piece + "' follows no agent with options");
      if (option) {
        agents.back() += "," + piece;
      } else {
        agents.push_back(piece);
        continues = piece.find(':') != std::string::npos;
      }
    }
  }
  return agents;
}

}  // namespace qilab::cli

#pragma once
// Splits --agents values into agent specs: lists of specs (engine/core/spec.h), where a
// key=value piece continues the settings of the agent before it ("mcts:simulations=400,uct=2").
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/spec.h"

namespace qilab::cli {

inline std::vector<std::string> split_agent_list(const std::vector<std::string>& values) {
  std::vector<std::string> agents;
  for (const auto& value : values)
    for (auto& spec : split_spec_list(value, "--agents '" + value + "'")) agents.push_back(std::move(spec));
  return agents;
}

}  // namespace qilab::cli

#pragma once
// Small helpers for the per-game analyses: every number goes out with its sample size.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/wilson.h"

namespace qilab::experiments {

// {"count", "games", "rate", "ci95"}: k of n games, with the Wilson interval (each game one
// independent trial).
inline nlohmann::json games_rate(std::int64_t k, std::int64_t n) {
  const Interval ci = wilson_interval(k, n);
  return {{"count", k},
          {"games", n},
          {"rate", n > 0 ? static_cast<double>(k) / static_cast<double>(n) : 0.0},
          {"ci95", {ci.lo, ci.hi}}};
}

// {"total", "games", "per_game"}: a total over n games and its mean per game.
inline nlohmann::json per_game(std::int64_t total, std::int64_t n) {
  return {{"total", total},
          {"games", n},
          {"per_game", n > 0 ? static_cast<double>(total) / static_cast<double>(n) : 0.0}};
}

// Named counts in first-seen order (ending kinds and the like).
using NamedCounts = std::vector<std::pair<std::string, std::int64_t>>;
inline void bump(NamedCounts& v, const std::string& name, std::int64_t n = 1) {
  for (auto& [k, c] : v)
    if (k == name) {
      c += n;
      return;
    }
  v.emplace_back(name, n);
}

}  // namespace qilab::experiments

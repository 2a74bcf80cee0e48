#pragma once
// What elements games show beyond their results, replayed through elements::State: pick and
// win rates per hero and per pair of heroes on one side, and how games end.
#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "engine/core/record.h"
#include "engine/elements/elements.h"
#include "experiments/analysis/counts.h"
#include "experiments/analysis/ending.h"
#include "experiments/wilson.h"

namespace qilab::experiments {

class ElementsAnalysis {
 public:
  static constexpr bool kKnowsEndings = true;
  void begin(const elements::State&) {}
  void before(const elements::State&, Action) {}
  void after(const elements::State&) {}
  Ending end(const elements::State& s, const GameRecord& r, std::span<const Outcome> outcomes);
  void merge(const ElementsAnalysis& o);
  nlohmann::json to_json() const;

  // Per hero (roster id) or pair ("a+b", ids in order): picks (a side fielding it: the trials),
  // games picked in (the clusters: a hero on both sides of a game is one cluster) and wins.
  struct Tally {
    ClusterCounts win, draw;
  };
  std::int64_t games = 0;
  std::map<std::string, Tally> heroes, pairs;
  NamedCounts endings;
};

}  // namespace qilab::experiments

#pragma once
// What junqi games show beyond their results, replayed through junqi::State: which ranks take
// which (every fight by attacker and defender kind and its outcome), the move on which a flag
// falls, the pieces each side has left at the end, and how games end.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/record.h"
#include "engine/junqi/junqi.h"
#include "experiments/analysis/counts.h"
#include "experiments/analysis/ending.h"

namespace qilab::experiments {

class JunqiAnalysis {
 public:
  static constexpr bool kKnowsEndings = true;
  void begin(const junqi::State& s);
  void before(const junqi::State&, Action) {}
  void after(const junqi::State& s);
  Ending end(const junqi::State& s, const GameRecord& r, std::span<const Outcome> outcomes);
  void merge(const JunqiAnalysis& o);
  nlohmann::json to_json() const;

  // fights[attacker kind][defender kind][0 attacker wins, 1 defender wins, 2 both die]
  std::array<std::array<std::array<std::int64_t, 3>, junqi::kKinds>, junqi::kKinds> fights{};
  std::int64_t games = 0;
  std::int64_t flag_games = 0;      // games in which at least one flag fell
  std::int64_t first_flag_sum = 0;  // play move of the first flag to fall, summed over them
  std::int64_t first_flag_min = 0, first_flag_max = 0;
  // Pieces left at the end: of the winning side and of the losing side (decided games), and of
  // both sides of drawn games.
  std::int64_t decided = 0, winner_survivors = 0, loser_survivors = 0;
  std::int64_t drawn = 0, drawn_survivors = 0;
  // Armies (players) still in at the end: of the winning side, in decided games.
  std::int64_t winner_armies = 0;
  NamedCounts endings;

 private:
  int seen_fights_ = 0;
  int first_flag_ = -1;
  bool last_took_flag_ = false;
};

}  // namespace qilab::experiments

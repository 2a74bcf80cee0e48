#pragma once
// What mizong games show beyond their results, replayed through mizong::State: damage by
// attribute pairing (attacker's rock/scissors/paper x yin/yang against the defender's), holds
// of the centre, and how games end.
#include <array>
#include <cstdint>
#include <span>

#include <nlohmann/json.hpp>

#include "engine/core/record.h"
#include "engine/mizong/mizong.h"
#include "experiments/analysis/counts.h"
#include "experiments/analysis/ending.h"

namespace qilab::experiments {

class MizongAnalysis {
 public:
  static constexpr bool kKnowsEndings = true;
  static constexpr int kPairs = 6;  // attr1 * 2 + attr2

  void begin(const mizong::State&);
  void before(const mizong::State& s, Action a);
  void after(const mizong::State& s);
  Ending end(const mizong::State& s, const GameRecord& r, std::span<const Outcome> outcomes);
  void merge(const MizongAnalysis& o);
  nlohmann::json to_json() const;

  std::int64_t games = 0;
  // By [attacker pair][defender pair]: attacks, HP (sixths) the defender lost, HP the attacker lost.
  std::array<std::array<std::int64_t, kPairs>, kPairs> attacks{}, dealt{}, countered{};
  std::int64_t centre_wins = 0;  // teams placed first-free by holding the centre
  std::int64_t games_with_centre_win = 0;
  std::int64_t longest_hold_sum = 0;  // longest quiet hold (rounds) per game, summed
  NamedCounts endings;

 private:
  int attacker_ = -1, defender_ = -1, attacker_hp_ = 0, defender_hp_ = 0;
  int holder_team_ = -1, hold_rounds_ = 0;
  bool holder_unplaced_ = false;
  bool last_centre_win_ = false;
  int centre_wins_now_ = 0, longest_ = 0;
};

}  // namespace qilab::experiments

#pragma once
// What Chinese checkers games show beyond their results, replayed through checkers::State:
// deadlocks. A game that reaches the turn limit without a winner has stalled when no seat came
// closer to its target triangle (a new best distance_to_target) in its last kStallRounds rounds,
// and is a deadlock when it stalled with some seat's target holding another seat's pieces (a
// player who never leaves home blocks the player opposite for good); forced passes are counted.
#include <array>
#include <cstdint>
#include <span>

#include <nlohmann/json.hpp>

#include "engine/checkers/checkers.h"
#include "engine/core/record.h"
#include "experiments/analysis/counts.h"
#include "experiments/analysis/ending.h"

namespace qilab::experiments {

class CheckersAnalysis {
 public:
  static constexpr bool kKnowsEndings = true;
  static constexpr int kStallRounds = 10;
  void begin(const checkers::State& s);
  void before(const checkers::State&, Action a) { passes += a == checkers::kPass; }
  void after(const checkers::State& s);
  Ending end(const checkers::State& s, const GameRecord& r, std::span<const Outcome> outcomes);
  void merge(const CheckersAnalysis& o);
  nlohmann::json to_json() const;

  std::int64_t games = 0;
  std::int64_t turn_limit = 0;       // games ended by the turn limit without a winner
  std::int64_t stalled = 0;          // of those, games without progress in their last rounds
  std::int64_t deadlocked = 0;       // of those, games with a blocked seat
  std::int64_t blocked_seats = 0;    // seats blocked at the end of deadlocked games
  std::int64_t blocking_pieces = 0;  // other seats' pieces in those seats' target triangles
  std::int64_t passes = 0;           // forced passes (no other legal action)
  std::int64_t games_with_pass = 0;
  NamedCounts endings;

 private:
  std::int64_t passes_before_ = 0;
  std::array<int, kMaxPlayers> best_{};  // best distance_to_target of each seat so far
  int last_progress_ = 0;                // turn of the last new best, any seat
};

}  // namespace qilab::experiments

#pragma once
// The tables of `qilab stats` for one game variant, from one row per game: win/draw/loss per
// seat, per team and per agent with 95% intervals counted by game; the chi-square test of
// seat (team) equality; the first mover's advantage; and Ludii's outcome metrics. The rows
// come from replaying records (run_stats.h); tests build them by hand. docs/statistics.md
// gives every formula.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/analysis/ending.h"
#include "experiments/balance.h"

namespace qilab::experiments {

// What the evaluator's trace of one game shows (traced games only): evaluate() after every
// action and at the start, with values per team (the best of its seats).
struct TraceFacts {
  bool traced = false;
  std::int64_t decisions = 0;     // decision nodes (not chance) in the game
  std::int64_t legal = 0;         // legal actions summed over them
  std::int64_t positions = 0;     // positions evaluated: actions + 1
  std::int64_t lead_changes = 0;  // times the unique leading team differs from the last one
  // Decided games (one winning team) only:
  double drama = 0;          // mean over positions of (best team value - winner's) / value range
  std::int64_t behind = 0;   // positions where the eventual winner was not the best
  std::int64_t settled = 0;  // positions from which the winner leads to the end
};

struct GameRow {
  std::vector<double> returns;      // per seat
  std::vector<std::string> agents;  // per seat
  std::int64_t length = 0;          // actions
  std::int64_t decisions = 0;       // actions taken by a seat (not chance)
  int first_mover = 0;              // seat of the first decision
  Ending ending;                    // kind "" when the game has no analysis of its own
  TraceFacts trace;
};

class RunTables {
 public:
  // `teams`: team of each seat (team_of at the start); `agents`: row order of the agent table.
  // `endings_known`: whether the game's analysis names endings (else timeouts are unknown).
  RunTables(std::vector<int> teams, std::vector<std::string> agents, bool endings_known);
  void add(const GameRow& row);
  // {"games", "balance" (by seat and agent), "by_team", "seat_equality", "first_mover",
  //  "outcome_metrics"}: see docs/formats.md.
  nlohmann::json to_json() const;

  int num_teams() const { return teams_count_; }

 private:
  std::vector<int> teams_;
  int teams_count_ = 0;
  bool endings_known_ = false;
  Balance balance_;
  std::vector<Tally> team_tallies_;
  std::int64_t games_ = 0, decided_ = 0, timeouts_ = 0, drawn_not_timeout_ = 0;
  std::vector<std::int64_t> team_wins_;  // games won by each team alone
  std::vector<double> team_score_;       // sum of each team's share of the game: 1/m among m sharing the top
  std::vector<std::int64_t> first_mover_seat_;  // games by seat that moved first
  std::int64_t first_wins_ = 0, first_draws_ = 0;
  double first_score_ = 0;
  std::int64_t length_sum_ = 0, decisions_sum_ = 0;
  // Trace sums.
  std::int64_t traced_ = 0, traced_decided_ = 0, trace_decisions_ = 0, trace_legal_ = 0;
  double lead_change_rate_sum_ = 0, drama_sum_ = 0, behind_rate_sum_ = 0, decisiveness_sum_ = 0;
};

// Plain-text tables of a RunTables::to_json() object.
std::string format_tables(const nlohmann::json& tables);

}  // namespace qilab::experiments

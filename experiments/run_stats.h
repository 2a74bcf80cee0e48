#pragma once
// `qilab stats`: the statistics of a run's games. Records are grouped by game and by variant
// (options); each variant's games are replayed through the typed game, once each, which gives
// the first mover, the game's own analysis (experiments/analysis/<game>.h) and, for a sample of
// games, the evaluator's trace (branching factor, lead changes, drama, decisiveness).
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/record.h"
#include "experiments/run_records.h"

namespace qilab::experiments {

struct StatsOptions {
  // How many games of each variant get the evaluator's trace (evaluate() at every position and
  // the legal actions at every decision): all of them up to this number, else this many spread
  // evenly over the run (game k of n is traced when floor((k+1)T/n) > floor(kT/n)). 0: none.
  std::int64_t trace_games = 2000;
  // Names the records in errors ("DIR/games.jsonl").
  std::string source = "records";
};

// Reads the records in passes (run_records.h): one without moves that groups them, then one
// with moves for each game they hold, which replays its records a batch at a time, so memory
// holds one batch of games, not the run. Throws Error naming the source, the record (its
// position in record order and its game index) and what is wrong: an unknown game or option, a
// count of returns or agents that does not fit the game, an action that is not legal where it
// stands, a game that does not end with its last action or ends with other returns than
// recorded.
nlohmann::json run_stats(const RecordPasses& passes, const StatsOptions& options = {});
nlohmann::json run_stats(const std::vector<GameRecord>& records, const StatsOptions& options = {});

// The plain-text report of run_stats' object.
std::string format_stats(const nlohmann::json& stats);

}  // namespace qilab::experiments

#pragma once
// `qilab play` as a tournament of one line-up (tournament.h): the agents given on the command
// line, seated by play's rotation (rotation.h, Seating::kSeats), game i drawing from
// Rng(seed).split(i), every finished game stored in DIR/tournament.db a batch at a time, so that
// a run killed at any moment resumes where it stopped and a longer run extends a shorter one.
// DIR/games.jsonl (the records, with their notation) and DIR/summary.json (play's summary,
// docs/formats.md) are written from the store at the end of every run: exports, not the truth.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/config.h"
#include "experiments/match_session.h"
#include "experiments/tournament.h"

namespace qilab::experiments {

struct PlayReport {
  nlohmann::json summary;  // as written to DIR/summary.json
  std::string table;       // format_summary_table(summary)
  std::string store_path, records_path, summary_path;
  std::int64_t played = 0;   // games played by this call
  std::int64_t resumed = 0;  // games found in the store and skipped
  std::int64_t beyond = 0;   // stored games with an index >= games (kept, not counted)
};

// The tournament a play run is: named "play", a pool of the distinct agent specs, one line-up
// (cfg.agents as given), cfg.games games, Seating::kSeats, batches of 32.
TournamentConfig play_tournament_config(const GameConfig& game, const std::vector<std::string>& overrides,
                                        const MatchConfig& cfg);

// Runs (or resumes) a play run of the game a config names (registry id, options, overrides).
// Throws Error on bad input before anything is written: bad agents or counts, an output
// directory that holds another run (naming the setting that differs), or games.jsonl without
// its store (an earlier qilab's run, which this one does not resume).
PlayReport run_play(const GameConfig& game, const std::vector<std::string>& overrides,
                    const MatchConfig& cfg);

}  // namespace qilab::experiments

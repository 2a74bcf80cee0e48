#pragma once
// The decisive moments `qilab report` draws: for a few decided games, the action after which
// the eventual winner led for good in the evaluator's values (or, in a game it led throughout,
// the action that grew its lead the most), with the board after it as SVG (the referee's view).
// docs/pictures.md says how games and moments are chosen.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/run_records.h"

namespace qilab::cli {

struct MomentOptions {
  std::size_t moments = 3;    // games drawn, at most
  std::size_t scanned = 200;  // decided games replayed to choose them, sampled evenly
};

// One object per moment, best first: {"game", "index", "ply" (actions before the drawn position),
// "mover" (seat, or -1 for chance), "move" (notation), "rule" ("took the lead for good" or
// "largest swing"), "winner_team", "agents", "returns",
// "margin_before", "margin_after", "swing", "lead_changes", "positions", "scanned", "svg"}.
// The margin is the winner's team value minus the best other team's (State::evaluate, each
// team's value the best of its seats). Records that do not replay in this build throw Error.
// Two passes over the run: one without moves counts the decided games, one with moves replays
// the sampled ones and keeps only the records of those, so memory does not grow with the run.
nlohmann::json decisive_moments(const experiments::RecordPasses& passes, const MomentOptions& options = {});

}  // namespace qilab::cli

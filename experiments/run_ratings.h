#pragma once
// `qilab ratings`: agent ratings over a run's games, per game id: Bradley-Terry (Elo scale)
// for games of two sides, Plackett-Luce for placings of three or more sides, and for junqi the
// seed's rating ladder (engine/junqi/ladder.h) replayed over the games in record order, with its
// escape penalties for the seats the referee forfeited.
// A side counts as one agent when every seat of it is held by that agent; games with a mixed
// side, or one agent on every side, tell nothing about agents against each other and are
// counted as left out.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/record.h"
#include "experiments/run_records.h"

namespace qilab::experiments {

// Throws Error naming `source`, the record and the field for a record whose game, options,
// returns or agents do not fit. Reads one pass, without moves (run_records.h), and a second
// with them where a junqi game holds an escape (junqi_escapes.h: its penalties depend on the
// position at the escape).
nlohmann::json run_ratings(const RecordPasses& passes, const std::string& source = "records");
nlohmann::json run_ratings(const std::vector<GameRecord>& records, const std::string& source = "records");
std::string format_ratings(const nlohmann::json& ratings);

}  // namespace qilab::experiments

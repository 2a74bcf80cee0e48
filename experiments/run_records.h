#pragma once
// Where `qilab stats` and `qilab ratings` get a run's games: one function, whatever the source:
// a tournament's store (DIR/tournament.db, experiments/store.h) or the records `qilab play`
// writes (DIR/games.jsonl).
#include <string>
#include <vector>

#include "engine/core/record.h"

namespace qilab::experiments {

// Every game of the tournament store DIR/tournament.db, where there is one; otherwise every
// complete game record of DIR/games.jsonl, in file order, as read_records
// reads them (a torn last line left out) but without each record's `notation` and `stats`,
// which neither command uses (left empty: the actions are the record's truth). Lines are
// parsed in parallel (OpenMP). Throws Error naming the directory or file: no such directory,
// no games.jsonl in it, a record that does not parse (file:line and field; the first such
// line), or a file with no game recorded.
std::vector<GameRecord> load_run_records(const std::string& dir);
// The file load_run_records reads in DIR (tournament.db where there is one, else games.jsonl),
// for the errors about a record's content.
std::string run_records_source(const std::string& dir);

}  // namespace qilab::experiments

#pragma once
// Where `qilab stats` and `qilab ratings` get a run's games: one function, so that the source
// (today DIR/games.jsonl as `qilab play` writes it) can change without touching the analyses.
#include <string>
#include <vector>

#include "engine/core/record.h"

namespace qilab::experiments {

// Every complete game record of the run in directory `dir`, in file order, as read_records
// reads them (a torn last line left out) but without each record's `notation` and `stats`,
// which neither command uses (left empty: the actions are the record's truth). Lines are
// parsed in parallel (OpenMP). Throws Error naming the directory or file: no such directory,
// no games.jsonl in it, a record that does not parse (file:line and field; the first such
// line), or a file with no game recorded.
std::vector<GameRecord> load_run_records(const std::string& dir);

}  // namespace qilab::experiments

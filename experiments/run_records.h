#pragma once
// Where `qilab stats` and `qilab ratings` get a run's games: one function, so that the source
// (today DIR/games.jsonl as `qilab play` writes it) can change without touching the analyses.
#include <string>
#include <vector>

#include "engine/core/record.h"

namespace qilab::experiments {

// Every complete game record of the run in directory `dir`, in file order. Throws Error naming
// the directory or file: no such directory, no games.jsonl in it, a record that does not parse
// (file:line and field), or a file with no game recorded.
std::vector<GameRecord> load_run_records(const std::string& dir);

}  // namespace qilab::experiments

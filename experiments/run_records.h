#pragma once
// Where `qilab stats` and `qilab ratings` get a run's games, whatever the source: a tournament's
// store (DIR/tournament.db, experiments/store.h) or the records `qilab play` writes
// (DIR/games.jsonl). A run is read in passes, a batch of records at a time, so that a study of
// millions of games needs the memory of one batch, not of every game.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/record.h"
#include "experiments/store.h"

namespace qilab::experiments {

// Takes one batch of records, in order.
using RecordBatch = std::function<void(const std::vector<GameRecord>& batch)>;
// Reads a run's records in order, a batch at a time; every pass gives the same records. With
// `moves` false a pass may leave each record's actions empty (it reads far less).
using RecordPasses = std::function<void(bool moves, const RecordBatch& take)>;

// The records of a vector, every pass one batch of all of them (the vector must outlive the
// passes).
RecordPasses passes_over(const std::vector<GameRecord>& records);

// The records of a run directory: DIR/tournament.db where there is one, else the complete game
// records of DIR/games.jsonl in file order (a torn last line left out, as read_records leaves
// it), each without its `notation` and `stats`, which neither command uses (left empty: the
// actions are the record's truth). Lines are parsed in parallel (OpenMP), a batch at a time.
// Every pass reads what the first one found: the store within one read transaction, the records
// file up to the lines the first pass read, whatever a run still going adds meanwhile. A records
// file that holds a game index twice is refused (the store's index is its key): the first pass
// keeps each line's index for that, 16 bytes a game.
class RunRecords {
 public:
  // Throws Error naming the directory or file: no such directory, no games.jsonl in it, a
  // store that is not one or holds no game.
  explicit RunRecords(const std::string& dir, RecordBatching batching = {});
  // The file read (tournament.db or games.jsonl), for errors about a record's content.
  const std::string& source() const { return source_; }
  // One pass; throws Error naming the file: a record that does not parse (file:line and field;
  // the first such line), or a records file with no game recorded.
  void read(bool moves, const RecordBatch& take);
  // read() as RecordPasses; this object must outlive them.
  RecordPasses passes() {
    return [this](bool moves, const RecordBatch& take) { read(moves, take); };
  }

 private:
  void read_lines(bool moves, const RecordBatch& take);
  std::string source_;
  RecordBatching batching_;
  std::optional<Store> store_;
  int lines_ = -1;  // the lines of games.jsonl the first pass read; -1 before it
};

// Every record of DIR in one vector, as a RunRecords pass with moves gives them.
std::vector<GameRecord> load_run_records(const std::string& dir);
// The file load_run_records reads in DIR (tournament.db where there is one, else games.jsonl),
// for the errors about a record's content.
std::string run_records_source(const std::string& dir);

}  // namespace qilab::experiments

#pragma once
// The tournament store: one SQLite database (libsqlite3, WAL) per tournament holding every
// finished game, its seats, agents, setups, results, lengths, per-move statistics and failure
// events, with the tournament's config, its hash and the program (docs/formats.md, "Tournament
// store"). Games are written a batch at a time, one transaction per batch, so a process killed
// at any moment leaves whole games only and a rerun plays exactly the ones missing. JSON Lines
// and CSV are exports of it.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/record.h"
#include "experiments/notation.h"

struct sqlite3;

namespace qilab::experiments {

class WalCheckpointer;

// How much a reader of records takes at a time: at most `games` records, and no more once their
// moves hold about `bytes` (actions in memory, or a records file's line text); a batch holds at
// least one game.
struct RecordBatching {
  std::size_t games = 4096;
  std::size_t bytes = std::size_t{64} << 20;
};

// The schema this program writes; a store of a later version is refused, not guessed at.
// Version 3 keeps each game's actions as a blob of varints (LEB128) and no notation (exports
// write it, notation.h); version 2 stores (4-byte ids) are read and resumed in their own
// packing; version 1 stores (actions and notation as JSON texts) are read, not resumed.
inline constexpr int kStoreSchema = 3;
// meta.format of every qilab store; a database without it is foreign.
inline constexpr const char* kStoreFormat = "qilab-tournament-store";

struct StoreAgent {
  std::string name;  // as the records name it
  std::string spec;  // what make_agent reads: "greedy", "mcts:simulations=200", a file
  nlohmann::json options = nlohmann::json::object();  // the spec's key=value options
  std::string file_hash;  // agent_files_hash: of its agent file and network file, "" for none
};

// What a store holds about its tournament; a store is resumed only by the same identity.
struct StoreIdentity {
  std::string tournament;   // the tournament's name
  std::string config_text;  // the experiment config as read
  nlohmann::json config;    // the resolved config (what decides the games)
  std::string config_hash;  // text_hash of config.dump()
  std::string game;         // registry id
  nlohmann::json options;   // the game's resolved options (before per-game draws)
  std::uint64_t seed = 0;
  std::string program;     // "qilab VERSION (commit ...)"
  std::vector<int> teams;  // team of each seat
  std::vector<StoreAgent> agents;
};

class Store {
 public:
  enum class Mode { kRead, kWrite };
  // kRead: `path` must be an existing qilab store, opened read-only. kWrite: an existing file
  // must be a qilab store of `identity`'s tournament (config hash) and is resumed; a missing one
  // is created with the schema. Throws Error "PATH: ..." naming what is wrong (not a database,
  // not a qilab store, a newer schema, another tournament) before anything is written.
  static Store open_for_read(const std::string& path);
  static Store open_for_write(const std::string& path, const StoreIdentity& identity);
  // Throws what open_for_write would for an existing file, without creating one.
  static void check_resumable(const std::string& path, const StoreIdentity& identity);

  Store(Store&& other) noexcept;
  Store& operator=(Store&&) = delete;
  ~Store();

  const std::string& path() const { return path_; }
  // meta as key -> text.
  nlohmann::json meta() const;
  std::vector<StoreAgent> agents() const;
  std::int64_t game_count() const;
  // Writes the games in one transaction (all or none); a game already stored is an error.
  // `checkpoint`: asks for a checkpoint after the commit, however little the WAL holds (a
  // run's last batches: the store's closing, which the run waits for, then has little left to
  // copy back and sync); otherwise one is asked for every 4 MiB of WAL.
  void write(const std::vector<GameRecord>& games, bool checkpoint = false);
  // Every stored game as a record (docs/formats.md), by index; without notation (empty) unless
  // the store is of schema 1, which kept it.
  std::vector<GameRecord> records() const;
  // The same records handed to `take` in order, a batch at a time (RecordBatching), so that a
  // reader of a large store holds one batch of games, not all. `moves` false leaves each
  // record's actions (and a schema 1 store's notation) empty and does not read them; `stats`
  // false leaves its per-move statistics empty. `take` may move from the batch.
  void read_records(const RecordBatching& batching, bool moves, bool stats,
                    const std::function<void(std::vector<GameRecord>&)>& take) const;
  // Starts a read transaction that lasts until the store closes: every read sees the games
  // stored now, whatever a tournament still running adds meanwhile (WAL keeps the snapshot).
  void hold_snapshot();
  // What summaries need of every stored game, by index, without reading its moves.
  struct Result {
    std::int64_t index = 0, lineup = 0, length = 0, forfeits = 0;
    std::vector<double> returns;
    std::vector<std::string> agents;
    std::string ending;  // the record's `ending`; "" where the game does not say
  };
  std::vector<Result> results() const;
  // What results() reads back of `record` once it is written.
  static Result result_of(const GameRecord& record);
  sqlite3* db_handle() const { return db_; }

 private:
  // What every write needs, read and prepared once: the meta it checks against, the agents'
  // ids, the three INSERT statements (store.cc).
  struct Writer;
  Store(std::string path, sqlite3* db);
  std::string path_;
  sqlite3* db_ = nullptr;
  std::unique_ptr<Writer> writer_;
  std::unique_ptr<WalCheckpointer> checkpoints_;  // a store opened for writing
};

// Every game of the store at `db_path`, as the records `qilab stats` reads from games.jsonl
// (without notation: write_notation adds it).
std::vector<GameRecord> read_store_records(const std::string& db_path);

// One row per seat of every stored game, by game then seat: what export_csv writes.
struct SeatRow {
  std::int64_t game = 0, lineup = 0;
  int seat = 0, team = 0;
  std::string agent;
  double result = 0;    // the seat's return
  std::string outcome;  // "win", "draw" or "loss" (docs/formats.md)
  std::int64_t length = 0, forfeits = 0;
  std::string setup;  // the seat's setup text; "" where the game has none
};
std::vector<SeatRow> read_seat_rows(const std::string& db_path);

// Exports: every game as a JSON line (the records of docs/formats.md), or one CSV row per seat
// of every game (game,lineup,seat,team,agent,return,outcome... see docs/formats.md). Written
// atomically to `out_path`, a batch of games at a time (RecordBatching): an export needs the
// memory of one batch, not of the store.
// The JSON Lines carry each action's notation, written by `notation` (notation.h).
void export_jsonl(const std::string& db_path, const std::string& out_path,
                  const NotationWriter& notation = write_notation, const RecordBatching& batching = {});
void export_csv(const std::string& db_path, const std::string& out_path);

}  // namespace qilab::experiments

#include "experiments/store.h"

#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <mutex>
#include <utility>

#include "agents/factory.h"
#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/core/input.h"
#include "experiments/outcome.h"
#include "experiments/wal_checkpointer.h"

namespace qilab::experiments {
namespace {

// The schema of version kStoreSchema (docs/formats.md, "Tournament store").
constexpr const char* kSchema = R"sql(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE agents(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, spec TEXT NOT NULL,
                    options TEXT NOT NULL, file_hash TEXT NOT NULL);
CREATE TABLE games(idx INTEGER PRIMARY KEY, lineup INTEGER NOT NULL, options TEXT, config_hash TEXT NOT NULL,
                   length INTEGER NOT NULL, actions BLOB NOT NULL, setups TEXT NOT NULL,
                   program TEXT NOT NULL, forfeits INTEGER NOT NULL, events TEXT NOT NULL, ending TEXT NOT NULL);
CREATE TABLE seats(game INTEGER NOT NULL REFERENCES games(idx), seat INTEGER NOT NULL,
                   agent INTEGER NOT NULL REFERENCES agents(id), team INTEGER NOT NULL, result REAL NOT NULL,
                   outcome TEXT NOT NULL, setup TEXT, PRIMARY KEY(game, seat)) WITHOUT ROWID;
CREATE TABLE move_stats(game INTEGER NOT NULL REFERENCES games(idx), ply INTEGER NOT NULL, seat INTEGER NOT NULL,
                        stats TEXT NOT NULL);
CREATE INDEX move_stats_game ON move_stats(game);
)sql";

// A game's actions as a schema 2 store keeps them: 32-bit little-endian ids, back to back.
std::string actions_blob(const std::vector<Action>& actions) {
  std::string out(actions.size() * 4, '\0');
  for (std::size_t k = 0; k < actions.size(); ++k) {
    const auto v = static_cast<std::uint32_t>(actions[k]);
    for (int b = 0; b < 4; ++b)
      out[4 * k + static_cast<std::size_t>(b)] = static_cast<char>((v >> (8 * b)) & 0xff);
  }
  return out;
}

std::vector<Action> actions_from_blob(const std::string& blob, const std::string& where) {
  if (blob.size() % 4 != 0)
    throw Error(where + ": actions blob of " + std::to_string(blob.size()) +
                " bytes, expected 4 bytes an action; the store is damaged");
  std::vector<Action> out(blob.size() / 4);
  for (std::size_t k = 0; k < out.size(); ++k) {
    std::uint32_t v = 0;
    for (int b = 0; b < 4; ++b)
      v |= static_cast<std::uint32_t>(static_cast<unsigned char>(blob[4 * k + static_cast<std::size_t>(b)]))
           << (8 * b);
    if (v > static_cast<std::uint32_t>(std::numeric_limits<Action>::max()))
      throw Error(where + ": action " + std::to_string(k) + " is " + std::to_string(v) +
                  ", expected an action id >= 0; the store is damaged");
    out[k] = static_cast<Action>(v);
  }
  return out;
}

// Writes `word`'s bytes at `p`, the lowest first: one store where the machine is little-endian.
template <class Word>
void put_bytes(char* p, Word word) {
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(p, &word, sizeof word);
  } else {
    for (std::size_t b = 0; b < sizeof word; ++b) p[b] = static_cast<char>(word >> (8 * b));
  }
}

// A game's actions as a schema 3 store keeps them: each id an unsigned LEB128 varint (7 bits a
// byte, the low bits first, the high bit set on every byte but an id's last), back to back:
// one byte for ids below 128, two below 16384 (every action of checkers, guifa and elements),
// so a blob is a half or a quarter of schema 2's. Appended to `out`.
void append_varint_actions(const std::vector<Action>& actions, std::string& out) {
  const std::size_t start = out.size();
  // An id takes at most 5 bytes; it is written as one 8-byte word, so 3 bytes of room follow.
  out.resize(start + 5 * actions.size() + 3);
  char* p = out.data() + start;
  // Without branches (the lengths of a game's ids alternate unpredictably): an id's bytes,
  // continuation bits set, are built in one word and stored at once; the pointer moves past the
  // id's own bytes. Most games' ids are all below 2^14, one or two bytes: a narrower word.
  Action widest = 0;
  for (const Action a : actions) widest = std::max(widest, a);
  if (widest < Action{1} << 14) {
    for (const Action a : actions) {
      const auto v = static_cast<std::uint16_t>(a);
      const std::uint16_t c1 = v >= 1u << 7;
      put_bytes(p, static_cast<std::uint16_t>((v & 0x7f) | c1 << 7 | (v >> 7) << 8));
      p += 1 + c1;
    }
  } else {
    for (const Action a : actions) {
      const auto v = static_cast<std::uint64_t>(static_cast<std::uint32_t>(a));
      const std::uint64_t c1 = v >= 1u << 7, c2 = v >= 1u << 14, c3 = v >= 1u << 21, c4 = v >= 1u << 28;
      put_bytes(p, (v & 0x7f) | c1 << 7 | (v >> 7 & 0x7f) << 8 | c2 << 15 | (v >> 14 & 0x7f) << 16 |
                       c3 << 23 | (v >> 21 & 0x7f) << 24 | c4 << 31 | (v >> 28) << 32);
      p += 1 + c1 + c2 + c3 + c4;
    }
  }
  out.resize(static_cast<std::size_t>(p - out.data()));
}

std::vector<Action> actions_from_varints(const std::string& blob, const std::string& where) {
  std::vector<Action> out;
  out.reserve(blob.size());
  std::uint64_t v = 0;
  int shift = 0;
  for (const char c : blob) {
    const auto byte = static_cast<unsigned char>(c);
    v |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
    shift += 7;
    if (v > static_cast<std::uint64_t>(std::numeric_limits<Action>::max()) || (shift >= 35 && byte & 0x80))
      throw Error(where + ": action " + std::to_string(out.size()) +
                  " is larger than an action id can be; the store is damaged");
    if (byte & 0x80) continue;
    out.push_back(static_cast<Action>(v));
    v = 0;
    shift = 0;
  }
  if (shift != 0)
    throw Error(where + ": the actions blob ends inside action " + std::to_string(out.size()) +
                "; the store is damaged");
  return out;
}

class Statement {
 public:
  Statement(sqlite3* db, const std::string& path, const char* sql) : db_(db), path_(path) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) fail("cannot read the database");
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, std::int64_t v) { return check(sqlite3_bind_int64(stmt_, i, v)); }
  Statement& bind(int i, double v) { return check(sqlite3_bind_double(stmt_, i, v)); }
  Statement& bind(int i, const std::string& v) {
    return check(sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT));
  }
  Statement& bind_blob(int i, const std::string& v) {
    return check(sqlite3_bind_blob(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT));
  }
  Statement& bind_null(int i) { return check(sqlite3_bind_null(stmt_, i)); }
  // Text or bytes that outlive the next run() (which steps and clears the bindings): not copied.
  Statement& bind_static(int i, std::string_view v) {
    return check(sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_STATIC));
  }
  Statement& bind_static_blob(int i, const void* data, std::size_t bytes) {
    return check(sqlite3_bind_blob(stmt_, i, data, static_cast<int>(bytes), SQLITE_STATIC));
  }
  // True while there is a row.
  bool step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail("cannot read or write the database");
  }
  void run() {
    step();
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  std::int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
  double real(int col) const { return sqlite3_column_double(stmt_, col); }
  bool is_null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  std::string blob(int col) const {
    const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, col));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col))) : std::string();
  }
  std::string text(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col))) : std::string();
  }

 private:
  Statement& check(int rc) {
    if (rc != SQLITE_OK) fail("cannot bind a value");
    return *this;
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw Error(path_ + ": " + what + " (" + sqlite3_errmsg(db_) + ")");
  }
  sqlite3* db_;
  std::string path_;
  sqlite3_stmt* stmt_ = nullptr;
};

void exec(sqlite3* db, const std::string& path, const char* sql) {
  char* msg = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &msg) != SQLITE_OK) {
    std::string m = msg ? msg : sqlite3_errmsg(db);
    sqlite3_free(msg);
    throw Error(path + ": cannot use the database (" + m + ")");
  }
}

sqlite3* open_db(const std::string& path, int flags, const std::string& uri = {}) {
  // SQLite's memory statistics take a global lock at every allocation; nothing here reads them.
  // (Set before SQLite starts; where something else in the process started it first, it stays on.)
  static std::once_flag configured;
  std::call_once(configured, [] { sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); });
  sqlite3* db = nullptr;
  // A store is used by one thread at a time (the writer's batches never overlap: batched_play.h),
  // so the connection needs no locks of its own.
  if (sqlite3_open_v2(uri.empty() ? path.c_str() : uri.c_str(), &db, flags | SQLITE_OPEN_NOMUTEX, nullptr) !=
      SQLITE_OK) {
    std::string m = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    throw Error(path + ": cannot open the database (" + m + ")");
  }
  sqlite3_busy_timeout(db, 10000);
  sqlite3_extended_result_codes(db, 1);
  return db;
}

// A read-only connection to the store at `path`. SQLite reads a store in WAL mode through
// PATH-shm beside it, which it creates when missing; where the directory may not be written
// (a shared, read-only copy of a run) that fails. A store closed cleanly there (no PATH-wal)
// cannot be written by anyone meanwhile, since a writer needs PATH-wal: it is opened immutable,
// without the -shm. With a PATH-wal and no PATH-shm in such a directory it cannot be read.
sqlite3* open_reader(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path dir = fs::path(path).has_parent_path() ? fs::path(path).parent_path() : fs::path(".");
  if (::access(dir.c_str(), W_OK) == 0 || fs::exists(path + "-shm", ec))
    return open_db(path, SQLITE_OPEN_READONLY);
  if (fs::exists(path + "-wal", ec))
    throw Error(path + ": cannot be read here: its directory is not writable, and its write-ahead log (" +
                path + "-wal) needs " + path +
                "-shm beside it; copy the store's files to a writable directory");
  std::string uri = "file:";
  for (const char c : fs::absolute(path, ec).string()) {
    if (c == '%' || c == '?' || c == '#') {
      static constexpr char kHex[] = "0123456789ABCDEF";
      uri += {'%', kHex[static_cast<unsigned char>(c) >> 4], kHex[c & 15]};
    } else {
      uri += c;
    }
  }
  return open_db(path, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, uri + "?immutable=1");
}

// What the file at `path` holds: no tables (a new, empty database), or a qilab store whose meta
// is returned; anything else throws Error naming the file.
enum class Kind { kEmpty, kStore };
Kind inspect(sqlite3* db, const std::string& path, nlohmann::json* meta) {
  std::vector<std::string> tables;
  try {
    Statement q(db, path, "SELECT name FROM sqlite_master WHERE type = 'table'");
    while (q.step()) tables.push_back(q.text(0));
  } catch (const Error&) {
    throw Error(path + ": not a qilab tournament store (" + sqlite3_errmsg(db) +
                "); expected a database written by qilab tournament");
  }
  if (tables.empty()) return Kind::kEmpty;
  if (std::find(tables.begin(), tables.end(), "meta") == tables.end())
    throw Error(path +
                ": not a qilab tournament store (an SQLite database without a 'meta' table); "
                "expected a database written by qilab tournament");
  nlohmann::json m = nlohmann::json::object();
  {
    Statement q(db, path, "SELECT key, value FROM meta");
    while (q.step()) m[q.text(0)] = q.text(1);
  }
  if (!m.contains("format") || m["format"] != kStoreFormat)
    throw Error(path + ": not a qilab tournament store (meta 'format' is " +
                (m.contains("format") ? brief(m["format"]) : std::string("absent")) + ", expected \"" +
                kStoreFormat + "\")");
  const std::string schema = m.value("schema", "");
  int version = 0;
  const bool digits =
      !schema.empty() && schema.size() < 9 && schema.find_first_not_of("0123456789") == std::string::npos;
  if (digits) version = std::stoi(schema);
  if (!digits || version < 1)
    throw Error(path + ": meta 'schema' is " + brief_text(schema) + ", expected a schema version 1 to " +
                std::to_string(kStoreSchema));
  if (version > kStoreSchema)
    throw Error(path + ": schema version " + schema + " is newer than this program reads (up to " +
                std::to_string(kStoreSchema) + "); use a newer qilab");
  for (const char* key : {"config_hash", "game", "options", "seed", "teams", "tournament"})
    if (!m.contains(key))
      throw Error(path + ": meta '" + std::string(key) + "' is missing; the store is damaged");
  *meta = std::move(m);
  return Kind::kStore;
}

void check_same_tournament(const std::string& path, const nlohmann::json& meta, const StoreIdentity& id,
                           const std::vector<StoreAgent>& stored) {
  const std::string hint = "; use another --out directory, or the original config to resume";
  if (meta["config_hash"] != id.config_hash)
    throw Error(path + ": holds tournament '" + brief_text(meta["tournament"].get<std::string>()) +
                "' of config hash " + brief_text(meta["config_hash"].get<std::string>()) + ", this config (" +
                id.tournament + ") hashes to " + id.config_hash + hint);
  std::map<std::string, std::string> hashes;
  for (const auto& a : stored) hashes[a.name] = a.file_hash;
  for (const auto& a : id.agents)
    if (auto it = hashes.find(a.name); it == hashes.end() || it->second != a.file_hash)
      throw Error(path + ": agent '" + a.name + "' (" + a.spec + ") was played with agent file hash " +
                  (it == hashes.end() ? std::string("(absent)") : it->second) + ", this run has " +
                  a.file_hash + " (a file it reads was edited or replaced: its agent file or network)" +
                  hint);
}

std::vector<StoreAgent> read_agents(sqlite3* db, const std::string& path) {
  std::vector<StoreAgent> out;
  Statement q(db, path, "SELECT name, spec, options, file_hash FROM agents ORDER BY id");
  while (q.step())
    out.push_back({q.text(0), q.text(1), parse_json(q.text(2), path + ": agents.options"), q.text(3)});
  return out;
}

// The games table's `forfeits`: the record's events that forfeited a seat.
std::int64_t forfeits_of(const GameRecord& r) {
  std::int64_t n = 0;
  for (const auto& e : r.events) n += e.value("forfeit", false) ? 1 : 0;
  return n;
}

}  // namespace

struct Store::Writer {
  Writer(sqlite3* db, const std::string& path, const nlohmann::json& meta)
      : varints(meta["schema"] != "2"),
        base_options(parse_json(meta["options"].get<std::string>(), path + ": meta.options")),
        games(db, path,
              "INSERT INTO games(idx, lineup, options, config_hash, length, actions, setups, program, "
              "forfeits, events, ending) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
        seats(
            db, path,
            "INSERT INTO seats(game, seat, agent, team, result, outcome, setup) VALUES(?, ?, ?, ?, ?, ?, ?)"),
        stats(db, path, "INSERT INTO move_stats(game, ply, seat, stats) VALUES(?, ?, ?, ?)") {
    for (const auto& t : parse_json(meta["teams"].get<std::string>(), path + ": meta.teams"))
      teams.push_back(t);
    Statement q(db, path, "SELECT id, name FROM agents");
    while (q.step()) agent_id[q.text(1)] = q.integer(0);
  }
  bool varints;  // the store's actions: varints (schema 3), or 4 bytes an action (a schema 2 store resumed)
  std::string blob;  // the actions of the game being written, reused from game to game
  nlohmann::json base_options;
  nlohmann::json teams = nlohmann::json::array();
  std::map<std::string, std::int64_t, std::less<>> agent_id;
  Statement games, seats, stats;
};

Store::Store(std::string path, sqlite3* db) : path_(std::move(path)), db_(db) {}
Store::Store(Store&& other) noexcept
    : path_(std::move(other.path_)),
      db_(std::exchange(other.db_, nullptr)),
      writer_(std::move(other.writer_)),
      checkpoints_(std::move(other.checkpoints_)) {}
Store::~Store() {
  writer_.reset();       // its statements are finalized before the database closes
  checkpoints_.reset();  // its connection closes first: the writer's, the last, checkpoints what is left
  sqlite3_close(db_);
}

Store Store::open_for_read(const std::string& path) {
  check_readable_file(path, "tournament store");
  sqlite3* db = open_reader(path);
  Store store(path, db);
  nlohmann::json meta;
  if (inspect(db, path, &meta) == Kind::kEmpty)
    throw Error(path + ": not a qilab tournament store (an empty database)");
  return store;
}

void Store::check_resumable(const std::string& path, const StoreIdentity& identity) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return;
  check_readable_file(path, "tournament store");
  Store store(path, open_reader(path));
  nlohmann::json meta;
  if (inspect(store.db_, path, &meta) == Kind::kStore) {
    // Schema 2 differs from 3 only in how a game's actions are packed: its stores are resumed in
    // their own packing.
    if (meta["schema"] != std::to_string(kStoreSchema) && meta["schema"] != "2")
      throw Error(path + ": schema version " + meta["schema"].get<std::string>() +
                  " (an older qilab's store) can be read and exported, not resumed; use another --out "
                  "directory");
    check_same_tournament(path, meta, identity, read_agents(store.db_, path));
  }
}

Store Store::open_for_write(const std::string& path, const StoreIdentity& id) {
  check_resumable(path, id);
  Store store(path, open_db(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE));
  sqlite3* db = store.db_;
  nlohmann::json meta;
  const Kind kind = inspect(db, path, &meta);
  // WAL with synchronous=NORMAL: a commit is appended to the WAL and is then safe from a killed
  // process (the kernel holds it); only the checkpoints wait for the disk. A power failure can
  // lose the last batches, never corrupt the store, and a rerun plays them again: the games are
  // a function of the config, so nothing but time is lost. FULL would wait for the disk at every
  // batch.
  // A new store takes 64 KiB pages (a game's actions are a few KiB; SQLite's 4 KiB default
  // spreads them over overflow pages and writes more of them at every commit); it must be set
  // before WAL mode writes the file's header. An existing store keeps its own.
  // The schema's references (a seat's game and agent) are not enforced row by row: write() makes
  // them hold (a game's row before its seats, agents by the ids the agents table gives) and the
  // tests check them with PRAGMA foreign_key_check; enforcing them took a tenth of the writing.
  if (kind == Kind::kEmpty) exec(db, path, "PRAGMA page_size=65536;");
  exec(db, path, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;");
  if (kind == Kind::kEmpty) {
    exec(db, path, "BEGIN IMMEDIATE");
    exec(db, path, kSchema);
    Statement m(db, path, "INSERT INTO meta(key, value) VALUES(?, ?)");
    const std::vector<std::pair<std::string, std::string>> rows = {{"format", kStoreFormat},
                                                                   {"schema", std::to_string(kStoreSchema)},
                                                                   {"tournament", id.tournament},
                                                                   {"config_text", id.config_text},
                                                                   {"config", id.config.dump()},
                                                                   {"config_hash", id.config_hash},
                                                                   {"game", id.game},
                                                                   {"options", id.options.dump()},
                                                                   {"seed", std::to_string(id.seed)},
                                                                   {"teams", nlohmann::json(id.teams).dump()},
                                                                   {"program", id.program}};
    for (const auto& [k, v] : rows) m.bind(1, k).bind(2, v).run();
    Statement a(db, path, "INSERT INTO agents(name, spec, options, file_hash) VALUES(?, ?, ?, ?)");
    for (const auto& ag : id.agents)
      a.bind(1, ag.name).bind(2, ag.spec).bind(3, ag.options.dump()).bind(4, ag.file_hash).run();
    exec(db, path, "COMMIT");
  }
  // Checkpoints every 4 MiB of WAL, off the writing thread (wal_checkpointer.h), rather than
  // SQLite's 1,000 pages (64 MiB at 64 KiB pages) inside a commit: closing the store at the end
  // of a run copies at most 8 MiB back instead of everything written since the last checkpoint.
  Statement q(db, path, "PRAGMA page_size");
  q.step();
  // The checkpoints' connection reads the schema once: a connection that has read nothing has
  // not opened the WAL, and its checkpoints copy nothing.
  sqlite3* own = open_db(path, SQLITE_OPEN_READWRITE);
  try {
    exec(own, path, "SELECT count(*) FROM sqlite_master;");
  } catch (...) {
    sqlite3_close(own);
    throw;
  }
  store.checkpoints_ = std::make_unique<WalCheckpointer>(db, own, path, q.integer(0));
  // The writer's statements are prepared now, with the store (where the store is opened while
  // the first games play, the first write does not wait for them).
  store.writer_ = std::make_unique<Writer>(db, path, store.meta());
  return store;
}

nlohmann::json Store::meta() const {
  nlohmann::json m = nlohmann::json::object();
  Statement q(db_, path_, "SELECT key, value FROM meta");
  while (q.step()) m[q.text(0)] = q.text(1);
  return m;
}

std::vector<StoreAgent> Store::agents() const { return read_agents(db_, path_); }

std::int64_t Store::game_count() const {
  Statement q(db_, path_, "SELECT count(*) FROM games");
  q.step();
  return q.integer(0);
}

void Store::write(const std::vector<GameRecord>& games, bool checkpoint) {
  if (games.empty()) return;
  if (!writer_) writer_ = std::make_unique<Writer>(db_, path_, meta());
  Writer& w = *writer_;
  static constexpr std::string_view kNoEvents = "[]", kNoSetups = "null";
  std::vector<int> team_of;
  if (checkpoints_) checkpoints_->check();
  exec(db_, path_, "BEGIN IMMEDIATE");
  try {
    for (const GameRecord& r : games) {
      const std::int64_t forfeits = forfeits_of(r);
      Statement& g = w.games;
      g.bind(1, r.index).bind(2, r.lineup);
      if (r.options == w.base_options)  // the options of every game but drawn ones: kept once, in meta
        g.bind_null(3);
      else
        g.bind(3, r.options.dump());
      g.bind_static(4, r.config_hash).bind(5, static_cast<std::int64_t>(r.actions.size()));
      // The actions blob: varints (schema 3); in a schema 2 store 32-bit little-endian ids, the
      // vector's own bytes where the machine's order is that one.
      static_assert(sizeof(Action) == 4);
      if (w.varints) {
        w.blob.clear();
        append_varint_actions(r.actions, w.blob);
        g.bind_static_blob(6, w.blob.data(), w.blob.size());
      } else if constexpr (std::endian::native == std::endian::little) {
        g.bind_static_blob(6, r.actions.data(), r.actions.size() * sizeof(Action));
      } else {
        g.bind_blob(6, w.blob = actions_blob(r.actions));
      }
      const bool no_setups = r.setups.is_null(), no_events = r.events.is_array() && r.events.empty();
      if (no_setups)
        g.bind_static(7, kNoSetups);
      else
        g.bind(7, r.setups.dump());
      g.bind_static(8, r.program).bind(9, forfeits);
      if (no_events)
        g.bind_static(10, kNoEvents);
      else
        g.bind(10, r.events.dump());
      g.bind_static(11, r.ending);
      g.run();
      team_of.clear();
      for (std::size_t k = 0; k < r.returns.size(); ++k)
        team_of.push_back(k < w.teams.size() ? w.teams[k].get<int>() : static_cast<int>(k));
      const auto outcomes = seat_outcomes(r.returns, team_of);
      for (std::size_t k = 0; k < r.returns.size(); ++k) {
        const std::string_view name =
            k < r.agents.size() ? std::string_view(r.agents[k]) : std::string_view();
        auto it = w.agent_id.find(name);
        if (it == w.agent_id.end())
          throw Error(path_ + ": game " + std::to_string(r.index) + " seats agent '" + std::string(name) +
                      "', which the store does not list");
        Statement& st = w.seats;
        st.bind(1, r.index)
            .bind(2, static_cast<std::int64_t>(k))
            .bind(3, it->second)
            .bind(4, static_cast<std::int64_t>(team_of[k]))
            .bind(5, r.returns[k])
            .bind_static(6, outcome_name(outcomes[k]));
        if (r.setups.is_array() && k < r.setups.size())
          st.bind(7, r.setups[k].dump());
        else
          st.bind_null(7);
        st.run();
      }
      for (const auto& x : r.stats)
        w.stats.bind(1, r.index)
            .bind(2, x.value("ply", std::int64_t{0}))
            .bind(3, x.value("seat", std::int64_t{0}))
            .bind(4, x.contains("stats") ? x["stats"].dump() : std::string("null"))
            .run();
    }
    exec(db_, path_, "COMMIT");
  } catch (...) {
    // A statement that failed mid-step is reset before the rollback, so the next write starts clean.
    writer_.reset();
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
  if (checkpoints_) checkpoints_->committed(checkpoint);
}

void Store::hold_snapshot() {
  exec(db_, path_, "BEGIN");
  game_count();  // the read transaction starts with its first read
}

void Store::read_records(const RecordBatching& batching, bool moves, bool stats,
                         const std::function<void(std::vector<GameRecord>&)>& take) const {
  const nlohmann::json m = meta();
  const std::string where = path_ + ": meta";
  const std::string game = m["game"].get<std::string>();
  const nlohmann::json base_options = parse_json(m["options"].get<std::string>(), where + ".options");
  std::uint64_t seed = 0;
  try {
    seed = std::stoull(m["seed"].get<std::string>());
  } catch (const std::exception&) {
    throw Error(where + ".seed: expected an integer 0 to 18446744073709551615, got " + brief(m["seed"]));
  }
  read_agents(db_, path_);  // refuses agents whose options do not parse
  nlohmann::json agent_files = nlohmann::json::object();
  std::map<std::int64_t, std::string> name_of;
  {
    Statement q(db_, path_, "SELECT id, name, spec, file_hash FROM agents");
    while (q.step()) {
      name_of[q.integer(0)] = q.text(1);
      if (!q.text(3).empty()) agent_files[agent_files_key(q.text(2))] = q.text(3);  // as the run had them
    }
  }
  // Three index-ordered tables are stepped together, a game at a time: its row of games, then
  // its seats and its per-move statistics. Schema 1 kept actions and notation as JSON texts,
  // schema 2 a blob of 4-byte ids, schema 3 of varints.
  const bool schema1 = m.value("schema", "") == "1", schema2 = m.value("schema", "") == "2";
  const std::string sql = std::string("SELECT idx, lineup, options, config_hash, ") +
                          (moves ? "actions" : "NULL") + ", " + (schema1 && moves ? "notation" : "NULL") +
                          ", setups, program, events, ending FROM games ORDER BY idx";
  Statement q(db_, path_, sql.c_str());
  Statement seats(db_, path_, "SELECT game, seat, agent, result FROM seats ORDER BY game, seat");
  Statement per_move(db_, path_,
                     stats ? "SELECT game, ply, seat, stats FROM move_stats ORDER BY game, rowid"
                           : "SELECT 0, 0, 0, '' WHERE 0");
  bool more_seats = seats.step(), more_stats = per_move.step();
  const auto stray_seat = [&] {
    return Error(path_ + ": seats lists game " + std::to_string(seats.integer(0)) + ", which games does not");
  };
  std::vector<GameRecord> batch;
  std::size_t bytes = 0;
  while (q.step()) {
    GameRecord r;
    r.index = q.integer(0);
    const std::string w = path_ + ": game " + std::to_string(r.index);
    r.lineup = q.integer(1);
    r.game = game;
    r.options = q.is_null(2) ? base_options : parse_json(q.text(2), w + " options");
    r.config_hash = q.text(3);
    r.seed = seed;
    r.setups = parse_json(q.text(6), w + " setups");
    r.program = q.text(7);
    r.agent_files = agent_files;
    nlohmann::json j = r.to_json();
    j["actions"] = schema1 && moves ? parse_json(q.text(4), w + " actions") : nlohmann::json::array();
    j["notation"] = schema1 && moves ? parse_json(q.text(5), w + " notation") : nlohmann::json::array();
    j["events"] = parse_json(q.text(8), w + " events");
    j["ending"] = q.text(9);
    j["agents"] = nlohmann::json::array();
    j["returns"] = nlohmann::json::array();
    batch.push_back(GameRecord::from_json(j, w));  // checks every field as a records file would be
    GameRecord& b = batch.back();
    if (moves && !schema1)
      b.actions = schema2 ? actions_from_blob(q.blob(4), w) : actions_from_varints(q.blob(4), w);
    for (; more_seats && seats.integer(0) <= b.index; more_seats = seats.step()) {
      if (seats.integer(0) < b.index) throw stray_seat();
      if (seats.integer(1) != static_cast<std::int64_t>(b.returns.size()))
        throw Error(path_ + ": game " + std::to_string(b.index) + " lacks seat " +
                    std::to_string(b.returns.size()));
      auto name = name_of.find(seats.integer(2));
      if (name == name_of.end())
        throw Error(path_ + ": game " + std::to_string(b.index) + " seats an agent not in agents");
      b.agents.push_back(name->second);
      b.returns.push_back(seats.real(3));
    }
    for (; more_stats && per_move.integer(0) <= b.index; more_stats = per_move.step())
      if (per_move.integer(0) == b.index)
        b.stats.push_back({{"ply", per_move.integer(1)},
                           {"seat", per_move.integer(2)},
                           {"stats", parse_json(per_move.text(3), w + " stats")}});
    bytes += b.actions.size() * sizeof(Action);
    if (batch.size() >= batching.games || bytes >= batching.bytes) {
      take(batch);
      batch.clear();
      bytes = 0;
    }
  }
  if (more_seats) throw stray_seat();
  if (!batch.empty()) take(batch);
}

std::vector<GameRecord> Store::records() const {
  std::vector<GameRecord> out;
  read_records({}, true, true, [&out](std::vector<GameRecord>& batch) {
    for (GameRecord& r : batch) out.push_back(std::move(r));
  });
  return out;
}

std::vector<Store::Result> Store::results() const {
  std::vector<Result> out;
  std::map<std::int64_t, std::string> name_of;
  {
    Statement q(db_, path_, "SELECT id, name FROM agents");
    while (q.step()) name_of[q.integer(0)] = q.text(1);
  }
  {
    Statement q(db_, path_, "SELECT idx, lineup, length, forfeits, ending FROM games ORDER BY idx");
    while (q.step())
      out.push_back({q.integer(0), q.integer(1), q.integer(2), q.integer(3), {}, {}, q.text(4)});
  }
  Statement q(db_, path_, "SELECT game, seat, agent, result FROM seats ORDER BY game, seat");
  std::size_t k = 0;
  while (q.step()) {
    while (k < out.size() && out[k].index < q.integer(0)) ++k;
    if (k == out.size() || out[k].index != q.integer(0) ||
        q.integer(1) != static_cast<std::int64_t>(out[k].returns.size()))
      throw Error(path_ + ": seats and games disagree at game " + std::to_string(q.integer(0)) +
                  "; the store is damaged");
    out[k].agents.push_back(name_of[q.integer(2)]);
    out[k].returns.push_back(q.real(3));
  }
  return out;
}

Store::Result Store::result_of(const GameRecord& record) {
  return {record.index,        record.lineup,  static_cast<std::int64_t>(record.actions.size()),
          forfeits_of(record), record.returns, record.agents,
          record.ending};
}

std::vector<GameRecord> read_store_records(const std::string& db_path) {
  return Store::open_for_read(db_path).records();
}

void export_jsonl(const std::string& db_path, const std::string& out_path, const NotationWriter& notation,
                  const RecordBatching& batching) {
  const Store store = Store::open_for_read(db_path);
  AtomicFile out(out_path);
  std::string text;
  store.read_records(batching, true, true, [&](std::vector<GameRecord>& batch) {
    try {
      notation(batch);
    } catch (const Error& e) {
      throw Error(db_path + ": " + e.what());
    }
    text.clear();
    for (const GameRecord& r : batch) text += r.to_json().dump() + "\n";
    out.write(text);
  });
  out.commit();
}

namespace {
// A CSV field: quoted when it holds a comma, quote or line break (RFC 4180).
std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

// Every seat row of the store, by game then seat, handed to `take` one at a time.
void each_seat_row(const Store& store, const std::string& db_path,
                   const std::function<void(const SeatRow&)>& take) {
  Statement q(
      store.db_handle(), db_path,
      "SELECT s.game, g.lineup, s.seat, s.team, a.name, s.result, s.outcome, g.length, g.forfeits, s.setup "
      "FROM seats s JOIN games g ON g.idx = s.game JOIN agents a ON a.id = s.agent ORDER BY s.game, "
      "s.seat");
  while (q.step()) {
    SeatRow r;
    r.game = q.integer(0);
    r.lineup = q.integer(1);
    r.seat = static_cast<int>(q.integer(2));
    r.team = static_cast<int>(q.integer(3));
    r.agent = q.text(4);
    r.result = q.real(5);
    r.outcome = q.text(6);
    r.length = q.integer(7);
    r.forfeits = q.integer(8);
    r.setup = q.is_null(9) ? std::string() : q.text(9);
    if (r.setup.size() >= 2 && r.setup.front() == '"')
      r.setup = parse_json(r.setup, db_path + ": setup").get<std::string>();
    take(r);
  }
}
}  // namespace

std::vector<SeatRow> read_seat_rows(const std::string& db_path) {
  std::vector<SeatRow> rows;
  each_seat_row(Store::open_for_read(db_path), db_path, [&rows](const SeatRow& r) { rows.push_back(r); });
  return rows;
}

void export_csv(const std::string& db_path, const std::string& out_path) {
  const Store store = Store::open_for_read(db_path);  // refused before anything is written
  AtomicFile out(out_path);
  std::string text = "game,lineup,seat,team,agent,return,outcome,length,forfeits,setup\n";
  each_seat_row(store, db_path, [&](const SeatRow& r) {
    char ret[64];
    std::snprintf(ret, sizeof ret, "%.17g", r.result);
    text += std::to_string(r.game) + "," + std::to_string(r.lineup) + "," + std::to_string(r.seat) + "," +
            std::to_string(r.team) + "," + csv_field(r.agent) + "," + ret + "," + r.outcome + "," +
            std::to_string(r.length) + "," + std::to_string(r.forfeits) + "," + csv_field(r.setup) + "\n";
    if (text.size() >= std::size_t{1} << 20) {
      out.write(text);
      text.clear();
    }
  });
  out.write(text);
  out.commit();
}

}  // namespace qilab::experiments

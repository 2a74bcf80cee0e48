#pragma once
// The game-independent half of a match run: the output directory, resuming from an existing
// games.jsonl, writing records in order, and the summary. The match runner (match.h) plays
// the games and hands each finished record to the session.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/record.h"
#include "experiments/balance.h"

namespace qilab::experiments {

struct MatchConfig {
  std::vector<std::string> agents;  // agent specs, rotated over the seats (rotation.h)
  std::int64_t games = 1;
  std::uint64_t seed = 0;
  int threads = 1;
  std::string out_dir;
  // Called after each record is written with (games done, games in the run), resumed ones
  // included; from one thread at a time.
  std::function<void(std::int64_t, std::int64_t)> on_progress;
};

// What makes two runs the same run: records of another identity cannot be resumed from.
struct RunIdentity {
  std::string game;
  nlohmann::json options;
  std::string config_hash;
  std::uint64_t seed = 0;
  std::vector<std::string> agents;
  int seats = 0;
  std::vector<int> teams;  // team of each seat (team_of at the start); follows from game and options
  std::string program;     // "qilab VERSION (commit ...)": recorded, not required to match on resume
  nlohmann::json agent_files = nlohmann::json::object();  // agent file -> content hash; must match on resume
};

struct MatchReport {
  nlohmann::json summary;  // as written to summary.json
  std::string table;       // format_summary_table(summary)
  std::string records_path, summary_path;
  std::int64_t played = 0;   // games played by this call
  std::int64_t resumed = 0;  // games found in games.jsonl and skipped
  std::int64_t beyond = 0;   // records in games.jsonl with an index >= games (kept, not counted)
};

// Throws Error on a bad config (no agents, games < 1, threads < 1, no directory).
void check_match_config(const MatchConfig& cfg);

// Replays a record's actions through its game and says how the record differs from the
// replay (an action that is not legal, a game that does not end, other returns), or returns
// "" when it replays exactly. The match runner supplies it for its game (match.h).
using ReplayCheck = std::function<std::string(const GameRecord&)>;

// The first option whose value differs, for a message that says what to repeat:
// "option 'max_turns' 30 there, 40 in this run" (both sides whole when they are not objects).
std::string option_difference(const nlohmann::json& theirs, const nlohmann::json& ours);

// The records of a run's records file (games.jsonl) checked against run `id` before anything is
// played: each record's game, seed, options, config hash, agent files and agents per seat
// (rotation.h) must be the run's, each must replay exactly (`replay`), and no game may be
// recorded twice; throws Error naming the file, the line and the first mismatch. Returns the
// records (a torn last line left out, as read_records leaves it) and, in `lines`, their line
// numbers.
std::vector<GameRecord> check_run_records(const std::string& path, const RunIdentity& id,
                                          const ReplayCheck& replay, std::vector<int>* lines = nullptr);

class MatchSession {
 public:
  // Checks the directory and any existing games.jsonl against `id` before anything is written,
  // replaying each kept record with `replay`, so that edited or foreign records are not summed
  // as if played; throws Error naming the file, the line and the first mismatch.
  MatchSession(RunIdentity id, MatchConfig cfg, ReplayCheck replay);
  ~MatchSession();
  MatchSession(const MatchSession&) = delete;
  MatchSession& operator=(const MatchSession&) = delete;

  const RunIdentity& identity() const { return id_; }
  // Game indices still to play, ascending.
  const std::vector<std::int64_t>& pending() const { return pending_; }

  // The record of game pending()[slot]. Records are written in slot order (early finishers wait
  // in a buffer), so games.jsonl does not depend on the thread count and always holds a prefix
  // of the run that a later call can resume from. Not thread-safe: call under one lock.
  void finish(std::size_t slot, GameRecord record);

  // Closes games.jsonl and writes summary.json atomically; `seconds` and `threads` go into the
  // summary's "run" object, the only part that depends on how the games were obtained.
  MatchReport close(double seconds);

 private:
  void load_existing();
  RunIdentity id_;
  MatchConfig cfg_;
  ReplayCheck replay_;
  std::string records_path_, summary_path_;
  std::vector<std::optional<GameResult>> results_;  // by game index
  std::vector<std::string> endings_;                // by game index: the records' `ending`
  std::vector<std::int64_t> pending_;
  std::map<std::size_t, GameRecord> waiting_;  // finished out of order
  std::size_t next_slot_ = 0;
  std::unique_ptr<RecordWriter> writer_;
  std::int64_t resumed_ = 0, played_ = 0, beyond_ = 0;
};

}  // namespace qilab::experiments

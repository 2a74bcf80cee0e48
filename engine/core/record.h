#pragma once
// Game records: JSON Lines, one finished game per line (see docs/formats.md).
// A line is written with one write() call and synced, so a crash leaves at most a
// torn last line, which the next open trims: a run resumes from the games it kept.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/types.h"

namespace qilab {

struct GameRecord {
  std::int64_t index = 0;  // game number within the run
  std::string game;        // registry id
  nlohmann::json options = nlohmann::json::object();
  std::string config_hash;
  std::uint64_t seed = 0;           // the run's seed; the game's stream is split by index
  std::vector<std::string> agents;  // per seat
  nlohmann::json setups = nullptr;  // per seat where the game has setups
  std::vector<Action> actions;
  std::vector<std::string> notation;
  std::vector<double> returns;
  // How the game ended, in the game's words (State::ending(): checkers "target", "cap"); empty
  // for games that do not say, and in records written before endings were kept.
  std::string ending;
  nlohmann::json stats = nlohmann::json::array();  // per-move search statistics, where present
  // What played it: the program ("qilab 0.1.0 (commit ...)") and, for each agent given as a
  // file, the hash of the file's content. Empty in records written before they were kept.
  std::string program;
  nlohmann::json agent_files = nlohmann::json::object();  // path as given -> text_hash of content
  // Tournaments (experiments/tournament.h): the line-up the game belongs to (0 in a `play` run,
  // which is one line-up), and what the referee did about agents that failed: one object per
  // event, {"ply", "seat", "kind": "error" | "timeout", "forfeit": bool, "message"}, in play
  // order. `ply` counts the actions played before it. Both optional when read (0 and []).
  std::int64_t lineup = 0;
  nlohmann::json events = nlohmann::json::array();

  nlohmann::json to_json() const;
  // Throws Error naming `where` and the field.
  static GameRecord from_json(const nlohmann::json& j, const std::string& where);
};

class RecordWriter {
 public:
  // Opens `path` for appending, creating it; a torn last line is cut off first.
  explicit RecordWriter(const std::string& path);
  ~RecordWriter();
  RecordWriter(const RecordWriter&) = delete;
  RecordWriter& operator=(const RecordWriter&) = delete;
  void write(const GameRecord& r);

 private:
  std::string path_;
  int fd_ = -1;
};

// Reads every complete line of a records file; throws Error naming file:line on a bad one.
// A torn last line (no newline) is ignored, as the writer would trim it.
// When `lines` is given it receives each record's line number, for errors about its content.
std::vector<GameRecord> read_records(const std::string& path, std::vector<int>* lines = nullptr);

}  // namespace qilab

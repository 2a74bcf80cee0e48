#pragma once
// Game configs: a TOML file naming the game and its options, plus key=value overrides.
//
//   game = "checkers"
//   [options]
//   players = 6
//
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/input.h"  // read_text_file, check_readable_file
#include "engine/core/options.h"

namespace qilab {

struct GameConfig {
  std::string game;                                   // registry id
  std::string source;                                 // the file it came from, or "defaults"
  nlohmann::json options = nlohmann::json::object();  // as written, checked later against the game's specs
};

// Reads a game config file; throws Error naming the file and the bad field.
GameConfig read_game_config(const std::string& path);
// The same for the text of a config; `source` names it in errors and in GameConfig::source.
GameConfig parse_game_config(std::string_view text, const std::string& source);

// Resolves a config against the game's option specs, then applies "key=value" overrides.
Options resolve_options(const std::vector<OptionSpec>& specs, const GameConfig& config,
                        const std::vector<std::string>& overrides);

// Writes `content` to `path` so that readers see the old file or the new one, never a part:
// a temporary file beside it is written, flushed to disk and renamed over it. On failure the
// temporary file is removed and Error names `path`.
void write_file_atomically(const std::string& path, const std::string& content);
// The same for a file written in parts (an export larger than memory should hold): the parts go
// to the temporary file, commit() syncs it and renames it over `path`. A file destroyed
// uncommitted (an error on the way) is removed, leaving `path` as it was.
class AtomicFile {
 public:
  explicit AtomicFile(std::string path);  // throws Error: cannot create the temporary file
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  void write(std::string_view part);
  void commit();

 private:
  [[noreturn]] void fail(const std::string& what);
  std::string path_, tmp_;
  int fd_ = -1;
};
// Throws the Error write_file_atomically(path) would throw for a reason known in advance (a
// directory in the way, no right to create the temporary file), leaving nothing behind: a run
// that writes `path` at its end checks first.
void check_atomic_write(const std::string& path);

}  // namespace qilab

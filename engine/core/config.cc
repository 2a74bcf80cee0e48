#include "engine/core/config.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <utility>

#include "engine/core/data.h"
#include "engine/core/error.h"
#include "engine/core/input.h"
#include "engine/core/spec.h"
#include "engine/core/toml_input.h"

namespace qilab {
namespace {

nlohmann::json toml_to_json(const toml::value& v, const std::string& where) {
  switch (v.type()) {
    case toml::value_t::boolean:
      return v.as_boolean();
    case toml::value_t::integer:
      return v.as_integer();
    case toml::value_t::floating:
      return v.as_floating();
    case toml::value_t::string:
      return v.as_string().str;
    case toml::value_t::array: {
      nlohmann::json a = nlohmann::json::array();
      for (const auto& x : v.as_array()) a.push_back(toml_to_json(x, where));
      return a;
    }
    case toml::value_t::table: {
      nlohmann::json t = nlohmann::json::object();
      for (const auto& [k, x] : v.as_table()) t[k] = toml_to_json(x, where + "." + k);
      return t;
    }
    default:
      throw Error(where + ": dates and times are not valid option values");
  }
}

}  // namespace

GameConfig read_game_config(const std::string& given) {
  const std::string path = user_or_data_path(given);  // configs/games/... works from any directory
  return parse_game_config(read_text_file(path, "config file"), path);
}

GameConfig parse_game_config(std::string_view text, const std::string& path) {
  const toml::value root = parse_toml(text, path);
  GameConfig c;
  c.source = path;
  if (!root.is_table()) throw Error(path + ": expected a TOML table");
  for (const auto& [k, v] : root.as_table()) {
    if (k == "game") {
      if (!v.is_string()) throw Error(path + ": field 'game' expects a string (a game id)");
      c.game = v.as_string().str;
    } else if (k == "options") {
      if (!v.is_table()) throw Error(path + ": field 'options' expects a table");
      c.options = toml_to_json(v, path + ": options");
    } else if (k != "description") {
      throw Error(path + ": unknown field '" + k + "' (expected game, description, options)");
    }
  }
  if (c.game.empty()) throw Error(path + ": missing field 'game' (a game id)");
  return c;
}

Options resolve_options(const std::vector<OptionSpec>& specs, const GameConfig& config,
                        const std::vector<std::string>& overrides) {
  Options o(specs);
  for (const auto& [k, v] : config.options.items()) o.set_from_json(k, v, config.source);
  for (const auto& kv : overrides) {
    const auto [key, value] = parse_setting(kv, "override '" + kv + "'");  // engine/core/spec.h
    o.set_from_text(key, value, "override '" + kv + "'");
  }
  return o;
}

namespace {

// A link, device, pipe or socket at `path`: renaming a file over it would replace the thing
// itself (a device node, a FIFO a reader waits on) or break the link. Throws Error naming it.
void refuse_special_file(const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::symlink_status(path, ec);
  if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status) &&
      !std::filesystem::is_directory(status))
    throw Error(path +
                ": cannot write (a link, device, pipe or socket is in the way; expected a regular file or a "
                "new name)");
}

}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)), tmp_(path_ + ".tmp") {
  refuse_special_file(path_);
  fd_ = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd_ < 0) throw Error(path_ + ": cannot write (" + std::strerror(errno) + ")");
}

AtomicFile::~AtomicFile() {
  if (fd_ < 0) return;
  ::close(fd_);
  ::unlink(tmp_.c_str());  // no stray temporary file beside the old one
}

void AtomicFile::fail(const std::string& what) {
  const std::string reason = std::strerror(errno);
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  ::unlink(tmp_.c_str());
  throw Error(path_ + ": " + what + " (" + reason + ")");
}

void AtomicFile::write(std::string_view part) {
  while (!part.empty()) {
    const ssize_t n = ::write(fd_, part.data(), part.size());
    if (n < 0) fail("write failed");
    part.remove_prefix(static_cast<std::size_t>(n));
  }
}

void AtomicFile::commit() {
  if (::fsync(fd_) != 0) fail("write failed");
  const int closed = ::close(fd_);
  fd_ = -1;
  if (closed != 0) fail("write failed");
  if (std::rename(tmp_.c_str(), path_.c_str()) != 0) fail("cannot rename into place");
}

void write_file_atomically(const std::string& path, const std::string& content) {
  AtomicFile file(path);
  file.write(content);
  file.commit();
}

void check_atomic_write(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw Error(path + ": cannot write (a directory is in the way)");
  refuse_special_file(path);
  // Creating the temporary file is the step that needs the rights; try it and take it back.
  const std::string tmp = path + ".tmp";
  const bool existed = std::filesystem::exists(tmp, ec);
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT, 0644);
  if (fd < 0) throw Error(path + ": cannot write (" + std::strerror(errno) + ")");
  ::close(fd);
  if (!existed) ::unlink(tmp.c_str());
}

}  // namespace qilab

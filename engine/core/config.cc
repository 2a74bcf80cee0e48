#include "engine/core/config.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <regex>
#include <toml.hpp>

#include "engine/core/data.h"
#include "engine/core/error.h"

namespace qilab {
namespace {

nlohmann::json toml_to_json(const toml::value& v, const std::string& where) {
  switch (v.type()) {
    case toml::value_t::boolean: return v.as_boolean();
    case toml::value_t::integer: return v.as_integer();
    case toml::value_t::floating: return v.as_floating();
    case toml::value_t::string: return v.as_string().str;
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
    default: throw Error(where + ": dates and times are not valid option values");
  }
}

std::string first_line(const std::string& s) {
  auto nl = s.find('\n');
  return nl == std::string::npos ? s : s.substr(0, nl);
}

}  // namespace

GameConfig read_game_config(const std::string& given) {
  const std::string path = user_or_data_path(given);  // configs/games/... works from any directory
  check_readable_file(path, "config file");
  toml::value root;
  try {
    root = toml::parse(path);
  } catch (const std::exception& e) {
    // toml11 reports "[error] toml::parse_...: what" then a location; keep it on one line.
    // toml11 puts the line number in its excerpt, "  2 | [options", below the "-->" line.
    const std::string msg = e.what();
    std::string loc;
    static const std::regex numbered(R"(\n\s*(\d+)\s*\|)");
    std::smatch m;
    if (std::regex_search(msg, m, numbered)) loc = " (line " + m[1].str() + ")";
    throw Error(path + ": malformed TOML" + loc + ": " + first_line(msg));
  }
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
    auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      throw Error("override '" + kv + "': expected key=value");
    o.set_from_text(kv.substr(0, eq), kv.substr(eq + 1), "override '" + kv + "'");
  }
  return o;
}

void write_file_atomically(const std::string& path, const std::string& content) {
  const std::string tmp = path + ".tmp";
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) throw Error(path + ": cannot write (" + std::strerror(errno) + ")");
  auto fail = [&](const std::string& what) {
    const std::string reason = std::strerror(errno);
    if (fd >= 0) ::close(fd);
    ::unlink(tmp.c_str());  // no stray temporary file beside the old one
    return Error(path + ": " + what + " (" + reason + ")");
  };
  const char* p = content.data();
  std::size_t left = content.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0) throw fail("write failed");
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) throw fail("write failed");
  const int closed = ::close(fd);
  fd = -1;
  if (closed != 0) throw fail("write failed");
  if (std::rename(tmp.c_str(), path.c_str()) != 0) throw fail("cannot rename into place");
}

void check_atomic_write(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw Error(path + ": cannot write (a directory is in the way)");
  // Creating the temporary file is the step that needs the rights; try it and take it back.
  const std::string tmp = path + ".tmp";
  const bool existed = std::filesystem::exists(tmp, ec);
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT, 0644);
  if (fd < 0) throw Error(path + ": cannot write (" + std::strerror(errno) + ")");
  ::close(fd);
  if (!existed) ::unlink(tmp.c_str());
}

void check_readable_file(const std::string& path, const std::string& what) {
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  if (ec && ec != std::errc::no_such_file_or_directory)
    throw Error(path + ": cannot read " + what + " (" + ec.message() + ")");
  if (!std::filesystem::exists(st)) throw Error(path + ": no such " + what);
  if (std::filesystem::is_directory(st)) throw Error(path + ": " + what + " expected, found a directory");
  if (::access(path.c_str(), R_OK) != 0) throw Error(path + ": cannot read " + what + " (" + std::strerror(errno) + ")");
}

std::string read_text_file(const std::string& path, const std::string& what) {
  check_readable_file(path, what);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path + ": cannot read " + what + " (" + std::strerror(errno) + ")");
  std::stringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw Error(path + ": cannot read " + what);
  return ss.str();
}

}  // namespace qilab

#include "engine/core/record.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

#include "engine/core/error.h"
#include "engine/core/input.h"

namespace qilab {

nlohmann::json GameRecord::to_json() const {
  return {{"index", index},
          {"game", game},
          {"options", options},
          {"config_hash", config_hash},
          {"seed", seed},
          {"agents", agents},
          {"setups", setups},
          {"actions", actions},
          {"notation", notation},
          {"returns", returns},
          {"stats", stats},
          {"program", program},
          {"agent_files", agent_files},
          {"lineup", lineup},
          {"events", events},
          {"ending", ending}};
}

GameRecord GameRecord::from_json(const nlohmann::json& j, const std::string& where) {
  using nlohmann::json;
  if (!j.is_object()) throw Error(where + ": expected a JSON object");
  auto field = [&](const char* name) -> const json& {
    auto it = j.find(name);
    if (it == j.end()) throw Error(where + ": missing field '" + name + "'");
    return *it;
  };
  auto bad = [&](const std::string& name, const std::string& expected, const json& got) {
    return Error(where + ": field '" + name + "' expects " + expected + ", got " + brief(got));
  };
  // Integers are range-checked on the JSON value itself: get<>() would cut or wrap them.
  auto integer = [&](const json& v, const std::string& name, std::int64_t lo, std::int64_t hi,
                     const std::string& expected) {
    const bool fits = v.is_number_unsigned() ? v.get<std::uint64_t>() <= static_cast<std::uint64_t>(hi)
                                             : v.is_number_integer() && v.get<std::int64_t>() <= hi;
    if (!fits || (!v.is_number_unsigned() && v.get<std::int64_t>() < lo)) throw bad(name, expected, v);
    return v.get<std::int64_t>();
  };
  auto strings = [&](const char* name) {
    const json& v = field(name);
    if (!v.is_array()) throw bad(name, "an array of strings", v);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (!v[i].is_string()) throw bad(std::string(name) + "[" + std::to_string(i) + "]", "a string", v[i]);
      out.push_back(v[i].get<std::string>());
    }
    return out;
  };
  auto text = [&](const char* name) {
    const json& v = field(name);
    if (!v.is_string()) throw bad(name, "a string", v);
    return v.get<std::string>();
  };
  GameRecord r;
  r.index = integer(field("index"), "index", 0, std::numeric_limits<std::int64_t>::max(), "an integer >= 0");
  r.game = text("game");
  r.options = field("options");
  if (!r.options.is_object()) throw bad("options", "an object", r.options);
  r.config_hash = text("config_hash");
  const json& seed = field("seed");
  if (!seed.is_number_unsigned() && !(seed.is_number_integer() && seed.get<std::int64_t>() >= 0))
    throw bad("seed", "an integer 0 to 18446744073709551615", seed);
  r.seed = seed.get<std::uint64_t>();
  r.agents = strings("agents");
  r.setups = field("setups");
  const json& actions = field("actions");
  if (!actions.is_array()) throw bad("actions", "an array of action ids", actions);
  for (std::size_t i = 0; i < actions.size(); ++i)
    r.actions.push_back(
        static_cast<Action>(integer(actions[i], "actions[" + std::to_string(i) + "]", 0,
                                    std::numeric_limits<Action>::max(), "an action id >= 0")));
  r.notation = strings("notation");
  const json& returns = field("returns");
  if (!returns.is_array()) throw bad("returns", "an array of numbers", returns);
  for (std::size_t i = 0; i < returns.size(); ++i) {
    if (!returns[i].is_number()) throw bad("returns[" + std::to_string(i) + "]", "a number", returns[i]);
    r.returns.push_back(returns[i].get<double>());
  }
  r.stats = field("stats");
  // Optional: records written before the program and agent files were kept lack them.
  if (auto it = j.find("program"); it != j.end()) {
    if (!it->is_string()) throw bad("program", "a string", *it);
    r.program = it->get<std::string>();
  }
  if (auto it = j.find("ending"); it != j.end()) {  // optional: older records lack it
    if (!it->is_string()) throw bad("ending", "a string (how the game ended)", *it);
    r.ending = it->get<std::string>();
  }
  if (auto it = j.find("agent_files"); it != j.end()) {
    if (!it->is_object()) throw bad("agent_files", "an object of file -> content hash", *it);
    for (const auto& [file, hash] : it->items())
      if (!hash.is_string()) throw bad("agent_files." + file, "a string (a content hash)", hash);
    r.agent_files = *it;
  }
  if (auto it = j.find("lineup"); it != j.end())
    r.lineup = integer(*it, "lineup", 0, std::numeric_limits<std::int64_t>::max(), "an integer >= 0");
  if (auto it = j.find("events"); it != j.end()) {
    if (!it->is_array()) throw bad("events", "an array of event objects", *it);
    for (std::size_t i = 0; i < it->size(); ++i) {
      const json& e = (*it)[i];
      const std::string name = "events[" + std::to_string(i) + "]";
      if (!e.is_object()) throw bad(name, "an object {ply, seat, kind, forfeit, message}", e);
      auto member = [&](const char* key) -> const json& {
        auto m = e.find(key);
        if (m == e.end()) throw Error(where + ": field '" + name + "' is missing '" + key + "'");
        return *m;
      };
      integer(member("ply"), name + ".ply", 0, std::numeric_limits<std::int64_t>::max(), "an integer >= 0");
      integer(member("seat"), name + ".seat", 0, kMaxPlayers - 1,
              "a seat 0 to " + std::to_string(kMaxPlayers - 1));
      const json& kind = member("kind");
      if (!kind.is_string() || (kind != "error" && kind != "timeout"))
        throw bad(name + ".kind", "\"error\" or \"timeout\"", kind);
      if (!member("forfeit").is_boolean()) throw bad(name + ".forfeit", "true or false", member("forfeit"));
      if (!member("message").is_string()) throw bad(name + ".message", "a string", member("message"));
    }
    r.events = *it;
  }
  return r;
}

RecordWriter::RecordWriter(const std::string& path) : path_(path) {
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT, 0644);
  if (fd_ < 0) throw Error(path + ": cannot open for writing (" + std::strerror(errno) + ")");
  // Trim a torn last line left by an interrupted run.
  struct stat st {};
  ::fstat(fd_, &st);
  off_t size = st.st_size, keep = size;
  char c = 0;
  while (keep > 0 && ::pread(fd_, &c, 1, keep - 1) == 1 && c != '\n') --keep;
  if (keep != size && ::ftruncate(fd_, keep) != 0)
    throw Error(path + ": cannot trim a torn last line (" + std::strerror(errno) + ")");
  ::lseek(fd_, 0, SEEK_END);
}

RecordWriter::~RecordWriter() {
  if (fd_ >= 0) {
    ::fsync(fd_);
    ::close(fd_);
  }
}

void RecordWriter::write(const GameRecord& r) {
  std::string line = r.to_json().dump() + "\n";
  const char* p = line.data();
  std::size_t left = line.size();
  while (left > 0) {
    ssize_t n = ::write(fd_, p, left);
    if (n < 0) throw Error(path_ + ": write failed (" + std::strerror(errno) + ")");
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  ::fdatasync(fd_);
}

std::vector<GameRecord> read_records(const std::string& path, std::vector<int>* lines) {
  const std::string all = read_text_file(path, "records file");
  std::vector<GameRecord> out;
  std::size_t pos = 0;
  int line_no = 0;
  while (pos < all.size()) {
    auto nl = all.find('\n', pos);
    if (nl == std::string::npos) break;  // torn last line
    ++line_no;
    std::string line = all.substr(pos, nl - pos);
    pos = nl + 1;
    if (line.empty()) continue;
    std::string where = path + ":" + std::to_string(line_no);
    out.push_back(GameRecord::from_json(parse_json(line, where), where));
    if (lines) lines->push_back(line_no);
  }
  return out;
}

}  // namespace qilab

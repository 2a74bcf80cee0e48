#include "engine/core/record.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "engine/core/error.h"
#include "engine/core/input.h"

namespace qilab {

nlohmann::json GameRecord::to_json() const {
  return {{"index", index},     {"game", game},       {"options", options},   {"config_hash", config_hash},
          {"seed", seed},       {"agents", agents},   {"setups", setups},     {"actions", actions},
          {"notation", notation}, {"returns", returns}, {"stats", stats}};
}

GameRecord GameRecord::from_json(const nlohmann::json& j, const std::string& where) {
  if (!j.is_object()) throw Error(where + ": expected a JSON object");
  auto field = [&](const char* name) -> const nlohmann::json& {
    auto it = j.find(name);
    if (it == j.end()) throw Error(where + ": missing field '" + name + "'");
    return *it;
  };
  GameRecord r;
  try {
    r.index = field("index").get<std::int64_t>();
    r.game = field("game").get<std::string>();
    r.options = field("options");
    r.config_hash = field("config_hash").get<std::string>();
    r.seed = field("seed").get<std::uint64_t>();
    r.agents = field("agents").get<std::vector<std::string>>();
    r.setups = field("setups");
    r.actions = field("actions").get<std::vector<Action>>();
    r.notation = field("notation").get<std::vector<std::string>>();
    r.returns = field("returns").get<std::vector<double>>();
    r.stats = field("stats");
  } catch (const nlohmann::json::exception& e) {
    throw Error(where + ": " + e.what());
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

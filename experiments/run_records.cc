#include "experiments/run_records.h"

#include <filesystem>
#include <system_error>

#include "engine/core/error.h"

namespace qilab::experiments {

std::vector<GameRecord> load_run_records(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw Error(dir + ": expected a run directory (as written by qilab play --out), " +
                (fs::exists(dir, ec) ? "it is not a directory" : "there is no such directory"));
  const std::string path = (fs::path(dir) / "games.jsonl").string();
  if (!fs::exists(path, ec)) throw Error(path + ": no records file (expected games.jsonl written by qilab play)");
  auto records = read_records(path);
  if (records.empty()) throw Error(path + ": expected at least one complete game record, found none");
  return records;
}

}  // namespace qilab::experiments

#include "engine/core/data.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "engine/core/error.h"

namespace qilab {
namespace {

namespace fs = std::filesystem;

bool holds_configs(const fs::path& dir) {
  std::error_code ec;
  return fs::is_directory(dir / "configs", ec);
}

std::string find_data_dir() {
  if (const char* env = std::getenv("QILAB_DATA"); env && *env) {
    if (!holds_configs(env))
      throw Error(std::string("QILAB_DATA='") + env +
                  "': expected a folder that holds qilab's configs/ folder");
    return env;
  }
  std::error_code ec;
  const fs::path program = fs::read_symlink("/proc/self/exe", ec);
  std::string searched;
  if (!ec) {
    const fs::path dir = program.parent_path();
    for (const fs::path& candidate :
         {dir / ".." / "share" / "qilab", dir / ".." / ".." / "share" / "qilab"}) {
      if (holds_configs(candidate)) return fs::weakly_canonical(candidate, ec).string();
      searched += (searched.empty() ? "" : ", ") + candidate.lexically_normal().string();
    }
  }
  throw Error("qilab's data files (configs/) were not found" +
              (searched.empty() ? std::string() : " (searched " + searched + ")") +
              "; set QILAB_DATA to the folder that holds configs/");
}

}  // namespace

const std::string& data_dir() {
  static const std::string dir = find_data_dir();  // the program does not move while it runs
  return dir;
}

std::string data_path(std::string_view relative) { return data_dir() + "/" + std::string(relative); }

std::string user_or_data_path(const std::string& path) {
  std::error_code ec;
  if (path.empty() || fs::path(path).is_absolute() || fs::exists(path, ec)) return path;
  try {
    const std::string shipped = data_path(path);
    return fs::exists(shipped, ec) ? shipped : path;
  } catch (const Error&) {
    return path;  // no data folder: the reader reports the path as the user gave it
  }
}

}  // namespace qilab

#include "apps/qilab/output_target.h"

#include <filesystem>
#include <fstream>
#include <string_view>

#include "engine/core/config.h"
#include "engine/core/error.h"

namespace qilab::cli {
namespace {

// Whether the existing file `path` begins with `prefix`.
bool begins_with(const std::string& path, std::string_view prefix) {
  std::ifstream in(path, std::ios::binary);
  std::string head(prefix.size(), '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  return in.gcount() == static_cast<std::streamsize>(prefix.size()) && head == prefix;
}

}  // namespace

void check_page_out(const std::string& out) {
  check_atomic_write(out);
  std::error_code ec;
  if (std::filesystem::is_regular_file(out, ec) && std::filesystem::file_size(out, ec) > 0 &&
      !begins_with(out, "<!DOCTYPE html"))
    throw Error(out +
                ": exists and is not an HTML page; qilab writes a page only over a page (give another "
                "--out, or remove the file)");
}

void check_export_out(const std::string& out, const std::string& db) {
  check_atomic_write(out);
  std::error_code ec;
  if (!std::filesystem::exists(out, ec)) return;
  if (std::filesystem::equivalent(out, db, ec))
    throw Error(out + ": is the store being exported (--db); give another --out");
  if (begins_with(out, std::string_view("SQLite format 3\0", 16)))
    throw Error(out +
                ": exists and is an SQLite database; an export does not replace one (give another --out)");
}

}  // namespace qilab::cli

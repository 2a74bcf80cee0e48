#include "experiments/run_records.h"

#include <exception>
#include <filesystem>
#include <system_error>

#include "engine/core/error.h"
#include "engine/core/input.h"
#include "experiments/store.h"

namespace qilab::experiments {

namespace {

// One line parsed as read_records would, but without the fields neither command reads: the
// notation (the actions are the record's truth) and the per-move search statistics, which are
// most of a record's bytes; they are dropped while parsing, never built. Nesting is limited as
// parse_json limits it.
GameRecord parse_line(std::string_view line, const std::string& where) {
  const auto keep = [&where](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    using E = nlohmann::json::parse_event_t;
    if (depth >= kMaxJsonDepth && (event == E::object_start || event == E::array_start))
      throw Error(where + ": JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    return !(event == E::key && depth == 1 && (parsed == "notation" || parsed == "stats"));
  };
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(line.begin(), line.end(), keep);
  } catch (const nlohmann::json::exception& e) {
    throw Error(where + ": malformed JSON: " + e.what());
  }
  if (j.is_object()) {
    j["notation"] = nlohmann::json::array();
    j["stats"] = nlohmann::json::array();
  }
  return GameRecord::from_json(j, where);
}

}  // namespace

std::string run_records_source(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path db = fs::path(dir) / "tournament.db";
  return (fs::exists(db, ec) ? db : fs::path(dir) / "games.jsonl").string();
}

std::vector<GameRecord> load_run_records(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw Error(dir + ": expected a run directory (as written by qilab play --out), " +
                (fs::exists(dir, ec) ? "it is not a directory" : "there is no such directory"));
  // A tournament's store holds the truth; `qilab play` writes games.jsonl.
  if (const std::string db = (fs::path(dir) / "tournament.db").string(); fs::exists(db, ec)) {
    std::vector<GameRecord> records = read_store_records(db);
    if (records.empty()) throw Error(db + ": no game recorded yet");
    return records;
  }
  const std::string path = (fs::path(dir) / "games.jsonl").string();
  if (!fs::exists(path, ec))
    throw Error(path +
                ": no records file (expected games.jsonl written by qilab play, or tournament.db written by "
                "qilab tournament)");
  const std::string text = read_text_file(path, "records file");
  // Complete lines only: a torn last line (no newline) is left out, as read_records does.
  struct Line {
    std::size_t begin, end;
    int number;
  };
  std::vector<Line> lines;
  int number = 0;
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) break;
    ++number;
    if (nl > pos) lines.push_back({pos, nl, number});
    pos = nl + 1;
  }
  if (lines.empty()) throw Error(path + ": expected at least one complete game record, found none");
  // Lines are parsed in parallel; the error reported is the first line's, whatever the timing.
  std::vector<GameRecord> records(lines.size());
  std::vector<std::exception_ptr> errors(lines.size());
  const auto n = static_cast<std::int64_t>(lines.size());
#pragma omp parallel for schedule(dynamic, 256)
  for (std::int64_t k = 0; k < n; ++k) {
    const Line& l = lines[static_cast<std::size_t>(k)];
    try {
      records[static_cast<std::size_t>(k)] = parse_line(
          std::string_view(text).substr(l.begin, l.end - l.begin), path + ":" + std::to_string(l.number));
    } catch (...) {
      errors[static_cast<std::size_t>(k)] = std::current_exception();
    }
  }
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);
  return records;
}

}  // namespace qilab::experiments

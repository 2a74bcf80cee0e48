#include "experiments/run_records.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <system_error>
#include <utility>

#include "engine/core/error.h"
#include "engine/core/input.h"

namespace qilab::experiments {

namespace {

// Builds a record's JSON as nlohmann's own parser does (its DOM builder), except the values of
// the top-level keys it drops, which are read past without being built: the notation (the
// actions are the record's truth) and the per-move search statistics, which are most of a
// record's bytes, and the actions too when a pass needs no moves. Nesting is limited as
// parse_json limits it, in dropped values too.
class RecordSax {
 public:
  using Json = nlohmann::json;
  RecordSax(Json& out, bool moves, const std::string& where) : dom_(out), moves_(moves), where_(where) {}

  bool null() { return skipped() || dom_.null(); }
  bool boolean(bool v) { return skipped() || dom_.boolean(v); }
  bool number_integer(Json::number_integer_t v) { return skipped() || dom_.number_integer(v); }
  bool number_unsigned(Json::number_unsigned_t v) { return skipped() || dom_.number_unsigned(v); }
  bool number_float(Json::number_float_t v, const Json::string_t& s) {
    return skipped() || dom_.number_float(v, s);
  }
  bool string(Json::string_t& v) { return skipped() || dom_.string(v); }
  bool binary(Json::binary_t& v) { return skipped() || dom_.binary(v); }
  bool start_object(std::size_t n) { return open() || dom_.start_object(n); }
  bool start_array(std::size_t n) { return open() || dom_.start_array(n); }
  bool end_object() { return close() || dom_.end_object(); }
  bool end_array() { return close() || dom_.end_array(); }
  bool key(Json::string_t& k) {
    if (skip_from_ >= 0) return true;
    if (depth_ == 1 && (k == "notation" || k == "stats" || (!moves_ && k == "actions"))) {
      dropping_ = true;
      return true;
    }
    return dom_.key(k);
  }
  bool parse_error(std::size_t at, const std::string& token, const nlohmann::detail::exception& e) {
    return dom_.parse_error(at, token, e);  // throws e
  }

 private:
  // A scalar event: true when it is dropped (inside a dropped value, or the dropped value).
  bool skipped() {
    if (skip_from_ >= 0) return true;
    return std::exchange(dropping_, false);
  }
  // An object or array opens: true when it is dropped.
  bool open() {
    if (depth_ >= kMaxJsonDepth)
      throw Error(where_ + ": JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    if (std::exchange(dropping_, false)) skip_from_ = depth_;
    ++depth_;
    return skip_from_ >= 0;
  }
  // An object or array closes: true when it was dropped.
  bool close() {
    --depth_;
    if (skip_from_ < 0) return false;
    if (depth_ == skip_from_) skip_from_ = -1;
    return true;
  }
  nlohmann::detail::json_sax_dom_parser<Json> dom_;
  bool moves_;
  const std::string& where_;
  int depth_ = 0;          // containers open
  int skip_from_ = -1;     // the depth at which the dropped container opened; -1: none open
  bool dropping_ = false;  // the next value is a dropped key's
};

// One line parsed as read_records would, without the values RecordSax drops.
GameRecord parse_line(std::string_view line, const std::string& where, bool moves) {
  nlohmann::json j;
  RecordSax sax(j, moves, where);
  try {
    nlohmann::json::sax_parse(line.begin(), line.end(), &sax);
  } catch (const nlohmann::json::exception& e) {
    throw Error(where + ": malformed JSON: " + e.what());
  }
  if (j.is_object()) {
    j["notation"] = nlohmann::json::array();
    j["stats"] = nlohmann::json::array();
    if (!moves) j["actions"] = nlohmann::json::array();
  }
  return GameRecord::from_json(j, where);
}

}  // namespace

RecordPasses passes_over(const std::vector<GameRecord>& records) {
  return [&records](bool, const RecordBatch& take) { take(records); };
}

std::string run_records_source(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path db = fs::path(dir) / "tournament.db";
  return (fs::exists(db, ec) ? db : fs::path(dir) / "games.jsonl").string();
}

RunRecords::RunRecords(const std::string& dir, RecordBatching batching)
    : source_(run_records_source(dir)), batching_(batching) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw Error(dir + ": expected a run directory (as written by qilab play --out), " +
                (fs::exists(dir, ec) ? "it is not a directory" : "there is no such directory"));
  // A tournament's store holds the truth; `qilab play` writes games.jsonl.
  if (source_ == (fs::path(dir) / "tournament.db").string()) {
    store_.emplace(Store::open_for_read(source_));
    store_->hold_snapshot();
    if (store_->game_count() == 0) throw Error(source_ + ": no game recorded yet");
    return;
  }
  if (!fs::exists(source_, ec))
    throw Error(source_ +
                ": no records file (expected games.jsonl written by qilab play, or tournament.db written by "
                "qilab tournament)");
  check_readable_file(source_, "records file");
}

void RunRecords::read(bool moves, const RecordBatch& take) {
  if (!store_) return read_lines(moves, take);
  // Per-move statistics are left out, as they are of games.jsonl.
  store_->read_records(batching_, moves, false, [&take](std::vector<GameRecord>& batch) { take(batch); });
}

void RunRecords::read_lines(bool moves, const RecordBatch& take) {
  std::ifstream in(source_, std::ios::binary);
  if (!in) throw Error(source_ + ": cannot read records file (" + std::strerror(errno) + ")");
  struct Line {
    std::string text;
    int number;
  };
  std::vector<Line> lines;
  std::vector<GameRecord> records;
  std::size_t bytes = 0, found = 0;
  std::vector<std::pair<std::int64_t, int>> seen;  // the first pass's (game index, line)
  // Lines are parsed in parallel; the error reported is the first line's, whatever the timing.
  const auto parse = [&] {
    records.assign(lines.size(), GameRecord{});
    std::vector<std::exception_ptr> errors(lines.size());
    const auto n = static_cast<std::int64_t>(lines.size());
#pragma omp parallel for schedule(dynamic, 64)
    for (std::int64_t k = 0; k < n; ++k) {
      const Line& l = lines[static_cast<std::size_t>(k)];
      try {
        records[static_cast<std::size_t>(k)] =
            parse_line(l.text, source_ + ":" + std::to_string(l.number), moves);
      } catch (...) {
        errors[static_cast<std::size_t>(k)] = std::current_exception();
      }
    }
    for (const auto& e : errors)
      if (e) std::rethrow_exception(e);
    if (lines_ < 0)
      for (std::size_t k = 0; k < records.size(); ++k) seen.push_back({records[k].index, lines[k].number});
    found += records.size();
    take(records);
    lines.clear();
    bytes = 0;
  };
  int number = 0;
  std::string text;
  while ((lines_ < 0 || number < lines_) && std::getline(in, text)) {
    if (in.eof()) break;  // a torn last line (no newline) is left out, as read_records does
    ++number;
    if (text.empty()) continue;
    bytes += text.size();
    lines.push_back({std::move(text), number});
    if (lines.size() >= batching_.games || bytes >= batching_.bytes) parse();
  }
  if (in.bad()) throw Error(source_ + ": cannot read records file");
  if (!lines.empty()) parse();
  // Each game once: a line repeated (a file concatenated with itself, an edit) would count twice.
  std::sort(seen.begin(), seen.end());
  for (std::size_t k = 1; k < seen.size(); ++k)
    if (seen[k].first == seen[k - 1].first)
      throw Error(source_ + ":" + std::to_string(seen[k].second) + ": game index " +
                  std::to_string(seen[k].first) + " again (first at line " +
                  std::to_string(seen[k - 1].second) + "); a run's records hold each game once");
  if (lines_ < 0) lines_ = number;
  if (found == 0) throw Error(source_ + ": expected at least one complete game record, found none");
}

std::vector<GameRecord> load_run_records(const std::string& dir) {
  RunRecords run(dir);
  std::vector<GameRecord> out;
  run.read(true, [&out](const std::vector<GameRecord>& batch) {
    out.insert(out.end(), batch.begin(), batch.end());
  });
  return out;
}

}  // namespace qilab::experiments

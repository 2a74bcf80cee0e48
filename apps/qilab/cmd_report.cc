// qilab report: the report of a run directory as one self-contained HTML page with charts:
// a tournament's store (DIR/tournament.db), a play run's records (DIR/games.jsonl), a training
// run (DIR/metrics.jsonl), or several of them. This side gathers the numbers through the same
// functions as `qilab stats DIR --json` and `qilab ratings DIR --json`, each game's length and
// a few decisive moments drawn as SVG (report_moments.h), into one JSON file; the shipped script
// scripts/report.py (Python with Debian's python3-matplotlib) draws the charts and writes the
// page. The script reads summary.json and the training files itself. It is found in qilab's
// data folder (engine/core/data.h: share/qilab/scripts/report.py beside the program).
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "apps/qilab/commands.h"
#include "apps/qilab/game_args.h"
#include "apps/qilab/output_target.h"
#include "apps/qilab/report_moments.h"
#include "engine/core/config.h"
#include "engine/core/data.h"
#include "engine/core/error.h"
#include "engine/core/version.h"
#include "experiments/run_ratings.h"
#include "experiments/run_records.h"
#include "experiments/run_stats.h"

namespace qilab::cli {
namespace {

struct ReportArgs {
  std::string dir;
  std::string out;  // default DIR/report.html
};

// A word for /bin/sh: single-quoted, with each ' written as '\''.
std::string shell_word(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// $QILAB_PYTHON, else Debian's /usr/bin/python3 (where python3-matplotlib installs), else
// python3 on the PATH.
std::string python() {
  if (const char* p = std::getenv("QILAB_PYTHON"); p && *p) return p;
  std::error_code ec;
  if (std::filesystem::exists("/usr/bin/python3", ec)) return "/usr/bin/python3";
  return "python3";
}

// The numbers the script draws: {"dir", "program", "records" (the store's or games.jsonl's
// path, or null), "stats", "ratings", "lengths" (per game id, each game's number of actions in
// record order), "moments"}; the game parts are null for a directory without games. The run is
// read a batch at a time (experiments/run_records.h), so memory does not grow with its games
// beyond the lengths.
nlohmann::json gather(const std::string& dir) {
  namespace fs = std::filesystem;
  const fs::path d(dir);
  std::error_code ec;
  const bool store = fs::exists(d / "tournament.db", ec), play = fs::exists(d / "games.jsonl", ec);
  const bool training = fs::exists(d / "metrics.jsonl", ec);
  if (!store && !play && !training)
    throw Error(dir +
                ": nothing to report (expected tournament.db from 'qilab tournament', games.jsonl from "
                "'qilab play' or metrics.jsonl from 'qilab train')");
  nlohmann::json bundle = nlohmann::json::object();
  bundle["dir"] = dir;
  bundle["program"] = fmt::format("qilab {} (commit {})", version(), git_commit());
  for (const char* key : {"records", "stats", "ratings", "lengths", "moments"}) bundle[key] = nullptr;
  if (!store && !play) return bundle;
  experiments::RunRecords run(dir);
  experiments::StatsOptions o;
  o.source = run.source();
  bundle["records"] = run.source();
  // run_stats replays every record and refuses one that does not replay, before the moments do.
  bundle["stats"] = experiments::run_stats(run.passes(), o);
  bundle["ratings"] = experiments::run_ratings(run.passes(), run.source());
  // The lengths are counted on the way through the moments' one pass with the moves.
  std::map<std::string, std::vector<std::size_t>> lengths;
  const experiments::RecordPasses counting = [&](bool moves, const experiments::RecordBatch& take) {
    run.read(moves, [&](const std::vector<GameRecord>& batch) {
      if (moves)
        for (const auto& r : batch) lengths[r.game].push_back(r.actions.size());
      take(batch);
    });
  };
  bundle["moments"] = decisive_moments(counting);
  bundle["lengths"] = lengths;
  return bundle;
}

// Removes the bundle file however the command ends.
struct TempFile {
  std::string path;
  ~TempFile() {
    std::error_code ec;
    if (!path.empty()) std::filesystem::remove(path, ec);
  }
};

void run(const ReportArgs& a) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(a.dir, ec))
    throw Error(a.dir +
                ": not a directory (expected the --out folder of 'qilab tournament', 'qilab play' or "
                "'qilab train')");
  const std::string out = a.out.empty() ? (fs::path(a.dir) / "report.html").string() : a.out;
  check_page_out(out);
  const std::string script = data_path("scripts/report.py");
  if (!fs::exists(script, ec))
    throw Error(script + ": the report script is missing from qilab's data folder");
  const nlohmann::json bundle = gather(a.dir);
  TempFile tmp;
  tmp.path = (fs::temp_directory_path(ec) / fmt::format("qilab-report-{}.json", ::getpid())).string();
  write_file_atomically(tmp.path, bundle.dump());
  const std::string cmd = shell_word(python()) + " " + shell_word(script) + " " + shell_word(a.dir) +
                          " --bundle " + shell_word(tmp.path) + " --out " + shell_word(out) + " 2>&1";
  FILE* pipe = ::popen(cmd.c_str(), "r");
  if (!pipe) throw Error("cannot run " + python() + " for the report");
  std::string text;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, pipe)) > 0;) text.append(buf, n);
  const int status = ::pclose(pipe);
  while (!text.empty() && text.back() == '\n') text.pop_back();
  const std::string last = text.substr(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);
  if (status == -1 || !WIFEXITED(status))
    throw std::runtime_error("the report script did not finish: " + last);
  if (WEXITSTATUS(status) == 127)
    throw Error(python() + ": not found (the report needs Python 3 with matplotlib; scripts/setup)");
  if (WEXITSTATUS(status) != 0) {
    // The script's own errors are one line "report: ..."; anything else is its last line.
    throw Error(last.starts_with("report: ") ? last.substr(8) : "the report script failed: " + last);
  }
  print(text + "\n");
}

}  // namespace

void add_report_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("report",
                                 "Write the report of a tournament, play or training run (charts, rates with "
                                 "intervals, ratings, decisive moments) as one HTML page");
  auto a = std::make_shared<ReportArgs>();
  cmd->add_option("dir", a->dir,
                  "The run's directory: tournament.db ('qilab tournament'), games.jsonl ('qilab play') "
                  "or metrics.jsonl ('qilab train')")
      ->required();
  cmd->add_option("-o,--out", a->out, "The HTML file to write (default: DIR/report.html)");
  cmd->callback([a] { run(*a); });
}

}  // namespace qilab::cli

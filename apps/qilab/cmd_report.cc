// qilab report: the report of a `qilab play` run (DIR/summary.json, DIR/games.jsonl) as one
// self-contained HTML page with charts, written by the shipped script scripts/report.py
// (Python with Debian's python3-matplotlib). The script is found in qilab's data folder
// (engine/core/data.h: share/qilab/scripts/report.py beside an installed or built program).
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "apps/qilab/commands.h"
#include "apps/qilab/game_args.h"
#include "engine/core/data.h"
#include "engine/core/error.h"

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

void run(const ReportArgs& a) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(a.dir, ec))
    throw Error(a.dir + ": not a directory (expected the --out folder of 'qilab play')");
  const std::string out = a.out.empty() ? (fs::path(a.dir) / "report.html").string() : a.out;
  const std::string script = data_path("scripts/report.py");
  if (!fs::exists(script, ec))
    throw Error(script + ": the report script is missing from qilab's data folder");
  const std::string cmd = shell_word(python()) + " " + shell_word(script) + " " + shell_word(a.dir) +
                          " --out " + shell_word(out) + " 2>&1";
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
  auto* cmd =
      app.add_subcommand("report", "Write the report of a play run (charts, rates with intervals) as HTML");
  auto a = std::make_shared<ReportArgs>();
  cmd->add_option("dir", a->dir, "The run's directory (summary.json and games.jsonl from 'qilab play')")
      ->required();
  cmd->add_option("-o,--out", a->out, "The HTML file to write (default: DIR/report.html)");
  cmd->callback([a] { run(*a); });
}

}  // namespace qilab::cli

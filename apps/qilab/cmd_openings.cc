// qilab openings: candidates (a seat's first moves, or its setup) raced against a pool of
// opponents into a tournament store (experiments/openings.h, docs/openings.md).
#include <charconv>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "apps/qilab/commands.h"
#include "apps/qilab/game_args.h"
#include "apps/qilab/progress.h"
#include "apps/qilab/run_line.h"
#include "engine/core/error.h"
#include "experiments/shards.h"
#include "experiments/openings.h"

namespace qilab::cli {
namespace {

struct OpeningsArgs {
  std::string config;
  std::string out;
  int threads = 0;  // 0: the config's
};

void run_openings_command(const OpeningsArgs& a) {
  experiments::OpeningsConfig cfg = experiments::read_openings_config(a.config);
  ProgressLine progress;
  cfg.base.on_progress = [&progress](std::int64_t done, std::int64_t budget) {
    progress.update(done, budget);
  };
  experiments::OpeningsReport rep;
  try {
    rep = experiments::run_openings(cfg, a.out, a.threads);
  } catch (...) {
    progress.finish();
    throw;
  }
  progress.finish();
  if (!experiments::shards::root()) return;  // rank 0 of an MPI run reports (docs/scale.md)
  const auto& run = rep.summary["run"];
  std::string text = rep.table;
  text += run_line(rep.played, rep.resumed, run);
  text += fmt::format("database: {}\nsummary:  {}\n", rep.store_path, rep.summary_path);
  print(text);
}

}  // namespace

void add_openings_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("openings",
                                 "Race openings or setups (configs/experiments/openings-*.toml) for the "
                                 "best, into DIR/tournament.db; resumable");
  auto a = std::make_shared<OpeningsArgs>();
  cmd->add_option("-c,--config", a->config, "Openings config (docs/openings.md)")->required();
  cmd->add_option("-o,--out", a->out,
                  "Output directory: tournament.db (SQLite) and openings.json; rerun to resume")
      ->required();
  cmd->add_option("-t,--threads", a->threads,
                  "Games played at once (default: the config's 'threads', else 1)")
      ->check(integer_in(1, 4096));
  cmd->callback([a] { run_openings_command(*a); });
}

}  // namespace qilab::cli

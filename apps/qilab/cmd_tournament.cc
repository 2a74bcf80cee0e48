// qilab tournament: an experiment config played into a SQLite store (experiments/tournament.h);
// qilab export: the store as JSON Lines or CSV (experiments/store.h).
#include <memory>
#include <string>

#include <fmt/format.h>

#include "apps/qilab/commands.h"
#include "apps/qilab/game_args.h"
#include "apps/qilab/output_target.h"
#include "apps/qilab/progress.h"
#include "apps/qilab/run_line.h"
#include "engine/core/error.h"
#include "experiments/shards.h"
#include "experiments/store.h"
#include "experiments/tournament.h"

namespace qilab::cli {
namespace {

struct TournamentArgs {
  std::string config;
  std::string out;
  int threads = 0;  // 0: the config's
};

void run_tournament_command(const TournamentArgs& a) {
  experiments::TournamentConfig cfg = experiments::read_tournament_config(a.config);
  ProgressLine progress;
  cfg.on_progress = [&progress](std::int64_t done, std::int64_t total) { progress.update(done, total); };
  experiments::TournamentReport rep;
  try {
    rep = experiments::run_tournament(cfg, a.out, a.threads);
  } catch (...) {
    progress.finish();
    throw;
  }
  progress.finish();
  if (!experiments::shards::root()) return;  // rank 0 of an MPI run reports (docs/scale.md)
  const auto& run = rep.summary["run"];
  std::string text = fmt::format("tournament {}\n", rep.summary["tournament"].get<std::string>()) + rep.table;
  text += "\n" + run_line(rep.played, rep.resumed, run);
  text += fmt::format("database: {}\nsummary:  {}\n", rep.store_path, rep.summary_path);
  print(text);
}

struct ExportArgs {
  std::string db;
  std::string format = "jsonl";
  std::string out;
};

void run_export(const ExportArgs& a) {
  check_export_out(a.out, a.db);
  if (a.format == "jsonl")
    experiments::export_jsonl(a.db, a.out);
  else
    experiments::export_csv(a.db, a.out);
  print(fmt::format("wrote {}\n", a.out));
}

}  // namespace

void add_tournament_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "tournament",
      "Play an experiment config (configs/experiments/*.toml) into DIR/tournament.db; resumable");
  auto a = std::make_shared<TournamentArgs>();
  cmd->add_option("-c,--config", a->config, "Experiment config (docs/experiments.md)")->required();
  cmd->add_option("-o,--out", a->out,
                  "Output directory: tournament.db (SQLite) and summary.json; rerun to resume")
      ->required();
  cmd->add_option("-t,--threads", a->threads,
                  "Games played at once (default: the config's 'threads', else 1)")
      ->check(integer_in(1, 4096));
  cmd->callback([a] { run_tournament_command(*a); });

  auto* exp = app.add_subcommand(
      "export", "Export a tournament store as JSON Lines (game records) or CSV (one row per seat)");
  auto e = std::make_shared<ExportArgs>();
  exp->add_option("--db", e->db, "The store (DIR/tournament.db)")->required();
  exp->add_option("-f,--format", e->format, "jsonl | csv")
      ->capture_default_str()
      ->check(CLI::IsMember({"jsonl", "csv"}));
  exp->add_option("-o,--out", e->out, "The file to write (atomically)")->required();
  exp->callback([e] { run_export(*e); });
}

}  // namespace qilab::cli

// qilab stats DIR: the statistics of a run's games (experiments/run_stats.h).
#include <filesystem>
#include <memory>
#include <string>

#include "apps/qilab/commands.h"
#include "apps/qilab/game_args.h"
#include "experiments/run_records.h"
#include "experiments/run_stats.h"

namespace qilab::cli {
namespace {

struct StatsArgs {
  std::string dir;
  bool json = false;
  long long trace_games = 2000;
};

void run(const StatsArgs& a) {
  experiments::RunRecords run(a.dir);
  experiments::StatsOptions o;
  o.trace_games = a.trace_games;
  o.source = run.source();
  const auto stats = experiments::run_stats(run.passes(), o);
  print(a.json ? stats.dump(2) + "\n" : experiments::format_stats(stats));
}

}  // namespace

void add_stats_command(CLI::App& app) {
  auto* cmd =
      app.add_subcommand("stats",
                         "Statistics of a run: win rates with intervals, seat equality, outcome metrics, "
                         "each game's own analysis");
  auto a = std::make_shared<StatsArgs>();
  cmd->add_option("DIR", a->dir, "Run directory (holds games.jsonl, as qilab play --out writes it)")
      ->required();
  cmd->add_flag("--json", a->json, "Print the statistics as JSON (docs/formats.md)");
  cmd->add_option(
         "--trace-games", a->trace_games,
         "Games per variant replayed with the evaluator's trace (branching factor, lead changes, drama, "
         "decisiveness); more are sampled evenly; 0 for none")
      ->capture_default_str()
      ->check(integer_in(0, 1'000'000'000));
  cmd->callback([a] { run(*a); });
}

}  // namespace qilab::cli

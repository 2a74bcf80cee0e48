// qilab ratings DIR: agent ratings over a run's games (experiments/run_ratings.h).
#include <filesystem>
#include <memory>
#include <string>

#include "apps/qilab/commands.h"
#include "apps/qilab/game_args.h"
#include "experiments/run_ratings.h"
#include "experiments/run_records.h"

namespace qilab::cli {
namespace {

struct RatingsArgs {
  std::string dir;
  bool json = false;
};

void run(const RatingsArgs& a) {
  experiments::RunRecords run(a.dir);
  const auto ratings = experiments::run_ratings(run.passes(), run.source());
  print(a.json ? ratings.dump(2) + "\n" : experiments::format_ratings(ratings));
}

}  // namespace

void add_ratings_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("ratings",
                                 "Agent ratings of a run: Bradley-Terry (Elo) with intervals, Plackett-Luce, "
                                 "the junqi ladder");
  auto a = std::make_shared<RatingsArgs>();
  cmd->add_option("DIR", a->dir, "Run directory (holds games.jsonl, as qilab play --out writes it)")
      ->required();
  cmd->add_flag("--json", a->json, "Print the ratings as JSON (docs/formats.md)");
  cmd->callback([a] { run(*a); });
}

}  // namespace qilab::cli

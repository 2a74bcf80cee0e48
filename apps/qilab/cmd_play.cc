// qilab play: a tournament of one line-up (experiments/play_run.h) on the command line.
#include <charconv>
#include <filesystem>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "apps/qilab/agent_list.h"
#include "apps/qilab/commands.h"
#include "apps/qilab/game_args.h"
#include "apps/qilab/progress.h"
#include "engine/core/error.h"
#include "experiments/play_run.h"
#include "experiments/rotation.h"
#include "experiments/shards.h"

namespace qilab::cli {
namespace {

struct PlayArgs {
  GameArgs game;
  std::vector<std::string> agents{"random"};
  std::int64_t games = 1;
  std::string seed = "0";  // read by parse_seed: CLI11 would take -1 as 2^64-1 and saturate above 2^64-1
  int threads = 1;
  std::string out;
};

// A seed is 0 to 2^64-1 in decimal digits; anything else is refused rather than wrapped.
std::uint64_t parse_seed(const std::string& text) {
  std::uint64_t v = 0;
  const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (!digits || ec != std::errc() || end != text.data() + text.size())
    throw Error("--seed: expected an integer 0 to 18446744073709551615 (decimal digits), got '" + text + "'");
  return v;
}

// The output directory's path must be one the system can use; found out before any game is played.
void check_out_path(const std::string& out) {
  std::error_code ec;
  (void)std::filesystem::status(out, ec);
  if (ec && ec != std::errc::no_such_file_or_directory) throw Error("--out '" + out + "': " + ec.message());
}

void run(const PlayArgs& a) {
  const std::uint64_t seed = parse_seed(a.seed);
  check_out_path(a.out);
  const GameConfig config = game_config(a.game);
  experiments::MatchConfig m;
  m.agents = split_agent_list(a.agents);
  m.games = a.games;
  m.seed = seed;
  m.threads = a.threads;
  m.out_dir = a.out;
  ProgressLine progress;
  m.on_progress = [&progress](std::int64_t done, std::int64_t total) { progress.update(done, total); };
  experiments::PlayReport rep;
  try {
    rep = experiments::run_play(config, game_settings(a.game), m);
  } catch (...) {
    progress.finish();
    throw;
  }
  progress.finish();
  if (!experiments::shards::root()) return;  // rank 0 of an MPI run reports (docs/scale.md)
  std::string text = rep.table;
  text += fmt::format("\n{} games played now, {} already in {} (resumed)", rep.played, rep.resumed,
                      rep.store_path);
  if (rep.beyond > 0) text += fmt::format(" ({} later games there left out of this summary)", rep.beyond);
  text += fmt::format("; {:.1f} s on {} thread{}\nwrote {}, {} and {}\n",
                      rep.summary["run"]["seconds"].get<double>(), a.threads, a.threads == 1 ? "" : "s",
                      rep.store_path, rep.records_path, rep.summary_path);
  const auto teams = rep.summary["teams"].get<std::vector<int>>();
  if (!experiments::play_seats_even(m.agents, teams, a.games))
    text += fmt::format(
        "note: {} games do not seat every agent in every seat equally often, so seat effects do not "
        "cancel out of the agents' rates; a multiple of {} games would (docs/cli.md, \"Seats\")\n",
        a.games, experiments::play_seats_round(m.agents, teams));
  print(text);
}

// The run keeps a result slot per game in memory; ten million is far past any balance study.
constexpr long long kMaxGames = 10'000'000;
// More threads than this is a typo, not a machine.
constexpr long long kMaxThreads = 4096;

}  // namespace

void add_play_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "play",
      "Play a match between agents into DIR/tournament.db (resumable); export games.jsonl and summary.json");
  auto a = std::make_shared<PlayArgs>();
  add_game_options(cmd, a->game);
  cmd->add_option(
         "-A,--agents", a->agents,
         "Agents, comma-separated, rotated over the seats: game i, seat s plays agent (s+i) mod count "
         "(random, greedy, kind:key=value,...)")
      ->capture_default_str()
      ->allow_extra_args(false);
  cmd->add_option("-n,--games", a->games, "Number of games")
      ->capture_default_str()
      ->check(integer_in(1, kMaxGames));
  cmd->add_option("--seed", a->seed, "Seed of the run, 0 to 2^64-1; game i draws from Rng(seed).split(i)")
      ->capture_default_str();
  cmd->add_option("-t,--threads", a->threads, "Games played at once (OpenMP threads)")
      ->capture_default_str()
      ->check(integer_in(1, kMaxThreads));
  cmd->add_option(
         "-o,--out", a->out,
         "Output directory: tournament.db (SQLite), games.jsonl and summary.json; rerun to resume or extend")
      ->required();
  cmd->callback([a] { run(*a); });
}

}  // namespace qilab::cli

// qilab play: the match runner (experiments/match.h) on the command line.
#include <charconv>
#include <memory>

#include <fmt/format.h>

#include "apps/qilab/agent_list.h"
#include "apps/qilab/commands.h"
#include "apps/qilab/game_args.h"
#include "apps/qilab/progress.h"
#include "experiments/match.h"

namespace qilab::cli {
namespace {

struct PlayArgs {
  GameArgs game;
  std::vector<std::string> agents{"random"};
  std::int64_t games = 1;
  std::uint64_t seed = 0;
  int threads = 1;
  std::string out;
};

void run(const PlayArgs& a) {
  const GameConfig config = game_config(a.game);
  experiments::MatchConfig m;
  m.agents = split_agent_list(a.agents);
  m.games = a.games;
  m.seed = a.seed;
  m.threads = a.threads;
  m.out_dir = a.out;
  ProgressLine progress;
  m.on_progress = [&progress](std::int64_t done, std::int64_t total) { progress.update(done, total); };
  experiments::MatchReport rep;
  try {
    rep = experiments::run_match(config, a.game.sets, m);
  } catch (...) {
    progress.finish();
    throw;
  }
  progress.finish();
  std::string text = rep.table;
  text += fmt::format("\n{} games played now, {} already in {} (resumed)", rep.played, rep.resumed, rep.records_path);
  if (rep.beyond > 0) text += fmt::format(" ({} later games there left out of this summary)", rep.beyond);
  text += fmt::format("; {:.1f} s on {} thread{}\nwrote {} and {}\n", rep.summary["run"]["seconds"].get<double>(),
                      a.threads, a.threads == 1 ? "" : "s", rep.records_path, rep.summary_path);
  print(text);
}

}  // namespace

// CLI::PositiveNumber would accept 0.5 and answer "x" with a 300-digit range.
const CLI::Validator positive(
    [](const std::string& text) -> std::string {
      long long v = 0;
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc() || end != text.data() + text.size() || v < 1)
        return "expected a positive integer, got '" + text + "'";
      return {};
    },
    "POSITIVE");

void add_play_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("play", "Play a match between agents; write games.jsonl and summary.json");
  auto a = std::make_shared<PlayArgs>();
  add_game_options(cmd, a->game);
  cmd->add_option("-A,--agents", a->agents,
                  "Agents, comma-separated, rotated over the seats: game i, seat s plays agent (s+i) mod count "
                  "(random, greedy, kind:key=value,...)")
      ->capture_default_str()
      ->allow_extra_args(false);
  cmd->add_option("-n,--games", a->games, "Number of games")->capture_default_str()->check(positive);
  cmd->add_option("--seed", a->seed, "Seed of the run; game i draws from Rng(seed).split(i)")->capture_default_str();
  cmd->add_option("-t,--threads", a->threads, "Games played at once (OpenMP threads)")
      ->capture_default_str()
      ->check(positive);
  cmd->add_option("-o,--out", a->out, "Output directory; an existing games.jsonl of the same run is resumed")
      ->required();
  cmd->callback([a] { run(*a); });
}

}  // namespace qilab::cli

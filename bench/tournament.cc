// Tournament overhead and store writes (docs/performance.md, "Tournaments").
//
// BM_GamesAlone:   checkers 2 players, random agents, each game played by the referee's loop
//                  with nothing kept (agents choose, the state applies) -- the games themselves.
// BM_Referee:      the same games through the referee (match.h, play_seated): each game's
//                  record (without notation, as in tournaments), fresh agents, nothing stored.
// BM_Tournament:   the same games through run_tournament: records, seating, scheduling, the
//                  SQLite store (WAL, one transaction per 256 games) and the summary; args:
//                  threads, games (8,192, or 2: a run's fixed costs -- creating the store,
//                  the summary, the closing checkpoint).
//                  The overhead is BM_Tournament / BM_GamesAlone - 1 at the same thread count;
//                  both play the same games (plies/game shows it).
// BM_StoreWrite:   100,000 recorded games (cycling through 200 real checkers records) written
//                  into a fresh store in batches of 256 (the default); reports the time and
//                  games/s.
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <filesystem>

#include "agents/random_agent.h"
#include "engine/checkers/checkers.h"
#include "engine/core/config.h"
#include "experiments/match.h"
#include "experiments/store.h"
#include "experiments/tournament.h"

namespace fs = std::filesystem;
using namespace qilab;
using namespace qilab::experiments;

namespace {

constexpr std::int64_t kGames = 8192;  // enough that a store's creation and summary are a small part

const checkers::Checkers& game() {
  static const checkers::Checkers g(resolve_options(checkers::Checkers::option_specs(),
                                                    GameConfig{"checkers", "bench", {{"players", 2}}}, {}));
  return g;
}

TournamentConfig config(int threads, std::int64_t games = kGames) {
  TournamentConfig c = parse_tournament_config(
      "game = \"configs/games/checkers-2p.toml\"\nagents = [\"random\"]\ngames_per_lineup = " +
          std::to_string(games) + "\nseed = 9\n",
      "bench.toml");
  c.threads = threads;
  return c;
}

std::string scratch(const std::string& name) {
  return (fs::temp_directory_path() / ("qilab_bench_" + std::to_string(::getpid()) + "_" + name)).string();
}

void BM_GamesAlone(benchmark::State& bs) {
  const int threads = static_cast<int>(bs.range(0));
  using S = checkers::State;
  std::int64_t games = 0, plies = 0;
  for (auto _ : bs) {
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) reduction(+ : plies)
    for (std::int64_t g = 0; g < kGames; ++g) {
      Rng rng = Rng(9).split(static_cast<std::uint64_t>(g));
      RandomAgent<S> a, b;
      S s = game().initial_state();
      while (!s.is_terminal()) {
        const Action x = s.current_player() == 0 ? a.choose(s, rng) : b.choose(s, rng);
        s.apply(x);
        ++plies;
      }
      benchmark::DoNotOptimize(s);
    }
    games += kGames;
  }
  bs.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  bs.counters["plies/game"] = static_cast<double>(plies) / static_cast<double>(games);
}

void BM_Referee(benchmark::State& bs) {
  const int threads = static_cast<int>(bs.range(0));
  MatchConfig match;
  match.agents = {"random"};
  match.seed = 9;
  const RunIdentity id = identity_of(game(), match);
  auto make = [](const checkers::Checkers& g, const std::string& spec) { return make_agent(g, spec); };
  Referee referee;
  referee.notation = false;  // as in tournaments: the store keeps actions only
  std::int64_t games = 0, plies = 0;
  for (auto _ : bs) {
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) reduction(+ : plies)
    for (std::int64_t g = 0; g < kGames; ++g) {
      const GameRecord r = play_seated(game(), id, g, {"random", "random"}, make, referee, 0, true);
      plies += static_cast<std::int64_t>(r.actions.size());
    }
    games += kGames;
  }
  bs.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  bs.counters["plies/game"] = static_cast<double>(plies) / static_cast<double>(games);
}

void BM_Tournament(benchmark::State& bs) {
  const int threads = static_cast<int>(bs.range(0));
  const std::int64_t n = bs.range(1);
  const TournamentConfig cfg = config(threads, n);
  const std::string dir = scratch("tour");
  std::int64_t games = 0;
  double plies = 0;
  for (auto _ : bs) {
    bs.PauseTiming();
    fs::remove_all(dir);
    bs.ResumeTiming();
    const TournamentReport rep = run_tournament(game(), cfg, dir);
    games += n;
    plies += rep.summary["length"]["mean"].get<double>() * static_cast<double>(n);
  }
  fs::remove_all(dir);
  bs.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  bs.counters["plies/game"] = plies / static_cast<double>(games);
}

void BM_StoreWrite(benchmark::State& bs) {
  const std::int64_t total = bs.range(0);
  const std::string dir = scratch("store");
  // 200 real records to cycle through.
  fs::remove_all(dir);
  TournamentConfig cfg = config(2);
  cfg.games_per_lineup = 200;
  run_tournament(game(), cfg, dir);
  const std::vector<GameRecord> sample = read_store_records(dir + "/tournament.db");
  const TournamentPlan plan = plan_tournament(cfg, "checkers", game().options().to_json(), {0, 1});
  std::size_t bytes = 0;
  for (const auto& r : sample) bytes += r.to_json().dump().size();
  for (auto _ : bs) {
    bs.PauseTiming();
    fs::remove_all(dir);
    fs::create_directories(dir);
    bs.ResumeTiming();
    Store store = Store::open_for_write(dir + "/tournament.db", plan.identity);
    std::vector<GameRecord> batch;
    for (std::int64_t g = 0; g < total; ++g) {
      batch.push_back(sample[static_cast<std::size_t>(g) % sample.size()]);
      batch.back().index = g;
      if (static_cast<int>(batch.size()) == cfg.batch || g + 1 == total) {
        store.write(batch);
        batch.clear();
      }
    }
  }
  std::error_code ec;
  bs.counters["db_MB"] = static_cast<double>(fs::file_size(dir + "/tournament.db", ec)) / 1e6;
  bs.counters["mean_record_bytes"] = static_cast<double>(bytes) / static_cast<double>(sample.size());
  bs.counters["games/s"] = benchmark::Counter(
      static_cast<double>(total) * static_cast<double>(bs.iterations()), benchmark::Counter::kIsRate);
  fs::remove_all(dir);
}

}  // namespace

BENCHMARK(BM_GamesAlone)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);
BENCHMARK(BM_Referee)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);
BENCHMARK(BM_Tournament)
    ->Args({1, kGames})
    ->Args({2, kGames})
    ->Args({1, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(2.0);
BENCHMARK(BM_StoreWrite)->Arg(100'000)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);

BENCHMARK_MAIN();

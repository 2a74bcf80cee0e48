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
// BM_Overhead:     the target itself, one thread: each iteration plays the games of BM_GamesAlone
//                  and then BM_Tournament's (or the other way round: ABBA), each timed by the
//                  wall clock, so that the machine's changes of speed (this virtual machine's
//                  core runs 10-30% slower for minutes at a time) fall on both sides of a pair.
//                  Counters: the median of tournament / bare games over the pairs, and the 95%
//                  interval of that median (order statistics, binomial); the run's fixed costs
//                  (head_ms: the plan, the store's creation, the first write; tail_ms: the
//                  summary and the store's closing), timed by the batches' progress reports, and
//                  the ratio without them (per_game). Arg: games a run (8,192: 30 pairs, about
//                  two minutes; 65,536, where the fixed costs weigh an eighth as much: 10 pairs,
//                  about three minutes).
// BM_Scaling:      the other target, 2 threads at least 1.8x the games/s of 1, in its two
//                  readings, beside the bare games' own scaling: each iteration is a round of
//                  five runs of the same games, in random order, each timed by the wall clock --
//                  the bare games on one thread and on two; tournaments with one game thread
//                  and the second core to spare for the store's writing, with one game thread
//                  confined to one core with every thread it starts (its writer and checkpoints
//                  then share the game's core, as at two threads they share the game threads'),
//                  and with two game threads. Counters, per ratio of the rounds' times, the
//                  median, the 95% interval of that median and the rounds at 1.8 or more:
//                  spare (one thread with a core to spare against two threads), core (one
//                  thread confined to a core against two threads), bare (the bare games, one
//                  thread against two: the machine's own ceiling). Also the medians of the
//                  tournaments' CPU time (user + system) over the two-thread run's (the same
//                  work, or not), and of the one-thread tournament over the one-thread bare
//                  games; and spare's two factors: spare_ceiling, twice the one-thread time
//                  over the two-thread run's CPU time (what spare would be, were both cores
//                  busy with the two threads' work), and two_busy, the two-thread run's CPU
//                  time over twice its wall time (how busy it kept them). Arg: games a run
//                  (32,768: 20 rounds, about eight minutes).
// BM_StoreWrite:   100,000 recorded games (cycling through 200 real checkers records) written
//                  into a fresh store in batches of 256 (the default); reports the time and
//                  games/s.
#include <benchmark/benchmark.h>

#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

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

// The bare games: `threads` threads play the first `games` games; returns their plies.
std::int64_t play_bare(int threads, std::int64_t games = kGames) {
  using S = checkers::State;
  std::int64_t plies = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) reduction(+ : plies)
  for (std::int64_t g = 0; g < games; ++g) {
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
  return plies;
}

void BM_GamesAlone(benchmark::State& bs) {
  const int threads = static_cast<int>(bs.range(0));
  std::int64_t games = 0, plies = 0;
  for (auto _ : bs) {
    plies += play_bare(threads);
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

// The 95% interval of the median of n values as 1-based order statistics [j, n + 1 - j]: the
// largest j with P(Binomial(n, 1/2) < j) <= 0.025 (at least 1).
std::size_t median_rank_low(std::size_t n) {
  double below = 0, term = std::pow(0.5, static_cast<double>(n));  // P(X = 0)
  std::size_t j = 1;
  for (std::size_t k = 0; k < n; ++k) {
    if (below + term > 0.025) break;  // P(X <= k) > 0.025: j = k + 1 is the largest
    below += term;
    j = k + 1;
    term *= static_cast<double>(n - k) / static_cast<double>(k + 1);
  }
  return j;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void BM_Overhead(benchmark::State& bs) {
  using Clock = std::chrono::steady_clock;
  const std::int64_t games = bs.range(0);
  TournamentConfig cfg = config(1, games);
  std::vector<Clock::time_point> stored_at;  // when each batch was stored (the writer's thread)
  std::vector<std::int64_t> stored;          // and the games stored by then
  cfg.on_progress = [&](std::int64_t n, std::int64_t) {
    stored_at.push_back(Clock::now());
    stored.push_back(n);
  };
  const std::string dir = scratch("overhead");
  auto ms = [](Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); };
  std::vector<double> ratios, heads, tails, middles;
  double bare_plies = 0, tour_plies = 0;
  for (auto _ : bs) {
    fs::remove_all(dir);
    stored_at.clear();
    stored.clear();
    double bare = 0, tour = 0;
    auto play_games = [&] {
      const auto t0 = Clock::now();
      bare_plies += static_cast<double>(play_bare(1, games));
      bare = ms(Clock::now() - t0);
    };
    auto play_tour = [&] {
      const auto t0 = Clock::now();
      const TournamentReport rep = run_tournament(game(), cfg, dir);
      const auto t1 = Clock::now();
      tour = ms(t1 - t0);
      tour_plies += rep.summary["length"]["mean"].get<double>() * static_cast<double>(games);
      // A run's fixed costs: the head, from the start to the first batch stored less a batch's
      // time (the median gap between full batches; the last ones are smaller): the plan, the
      // store's creation and the first batch's write; the tail, from the last batch stored to
      // the return: the summary and the store's closing.
      std::vector<double> gaps;
      for (std::size_t k = 1; k < stored_at.size(); ++k)
        if (stored[k] - stored[k - 1] == cfg.batch) gaps.push_back(ms(stored_at[k] - stored_at[k - 1]));
      if (gaps.empty() || stored.front() != cfg.batch)
        throw std::logic_error("BM_Overhead needs a run of at least two full batches");
      heads.push_back(ms(stored_at.front() - t0) - median(gaps));
      tails.push_back(ms(t1 - stored_at.back()));
    };
    if (const std::size_t k = ratios.size() % 4; k == 0 || k == 3) {
      play_games();
      play_tour();
    } else {
      play_tour();
      play_games();
    }
    ratios.push_back(tour / bare);
    middles.push_back((tour - heads.back() - tails.back()) / bare);
  }
  fs::remove_all(dir);
  std::sort(ratios.begin(), ratios.end());
  const std::size_t n = ratios.size(), j = median_rank_low(n);
  bs.counters["pairs"] = static_cast<double>(n);
  bs.counters["tour/bare"] = median(ratios);
  bs.counters["low95"] = ratios[j - 1];
  bs.counters["high95"] = ratios[n - j];
  bs.counters["head_ms"] = median(heads);
  bs.counters["tail_ms"] = median(tails);
  bs.counters["per_game"] = median(middles);             // tour/bare without the head and the tail
  bs.counters["plies_ratio"] = tour_plies / bare_plies;  // 1: both play the same games
}

// The process's CPU time so far (user + system, every thread), in seconds.
double process_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  auto s = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return s(u.ru_utime) + s(u.ru_stime);
}

void BM_Scaling(benchmark::State& bs) {
  using Clock = std::chrono::steady_clock;
  const std::int64_t games = bs.range(0);
  cpu_set_t cores;
  if (sched_getaffinity(0, sizeof cores, &cores) != 0 || CPU_COUNT(&cores) < 2) {
    bs.SkipWithError("BM_Scaling needs two cores");
    return;
  }
  cpu_set_t one;  // the first of them
  CPU_ZERO(&one);
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &cores)) {
      CPU_SET(c, &one);
      break;
    }
  const std::string dir = scratch("scaling");
  enum Run { kBare1, kBare2, kSpare, kCore, kTwo };
  // One run; its wall and CPU seconds. Confined to one core, this thread and every thread the
  // tournament starts (they inherit the affinity) share it; the affinity is restored after.
  auto play = [&](Run run) -> std::pair<double, double> {
    fs::remove_all(dir);
    if (run == kCore && sched_setaffinity(0, sizeof one, &one) != 0)
      throw std::runtime_error("BM_Scaling: cannot confine the run to one core");
    const double cpu0 = process_cpu_seconds();
    const auto t0 = Clock::now();
    if (run == kBare1 || run == kBare2)
      play_bare(run == kBare1 ? 1 : 2, games);
    else
      run_tournament(game(), config(run == kTwo ? 2 : 1, games), dir);
    const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
    const double cpu = process_cpu_seconds() - cpu0;
    if (run == kCore) sched_setaffinity(0, sizeof cores, &cores);
    return {wall, cpu};
  };
  std::array<Run, 5> order = {kBare1, kBare2, kSpare, kCore, kTwo};
  std::mt19937 shuffle(9);
  std::vector<double> spare, core, bare, cpu_spare, cpu_core, over, ceiling, busy;
  for (auto _ : bs) {
    std::shuffle(order.begin(), order.end(), shuffle);
    std::array<std::pair<double, double>, 5> t{};
    for (const Run r : order) t[r] = play(r);
    spare.push_back(t[kSpare].first / t[kTwo].first);
    core.push_back(t[kCore].first / t[kTwo].first);
    bare.push_back(t[kBare1].first / t[kBare2].first);
    cpu_spare.push_back(t[kSpare].second / t[kTwo].second);
    cpu_core.push_back(t[kCore].second / t[kTwo].second);
    over.push_back(t[kSpare].first / t[kBare1].first);
    // spare = ceiling x busy: the ratio if the two threads kept both cores busy with their
    // work, and the share of both cores they kept busy.
    ceiling.push_back(2 * t[kSpare].first / t[kTwo].second);
    busy.push_back(t[kTwo].second / (2 * t[kTwo].first));
  }
  fs::remove_all(dir);
  const std::size_t n = spare.size(), j = median_rank_low(n);
  auto report = [&](const std::string& name, std::vector<double> v) {
    bs.counters[name] = median(v);
    std::sort(v.begin(), v.end());
    bs.counters[name + "_low95"] = v[j - 1];
    bs.counters[name + "_high95"] = v[n - j];
    bs.counters[name + "_rounds>=1.8"] =
        static_cast<double>(std::count_if(v.begin(), v.end(), [](double x) { return x >= 1.8; }));
  };
  bs.counters["rounds"] = static_cast<double>(n);
  report("spare", spare);
  report("core", core);
  report("bare", bare);
  bs.counters["cpu_spare/two"] = median(cpu_spare);
  bs.counters["cpu_core/two"] = median(cpu_core);
  bs.counters["tour1/bare1"] = median(over);
  bs.counters["spare_ceiling"] = median(ceiling);
  bs.counters["two_busy"] = median(busy);
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
BENCHMARK(BM_Overhead)->Arg(kGames)->Iterations(30)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Overhead)->Arg(8 * kGames)->Iterations(10)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Scaling)->Arg(4 * kGames)->Iterations(20)->Unit(benchmark::kSecond)->UseRealTime();
BENCHMARK(BM_StoreWrite)->Arg(100'000)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);

BENCHMARK_MAIN();

// junqi engine speed: random playouts (legal-move generation plus apply) from random
// deployments, legal-move generation and state copy, and determinisation (sample_world) in
// mid-game positions. Figures and the machine are recorded in docs/performance.md.
#include <time.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "bench/harness.h"
#include "engine/junqi/junqi.h"
#include "engine/junqi/sampler.h"

using namespace qilab;
using namespace qilab::junqi;

namespace {

template <class G>
G make(bool resign = true) {
  Options o(G::option_specs());
  if (!resign) o.set_from_text("resign_after", "-1", "bench");
  return G(o);
}

// Full random games from the start (each seat's 25 placements are random legal actions,
// counted in the actions and the mean length); games/s, actions/s, mean_length. Arg: 1 the
// default rules (random players resign often once allowed, after move 60), 0 no resignation.
template <class G>
void BM_RandomPlayout(benchmark::State& bs) {
  bench::random_playouts(bs, make<G>(bs.range(0) != 0).initial_state());
}
BENCHMARK(BM_RandomPlayout<Junqi6>)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RandomPlayout<Junqi4>)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

// Positions `plies` moves after deployment into random games without resignation.
template <class G>
std::vector<State> midgame(int plies) {
  const G game = make<G>(false);
  return bench::midgame_positions(game.initial_state(), 25 * game.num_players() + plies);
}

void BM_LegalActions(benchmark::State& bs) { bench::legal_actions(bs, midgame<Junqi6>(150)); }
BENCHMARK(BM_LegalActions);

void BM_StateCopy(benchmark::State& bs) { bench::state_copy(bs, midgame<Junqi6>(150)); }
BENCHMARK(BM_StateCopy);

// Worlds for the seat to move, mid-game (arg: moves played after deployment).
template <class G>
void BM_SampleWorld(benchmark::State& bs) {
  const auto positions = midgame<G>(static_cast<int>(bs.range(0)));
  Rng rng(3);
  std::size_t i = 0;
  std::int64_t fights = 0;
  for (const auto& s : positions) fights += s.num_fights();
  for (auto _ : bs) {
    const State& s = positions[i++ % positions.size()];
    benchmark::DoNotOptimize(s.sample_world(s.current_player(), rng));
  }
  bs.counters["worlds/s"] =
      benchmark::Counter(static_cast<double>(bs.iterations()), benchmark::Counter::kIsRate);
  bs.counters["fights/position"] = static_cast<double>(fights) / static_cast<double>(positions.size());
}
BENCHMARK(BM_SampleWorld<Junqi6>)->Arg(100)->Arg(300);
BENCHMARK(BM_SampleWorld<Junqi4>)->Arg(150);

// The slowest position for sample_world found in the records of 40 junqi6 games of the strong
// agent against greedy (tests/junqi/data/sampler-slow-junqi6.json; docs/search.md, "junqi time
// outliers"): the fast search often fails all its restarts there. Arg: the restarts before the
// complete search (kSamplerAttempts, as agents draw; 0: the complete search alone). Counters:
// worlds/s and the slowest draw of the run in ms of the thread's CPU time (what the draw
// computed, not the time a loaded machine made it wait).
double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

void BM_SampleWorldSlow(benchmark::State& bs) {
  Options o(Junqi6::option_specs());
  const Junqi6 game(o);
  std::ifstream in(std::string(QILAB_SOURCE_DIR) + "/tests/junqi/data/sampler-slow-junqi6.json");
  const State s = game.state_from_json(nlohmann::json::parse(in));
  const int attempts = static_cast<int>(bs.range(0));
  Rng rng(3);
  double slowest = 0;
  for (auto _ : bs) {
    const double start = thread_cpu_ms();
    benchmark::DoNotOptimize(sample_world_steps(s, s.current_player(), rng, -1, attempts));
    slowest = std::max(slowest, thread_cpu_ms() - start);
  }
  bs.counters["worlds/s"] =
      benchmark::Counter(static_cast<double>(bs.iterations()), benchmark::Counter::kIsRate);
  bs.counters["slowest_ms"] = slowest;
}
BENCHMARK(BM_SampleWorldSlow)->Arg(kSamplerAttempts)->Arg(0)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();

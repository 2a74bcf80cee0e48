// junqi engine speed: random playouts (legal-move generation plus apply) from random
// deployments, legal-move generation and state copy, and determinisation (sample_world) in
// mid-game positions. Figures and the machine are recorded in docs/performance.md.
#include <string>

#include "bench/harness.h"
#include "engine/junqi/junqi.h"

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

}  // namespace

BENCHMARK_MAIN();

// junqi engine speed: random playouts (legal-move generation plus apply) from random
// deployments, and determinisation (sample_world) in mid-game positions.
#include <benchmark/benchmark.h>

#include <vector>

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

// Full random games (random deployments included); counts games and actions. Arg: 1 with
// resignation allowed (the default rules; random players resign often), 0 without.
template <class G>
void BM_RandomPlayout(benchmark::State& bs) {
  const G game = make<G>(bs.range(0) != 0);
  Rng rng(1);
  ActionList legal;
  std::int64_t actions = 0, games = 0, moves = 0;
  for (auto _ : bs) {
    State s = game.initial_state();
    while (!s.is_terminal()) {
      s.legal_actions(legal);
      s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
      ++actions;
    }
    moves += s.play_moves();
    ++games;
    benchmark::DoNotOptimize(s);
  }
  bs.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  bs.counters["actions/s"] = benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
  bs.counters["actions/game"] = static_cast<double>(actions) / static_cast<double>(games);
  bs.counters["moves/game"] = static_cast<double>(moves) / static_cast<double>(games);
}
BENCHMARK(BM_RandomPlayout<Junqi6>)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RandomPlayout<Junqi4>)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

// Positions `plies` moves into random games without resignation.
template <class G>
std::vector<State> midgame(int plies) {
  const G game = make<G>(false);
  Rng rng(2);
  ActionList legal;
  std::vector<State> out;
  while (out.size() < 32) {
    State s = game.initial_state();
    for (int i = 0; i < 25 * game.num_players() + plies && !s.is_terminal(); ++i) {
      s.legal_actions(legal);
      s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
    }
    if (!s.is_terminal()) out.push_back(s);
  }
  return out;
}

template <class G>
void BM_LegalActions(benchmark::State& bs) {
  const auto positions = midgame<G>(150);
  ActionList legal;
  std::size_t i = 0;
  for (auto _ : bs) {
    positions[i++ % positions.size()].legal_actions(legal);
    benchmark::DoNotOptimize(legal.size());
  }
}
BENCHMARK(BM_LegalActions<Junqi6>);

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
  bs.counters["worlds/s"] = benchmark::Counter(static_cast<double>(bs.iterations()), benchmark::Counter::kIsRate);
  bs.counters["fights/position"] = static_cast<double>(fights) / static_cast<double>(positions.size());
}
BENCHMARK(BM_SampleWorld<Junqi6>)->Arg(100)->Arg(300);
BENCHMARK(BM_SampleWorld<Junqi4>)->Arg(150);

}  // namespace

BENCHMARK_MAIN();

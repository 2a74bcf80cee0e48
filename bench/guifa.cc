// guifa engine speed: random playouts (legal generation plus apply), legal-move generation
// and state copy. Figures are recorded in docs/rules/guifa.md ("Speed").
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "engine/guifa/guifa.h"

using namespace qilab;
using namespace qilab::guifa;

namespace {

// Arg: 0 = 2 players, 1 = 4 players 2v2, 2 = 4 players free-for-all.
Guifa make(int variant) {
  Options o(Guifa::option_specs());
  o.set_from_text("players", variant == 0 ? "2" : "4", "bench");
  o.set_from_text("teams", variant == 2 ? "free_for_all" : "alliance", "bench");
  return Guifa(o);
}

// Full random games to a scepter's fall, the source or the turn cap; counts games and actions.
void BM_RandomPlayout(benchmark::State& bs) {
  const Guifa game = make(static_cast<int>(bs.range(0)));
  Rng rng(1);
  ActionList legal;
  std::int64_t actions = 0, games = 0;
  for (auto _ : bs) {
    State s = game.initial_state();
    while (!s.is_terminal()) {
      s.legal_actions(legal);
      s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
      ++actions;
    }
    ++games;
    benchmark::DoNotOptimize(s);
  }
  bs.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  bs.counters["actions/s"] = benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
  bs.counters["mean_length"] = static_cast<double>(actions) / static_cast<double>(games);
}
BENCHMARK(BM_RandomPlayout)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

std::vector<State> midgame_positions() {
  const Guifa game = make(1);
  Rng rng(2);
  ActionList legal;
  std::vector<State> out;
  for (int g = 0; g < 16; ++g) {
    State s = game.initial_state();
    for (int i = 0; i < 60 && !s.is_terminal(); ++i) {
      s.legal_actions(legal);
      s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
    }
    if (!s.is_terminal()) out.push_back(s);
  }
  return out;
}

void BM_LegalActions(benchmark::State& bs) {
  const auto positions = midgame_positions();
  ActionList legal;
  std::size_t i = 0;
  for (auto _ : bs) {
    positions[i++ % positions.size()].legal_actions(legal);
    benchmark::DoNotOptimize(legal.size());
  }
  bs.counters["calls/s"] = benchmark::Counter(static_cast<double>(bs.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_LegalActions);

void BM_StateCopy(benchmark::State& bs) {
  const auto positions = midgame_positions();
  std::size_t i = 0;
  for (auto _ : bs) {
    State copy = positions[i++ % positions.size()];
    benchmark::DoNotOptimize(copy);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_StateCopy);

}  // namespace

BENCHMARK_MAIN();

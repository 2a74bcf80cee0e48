// Checkers engine speed: random playouts, legal-move generation, state copy.
// Figures and the machine are recorded in docs/performance.md.
#include <benchmark/benchmark.h>

#include <vector>

#include "engine/checkers/checkers.h"

using namespace qilab;
using namespace qilab::checkers;

namespace {

Checkers make(int players) {
  Options o(Checkers::option_specs());
  o.set_from_text("players", std::to_string(players), "bench");
  return Checkers(o);
}

// Full random games to the turn cap (or a win); counts games and actions.
void BM_RandomPlayout(benchmark::State& bs) {
  const Checkers game = make(static_cast<int>(bs.range(0)));
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
}
BENCHMARK(BM_RandomPlayout)->Arg(2)->Arg(6)->Unit(benchmark::kMillisecond);

// The same games drawn with State::random_action (no move list), as search rollouts do.
void BM_RandomPlayoutNoList(benchmark::State& bs) {
  const Checkers game = make(static_cast<int>(bs.range(0)));
  Rng rng(1);
  std::int64_t actions = 0, games = 0;
  for (auto _ : bs) {
    State s = game.initial_state();
    while (!s.is_terminal()) {
      s.apply(s.random_action(rng));
      ++actions;
    }
    ++games;
    benchmark::DoNotOptimize(s);
  }
  bs.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  bs.counters["actions/s"] = benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RandomPlayoutNoList)->Arg(2)->Arg(6)->Unit(benchmark::kMillisecond);

// Mid-game positions of 6-player random games, for per-call costs.
std::vector<State> midgame_positions() {
  const Checkers game = make(6);
  Rng rng(2);
  ActionList legal;
  std::vector<State> out;
  for (int g = 0; g < 16; ++g) {
    State s = game.initial_state();
    for (int i = 0; i < 300 && !s.is_terminal(); ++i) {
      s.legal_actions(legal);
      s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
    }
    out.push_back(s);
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

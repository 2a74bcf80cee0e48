// Checkers engine speed: random playouts, legal-move generation, state copy.
// Figures and the machine are recorded in docs/performance.md.
#include <string>

#include "bench/harness.h"
#include "engine/checkers/checkers.h"

using namespace qilab;
using namespace qilab::checkers;

namespace {

Checkers make(int players) {
  Options o(Checkers::option_specs());
  o.set_from_text("players", std::to_string(players), "bench");
  return Checkers(o);
}

// Full random games to the turn cap (or a win), building the move list each step.
void BM_RandomPlayout(benchmark::State& bs) {
  bench::random_playouts(bs, make(static_cast<int>(bs.range(0))).initial_state());
}
BENCHMARK(BM_RandomPlayout)->Arg(2)->Arg(6)->Unit(benchmark::kMillisecond);

// The same games drawn with State::random_action (no move list), as search rollouts do.
void BM_RandomPlayoutNoList(benchmark::State& bs) {
  bench::random_playouts(bs, make(static_cast<int>(bs.range(0))).initial_state(),
                         [](const State& s, Rng& rng) { return s.random_action(rng); });
}
BENCHMARK(BM_RandomPlayoutNoList)->Arg(2)->Arg(6)->Unit(benchmark::kMillisecond);

// Mid-game positions of 6-player random games, for per-call costs.
void BM_LegalActions(benchmark::State& bs) {
  bench::legal_actions(bs, bench::midgame_positions(make(6).initial_state(), 300));
}
BENCHMARK(BM_LegalActions);

void BM_StateCopy(benchmark::State& bs) {
  bench::state_copy(bs, bench::midgame_positions(make(6).initial_state(), 300));
}
BENCHMARK(BM_StateCopy);

}  // namespace

BENCHMARK_MAIN();

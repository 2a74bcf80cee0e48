// guifa engine speed: random playouts (legal generation plus apply), legal-move generation
// and state copy. Figures are recorded in docs/performance.md and docs/rules/guifa.md ("Speed").
#include <string>

#include "bench/harness.h"
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
  bench::random_playouts(bs, make(static_cast<int>(bs.range(0))).initial_state());
}
BENCHMARK(BM_RandomPlayout)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

// The same games drawn with State::random_action (no move list), as search rollouts do.
void BM_RandomActionPlayout(benchmark::State& bs) {
  bench::random_playouts(bs, make(static_cast<int>(bs.range(0))).initial_state(),
                         [](const State& s, Rng& rng) { return s.random_action(rng); });
}
BENCHMARK(BM_RandomActionPlayout)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

// Positions 60 random actions into 2v2 games, for per-call costs.
void BM_LegalActions(benchmark::State& bs) {
  bench::legal_actions(bs, bench::midgame_positions(make(1).initial_state(), 60));
}
BENCHMARK(BM_LegalActions);

void BM_StateCopy(benchmark::State& bs) {
  bench::state_copy(bs, bench::midgame_positions(make(1).initial_state(), 60));
}
BENCHMARK(BM_StateCopy);

}  // namespace

BENCHMARK_MAIN();

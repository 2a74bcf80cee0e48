// elements engine speed: random playouts (legal generation plus apply, chance by its exact
// law), legal-move generation and state copy. Figures in docs/performance.md ("elements").
#include <string>

#include "bench/harness.h"
#include "engine/elements/elements.h"

using namespace qilab;
using namespace qilab::elements;

namespace {

// Arg: players (2, 4 or 6).
Elements make(int players) {
  Options o(Elements::option_specs());
  o.set_from_text("players", std::to_string(players), "bench");
  return Elements(o);
}

// Decisions uniformly from the legal list; chance nodes sampled from their exact distribution.
Action pick(const State& s, ActionList& legal, Rng& rng) {
  if (s.is_chance()) return s.sample_chance(rng);
  return bench::random_legal(s, legal, rng);
}

void BM_RandomPlayout(benchmark::State& bs) {
  ActionList legal;
  bench::random_playouts(bs, make(static_cast<int>(bs.range(0))).initial_state(),
                         [&](const State& s, Rng& rng) { return pick(s, legal, rng); });
}
BENCHMARK(BM_RandomPlayout)->Arg(2)->Arg(4)->Arg(6)->Unit(benchmark::kMillisecond);

std::vector<State> midgame(int depth) {
  const Elements g = make(2);
  Rng rng(2);
  ActionList legal;
  std::vector<State> out;
  for (int i = 0; i < 16; ++i) {
    State s = g.initial_state();
    for (int k = 0; k < depth && !s.is_terminal(); ++k) s.apply(pick(s, legal, rng));
    if (!s.is_terminal() && !s.is_chance()) out.push_back(s);
  }
  return out;
}

void BM_LegalActions(benchmark::State& bs) { bench::legal_actions(bs, midgame(300)); }
BENCHMARK(BM_LegalActions);

void BM_StateCopy(benchmark::State& bs) { bench::state_copy(bs, midgame(300)); }
BENCHMARK(BM_StateCopy);

}  // namespace

BENCHMARK_MAIN();

// mizong engine speed (figures in docs/performance.md, "mizong"): full random games at point
// size 24 (six players, 1800 pieces), sub-actions per second, legal sub-action generation for
// one activated piece, state copy and sample_world; the evaluation (kept incrementally) against
// its full recount; whole games of the greedy agent and of the heuristic playout policy.
#include <string>

#include "agents/greedy_agent.h"
#include "bench/harness.h"
#include "engine/mizong/mizong.h"

using namespace qilab;
using namespace qilab::mizong;

namespace {

Mizong make(int point, int round_cap) {
  Options o(Mizong::option_specs());
  o.set_from_text("point_size", std::to_string(point), "bench");
  o.set_from_text("round_cap", std::to_string(round_cap), "bench");
  return Mizong(o);
}

// Full random games (uniform over legal sub-actions) to the end or the round cap.
// Args: point size, round cap.
void BM_RandomGame(benchmark::State& bs) {
  bench::random_playouts(bs,
                         make(static_cast<int>(bs.range(0)), static_cast<int>(bs.range(1))).initial_state());
}
BENCHMARK(BM_RandomGame)->Args({24, 200})->Iterations(3)->Unit(benchmark::kSecond);
BENCHMARK(BM_RandomGame)->Args({24, 10})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RandomGame)->Args({4, 200})->Unit(benchmark::kMillisecond);

// The same games drawn with State::random_action (no list between activations), as search
// rollouts do.
void BM_RandomActionGame(benchmark::State& bs) {
  bench::random_playouts(bs,
                         make(static_cast<int>(bs.range(0)), static_cast<int>(bs.range(1))).initial_state(),
                         [](const State& s, Rng& rng) { return s.random_action(rng); });
}
BENCHMARK(BM_RandomActionGame)->Args({24, 200})->Iterations(3)->Unit(benchmark::kSecond);
BENCHMARK(BM_RandomActionGame)->Args({4, 200})->Unit(benchmark::kMillisecond);

// Positions in the middle of an activation: random play until `depth` sub-actions, then the
// first piece of the given kind class (0 ordinary, 1 hero) of the seat to move is selected.
std::vector<State> activations(int depth, bool hero) {
  const Mizong g = make(24, 200);
  Rng rng(9);
  ActionList legal;
  std::vector<State> out;
  for (int k = 0; k < 16; ++k) {
    State s = g.initial_state();
    for (int i = 0; i < depth + 97 * k && !s.is_terminal(); ++i) s.apply(bench::random_legal(s, legal, rng));
    while (s.activation().piece >= 0) s.apply(bench::random_legal(s, legal, rng));
    s.legal_actions(legal);
    for (Action a : legal)
      if (a < s.layout().move && is_hero(s.piece(s.piece_at(a)).kind) == hero) {
        s.apply(a);
        out.push_back(s);
        break;
      }
  }
  return out;
}

// Legal sub-actions of one activated ordinary piece (moves by its pattern, attacks, swaps).
void BM_LegalOnePiece(benchmark::State& bs) { bench::legal_actions(bs, activations(3000, false)); }
BENCHMARK(BM_LegalOnePiece);

// The same for a hero (12-step moves with two turns, 11-radius swaps).
void BM_LegalOneHero(benchmark::State& bs) { bench::legal_actions(bs, activations(3000, true)); }
BENCHMARK(BM_LegalOneHero);

// One uniform draw (State::random_action) in the same positions: the sub-actions counted by
// family (the walk's end rows counted, not listed) and the drawn one read from its family.
void random_draws(benchmark::State& bs, const std::vector<State>& positions) {
  Rng rng(7);
  std::size_t i = 0;
  for (auto _ : bs) benchmark::DoNotOptimize(positions[i++ % positions.size()].random_action(rng));
}
void BM_RandomSubOnePiece(benchmark::State& bs) { random_draws(bs, activations(3000, false)); }
BENCHMARK(BM_RandomSubOnePiece);
void BM_RandomSubOneHero(benchmark::State& bs) { random_draws(bs, activations(3000, true)); }
BENCHMARK(BM_RandomSubOneHero);

// The seat's list between activations: every selectable piece and end-turn.
void BM_LegalSelect(benchmark::State& bs) {
  auto positions = bench::midgame_positions(make(24, 200).initial_state(), 3000);
  Rng rng(5);
  ActionList legal;
  for (State& s : positions)  // finish the activation in progress
    while (s.activation().piece >= 0) s.apply(bench::random_legal(s, legal, rng));
  bench::legal_actions(bs, positions);
}
BENCHMARK(BM_LegalSelect);

void BM_StateCopy(benchmark::State& bs) {
  bench::state_copy(bs, bench::midgame_positions(make(24, 200).initial_state(), 3000));
}
BENCHMARK(BM_StateCopy);

void BM_SampleWorld(benchmark::State& bs) {
  auto positions = bench::midgame_positions(make(24, 200).initial_state(), 3000);
  Rng rng(4);
  std::size_t i = 0;
  for (auto _ : bs) {
    const State& s = positions[i++ % positions.size()];
    State w = s.sample_world(s.current_player(), rng);
    benchmark::DoNotOptimize(w);
  }
}
BENCHMARK(BM_SampleWorld);

// evaluate() on the running tally, and the full recount of the tally it replaced (every piece
// and its neighbours: what evaluate() cost before it was kept incrementally).
void BM_Evaluate(benchmark::State& bs) {
  auto positions = bench::midgame_positions(make(24, 200).initial_state(), 3000);
  std::size_t i = 0;
  for (auto _ : bs) benchmark::DoNotOptimize(positions[i++ % positions.size()].evaluate());
}
BENCHMARK(BM_Evaluate);

void BM_RecountTally(benchmark::State& bs) {
  auto positions = bench::midgame_positions(make(24, 200).initial_state(), 3000);
  std::size_t i = 0;
  for (auto _ : bs) benchmark::DoNotOptimize(positions[i++ % positions.size()].recount_tally());
}
BENCHMARK(BM_RecountTally);

// Whole games of the greedy agent in all six seats, on the true state (the agent's cost; a
// referee adds a sample_world per decision). Args: point size, round cap.
void BM_GreedyGame(benchmark::State& bs) {
  GreedyAgent<State> greedy;
  bench::random_playouts(bs,
                         make(static_cast<int>(bs.range(0)), static_cast<int>(bs.range(1))).initial_state(),
                         [&](const State& s, Rng& rng) { return greedy.choose(s, rng); });
}
BENCHMARK(BM_GreedyGame)->Args({24, 200})->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK(BM_GreedyGame)->Args({12, 200})->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK(BM_GreedyGame)->Args({4, 200})->Unit(benchmark::kMillisecond);

// Whole games of the heuristic playout policy (State::playout_action) in all six seats.
void BM_PlayoutGame(benchmark::State& bs) {
  bench::random_playouts(bs,
                         make(static_cast<int>(bs.range(0)), static_cast<int>(bs.range(1))).initial_state(),
                         [](const State& s, Rng& rng) { return s.playout_action(rng); });
}
BENCHMARK(BM_PlayoutGame)->Args({24, 200})->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK(BM_PlayoutGame)->Args({12, 200})->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK(BM_PlayoutGame)->Args({4, 200})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

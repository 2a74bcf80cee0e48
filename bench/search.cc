// MCTS simulations a second, on one core.
//
// The reference: OpenSpiel's C++ MCTS bot on 6-player Chinese checkers, UCT constant 2, one
// random rollout to the end of the game per simulation, 1000 simulations a move: 980-1075
// simulations/s side by side with qilab's 15.0-15.2 k (docs/performance.md, the audit's
// figures). BM_Mcts/checkers6/rollout runs those settings (configs/agents/mcts-openspiel.toml)
// from the opening, where rollouts are longest; the target is ten times OpenSpiel's rate. The
// heuristic rows use configs/agents/mcts-heuristic.toml's
// evaluator. RandomGame times the rollouts' own cost: whole random games. Every other game
// of the registry gets a rollout and a heuristic row too (BM_Mcts/<game>/..., its default
// options, from its initial state; hidden-information games search with ISMCTS).
//
//   build-search/bench/bench_search --benchmark_repetitions=3
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "agents/mcts_agent.h"
#include "engine/checkers/checkers.h"
#include "engine/registry.h"

namespace {

using namespace qilab;
using checkers::Checkers;

Checkers make_checkers(int players) {
  Options o(Checkers::option_specs());
  o.set_from_text("players", std::to_string(players), "bench");
  return Checkers(o);
}

const std::vector<std::string> kRollout = {
    "simulations=1000", "uct=2", "fpu=inf", "evaluator=rollout", "rollout_depth=-1", "reuse_tree=false"};
const std::vector<std::string> kHeuristic = {"simulations=1000", "evaluator=heuristic", "value_scale=tree",
                                             "uct=0.25", "reuse_tree=false"};

// One search of 1000 simulations from the opening per iteration.
void BM_Mcts(benchmark::State& state, int players, const std::vector<std::string>& options) {
  const Checkers game = make_checkers(players);
  MctsAgent<checkers::State> agent(game, options);
  const checkers::State start = game.initial_state();
  Rng rng(1);
  std::int64_t simulations = 0, nodes = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(agent.choose(start, rng));
    simulations += agent.stats().simulations;
    nodes += static_cast<std::int64_t>(agent.stats().tree_size);
  }
  state.counters["sims_per_s"] =
      benchmark::Counter(static_cast<double>(simulations), benchmark::Counter::kIsRate);
  state.counters["tree_nodes"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kAvgIterations);
}

// Whole uniformly random games from the opening: the cost of one full-length rollout.
void BM_RandomGame(benchmark::State& state, int players) {
  const Checkers game = make_checkers(players);
  const checkers::State start = game.initial_state();
  Rng rng(2);
  std::int64_t moves = 0;
  for (auto _ : state) {
    checkers::State s = start;
    ActionList legal;
    while (!s.is_terminal()) {
      s.legal_actions(legal);
      s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
      ++moves;
    }
    benchmark::DoNotOptimize(s);
  }
  state.counters["moves_per_s"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
  state.counters["games_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(BM_Mcts, checkers6 / rollout, 6, kRollout)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK_CAPTURE(BM_Mcts, checkers6 / heuristic, 6, kHeuristic)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK_CAPTURE(BM_Mcts, checkers2 / rollout, 2, kRollout)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK_CAPTURE(BM_Mcts, checkers2 / heuristic, 2, kHeuristic)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK_CAPTURE(BM_RandomGame, checkers6, 6)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RandomGame, checkers2, 2)->Unit(benchmark::kMillisecond);

// The same two searches on game G with its default options.
template <Game G>
void register_game(const std::string& id) {
  for (const auto* options : {&kRollout, &kHeuristic}) {
    const std::string name = "BM_Mcts/" + id + (options == &kRollout ? "/rollout" : "/heuristic");
    benchmark::RegisterBenchmark(name.c_str(), [options](benchmark::State& state) {
      const G game{Options(G::option_specs())};
      MctsAgent<typename G::State> agent(game, *options);
      const typename G::State start = game.initial_state();
      Rng rng(1);
      std::int64_t simulations = 0;
      for (auto _ : state) {
        benchmark::DoNotOptimize(agent.choose(start, rng));
        simulations += agent.stats().simulations;
      }
      state.counters["sims_per_s"] =
          benchmark::Counter(static_cast<double>(simulations), benchmark::Counter::kIsRate);
    })->Unit(benchmark::kMillisecond);
  }
}

}  // namespace

int main(int argc, char** argv) {
  for (const auto& info : game_infos())
    if (info.id != "checkers") with_game(info.id, [&]<class G>() { register_game<G>(info.id); });
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

// Play strength on two-player checkers, in seat-rotated matches. Games are cut at a turn
// limit and go to the seat nearer its target triangle (searchtest::checkers_score), so a
// match takes seconds; the margins asked for leave room for luck but not for a broken search.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "agents/mcts_agent.h"
#include "agents/random_agent.h"
#include "tests/search/play.h"

using namespace qilab;
using CheckersState = checkers::State;

namespace {

// Score of `a` against `b` over `games` games, `a` taking seat 0 in even games and seat 1 in odd.
double match(const checkers::Checkers& game, Agent<CheckersState>& a, Agent<CheckersState>& b, int games,
             std::uint64_t seed) {
  double score = 0;
  for (int g = 0; g < games; ++g) {
    const bool a_first = g % 2 == 0;
    const auto end = searchtest::play_game(
        game,
        a_first ? std::vector<Agent<CheckersState>*>{&a, &b} : std::vector<Agent<CheckersState>*>{&b, &a},
        seed + static_cast<std::uint64_t>(g));
    score += searchtest::checkers_score(end, a_first ? 0 : 1);
  }
  return score / games;
}

}  // namespace

// The settings of configs/agents/mcts-heuristic.toml, the strongest non-neural ones on checkers.
const std::vector<std::string> kHeuristic = {"evaluator=heuristic", "value_scale=tree", "uct=0.25"};

std::vector<std::string> with(std::vector<std::string> options, const std::string& extra) {
  options.push_back(extra);
  return options;
}

TEST_CASE("MCTS with a modest budget beats random in at least 90% of seat-rotated games") {
  const auto game = searchtest::make_checkers(2, 60);
  RandomAgent<CheckersState> random;
  MctsAgent<CheckersState> heuristic(game, with(kHeuristic, "simulations=100"));
  // Rollouts judged by the heuristic after a few random moves (random play alone never
  // reaches the end of a checkers game).
  MctsAgent<CheckersState> rollout(game, {"simulations=100", "evaluator=rollout", "rollout_depth=4"});
  for (auto* mcts : {&heuristic, &rollout}) {
    const double score = match(game, *mcts, random, 20, 100);
    std::printf("mcts (evaluator=%s, 100 simulations) vs random: %.3f\n", mcts->settings().evaluator.c_str(),
                score);
    CHECK(score >= 0.9);
  }
}

TEST_CASE("MCTS with 8x the simulations wins over 65% against itself at 1x") {
  // Long enough for most games to be won outright (a turn limit of 150: 75 moves a seat).
  const auto game = searchtest::make_checkers(2, 150);
  MctsAgent<CheckersState> strong(game, with(kHeuristic, "simulations=400"));
  MctsAgent<CheckersState> weak(game, with(kHeuristic, "simulations=50"));
  const double score = match(game, strong, weak, 100, 200);
  std::printf("mcts 400 vs mcts 50 simulations: %.3f\n", score);
  CHECK(score > 0.65);
}

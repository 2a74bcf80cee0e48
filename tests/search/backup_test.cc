// Backup policies and chance nodes on hand-made trees whose right answers are known
// (tests/search/tree_game.h has the trees and the answers worked out).
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "agents/mcts_agent.h"
#include "engine/checkers/checkers.h"
#include "search/mcts.h"
#include "tests/search/tree_game.h"

using namespace qilab;
using treegame::TreeGame;

namespace {

std::string choose(const TreeGame& game, const std::vector<std::string>& options, std::uint64_t seed = 1) {
  MctsAgent<TreeGame::State> agent(game, options);
  Rng rng(seed);
  const auto s = game.initial_state();
  return s.action_to_string(agent.choose(s, rng));
}

}  // namespace

TEST_CASE("max^n and paranoid backups each find their own right answer") {
  const TreeGame game = TreeGame::make(0);
  for (std::uint64_t seed : {1, 2, 3}) {
    for (const char* selection : {"selection=uct", "selection=puct"}) {
      CAPTURE(seed);
      CAPTURE(selection);
      CHECK(choose(game, {"simulations=3000", selection, "backup=maxn"}, seed) == "B");
      CHECK(choose(game, {"simulations=3000", selection, "backup=paranoid"}, seed) == "C");
    }
  }
}

TEST_CASE("the backed-up values match the tree's minimax values under each policy") {
  const TreeGame game = TreeGame::make(0);
  struct Case {
    const char* backup;
    double a, b, c;  // the root player's value of A, B, C under that policy
  };
  for (const Case& k : {Case{"maxn", 0.2, 0.5, 0.35}, Case{"paranoid", 0.2, 0.3, 0.35}}) {
    CAPTURE(k.backup);
    MctsAgent<TreeGame::State> agent(game,
                                     {"simulations=20000", "uct=0.3", std::string("backup=") + k.backup});
    Rng rng(7);
    agent.choose(game.initial_state(), rng);
    int checked = 0;
    for (const auto& child : agent.root_children()) {
      const double expected = child.action == 0 ? k.a : child.action == 1 ? k.b : k.c;
      CAPTURE(child.action);
      // A mean converges to the minimax value as exploration below it fades; children seldom
      // visited keep a few exploratory visits in their mean, so only well-visited ones count.
      if (child.visits < 300) continue;
      CHECK(std::abs(child.value - expected) < 0.01);
      ++checked;
    }
    CHECK(checked >= 1);
  }
}

TEST_CASE("chance nodes are weighted by their exact probabilities") {
  // X is worth 0.35 by its probabilities but 0.5 if outcomes were drawn uniformly.
  for (const char* chance : {"chance=sample", "chance=expand"}) {
    CAPTURE(chance);
    CHECK(choose(TreeGame::make(1), {"simulations=4000", chance}) == "Y");  // Y = 0.4 > 0.35
    CHECK(choose(TreeGame::make(2), {"simulations=4000", chance}) == "X");  // Y = 0.3 < 0.35
  }
}

TEST_CASE("chance outcomes are visited in proportion to their probabilities") {
  const TreeGame game = TreeGame::make(1);
  const std::vector<double> p = {0.2, 0.3, 0.5};
  for (auto mode : {search::ChanceMode::kSample, search::ChanceMode::kExpand}) {
    search::SearchConfig c;
    c.num_players = 2;
    c.min_return = 0;
    c.max_return = 1;
    c.budget.simulations = 3000;
    c.uct_c = 5;  // explore X often whatever its value
    c.chance = mode;
    search::Mcts<TreeGame::State, search::HeuristicEvaluator<TreeGame::State>> mcts(c, {});
    Rng rng(3);
    mcts.search(game.initial_state(), rng);
    const auto& tree = mcts.tree();
    const search::NodeIndex x = tree.find_child(mcts.root(), 0);
    REQUIRE(x != search::kNoNode);
    const double n = tree[x].n;
    REQUIRE(n > 500);
    for (int a = 0; a < 3; ++a) {
      const search::NodeIndex o = tree.find_child(x, a);
      REQUIRE(o != search::kNoNode);
      CAPTURE(a);
      if (mode == search::ChanceMode::kExpand) {
        CHECK(std::abs(tree[o].n - p[a] * n) <= 1.0);  // stratified: within one visit
      } else {
        CHECK(std::abs(tree[o].n / n - p[a]) < 0.05);
      }
    }
  }
}

TEST_CASE("rollouts take a game's random_action fast path when it has one") {
  static_assert(search::RolloutEvaluator<treegame::State>::kHasRandomAction);
  static_assert(search::RolloutEvaluator<checkers::State>::kHasRandomAction);
  treegame::State::random_action_calls = 0;
  choose(TreeGame::make(0), {"simulations=100", "evaluator=rollout"});
  CHECK(treegame::State::random_action_calls >= 4);  // one rollout from each of the four inner nodes
}

// MCTS-Solver (search/solver.h): proofs on hand-made trees (tests/search/tree_game.h, variants 3
// and 4), a forced win in a real checkers position, and the agent's option.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "agents/mcts_agent.h"
#include "search/mcts.h"
#include "tests/checkers/position.h"
#include "tests/search/hidden_cards.h"
#include "tests/search/play.h"
#include "tests/search/tree_game.h"

using namespace qilab;
using search::HeuristicEvaluator;
using search::Mcts;
using search::SearchConfig;
using TreeState = treegame::State;

namespace {

SearchConfig tree_config(bool solver, std::int64_t simulations) {
  SearchConfig c;
  c.num_players = 2;
  c.num_distinct_actions = 5;
  c.min_return = 0;
  c.max_return = 1;
  c.budget.simulations = simulations;
  c.reuse_tree = false;
  c.solver = solver;
  return c;
}

using TreeSearch = Mcts<TreeState, HeuristicEvaluator<TreeState>>;

// The root child for action `a`.
const search::Node& child(const TreeSearch& m, Action a) {
  const search::NodeIndex c = m.tree().find_child(m.root(), a);
  REQUIRE(c != search::kNoNode);
  return m.tree()[c];
}

// Whether `seat` wins within `plies` actions whatever the others play (plain minimax).
bool forced_win(const checkers::State& s, Player seat, int plies) {
  if (s.is_terminal()) return s.winner() == seat;
  if (plies == 0) return false;
  ActionList legal;
  s.legal_actions(legal);
  const bool mine = s.current_player() == seat;
  for (Action a : legal) {
    checkers::State t = s;
    t.apply(a);
    const bool win = forced_win(t, seat, plies - 1);
    if (mine && win) return true;
    if (!mine && !win) return false;
  }
  return !mine;
}

}  // namespace

TEST_CASE("the solver proves a forced win three plies deep, plays it and stops early") {
  TreeSearch m(tree_config(true, 5000), {});
  Rng rng(1);
  const Action a = m.search(TreeState(3), rng);
  CHECK(a == 1);  // B
  CHECK(m.stats().proven == 1);
  CHECK(m.tree()[m.root()].proven == 0);           // team 0, seat 0's side
  CHECK(child(m, 0).proven == 1);                  // A: seat 1 wins by a5
  CHECK(child(m, 1).proven == 0);                  // B: every reply of seat 1 loses
  CHECK(child(m, 2).proven == search::kUnproven);  // C: a draw proves nothing
  CHECK(m.stats().simulations < 5000);             // a proven root ends the search

  // The control: without the solver nothing is proven and the whole budget is spent.
  TreeSearch plain(tree_config(false, 5000), {});
  Rng rng2(1);
  plain.search(TreeState(3), rng2);
  CHECK(plain.stats().proven == 0);
  CHECK(plain.stats().simulations == 5000);
  CHECK(plain.tree()[plain.root()].proven == search::kUnproven);
}

TEST_CASE("a node all of whose children are proven losses for its mover is a proven loss") {
  TreeState s(3);
  s.apply(1);  // B: seat 1 to move, both replies lose
  TreeSearch m(tree_config(true, 1000), {});
  Rng rng(2);
  const Action a = m.search(s, rng);
  CHECK(s.is_legal(a));
  CHECK(m.stats().proven == -1);
  CHECK(m.tree()[m.root()].proven == 0);  // won by seat 0's side
}

TEST_CASE("selection never enters a child proven lost while another is open") {
  // Variant 4: A is a proven loss once a5 is seen; C and D stay open, so the search runs on.
  // A is entered once to expand it and once for each of its five leaves at most before a5
  // proves it (fpu inf tries each leaf once); never after.
  TreeSearch m(tree_config(true, 3000), {});
  Rng rng(3);
  const Action a = m.search(TreeState(4), rng);
  CHECK(a != 0);
  CHECK(m.stats().simulations == 3000);
  CHECK(m.stats().proven == 0);
  CHECK(child(m, 0).proven == 1);
  CHECK(child(m, 0).n <= 6);

  // Without the solver the mean of A's leaves keeps drawing visits.
  TreeSearch plain(tree_config(false, 3000), {});
  Rng rng2(3);
  plain.search(TreeState(4), rng2);
  CHECK(child(plain, 0).n > 6);
}

TEST_CASE("the solver finds, plays and reports a forced win in a checkers position") {
  const auto game = searchtest::make_checkers(2, 1000);
  // Seat 0 has nine pieces in its target (111-120) and the tenth at 90, two steps from the
  // empty corner 111: a win in three plies (90->102 or 90->103, any reply, then into 111) and
  // none in one. Seat 1's pieces stand apart far away, so it has no hop chain (each of its
  // turns is one ply) and cannot reach the corner.
  const checkers::State s =
      testing::checkers_position(game, {{0, {90, 112, 113, 114, 115, 116, 117, 118, 119, 120}},
                                        {1, {10, 12, 14, 16, 18, 20, 22, 35, 37, 39}}});
  REQUIRE(!forced_win(s, 0, 1));
  REQUIRE(forced_win(s, 0, 3));

  const std::vector<std::string> strong = {"selection=puct", "priors=greedy", "evaluator=heuristic",
                                           "value_scale=tree", "simulations=5000"};
  auto with = [&](const std::string& extra) {
    auto o = strong;
    o.push_back(extra);
    return o;
  };
  MctsAgent<checkers::State> solver(game, with("solver=on"));
  Rng rng(4);
  const Action a = solver.choose(s, rng);
  checkers::State after = s;
  after.apply(a);
  CHECK(forced_win(after, 0, 2));
  CHECK(solver.stats().proven == 1);
  CHECK(solver.last_stats()["proven"] == 1);
  CHECK(solver.stats().simulations < 5000);

  // Then seat 1, to move in the lost position, knows it.
  ActionList legal;
  after.legal_actions(legal);
  REQUIRE(after.current_player() == 1);
  MctsAgent<checkers::State> loser(game, with("solver=on"));
  loser.choose(after, rng);
  CHECK(loser.stats().proven == -1);

  // The control: the same search without the solver proves nothing and says nothing of proofs.
  MctsAgent<checkers::State> plain(game, with("solver=off"));
  plain.choose(s, rng);
  CHECK(plain.stats().proven == 0);
  CHECK(!plain.last_stats().contains("proven"));
}

TEST_CASE("solver=on is refused where proofs do not apply; auto turns it on only where they do") {
  auto error = [](auto make) -> std::string {
    try {
      make();
    } catch (const Error& e) {
      return e.what();
    }
    return "(no error)";
  };
  const auto cards = hiddencards::HiddenCards::make();
  CHECK(error([&] { MctsAgent<hiddencards::State>(cards, {"solver=on"}); }) ==
        "agent 'mcts': option 'solver' expects off or auto for hiddencards (the solver proves results of "
        "deterministic perfect-information play; this search has hidden information or ISMCTS), got 'on'");
  const auto tree = treegame::TreeGame::make(3);  // TreeGame has chance nodes (variants 1, 2)
  CHECK(error([&] { MctsAgent<TreeState>(tree, {"solver=on"}); }) ==
        "agent 'mcts': option 'solver' expects off or auto for treegame (the solver proves results of "
        "deterministic perfect-information play; this search has chance), got 'on'");
  CHECK(!MctsAgent<TreeState>(tree, {"solver=auto"}).settings().config.solver);
  CHECK(!MctsAgent<hiddencards::State>(cards, {"solver=auto"}).settings().config.solver);

  const auto game = searchtest::make_checkers(2, 100);
  CHECK(MctsAgent<checkers::State>(game, {"solver=auto"}).settings().config.solver);
  CHECK(MctsAgent<checkers::State>(game, {"solver=on"}).settings().config.solver);
  CHECK(!MctsAgent<checkers::State>(game, {"solver=off"}).settings().config.solver);
  CHECK(error([&] {
          MctsAgent<checkers::State>(game, {"solver=on", "ismcts=on"});
        }).find("ISMCTS") != std::string::npos);
}

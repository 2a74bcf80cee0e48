// mizong's agents: greedy on the incremental evaluation (the same choices as one ply of copies),
// the `playout` agent and `mcts:rollout_policy=playout` (agents/playout_agent.h,
// search/evaluators.h), and their errors on games without a playout policy.
#include <doctest/doctest.h>

#include <string>

#include "agents/factory.h"
#include "agents/greedy_agent.h"
#include "engine/checkers/checkers.h"
#include "search/evaluators.h"
#include "tests/mizong/agent_refusal.h"
#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

namespace {

// Greedy by copies: every legal action applied to a copy, the mover's evaluate() entry, ties
// by reservoir sampling (GreedyAgent's rule without evaluate_after).
Action greedy_by_copies(const State& s, Rng& rng) {
  ActionList legal;
  s.legal_actions(legal);
  const Player me = s.current_player();
  double best = -1e300;
  int ties = 0;
  Action chosen = legal[0];
  for (Action a : legal) {
    State next = s;
    next.apply(a);
    const double v = next.is_terminal() ? next.returns()[me] : next.evaluate()[me];
    if (v > best + 1e-12) {
      best = v, chosen = a, ties = 1;
    } else if (v > best - 1e-12 && rng.below(static_cast<std::uint32_t>(++ties)) == 0) {
      chosen = a;
    }
  }
  return chosen;
}

}  // namespace

TEST_CASE("mizong greedy: the incremental evaluation makes the same choices as copies") {
  const Mizong g = make_game({{"round_cap", "25"}});
  auto agent = make_agent(g, "greedy");
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    State s = g.initial_state();
    Rng r1(seed), r2(seed);
    int n = 0;
    while (!s.is_terminal()) {
      const Action quick = agent->choose(s, r1);
      const Action slow = greedy_by_copies(s, r2);
      REQUIRE(quick == slow);
      s.apply(quick);
      ++n;
    }
    CHECK(n > 100);
  }
}

TEST_CASE("mizong playout agent: plays the policy's legal actions to the end of a game") {
  const Mizong g = make_game({{"round_cap", "30"}});
  auto agent = make_agent(g, "playout");
  CHECK(agent->name() == "playout");
  State s = g.initial_state();
  Rng r1(4), r2(4);
  while (!s.is_terminal()) {
    const Action a = agent->choose(s, r1);
    CHECK(a == s.playout_action(r2));
    REQUIRE(s.is_legal(a));
    s.apply(a);
  }
  CHECK(refusal(g, "playout:x=1") == "agent 'playout' takes no options, got 'x=1'");
}

TEST_CASE("mizong rollouts: rollout_policy=playout follows the playout policy, random the uniform draws") {
  const Mizong g = make_game({{"round_cap", "30"}});
  const State leaf = g.initial_state();
  for (bool playout : {false, true}) {
    search::RolloutEvaluator<State> e(300, playout);
    Rng r1(9), r2(9);
    const Values got = e.rollout(leaf, r1);
    State s = leaf;
    for (int i = 0; i < 300 && !s.is_terminal(); ++i)
      s.apply(playout ? s.playout_action(r2) : s.random_action(r2));
    const Values want = s.is_terminal() ? s.returns() : s.evaluate();
    for (int p = 0; p < 6; ++p) CHECK(got[p] == want[p]);
  }
  auto agent = make_agent(g, "mcts:simulations=20,rollout_policy=playout,rollout_depth=50");
  auto* mcts = dynamic_cast<MctsAgent<State>*>(agent.get());
  REQUIRE(mcts);
  CHECK(mcts->settings().playout_rollouts);
  State s = g.initial_state();
  Rng rng(2);
  CHECK(s.is_legal(agent->choose(s, rng)));
}

TEST_CASE("games without a playout policy refuse the playout agent and playout rollouts") {
  Options o(checkers::Checkers::option_specs());
  const checkers::Checkers game(o);
  CHECK(refusal(game, "playout") ==
        "agent 'playout' needs a game with a playout policy (mizong); checkers has none");
  CHECK(refusal(game, "mcts:rollout_policy=playout") ==
        "agent 'mcts:rollout_policy=playout': option 'rollout_policy' expects random for checkers (it has no "
        "playout policy), got 'playout'");
}

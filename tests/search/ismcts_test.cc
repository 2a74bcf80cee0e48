// Information-set MCTS on HiddenCards (tests/search/hidden_cards.h): legal play in every
// sampled world, chance keyed by what the root player sees, and a choice that depends on
// nothing the player cannot see.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "agents/mcts_agent.h"
#include "agents/random_agent.h"
#include "search/mcts.h"
#include "tests/search/hidden_cards.h"
#include "tests/search/play.h"

using namespace qilab;
using hiddencards::HiddenCards;
using CardState = hiddencards::State;

namespace {

// The position after random play from the start up to the first decision at `step`.
CardState position_at(const HiddenCards& game, int step, std::uint64_t seed) {
  Rng rng(seed);
  CardState s = game.initial_state();
  ActionList legal;
  while (s.step() < step) {
    s.legal_actions(legal);
    s.apply(s.is_chance() ? s.sample_chance(rng) : legal[static_cast<int>(rng.below(legal.size()))]);
  }
  return s;
}

search::SearchConfig ismcts_config(int simulations) {
  search::SearchConfig c;
  c.num_players = 2;
  c.num_distinct_actions = 10;
  c.min_return = -1;
  c.max_return = 1;
  c.budget.simulations = simulations;
  c.ismcts = true;
  return c;
}

}  // namespace

TEST_CASE("ISMCTS is on by default for a hidden-information game and plays only legal actions") {
  const HiddenCards game = HiddenCards::make();
  MctsAgent<CardState> seat0(game, {"simulations=200"}),
      seat1(game, {"simulations=200", "evaluator=heuristic"});
  REQUIRE(seat0.settings().config.ismcts);
  REQUIRE_FALSE(seat0.settings().config.reuse_tree);
  RandomAgent<CardState> random;
  // apply() throws on an illegal action, inside the search's worlds as in the real game;
  // play_game also checks each choice against the true state.
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    CAPTURE(seed);
    searchtest::play_game(game, {&seat0, &seat1}, seed);
    searchtest::play_game(game, {&random, &seat0}, seed + 1000);
  }
}

TEST_CASE("ISMCTS worlds agree with the view: the opponent's actions vary, the root player's do not") {
  const HiddenCards game = HiddenCards::make();
  search::Mcts<CardState, search::RolloutEvaluator<CardState>> mcts(ismcts_config(1500),
                                                                    search::RolloutEvaluator<CardState>());
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    const CardState view = position_at(game, 4, seed);  // seat 0 leads round 1
    Rng rng(seed);
    const Action a = mcts.search(view, rng);
    CHECK(view.is_legal(a));
    // Root children are exactly seat 0's two cards; seat 1's replies below them range over
    // more than the two cards of any one world (the six cards seat 0 has not seen).
    const auto& tree = mcts.tree();
    int root_children = 0;
    std::vector<int> replies(8, 0);
    for (auto c = tree[mcts.root()].first_child; c != search::kNoNode; c = tree[c].next_sibling) {
      ++root_children;
      CHECK(((view.hand(0) >> tree[c].action) & 1) == 1);
      for (auto r = tree[c].first_child; r != search::kNoNode; r = tree[r].next_sibling) {
        CHECK(((view.hand(0) >> tree[r].action) & 1) == 0);
        CHECK(tree[r].avail >= tree[r].n);  // a child is visited only when available
        replies[tree[r].action] = 1;
      }
    }
    CHECK(root_children == 2);
    int distinct = 0;
    for (int x : replies) distinct += x;
    CHECK(distinct == 6);
  }
}

TEST_CASE("ISMCTS merges chance outcomes the root player cannot see and splits those it sees") {
  const HiddenCards game = HiddenCards::make();
  search::Mcts<CardState, search::RolloutEvaluator<CardState>> mcts(ismcts_config(6000),
                                                                    search::RolloutEvaluator<CardState>());
  double doubles = 0, stakes = 0;
  for (std::uint64_t seed = 0; seed < 5; ++seed) {
    const CardState view = position_at(game, 5, seed);  // seat 1 answers round 1
    Rng rng(seed);
    mcts.search(view, rng);
    const auto& tree = mcts.tree();
    for (auto play = tree[mcts.root()].first_child; play != search::kNoNode; play = tree[play].next_sibling) {
      // Below seat 1's play: seat 0 draws, unseen by seat 1: one node for all its outcomes.
      if (tree[play].n < 10) continue;
      CHECK(tree[play].num_children == 1);
      const auto draw0 = tree[play].first_child;
      // Then seat 1 draws, and sees its card: one node per card it can get, out of the five
      // it has not seen.
      CHECK(tree[draw0].num_children >= 3);
      CHECK(tree[draw0].num_children <= 5);
      for (auto draw1 = tree[draw0].first_child; draw1 != search::kNoNode; draw1 = tree[draw1].next_sibling) {
        // Then the public stake die: two outcomes, drawn with probabilities 0.7 and 0.3.
        CHECK(tree[draw1].num_children <= 2);
        for (auto die = tree[draw1].first_child; die != search::kNoNode; die = tree[die].next_sibling) {
          stakes += tree[die].n;
          if (tree[die].action == hiddencards::kDouble) doubles += tree[die].n;
        }
      }
    }
  }
  REQUIRE(stakes > 5000);
  CHECK(std::abs(doubles / stakes - 0.3) < 0.02);
}

TEST_CASE("the chosen move does not change when the hidden cards are swapped for another consistent world") {
  const HiddenCards game = HiddenCards::make();
  int differing_worlds = 0, open_search_changed = 0;
  for (std::uint64_t seed = 0; seed < 48; ++seed) {
    CAPTURE(seed);
    const int step = std::vector<int>{4, 5, 9, 10}[seed % 4];
    const CardState truth = position_at(game, step, seed);
    const Player me = truth.current_player();
    Rng draw_a(1000 + seed), draw_b(2000 + seed);
    const CardState world_a = truth.sample_world(me, draw_a), world_b = truth.sample_world(me, draw_b);
    REQUIRE(world_a.observation_string(me) == truth.observation_string(me));
    REQUIRE(world_b.observation_string(me) == truth.observation_string(me));
    if (!(world_a == world_b)) ++differing_worlds;

    MctsAgent<CardState> agent(game, {"simulations=300"});
    auto search = [&](const CardState& view) {
      Rng rng(seed);
      const Action a = agent.choose(view, rng);
      std::vector<std::uint32_t> visits;
      for (const auto& c : agent.root_children()) visits.push_back(c.visits);
      return std::make_pair(a, visits);
    };
    const auto from_truth = search(truth);
    CHECK(search(world_a) == from_truth);
    CHECK(search(world_b) == from_truth);

    // The same search told to trust its view (ismcts=off) reads the hidden cards: its
    // statistics move with them, which is what the checks above would catch.
    MctsAgent<CardState> open(game, {"simulations=300", "ismcts=off"});
    Rng r1(seed), r2(seed);
    open.choose(world_a, r1);
    const auto stats_a = open.root_children();
    open.choose(world_b, r2);
    const auto stats_b = open.root_children();
    bool same = stats_a.size() == stats_b.size();
    for (std::size_t i = 0; same && i < stats_a.size(); ++i) same = stats_a[i].visits == stats_b[i].visits;
    if (!same) ++open_search_changed;
  }
  CHECK(differing_worlds > 30);
  CHECK(open_search_changed > 20);
}

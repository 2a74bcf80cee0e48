// The activation agent (agents/activation_agent.h, docs/search.md "The activation agent"): it
// takes a whole activation that one sub-action of greedy would not, follows its plan and plans
// again when a planned step is not legal, simulates only worlds of its own seat's view, and
// refuses bad options naming them.
#include <doctest/doctest.h>

#include <string>

#include "agents/factory.h"
#include "engine/checkers/checkers.h"
#include "tests/mizong/agent_refusal.h"
#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

namespace {

std::vector<std::string> strings(const State& s, const std::vector<Action>& actions) {
  std::vector<std::string> out;
  for (Action a : actions) out.push_back(s.action_to_string(a));
  return out;
}

ActivationAgent<State>& as_activation(AgentPtr<State>& agent) {
  auto* a = dynamic_cast<ActivationAgent<State>*>(agent.get());
  REQUIRE(a);
  return *a;
}

// Seat 0's melee rock (yang) piece can move next to the centre and kill seat 1's holder there
// (scissors, 2 sixths of HP left: one melee hit), or move next to three of seat 2's scissors
// pieces, which one ply of greedy prefers (three favourable match-ups against one). Seat 1 keeps
// another piece far away, so the kill places nobody.
struct HolderPosition {
  State s;
  int me = -1, holder = -1, kill_cell = -1, decoy_cell = -1;
};

HolderPosition holder_position(const Mizong& g) {
  const State base = empty(g);
  const Geometry& geo = base.geo();
  for (int start = 0; start < geo.cells; ++start) {
    const int d = geo.distance(start, geo.centre);
    if (d < 5 || d > 8) continue;
    HolderPosition h{base};
    State& s = h.s;
    h.me = pid(s, 0, 0);
    h.holder = pid(s, 1, 0);
    s.put(h.holder, geo.centre, who(kMelee, kScissors, kYang));
    s.set_hp(h.holder, 2);
    s.put(pid(s, 1, 1), cell(s, "-20,0"), who(kMelee, kScissors, kYang));
    s.put(h.me, start, who(kMelee, kRock, kYang));
    int kill = -1, decoy = -1;
    for (int end : s.move_ends(h.me)) {
      if (geo.distance(end, geo.centre) == 1 && kill < 0) kill = end;
      const int de = geo.distance(end, geo.centre);
      if (de >= 3 && de <= 5 && geo.distance(end, start) >= 3 && decoy < 0) decoy = end;
    }
    if (kill < 0 || decoy < 0) continue;
    // Three of seat 2's pieces next to the decoy, away from the start, the kill cell and the centre.
    int placed = 0;
    for (int k = 0; k < kDirs && placed < 3; ++k) {
      const int c = geo.nb[static_cast<std::size_t>(decoy)][k];
      if (c < 0 || s.piece_at(c) >= 0 || geo.distance(c, start) <= 1 || geo.distance(c, kill) <= 2) continue;
      s.put(pid(s, 2, placed++), c, who(kMelee, kScissors, kYang));
    }
    if (placed < 3) continue;
    const auto ends = s.move_ends(h.me);
    if (std::find(ends.begin(), ends.end(), kill) == ends.end() ||
        std::find(ends.begin(), ends.end(), decoy) == ends.end())
      continue;
    h.kill_cell = kill, h.decoy_cell = decoy;
    return h;
  }
  FAIL("no position found");
  return {};
}

}  // namespace

// Judged within the turn and the next seat's (horizon 2) or right after the activation
// (horizon 0). Over a whole round (the default horizon 7) the kill is not the best here: on this
// otherwise empty board seat 2's pieces then walk onto the empty centre and hold it.
TEST_CASE("mizong activation agent: it kills the centre holder, a plan one ply of greedy does not find") {
  const Mizong g = make_game({}, 24);
  const HolderPosition h = holder_position(g);
  const State& s = h.s;
  const Layout& L = s.layout();
  const int start = s.piece(h.me).cell;
  // One ply of greedy, once the piece is selected, moves next to the three scissors pieces.
  State selected = s;
  selected.apply(L.select + start);
  auto greedy = make_agent(g, "greedy");
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Rng rng(seed);
    const Action a = greedy->choose(selected, rng);
    REQUIRE(a != L.move + h.kill_cell);
    REQUIRE(a >= L.move);
  }
  for (const std::string spec :
       {"activation:simulations=200,time_ms=0,horizon=2", "activation:simulations=200,time_ms=0,horizon=0",
        "activation:simulations=200,time_ms=0,horizon=2,worlds=1,pieces=1,alternatives=0"}) {
    CAPTURE(spec);
    auto agent = make_agent(g, spec);
    ActivationAgent<State>& act = as_activation(agent);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      CAPTURE(seed);
      agent->reset();
      Rng rng(seed);
      CHECK(agent->choose(s, rng) == L.select + start);
      CHECK(strings(s, act.plan()) ==
            strings(s, {L.select + start, L.move + h.kill_cell, L.attack + s.geo().centre}));
      CHECK(agent->last_stats()["simulations"] == 200);
    }
  }
}

TEST_CASE("mizong activation agent: it follows its plan, and plans again when a step is not legal") {
  const Mizong g = make_game({}, 24);
  const HolderPosition h = holder_position(g);
  const Layout& L = h.s.layout();
  const int start = h.s.piece(h.me).cell;
  auto agent = make_agent(g, "activation:simulations=100,time_ms=0,horizon=2");
  ActivationAgent<State>& act = as_activation(agent);
  Rng rng(3);
  State s = h.s;
  REQUIRE(agent->choose(s, rng) == L.select + start);
  REQUIRE(act.plan().size() == 3);
  s.apply(L.select + start);
  CHECK(agent->choose(s, rng) == L.move + h.kill_cell);  // the plan, without a search
  CHECK(agent->last_stats() == nlohmann::json{{"planned", true}});
  s.apply(L.move + h.kill_cell);
  CHECK(agent->choose(s, rng) == L.attack + s.geo().centre);
  CHECK(agent->last_stats() == nlohmann::json{{"planned", true}});

  // The kill cell taken by another piece of seat 0 after the selection: the planned move is
  // not legal there, so it plans again from the activation in progress.
  State t = h.s;
  agent->reset();
  REQUIRE(agent->choose(t, rng) == L.select + start);
  t.apply(L.select + start);
  t.put(pid(t, 0, 1), h.kill_cell, who(kMelee, kRock, kYang));
  REQUIRE(!t.is_legal(L.move + h.kill_cell));
  const Action a = agent->choose(t, rng);
  CHECK(t.is_legal(a));
  CHECK(a != L.select + start);
  const auto stats = agent->last_stats();
  CHECK(stats["replanned"] == true);
  CHECK(stats["simulations"] == 100);
  CHECK(act.plan().front() == a);
  // A game that went elsewhere (the state is not the one after the planned step) is planned again.
  State u = h.s;
  agent->reset();
  REQUIRE(agent->choose(u, rng) == L.select + start);
  u.apply(L.select + start);
  u.apply(L.move + h.decoy_cell);
  const Action b = agent->choose(u, rng);
  CHECK(u.is_legal(b));
  CHECK(agent->last_stats()["replanned"] == true);
}

TEST_CASE("mizong activation agent: turn_activations ends the turn after that many activations") {
  const Mizong g = make_game();
  // Seat 0's activations in its first turn, with the same seed (the same choices until the cap).
  auto first_turn = [&](int cap) {
    // horizon 0 judges right after each activation, where advancing always looks better than
    // ending the turn: without a cap it activates most of its pieces.
    auto agent = make_agent(
        g, "activation:simulations=20,time_ms=0,horizon=0,turn_activations=" + std::to_string(cap));
    State s = g.initial_state();
    Rng rng(5);
    int activations = 0;
    while (s.current_player() == 0) {
      const Action a = agent->choose(s, rng);
      REQUIRE(s.is_legal(a));
      if (s.activation().piece < 0 && a != s.layout().end_turn) ++activations;
      s.apply(a);
    }
    return activations;
  };
  REQUIRE(first_turn(0) > 2);  // no limit
  CHECK(first_turn(1) == 1);
  CHECK(first_turn(2) == 2);
}

TEST_CASE("mizong activation agent: its worlds are its own seat's view; whole games of legal actions") {
  const Mizong g = make_game({{"round_cap", "3"}});
  auto agent = make_agent(g, "activation:simulations=40,time_ms=0,worlds=4");
  ActivationAgent<State>& act = as_activation(agent);
  auto greedy = make_agent(g, "greedy");
  Rng rng(11);
  State truth = g.initial_state();
  int searched = 0, differ = 0;
  while (!truth.is_terminal()) {
    const Player p = truth.current_player();
    const State view = truth.sample_world(p, rng);
    Action a;
    if (p % 2 == 0) {
      a = agent->choose(view, rng);
      if (!agent->last_stats().contains("planned") && act.worlds().size() == 4) {
        ++searched;
        for (const State& w : act.worlds()) {
          REQUIRE(w.information_key(p) == view.information_key(p));  // what the seat sees, unchanged
          for (int id = 0; id < 6 * truth.home_size(); ++id)
            differ += !(w.piece(id).identity() == view.piece(id).identity());  // hidden ones redrawn
        }
      }
    } else {
      a = greedy->choose(view, rng);
    }
    REQUIRE(truth.is_legal(a));
    truth.apply(a);
  }
  CHECK(searched > 10);
  CHECK(differ > 0);
}

TEST_CASE("mizong activation agent: bad options and other games are refused, naming the option") {
  const Mizong g = make_game();
  CHECK(refusal(g, "activation:horizon=-1").find("agent 'activation:horizon=-1': option 'horizon'") !=
        std::string::npos);
  CHECK(refusal(g, "activation:rollout=random").find("option 'rollout'") != std::string::npos);
  CHECK(refusal(g, "activation:worlds=0").find("option 'worlds'") != std::string::npos);
  CHECK(refusal(g, "activation:nosuch=1").find("nosuch") != std::string::npos);
  CHECK(refusal(g, "activation:simulations=0,time_ms=0") ==
        "agent 'activation:simulations=0,time_ms=0': options 'simulations' and 'time_ms' are both 0; set at "
        "least one of them");
  Options o(checkers::Checkers::option_specs());
  const checkers::Checkers game(o);
  CHECK(refusal(game, "activation") ==
        "agent 'activation' needs a game whose turns are piece activations (mizong); "
        "checkers has none");
}

#pragma once
// A referee for search tests: plays one game between agents and returns the final state.
// Seats of a hidden-information game are handed views drawn by sample_world, never the
// true state, and observe only their seat's view of each action; every action an agent
// returns is checked against the true state.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <vector>

#include "agents/agent.h"
#include "engine/checkers/checkers.h"

namespace searchtest {

using namespace qilab;

template <Game G>
typename G::State play_game(const G& game, const std::vector<Agent<typename G::State>*>& seats,
                            std::uint64_t seed, typename G::State start) {
  using S = typename G::State;
  Rng root(seed);
  Rng chance = root.split(0), views = root.split(1);
  std::vector<Rng> agent_rng;
  for (std::size_t p = 0; p < seats.size(); ++p) agent_rng.push_back(root.split(10 + p));
  std::vector<Agent<S>*> distinct;
  for (auto* a : seats)
    if (std::find(distinct.begin(), distinct.end(), a) == distinct.end()) distinct.push_back(a);
  for (auto* a : distinct) a->reset();
  S s = std::move(start);
  while (!s.is_terminal()) {
    Action a;
    if (s.is_chance()) {
      a = s.sample_chance(chance);
    } else {
      const Player p = s.current_player();
      if (game.perfect_information()) {
        a = seats[p]->choose(s, agent_rng[p]);
      } else {
        const S view = s.sample_world(p, views);
        a = seats[p]->choose(view, agent_rng[p]);
      }
      REQUIRE(s.is_legal(a));
    }
    // Each agent observes the action as the first seat it holds sees it.
    std::array<Action, kMaxPlayers> views{};
    for (std::size_t i = 0; i < distinct.size(); ++i) {
      const auto seat = std::find(seats.begin(), seats.end(), distinct[i]) - seats.begin();
      views[i] = action_view(s, static_cast<Player>(seat), a);
    }
    s.apply(a);
    for (std::size_t i = 0; i < distinct.size(); ++i) distinct[i]->observe(views[i]);
  }
  return s;
}

template <Game G>
typename G::State play_game(const G& game, const std::vector<Agent<typename G::State>*>& seats,
                            std::uint64_t seed) {
  return play_game(game, seats, seed, game.initial_state());
}

inline checkers::Checkers make_checkers(int players, int max_turns) {
  Options o(checkers::Checkers::option_specs());
  o.set_from_text("players", std::to_string(players), "test");
  o.set_from_text("max_turns", std::to_string(max_turns), "test");
  return checkers::Checkers(o);
}

// Checkers scored for seat p: 1 win, 0.5 draw, 0 loss. A game cut off at the turn limit goes
// to the seat nearer its target (checkers::State::distance_to_target).
inline double checkers_score(const checkers::State& s, Player p) {
  if (s.winner() >= 0) return s.winner() == p ? 1.0 : 0.0;
  const int mine = s.distance_to_target(p), theirs = s.distance_to_target(1 - p);
  return mine < theirs ? 1.0 : mine > theirs ? 0.0 : 0.5;
}

}  // namespace searchtest

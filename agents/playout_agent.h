#pragma once
// PlayoutAgent: the game's own heuristic playout policy (State::playout_action), the policy
// that `mcts:rollout_policy=playout` rollouts follow, as an agent. Only games that offer one
// (mizong: docs/search.md, "mizong's playout policy"); the factory refuses the others.
#include <concepts>

#include "agents/agent.h"

namespace qilab {

template <class S>
concept HasPlayoutPolicy = requires(const S& s, Rng& rng) {
  { s.playout_action(rng) } -> std::same_as<Action>;
};

template <GameState S>
requires HasPlayoutPolicy<S>
class PlayoutAgent final : public Agent<S> {
 public:
  std::string name() const override { return "playout"; }
  bool trusted() const override { return true; }  // it chooses among the state's legal actions
  bool passive() const override { return true; }
  Action choose(const S& view, Rng& rng) override { return view.playout_action(rng); }
};

}  // namespace qilab

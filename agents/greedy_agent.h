#pragma once
// GreedyAgent: one ply on the game's own heuristic evaluation (State::evaluate), maximising
// the mover's entry; ties are broken uniformly at random.
#include "agents/agent.h"

namespace qilab {

template <GameState S>
class GreedyAgent final : public Agent<S> {
 public:
  std::string name() const override { return "greedy"; }
  Action choose(const S& view, Rng& rng) override {
    const Player me = view.current_player();
    view.legal_actions(actions_);
    double best = -1e300;
    int ties = 0;
    Action chosen = actions_[0];
    for (Action a : actions_) {
      S next = view;
      next.apply(a);
      const double v = next.is_terminal() ? next.returns()[me] : next.evaluate()[me];
      if (v > best + 1e-12) {
        best = v;
        chosen = a;
        ties = 1;
      } else if (v > best - 1e-12 && rng.below(static_cast<std::uint32_t>(++ties)) == 0) {
        chosen = a;  // reservoir sampling keeps each tied action with equal chance
      }
    }
    return chosen;
  }

 private:
  ActionList actions_;
};

}  // namespace qilab

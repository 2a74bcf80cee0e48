#pragma once
// GreedyAgent: one ply on the game's own heuristic evaluation (State::evaluate), maximising
// the mover's entry; ties are broken uniformly at random. Games whose states offer
// `bool evaluate_after(Action, Values&) const` (mizong) give the value after an action
// without a copy where they can. With setup = random, the actions
// of a setup (games whose states say `in_setup()`: junqi's deployment) are drawn uniformly
// at random instead, the baseline that measures what a chosen setup is worth.
#include "agents/agent.h"

namespace qilab {

template <GameState S>
class GreedyAgent final : public Agent<S> {
 public:
  explicit GreedyAgent(bool random_setup = false) : random_setup_(random_setup) {}
  std::string name() const override { return random_setup_ ? "greedy:setup=random" : "greedy"; }
  bool trusted() const override { return true; }
  bool reusable() const override { return true; }
  bool passive() const override { return true; }
  Action choose(const S& view, Rng& rng) override {
    const Player me = view.current_player();
    view.legal_actions(actions_);
    if constexpr (requires {
                    { view.in_setup() } -> std::convertible_to<bool>;
                  }) {
      if (random_setup_ && view.in_setup())
        return actions_[static_cast<int>(rng.below(static_cast<std::uint32_t>(actions_.size())))];
    }
    double best = -1e300;
    int ties = 0;
    Action chosen = actions_[0];
    for (Action a : actions_) {
      const double v = value_after(view, a, me);
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
  // The mover's evaluation after a: the game's delta where it offers one (mizong's
  // evaluate_after: no copy of the state), else a copy with a applied.
  static double value_after(const S& view, Action a, Player me) {
    if constexpr (requires(Values & out) {
                    { view.evaluate_after(a, out) } -> std::same_as<bool>;
                  }) {
      Values v;
      if (view.evaluate_after(a, v)) return v[me];
    }
    S next = view;
    next.apply(a);
    return next.is_terminal() ? next.returns()[me] : next.evaluate()[me];
  }

  bool random_setup_;
  ActionList actions_;
};

}  // namespace qilab

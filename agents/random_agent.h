#pragma once
// RandomAgent: a legal action uniformly at random.
#include "agents/agent.h"

namespace qilab {

template <GameState S>
class RandomAgent final : public Agent<S> {
 public:
  std::string name() const override { return "random"; }
  bool trusted() const override { return true; }
  bool reusable() const override { return true; }
  bool passive() const override { return true; }
  Action choose(const S& view, Rng& rng) override {
    view.legal_actions(actions_);
    return actions_[static_cast<int>(rng.below(static_cast<std::uint32_t>(actions_.size())))];
  }

 private:
  ActionList actions_;
};

}  // namespace qilab

#pragma once
// AnyAgent: a typed agent (agents/factory.h) behind the type-erased door of engine/core/any_game.h,
// for the edge of the system (the Python module): one virtual call per decision, the typed
// agent's search loop untouched. make_any_agent reaches the game's concrete type once, through
// the registry, and every state handed to the agent must be that game's (StateAdapter<G::State>).
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "agents/factory.h"
#include "engine/core/any_game.h"
#include "engine/core/error.h"
#include "engine/registry.h"

namespace qilab {

class AnyAgent {
 public:
  virtual ~AnyAgent() = default;
  virtual std::string name() const = 0;
  // The agent's action in `view` (what its seat may see: the referee's sample_world), drawing
  // its randomness from `rng`. Throws Error when `view` is another game's state, or is over.
  virtual Action choose(const AnyState& view, Rng& rng) = 0;
  Action choose(const AnyState& view, std::uint64_t seed) {
    Rng rng(seed);
    return choose(view, rng);
  }
  virtual void reset() = 0;
  virtual void observe(Action view) = 0;
  virtual nlohmann::json last_stats() const = 0;
};

template <Game G>
class AgentAdapter final : public AnyAgent {
 public:
  using S = typename G::State;
  AgentAdapter(AgentPtr<S> agent, std::string game_id)
      : agent_(std::move(agent)), game_id_(std::move(game_id)) {}
  std::string name() const override { return agent_->name(); }
  Action choose(const AnyState& view, Rng& rng) override {
    const auto* typed = dynamic_cast<const StateAdapter<S>*>(&view);
    if (typed == nullptr)
      throw Error("agent '" + agent_->name() + "' plays " + game_id_ + ", given another game's state");
    if (view.is_terminal())
      throw Error("agent '" + agent_->name() + "': the game is over, there is no action to choose");
    if (view.is_chance())
      throw Error("agent '" + agent_->name() + "': a chance node is the referee's, not an agent's");
    return agent_->choose(typed->state(), rng);
  }
  void reset() override { agent_->reset(); }
  void observe(Action view) override { agent_->observe(view); }
  nlohmann::json last_stats() const override { return agent_->last_stats(); }

 private:
  AgentPtr<S> agent_;
  std::string game_id_;
};

// The agent `spec` names ("random", "mcts:simulations=400", "configs/agents/mcts.toml") for
// `game`, a game built by make_any_game; throws Error on a bad spec, as make_agent does.
inline std::unique_ptr<AnyAgent> make_any_agent(const AnyGame& game, std::string_view spec) {
  return with_game(game.id(), [&]<Game G>() -> std::unique_ptr<AnyAgent> {
    const auto* typed = dynamic_cast<const GameAdapter<G>*>(&game);
    if (typed == nullptr) throw Error("game '" + std::string(game.id()) + "' was not built by make_any_game");
    return std::make_unique<AgentAdapter<G>>(make_agent(typed->game(), spec), std::string(G::kId));
  });
}

}  // namespace qilab

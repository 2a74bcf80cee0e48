#pragma once
// Agent: chooses an action for the seat to move, from what that seat may see.
//
// The referee never hands an agent the true state of a hidden-information game: it passes
// `view = true_state.sample_world(seat, rng)`, a full state consistent with the seat's
// observations (for perfect-information games, the state itself), and `observe` gets only the
// seat's view of each action played.
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/game.h"

namespace qilab {

template <GameState S>
class Agent {
 public:
  virtual ~Agent() = default;
  virtual std::string name() const = 0;
  // Called at a decision node of the agent's seat.
  virtual Action choose(const S& view, Rng& rng) = 0;
  // A new game starts.
  virtual void reset() {}
  // An action was applied to the game, by any seat or by chance; `view` is what this agent's
  // seat saw of it, action_view(state, seat, action) (engine/core/game.h): the action itself
  // when public, kHiddenAction when the seat saw nothing of it. Lets search reuse its tree.
  virtual void observe(Action view) { (void)view; }
  // Statistics of the last choice (search agents: simulations, time, depth, ...), or null.
  virtual nlohmann::json last_stats() const { return nullptr; }
  // Whether the referee may take this agent's choices in a state it was handed whole without
  // checking them (experiments/match.h): true only for agents qilab ships that choose among the
  // state's own legal_actions (random, greedy, mcts); false for anything else (Python agents,
  // tests' agents), whose every action is checked.
  virtual bool trusted() const { return false; }
  // Whether reset() makes this agent exactly the agent its factory would build afresh for the
  // same game and spec (no state of a past game left that changes a choice), so that a referee
  // may keep it for the next game instead of building another (experiments/agent_pool.h): true
  // for the agents qilab ships that hold nothing but scratch space and the search tree reset()
  // drops; false for anything else.
  virtual bool reusable() const { return false; }
  // Whether the agent chooses from the view alone: observe() does nothing and last_stats() is
  // always null, so a referee may skip both calls (random, greedy, playout); false for anything
  // else.
  virtual bool passive() const { return false; }
};

template <GameState S>
using AgentPtr = std::unique_ptr<Agent<S>>;

}  // namespace qilab

#pragma once
// An agent that plays a scripted opening: its seat's first decisions are the given actions (by
// notation), then the agent underneath plays on. The agent underneath sees every action (observe)
// from the start, so a search agent's tree stays in step. A scripted action that is not legal
// where its turn comes is an error: the referee records it and the seat forfeits (referee.h),
// so a line that cannot be played counts against its candidate, visibly, in the game's events.
#include <string>
#include <utility>
#include <vector>

#include "agents/agent.h"
#include "engine/core/error.h"

namespace qilab::experiments {

template <GameState S>
class OpeningAgent : public Agent<S> {
 public:
  OpeningAgent(std::string opening, std::vector<std::string> line, AgentPtr<S> rest)
      : opening_(std::move(opening)), line_(std::move(line)), rest_(std::move(rest)) {}

  std::string name() const override { return rest_->name(); }

  Action choose(const S& view, Rng& rng) override {
    if (played_ < line_.size()) {
      const std::string& text = line_[played_];
      const std::string where =
          "opening '" + opening_ + "': its move " + std::to_string(played_ + 1) + " '" + text + "'";
      ++played_;
      scripted_ = true;
      Action a{};
      try {
        a = view.string_to_action(text);
      } catch (const Error& e) {
        throw Error(where + " is not a move here (" + e.what() + ")");
      }
      if (!view.is_legal(a)) throw Error(where + " is not legal here");
      return a;
    }
    scripted_ = false;
    return rest_->choose(view, rng);
  }
  void reset() override {
    played_ = 0;
    scripted_ = false;
    rest_->reset();
  }
  void observe(Action view) override { rest_->observe(view); }
  nlohmann::json last_stats() const override { return scripted_ ? nlohmann::json() : rest_->last_stats(); }

 private:
  std::string opening_;
  std::vector<std::string> line_;
  AgentPtr<S> rest_;
  std::size_t played_ = 0;
  bool scripted_ = false;
};

}  // namespace qilab::experiments

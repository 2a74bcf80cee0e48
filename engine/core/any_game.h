#pragma once
// Type-erased games for the edge of the system (CLI, configs, records, experiments):
// one virtual call per move or per game, never inside a search loop.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/encoding.h"
#include "engine/core/error.h"
#include "engine/core/game.h"

namespace qilab {

class AnyState {
 public:
  virtual ~AnyState() = default;
  virtual std::unique_ptr<AnyState> clone() const = 0;
  virtual int num_players() const = 0;
  virtual Player current_player() const = 0;
  virtual bool is_terminal() const = 0;
  virtual bool is_chance() const = 0;
  virtual int move_number() const = 0;
  virtual std::vector<Action> legal_actions() const = 0;
  // The same into a caller-owned list (no allocation once it has grown): for tight loops at the
  // edge, such as the Python module's.
  virtual void legal_actions(ActionList& out) const = 0;
  // Applies a legal action; throws IllegalAction (naming it) otherwise.
  virtual void apply(Action a) = 0;
  virtual Values returns() const = 0;
  virtual int team_of(Player p) const = 0;
  virtual std::string action_to_string(Action a) const = 0;
  virtual Action string_to_action(std::string_view text) const = 0;
  virtual nlohmann::json to_json() const = 0;
  virtual std::string render_text() const = 0;
  // The position as an SVG document seen by `seat` (svg::kReferee: everything; engine/core/svg.h).
  virtual std::string render_svg(Player seat) const = 0;
  virtual std::string observation_string(Player p) const = 0;
  // What seat p sees of action a, asked before it is applied (qilab::action_view).
  virtual Action action_view(Player p, Action a) const = 0;
  virtual Values evaluate() const = 0;
  // The exact distribution at a chance node: (outcome, probability) pairs.
  virtual std::vector<std::pair<Action, double>> chance_outcomes() const = 0;
  // A full state consistent with what seat p has seen, drawn from Rng(seed).
  virtual std::unique_ptr<AnyState> sample_world(Player p, std::uint64_t seed) const = 0;
  // The same two draws from a caller's stream, as the referee makes them (experiments/match.h):
  // a loop over AnyState with Rng(seed).split(i) replays game i of a run exactly.
  virtual std::unique_ptr<AnyState> sample_world(Player p, Rng& rng) const = 0;
  virtual Action sample_chance(Rng& rng) const = 0;
  // engine/core/encoding.h: `out` holds the game's encoding_spec().size() floats.
  virtual void encode(Player observer, std::span<float> out) const = 0;
  virtual int policy_index(Action a) const = 0;
  virtual Action policy_action(int index) const = 0;
};

class AnyGame {
 public:
  virtual ~AnyGame() = default;
  virtual std::string_view id() const = 0;
  virtual std::string_view name() const = 0;
  virtual const Options& options() const = 0;
  virtual int num_players() const = 0;
  virtual int num_distinct_actions() const = 0;
  virtual std::vector<int> teams() const = 0;        // the team of each seat (Game::teams)
  virtual std::int64_t max_game_length() const = 0;  // Game::max_game_length (kNoLengthBound: none)
  virtual std::unique_ptr<AnyState> initial_state() const = 0;
  virtual std::unique_ptr<AnyState> state_from_json(const nlohmann::json& j) const = 0;
  virtual const EncodingSpec& encoding_spec() const = 0;
  virtual const PolicySpec& policy_spec() const = 0;
};

template <GameState S>
class StateAdapter final : public AnyState {
 public:
  explicit StateAdapter(S s) : s_(std::move(s)) {}
  const S& state() const { return s_; }
  std::unique_ptr<AnyState> clone() const override { return std::make_unique<StateAdapter>(s_); }
  int num_players() const override { return s_.num_players(); }
  Player current_player() const override { return s_.current_player(); }
  bool is_terminal() const override { return s_.is_terminal(); }
  bool is_chance() const override { return s_.is_chance(); }
  int move_number() const override { return s_.move_number(); }
  std::vector<Action> legal_actions() const override {
    ActionList list;
    s_.legal_actions(list);
    return list.vector();
  }
  void legal_actions(ActionList& out) const override { s_.legal_actions(out); }
  void apply(Action a) override {
    if (!s_.is_legal(a))
      throw IllegalAction("action " + std::to_string(a) + " is not legal in this position");
    s_.apply(a);
  }
  Values returns() const override { return s_.returns(); }
  int team_of(Player p) const override { return s_.team_of(p); }
  std::string action_to_string(Action a) const override { return s_.action_to_string(a); }
  Action string_to_action(std::string_view text) const override { return s_.string_to_action(text); }
  nlohmann::json to_json() const override { return s_.to_json(); }
  std::string render_text() const override { return s_.render_text(); }
  std::string render_svg(Player seat) const override { return s_.render_svg(seat); }
  std::string observation_string(Player p) const override { return s_.observation_string(p); }
  Action action_view(Player p, Action a) const override { return qilab::action_view(s_, p, a); }
  Values evaluate() const override { return s_.evaluate(); }
  std::vector<std::pair<Action, double>> chance_outcomes() const override {
    ChanceList list;
    s_.chance_outcomes(list);
    std::vector<std::pair<Action, double>> out;
    for (const auto& c : list) out.emplace_back(c.action, c.probability);
    return out;
  }
  std::unique_ptr<AnyState> sample_world(Player p, std::uint64_t seed) const override {
    Rng rng(seed);
    return std::make_unique<StateAdapter>(s_.sample_world(p, rng));
  }
  std::unique_ptr<AnyState> sample_world(Player p, Rng& rng) const override {
    return std::make_unique<StateAdapter>(s_.sample_world(p, rng));
  }
  Action sample_chance(Rng& rng) const override { return s_.sample_chance(rng); }
  void encode(Player observer, std::span<float> out) const override {
    if constexpr (requires { s_.encode(observer, out); }) {
      s_.encode(observer, out);
    } else {
      throw Error("this game has no shaped encoding yet");
    }
  }
  int policy_index(Action a) const override {
    if constexpr (requires { s_.policy_index(a); }) {
      if (!s_.is_legal(a))
        throw IllegalAction("action " + std::to_string(a) + " is not legal in this position");
      return s_.policy_index(a);
    } else {
      throw Error("this game has no policy index yet");
    }
  }
  Action policy_action(int index) const override {
    if constexpr (requires { s_.policy_action(index); }) {
      return s_.policy_action(index);
    } else {
      throw Error("this game has no policy index yet");
    }
  }

 private:
  S s_;
};

template <Game G>
class GameAdapter final : public AnyGame {
 public:
  explicit GameAdapter(G g) : g_(std::move(g)) {}
  const G& game() const { return g_; }
  std::string_view id() const override { return G::kId; }
  std::string_view name() const override { return G::kName; }
  const Options& options() const override { return g_.options(); }
  int num_players() const override { return g_.num_players(); }
  int num_distinct_actions() const override { return g_.num_distinct_actions(); }
  std::vector<int> teams() const override { return g_.teams(); }
  std::int64_t max_game_length() const override { return g_.max_game_length(); }
  const EncodingSpec& encoding_spec() const override {
    if constexpr (HasEncoding<G>) {
      return g_.encoding_spec();
    } else {
      static const EncodingSpec none;
      return none;
    }
  }
  const PolicySpec& policy_spec() const override {
    if constexpr (HasEncoding<G>) {
      return g_.policy_spec();
    } else {
      static const PolicySpec none;
      return none;
    }
  }
  std::unique_ptr<AnyState> initial_state() const override {
    return std::make_unique<StateAdapter<typename G::State>>(g_.initial_state());
  }
  // Readers may let nlohmann's type errors through (a string where a number belongs); every
  // refusal leaves here as an Error.
  std::unique_ptr<AnyState> state_from_json(const nlohmann::json& j) const override {
    try {
      return std::make_unique<StateAdapter<typename G::State>>(g_.state_from_json(j));
    } catch (const nlohmann::json::exception& e) {
      throw Error("not a " + std::string(G::kId) + " position: " + e.what());
    }
  }

 private:
  G g_;
};

}  // namespace qilab

#pragma once
// A tiny game with chance nodes, for testing the match runner on what checkers lacks: each
// turn a die (1-3) is rolled by chance, then the mover advances by the roll ("go") or by one
// ("one"). First to reach `target` wins (n-1 for the winner, -1 for the others); after
// `max_turns` turns the game is drawn (all 0).
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/action_list.h"
#include "engine/core/error.h"
#include "engine/core/options.h"
#include "engine/core/rng.h"
#include "engine/core/types.h"

namespace qilab::testing {

class RaceState {
 public:
  RaceState() = default;
  RaceState(int players, int target, int max_turns)
      : players_(players), target_(target), max_turns_(max_turns) {}

  int num_players() const { return players_; }
  Player current_player() const {
    return is_terminal() ? kTerminalPlayer : is_chance() ? kChancePlayer : current_;
  }
  bool is_terminal() const { return winner_ >= 0 || turns_ >= max_turns_; }
  bool is_chance() const { return !is_terminal() && roll_ == 0; }
  void legal_actions(ActionList& out) const {
    out.clear();
    if (is_terminal()) return;
    if (is_chance()) {
      for (Action a = 0; a < 3; ++a) out.push_back(a);
    } else {
      out.push_back(0);
      out.push_back(1);
    }
  }
  void chance_outcomes(ChanceList& out) const {
    out.clear();
    if (is_chance())
      for (Action a = 0; a < 3; ++a) out.push_back({a, 1.0 / 3});
  }
  Action sample_chance(Rng& rng) const { return static_cast<Action>(rng.below(3)); }
  bool is_legal(Action a) const { return !is_terminal() && a >= 0 && a < (is_chance() ? 3 : 2); }
  void apply(Action a) {
    ++moves_;
    if (is_chance()) {
      roll_ = a + 1;
      return;
    }
    pos_[current_] += a == 0 ? roll_ : 1;
    if (pos_[current_] >= target_) winner_ = current_;
    roll_ = 0;
    current_ = (current_ + 1) % players_;
    ++turns_;
  }
  Values returns() const {
    Values v{};
    if (winner_ >= 0)
      for (int p = 0; p < players_; ++p) v[p] = p == winner_ ? players_ - 1 : -1;
    return v;
  }
  Values evaluate() const {
    Values v{};
    for (int p = 0; p < players_; ++p) v[p] = pos_[p] / static_cast<double>(target_);
    return v;
  }
  int team_of(Player p) const { return p; }
  int move_number() const { return moves_; }
  std::string observation_string(Player) const { return render_text(); }
  RaceState sample_world(Player, Rng&) const { return *this; }
  std::uint64_t information_key(Player) const { return static_cast<std::uint64_t>(moves_); }
  std::string action_to_string(Action a) const {
    if (is_chance()) return "roll" + std::to_string(a + 1);
    return a == 0 ? "go" : "one";
  }
  Action string_to_action(std::string_view t) const {
    if (t == "go") return 0;
    if (t == "one") return 1;
    if (t.size() == 5 && t.starts_with("roll") && t[4] >= '1' && t[4] <= '3') return t[4] - '1';
    throw Error("race: bad action '" + std::string(t) + "'");
  }
  nlohmann::json to_json() const {
    return {{"pos", std::vector<int>(pos_, pos_ + players_)}, {"moves", moves_}};
  }
  std::string render_text() const { return to_json().dump(); }

 private:
  int players_ = 2, target_ = 10, max_turns_ = 50;
  int pos_[kMaxPlayers] = {};
  int current_ = 0, roll_ = 0, turns_ = 0, moves_ = 0, winner_ = -1;
};

class Race {
 public:
  using State = RaceState;
  static constexpr std::string_view kId = "race";
  static constexpr std::string_view kName = "Dice race (test game)";
  static std::vector<OptionSpec> option_specs() {
    return {{"players", std::int64_t{3}, "seats"},
            {"target", std::int64_t{10}, "cells to the goal"},
            {"max_turns", std::int64_t{40}, "turns before a draw"}};
  }
  explicit Race(const Options& o) : options_(o) {}
  const Options& options() const { return options_; }
  int num_players() const { return static_cast<int>(options_.get_int("players")); }
  int num_distinct_actions() const { return 3; }
  double min_return() const { return -1; }
  double max_return() const { return num_players() - 1; }
  bool zero_sum() const { return false; }
  bool perfect_information() const { return true; }
  std::vector<int> teams() const {
    std::vector<int> t(static_cast<std::size_t>(num_players()));
    for (int p = 0; p < num_players(); ++p) t[static_cast<std::size_t>(p)] = p;
    return t;
  }
  std::int64_t max_game_length() const { return 2 * options_.get_int("max_turns"); }  // roll, move
  State initial_state() const {
    return State(num_players(), static_cast<int>(options_.get_int("target")),
                 static_cast<int>(options_.get_int("max_turns")));
  }
  State state_from_json(const nlohmann::json&) const { throw Error("race: positions are not readable"); }

 private:
  Options options_;
};

}  // namespace qilab::testing

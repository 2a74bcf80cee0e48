#pragma once
// A tiny hidden-information game, for testing what the referee shows agents. Chance first
// deals each seat a secret card (0-3), seen by that seat only; then every seat in turn, for
// `rounds` rounds, says "pass" or "raise" (public). The unique highest card wins (n-1 for it,
// -1 for the others); a top card shared by two seats draws (all 0).
//
// sample_world(p) redeals the cards p has not seen and marks the world as drawn for p
// (`sampled_for`, -1 in the referee's true state), so a test can tell a seat's view from the
// truth and from another seat's view. Option `unsampleable` names a seat whose world it cannot
// draw (it throws), as a sampler that gives up would.
#include <functional>
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

class SecretState {
 public:
  static constexpr int kCards = 4;

  SecretState() = default;
  SecretState(int players, int rounds, int unsampleable = -1)
      : players_(players), rounds_(rounds), unsampleable_(unsampleable) {}

  int num_players() const { return players_; }
  Player current_player() const {
    return is_terminal() ? kTerminalPlayer : is_chance() ? kChancePlayer : turn_ % players_;
  }
  bool is_terminal() const { return turn_ >= players_ * rounds_; }
  bool is_chance() const { return dealt_ < players_; }
  void legal_actions(ActionList& out) const {
    out.clear();
    if (is_terminal()) return;
    for (Action a = 0; a < (is_chance() ? kCards : 2); ++a) out.push_back(a);
  }
  void chance_outcomes(ChanceList& out) const {
    out.clear();
    if (is_chance())
      for (Action a = 0; a < kCards; ++a) out.push_back({a, 1.0 / kCards});
  }
  Action sample_chance(Rng& rng) const { return static_cast<Action>(rng.below(kCards)); }
  bool is_legal(Action a) const { return !is_terminal() && a >= 0 && a < (is_chance() ? kCards : 2); }
  void apply(Action a) {
    ++moves_;
    if (is_chance()) {
      card_[dealt_++] = a;
      return;
    }
    raises_[turn_ % players_] += a;
    ++turn_;
  }
  // A deal is seen by the seat dealt to; the others learn only that a card was dealt.
  Action action_view(Player observer, Action a) const {
    return is_chance() && observer != dealt_ ? kHiddenAction : a;
  }
  Values returns() const {
    Values v{};
    if (!is_terminal()) return v;
    int best = 0, top = 0;
    for (int p = 0; p < players_; ++p) {
      if (card_[p] > card_[best]) best = p, top = 0;
      if (card_[p] == card_[best]) ++top;
    }
    if (top == 1)
      for (int p = 0; p < players_; ++p) v[p] = p == best ? players_ - 1 : -1;
    return v;
  }
  Values evaluate() const { return returns(); }
  int team_of(Player p) const { return p; }
  int move_number() const { return moves_; }
  std::string observation_string(Player p) const {
    std::string out = "moves ";  // appends: GCC 12 misreads "literal" + to_string() (-Wrestrict)
    out += std::to_string(moves_);
    out += " raises";
    for (int q = 0; q < players_; ++q) {
      out += ' ';
      out += std::to_string(raises_[q]);
    }
    if (p >= 0 && p < dealt_) {
      out += " card ";
      out += std::to_string(card_[p]);
    }
    return out;
  }
  SecretState sample_world(Player p, Rng& rng) const {
    if (p == unsampleable_) throw Error("secret: no world for seat " + std::to_string(p));
    SecretState w = *this;
    for (int q = 0; q < dealt_; ++q)
      if (q != p) w.card_[q] = static_cast<int>(rng.below(kCards));
    w.sampled_for_ = p;
    return w;
  }
  std::uint64_t information_key(Player p) const { return std::hash<std::string>{}(observation_string(p)); }
  std::string action_to_string(Action a) const {
    if (is_chance()) return "card" + std::to_string(a);
    return a == 0 ? "pass" : "raise";
  }
  Action string_to_action(std::string_view t) const {
    if (t == "pass") return 0;
    if (t == "raise") return 1;
    if (t.size() == 5 && t.starts_with("card") && t[4] >= '0' && t[4] < '0' + kCards) return t[4] - '0';
    throw Error("secret: bad action '" + std::string(t) + "'");
  }
  nlohmann::json to_json() const {
    return {{"cards", std::vector<int>(card_, card_ + players_)},
            {"moves", moves_},
            {"sampled_for", sampled_for_}};
  }
  std::string render_text() const { return to_json().dump(); }

  int card(Player p) const { return card_[p]; }
  // The seat this world was drawn for by sample_world; -1: the true state.
  Player sampled_for() const { return sampled_for_; }

 private:
  int players_ = 3, rounds_ = 2;
  int card_[kMaxPlayers] = {};
  int raises_[kMaxPlayers] = {};
  int dealt_ = 0, turn_ = 0, moves_ = 0;
  Player sampled_for_ = -1;
  int unsampleable_ = -1;  // a seat for which sample_world throws (option "unsampleable")
};

class Secret {
 public:
  using State = SecretState;
  static constexpr std::string_view kId = "secret";
  static constexpr std::string_view kName = "Secret cards (test game)";
  static std::vector<OptionSpec> option_specs() {
    return {{"players", std::int64_t{3}, "seats"},
            {"rounds", std::int64_t{2}, "pass-or-raise rounds"},
            {"unsampleable", std::int64_t{-1}, "a seat whose world sample_world cannot draw (-1: none)"}};
  }
  explicit Secret(const Options& o) : options_(o) {}
  const Options& options() const { return options_; }
  int num_players() const { return static_cast<int>(options_.get_int("players")); }
  int num_distinct_actions() const { return State::kCards; }
  double min_return() const { return -1; }
  double max_return() const { return num_players() - 1; }
  bool zero_sum() const { return false; }
  bool perfect_information() const { return false; }
  std::vector<int> teams() const {
    std::vector<int> t(static_cast<std::size_t>(num_players()));
    for (int p = 0; p < num_players(); ++p) t[static_cast<std::size_t>(p)] = p;
    return t;
  }
  std::int64_t max_game_length() const {
    return num_players() * (1 + options_.get_int("rounds"));
  }  // deals, turns
  State initial_state() const {
    return State(num_players(), static_cast<int>(options_.get_int("rounds")),
                 static_cast<int>(options_.get_int("unsampleable")));
  }
  State state_from_json(const nlohmann::json&) const { throw Error("secret: positions are not readable"); }

 private:
  Options options_;
};

}  // namespace qilab::testing

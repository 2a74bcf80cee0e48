#pragma once
// HiddenCards: a tiny two-seat card game with hidden hands, hidden draws and public dice,
// written to test information-set MCTS. It satisfies the full Game concept.
//
// Eight cards ranked 1-8. Chance deals two to each seat, one at a time (each seat sees only
// its own). Round 1: seat 0 plays a card face up, then seat 1; the higher card scores 1.
// Then seat 0 draws one of the four cards left (seat 1 does not see which), seat 1 draws
// one (seat 0 does not see which), two stay hidden in the deck, and a public die sets round 2's stake: 2
// points with probability `double_probability`, else 1. Round 2: seat 1 leads, seat 0 follows; the higher
// card scores the stake. Round 3: each plays its last card (seat 0 first) for 1 point. Returns +1 to the seat
// with more points, -1 to the other, 0 on a tie.
//
// Actions: 0-7 play or deal card (rank = action + 1); 8 and 9 the stake outcomes single and
// double. apply() throws IllegalAction on an illegal action, so a search that applies an
// action not legal in its world fails loudly.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/error.h"
#include "engine/core/game.h"

namespace hiddencards {

using namespace qilab;

inline constexpr int kCards = 8;
inline constexpr Action kSingle = 8, kDouble = 9;
inline constexpr int kEnd = 13;

// What happens at each step: a deal to a seat (chance), the stake die (chance), or a play.
enum class Step : std::int8_t { kDeal, kStake, kPlay, kEnd };
struct StepInfo {
  Step kind;
  Player seat;  // receiver of a deal, or the seat playing; -1 otherwise
};
inline constexpr std::array<StepInfo, kEnd + 1> kSteps = {{
    {Step::kDeal, 0},
    {Step::kDeal, 1},
    {Step::kDeal, 0},
    {Step::kDeal, 1},  // 0-3 deal
    {Step::kPlay, 0},
    {Step::kPlay, 1},  // 4-5 round 1
    {Step::kDeal, 0},
    {Step::kDeal, 1},    // 6-7 draws
    {Step::kStake, -1},  // 8 stake
    {Step::kPlay, 1},
    {Step::kPlay, 0},  // 9-10 round 2
    {Step::kPlay, 0},
    {Step::kPlay, 1},  // 11-12 round 3
    {Step::kEnd, -1},
}};
// The play slot (0-5) of each play step, in the order cards are played.
inline constexpr std::array<int, kEnd + 1> kSlot = {-1, -1, -1, -1, 0, 1, -1, -1, -1, 2, 3, 4, 5, -1};

class State {
 public:
  State() = default;
  explicit State(double double_probability) : p_double_(double_probability) { deck_ = (1u << kCards) - 1; }

  int num_players() const { return 2; }
  int step() const { return step_; }
  Player current_player() const {
    const StepInfo& s = kSteps[step_];
    if (s.kind == Step::kEnd) return kTerminalPlayer;
    return s.kind == Step::kPlay ? s.seat : kChancePlayer;
  }
  bool is_terminal() const { return step_ == kEnd; }
  bool is_chance() const { return kSteps[step_].kind == Step::kDeal || kSteps[step_].kind == Step::kStake; }
  int move_number() const { return moves_; }
  std::uint8_t hand(Player p) const { return hand_[p]; }
  std::uint8_t deck() const { return deck_; }
  int stake() const { return stake_; }
  int points(Player p) const { return points_[p]; }

  void legal_actions(ActionList& out) const {
    out.clear();
    const StepInfo& s = kSteps[step_];
    if (s.kind == Step::kStake) {
      out.push_back(kSingle);
      out.push_back(kDouble);
      return;
    }
    const std::uint8_t set = s.kind == Step::kDeal ? deck_ : s.kind == Step::kPlay ? hand_[s.seat] : 0;
    for (int c = 0; c < kCards; ++c)
      if (set >> c & 1) out.push_back(c);
  }
  void chance_outcomes(ChanceList& out) const {
    out.clear();
    if (kSteps[step_].kind == Step::kStake) {
      out.push_back({kSingle, 1 - p_double_});
      out.push_back({kDouble, p_double_});
    } else if (kSteps[step_].kind == Step::kDeal) {
      const double p = 1.0 / std::popcount(deck_);
      for (int c = 0; c < kCards; ++c)
        if (deck_ >> c & 1) out.push_back({c, p});
    }
  }
  Action sample_chance(Rng& rng) const {
    if (kSteps[step_].kind == Step::kStake) return rng.uniform() < p_double_ ? kDouble : kSingle;
    int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(std::popcount(deck_))));
    for (int c = 0; c < kCards; ++c)
      if ((deck_ >> c & 1) && k-- == 0) return c;
    return kInvalidAction;
  }
  bool is_legal(Action a) const {
    const StepInfo& s = kSteps[step_];
    switch (s.kind) {
      case Step::kStake:
        return a == kSingle || a == kDouble;
      case Step::kDeal:
        return a >= 0 && a < kCards && (deck_ >> a & 1);
      case Step::kPlay:
        return a >= 0 && a < kCards && (hand_[s.seat] >> a & 1);
      default:
        return false;
    }
  }
  void apply(Action a) {
    if (!is_legal(a))
      throw IllegalAction("hiddencards: action " + std::to_string(a) + " is not legal at step " +
                          std::to_string(step_));
    const StepInfo& s = kSteps[step_];
    if (s.kind == Step::kStake) {
      stake_ = a == kDouble ? 2 : 1;
    } else if (s.kind == Step::kDeal) {
      deck_ &= static_cast<std::uint8_t>(~(1u << a));
      hand_[s.seat] |= static_cast<std::uint8_t>(1u << a);
    } else {
      hand_[s.seat] &= static_cast<std::uint8_t>(~(1u << a));
      played_[kSlot[step_]] = static_cast<std::int8_t>(a);
      if (step_ == 5) score(played_[0], played_[1], 1);        // seat 0 led
      if (step_ == 10) score(played_[3], played_[2], stake_);  // seat 1 led
      if (step_ == 12) score(played_[4], played_[5], 1);
    }
    ++step_;
    ++moves_;
  }

  Values returns() const {
    Values v{};
    if (!is_terminal()) return v;
    v[0] = points_[0] > points_[1] ? 1 : points_[0] < points_[1] ? -1 : 0;
    v[1] = -v[0];
    return v;
  }
  Values evaluate() const {
    if (is_terminal()) return returns();
    Values v{};
    v[0] = std::clamp((points_[0] - points_[1]) / 4.0, -1.0, 1.0);
    v[1] = -v[0];
    return v;
  }
  int team_of(Player p) const { return p; }

  // What `p` knows: its own hand, the cards played, the stake, the step; never the other
  // hand nor the deck.
  std::string observation_string(Player p) const {
    // Digits appended one by one: cards and counts here are single digits.
    auto digit = [](int x) { return static_cast<char>('0' + x); };
    std::string s = "seat ";
    s += digit(p);
    s += " step ";
    s += std::to_string(step_);
    s += " hand";
    for (int c = 0; c < kCards; ++c)
      if (hand_[p] >> c & 1) (s += ' ') += digit(c + 1);
    s += " played";
    for (int i = 0; i < 6; ++i) (s += ' ') += played_[i] < 0 ? '-' : digit(played_[i] + 1);
    s += " stake ";
    s += digit(stake_);
    s += " points ";
    (s += digit(points_[0])) += '-';
    s += digit(points_[1]);
    return s;
  }
  // A world consistent with what `p` knows: the cards `p` has not seen are shuffled (from
  // the rng alone, in card order, so the result depends on nothing hidden) and dealt to the
  // other hand, the rest left in the deck.
  State sample_world(Player p, Rng& rng) const {
    State w = *this;
    const Player o = 1 - p;
    int dealt = 0, played = 0;  // to the other seat, so far: public facts of the step
    for (int i = 0; i < step_; ++i) {
      if (kSteps[i].kind == Step::kDeal && kSteps[i].seat == o) ++dealt;
      if (kSteps[i].kind == Step::kPlay && kSteps[i].seat == o) ++played;
    }
    std::array<int, kCards> unseen{};
    int n = 0;
    for (int c = 0; c < kCards; ++c) {
      const bool seen = (hand_[p] >> c & 1) || std::find(played_.begin(), played_.end(), c) != played_.end();
      if (!seen) unseen[n++] = c;
    }
    for (int i = n - 1; i > 0; --i)
      std::swap(unseen[i], unseen[rng.below(static_cast<std::uint32_t>(i + 1))]);
    w.hand_[o] = 0;
    w.deck_ = 0;
    for (int i = 0; i < n; ++i) {
      if (i < dealt - played)
        w.hand_[o] |= static_cast<std::uint8_t>(1u << unseen[i]);
      else
        w.deck_ |= static_cast<std::uint8_t>(1u << unseen[i]);
    }
    return w;
  }
  std::uint64_t information_key(Player p) const {
    std::uint64_t h = 0x9E3779B97F4A7C15ull ^ static_cast<std::uint64_t>(p);
    auto mix = [&h](std::uint64_t x) {
      h = (h ^ x) * 0xBF58476D1CE4E5B9ull;
      h ^= h >> 31;
    };
    mix(hand_[p]);
    for (auto c : played_) mix(static_cast<std::uint64_t>(c + 1));
    mix(static_cast<std::uint64_t>(step_) << 8 | static_cast<std::uint64_t>(stake_));
    return h;
  }

  std::string action_to_string(Action a) const {
    if (a == kSingle) return "single";
    if (a == kDouble) return "double";
    return std::to_string(a + 1);
  }
  Action string_to_action(std::string_view text) const {
    if (text == "single") return kSingle;
    if (text == "double") return kDouble;
    if (text.size() == 1 && text[0] >= '1' && text[0] <= '8') return text[0] - '1';
    throw Error("hiddencards: expected a card 1-8, single or double, got '" + std::string(text) + "'");
  }
  nlohmann::json to_json() const {
    return {{"hands", {hand_[0], hand_[1]}},
            {"deck", deck_},
            {"played", played_},
            {"step", step_},
            {"stake", stake_},
            {"points", points_},
            {"moves", moves_},
            {"double_probability", p_double_}};
  }
  std::string render_text() const { return observation_string(0) + " | " + observation_string(1) + "\n"; }

  friend bool operator==(const State&, const State&) = default;

 private:
  friend class HiddenCards;
  static int playing_step(int slot) {
    for (int s = 0; s <= kEnd; ++s)
      if (kSlot[s] == slot) return s;
    return 0;
  }
  void score(int card0, int card1, int stake) { points_[card0 > card1 ? 0 : 1] += stake; }

  std::array<std::uint8_t, 2> hand_{};
  std::uint8_t deck_ = 0;
  std::array<std::int8_t, 6> played_{-1, -1, -1, -1, -1, -1};
  std::int8_t step_ = 0;
  std::int8_t stake_ = 0;
  std::array<std::int8_t, 2> points_{};
  int moves_ = 0;
  double p_double_ = 0.3;
};

class HiddenCards {
 public:
  using State = hiddencards::State;
  static constexpr std::string_view kId = "hiddencards";
  static constexpr std::string_view kName = "hidden cards (tests)";
  static std::vector<OptionSpec> option_specs() {
    return {{"double_probability", 0.3, "probability that round 2 is worth 2 points"}};
  }
  explicit HiddenCards(const Options& o) : options_(o), p_double_(o.get_double("double_probability")) {}
  static HiddenCards make() { return HiddenCards(Options(option_specs())); }

  const Options& options() const { return options_; }
  int num_players() const { return 2; }
  int num_distinct_actions() const { return 10; }
  double min_return() const { return -1; }
  double max_return() const { return 1; }
  bool zero_sum() const { return true; }
  bool perfect_information() const { return false; }
  std::vector<int> teams() const { return {0, 1}; }
  std::int64_t max_game_length() const { return kEnd; }  // one action a step
  State initial_state() const { return State(p_double_); }
  State state_from_json(const nlohmann::json& j) const {
    try {
      State s(p_double_);
      s.hand_ = {j.at("hands")[0].get<std::uint8_t>(), j.at("hands")[1].get<std::uint8_t>()};
      s.deck_ = j.at("deck").get<std::uint8_t>();
      s.played_ = j.at("played").get<std::array<std::int8_t, 6>>();
      s.step_ = j.at("step").get<std::int8_t>();
      s.stake_ = j.at("stake").get<std::int8_t>();
      s.points_ = j.at("points").get<std::array<std::int8_t, 2>>();
      s.moves_ = j.at("moves").get<int>();
      return s;
    } catch (const nlohmann::json::exception& e) {
      throw Error(std::string("hiddencards position: ") + e.what());
    }
  }

 private:
  Options options_;
  double p_double_;
};

static_assert(Game<HiddenCards>);

}  // namespace hiddencards

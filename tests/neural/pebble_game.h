#pragma once
// Pebbles, a tiny board game with an encoding, for the neural and training tests: 2 or 3 seats
// take turns placing a pebble on an empty cell of a 3 x 4 board; the first to hold three cells
// in a row (across or down) wins (n-1 for the winner, -1 for the others), a full board is a
// draw. With option secrets=true a chance node first deals each seat a secret bit, seen only by
// its owner; on a draw, each seat with a secret 1 gets +0.5 and each with 0 gets -0.5. The
// secrets give the tests hidden information that a network must never receive.
//
// Encoding (observer-relative): plane 0 valid, then one plane per seat of pebbles, the
// observer's first; scalars: the fraction of the board filled, and the observer's own secret.
// Policy: one plane over the board (the cell played), no extra entries.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/action_list.h"
#include "engine/core/encoding.h"
#include "engine/core/error.h"
#include "engine/core/options.h"
#include "engine/core/rng.h"
#include "engine/core/types.h"

namespace qilab::testing {

class PebbleState {
 public:
  static constexpr int kRows = 3, kCols = 4, kCells = kRows * kCols;

  PebbleState() = default;
  PebbleState(int players, bool secrets) : players_(players), secrets_(secrets), dealt_(!secrets) {}

  int num_players() const { return players_; }
  Player current_player() const {
    return is_terminal() ? kTerminalPlayer : is_chance() ? kChancePlayer : current_;
  }
  bool is_terminal() const { return winner_ >= 0 || filled_ == kCells; }
  bool is_chance() const { return !dealt_; }
  void legal_actions(ActionList& out) const {
    out.clear();
    if (is_terminal()) return;
    if (is_chance()) {
      for (Action a = 0; a < (1 << players_); ++a) out.push_back(a);
      return;
    }
    for (Action c = 0; c < kCells; ++c)
      if (cell_[c] < 0) out.push_back(c);
  }
  void chance_outcomes(ChanceList& out) const {
    out.clear();
    if (is_chance())
      for (Action a = 0; a < (1 << players_); ++a) out.push_back({a, 1.0 / (1 << players_)});
  }
  Action sample_chance(Rng& rng) const { return static_cast<Action>(rng.below(1u << players_)); }
  bool is_legal(Action a) const {
    if (is_terminal()) return false;
    if (is_chance()) return a >= 0 && a < (1 << players_);
    return a >= 0 && a < kCells && cell_[a] < 0;
  }
  void apply(Action a) {
    ++moves_;
    if (is_chance()) {
      for (int p = 0; p < players_; ++p) secret_[p] = (a >> p) & 1;
      dealt_ = true;
      return;
    }
    cell_[a] = static_cast<std::int8_t>(current_);
    ++filled_;
    if (three_in_a_row(a)) winner_ = current_;
    current_ = (current_ + 1) % players_;
  }
  Values returns() const {
    Values v{};
    if (winner_ >= 0) {
      for (int p = 0; p < players_; ++p) v[p] = p == winner_ ? players_ - 1 : -1;
    } else if (filled_ == kCells && secrets_) {
      for (int p = 0; p < players_; ++p) v[p] = secret_[p] ? 0.5 : -0.5;
    }
    return v;
  }
  Values evaluate() const { return Values{}; }
  int team_of(Player p) const { return p; }
  int move_number() const { return moves_; }
  std::string observation_string(Player p) const {
    return render_text() + (secrets_ ? " secret " + std::to_string(secret_[p]) : "");
  }
  // Other seats' secrets are drawn again: only the observer's own is known.
  PebbleState sample_world(Player p, Rng& rng) const {
    PebbleState w = *this;
    if (secrets_ && dealt_)
      for (int q = 0; q < players_; ++q)
        if (q != p) w.secret_[q] = static_cast<int>(rng.below(2));
    return w;
  }
  std::uint64_t information_key(Player p) const {
    std::uint64_t h = 0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(moves_ + 1);
    for (int c = 0; c < kCells; ++c) h = (h ^ static_cast<std::uint64_t>(cell_[c] + 2)) * 0x100000001B3ull;
    h ^= static_cast<std::uint64_t>(dealt_) << 7;
    if (secrets_) h ^= static_cast<std::uint64_t>(secret_[p] + 1) << 11;
    return h;
  }
  // Seats see where pebbles go; the deal of secrets is hidden.
  Action action_view(Player, Action a) const { return is_chance() ? kHiddenAction : a; }
  std::string action_to_string(Action a) const {
    if (is_chance()) return "deal" + std::to_string(a);
    return std::string(1, static_cast<char>('a' + a % kCols)) + std::to_string(a / kCols + 1);
  }
  Action string_to_action(std::string_view t) const {
    if (t.size() == 2 && t[0] >= 'a' && t[0] < 'a' + kCols && t[1] >= '1' && t[1] < '1' + kRows)
      return (t[1] - '1') * kCols + (t[0] - 'a');
    throw Error("pebbles: bad action '" + std::string(t) + "'");
  }
  nlohmann::json to_json() const {
    return {{"cells", std::vector<int>(cell_, cell_ + kCells)}, {"current", current_}, {"moves", moves_}};
  }
  std::string render_text() const { return to_json().dump(); }

  // Encoding: observer-relative, only what `observer` may see.
  void encode(Player observer, std::span<float> out) const {
    std::fill(out.begin(), out.end(), 0.0f);
    for (int c = 0; c < kCells; ++c) {
      out[static_cast<std::size_t>(c)] = 1;  // plane 0: valid
      if (cell_[c] >= 0) {
        const int rel = (cell_[c] - observer + players_) % players_;
        out[static_cast<std::size_t>((1 + rel) * kCells + c)] = 1;
      }
    }
    const std::size_t board = static_cast<std::size_t>((1 + players_) * kCells);
    out[board] = static_cast<float>(filled_) / kCells;
    out[board + 1] = secrets_ && dealt_ ? static_cast<float>(secret_[observer]) : 0.0f;
  }
  int policy_index(Action a) const { return a; }
  Action policy_action(int i) const { return is_legal(i) ? i : kInvalidAction; }

  int cell(int c) const { return cell_[c]; }
  int secret(Player p) const { return secret_[p]; }

 private:
  bool three_in_a_row(int c) const {
    const int r = c / kCols, col = c % kCols, who = cell_[c];
    auto owns = [&](int rr, int cc) {
      return rr >= 0 && rr < kRows && cc >= 0 && cc < kCols && cell_[rr * kCols + cc] == who;
    };
    for (auto [dr, dc] : {std::pair{0, 1}, std::pair{1, 0}}) {
      int run = 1;
      for (int k = 1; owns(r + k * dr, col + k * dc); ++k) ++run;
      for (int k = 1; owns(r - k * dr, col - k * dc); ++k) ++run;
      if (run >= 3) return true;
    }
    return false;
  }

  int players_ = 2;
  bool secrets_ = false, dealt_ = true;
  std::int8_t cell_[kCells] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
  int secret_[kMaxPlayers] = {};
  int current_ = 0, filled_ = 0, moves_ = 0, winner_ = -1;
};

class Pebbles {
 public:
  using State = PebbleState;
  static constexpr std::string_view kId = "pebbles";
  static constexpr std::string_view kName = "Pebbles (test game)";
  static std::vector<OptionSpec> option_specs() {
    return {int_option("players", 2, 2, 3, "seats"), {"secrets", false, "deal each seat a secret bit first"}};
  }
  explicit Pebbles(const Options& o) : options_(o) {
    const int n = num_players();
    encoding_.planes = 1 + n;
    encoding_.height = State::kRows;
    encoding_.width = State::kCols;
    encoding_.scalars = 2;
    encoding_.plane_names.push_back("valid");
    for (int k = 0; k < n; ++k) encoding_.plane_names.push_back("pebbles of seat +" + std::to_string(k));
    encoding_.scalar_names = {"filled", "own secret"};
    policy_.planes = 1;
    policy_.height = State::kRows;
    policy_.width = State::kCols;
    policy_.plane_names = {"place"};
  }
  static Pebbles make(int players, bool secrets = false) {
    Options o(option_specs());
    o.set_from_text("players", std::to_string(players), "test");
    o.set_from_text("secrets", secrets ? "true" : "false", "test");
    return Pebbles(o);
  }
  const Options& options() const { return options_; }
  int num_players() const { return static_cast<int>(options_.get_int("players")); }
  std::vector<int> teams() const {  // every seat for itself, as team_of
    std::vector<int> t(static_cast<std::size_t>(num_players()));
    for (int p = 0; p < num_players(); ++p) t[static_cast<std::size_t>(p)] = p;
    return t;
  }
  int num_distinct_actions() const { return State::kCells; }
  std::int64_t max_game_length() const { return 1 + State::kCells; }  // the deal, then every cell
  double min_return() const { return -1; }
  double max_return() const { return num_players() - 1; }
  bool zero_sum() const { return !options_.get_bool("secrets"); }
  bool perfect_information() const { return !options_.get_bool("secrets"); }
  State initial_state() const { return State(num_players(), options_.get_bool("secrets")); }
  State state_from_json(const nlohmann::json&) const { throw Error("pebbles: positions are not readable"); }
  const EncodingSpec& encoding_spec() const { return encoding_; }
  const PolicySpec& policy_spec() const { return policy_; }

 private:
  Options options_;
  EncodingSpec encoding_;
  PolicySpec policy_;
};

}  // namespace qilab::testing

#pragma once
// Chinese checkers on the 121-hole star for 2, 3, 4 or 6 players, with the semantics of
// OpenSpiel's chinese_checkers (docs/rules/checkers.md), so games can be checked move by
// move against it. Action = cell * 6 + direction; 726 = pass.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/action_list.h"
#include "engine/core/bitboard.h"
#include "engine/core/encoding.h"
#include "engine/core/options.h"
#include "engine/core/rng.h"
#include "engine/core/state_defaults.h"
#include "engine/core/types.h"
#include "engine/star/star.h"

namespace qilab::checkers {

inline constexpr const auto& kStar = star::kStar4;
inline constexpr int kCells = 121;
inline constexpr int kPiecesPerPlayer = 10;
inline constexpr Action kPass = kCells * star::kDirections;  // 726
inline constexpr int kNumActions = kPass + 1;
using Board = Bitboard<kCells>;

// Home triangle of each seat, by number of players (the reference's seat slots).
std::array<int, kMaxPlayers> seat_triangles(int players);

class Checkers;

// What the turn cap gives (option `adjudicate`, docs/rules/checkers.md "End and returns"):
// none: every return 0; evaluation: the seat with the least distance_to_target wins;
// material: the seat with the most pieces in its target triangle wins (a tie: every return 0).
enum Adjudicate : std::int8_t { kAdjudicateNone, kAdjudicateEvaluation, kAdjudicateMaterial };

// The deadlock rule (option `blocked_target`, docs/rules/checkers.md "End and returns"): off
// (OpenSpiel's rules), win (a target full of the seat's own pieces and its home seat's wins),
// stuck (the same, when none of those home-seat pieces has a legal step or hop).
enum BlockedTarget : std::int8_t { kBlockedOff, kBlockedWin, kBlockedStuck };

class State : public NoChance, public PerfectInformation<State> {
 public:
  State();
  // `adjudicate`: how the turn cap decides the game (Adjudicate; option `adjudicate`);
  // `blocked_target`: the deadlock rule (BlockedTarget; option `blocked_target`, see blocked_win).
  State(int players, int max_turns, int adjudicate = 0, int blocked_target = 0);

  int num_players() const { return players_; }
  Player current_player() const { return is_terminal() ? kTerminalPlayer : current_; }
  bool is_terminal() const { return winner_ >= 0 || turns_ >= max_turns_; }
  int move_number() const { return moves_; }
  int turns() const { return turns_; }
  int max_turns() const { return max_turns_; }
  int winner() const { return winner_; }
  int hop_from() const { return hop_from_; }
  int team_of(Player p) const { return p; }

  void legal_actions(ActionList& out) const;
  // A legal action drawn uniformly at random, without building the list (random rollouts):
  // draws (piece, direction) pairs until one is legal, falling back to the list after a few
  // misses. Each legal action is one pair, so the draw stays exactly uniform.
  Action random_action(Rng& rng) const;
  bool is_legal(Action a) const;
  void apply(Action a);

  Values returns() const;
  // How the game ended: "target" (a seat filled its target triangle), "blocked_target" (a seat
  // filled every hole of it the triangle's home seat leaves free; option `blocked_target`),
  // "cap" (the turn cap; the option `adjudicate` decides the returns), "" while it goes on.
  std::string_view ending() const;
  // Estimated returns from progress toward the target triangles (docs/rules/checkers.md).
  Values evaluate() const;
  // Sum over a seat's pieces of the lattice distance to the tip of its target triangle:
  // 20 when the triangle is filled.
  int distance_to_target(Player p) const;

  // Perfect information: every seat sees the whole board.
  std::string observation_string(Player p) const {
    (void)p;
    return render_text();
  }
  // The shaped encoding and the policy index (encoding.cc, docs/encoding/checkers.md).
  void encode(Player observer, std::span<float> out) const;
  int policy_index(Action a) const;
  Action policy_action(int index) const;
  std::uint64_t information_key(Player p) const;

  std::string action_to_string(Action a) const;
  Action string_to_action(std::string_view text) const;
  nlohmann::json to_json() const;
  std::string render_text() const;
  std::string render_svg(Player seat) const;  // svg.cc (engine/core/svg.h)

  // Seat owning the piece on `cell`, or -1.
  int owner(int cell) const;
  const Board& pieces(Player p) const { return own_[p]; }
  int home_triangle(Player p) const { return triangle_[p]; }
  int target_triangle(Player p) const { return star::Star<4>::target_triangle(triangle_[p]); }
  // The seat whose home triangle is p's target triangle, or -1 (3 players: none).
  int target_home_seat(Player p) const;
  // The deadlock rule (docs/rules/checkers.md, "End and returns"): p's target triangle is full,
  // holds at least one piece of p and one of the triangle's home seat, and nothing else; under
  // `stuck` none of the home seat's pieces there can step or hop either.
  bool blocked_win(Player p) const;
  bool filled_target(Player p) const;

  friend bool operator==(const State&, const State&) = default;

 private:
  friend class Checkers;

  // What the turn cap gives (option `adjudicate`, docs/rules/checkers.md "End and returns"):
  // none: every return 0; evaluation: the seat with the least distance_to_target wins;
  // material: the seat with the most pieces in its target triangle wins (a tie: every return 0).
  enum Adjudicate : std::int8_t { kAdjudicateNone, kAdjudicateEvaluation, kAdjudicateMaterial };
  static constexpr int kMaxLegal = kPiecesPerPlayer * star::kDirections + 1;
  int generate(Action* out) const;
  bool has_continuation(int cell) const;
  void end_turn();

  std::array<Board, kMaxPlayers> own_{};
  // Per hole: 0 empty, else seat + 1. Two sentinel holes past the board are never empty:
  // off-board neighbours point at the first, off-board landings at the second, so move
  // generation needs no bounds checks.
  std::array<std::uint8_t, kCells + 3> occupant_{};
  Board visited_{};  // holes landed on (and the start) during the current hop chain
  std::array<std::int8_t, kMaxPlayers> triangle_{};
  std::int8_t players_ = 0;
  std::int8_t current_ = 0;
  std::int8_t winner_ = -1;
  std::int16_t hop_from_ = -1;  // grid index of the hopping piece mid-chain, or -1
  std::int32_t turns_ = 0;      // completed turns, all players together
  std::int32_t max_turns_ = 0;
  std::int32_t moves_ = 0;          // actions applied, hops inside a turn included
  std::int8_t adjudicate_ = 0;      // Adjudicate: what the turn cap gives
  std::int8_t blocked_target_ = 0;  // BlockedTarget: option blocked_target
};

class Checkers {
 public:
  using State = checkers::State;
  static constexpr std::string_view kId = "checkers";
  static constexpr std::string_view kName = "Chinese checkers (121 holes, calibration game)";

  static std::vector<OptionSpec> option_specs();
  explicit Checkers(const Options& options);

  const Options& options() const { return options_; }
  int num_players() const { return players_; }
  int num_distinct_actions() const { return kNumActions; }
  const EncodingSpec& encoding_spec() const { return encoding_; }
  const PolicySpec& policy_spec() const { return policy_; }
  // 2 players: the mirror through both home triangles; more: none (a mirror reverses the turn
  // order round the star).
  const std::vector<EncodingSymmetry>& encoding_symmetries() const { return symmetries_; }
  double min_return() const { return -1; }
  double max_return() const { return players_ - 1; }
  bool zero_sum() const { return true; }
  bool perfect_information() const { return true; }
  std::vector<int> teams() const;  // every seat for itself
  // max_turns turns, each a step or a hop chain that lands on distinct holes (at most
  // kCells - 1 hops) and may end with a pass: at most kCells actions a turn.
  std::int64_t max_game_length() const { return std::int64_t{max_turns_} * kCells; }
  State initial_state() const { return State(players_, max_turns_, adjudicate_, blocked_target_); }
  // Throws Error naming the bad field.
  State state_from_json(const nlohmann::json& j) const;

 private:
  Options options_;
  int players_;
  int max_turns_;
  int adjudicate_;
  int blocked_target_;
  EncodingSpec encoding_;
  PolicySpec policy_;
  std::vector<EncodingSymmetry> symmetries_;
};

}  // namespace qilab::checkers

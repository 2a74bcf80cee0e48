#pragma once
// 迷蹤棋 mizong: six armies of 300 pieces on the 3601-vertex star (rules:
// docs/rules/mizong.md). Point size 4 (10 pieces a player) is the fast test board.
//
// A turn is a sequence of piece activations by the player to move, closed by end-turn; an
// activation is a short sequence of sub-actions. Action space, with C = cells of the board:
// (notation "verb:q,r", cells by axial coordinates, the centre "0,0"):
//   [0, C)        select:c     activate the own piece on c
//   [C, 2C)       move:c       the selected piece moves to c along a legal path
//   [2C, 3C)      attack:c     the selected piece attacks the enemy on c
//   [3C, 4C)      heal:c       a hero or the healer heals the friendly piece on c (1 HP)
//   [4C, 5C)      swap:c       swap places with the own piece on c (ordinary: radius 3 and a
//                              one-round stun of both; hero: radius 11, 5 AP, no stun)
//   5C            area-heal    the healer heals every compatible friendly piece within radius 5
//   5C + 1        done         end the activation (after at least one sub-action)
//   5C + 2        end-turn     (only between activations)
// An activation ends by itself when the piece has nothing left to do. A ranged piece that has
// moved without attacking may attack any enemy within radius 3 of a vertex of a legal path of
// its move (its attack "along the path").
#include <array>
#include <cassert>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/action_list.h"
#include "engine/core/encoding.h"
#include "engine/core/options.h"
#include "engine/core/rng.h"
#include "engine/core/state_defaults.h"
#include "engine/core/types.h"
#include "engine/mizong/army.h"
#include "engine/mizong/geometry.h"

namespace qilab::mizong {

inline constexpr int kMaxPieces = 6 * 300;
using PieceSet = Bitboard<kMaxPieces>;

enum class Teams : std::uint8_t { kFreeForAll, kThreeVsThree, kTwoVsTwoVsTwo };
enum class Clash : std::uint8_t { kNobody, kDefender, kAttacker };

// The resolved rule options, copied into every state (a few bytes, no pointers).
struct Rules {
  Teams teams = Teams::kFreeForAll;
  Clash same_attribute_clash = Clash::kNobody;
  bool counter_defender_class = true;
  bool passive_heal_attack_radius = false;
  bool heal_rate_by_healed = false;
  bool hero_passive_heal =
      false;  // heroes and the healer also heal passively (docs/rules/mizong.md, "Healing")
  bool hero_heal_any_attributes = false;
  bool allow_reversal = false;
  bool swap_after_acting =
      false;  // an ordinary piece may end its activation with a swap (docs/rules/mizong.md, "Swap")
  bool exact_steps = true;
  bool hidden_from_teammates = true;
  bool reveal_on_combat = true;
  bool stop_at_first_winner = false;
  // How the round cap ranks the unplaced teams (option `adjudicate`, docs/rules/mizong.md
  // "End"): 0 material (remaining HP), 1 evaluation, 2 none (they share the places left).
  std::uint8_t adjudicate = 0;
  std::int16_t centre_rounds = 23;
  std::int16_t round_cap = 200;
  std::uint8_t steps = 6;
  std::uint8_t melee_hero_heal_radius = 1;  // the seed gives no hero heal radius: project rulings
  std::uint8_t ranged_hero_heal_radius = 3;
  std::uint8_t healer_heal_radius = 5;
  std::uint8_t area_heal_radius = 5;
  std::uint8_t swap_radius = 3;
  std::uint8_t hero_swap_radius = 11;
};

// How a game ended (State::ending() names it): a team won at the centre and that decided the
// game (or stop_at_first_winner ranked the rest), every team but one was annihilated, or the
// round cap ranked the rest.
enum class Ending : std::uint8_t { kNone, kCentre, kAnnihilation, kRoundCap };
inline constexpr const char* kEndingNames[] = {"", "centre", "annihilation", "round_cap"};
// Under adjudicate = evaluation, teams whose evaluation scores (about 1 for a full army's HP)
// lie within this of each other share their places at the round cap.
inline constexpr double kAdjudicateMargin = 0.05;

// Piece flags.
inline constexpr std::uint8_t kDark = 1;
inline constexpr std::uint8_t kRevealed = 2;  // a dark piece whose identity every player has seen
inline constexpr std::uint8_t kStunned = 4;   // swapped: no move, attack, counter or attributes

// Evidence: what the public play of a dark piece proves about it (docs/rules/mizong.md,
// "Hidden information"), kept per piece and used by sample_world. Kinds: bit (1 << kind);
// attributes: bit (1 << (attr1 * 2 + attr2)).
inline constexpr std::uint8_t kAnyKind = 0x1F;
inline constexpr std::uint8_t kOrdinaryKinds = (1 << kMelee) | (1 << kRanged);
inline constexpr std::uint8_t kAnyAttributes = 0x3F;
constexpr int attribute_bit(int attr1, int attr2) { return 1 << (attr1 * 2 + attr2); }

struct Piece {
  std::int16_t cell = -1;  // -1: dead, or its player has left the game
  std::uint8_t kind = kMelee, attr1 = kRock, attr2 = kYin, flags = 0;
  std::uint8_t hp = 0;    // sixths of a hit point
  std::uint8_t heal = 0;  // rounds paired with a compatible healer (passive healing)
  std::uint8_t ap = 0;    // action points left this round (heroes, healer)
  std::uint16_t moves = 0;
  std::uint8_t may_kinds = kAnyKind;        // evidence: kinds the public play allows
  std::uint8_t may_attrs = kAnyAttributes;  // evidence: attribute pairs the public play allows
  bool dark() const { return flags & kDark; }
  bool stunned() const { return flags & kStunned; }
  Identity identity() const { return Identity{kind, attr1, attr2, dark()}; }
  friend bool operator==(const Piece&, const Piece&) = default;
};

struct Layout {
  int cells = 0;
  Action select = 0, move = 0, attack = 0, heal = 0, swap = 0, area_heal = 0, done = 0, end_turn = 0,
         total = 0;
  explicit Layout(int c = 0)
      : cells(c),
        select(0),
        move(c),
        attack(2 * c),
        heal(3 * c),
        swap(4 * c),
        area_heal(5 * c),
        done(5 * c + 1),
        end_turn(5 * c + 2),
        total(5 * c + 3) {}
};

// The evaluation's integer parts per team (evaluate.cc), kept in the state and updated by
// every change of a piece's cell, HP or stun (a delta over the pieces the change touches, not
// a recount): State::evaluate() is then a few operations per team. `recount_tally()` is the
// full recount the running tally must always equal.
struct EvalTally {
  std::array<std::int32_t, kMaxPlayers> hp{};        // sixths of HP of the team's pieces on the board
  std::array<std::int32_t, kMaxPlayers> pieces{};    // the team's pieces on the board
  std::array<std::int32_t, kMaxPlayers> distance{};  // the sum of their distances to the centre
  // Adjacent enemy pairs: those where the team's piece, attacking, would hurt the enemy minus
  // those where it would be hurt (State::clash).
  std::array<std::int32_t, kMaxPlayers> matchups{};
  friend bool operator==(const EvalTally&, const EvalTally&) = default;
};

// Who loses HP when a attacks d (State::clash on two pieces, wherever they stand): 0 nobody,
// 1 the defender, 2 the attacker.
int clash_of(const Piece& a, const Piece& d, Clash same_attribute_clash);

// The activation in progress.
struct Activation {
  std::int16_t piece = -1, start = -1;
  std::uint8_t before = 0;  // attacks before moving
  std::uint8_t after = 0;   // attacks after moving
  std::uint8_t acts = 0;    // sub-actions so far
  bool moved = false;
};

class Mizong;

// Deterministic (engine/core/state_defaults.h); dark pieces are hidden.
class State : public NoChance {
 public:
  State() = default;

  int num_players() const { return players_; }
  Player current_player() const { return over_ ? kTerminalPlayer : current_; }
  bool is_terminal() const { return over_; }
  int move_number() const { return moves_; }
  int team_of(Player p) const {
    return rules_.teams == Teams::kFreeForAll ? p : rules_.teams == Teams::kThreeVsThree ? p % 2 : p % 3;
  }
  int num_teams() const {
    return rules_.teams == Teams::kFreeForAll ? players_ : rules_.teams == Teams::kThreeVsThree ? 2 : 3;
  }

  void legal_actions(ActionList& out) const;
  // A legal action drawn uniformly over legal_actions without building a list: between
  // activations by rejection over the seat's pieces and end-turn; within an activation by
  // rejection over each family's bound (swaps, attacks, heals: a cell of their disc; moves:
  // an end of the pattern's MoveTable, tested by ReachProbe), a family counted only when its
  // rejections grow costly (rules.cc, pick_sub). For search rollouts.
  Action random_action(Rng& rng) const;
  // Within an activation: how many sub-actions it has, and the k-th of legal_actions
  // (kInvalidAction when k is out of range), both without building the list.
  int sub_action_count() const;
  Action sub_action_at(int k) const;
  bool is_legal(Action a) const;
  // Applies a legal action (Debug builds assert it).
  void apply(Action a) {
    assert(is_legal(a));  // applying an illegal action is the caller's bug, caught here
    play(a);
  }
  // The same without the check: for tests that probe what an action the generators did not
  // list would leave (the select list's reference); a's effect is then the rules' letter.
  void play(Action a);
  // Whether every player sees the identity of piece id (open, or a revealed dark piece).
  bool public_identity(int id) const { return !piece(id).dark() || (piece(id).flags & kRevealed); }

  Values returns() const;
  // HP, attribute match-ups against nearby enemies, distance to and hold of the centre.
  Values evaluate() const;
  // How the game ended: "centre", "annihilation", "round_cap" (Ending); "" while it goes on.
  std::string_view ending() const { return kEndingNames[static_cast<int>(ending_)]; }
  // Each team's evaluation score (evaluate.cc): its pieces' HP as a share of a full army,
  // closeness to the centre, match-ups with adjacent enemies and the centre's hold.
  std::array<double, kMaxPlayers> team_scores() const;
  // The running tally behind evaluate() and team_scores(), and the full recount it equals.
  const EvalTally& eval_tally() const { return tally_; }
  EvalTally recount_tally() const;
  // evaluate() after the legal action a, without applying it, when a's effect on the
  // evaluation is a local delta (select, done, move, swap, single heal): true and `out` set,
  // exactly what apply(a) then evaluate() gives. False for the rest (attacks, area heals,
  // end-turn), which the caller applies.
  bool evaluate_after(Action a, Values& out) const;
  // The heuristic playout policy (playout.cc, docs/search.md "mizong's playout policy"):
  // favourable attacks first, advance towards the centre, heal and keep the centre's holder,
  // a bounded number of activations a turn; ties drawn with rng. For rollouts and the
  // `playout` agent.
  Action playout_action(Rng& rng) const;

  std::string observation_string(Player p) const;
  // The shaped encoding and the policy index (encoding.cc, docs/encoding/mizong.md).
  void encode(Player observer, std::span<float> out) const;
  int policy_index(Action a) const;
  Action policy_action(int index) const;
  State sample_world(Player p, Rng& rng) const;
  std::uint64_t information_key(Player p) const;
  // What `observer` sees of action a: all of it, every sub-action is public (public_action.cc).
  Action action_view(Player observer, Action a) const;

  std::string action_to_string(Action a) const;
  Action string_to_action(std::string_view text) const;
  nlohmann::json to_json() const;
  std::string render_text() const;
  std::string render_svg(Player seat) const;  // svg.cc (engine/core/svg.h)
  // A seat's setup as a setup file (its pieces by home slot, as dealt at the start).
  std::string deployment(Player p) const;

  // Inspection and position building (tests, agents, tools).
  const Geometry& geo() const { return *geo_; }
  const Rules& rules() const { return rules_; }
  const Layout& layout() const { return layout_; }
  int home_size() const { return home_; }
  int round() const { return round_; }
  const Piece& piece(int id) const { return pc_[static_cast<std::size_t>(id)]; }
  int piece_at(int cell) const { return at_[static_cast<std::size_t>(cell)]; }
  int owner(int id) const { return geo_->owner_of[static_cast<std::size_t>(id)]; }
  const Activation& activation() const { return act_; }
  bool acted(int id) const { return acted_.test(id); }
  bool out(Player p) const { return (out_mask_ >> p) & 1; }
  // Place of a team (1 = best; ties share the mean place), 0 while unplaced.
  double place(int team) const { return place2_[static_cast<std::size_t>(team)] / 2.0; }
  int hold_rounds() const { return hold_rounds_; }
  bool centre_disturbed() const { return centre_disturbed_; }
  const Board& occupied() const { return occ_; }
  const Board& pieces_of(Player p) const { return own_[static_cast<std::size_t>(p)]; }
  const Board& stunned_cells() const { return stunned_; }  // cells of the stunned pieces
  bool visible(Player p, int id) const;                    // whether p sees the identity of piece id
  // The move pattern of an ordinary piece now: 0 straight, 1 one turn, 2 two turns.
  int pattern_turns(int id) const;
  // Legal end cells of a move of piece id from its cell (sorted), as the move sub-action sees them.
  std::vector<int> move_ends(int id) const;
  // Who loses HP when a attacks d: 0 nobody, 1 the defender, 2 the attacker.
  int clash(int attacker, int defender) const;
  int team_hp(int team) const;  // sixths

  // Position editing for tests: remove every piece, put one, set fields.
  void clear_board();
  void put(int id, int cell, const Identity& who);
  void set_hp(int id, int sixths);
  void set_moves(int id, int moves) {
    pc_[static_cast<std::size_t>(id)].moves = static_cast<std::uint16_t>(moves);
  }
  void set_round(int round) { round_ = round; }
  void set_current(Player p);
  void set_flags(int id, std::uint8_t flags) {
    Piece& x = pc_[static_cast<std::size_t>(id)];
    if (x.cell >= 0) tally_piece(id, -1);  // a stun changes the match-ups
    x.flags = flags;
    if (x.cell < 0) return;
    tally_piece(id, 1);
    if (flags & kStunned)
      stunned_.set(x.cell);
    else
      stunned_.reset(x.cell);
  }
  void set_ap(int id, int ap) { pc_[static_cast<std::size_t>(id)].ap = static_cast<std::uint8_t>(ap); }
  void set_evidence(int id, int kinds, int attrs) {
    pc_[static_cast<std::size_t>(id)].may_kinds = static_cast<std::uint8_t>(kinds);
    pc_[static_cast<std::size_t>(id)].may_attrs = static_cast<std::uint8_t>(attrs);
  }

 private:
  friend class Mizong;
  // Rules (rules.cc).
  // Sub-action kinds for gen_sub's `only` mask (in the order of the action space).
  static constexpr int kOnlyMove = 1, kOnlyAttack = 2, kOnlyHeal = 4, kOnlySwap = 8, kOnlyArea = 16,
                       kOnlyAll = 31;
  template <class Sink>
  bool gen_sub(const Activation& a, bool include_done, Sink&& sink, int only = kOnlyAll) const;
  bool selectable(int id) const;
  bool any_move(const Activation& a) const;
  // Whether any_move only looks at the neighbours (a hero's walk that may stop after one step).
  bool quick_move_test(const Piece& x) const {
    return is_hero(x.kind) && (x.kind == kMeleeHero || !rules_.exact_steps);
  }
  Action pick_sub(Rng* rng, int k, int* count) const;
  bool team_visible(Player viewer, int id) const;
  bool heal_target(int healer, int target) const;
  int area_heal_count(int healer) const;
  std::uint64_t heal_candidates(int healer, int first, int n) const;
  void gen_attacks_from(int cell, int radius, Player p, ActionList* out, bool& found) const;
  void compute_zone(int start, int end, int turns);
  // Word w of the enemies of the active piece's side in its attack zone (zone_).
  std::uint64_t zone_enemies(int w) const;
  int zone_enemy_count() const;
  int zone_enemy_at(int k) const;  // the k-th zone enemy's cell in cell order (k < zone_enemy_count())
  void attack(int attacker, int defender);
  void hurt(int id, int sixths);
  void heal_piece(int id);
  void note_healed(int healer, int target);
  void kill(int id);
  void leave(Player p);
  void place_team(int team, bool winner);
  // Ranks the unplaced teams and ends the game: by remaining HP, or at the round cap
  // (`at_cap`) as the option `adjudicate` says.
  void rank_rest(bool at_cap);
  // The tally (evaluate.cc): piece id's part added (sign 1) or taken away (-1) as it stands,
  // or as `x` on `cell` (a piece standing somewhere else, for evaluate_after).
  void tally_piece(int id, int sign) { contribute(tally_, id, piece(id), piece(id).cell, sign); }
  void contribute(EvalTally& t, int id, const Piece& x, int cell, int sign) const;
  std::array<double, kMaxPlayers> scores_of(const EvalTally& t, int holder) const;
  Values values_of(const std::array<double, kMaxPlayers>& score) const;
  void retally() { tally_ = recount_tally(); }
  void finish_activation();
  void end_turn();
  void end_round();
  void start_turn();
  void move_piece(int id, int to);
  void swap_pieces(int a, int b);
  void remove_piece(int id);
  Board team_board(int team) const;
  bool any_left_to_do() const;
  bool left_to_do_as(int kind);  // any_left_to_do with the active piece of another ordinary kind
  void note_evidence_before(Action a);
  void note_evidence_after(bool left);
  std::uint64_t hash_view(Player p) const;

  const Geometry* geo_ = nullptr;
  Rules rules_{};
  Layout layout_{};
  std::int16_t home_ = 0;  // pieces per player = home vertices
  std::int8_t players_ = 6;
  std::int8_t current_ = 0;
  bool over_ = false;
  Ending ending_ = Ending::kNone;
  bool centre_disturbed_ = false;
  std::int16_t hold_rounds_ = 0;
  std::int32_t round_ = 1;
  std::int32_t moves_ = 0;
  std::uint8_t out_mask_ = 0;  // seats that have left (placed, or annihilated while the team plays on)
  std::int8_t next_top_ = 1, next_bottom_ = 0;      // next winner's and loser's place (teams)
  std::array<std::uint8_t, kMaxPlayers> place2_{};  // twice the place of each team, 0 unplaced
  std::array<std::int16_t, kMaxPlayers> alive_{};
  Activation act_{};
  Board zone_;  // a moved ranged piece's attack zone along its paths (set words within [zone_lo_, zone_hi_))
  std::int16_t zone_lo_ = 0, zone_hi_ = 0;  // the words of zone_ that may be non-zero: [lo, hi)
  Board occ_;
  std::array<Board, kMaxPlayers> own_{};
  Board stunned_;  // cells of stunned pieces (kept with the pieces' kStunned flags)
  PieceSet acted_;
  EvalTally tally_{};
  std::array<std::int16_t, kMaxCells> at_{};
  std::array<Piece, kMaxPieces> pc_{};
};

class Mizong {
 public:
  using State = mizong::State;
  static constexpr std::string_view kId = "mizong";
  static constexpr std::string_view kName = "迷蹤棋 mizong (six armies on the star)";

  static std::vector<OptionSpec> option_specs();
  explicit Mizong(const Options& options);

  const Options& options() const { return options_; }
  int num_players() const { return 6; }
  int num_distinct_actions() const { return Layout(geo_->cells).total; }
  const EncodingSpec& encoding_spec() const { return encoding_; }
  const PolicySpec& policy_spec() const { return policy_; }
  double min_return() const { return -1; }
  double max_return() const { return 1; }
  bool zero_sum() const { return true; }
  bool perfect_information() const { return false; }
  std::int64_t max_game_length() const;
  // ffa: six teams of one; 3v3: seats 0, 2, 4 against 1, 3, 5; 2v2v2: seats p and p + 3.
  std::vector<int> teams() const {
    std::vector<int> t(6);
    for (int p = 0; p < 6; ++p)
      t[static_cast<std::size_t>(p)] = rules_.teams == Teams::kFreeForAll     ? p
                                       : rules_.teams == Teams::kThreeVsThree ? p % 2
                                                                              : p % 3;
    return t;
  }
  State initial_state() const;
  State state_from_json(const nlohmann::json& j) const;  // throws Error naming the field
  // A state with the options in force and no piece on the board (for building positions).
  State empty_state() const;
  const std::vector<Identity>& setup(Player p) const { return setups_[static_cast<std::size_t>(p)]; }

 private:
  Options options_;
  const Geometry* geo_;
  Rules rules_;
  std::array<std::vector<Identity>, 6> setups_;
  EncodingSpec encoding_;
  PolicySpec policy_;
};

// More than the sub-actions of any activation at point size 24: swaps within radius 11
// (396 cells), moves within 12 steps (468), attacks, heals, area heal and done.
inline constexpr int kMaxSubActions = 2048;

}  // namespace qilab::mizong

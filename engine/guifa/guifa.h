#pragma once
// 诡法棋 (guifa) for 2 players, 4 as 2v2 (the default) or 4 free-for-all, read from the seed's
// manual v2.6 as docs/rules/guifa.md reads it. A turn is one action; a summoning
// is a short chain of beast placements by the same player (see kSummon).
//
// Action space, with C = cells of the board:
//   [0, C*C)            from * C + to: a move, a capture, or an illusionist's swap
//   kSummon + cell      the summoner on cell starts a summoning: up to 4 beasts follow
//   kPlace + cell       place one beast of the summoning in progress
//   kEndSummon          stop placing beasts (after at least one)
//   kRevive + cell*6+k  revive a corpse of kind kRevivable[k] on cell
//   kClone + cell       centred illusionist: create the clone on cell
//   kAnnihilate + cell  elementalist on cell: destroy the corpses under it
//   kWard + cell        centred prophet: strengthened barrier on the piece on cell
//   kWardBlock + cell   centred prophet: strengthened barrier on the 2×2 block whose south-west
//                       corner is cell
//   kPass               only when nothing else is legal
#include <array>
#include <span>
#include <cstdint>
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
#include "engine/guifa/geometry.h"

namespace qilab::guifa {

// Piece kinds, in the manual's setup order from the player's left; the beast last.
enum Kind : std::uint8_t {
  kSummoner = 0,
  kIllusionist = 1,
  kForceMage = 2,
  kScepter = 3,
  kNecromancer = 4,
  kProphet = 5,
  kElementalist = 6,
  kBeast = 7,
  kKinds = 8,
  kEmpty = 0xFF,
};
inline constexpr int kRange[kKinds] = {4, 3, 2, 1, 2, 3, 4, 1};
inline constexpr char kLetter[kKinds] = {'S', 'H', 'F', 'Z', 'N', 'P', 'E', 'B'};
inline constexpr const char* kKindName[kKinds] = {"summoner",    "illusionist", "force_mage",   "scepter",
                                                  "necromancer", "prophet",     "elementalist", "beast"};
// Corpses that can be revived; a scepter's corpse cannot (a player keeps one scepter).
inline constexpr Kind kRevivable[6] = {kSummoner,    kIllusionist, kForceMage,
                                       kNecromancer, kProphet,     kElementalist};
inline constexpr int kSpentNibble = 7;  // corpses that may never be revived (revived once, scepters)

enum class Mode : std::uint8_t { kTwoPlayers, kAlliance, kFreeForAll };

// Piece flags.
inline constexpr std::uint8_t kRevived = 1;  // came back through a necromancer: its corpse is spent
inline constexpr std::uint8_t kClone = 2;    // the centred illusionist's clone; `master` is its id

struct Piece {
  std::uint8_t kind = kEmpty;
  std::int8_t owner = -1;
  std::uint8_t flags = 0;
  std::uint16_t id = 0;      // unique per piece created in this game
  std::uint16_t master = 0;  // beasts: the summoner's id; clone: the illusionist's id
  friend bool operator==(const Piece&, const Piece&) = default;
};

struct Layout {
  int cells;
  Action summon, place, end_summon, revive, clone, annihilate, ward, ward_block, pass, total;
  explicit Layout(int cells);
};

class Guifa;

// Deterministic, perfect information (engine/core/state_defaults.h).
class State : public NoChance, public PerfectInformation<State> {
 public:
  State() = default;

  int num_players() const { return players_; }
  Player current_player() const { return is_terminal() ? kTerminalPlayer : current_; }
  bool is_terminal() const { return winner_team_ != kNoWinner || turns_ >= max_turns_; }
  int move_number() const { return moves_; }
  int turns() const { return turns_; }
  int team_of(Player p) const { return mode_ == Mode::kAlliance ? p % 2 : p; }
  int num_teams() const { return mode_ == Mode::kAlliance ? 2 : players_; }
  // Winning team (in 2 players and free-for-all a team is a seat), or -1.
  int winner() const { return winner_team_ >= 0 ? winner_team_ : -1; }
  bool out(Player p) const { return (out_mask_ >> p) & 1; }

  void legal_actions(ActionList& out) const;
  // A legal action drawn uniformly at random (each with the same chance, as from the full
  // list) without listing them all, for random playouts and search rollouts.
  Action random_action(Rng& rng) const;
  bool is_legal(Action a) const;
  void apply(Action a);

  Values returns() const;
  // Material, scepter safety and distance to the source, live fields and barriers.
  Values evaluate() const;
  // How the game ended: "scepter" (every enemy scepter captured: one team left), "source" (a
  // scepter won on the source of magic), "cap" (max_turns; the option `adjudicate` decides
  // the returns), "" while it goes on.
  std::string_view ending() const;
  // The team that wins at the turn cap under the option `adjudicate` (evaluate.cc), or -1 (a
  // draw: the option is none, or no team leads by the margin).
  int adjudicated_team() const;
  // Each team's evaluation score in pawns (a beast is 3), the heuristic evaluate() ranks.
  std::array<double, 4> team_scores() const;

  // Perfect information: an illusionist's "invisibility" is capture immunity, not secrecy.
  std::string observation_string(Player) const { return render_text(); }
  // The shaped encoding and the policy index (engine/guifa/encoding.cc, docs/encoding/guifa.md).
  void encode(Player observer, std::span<float> planes) const;
  int policy_index(Action a) const;
  Action policy_action(int index) const;
  std::uint64_t information_key(Player p) const;

  std::string action_to_string(Action a) const;
  Action string_to_action(std::string_view text) const;
  nlohmann::json to_json() const;
  std::string render_text() const;
  std::string render_svg(Player seat) const;  // svg.cc (engine/core/svg.h)

  // Inspection, for tests and agents.
  const Geometry& geo() const { return *geo_; }
  const Piece& at(int cell) const { return sq_[cell]; }
  int side_of(Player p) const { return players_ == 2 ? 2 * p : p; }
  int corpses(int cell, Kind k) const;  // revivable corpses of kind k
  int spent_corpses(int cell) const { return (corpses_[cell] >> (4 * kSpentNibble)) & 15; }
  int corpse_count(int cell) const;
  const Board& field(int team) const { return field_[team]; }
  const Board& barrier(int team) const { return barrier_[team]; }
  const Board& pieces(Player p) const { return own_[p]; }
  int summons_left() const { return summon_left_; }
  int holding() const { return hold_player_; }  // seat whose scepter must hold the source, or -1
  int cell_of(Kind k, Player p) const;          // first such piece, or -1
  const Layout& layout() const { return layout_; }

  friend bool operator==(const State& a, const State& b) { return a.to_json() == b.to_json(); }

 private:
  friend class Guifa;
  static constexpr std::int8_t kNoWinner = -1, kDraw = -2;

  // Rules (rules.cc).
  Board team_pieces(int team) const;
  Board enemy_field(int team) const { return enemy_field_[team]; }
  Board enemy_barrier(int team) const { return enemy_barrier_[team]; }
  bool has_beasts(std::uint16_t summoner_id) const;
  // Move generation (movegen.cc).
  struct LineMasks;
  struct Walker {
    const Board* stop_on;
    const Board* run_past;
    int range;
  };
  LineMasks line_masks() const;
  Walker walker(int from, const LineMasks& m) const;
  int gen_piece(int from, const LineMasks& m, Action* slot) const;
  int gen_abilities(int from, Action* slot) const;
  template <int K>
  int abilities(int from, Action* slot) const;
  int gen_centre_cross(int from, const Board& stop_on, Action* slot) const;
  Board summon_targets(int summoner) const;
  void do_move(int from, int to);
  void sweep_field(int mage_cell, Player owner);
  void kill(int cell, bool elemental);
  void eliminate(Player p);
  void place(int cell, Piece p);
  void lift(int cell);
  void settle(Player actor);
  void compute_barriers();
  void compute_fields(Player actor);
  void check_winners();
  void end_turn();
  std::uint16_t new_id() { return next_id_++; }

  const Geometry* geo_ = nullptr;
  Layout layout_{81};
  std::array<Piece, kMaxCells> sq_{};
  // Per cell: eight 4-bit counts; nibble k < 7 = revivable corpses of kind k, nibble 7 = spent.
  std::array<std::uint32_t, kMaxCells> corpses_{};
  Board occ_, illusions_, beasts_, corpse_cells_;
  std::array<Board, 4> own_{};
  std::array<Board, kKinds> kind_{};
  std::array<Board, 4> field_{}, barrier_{};  // per team, recomputed after every action
  std::array<Board, 4> enemy_field_{}, enemy_barrier_{};
  std::int8_t players_ = 0;
  Mode mode_ = Mode::kAlliance;
  std::int8_t current_ = 0;
  std::int8_t winner_team_ = kNoWinner;
  std::uint8_t out_mask_ = 0;
  std::int8_t hold_player_ = -1;
  bool hold_rule_ = true;
  std::int8_t adjudicate_ = 0;  // option adjudicate: 0 none, 1 evaluation, 2 material
  // A summoning in progress: beasts still to place and the summoner's cell.
  std::int8_t summon_left_ = 0;
  std::int16_t summon_cell_ = -1;
  // The centred prophet's strengthened barrier: 0 none, 1 on a piece (by id), 2 on a 2×2 block.
  std::uint8_t ward_kind_ = 0;
  std::uint16_t ward_caster_ = 0, ward_piece_ = 0;
  std::int16_t ward_cell_ = -1;
  std::uint16_t next_id_ = 1;
  std::int32_t turns_ = 0, moves_ = 0, max_turns_ = 0;
  // Set when a force mage, scepter or prophet moved, appeared or fell, the centre changed or
  // a strengthened barrier was cast: only then can barriers and fields change (settle()).
  bool effects_dirty_ = true;
};

class Guifa {
 public:
  using State = guifa::State;
  static constexpr std::string_view kId = "guifa";
  static constexpr std::string_view kName = "诡法棋 guifa (Tashiria, manual v2.6)";

  static std::vector<OptionSpec> option_specs();
  explicit Guifa(const Options& options);

  const Options& options() const { return options_; }
  int num_players() const { return players_; }
  int num_distinct_actions() const { return Layout(size_ * size_).total; }
  const EncodingSpec& encoding_spec() const { return encoding_; }
  const PolicySpec& policy_spec() const { return policy_; }
  double min_return() const { return -1; }
  double max_return() const { return mode_ == Mode::kFreeForAll ? players_ - 1 : 1; }
  bool zero_sum() const { return true; }
  bool perfect_information() const { return true; }
  std::vector<int> teams() const;  // alliance: opposite seats together; else every seat for itself
  // max_turns turns of one action each, except a summoning: summon, up to four placings, and
  // the end of summoning when fewer were placed (at most five actions).
  std::int64_t max_game_length() const { return std::int64_t{max_turns_} * 5; }
  State initial_state() const;
  // Throws Error naming the bad field.
  State state_from_json(const nlohmann::json& j) const;

 private:
  State empty_state() const;
  template <class Bad>
  void check_army(const State& s, const Bad& bad) const;
  Options options_;
  int size_;
  int players_;
  Mode mode_;
  int max_turns_;
  bool hold_rule_;
  int adjudicate_;
  EncodingSpec encoding_;
  PolicySpec policy_;
};

}  // namespace qilab::guifa

#pragma once
// 元素之章 (elements): two sides (red 0, blue 1) of heroes on a growing hex map of stacked
// tiles, with the rules docs/rules/elements.md states. Seats alternate
// sides (team_of(p) = p % 2); hero i belongs to side i % 2 and seat i % players.
//
// A side's turn activates one of its un-acted heroes; the activation is a run of actions by
// that hero's owner ending with kEnd. Dice and tile draws are chance nodes (kChancePlayer):
// a tile draw's outcome is a tile design, drawn with probability (copies left)/(deck left);
// a roll's outcome is the number of successes, binomial over the dice.
//
// Action space, with C = cells of the grid:
//   kSelect + h          the side to move activates hero h (a dead hero: skips, see rules)
//   kRespawn + cell      first action of a hero back from the dead: stand on cell by the base
//   kMove + d            step to the neighbour in direction d
//   kCreate              draw two tiles (chance), then kPlace or kReturn
//   kPlace + (slot*6 + d)*6 + rot   place drawn tile `slot` on the neighbour d, turned rot sixths
//   kReturn              put both drawn tiles back
//   kAttack + cell       attack the enemy hero or base on cell (then the rolls)
//   kGather + d          take the gather token through the gather marker on edge d
//   kSpell + k*C + cell  cast the hero's skill k on cell
//   kEnd                 end the activation
//   kDraw + design       chance: a tile of this design is drawn
//   kRoll + n            chance: n successes
#include <array>
#include <cstdint>
#include <memory>
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
#include "engine/elements/data.h"
#include "engine/elements/hex.h"

namespace qilab::elements {

inline constexpr int kMaxHeroes = 6;
inline constexpr int kMaxStatus = 4;
inline constexpr int kMaxTerrain = 8;
inline constexpr int kMaxDice = 31;
inline constexpr int kMaxHeight = 3;

struct Layout {
  int cells;
  Action select, respawn, move, create, place, ret, attack, gather, spell, end, draw, roll, total;
  explicit Layout(int cells = 1);
};

// Everything fixed for one variant: grid, data, options. Shared by the states of a game.
struct Rules {
  Grid grid;
  Layout layout;
  Deck deck;
  std::vector<HeroSpec> roster;
  int players = 2;
  int heroes = 4;                      // in play
  std::array<int, kMaxHeroes> pick{};  // roster index of hero i
  std::array<int, 2> base_cell{};
  std::array<std::array<int, 3>, 2> start_cell{};
  std::array<Element, 6> patch{};  // elements of the base's six neighbours, by direction
  int base_hp = 10;
  int base_attack_successes = 2;
  int death_penalty = 2;
  int max_rounds = 40;
  int creates_per_activation = 0;  // 0: no cap (the seed's letter; see docs/rules/elements.md)
  int casts_per_skill = 0;         // 0: no cap (the seed's reading)
  int up2_cost = 4;                // -1: a two-level climb is not allowed
  int down2_cost = 1;
  // The largest height difference a step may cross; a larger one blocks it.
  int move_height_limit = 2;   // moves: "超過2層" blocks
  int melee_height_limit = 2;  // a range-1 hero's attack: "高度相差不大於二"
  int range_height_limit = 1;  // the steps of a 距離 / 距離(直線) range: "相差2層以上" blocks
  int gather_amount = 2;
  int gather_tokens = 24;
  int mana_per_round = 1;
  bool rotate_tiles = true;
  bool return_unchosen = true;     // the tile not chosen goes back into the deck
  bool alternate_first = false;    // the side starting a round alternates
  bool cap_by_hp = true;           // at the round cap the higher base HP wins
  bool cap_by_evaluation = false;  // at the round cap a side evaluate() puts ahead by the margin wins
  std::array<std::array<std::uint64_t, 2>, kMaxDeck> design_mask{};
  std::array<std::array<double, kMaxDice + 1>, kMaxDice + 1> binom_third{}, binom_half{};
};

struct Status {
  Effect kind = Effect::kAttackUp;
  std::int8_t amount = 0;
  std::uint8_t duration = 0;
  friend bool operator==(const Status&, const Status&) = default;
};

struct Hero {
  std::int8_t spec = -1, owner = 0, side = 0;
  std::int16_t cell = -1;  // -1 while dead
  std::array<std::uint8_t, kElements> energy{};
  std::uint8_t mana = 0;
  bool acted = false, dead = false, skipped = false;
  std::uint8_t n_status = 0;
  std::array<Status, kMaxStatus> status{};
  int sum(Effect kind) const;
  int zero_energies() const;
};

struct TerrainEffect {
  std::int16_t cell = -1;
  std::uint8_t element = 0, duration = 0;
  std::int8_t caster = -1;
};

// At the round cap under adjudicate = evaluation, a side wins when side 0's evaluation (in
// [-1, 1]) is beyond this, either way (docs/rules/elements.md, "End").
inline constexpr double kAdjudicateMargin = 0.1;

enum class Phase : std::uint8_t { kSelect, kRespawn, kAct, kDraw, kPlace, kAttackRoll, kDefenceRoll, kOver };

class Elements;

// Perfect information (engine/core/state_defaults.h); draws and dice are chance nodes.
class State : public PerfectInformation<State> {
 public:
  State() = default;

  int num_players() const { return rules_->players; }
  Player current_player() const;
  bool is_terminal() const { return phase_ == Phase::kOver; }
  bool is_chance() const {
    return phase_ == Phase::kDraw || phase_ == Phase::kAttackRoll || phase_ == Phase::kDefenceRoll;
  }
  int move_number() const { return moves_; }
  int team_of(Player p) const { return p % 2; }

  void legal_actions(ActionList& out) const;
  bool is_legal(Action a) const;
  void apply(Action a);
  void chance_outcomes(ChanceList& out) const;
  Action sample_chance(Rng& rng) const;

  Values returns() const;
  // How the game ended: "base" (a base fell to 0 HP), "cap" (max_rounds; the options
  // `adjudicate` and `cap_result` decide it), "" while it goes on.
  std::string_view ending() const;
  Values evaluate() const;  // base HP, energies, distance to the enemy base, tiles about the hero

  // Every drawn tile, every die and every hand is public; the deck is a multiset whose order
  // is never stored (each draw is a chance event), so a sampled world is the state itself.
  std::string observation_string(Player) const { return render_text(); }
  // The shaped encoding and the policy index (engine/elements/encoding.cc, docs/encoding/elements.md).
  void encode(Player observer, std::span<float> planes) const;
  int policy_index(Action a) const;
  Action policy_action(int index) const;
  std::uint64_t information_key(Player p) const;

  std::string action_to_string(Action a) const;
  Action string_to_action(std::string_view text) const;
  nlohmann::json to_json() const;
  std::string render_text() const;
  std::string render_svg(Player seat) const;  // svg.cc (engine/core/svg.h)

  // Inspection.
  const Rules& rules() const { return *rules_; }
  const Grid& grid() const { return rules_->grid; }
  const Layout& layout() const { return rules_->layout; }
  Phase phase() const { return phase_; }
  int round() const { return round_; }
  int side_to_move() const { return side_; }
  int active() const { return active_; }
  int move_left() const { return move_left_; }
  int creates() const { return creates_; }
  bool returned() const { return returned_; }  // a create this activation put its tiles back
  int casts(int k) const { return casts_[k]; }
  int base_hp(int side) const { return base_hp_[side]; }
  int winner() const { return winner_; }  // side, 2 for a draw, -1 while playing
  int height(int cell) const { return height_[cell]; }
  Element element(int cell) const { return static_cast<Element>(eff_elem_[cell]); }  // with terrain effects
  Marker edge(int cell, int d) const { return static_cast<Marker>((edges_[cell] >> (3 * d)) & 7); }
  bool token(int cell) const { return tokens_.test(cell); }
  bool is_base(int cell) const { return bases_.test(cell); }
  int hero_at(int cell) const { return hero_at_[cell]; }
  const Hero& hero(int i) const { return heroes_[i]; }
  const HeroSpec& spec(int i) const { return rules_->roster[heroes_[i].spec]; }
  int heroes() const { return rules_->heroes; }
  int deck_left() const;
  int deck_left(int design) const;
  int drawn(int slot) const { return drawn_[slot]; }  // deck tile index or -1
  int attack_dice() const { return att_dice_; }
  int attack_threshold() const { return att_thr_; }  // 5: successes on 5-6; 4: on 4-6
  int defence_dice() const { return def_dice_; }
  int defence_threshold() const { return def_thr_; }
  const std::array<Board, kDirs>& blocked() const { return blocked_; }
  const Board& occupied() const { return occ_; }
  // Cells a hero on `from` of side `side` reaches at 距離 r (line=false) or 距離(直線) r, each
  // step crossing a height difference of at most height_limit (-1: the rules' range limit).
  Board reach(int from, int side, int r, bool line, int height_limit = -1) const;
  // Cells hero h may attack now (enemy heroes and the enemy base).
  Board attack_targets(int h) const;
  // Movement points a step from `from` in direction d costs, or -1 when the step is not allowed.
  int step_cost(int from, int d) const;

  // Editing, for hand-built positions (tests, tools). Call nothing else between edits and play.
  void clear_tiles();  // every tile, token and terrain effect removed, bases kept
  void put_tile(int cell, int height, Element e, std::string_view edges, bool token = false);
  void put_hero(int i, int cell);  // cell -1: off the board (dead)
  void set_energy(int i, Element e, int value);
  void set_mana(int i, int value);
  void add_status(int i, Effect kind, int amount, int duration);
  void add_terrain(int cell, Element e, int duration, int caster);
  void set_base_hp(int side, int hp);
  void set_acted(int i, bool acted);
  void kill_for_test(int i);        // dead now, its skip still to come (no base damage)
  void revive_at(int i, int cell);  // alive on cell
  void remove_from_deck(int tile);
  void set_side_to_move(int side) { side_ = static_cast<std::int8_t>(side); }

  friend bool operator==(const State& a, const State& b) { return a.to_json() == b.to_json(); }

 private:
  friend class Elements;
  friend State state_from_json_impl(const Elements&, const nlohmann::json&);

  // rules.cc
  void gen_act(ActionList& out) const;
  void gen_place(ActionList& out) const;
  bool can_place(int slot_tile, int cell) const;
  Board spell_targets(int h, int k) const;
  bool can_pay(int h, const Skill& s) const;
  void select(int h);
  void begin_activation(int h);
  void end_activation();
  void next_turn();
  void start_round();
  void do_move(int d);
  void do_place(int slot, int d, int rot);
  void do_gather(int d);
  void do_spell(int k, int cell);
  void begin_attack(int cell);
  void resolve_attack(int defence_successes);
  void damage(int h, Element e, int amount);
  void die(int h);
  void hit_base(int side, int amount);
  void draw_tile(int design);
  void after_draw();
  void set_cell_tile(int cell, const Tile& t, int rot);
  void refresh_cell(int cell);
  void refresh_element(int cell);
  void remove_terrain(int cell);
  int team_alive(int side) const;
  int chooser() const;
  bool side_has_unacted(int side) const;

  const Rules* rules_ = nullptr;
  // Board: the top tile of each cell (board orientation) and its height; 0 = no tile.
  std::array<std::uint8_t, kMaxCells> height_{}, tile_elem_{}, eff_elem_{};
  std::array<std::uint32_t, kMaxCells> edges_{};
  std::array<std::int8_t, kMaxCells> hero_at_{};
  std::array<Board, kMaxHeight> layer_{};   // cells at least 1, 2, 3 tiles high
  std::array<Board, kElements> elem_bb_{};  // effective element of each tile
  std::array<Board, kDirs> blocked_{};      // edge d of the cell is closed (its block or its neighbour's)
  Board occ_, tokens_, bases_;
  std::array<Board, 2> side_occ_{};
  std::array<Hero, kMaxHeroes> heroes_{};
  std::array<TerrainEffect, kMaxTerrain> terrain_{};
  std::uint8_t n_terrain_ = 0;
  std::array<std::uint64_t, 2> deck_{};
  std::array<std::int8_t, 2> drawn_{-1, -1};
  std::int8_t to_draw_ = 0;
  Phase phase_ = Phase::kSelect;
  std::int8_t side_ = 0, first_side_ = 0, active_ = -1;
  std::int8_t move_left_ = 0, creates_ = 0;  // creates_ counts this activation's creates (saturates)
  bool major_done_ = false;
  // A create of this activation returned both tiles: the position is as before it, so the
  // hero may not create again this activation (project ruling, docs/rules/elements.md, Create).
  bool returned_ = false;
  std::array<std::uint8_t, kMaxSkills> casts_{};  // casts of each skill this activation (saturate)
  std::array<std::int8_t, 2> base_hp_{};
  std::int8_t winner_ = -1;
  std::int16_t round_ = 1;
  std::int32_t moves_ = 0;
  // The attack being resolved.
  std::int16_t target_ = -1;
  std::int8_t att_dice_ = 0, att_thr_ = 5, def_dice_ = 0, def_thr_ = 5, att_succ_ = 0, dmg_elem_ = 0;
};

class Elements {
 public:
  using State = elements::State;
  static constexpr std::string_view kId = "elements";
  static constexpr std::string_view kName = "元素之章 elements (seed 002)";

  static std::vector<OptionSpec> option_specs();
  explicit Elements(const Options& options);

  const Options& options() const { return options_; }
  int num_players() const { return rules_->players; }
  int num_distinct_actions() const { return rules_->layout.total; }
  const EncodingSpec& encoding_spec() const { return encoding_; }
  const PolicySpec& policy_spec() const { return policy_; }
  double min_return() const { return -1; }
  double max_return() const { return 1; }
  bool zero_sum() const { return true; }
  bool perfect_information() const { return true; }
  // Two sides, red and blue; seats alternate between them.
  std::vector<int> teams() const {
    std::vector<int> t(static_cast<std::size_t>(num_players()));
    for (int p = 0; p < num_players(); ++p) t[static_cast<std::size_t>(p)] = p % 2;
    return t;
  }
  // kNoLengthBound where an activation could go on for ever: free climbs (climb_two_cost 0 or
  // 1, which a move marker makes 0) or, with casts uncapped, a heal that pays energy and may
  // restore its caster's (neither is in the shipped rules and roster).
  std::int64_t max_game_length() const;
  State initial_state() const;
  State state_from_json(const nlohmann::json& j) const;  // throws Error naming the field
  const Rules& rules() const { return *rules_; }

 private:
  Options options_;
  const Rules* rules_;  // interned (engine/core/interned.h): lives for the process, like its states' pointers
  EncodingSpec encoding_;
  PolicySpec policy_;
};

// Probability of exactly k successes with n dice, each succeeding on 4-6 (threshold 4) or 5-6.
double roll_probability(const Rules& rules, int n, int threshold, int k);

}  // namespace qilab::elements

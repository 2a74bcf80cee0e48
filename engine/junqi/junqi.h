#pragma once
// 六国军棋 (junqi6, 3 against 3) and 四国军棋 (junqi4, 2 against 2): one implementation over a
// board read from a file (docs/rules/junqi.md). Each player first deploys its 25 pieces, one
// placement action per piece, then the players move in seat order.
//
// Actions (a fixed range per board of P posts):
//   from * P + to      move (or attack) from post `from` to post `to`
//   P * P + post       place the next piece of the deployment order on `post`
//   P * P + P          resign (allowed after `resign_after` moves)
//   P * P + P + 1      draw: offer a draw (option `draw_offers`), or agree to the one offered
//   P * P + P + 2      no-draw: refuse the draw offered
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/action_list.h"
#include "engine/core/options.h"
#include "engine/core/rng.h"
#include "engine/core/state_defaults.h"
#include "engine/core/types.h"
#include "engine/junqi/board.h"
#include "engine/junqi/encoding.h"
#include "engine/junqi/pieces.h"

namespace qilab::junqi {

inline constexpr int kMaxPieces = kMaxArmies * kSlots;
inline constexpr std::uint8_t kNone = 0xFF;

// Resolved rule options, copied into every state (a few bytes).
struct Rules {
  bool decapitation = false;    // mode = "decapitation" (斩首): one player out loses the side
  bool bright = false;          // visibility = "bright": every rank is shown once all have deployed
  bool allies_visible = false;  // dark game: allies see each other's ranks
  bool mine_dies_too = false;   // a mine that kills an attacker dies as well
  std::int32_t no_capture_limit = 200;
  std::int32_t max_moves = 2000;
  std::int32_t resign_after = 60;
  bool draw_offers = false;  // draw by agreement (和棋): a seat may offer, all others must agree
  // What the move caps give (option `adjudicate`, docs/rules/junqi.md "End and returns"):
  // 0 none (a draw), 1 evaluation, 2 material.
  std::int8_t adjudicate = 0;
  // Seats whose deployment is fixed by the `deployments` option, and the posts (as slots
  // of the army, in the deployment order) they fill; the engine places them itself.
  std::uint8_t fixed_seats = 0;
  std::array<std::array<std::uint8_t, kSlots>, kMaxArmies> fixed_slots{};
};

// One fight, as every player saw it.
struct Fight {
  std::uint8_t attacker, defender, outcome;
  friend bool operator==(const Fight&, const Fight&) = default;
};

enum class Phase : std::uint8_t { kDeploy, kPlay, kOver };

// How a game ended (State::ending() names it): a side lost its last seat (or, in decapitation,
// one seat) to a taken flag, to having no legal move, to a resignation or a forfeit; or the
// game stopped at a draw offer all accepted, at max_moves or at no_capture_limit.
enum class Ending : std::uint8_t {
  kNone,
  kFlag,
  kElimination,
  kResignation,
  kForfeit,
  kDrawOffer,
  kMoveCap,
  kQuietCap
};
inline constexpr const char* kEndingNames[] = {"",        "flag",       "elimination", "resignation",
                                               "forfeit", "draw_offer", "move_cap",    "quiet_cap"};
// Of two sides' adjudication scores, the leader wins when ahead by more than this share of
// their sum (docs/rules/junqi.md, "End and returns").
inline constexpr double kAdjudicateMargin = 0.1;

// Deterministic (engine/core/state_defaults.h); ranks are hidden.
class State : public NoChance {
 public:
  State() = default;
  State(const Board* board, const Rules& rules);

  int num_players() const { return players_; }
  Player current_player() const { return phase_ == Phase::kOver ? kTerminalPlayer : current_; }
  bool is_terminal() const { return phase_ == Phase::kOver; }
  int move_number() const { return moves_; }
  int team_of(Player p) const { return p & 1; }

  void legal_actions(ActionList& out) const;
  bool is_legal(Action a) const;
  void apply(Action a);

  Values returns() const;
  // Material by rank, flag safety and threats, as returns-scaled values (docs/rules/junqi.md).
  Values evaluate() const;
  // How the game ended, in junqi's words (Ending: "flag", "elimination", "resignation",
  // "forfeit", "draw_offer", "move_cap", "quiet_cap"); "" while it goes on.
  std::string_view ending() const { return kEndingNames[static_cast<int>(ending_)]; }
  // The two sides' scores the option `adjudicate` compares at a move cap (evaluate.cc):
  // evaluation: each side's share of evaluate()'s score; material: its live pieces by worth.
  std::array<double, 2> adjudication_scores(bool material) const;

  std::string observation_string(Player p) const;
  // The network encoding seen by `observer` and the policy index of the player to move
  // (engine/core/encoding.h, docs/encoding/junqi.md; view.cc, encoding.cc).
  void encode(Player observer, std::span<float> out) const;
  int policy_index(Action a) const;
  Action policy_action(int index) const;
  State sample_world(Player p, Rng& rng) const;
  std::uint64_t information_key(Player p) const;
  // What `observer` sees of action a (before it is applied): another seat's placement is
  // kHiddenAction (public_action.cc).
  Action action_view(Player observer, Action a) const;

  std::string action_to_string(Action a) const;
  Action string_to_action(std::string_view text) const;
  nlohmann::json to_json() const;
  // The referee's drawing: every rank shown.
  std::string render_text() const { return render(-1); }
  // The board as player p sees it (-1: the referee).
  std::string render(Player p) const;
  std::string render_svg(Player seat) const;  // svg.cc: as render(p), kReferee (-1) the truth

  // Referee hooks for matches: an agent that times out three times or crashes is out.
  void forfeit(Player p);

  // Queries, for tests, agents and records.
  const Board& board() const { return *board_; }
  const Rules& rules() const { return rules_; }
  Phase phase() const { return phase_; }
  // Whether the action to choose is part of a setup (the deployment), for agents that
  // choose setups in their own way (greedy's option setup=random).
  bool in_setup() const { return phase_ == Phase::kDeploy; }
  int piece_at(int post) const { return piece_at_[post] == kNone ? -1 : piece_at_[post]; }
  int kind_of(int piece) const { return kind_of_[piece] == kNone ? -1 : kind_of_[piece]; }
  int post_of(int piece) const { return post_of_[piece] == kNone ? -1 : post_of_[piece]; }
  KindSet evidence(int piece) const { return evidence_[piece]; }
  bool eliminated(Player p) const { return (eliminated_ >> p) & 1; }
  int winner_side() const { return result_ == 0 || result_ == 1 ? result_ : -1; }
  bool drawn() const { return result_ == 2; }
  int quiet_moves() const { return quiet_; }
  int play_moves() const { return play_moves_; }
  const Fight* fights_begin() const { return fights_.data(); }
  int num_fights() const { return fights_count_; }
  // Destinations of the piece on `from` for the player to move (empty if it cannot move).
  Posts destinations(int from) const;
  // Whether player p sees the true kind of `piece`.
  bool sees(Player p, int piece) const;
  // A seat's deployment, rows 0-5 of columns 0-4 as kind letters ('+' a camp).
  std::string deployment(Player p) const;
  int deploy_kind() const;  // the kind placed by the next placement action, or -1
  // Why placing the next piece of the deployment order on `post` is not legal (the setup
  // rule it breaks, or why the post is not open); empty if it is legal.
  std::string placement_refusal(int post) const;

  Action move_action(int from, int to) const { return from * board_->posts + to; }
  Action place_action(int post) const { return board_->posts * board_->posts + post; }
  Action resign_action() const { return board_->posts * board_->posts + board_->posts; }
  Action draw_action() const { return resign_action() + 1; }
  Action refuse_action() const { return resign_action() + 2; }
  int num_distinct_actions() const { return resign_action() + 3; }
  // The seat whose draw offer is being answered, or -1.
  int draw_offer() const { return offer_by_; }

 private:
  template <class G>
  friend class Junqi;
  friend State state_from_json_impl(const Board*, const Rules&, const nlohmann::json&);
  friend class Sampler;

  // The occupancy masks move generation needs for the seats of one team, built once per
  // call and shared by every piece (legal_actions, has_move, destinations, move, reveal_stuck).
  struct Masks {
    Posts all;         // every piece on the board
    Posts friends;     // the team's pieces
    Posts blocked;     // where no road step ends: friends, occupied camps, the airport
    Posts attackable;  // enemy pieces outside camps (行营是个安全岛)
    Words empty;       // ~all word by word (so bits past the last post are set too)
  };
  // The straight rail reach of each 六国 centre post under one Masks, filled in as pieces
  // turn there (Board::turn_index numbers the centre posts).
  struct CentreReach {
    std::uint32_t done = 0;
    std::array<Words, kMaxTurnPosts> reach;  // left unset until done
  };
  Masks masks(int team) const;
  // Rail destinations of the piece on `from` (an engineer's, or any other piece's);
  // add_rail_reach ORs them into `dest` word by word, `from` and the airport perhaps among them.
  Posts rail_reach(int from, bool engineer, const Masks& m, CentreReach& centre) const;
  void add_rail_reach(int from, bool engineer, const Masks& m, CentreReach& centre, Words& dest) const;
  // Road and rail destinations of a mobile piece of `kind` on `from`, outside the headquarters.
  Words reach(int from, int kind, const Masks& m, CentreReach& centre) const;
  bool has_move(Player p) const;
  void place(int post);
  void auto_deploy();  // places the fixed deployments of the seats now due
  void move(int from, int to);
  void kill(int piece);
  void eliminate(Player p);
  void settle(Ending how);      // ends the game if a side has lost (`how`: the last seat's way out)
  void next_turn();             // the next seat still in, eliminating seats that cannot move
  void end_move(Ending how);    // after a move: the end of the game, the draw limits, the next turn
  void next_answer();           // the next seat to answer a draw offer, or the draw if all agreed
  void reveal_stuck(Player p);  // evidence from a seat going out for having no legal move
  void rebuild_occupancy();
  Posts team_occupancy(int team) const;
  KindSet setup_mask(int piece) const;

  const Board* board_ = nullptr;
  Rules rules_{};
  std::int8_t players_ = 0;
  Phase phase_ = Phase::kDeploy;
  std::int8_t current_ = 0;
  std::uint8_t eliminated_ = 0;  // bit per seat
  std::int8_t result_ = -1;      // -1 none, 0 or 1 the winning side, 2 a draw
  Ending ending_ = Ending::kNone;
  std::int32_t moves_ = 0;       // actions applied, placements included
  std::int32_t play_moves_ = 0;  // moves and resignations after deployment
  std::int32_t quiet_ = 0;       // moves since the last fight
  std::int16_t last_from_ = -1, last_to_ = -1;
  std::int8_t offer_by_ = -1;  // the seat whose draw offer is being answered
  std::uint8_t offered_ = 0;   // bit per seat: has offered a draw (once a game)
  std::array<std::uint8_t, kMaxArmies> deployed_{};
  std::uint8_t fights_count_ = 0;
  std::array<Posts, kMaxArmies> occ_{};
  std::array<std::uint8_t, kMaxPosts> piece_at_{};
  std::array<std::uint8_t, kMaxPieces> post_of_{};  // kNone: dead or not yet placed
  std::array<std::uint8_t, kMaxPieces> kind_of_{};  // kNone: not yet placed
  std::array<KindSet, kMaxPieces> evidence_{};      // public: the kinds a piece may be
  std::array<Fight, kMaxPieces> fights_{};          // every fight kills a piece: at most 150
};

State state_from_json_impl(const Board* board, const Rules& rules, const nlohmann::json& j);
// The board of variant `game`: the file its `board` option names (empty: the shipped
// configs/boards/<game>.json), which must hold `armies` armies. Throws Error naming the option.
const Board& variant_board(const Options& o, std::string_view game, int armies);
std::vector<OptionSpec> junqi_option_specs(std::string_view board_name, int armies);
Rules rules_from_options(const Options& o, const std::string& game, const Board& board);
// Game::max_game_length of a junqi variant (kNoLengthBound with both move limits off).
std::int64_t junqi_max_game_length(const Rules& rules, int armies);

// One variant: the board it loads by default and its registry id.
template <class V>
class Junqi {
 public:
  using State = junqi::State;
  static constexpr std::string_view kId = V::kId;
  static constexpr std::string_view kName = V::kName;

  static std::vector<OptionSpec> option_specs() { return junqi_option_specs(V::kId, V::kArmies); }
  explicit Junqi(const Options& options)
      : options_(options),
        board_(&variant_board(options, V::kId, V::kArmies)),
        rules_(rules_from_options(options, std::string(V::kId), *board_)),
        encoding_(junqi_encoding_spec(*board_)),
        policy_(junqi_policy_spec(*board_)) {}

  const Options& options() const { return options_; }
  const Board& board() const { return *board_; }
  int num_players() const { return board_->armies; }
  int num_distinct_actions() const { return board_->posts * board_->posts + board_->posts + 3; }
  const EncodingSpec& encoding_spec() const { return encoding_; }
  const PolicySpec& policy_spec() const { return policy_; }
  double min_return() const { return rules_.decapitation ? -1 : -num_players() / 2; }
  double max_return() const { return rules_.decapitation ? 1 : num_players() / 2; }
  bool zero_sum() const { return true; }
  bool perfect_information() const { return false; }
  // Two teams; seats alternate between them (the board loader checks an even army count).
  std::vector<int> teams() const {
    std::vector<int> t(static_cast<std::size_t>(num_players()));
    for (int p = 0; p < num_players(); ++p) t[static_cast<std::size_t>(p)] = p & 1;
    return t;
  }
  std::int64_t max_game_length() const { return junqi_max_game_length(rules_, board_->armies); }
  State initial_state() const {
    State s(board_, rules_);
    s.auto_deploy();
    return s;
  }
  State state_from_json(const nlohmann::json& j) const { return state_from_json_impl(board_, rules_, j); }

 private:
  Options options_;
  const Board* board_;
  Rules rules_;
  EncodingSpec encoding_;
  PolicySpec policy_;
};

struct SixArmies {
  static constexpr std::string_view kId = "junqi6";
  static constexpr int kArmies = 6;
  static constexpr std::string_view kName = "六国军棋 junqi, 6 armies, 3 against 3";
};
struct FourArmies {
  static constexpr std::string_view kId = "junqi4";
  static constexpr int kArmies = 4;
  static constexpr std::string_view kName = "四国军棋 junqi, 4 armies, 2 against 2";
};
using Junqi6 = Junqi<SixArmies>;
using Junqi4 = Junqi<FourArmies>;

}  // namespace qilab::junqi

#include "engine/checkers/checkers.h"
#include "engine/checkers/encoding.h"

#include <cassert>
#include <algorithm>
#include <charconv>
#include <cmath>

#include "engine/core/error.h"
#include "engine/core/hash.h"
#include "engine/core/input.h"
#include "engine/core/json_fields.h"

namespace qilab::checkers {
namespace {

constexpr int kNoCell = -1;

// Tip of each triangle: the cell farthest from the centre.
constexpr std::array<int, star::kTriangles> make_tips() {
  std::array<int, star::kTriangles> tips{};
  for (int t = 0; t < star::kTriangles; ++t) {
    int best = kStar.triangle_cells[t][0];
    for (int c : kStar.triangle_cells[t])
      if (kStar.distance(c, kStar.centre) > kStar.distance(best, kStar.centre)) best = c;
    tips[t] = best;
  }
  return tips;
}
constexpr auto kTips = make_tips();

// distance[t][c]: lattice distance from c to the tip of triangle t.
constexpr auto kTipDistance = [] {
  std::array<std::array<std::int8_t, kCells>, star::kTriangles> d{};
  for (int t = 0; t < star::kTriangles; ++t)
    for (int c = 0; c < kCells; ++c) d[t][c] = static_cast<std::int8_t>(kStar.distance(c, kTips[t]));
  return d;
}();

constexpr auto kTriangleBoards = [] {
  std::array<Board, star::kTriangles> b{};
  for (int t = 0; t < star::kTriangles; ++t) b[t] = kStar.triangle_board(t);
  return b;
}();

// Neighbour and hop tables with the off-board entries sent to the sentinel holes.
constexpr int kOffNeighbour = kCells, kOffLanding = kCells + 1;
constexpr std::uint8_t kWall = 0xFF;
struct Moves {
  std::array<std::array<std::uint8_t, star::kDirections>, kCells> over{}, land{};
  constexpr Moves() {
    for (int c = 0; c < kCells; ++c)
      for (int d = 0; d < star::kDirections; ++d) {
        const int o = kStar.neighbour[c][d], l = kStar.hop[c][d];
        over[c][d] = static_cast<std::uint8_t>(o < 0 ? kOffNeighbour : o);
        land[c][d] = static_cast<std::uint8_t>(o < 0 || l < 0 ? kOffLanding : l);
      }
  }
};
constexpr Moves kMoves{};

constexpr const char* kDirectionNames[star::kDirections] = {"UL", "UR", "L", "R", "DL", "DR"};

}  // namespace

std::array<int, kMaxPlayers> seat_triangles(int players) {
  switch (players) {
    case 2:
      return {0, 3, -1, -1, -1, -1};
    case 3:
      return {0, 2, 4, -1, -1, -1};
    case 4:
      return {0, 1, 3, 4, -1, -1};
    case 6:
      return {0, 1, 2, 3, 4, 5};
    default:  // the option's declaration allows only the counts above
      throw Error("checkers: no seat layout for " + std::to_string(players) + " players");
  }
}

State::State() { occupant_[kOffNeighbour] = occupant_[kOffLanding] = kWall; }

State::State(int players, int max_turns, int adjudicate, int blocked_target) : State() {
  players_ = static_cast<std::int8_t>(players);
  max_turns_ = max_turns;
  adjudicate_ = static_cast<std::int8_t>(adjudicate);
  blocked_target_ = static_cast<std::int8_t>(blocked_target);
  auto tri = seat_triangles(players);
  for (int p = 0; p < players; ++p) {
    triangle_[p] = static_cast<std::int8_t>(tri[p]);
    own_[p] = kTriangleBoards[tri[p]];
    for (int c : own_[p]) occupant_[c] = static_cast<std::uint8_t>(p + 1);
  }
}

int State::owner(int cell) const { return occupant_[cell] - 1; }

bool State::has_continuation(int cell) const {
  const auto& over = kMoves.over[cell];
  const auto& land = kMoves.land[cell];
  for (int d = 0; d < star::kDirections; ++d)
    if (occupant_[over[d]] && !occupant_[land[d]] && !visited_.test(land[d])) return true;
  return false;
}

// Writes the legal actions (at most kMaxLegal) to `out` in action order; returns the count.
int State::generate(Action* out) const {
  if (is_terminal()) return 0;
  int n = 0;
  if (hop_from_ >= 0) {
    for (int d = 0; d < star::kDirections; ++d) {
      const int over = kMoves.over[hop_from_][d], land = kMoves.land[hop_from_][d];
      out[n] = hop_from_ * star::kDirections + d;
      n += occupant_[over] && !occupant_[land] && !visited_.test(land);
    }
    out[n++] = kPass;
    return n;
  }
  // Pieces in cell order, directions in order: the list comes out sorted by action id, as
  // the reference lists it. A direction is open when the neighbour is empty (a step) or
  // the hole beyond it is (a hop; the sentinels make both false off the board).
  own_[current_].for_each([&](int c) {
    const auto& over = kMoves.over[c];
    const auto& land = kMoves.land[c];
    const Action base = c * star::kDirections;
    for (int d = 0; d < star::kDirections; ++d) {
      out[n] = base + d;
      n += (occupant_[over[d]] == 0) | (occupant_[land[d]] == 0);
    }
  });
  if (n == 0) out[n++] = kPass;
  return n;
}

void State::legal_actions(ActionList& out) const {
  out.clear();
  out.commit(generate(out.reserve_back(kMaxLegal)));
}

Action State::random_action(Rng& rng) const {
  if (hop_from_ < 0) {
    // The seat's pieces in cell order, so a draw names a piece by rank.
    std::array<std::uint8_t, kPiecesPerPlayer> piece{};
    int count = 0;
    own_[current_].for_each([&](int c) { piece[count++] = static_cast<std::uint8_t>(c); });
    for (int attempt = 0; attempt < 16 && count > 0; ++attempt) {
      const std::uint32_t k = rng.below(static_cast<std::uint32_t>(count * star::kDirections));
      const int c = piece[k / star::kDirections], d = static_cast<int>(k % star::kDirections);
      if (!occupant_[kMoves.over[c][d]] || !occupant_[kMoves.land[c][d]]) return c * star::kDirections + d;
    }
  }
  Action legal[kMaxLegal];
  const int n = generate(legal);
  return legal[rng.below(static_cast<std::uint32_t>(n))];
}

bool State::is_legal(Action a) const {
  if (is_terminal() || a < 0 || a > kPass) return false;
  if (a == kPass) {
    if (hop_from_ >= 0) return true;
    Action all[kMaxLegal];
    return generate(all) == 1 && all[0] == kPass;
  }
  const int from = a / star::kDirections, d = a % star::kDirections;
  if (!own_[current_].test(from)) return false;
  const int over = kMoves.over[from][d], land = kMoves.land[from][d];
  if (hop_from_ >= 0) return from == hop_from_ && occupant_[over] && !occupant_[land] && !visited_.test(land);
  return !occupant_[over] || !occupant_[land];
}

void State::apply(Action a) {
  assert(is_legal(a));  // Debug builds: applying an illegal action is the caller's bug, caught here
  ++moves_;
  if (a == kPass) {
    end_turn();
    return;
  }
  const int from = a / star::kDirections, d = a % star::kDirections;
  const int over = kMoves.over[from][d];
  const std::uint8_t me = static_cast<std::uint8_t>(current_ + 1);
  Board& mine = own_[current_];
  occupant_[from] = 0;
  mine.reset(from);
  if (hop_from_ < 0 && !occupant_[over]) {  // a step ends the turn
    occupant_[over] = me;
    mine.set(over);
    end_turn();
    return;
  }
  const int land = kMoves.land[from][d];
  occupant_[land] = me;
  mine.set(land);
  if (hop_from_ < 0) visited_.set(from);
  visited_.set(land);
  hop_from_ = static_cast<std::int16_t>(land);
  if (!has_continuation(land)) end_turn();
}

void State::end_turn() {
  const int mover = current_;
  hop_from_ = kNoCell;
  visited_ = Board{};
  current_ = static_cast<std::int8_t>((current_ + 1) % players_);
  ++turns_;
  if (filled_target(mover) || (blocked_target_ != kBlockedOff && blocked_win(mover)))
    winner_ = static_cast<std::int8_t>(mover);
}

bool State::filled_target(Player p) const {
  return kTriangleBoards[target_triangle(p)].andnot(own_[p]).none();
}

int State::target_home_seat(Player p) const {
  const int t = target_triangle(p);
  for (int q = 0; q < players_; ++q)
    if (triangle_[q] == t) return q;
  return -1;
}

bool State::blocked_win(Player p) const {
  const int home = target_home_seat(p);
  if (home < 0) return false;
  const Board& target = kTriangleBoards[target_triangle(p)];
  const Board blockers = target & own_[home];
  if ((target & own_[p]).none() || blockers.none() || target.andnot(own_[p] | own_[home]).any()) return false;
  if (blocked_target_ != kBlockedStuck) return true;
  // stuck: no blocker has an empty neighbour to step to or an empty hole to hop to.
  bool mobile = false;
  blockers.for_each([&](int c) {
    for (int d = 0; d < star::kDirections; ++d)
      mobile |= !occupant_[kMoves.over[c][d]] || !occupant_[kMoves.land[c][d]];
  });
  return !mobile;
}

Values State::returns() const {
  Values v{};
  int winner = winner_;
  if (winner < 0 && turns_ >= max_turns_ && adjudicate_ != kAdjudicateNone) {
    // The turn cap, adjudicated: the single best seat wins as if it had filled its target.
    int best = 0, count = 0;
    for (int p = 0; p < players_; ++p) {
      const int score = adjudicate_ == kAdjudicateEvaluation
                            ? -distance_to_target(p)
                            : (kTriangleBoards[target_triangle(p)] & own_[p]).count();
      if (count == 0 || score > best) {
        best = score;
        count = 1;
        winner = p;
      } else if (score == best) {
        ++count;
      }
    }
    if (count > 1) winner = -1;
  }
  if (winner >= 0)
    for (int p = 0; p < players_; ++p) v[p] = p == winner ? players_ - 1.0 : -1.0;
  return v;
}

std::string_view State::ending() const {
  if (winner_ >= 0) return filled_target(winner_) ? "target" : "blocked_target";
  if (turns_ >= max_turns_) return "cap";
  return "";
}

int State::distance_to_target(Player p) const {
  const auto& dist = kTipDistance[target_triangle(p)];
  int sum = 0;
  for (int c : own_[p]) sum += dist[c];
  return sum;
}

Values State::evaluate() const {
  if (is_terminal()) return returns();
  // Progress of each seat in [0, 1]: 0 at the start, 1 with the target filled. Each seat's
  // estimate is its share of the squared progress, scaled to the returns' range [-1, n-1]
  // so that estimates sum to 0 like the returns do.
  static constexpr int kStartDistance = [] {
    int s = 0;
    for (int c : kStar.triangle_cells[0]) s += kTipDistance[3][c];
    return s;
  }();
  static constexpr int kGoalDistance = 20;
  Values v{};
  double progress[kMaxPlayers]{}, total = 0;
  for (int p = 0; p < players_; ++p) {
    double x = double(kStartDistance - distance_to_target(p)) / (kStartDistance - kGoalDistance);
    x = std::clamp(x, 0.0, 1.0);
    progress[p] = x * x;
    total += progress[p];
  }
  if (total <= 0) return v;
  for (int p = 0; p < players_; ++p) v[p] = -1.0 + players_ * progress[p] / total;
  return v;
}

std::uint64_t State::information_key(Player) const {
  std::uint64_t h = kHashSeed;
  auto mix = [&h](std::uint64_t x) { h = hash_mix(h, x); };
  for (int p = 0; p < players_; ++p)
    for (int w = 0; w < Board::kWords; ++w) mix(own_[p].word(w));
  for (int w = 0; w < Board::kWords; ++w) mix(visited_.word(w));
  mix((std::uint64_t(current_) << 32) ^ std::uint64_t(std::uint16_t(hop_from_)) ^
      (std::uint64_t(winner_ + 1) << 48));
  return h;
}

std::string State::action_to_string(Action a) const {
  if (a == kPass) return "Pass";
  if (a < 0 || a > kPass) return "invalid(" + std::to_string(a) + ")";
  const int from = a / star::kDirections, d = a % star::kDirections;
  const int over = kStar.neighbour[from][d], land = kStar.hop[from][d];
  if (over >= 0 && !occupant_[over] && hop_from_ < 0)
    return std::to_string(from) + "->" + std::to_string(over);
  if (land >= 0) return std::to_string(from) + "=>" + std::to_string(land);
  return std::to_string(from) + "-" + kDirectionNames[d];
}

Action State::string_to_action(std::string_view text) const {
  auto bad = [&](const std::string& why) {
    return Error("checkers action '" + std::string(text) + "': " + why);
  };
  if (text == "Pass" || text == "pass") return kPass;
  auto parse_cell = [&](std::string_view s) {
    int v = -1;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || v < 0 || v >= kCells)
      throw bad("expected a cell 0-120, got '" + std::string(s) + "'");
    return v;
  };
  for (std::string_view sep : {"->", "=>"}) {
    auto at = text.find(sep);
    if (at == std::string_view::npos) continue;
    const int from = parse_cell(text.substr(0, at)), to = parse_cell(text.substr(at + 2));
    const auto& table = sep == "->" ? kStar.neighbour[from] : kStar.hop[from];
    for (int d = 0; d < star::kDirections; ++d)
      if (table[d] == to) return from * star::kDirections + d;
    throw bad(std::string(sep == "->" ? "cells are not adjacent" : "no hop joins these cells"));
  }
  throw bad("expected 'from->to' (step), 'from=>to' (hop) or 'Pass'");
}

nlohmann::json State::to_json() const {
  std::string board(kCells, '.');
  for (int p = 0; p < players_; ++p)
    for (int c : own_[p]) board[c] = static_cast<char>('0' + p);
  nlohmann::json visited = nlohmann::json::array();
  for (int c : visited_) visited.push_back(c);
  return {{"game", "checkers"},
          {"players", int(players_)},
          {"board", board},
          {"current", int(current_)},
          {"turns", turns_},
          {"moves", moves_},
          {"hop_from", hop_from_ < 0 ? nlohmann::json(nullptr) : nlohmann::json(int(hop_from_))},
          {"visited", visited},
          {"winner", winner_ < 0 ? nlohmann::json(nullptr) : nlohmann::json(int(winner_))}};
}

std::string State::render_text() const {
  std::string out;
  int c = 0;
  for (int row = 0; row < star::Star<4>::kRows; ++row) {
    std::string line(star::Star<4>::kWidth, ' ');
    for (; c < kCells && kStar.row[c] == row; ++c) {
      int o = owner(c);
      line[kStar.col[c]] = o < 0 ? '.' : static_cast<char>('0' + o);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  if (winner_ >= 0) {
    out += "Winner: " + std::to_string(winner_) + (filled_target(winner_) ? "" : " (blocked target)");
  } else if (is_terminal()) {
    const Values r = returns();
    int adjudicated = -1;
    for (int p = 0; p < players_; ++p)
      if (r[p] > 0) adjudicated = p;
    out += adjudicated < 0 ? "Drawn at the turn limit"
                           : "Winner at the turn limit (adjudicated): " + std::to_string(adjudicated);
  } else {
    out += "To move: " + std::to_string(current_);
    if (hop_from_ >= 0) out += " (hopping from " + std::to_string(hop_from_) + ")";
  }
  out += "  turn " + std::to_string(turns_) + "/" + std::to_string(max_turns_) + "\n";
  return out;
}

namespace {
// Turns and moves (hops included) are counted in 32 bits; a million turns keeps both far from it.
constexpr std::int64_t kMaxTurns = 1'000'000;
}  // namespace

std::vector<OptionSpec> Checkers::option_specs() {
  return {
      int_choice_option(
          "players", 6, {2, 3, 4, 6},
          "number of players: 2, 3, 4 or 6 (seats on triangles {0,3}, {0,2,4}, {0,1,3,4}, all)"),
      int_option("max_turns", 1000, 1, kMaxTurns,
                 "turns of all players together after which the game ends (returns by 'adjudicate')"),
      choice_option(
          "adjudicate", "none", {"none", "evaluation", "material"},
          "what the turn cap gives: none (every return 0) | evaluation (the seat nearest its target, by "
          "the sum of its pieces' distances to the target's tip, wins) | material (the seat with the most "
          "pieces in its target triangle wins); a tie gives every return 0"),
      choice_option("blocked_target", "off", {"off", "win", "stuck"},
                    "the deadlock rule: off (OpenSpiel's rules: only a filled target wins) | win (a seat "
                    "whose target is full of its own pieces and its home seat's, one at least of each, wins "
                    "at the end of its turn) | stuck (the same, when none of those home-seat pieces can step "
                    "or hop)"),
  };
}

Checkers::Checkers(const Options& options)
    : options_(options),
      players_(static_cast<int>(options.get_int("players"))),
      max_turns_(static_cast<int>(options.get_int("max_turns"))),
      adjudicate_(options.get_string("adjudicate") == "evaluation" ? kAdjudicateEvaluation
                  : options.get_string("adjudicate") == "material" ? kAdjudicateMaterial
                                                                   : kAdjudicateNone),
      blocked_target_(options.get_string("blocked_target") == "win"     ? kBlockedWin
                      : options.get_string("blocked_target") == "stuck" ? kBlockedStuck
                                                                        : kBlockedOff) {
  encoding_ = encoding_spec_for(players_);
  policy_ = policy_spec_for();
  symmetries_ = encoding_symmetries_for(players_);
}

std::vector<int> Checkers::teams() const {
  std::vector<int> t(static_cast<std::size_t>(players_));
  for (int p = 0; p < players_; ++p) t[static_cast<std::size_t>(p)] = p;
  return t;
}

State Checkers::state_from_json(const nlohmann::json& j) const {
  const JsonField root(j, "checkers position");
  root.object({"game", "players", "board", "current", "turns", "moves", "hop_from", "visited", "winner"});
  root["game"].expect("checkers");
  const JsonField players = root["players"];
  if (players.int_in(2, 6) != players_)
    players.fail("the game is configured for " + std::to_string(players_) + " players");
  State s(players_, max_turns_, adjudicate_, blocked_target_);
  s.own_ = {};
  for (int c = 0; c < kCells; ++c) s.occupant_[c] = 0;
  const JsonField board = root["board"];
  const std::string& cells = board.string();
  if (cells.size() != kCells)
    board.fail("expected a string of 121 characters ('.' or a seat digit), got " +
               std::to_string(cells.size()));
  for (int c = 0; c < kCells; ++c) {
    char ch = cells[c];
    if (ch == '.') continue;
    int p = ch - '0';
    if (p < 0 || p >= players_)
      board.fail("cell " + std::to_string(c) + ": expected '.' or a seat 0-" + std::to_string(players_ - 1) +
                 ", got '" + ch + "'");
    s.own_[p].set(c);
    s.occupant_[c] = static_cast<std::uint8_t>(p + 1);
  }
  for (int p = 0; p < players_; ++p)
    if (s.own_[p].count() != kPiecesPerPlayer)
      board.fail("seat " + std::to_string(p) + " has " + std::to_string(s.own_[p].count()) +
                 " pieces, expected 10");
  s.current_ = static_cast<std::int8_t>(root["current"].int_in(0, players_ - 1));
  s.turns_ = root["turns"].int_in(0, max_turns_);
  const auto moves = root.find("moves");
  s.moves_ = moves ? moves->int_in(0, 1 << 30) : s.turns_;
  const JsonField hop = root["hop_from"];
  const JsonField visited = root["visited"];
  const std::size_t n_visited = visited.array();
  if (hop.is_null()) {
    if (n_visited != 0) visited.fail("must be empty when hop_from is null");
  } else {
    const int h = hop.int_in(0, kCells - 1);
    if (!s.own_[s.current_].test(h))
      hop.fail("cell " + std::to_string(h) + " holds no piece of the seat to move");
    s.hop_from_ = static_cast<std::int16_t>(h);
    for (std::size_t i = 0; i < n_visited; ++i) s.visited_.set(visited[i].int_in(0, kCells - 1));
    if (!s.visited_.test(h)) visited.fail("must contain hop_from");
    if (!s.has_continuation(h)) hop.fail("the hopping piece has no continuation; its turn would have ended");
  }
  const JsonField winner = root["winner"];
  if (!winner.is_null()) {
    int w = winner.int_in(0, players_ - 1);
    if (!s.filled_target(w) && !(s.blocked_target_ != kBlockedOff && s.blocked_win(w)))
      winner.fail("seat " + std::to_string(w) + " does not fill its target triangle" +
                  (s.blocked_target_ ? " (nor every hole of it its home seat leaves free)" : ""));
    s.winner_ = static_cast<std::int8_t>(w);
  }
  return s;
}

}  // namespace qilab::checkers

namespace qilab::checkers {
static_assert(HasEncoding<Checkers>);
}  // namespace qilab::checkers

// The shaped encoding and policy index of checkers (docs/encoding/checkers.md): exact planes of
// hand-built positions, the same encoding for a position turned with its seats relabelled, and
// the policy round trip at random positions.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "engine/checkers/checkers.h"
#include "engine/checkers/encoding.h"
#include "engine/core/error.h"
#include "tests/checkers/position.h"

using namespace qilab;
using namespace qilab::checkers;

namespace {

Checkers make(int players) {
  Options o(Checkers::option_specs());
  o.set_from_text("players", std::to_string(players), "test");
  return Checkers(o);
}

nlohmann::json position_json(int players, const std::map<int, std::vector<int>>& cells, int current) {
  return testing::checkers_position_json(players, testing::checkers_board(cells), current);
}

std::vector<int> range(int lo, int hi) {
  std::vector<int> v;
  for (int i = lo; i <= hi; ++i) v.push_back(i);
  return v;
}

// The test's own geometry: axial coordinates of a hole, a 60-degree clockwise turn
// (q, r) -> (-r, q + r), and the 17 x 17 grid (row r + 8, column q + 8).
struct QR {
  int q, r;
  friend bool operator==(const QR&, const QR&) = default;
};
QR qr(int hole) { return {kStar.q[static_cast<std::size_t>(hole)], kStar.r[static_cast<std::size_t>(hole)]}; }
QR turn(QR a, int k) {
  for (int i = 0; i < k; ++i) a = QR{-a.r, a.q + a.r};
  return a;
}
int grid(QR a) { return (a.r + 8) * 17 + (a.q + 8); }
int hole_at(QR a) { return kStar.at(a.q, a.r); }
// Direction d turned k times.
int turn_direction(int d, int k) {
  const QR v = turn(QR{star::Star<4>::kDq[d], star::Star<4>::kDr[d]}, k);
  for (int e = 0; e < 6; ++e)
    if (star::Star<4>::kDq[e] == v.q && star::Star<4>::kDr[e] == v.r) return e;
  return -1;
}

std::vector<float> encode(const Checkers& g, const State& s, Player observer) {
  std::vector<float> out(static_cast<std::size_t>(g.encoding_spec().size()), -1.0f);
  s.encode(observer, out);
  return out;
}

// The positions of a few random games, every step.
std::vector<State> random_positions(const Checkers& g, int games, int steps, std::uint64_t seed) {
  std::vector<State> out;
  Rng rng(seed);
  for (int i = 0; i < games; ++i) {
    State s = g.initial_state();
    for (int k = 0; k < steps && !s.is_terminal(); ++k) {
      out.push_back(s);
      s.apply(s.random_action(rng));
    }
  }
  return out;
}

}  // namespace

TEST_CASE("checkers encoding: the specs name every plane, feature, move kind and extra") {
  auto g = make(3);
  const EncodingSpec& e = g.encoding_spec();
  CHECK(e.version == kEncodingVersion);
  CHECK(e.planes == 6);
  CHECK(e.height == 17);
  CHECK(e.width == 17);
  CHECK(e.plane_names ==
        std::vector<std::string>{"valid", "pieces+0", "pieces+1", "pieces+2", "hopping", "visited"});
  CHECK(e.scalar_names == std::vector<std::string>{"to_move+0", "to_move+1", "to_move+2", "turns"});
  CHECK(e.size() == 6 * 289 + 4);
  const PolicySpec& p = g.policy_spec();
  CHECK(p.planes == 6);
  CHECK(p.height == 17);
  CHECK(p.width == 17);
  CHECK(p.extra == 1);
  CHECK(p.size() == 6 * 289 + 1);
  CHECK(make(6).encoding_spec().size() == 9 * 289 + 7);
}

TEST_CASE("checkers encoding: the opening of two players, plane by plane, from both seats") {
  auto g = make(2);
  State s = g.initial_state();
  // Seat 0 (north) sees the board turned half a turn, seat 1 (south) as it is.
  for (Player observer : {0, 1}) {
    const int k = observer == 0 ? 3 : 0;
    std::vector<float> want(static_cast<std::size_t>(5 * 289 + 3), 0.0f);
    for (int h = 0; h < kCells; ++h) want[static_cast<std::size_t>(grid(turn(qr(h), k)))] = 1.0f;
    const std::vector<int> north = range(0, 9), south = range(111, 120);
    for (int h : observer == 0 ? north : south)
      want[static_cast<std::size_t>(1 * 289 + grid(turn(qr(h), k)))] = 1.0f;
    for (int h : observer == 0 ? south : north)
      want[static_cast<std::size_t>(2 * 289 + grid(turn(qr(h), k)))] = 1.0f;
    want[static_cast<std::size_t>(5 * 289 + (observer == 0 ? 0 : 1))] = 1.0f;  // seat 0 to move
    CHECK(encode(g, s, observer) == want);
  }
  // Literal grid points: the north tip (hole 0, axial (4,-8)) is the observer's own tip at the
  // bottom-left corner region (row 16, column 4) for seat 0; the south tip (hole 120) is at
  // row 0, column 12 for seat 0, and at row 16, column 4 for seat 1.
  const auto from0 = encode(g, s, 0), from1 = encode(g, s, 1);
  CHECK(from0[1 * 289 + 16 * 17 + 4] == 1.0f);
  CHECK(from0[2 * 289 + 0 * 17 + 12] == 1.0f);
  CHECK(from1[1 * 289 + 16 * 17 + 4] == 1.0f);
  CHECK(from1[2 * 289 + 0 * 17 + 12] == 1.0f);
  CHECK(from0[8 * 17 + 8] == 1.0f);  // the centre
  CHECK(from0[0] == 0.0f);           // a corner of the grid is padding
  float valid = 0;
  for (int i = 0; i < 289; ++i) valid += from0[static_cast<std::size_t>(i)];
  CHECK(valid == 121.0f);
}

TEST_CASE("checkers encoding: three players, each seat sees its own triangle at the bottom") {
  auto g = make(3);
  State s = g.initial_state();
  // Every seat's own tip lands on the south tip's grid point (row 16, column 4); the next
  // seat's tip 120 degrees clockwise from it, the north-west tip (axial (-4,-4): row 4, column 4).
  for (Player p = 0; p < 3; ++p) {
    const auto e = encode(g, s, p);
    CHECK(e[1 * 289 + 16 * 17 + 4] == 1.0f);
    CHECK(e[2 * 289 + 4 * 17 + 4] == 1.0f);
    CHECK(e[6 * 289 + (3 - p) % 3] == 1.0f);  // seat 0 to move, counted from p
  }
}

TEST_CASE("checkers encoding: a hop chain in progress shows the hopping piece and the visited holes") {
  auto g = make(2);
  // Seat 0 hopped from (0,-2) over (0,-1) to the centre and may hop on over seat 1's (0,1).
  const int from = hole_at({0, -2}), over = hole_at({0, -1}), centre = hole_at({0, 0}),
            next = hole_at({0, 1});
  std::vector<int> mine = {over, centre};
  for (int h = 0; h < 8; ++h) mine.push_back(h);
  std::vector<int> theirs = {next};
  for (int h = 111; h < 120; ++h) theirs.push_back(h);
  auto j = position_json(2, {{0, mine}, {1, theirs}}, 0);
  j["hop_from"] = centre;
  j["visited"] = {from, centre};
  j["turns"] = 250;
  State s = g.state_from_json(j);
  for (Player observer : {0, 1}) {
    const int k = observer == 0 ? 3 : 0;
    const auto e = encode(g, s, observer);
    std::vector<float> hopping(e.begin() + 3 * 289, e.begin() + 4 * 289),
        visited(e.begin() + 4 * 289, e.begin() + 5 * 289);
    std::vector<float> want_hop(289, 0.0f), want_visited(289, 0.0f);
    want_hop[static_cast<std::size_t>(grid(turn(qr(centre), k)))] = 1.0f;
    want_visited[static_cast<std::size_t>(grid(turn(qr(centre), k)))] = 1.0f;
    want_visited[static_cast<std::size_t>(grid(turn(qr(from), k)))] = 1.0f;
    CHECK(hopping == want_hop);
    CHECK(visited == want_visited);
    CHECK(e[5 * 289 + 2] == doctest::Approx(0.25));  // 250 of 1000 turns
  }
  // The policy: hopping on over (0,1) is down-right from the centre; seat 0 sees it turned
  // half a turn (up-left, plane 0) at the centre's grid point; pass is the extra index.
  const Action hop = centre * 6 + star::kDownRight;
  REQUIRE(s.is_legal(hop));
  CHECK(s.policy_index(hop) == star::kUpLeft * 289 + 8 * 17 + 8);
  CHECK(s.policy_action(star::kUpLeft * 289 + 8 * 17 + 8) == hop);
  CHECK(s.policy_index(kPass) == 6 * 289);
  CHECK(s.policy_action(6 * 289) == kPass);
  CHECK(s.policy_action(star::kDownRight * 289 + 8 * 17 + 8) == kInvalidAction);  // not turned: illegal
}

TEST_CASE("checkers encoding: a position turned with its seats relabelled encodes the same") {
  // Two players: half a turn swaps the seats; three: a third of a turn, seat p -> p+1; four
  // (triangles 0,1,3,4): half a turn, p -> p+2; six: a sixth, p -> p+1.
  for (auto [players, shift, k] :
       {std::tuple{2, 1, 3}, std::tuple{3, 1, 2}, std::tuple{4, 2, 3}, std::tuple{6, 1, 1}}) {
    CAPTURE(players);
    auto g = make(players);
    auto sigma = [&](int p) { return (p + shift) % players; };
    for (int p = 0; p < players; ++p)
      REQUIRE(seat_triangles(players)[static_cast<std::size_t>(sigma(p))] ==
              (seat_triangles(players)[static_cast<std::size_t>(p)] + k) % 6);
    int hops = 0;
    for (const State& s : random_positions(g, 3, 300, 11 + players)) {
      // The turned position, through its JSON.
      nlohmann::json j = s.to_json();
      std::string board(kCells, '.');
      const std::string old = j["board"];
      for (int h = 0; h < kCells; ++h)
        if (old[static_cast<std::size_t>(h)] != '.')
          board[static_cast<std::size_t>(hole_at(turn(qr(h), k)))] =
              static_cast<char>('0' + sigma(old[static_cast<std::size_t>(h)] - '0'));
      j["board"] = board;
      j["current"] = sigma(j["current"].get<int>());
      if (!j["hop_from"].is_null()) {
        ++hops;
        j["hop_from"] = hole_at(turn(qr(j["hop_from"].get<int>()), k));
        for (auto& v : j["visited"]) v = hole_at(turn(qr(v.get<int>()), k));
      }
      const State t = g.state_from_json(j);
      for (Player o = 0; o < players; ++o) CHECK(encode(g, s, o) == encode(g, t, sigma(o)));
      ActionList legal;
      s.legal_actions(legal);
      for (Action a : legal) {
        const Action b = a == kPass ? kPass : hole_at(turn(qr(a / 6), k)) * 6 + turn_direction(a % 6, k);
        REQUIRE(t.is_legal(b));
        CHECK(s.policy_index(a) == t.policy_index(b));
      }
    }
    CHECK(hops > 0);  // hop chains in progress were among the positions
  }
}

TEST_CASE(
    "checkers encoding: the mirror of two players maps a position's encoding and policy onto its mirror "
    "image's") {
  CHECK(make(3).encoding_symmetries().empty());
  CHECK(make(4).encoding_symmetries().empty());
  CHECK(make(6).encoding_symmetries().empty());
  auto g = make(2);
  REQUIRE(g.encoding_symmetries().size() == 1);
  const EncodingSymmetry& m = g.encoding_symmetries()[0];
  CHECK(m.name == "mirror");
  REQUIRE(m.input_from.size() == static_cast<std::size_t>(g.encoding_spec().size()));
  REQUIRE(m.policy_to.size() == static_cast<std::size_t>(g.policy_spec().size()));
  auto is_permutation = [](const std::vector<int>& v) {
    std::vector<int> seen(v.size(), 0);
    for (int x : v)
      if (x < 0 || x >= static_cast<int>(v.size()) || seen[static_cast<std::size_t>(x)]++) return false;
    return true;
  };
  CHECK(is_permutation(m.input_from));
  CHECK(is_permutation(m.policy_to));
  // The test's own mirror: (q, r) -> (-q - r, r); directions up-left <-> up-right, left <-> right,
  // down-left <-> down-right (the engine's order 0..5).
  auto mirror = [](int hole) { return hole_at(QR{-qr(hole).q - qr(hole).r, qr(hole).r}); };
  const int mirror_direction[6] = {1, 0, 3, 2, 5, 4};
  int hops = 0, moved = 0;
  for (const State& s : random_positions(g, 3, 300, 7)) {
    nlohmann::json j = s.to_json();
    std::string board(kCells, '.');
    const std::string old = j["board"];
    for (int h = 0; h < kCells; ++h)
      board[static_cast<std::size_t>(mirror(h))] = old[static_cast<std::size_t>(h)];
    moved += board != old;
    j["board"] = board;
    if (!j["hop_from"].is_null()) {
      ++hops;
      j["hop_from"] = mirror(j["hop_from"].get<int>());
      for (auto& v : j["visited"]) v = mirror(v.get<int>());
    }
    const State t = g.state_from_json(j);
    for (Player o = 0; o < 2; ++o) {
      const auto e = encode(g, s, o), f = encode(g, t, o);
      for (std::size_t i = 0; i < f.size(); ++i)
        REQUIRE(f[i] == e[static_cast<std::size_t>(m.input_from[i])]);
    }
    ActionList legal;
    s.legal_actions(legal);
    for (Action a : legal) {
      const Action b = a == kPass ? kPass : mirror(a / 6) * 6 + mirror_direction[a % 6];
      REQUIRE(t.is_legal(b));
      CHECK(m.policy_to[static_cast<std::size_t>(s.policy_index(a))] == t.policy_index(b));
    }
  }
  CHECK(hops > 0);
  CHECK(moved > 0);  // positions that are not their own mirror image were among them
}

TEST_CASE("checkers policy: every legal action has its own index, and only legal actions have one") {
  for (int players : {2, 3, 4, 6}) {
    CAPTURE(players);
    auto g = make(players);
    const int size = g.policy_spec().size();
    for (const State& s : random_positions(g, 4, 250, 100 + players)) {
      ActionList legal;
      s.legal_actions(legal);
      std::vector<Action> owner(static_cast<std::size_t>(size), kInvalidAction);
      for (Action a : legal) {
        const int i = s.policy_index(a);
        REQUIRE(i >= 0);
        REQUIRE(i < size);
        CHECK(owner[static_cast<std::size_t>(i)] == kInvalidAction);
        owner[static_cast<std::size_t>(i)] = a;
      }
      for (int i = 0; i < size; ++i) CHECK(s.policy_action(i) == owner[static_cast<std::size_t>(i)]);
      CHECK(s.policy_action(-1) == kInvalidAction);
      CHECK(s.policy_action(size) == kInvalidAction);
    }
  }
}

TEST_CASE("checkers encoding: a buffer of the wrong size is refused") {
  auto g = make(2);
  std::vector<float> small(10);
  CHECK_THROWS_WITH_AS(g.initial_state().encode(0, small),
                       "checkers encode: expected a buffer of 1448 floats, got 10", Error);
}

// The network encoding and the policy index (docs/encoding/junqi.md): the grids and their
// turns, exact planes of hand-built positions, the same position turned to other seats, the
// policy round trip, and hidden ranks that never reach the planes.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <vector>

#include "engine/core/encoding.h"
#include "engine/core/error.h"
#include "engine/junqi/encoding.h"
#include "helpers.h"
#include "tests/encoding_helpers.h"

using namespace junqi_test;

namespace {

using qilab::testing::check_policy_round_trip;
using qilab::testing::encoded;

// The value of plane `plane` at the grid point of post `id` as `observer` sees it.
template <class G>
float at(const G& g, const std::vector<float>& e, Player observer, const std::string& id, int plane) {
  const Board& b = g.board();
  const int cell = b.layout.cell[observer * b.posts + b.find(id)];
  return e[static_cast<std::size_t>(plane * g.encoding_spec().plane_size() + cell)];
}

// The grid point (row, column) of post `id` as seat `observer` sees it.
std::pair<int, int> point(const Board& b, Player observer, const std::string& id) {
  const int cell = b.layout.cell[observer * b.posts + b.find(id)];
  return {cell / b.layout.width, cell % b.layout.width};
}

float plane_sum(const EncodingSpec& spec, const std::vector<float>& e, int plane) {
  float sum = 0;
  for (int i = 0; i < spec.plane_size(); ++i)
    sum += e[static_cast<std::size_t>(plane * spec.plane_size() + i)];
  return sum;
}

float scalar(const EncodingSpec& spec, const std::vector<float>& e, int k) {
  return e[static_cast<std::size_t>(spec.board_size() + k)];
}

// The same position with every seat moved on by k (seat q plays as seat q + k): the turn of
// the board that takes army q to army q + k, applied to every post, piece and seat.
template <class G>
State turned(const G& g, const State& s, int k) {
  const Board& b = g.board();
  const int n = g.num_players(), P = b.posts;
  const std::int16_t* to = b.layout.turn.data() + ((n - k) % n) * P;  // army a -> army a + k
  auto post = [&](const nlohmann::json& id) -> nlohmann::json {
    return id.is_null() ? id : nlohmann::json(b.nodes[to[b.find(id.get<std::string>())]].id);
  };
  auto piece = [&](int i) { return ((i / kSlots + k) % n) * kSlots + i % kSlots; };
  nlohmann::json j = s.to_json(), r = j;
  for (int i = 0; i < n * kSlots; ++i) {
    nlohmann::json p = j["pieces"][i];
    p["post"] = post(p["post"]);
    r["pieces"][piece(i)] = p;
  }
  for (auto& f : r["fights"]) f = {piece(f[0]), piece(f[1]), f[2]};
  for (const char* field : {"deployed", "eliminated", "draw_offered"})
    for (int q = 0; q < n; ++q) r[field][(q + k) % n] = j[field][q];
  r["current"] = (j["current"].get<int>() + k) % n;
  if (!j["last"].is_null()) r["last"] = {post(j["last"][0]), post(j["last"][1])};
  if (!j["draw_offer"].is_null()) r["draw_offer"] = (j["draw_offer"].get<int>() + k) % n;
  if (k % 2 && j["result"] != "none" && j["result"] != "draw")
    r["result"] = j["result"] == "side0" ? "side1" : "side0";
  return g.state_from_json(r);
}

// The action of `s` moved onto the turned position (seat q -> q + k).
Action turned_action(const State& s, Action a, int k) {
  const Board& b = s.board();
  const int n = s.num_players(), P = b.posts;
  const std::int16_t* to = b.layout.turn.data() + ((n - k) % n) * P;
  if (a >= s.resign_action()) return a;
  if (a >= P * P) return s.place_action(to[a - P * P]);
  return s.move_action(to[a / P], to[a % P]);
}

}  // namespace

TEST_CASE("junqi4 lies on its 17 x 17 drawing grid, junqi6 on an 8 x 30 army strip") {
  auto g4 = make<Junqi4>();
  const EncodingSpec& e4 = g4.encoding_spec();
  CHECK(g4.board().layout.drawing);
  CHECK(e4.version == kEncodingVersion);
  CHECK(e4.height == 17);
  CHECK(e4.width == 17);
  CHECK(e4.planes == 40);   // 6 board, 4 homes, 4 seats' pieces, 12 known, 12 may be, 2 last move
  CHECK(e4.scalars == 42);  // 2 phases, 5 x 4 per seat, 12 next kinds, 3 counts, 5 rules
  CHECK(e4.plane_names.size() == 40);
  CHECK(e4.plane_names[EncodingIndex{4}.known() + kMarshal] == "known marshal");
  // Seat 0's army at the bottom; every seat sees its own army there.
  CHECK(point(g4.board(), 0, "a0r0c0") == std::pair{11, 6});
  CHECK(point(g4.board(), 0, "a0r5c4") == std::pair{16, 10});
  CHECK(point(g4.board(), 0, "m11") == std::pair{8, 8});
  for (int s = 0; s < 4; ++s) {
    std::string a = "a";
    a += std::to_string(s);
    CHECK(point(g4.board(), s, a + "r0c0") == std::pair{11, 6});
    CHECK(point(g4.board(), s, a + "r5c1") == std::pair{16, 7});
    CHECK(point(g4.board(), s, "m11") == std::pair{8, 8});
  }
  // A quarter turn: seat 1 sees seat 0's army on its left, where seat 0 sees seat 3's.
  CHECK(point(g4.board(), 1, "a0r0c0") == point(g4.board(), 0, "a3r0c0"));
  CHECK(point(g4.board(), 0, "a3r2c0") == std::pair{6, 3});
  CHECK(point(g4.board(), 1, "m00") == point(g4.board(), 0, "m20"));

  auto g6 = make<Junqi6>();
  const EncodingSpec& e6 = g6.encoding_spec();
  const Board& b6 = g6.board();
  CHECK(!b6.layout.drawing);
  CHECK(e6.height == 8);
  CHECK(e6.width == 30);
  CHECK(e6.planes == 44);
  CHECK(e6.scalars == 52);
  // Blocks from the left: seats -2, -1, the observer, +1, +2, +3; row 0 on top, under the centre.
  CHECK(point(b6, 0, "a0r0c0") == std::pair{2, 10});
  CHECK(point(b6, 0, "a0r5c4") == std::pair{7, 14});
  CHECK(point(b6, 0, "a1r0c0") == std::pair{2, 15});
  CHECK(point(b6, 0, "a4r0c0") == std::pair{2, 0});
  CHECK(point(b6, 0, "a3r0c4") == std::pair{2, 29});
  CHECK(point(b6, 0, "P0") == std::pair{1, 12});  // over army 0's front column 2
  CHECK(point(b6, 0, "H0") == std::pair{1, 14});  // over army 0's column 4, next to army 1
  CHECK(point(b6, 0, "H5") == std::pair{1, 9});   // over army 5's column 4, next to army 0
  CHECK(point(b6, 0, "C") == std::pair{0, 12});
  for (int s = 0; s < 6; ++s) {
    const std::string d = std::to_string(s);
    CHECK(point(b6, s, std::string("a").append(d).append("r3c2")) == std::pair{5, 12});
    CHECK(point(b6, s, std::string("P").append(d)) == std::pair{1, 12});
    CHECK(point(b6, s, "C") == std::pair{0, 12});
  }
  CHECK(point(b6, 2, "H1") == std::pair{1, 9});

  // Policy: place, 8 steps, then far kinds as many as the most destinations a post can have
  // beyond its neighbouring grid points (an engineer on an empty rail net: every rail post).
  const PolicySpec& p4 = g4.policy_spec();
  const PolicySpec& p6 = g6.policy_spec();
  CHECK(p4.height == 17);
  CHECK(p4.width == 17);
  CHECK(p4.extra == 3);
  CHECK(p4.plane_names[0] == "place");
  CHECK(p4.plane_names[1] == "step N");
  CHECK(p4.plane_names[9] == "far 1");
  CHECK(p4.extra_names == std::vector<std::string>{"resign", "draw", "no-draw"});
  // junqi4: a centre post has all 72 other rail posts beyond its neighbouring grid points;
  // junqi6: 108 rail posts and stations (the airport is no destination), 2 of them next to
  // the post besides itself.
  CHECK(g4.board().rail_posts.count() == 73);
  CHECK(g4.board().layout.far_kinds == 72);
  CHECK(b6.rail_posts.count() == 109);
  CHECK(b6.layout.far_kinds == 105);
  CHECK(p4.size() == 81 * 289 + 3);
  CHECK(p6.size() == 114 * 240 + 3);
  CHECK(p4.planes == 9 + g4.board().layout.far_kinds);
  CHECK(p6.planes == 9 + b6.layout.far_kinds);
}

TEST_CASE("exact planes and scalars of a hand-built junqi4 position, from two seats") {
  auto g = make<Junqi4>();
  const EncodingSpec& spec = g.encoding_spec();
  const EncodingIndex x{4};
  // Seat 0's 司令 on a0r2c0, seat 1's 团长 on a1r3c0 (both moved there), every flag at home.
  State s = position(g, {{0, '9', "a0r2c0"}, {1, '5', "a1r3c0"}}, 0, 10);
  const auto e0 = encoded(g, s, 0), e1 = encoded(g, s, 1);

  // The board planes: 129 posts, 20 camps, 8 headquarters, 73 rail posts, no station; 30 a home.
  CHECK(plane_sum(spec, e0, EncodingIndex::kValid) == 129);
  CHECK(plane_sum(spec, e0, EncodingIndex::kCamp) == 20);
  CHECK(plane_sum(spec, e0, EncodingIndex::kHeadquarters) == 8);
  CHECK(plane_sum(spec, e0, EncodingIndex::kRail) == 73);
  CHECK(plane_sum(spec, e0, EncodingIndex::kStation) == 0);
  for (int k = 0; k < 4; ++k) CHECK(plane_sum(spec, e0, EncodingIndex::kHome + k) == 30);
  CHECK(at(g, e0, 0, "a0r3c3", EncodingIndex::kCamp) == 1);
  CHECK(at(g, e0, 0, "a1r0c0", EncodingIndex::kHome + 1) == 1);
  CHECK(at(g, e1, 1, "a1r0c0", EncodingIndex::kHome + 0) == 1);
  CHECK(at(g, e1, 1, "a0r0c0", EncodingIndex::kHome + 3) == 1);

  // Seat 0 sees its own 司令 and flag; seat 1's 团长 and flag are pieces of unknown kind.
  CHECK(plane_sum(spec, e0, x.pieces() + 0) == 2);
  CHECK(plane_sum(spec, e0, x.pieces() + 1) == 2);
  CHECK(plane_sum(spec, e0, x.pieces() + 2) == 1);
  CHECK(plane_sum(spec, e0, x.pieces() + 3) == 1);
  CHECK(at(g, e0, 0, "a0r2c0", x.pieces() + 0) == 1);
  CHECK(e0[static_cast<std::size_t>(spec.at(x.pieces() + 0, 13, 6))] == 1);
  CHECK(e0[static_cast<std::size_t>(spec.at(x.known() + kMarshal, 13, 6))] == 1);
  CHECK(e0[static_cast<std::size_t>(spec.at(x.known() + kFlag, 16, 7))] == 1);
  CHECK(e0[static_cast<std::size_t>(spec.at(x.pieces() + 1, 10, 14))] == 1);  // a1r3c0
  for (int k = 0; k < kKinds; ++k) CHECK(e0[static_cast<std::size_t>(spec.at(x.known() + k, 10, 14))] == 0);
  CHECK(plane_sum(spec, e0, x.known() + kFlag) == 1);  // only its own
  CHECK(plane_sum(spec, e0, x.known() + kRegiment) == 0);
  // The evidence everyone has: a piece that moved is neither mine nor flag.
  CHECK(e0[static_cast<std::size_t>(spec.at(x.may_be() + kRegiment, 10, 14))] == 1);
  CHECK(e0[static_cast<std::size_t>(spec.at(x.may_be() + kMine, 10, 14))] == 0);
  CHECK(e0[static_cast<std::size_t>(spec.at(x.may_be() + kFlag, 10, 14))] == 0);
  CHECK(at(g, e0, 0, "a1r5c1", x.may_be() + kFlag) == 1);
  CHECK(plane_sum(spec, e0, x.last_from()) == 0);

  // Seat 1 sees the board turned a quarter: its army at the bottom, seat 0 (seat +3) left.
  CHECK(e1[static_cast<std::size_t>(spec.at(x.pieces() + 3, 6, 3))] == 1);  // seat 0's 司令
  CHECK(e1[static_cast<std::size_t>(spec.at(x.known() + kMarshal, 6, 3))] == 0);
  CHECK(e1[static_cast<std::size_t>(spec.at(x.pieces() + 0, 14, 6))] == 1);  // its own 团长
  CHECK(e1[static_cast<std::size_t>(spec.at(x.known() + kRegiment, 14, 6))] == 1);

  // Scalars: playing, seat 0 to move (+0 for seat 0, +3 for seat 1), no resignation yet.
  CHECK(scalar(spec, e0, EncodingIndex::kPlaying) == 1);
  CHECK(scalar(spec, e0, EncodingIndex::kDeploying) == 0);
  CHECK(scalar(spec, e0, EncodingIndex::kToMove + 0) == 1);
  CHECK(scalar(spec, e1, EncodingIndex::kToMove + 3) == 1);
  CHECK(scalar(spec, e1, EncodingIndex::kToMove + 0) == 0);
  for (int k = 0; k < 4; ++k) CHECK(scalar(spec, e0, x.deployed() + k) == 1);
  CHECK(scalar(spec, e0, x.moves()) == doctest::Approx(10.0 / 2000));
  CHECK(scalar(spec, e0, x.resign()) == 0);
  CHECK(scalar(spec, e0, x.rules() + 0) == 0);  // dark game

  // The 司令 steps north: the last move is public, from both seats' points of view.
  const Action up = s.string_to_action("a0r2c0-a0r1c0");
  CHECK(s.policy_index(up) == spec.plane_size() * (kFirstStepKind + 0) + 13 * 17 + 6);
  State t = s;
  t.apply(up);
  const auto f0 = encoded(g, t, 0), f1 = encoded(g, t, 1);
  CHECK(e0 != f0);
  CHECK(f0[static_cast<std::size_t>(spec.at(x.last_from(), 13, 6))] == 1);
  CHECK(f0[static_cast<std::size_t>(spec.at(x.last_to(), 12, 6))] == 1);
  CHECK(f1[static_cast<std::size_t>(spec.at(x.last_from(), 6, 3))] == 1);
  CHECK(f1[static_cast<std::size_t>(spec.at(x.last_to(), 6, 4))] == 1);
  CHECK(plane_sum(spec, f1, x.last_to()) == 1);
  CHECK(scalar(spec, f1, EncodingIndex::kToMove + 0) == 1);  // seat 1 to move now
  // A far kind: the 团长 runs along its column and on into the centre (a1r3c0 .. a1r0c0, m22).
  const Action run = t.string_to_action("a1r3c0-m22");
  const int i = t.policy_index(run);
  CHECK(i % spec.plane_size() == 14 * 17 + 6);  // from a1r3c0, seen from seat 1
  CHECK(i / spec.plane_size() >= kFirstFarKind);
  CHECK(t.policy_action(i) == run);
}

TEST_CASE("exact planes during deployment: one's own placements and the next kind to place") {
  auto g = make<Junqi6>();
  const EncodingSpec& spec = g.encoding_spec();
  const EncodingIndex x{6};
  State s = g.initial_state();
  s.apply(s.string_to_action("F@a0r5c3"));
  s.apply(s.string_to_action("M@a0r4c0"));
  const auto e0 = encoded(g, s, 0), e1 = encoded(g, s, 1);
  CHECK(plane_sum(spec, e0, x.pieces() + 0) == 2);
  CHECK(e0[static_cast<std::size_t>(spec.at(x.known() + kFlag, 7, 13))] == 1);
  CHECK(e0[static_cast<std::size_t>(spec.at(x.known() + kMine, 6, 10))] == 1);
  for (int k = 0; k < 6; ++k) CHECK(plane_sum(spec, e1, x.pieces() + k) == 0);
  CHECK(scalar(spec, e0, EncodingIndex::kDeploying) == 1);
  CHECK(scalar(spec, e0, x.next_kind() + kMine) == 1);
  CHECK(scalar(spec, e1, x.next_kind() + kMine) == 1);
  CHECK(scalar(spec, e0, x.deployed() + 0) == doctest::Approx(2.0 / 25));
  CHECK(scalar(spec, e1, x.deployed() + 5) == doctest::Approx(2.0 / 25));
  CHECK(scalar(spec, e1, EncodingIndex::kToMove + 5) == 1);
  // Placements sit on the placing seat's grid point of the post, kind "place".
  const Action mine = s.string_to_action("M@a0r5c0");
  CHECK(s.policy_index(mine) == kPlaceKind * spec.plane_size() + 7 * 30 + 10);
  CHECK(s.policy_action(kPlaceKind * spec.plane_size() + 7 * 30 + 10) == mine);
  CHECK(s.policy_action(kPlaceKind * spec.plane_size() + 7 * 30 + 13) == kInvalidAction);  // the flag's post
  CHECK(s.policy_action(kPlaceKind * spec.plane_size() + 2 * 30 + 10) == kInvalidAction);  // no mine in front
}

template <class G>
void check_turned(const G& g, std::uint64_t seed, int games) {
  Rng rng(seed);
  ActionList legal;
  const int n = g.num_players();
  int checked = 0;
  for (int game = 0; game < games; ++game) {
    State s = deployed(g.initial_state());
    for (int step = 0; step < 400 && !s.is_terminal(); ++step) {
      if (step % 37 == 0) {
        s.legal_actions(legal);
        for (int k = 1; k < n; ++k) {
          const State r = turned(g, s, k);
          REQUIRE(r.current_player() == (s.current_player() + k) % n);
          for (Player o = 0; o < n; ++o) REQUIRE(encoded(g, r, (o + k) % n) == encoded(g, s, o));
          for (Action a : legal) {
            const Action b = turned_action(s, a, k);
            REQUIRE(r.is_legal(b));
            REQUIRE(r.policy_index(b) == s.policy_index(a));
          }
          ++checked;
        }
      }
      s = play_random(s, rng, 1);
    }
  }
  MESSAGE(checked << " turned positions");
  CHECK(checked > 20);
}

TEST_CASE("a position and the same position with every seat moved on encode alike from corresponding seats") {
  check_turned(make<Junqi4>(), 3, 3);
  check_turned(make<Junqi6>(), 4, 2);
  check_turned(make<Junqi6>({{"allies_visible", "true"}, {"draw_offers", "true"}}), 5, 2);
  // The check can fail: from a seat that does not correspond, the turned position differs.
  auto g = make<Junqi4>();
  State s = position(g, {{0, '9', "a0r2c0"}, {1, '5', "a1r3c0"}});
  CHECK(encoded(g, turned(g, s, 1), 1) == encoded(g, s, 0));
  CHECK(encoded(g, turned(g, s, 1), 0) != encoded(g, s, 0));
  CHECK(encoded(g, turned(g, s, 2), 1) != encoded(g, s, 0));
}

template <class G>
void check_round_trips(const G& g, std::uint64_t seed, int games, int every) {
  Rng rng(seed);
  int checked = 0;
  for (int game = 0; game < games; ++game) {
    State s = g.initial_state();
    for (int step = 0; !s.is_terminal(); ++step) {
      if (step % every == 0) {
        check_policy_round_trip(g, s, checked < 6 && step % (every * 20) == 0);
        ++checked;
      }
      s = play_random(s, rng, 1);
    }
  }
  MESSAGE(checked << " positions");
  CHECK(checked > 100);
}

TEST_CASE("policy round trip: every legal action of random positions has its own index and comes back") {
  check_round_trips(make<Junqi4>(), 21, 6, 3);
  check_round_trips(make<Junqi6>(), 22, 4, 3);
  check_round_trips(make<Junqi6>({{"draw_offers", "true"}, {"resign_after", "0"}}), 23, 3, 2);
  check_round_trips(make<Junqi4>({{"visibility", "bright"}, {"draw_offers", "true"}}), 24, 3, 2);
}

TEST_CASE("policy round trip: an engineer alone on the rails reaches every far kind's destination") {
  auto g = make<Junqi6>();
  State s = position(g, {{0, '1', "a0r4c0"}});
  check_policy_round_trip(g, s, true);
  ActionList legal;
  s.legal_actions(legal);
  CHECK(legal.size() > 100);  // every rail post but its own and the airport, and road steps
  std::set<int> kinds;
  for (Action a : legal) kinds.insert(s.policy_index(a) / g.encoding_spec().plane_size());
  CHECK(static_cast<int>(kinds.size()) > 90);
}

TEST_CASE("hidden ranks never reach the planes: another seat's ranks and placements change nothing") {
  for (const bool allies : {false, true}) {
    auto g = make<Junqi4>({{"allies_visible", allies ? "true" : "false"}});
    State s = deployed(g.initial_state());
    Rng rng(7);
    s = play_random(s, rng, 24);
    REQUIRE(s.phase() == Phase::kPlay);
    // Swap the kinds of two of seat 1's ranked pieces that everyone else sees only as pieces.
    nlohmann::json j = s.to_json();
    int a = -1, b = -1;
    for (int i = kSlots; i < 2 * kSlots && b < 0; ++i) {
      const int k = s.kind_of(i);
      bool fought = false;
      for (int f = 0; f < s.num_fights(); ++f)
        fought |= s.fights_begin()[f].attacker == i || s.fights_begin()[f].defender == i;
      if (s.post_of(i) < 0 || k < kPlatoon || fought) continue;
      if (a < 0)
        a = i;
      else if (s.kind_of(a) != k && (s.evidence(a) & bit(k)) && (s.evidence(i) & bit(s.kind_of(a))))
        b = i;
    }
    REQUIRE(b >= 0);
    std::swap(j["pieces"][a]["kind"], j["pieces"][b]["kind"]);
    const State t = g.state_from_json(j);
    CHECK(encoded(g, t, 0) == encoded(g, s, 0));
    CHECK(encoded(g, t, 2) == encoded(g, s, 2));
    CHECK(encoded(g, t, 1) != encoded(g, s, 1));  // the owner sees its own ranks
    if (allies)
      CHECK(encoded(g, t, 3) != encoded(g, s, 3));
    else
      CHECK(encoded(g, t, 3) == encoded(g, s, 3));
  }
  // While seat 0 deploys, where it put its flag is its own business.
  auto g = make<Junqi6>();
  State a = g.initial_state(), b = a;
  a.apply(a.string_to_action("@a0r5c1"));
  b.apply(b.string_to_action("@a0r5c3"));
  for (Player p = 1; p < 6; ++p) CHECK(encoded(g, a, p) == encoded(g, b, p));
  CHECK(encoded(g, a, 0) != encoded(g, b, 0));
}

TEST_CASE("encode refuses a buffer of the wrong size and an observer that is no seat") {
  auto g = make<Junqi4>();
  const State s = g.initial_state();
  std::vector<float> small(10), right(static_cast<std::size_t>(g.encoding_spec().size()));
  CHECK_THROWS_AS(s.encode(0, std::span<float>(small)), Error);
  CHECK_THROWS_AS(s.encode(4, std::span<float>(right)), Error);
  CHECK_NOTHROW(s.encode(3, std::span<float>(right)));
}

TEST_CASE("the loader refuses a board that does not turn onto itself army by army") {
  auto load = [](const nlohmann::json& j) -> std::string {
    try {
      parse_board(j, "test.json");
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  };
  std::ifstream in(default_board_path("junqi4"));
  const nlohmann::json good = nlohmann::json::parse(in);
  CHECK(load(good).empty());
  auto j = good;  // army 2's middle camp moves one post left: army 2 no longer matches army 0
  for (auto& n : j["nodes"]) {
    if (n["id"] == "a2r2c2") n["kind"] = "post";
    if (n["id"] == "a2r2c1") n["kind"] = "camp";
  }
  const std::string why = load(j);
  CHECK(why.find("test.json: the board does not turn onto itself army by army") != std::string::npos);
}

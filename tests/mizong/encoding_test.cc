// The shaped encoding and policy index of mizong (docs/encoding/mizong.md): exact planes of a
// hand-built position, the same encoding for a position turned with its seats relabelled,
// the policy round trip at random positions, and hidden identities kept out of the encoding.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "engine/mizong/encoding.h"
#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

namespace {

std::vector<float> encode(const Mizong& g, const State& s, Player observer) {
  std::vector<float> out(static_cast<std::size_t>(g.encoding_spec().size()), -1.0f);
  s.encode(observer, out);
  return out;
}

// The test's own turn: (q, r) -> (-r, q + r) is 60 degrees clockwise.
std::pair<int, int> turn(int q, int r, int k) {
  for (int i = 0; i < k; ++i) std::tie(q, r) = std::pair{-r, q + r};
  return {q, r};
}
int turned_cell(const State& s, int c, int k) {
  auto [q, r] = turn(s.geo().q[static_cast<std::size_t>(c)], s.geo().r[static_cast<std::size_t>(c)], k);
  return s.geo().at(q, r);
}

// Positions of random games (every step), from random_action.
std::vector<State> random_positions(const Mizong& g, int games, int steps, std::uint64_t seed) {
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

TEST_CASE("mizong encoding: the specs name every plane, feature, move kind and extra") {
  auto g = make_game();
  const EncodingSpec& e = g.encoding_spec();
  CHECK(e.version == kEncodingVersion);
  CHECK(e.planes == 42);
  CHECK(e.height == 17);
  CHECK(e.width == 17);
  REQUIRE(e.plane_names.size() == 42);
  CHECK(e.plane_names[0] == "valid");
  CHECK(e.plane_names[kSeatPlanes + 5] == "pieces+5");
  CHECK(e.plane_names[kKindPlanes + kHealer] == "healer");
  CHECK(e.plane_names[kAttr2Planes + kYang] == "yang");
  CHECK(e.plane_names[kPathPlanes + 2] == "path_turns_2");
  CHECK(e.plane_names[kStartPlane] == "activation_start");
  CHECK(e.plane_names[kMayKindPlanes + kRangedHero] == "may_ranged_hero");
  CHECK(e.plane_names[kMayAttrPlanes + 5] == "may_paper_yang");
  CHECK(e.scalars == 26);
  CHECK(e.scalar_names[kPlaceScalars] == "place+0");
  CHECK(e.scalar_names[kMovedScalar] == "moved");
  const PolicySpec& p = g.policy_spec();
  CHECK(p.plane_names == std::vector<std::string>{"select", "move", "attack", "heal", "swap"});
  CHECK(p.extra_names == std::vector<std::string>{"area_heal", "done", "end_turn"});
  CHECK(p.size() == 5 * 289 + 3);
  // The seed's board: 3601 cells on a 97 x 97 grid.
  auto big = make_game({}, 24);
  CHECK(big.encoding_spec().height == 97);
  CHECK(big.encoding_spec().size() == 42 * 97 * 97 + 26);
  CHECK(big.policy_spec().size() == 5 * 97 * 97 + 3);
}

TEST_CASE("mizong encoding: a hand-built position, plane by plane, from seat 0") {
  auto g = make_game();
  State s = empty(g);
  const int mine = pid(s, 0, 1), my_dark = pid(s, 0, 8), theirs = pid(s, 1, 3), healer = pid(s, 3, 7);
  s.put(mine, cell(s, "0,0"), who(kMelee, kRock, kYang));
  s.set_hp(mine, 60);
  s.set_moves(mine, 1);
  s.put(my_dark, cell(s, "1,0"), who(kRanged, kPaper, kYin, true));
  s.put(theirs, cell(s, "2,-1"), who(kMelee, kScissors, kYin, true));
  s.set_hp(theirs, 54);
  s.set_evidence(theirs, kOrdinaryKinds, kAnyAttributes);
  s.put(healer, cell(s, "0,3"), who(kHealer, kRock, kYin));
  s.set_ap(healer, 30);
  // Seat 0 sits on the north point: it sees the board half a turn round, (q, r) -> (-q, -r),
  // on the grid at row r + 4... + 8, column q + 8: 0,0 -> 144, 1,0 -> 143, 2,-1 -> 159, 0,3 -> 93.
  std::map<std::pair<int, int>, float> want;  // (plane, grid point) -> value
  for (int c = 0; c < s.geo().cells; ++c) {
    auto [q, r] = turn(s.geo().q[static_cast<std::size_t>(c)], s.geo().r[static_cast<std::size_t>(c)], 3);
    want[{kValidPlane, (r + 8) * 17 + (q + 8)}] = 1;
  }
  auto set = [&](int o, std::vector<std::pair<int, float>> planes) {
    for (auto [plane, v] : planes) want[{plane, o}] = v;
  };
  set(144, {{kSeatPlanes + 0, 1},
            {kAllyPlane, 1},
            {kKindPlanes + kMelee, 1},
            {kAttr1Planes + kRock, 1},
            {kAttr2Planes + kYang, 1},
            {kHpPlane, 60.f / 66},
            {kDamagePlane, 6.f / 66},
            {kPathPlanes + 1, 1}});
  set(143, {{kSeatPlanes + 0, 1},
            {kAllyPlane, 1},
            {kDarkPlane, 1},
            {kKindPlanes + kRanged, 1},
            {kAttr1Planes + kPaper, 1},
            {kAttr2Planes + kYin, 1},
            {kHpPlane, 1},
            {kPathPlanes + 0, 1}});
  for (int k = 0; k < kKinds; ++k) set(143, {{kMayKindPlanes + k, 1}});
  for (int a = 0; a < 6; ++a) set(143, {{kMayAttrPlanes + a, 1}, {kMayAttrPlanes + a, 1}});
  // Seat 1's dark piece: where it is, that it is dark, its damage and the evidence; not what it is.
  set(159, {{kSeatPlanes + 1, 1},
            {kDarkPlane, 1},
            {kDamagePlane, 12.f / 66},
            {kPathPlanes + 0, 1},
            {kMayKindPlanes + kMelee, 1},
            {kMayKindPlanes + kRanged, 1}});
  for (int a = 0; a < 6; ++a) set(159, {{kMayAttrPlanes + a, 1}});
  set(93, {{kSeatPlanes + 3, 1},
           {kKindPlanes + kHealer, 1},
           {kAttr1Planes + kRock, 1},
           {kAttr2Planes + kYin, 1},
           {kHpPlane, 1},
           {kApPlane, 30.f / 36},
           {kPathPlanes + 0, 1}});
  std::vector<float> expected(static_cast<std::size_t>(42 * 289 + 26), 0.0f);
  for (auto [key, v] : want) expected[static_cast<std::size_t>(key.first * 289 + key.second)] = v;
  expected[42 * 289 + kRoundScalar] = 1.f / 200;
  expected[42 * 289 + kToMoveScalars + 0] = 1;
  CHECK(encode(g, s, 0) == expected);

  // Seat 1 (north-east point, turned twice) sees its own dark piece's identity and not seat 0's.
  const auto from1 = encode(g, s, 1);
  auto at1 = [&](int plane, const char* name) {
    return from1[static_cast<std::size_t>(
        plane * 289 + g.empty_state().geo().turn_at[2][static_cast<std::size_t>(cell(s, name))])];
  };
  CHECK(at1(kKindPlanes + kMelee, "2,-1") == 1);
  CHECK(at1(kHpPlane, "2,-1") == doctest::Approx(54.0 / 66));
  CHECK(at1(kSeatPlanes + 0, "2,-1") == 1);
  CHECK(at1(kSeatPlanes + 5, "1,0") == 1);  // seat 0 is the last seat from seat 1 on
  CHECK(at1(kKindPlanes + kRanged, "1,0") == 0);
  CHECK(at1(kHpPlane, "1,0") == 0);
  CHECK(at1(kDarkPlane, "1,0") == 1);
  CHECK(from1[42 * 289 + kToMoveScalars + 5] == 1);
  // 2,-1 turned twice: (1,1), then (-1,2): row 10, column 7.
  CHECK(g.empty_state().geo().turn_at[2][static_cast<std::size_t>(cell(s, "2,-1"))] == 10 * 17 + 7);
}

TEST_CASE("mizong encoding: an activation in progress and the acted pieces") {
  auto g = make_game();
  State s = empty(g);
  const int a = pid(s, 0, 1), b = pid(s, 0, 2);
  s.put(a, cell(s, "3,0"), who(kMelee, kRock, kYang));
  s.put(b, cell(s, "-3,0"), who(kMelee, kRock, kYin));
  s.put(pid(s, 2, 1), cell(s, "4,0"), who(kMelee, kScissors, kYang));
  // b moves and its activation ends (by itself or with done); then a attacks and goes on.
  auto first_move = [&] {
    for (const std::string& m : legal_strings(s))
      if (m.rfind("move:", 0) == 0) return m;
    return std::string();
  };
  play(s, "select:-3,0");
  play(s, first_move());
  if (s.activation().piece >= 0) play(s, "done");
  play(s, "select:3,0");
  play(s, "attack:4,0");
  REQUIRE(s.activation().piece == a);
  const std::string b_at = s.geo().name(s.piece(b).cell), a_at = s.geo().name(s.piece(a).cell);
  const auto e = encode(g, s, 0);
  auto at = [&](int plane, const std::string& name) {
    return e[static_cast<std::size_t>(plane * 289 +
                                      s.geo().turn_at[3][static_cast<std::size_t>(cell(s, name))])];
  };
  float active = 0, start = 0, acted = 0;
  for (int i = 0; i < 289; ++i) {
    active += e[static_cast<std::size_t>(kActivePlane * 289 + i)];
    start += e[static_cast<std::size_t>(kStartPlane * 289 + i)];
    acted += e[static_cast<std::size_t>(kActedPlane * 289 + i)];
  }
  CHECK(active == 1);
  CHECK(start == 1);
  CHECK(acted == 1);
  CHECK(at(kActivePlane, a_at) == 1);
  CHECK(at(kStartPlane, "3,0") == 1);
  CHECK(at(kActedPlane, b_at) == 1);
  CHECK(e[42 * 289 + kActivationScalar] == 1);
  CHECK(e[42 * 289 + kBeforeScalar] == doctest::Approx(1.0 / 3));
  CHECK(e[42 * 289 + kMovedScalar] == 0);
  CHECK(e[42 * 289 + kActsScalar] == doctest::Approx(1.0 / 36));
}

TEST_CASE("mizong encoding: a position turned a sixth with every seat moved on one encodes the same") {
  for (const char* teams : {"ffa", "3v3", "2v2v2"}) {
    CAPTURE(teams);
    auto g = make_game({{"teams", teams}, {"setup", "random"}});
    const int T = 10, n = 60;
    auto sigma = [&](int id) { return (id + T) % n; };  // seat p's pieces become seat p+1's
    int activations = 0;
    for (const State& s : random_positions(g, 2, 250, 5)) {
      nlohmann::json j = s.to_json();
      nlohmann::json turned = j;
      auto rename = [&](const nlohmann::json& c) {
        return nlohmann::json(s.geo().name(turned_cell(s, s.geo().parse(c.get<std::string>()), 1)));
      };
      for (int id = 0; id < n; ++id) {
        nlohmann::json pj = j["pieces"][static_cast<std::size_t>(id)];
        if (!pj[0].is_null()) pj[0] = rename(pj[0]);
        turned["pieces"][static_cast<std::size_t>(sigma(id))] = pj;
      }
      turned["current"] = (j["current"].get<int>() + 1) % 6;
      for (int p = 0; p < 6; ++p)
        turned["out"][static_cast<std::size_t>((p + 1) % 6)] = j["out"][static_cast<std::size_t>(p)];
      for (int p = 0; p < 6; ++p)
        turned["places"][static_cast<std::size_t>(s.team_of((p + 1) % 6))] =
            j["places"][static_cast<std::size_t>(s.team_of(p))];
      for (auto& id : turned["acted"]) id = sigma(id.get<int>());
      if (!j["activation"].is_null()) {
        ++activations;
        turned["activation"]["piece"] = sigma(j["activation"]["piece"].get<int>());
        turned["activation"]["start"] = rename(j["activation"]["start"]);
      }
      if (j.contains("evidence"))
        for (auto& e : turned["evidence"]) e[0] = sigma(e[0].get<int>());
      const State t = g.state_from_json(turned);
      for (Player o = 0; o < 6; ++o) CHECK(encode(g, s, o) == encode(g, t, (o + 1) % 6));
      ActionList legal;
      s.legal_actions(legal);
      const Layout& L = s.layout();
      for (Action a : legal) {
        const Action b = a >= L.area_heal ? a : a / L.cells * L.cells + turned_cell(s, a % L.cells, 1);
        REQUIRE(t.is_legal(b));
        CHECK(s.policy_index(a) == t.policy_index(b));
      }
    }
    CHECK(activations > 0);
  }
}

TEST_CASE("mizong policy: every legal action has its own index, and only legal actions have one") {
  for (const char* teams : {"ffa", "3v3"}) {
    auto g = make_game({{"teams", teams}});
    const int size = g.policy_spec().size();
    for (const State& s : random_positions(g, 2, 300, 21)) {
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

TEST_CASE("mizong policy: the round trip on the seed's board") {
  auto g = make_game({}, 24);
  const int size = g.policy_spec().size();
  for (const State& s : random_positions(g, 1, 40, 3)) {
    ActionList legal;
    s.legal_actions(legal);
    std::vector<char> used(static_cast<std::size_t>(size), 0);
    for (Action a : legal) {
      const int i = s.policy_index(a);
      REQUIRE(i >= 0);
      REQUIRE(i < size);
      CHECK(!used[static_cast<std::size_t>(i)]);
      used[static_cast<std::size_t>(i)] = 1;
      CHECK(s.policy_action(i) == a);
    }
  }
}

TEST_CASE("mizong encoding: hidden identities, action points and heal counts stay out") {
  // Seat 1's dark healer and dark melee piece trade identities (its army unchanged), its dark
  // healer's action points and an open piece's heal count change: no other seat's encoding
  // changes, seat 1's does. With 3v3, seat 3 is seat 1's teammate: it sees the change only
  // with hidden_from_teammates=false.
  for (bool teammates_see : {false, true}) {
    auto g = make_game({{"teams", "3v3"}, {"hidden_from_teammates", teammates_see ? "false" : "true"}});
    const State s = g.initial_state();
    nlohmann::json j = s.to_json();
    auto find = [&](const std::string& tok) {
      for (int k = 0; k < s.home_size(); ++k)
        if (j["pieces"][pid(s, 1, k)][1] == tok) return pid(s, 1, k);
      return -1;
    };
    const int healer = find("HdR-"), melee = find("mdP-"), open = find("moR-");
    REQUIRE(healer >= 0);
    REQUIRE(melee >= 0);
    REQUIRE(open >= 0);
    j["pieces"][healer][1] = "mdP-";
    j["pieces"][healer][2] = 66;
    j["pieces"][healer][5] = 0;
    j["pieces"][melee][1] = "HdR-";
    j["pieces"][melee][2] = 42;
    j["pieces"][melee][5] = 11;
    j["pieces"][open][4] = 2;
    const State t = g.state_from_json(j);
    for (Player o = 0; o < 6; ++o) {
      CAPTURE(o);
      const bool sees = o == 1 || (teammates_see && o % 2 == 1);
      CHECK((encode(g, s, o) == encode(g, t, o)) == !sees);
    }
  }
}

TEST_CASE("mizong encoding: a buffer of the wrong size is refused") {
  auto g = make_game();
  std::vector<float> small(3);
  CHECK_THROWS_WITH_AS(g.initial_state().encode(0, small),
                       "mizong encode: expected a buffer of 12164 floats, got 3", Error);
}

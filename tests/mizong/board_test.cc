// The board, the army and setups.
#include <algorithm>
#include <doctest/doctest.h>

#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

TEST_CASE("mizong: the seed's board has 3601 vertices, star points of 300, the centre at 0,0") {
  const Geometry& g = geometry(24);
  CHECK(g.cells == 3601);
  CHECK(g.home_size == 300);
  CHECK(g.name(g.centre) == "0,0");
  for (int t = 0; t < 6; ++t) CHECK(g.home[t].size() == 300);
  const Geometry& s = geometry(4);
  CHECK(s.cells == 121);
  CHECK(s.home_size == 10);
  CHECK_THROWS_AS(geometry(5), Error);
}

TEST_CASE("mizong: the army is 150 melee and 150 ranged, 75 open and 75 dark of each") {
  auto a = army(300);
  int melee_open = 0, melee_dark = 0, ranged_open = 0, ranged_dark = 0, mh = 0, rh = 0, healer = 0;
  int combo[2][2][6] = {};
  for (const auto& id : a) {
    if (is_melee(id.kind))
      (id.dark ? melee_dark : melee_open)++;
    else
      (id.dark ? ranged_dark : ranged_open)++;
    mh += id.kind == kMeleeHero;
    rh += id.kind == kRangedHero;
    healer += id.kind == kHealer;
    if (!is_hero(id.kind)) combo[class_of(id.kind)][id.dark][id.attr1 * 2 + id.attr2]++;
  }
  CHECK(melee_open == 75);
  CHECK(melee_dark == 75);
  CHECK(ranged_open == 75);
  CHECK(ranged_dark == 75);
  CHECK(mh == 6);
  CHECK(rh == 4);
  CHECK(healer == 2);
  for (auto& c : combo)
    for (auto& d : c)
      for (int k : d) CHECK(k == 12);
  CHECK(check_army(a).empty());
}

TEST_CASE(
    "mizong: point size 12 is 937 vertices, its army 78 pieces: 3 of each ordinary kind, one set of "
    "specials") {
  const Geometry& g = geometry(12);
  CHECK(g.cells == 937);
  CHECK(g.home_size == 78);
  auto a = army(78);
  REQUIRE(a.size() == 78);
  int melee_open = 0, melee_dark = 0, ranged_open = 0, ranged_dark = 0;
  int combo[2][2][6] = {};
  std::vector<std::string> specials;
  for (const auto& id : a) {
    if (is_melee(id.kind))
      (id.dark ? melee_dark : melee_open)++;
    else
      (id.dark ? ranged_dark : ranged_open)++;
    if (is_hero(id.kind))
      specials.push_back(token(id));
    else
      combo[class_of(id.kind)][id.dark][id.attr1 * 2 + id.attr2]++;
  }
  CHECK(melee_open == 20);   // 18 ordinary, 2 open melee heroes
  CHECK(melee_dark == 19);   // 18 ordinary, 1 dark melee hero
  CHECK(ranged_open == 20);  // 18 ordinary, an open ranged hero, the open healer
  CHECK(ranged_dark == 19);  // 18 ordinary, 1 dark ranged hero
  for (auto& c : combo)
    for (auto& d : c)
      for (int k : d) CHECK(k == 3);
  std::sort(specials.begin(), specials.end());
  CHECK(specials == std::vector<std::string>{"HoP-", "MdS-", "MoP+", "MoR+", "RdS+", "RoR-"});
  CHECK(check_army(a).empty());
  State s = make_game({}, 12).initial_state();
  for (int p = 0; p < 6; ++p) {
    CHECK(s.pieces_of(p).count() == 78);
    for (int c : s.geo().home[p]) CHECK(s.owner(s.piece_at(c)) == p);
  }
}

TEST_CASE("mizong: the opening fills each star point with no gap; HP 11 melee, 7 ranged") {
  auto g = make_game({}, 24);
  State s = g.initial_state();
  CHECK(s.occupied().count() == 1800);
  for (int p = 0; p < 6; ++p) {
    CHECK(s.pieces_of(p).count() == 300);
    for (int c : s.geo().home[p]) CHECK(s.owner(s.piece_at(c)) == p);
  }
  for (int id = 0; id < 1800; ++id) CHECK(s.piece(id).hp == (is_melee(s.piece(id).kind) ? 66 : 42));
  ActionList l;
  s.legal_actions(l);
  CHECK(l.size() > 1);
}

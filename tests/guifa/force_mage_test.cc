// C、力场师 the force mage (manual 二 C; docs/rules/guifa.md, C) and the two worked examples at the top of
// the manual.
#include "tests/guifa/helpers.h"

using namespace guifa_test;

TEST_CASE("worked example 1: the force mage steps down and its field takes y") {
  // 0x0      x (force mage) on c8 with its field b8 c8 d8; z (own scepter) on d7 keeps it on.
  // y z      y (enemy) on b7. x steps down to c7: the field now covers b7 c7 d7 and takes y.
  const Guifa g = make(2);
  State s = position(g, {{"c8", 'F', 0}, {"d7", 'Z', 0}, {"b7", 'N', 1}, {"i1", 'Z', 1}});
  CHECK(s.field(0) == [&] {
    Board b;
    for (const char* c : {"b8", "c8", "d8"}) b.set(cell(s, c));
    return b;
  }());
  play(s, "c8-c7");
  CHECK(kind_at(s, "b7") == '.');
  CHECK(s.corpses(cell(s, "b7"), kNecromancer) == 1);
  CHECK(s.field(0).test(cell(s, "b7")));
  CHECK(s.field(0).test(cell(s, "d7")));
  // Without z beside it the field is off and y is safe.
  State t = position(g, {{"c8", 'F', 0}, {"g7", 'Z', 0}, {"b7", 'N', 1}, {"i1", 'Z', 1}});
  CHECK(t.field(0).none());
  play(t, "c8-c7");
  CHECK(kind_at(t, "b7") == 'N');
}

TEST_CASE("force mage: the field switches off as soon as either piece leaves the scepter's side") {
  const Guifa g = make(2);
  State s = position(g, {{"c8", 'F', 0}, {"d7", 'Z', 0}, {"i1", 'Z', 1}});
  CHECK(s.field(0).count() == 3);
  play(s, "d7-d6");
  CHECK(s.field(0).none());
}

TEST_CASE("force mage: the field lies across its owner's left and right") {
  // Seat 1 of four sits on the east edge: its left-right runs north-south.
  const Guifa g = make(4);
  const State s =
      position(g, {{"g5", 'F', 1}, {"h5", 'Z', 1}, {"e1", 'Z', 0}, {"e9", 'Z', 2}, {"a5", 'Z', 3}});
  Board want;
  for (const char* c : {"g4", "g5", "g6"}) want.set(cell(s, c));
  CHECK(s.field(1) == want);
}

TEST_CASE("force mage: pieces in the field can be neither taken nor passed; the prophet ignores it") {
  const Guifa g = make(2);
  // Field c2 d2 e2 (mage d2 beside its scepter e2) with an own necromancer on c2 inside it.
  const std::vector<P> base = {{"d2", 'F', 0}, {"e2", 'Z', 0}, {"c2", 'N', 0}, {"i9", 'Z', 1}};
  auto with = [&](std::vector<P> extra) {
    auto all = base;
    all.insert(all.end(), extra.begin(), extra.end());
    return position(g, all, 1);
  };
  CHECK_FALSE(is_legal(with({{"c6", 'E', 1}}), "c6xc2"));
  CHECK(is_legal(with({{"c6", 'E', 1}}), "c6-c3"));
  CHECK_FALSE(is_legal(with({{"e6", 'E', 1}}), "e6xe2"));  // the scepter is covered too
  CHECK(is_legal(with({{"a2", 'E', 1}}), "a2-b2"));
  CHECK_FALSE(is_legal(with({{"a2", 'E', 1}}), "a2xc2"));
  // The prophet ignores fields and takes the force mage itself.
  CHECK(is_legal(with({{"c5", 'P', 1}}), "c5xc2"));
  CHECK(is_legal(with({{"d5", 'P', 1}}), "d5xd2"));
}

TEST_CASE("force mage: several pieces under the field along one move are taken at once") {
  const Guifa g = make(2);
  // The mage c8 moves two squares to c6 beside its scepter d6 (field live on c7 and c6):
  // b7 and d7 fall on the way, b6 at the end.
  State s = position(
      g, {{"c8", 'F', 0}, {"d6", 'Z', 0}, {"b7", 'N', 1}, {"d7", 'E', 1}, {"b6", 'S', 1}, {"i1", 'Z', 1}});
  play(s, "c8-c6");
  CHECK(kind_at(s, "b7") == '.');
  CHECK(kind_at(s, "d7") == '.');
  CHECK(kind_at(s, "b6") == '.');
  CHECK(s.corpses(cell(s, "d7"), kElementalist) == 1);
  CHECK(s.corpses(cell(s, "b6"), kSummoner) == 1);
}

TEST_CASE("force mage: the field kills an illusionist, which ordinary attacks cannot") {
  const Guifa g = make(2);
  State s = position(g, {{"c8", 'F', 0}, {"d7", 'Z', 0}, {"b7", 'H', 1}, {"i1", 'Z', 1}});
  play(s, "c8-c7");
  CHECK(kind_at(s, "b7") == '.');
}

TEST_CASE("force mage: opposing fields neither overlap nor cross; the first holder keeps the square") {
  const Guifa g = make(2);
  // Seat 0 holds a7 b7 c7; seat 1's mage d7 beside its scepter d8 would cover c7 d7 e7.
  State s = position(g, {{"b7", 'F', 0}, {"b8", 'Z', 0}, {"d7", 'F', 1}, {"d8", 'Z', 1}});
  CHECK(s.field(0).test(cell(s, "c7")));
  CHECK_FALSE(s.field(1).test(cell(s, "c7")));
  CHECK(s.field(1).test(cell(s, "e7")));
  play(s, "b8-a8");  // seat 0's scepter still beside b7
  play(s, "d8-e8");
  CHECK(s.field(0).test(cell(s, "c7")));
  CHECK_FALSE(s.field(1).test(cell(s, "c7")));
  // Unprotected enemy force mages attack each other freely.
  State t = position(g, {{"b7", 'F', 0}, {"a1", 'Z', 0}, {"d7", 'F', 1}, {"i9", 'Z', 1}});
  CHECK(is_legal(t, "b7xd7"));
}

TEST_CASE("force mage: a revived enemy force mage takes its new owner's left and right") {
  const Guifa g = make(4);
  // Seat 0's necromancer c2 revives seat 1's force mage on c3, beside seat 0's scepter d3:
  // its field runs west-east (b3 c3 d3), not north-south as seat 1's would.
  State s = position(g, {{"c2", 'N', 0}, {"d3", 'Z', 0}, {"i5", 'Z', 1}, {"e9", 'Z', 2}, {"a9", 'Z', 3}}, 0,
                     {{"c3", "force_mage"}});
  play(s, "revive c3 F");
  CHECK(kind_at(s, "c3") == 'F');
  CHECK(owner_at(s, "c3") == 0);
  Board want;
  for (const char* c : {"b3", "c3", "d3"}) want.set(cell(s, c));
  CHECK(s.field(0) == want);
}

TEST_CASE("force mage metamagic: the sanctuary takes every unprotected enemy around the centre") {
  const Guifa g = make(2);
  // The mage steps from e3 to the centre e5. Enemies d4 and f6 fall; d6, inside its own
  // force field (seat 1 mage d6 beside its scepter c7), survives; the own necromancer stays.
  State s = position(g, {{"e3", 'F', 0},
                         {"a1", 'Z', 0},
                         {"d4", 'N', 1},
                         {"f6", 'S', 1},
                         {"d6", 'F', 1},
                         {"c7", 'Z', 1},
                         {"f4", 'N', 0}});
  play(s, "e3-e5");
  CHECK(kind_at(s, "d4") == '.');
  CHECK(kind_at(s, "f6") == '.');
  CHECK(kind_at(s, "d6") == 'F');
  CHECK(kind_at(s, "f4") == 'N');
  CHECK(s.corpses(cell(s, "d4"), kNecromancer) == 1);
  CHECK(s.field(0).test(cell(s, "f4")));
  CHECK_FALSE(s.field(0).test(cell(s, "e6")));  // already seat 1's: fields do not overlap
  // Only a prophet may attack the mage in its sanctuary.
  CHECK(s.current_player() == 1);
  CHECK_FALSE(is_legal(s, "d6xe5"));
}

TEST_CASE("force mage metamagic: a hostile prophet next to the centre leaves its 3x3 without field") {
  const Guifa g = make(2);
  State s = position(
      g, {{"e3", 'F', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"d4", 'N', 1}, {"f6", 'P', 1}, {"e6", 'S', 1}});
  play(s, "e3-e5");
  CHECK(kind_at(s, "d4") == '.');
  CHECK(kind_at(s, "e6") == 'S');  // inside the prophet's barrier: no field there
  CHECK(kind_at(s, "f6") == 'P');
  CHECK(s.field(0).test(cell(s, "d6")));
  CHECK_FALSE(s.field(0).test(cell(s, "f5")));
}

TEST_CASE("force mage: inside a hostile holy barrier its field is off") {
  const Guifa g = make(2);
  const State s = position(g, {{"c8", 'F', 0}, {"d7", 'Z', 0}, {"i1", 'Z', 1}, {"b9", 'P', 1}});
  CHECK(s.field(0).none());
  // Own prophet: no effect.
  const State t = position(g, {{"c8", 'F', 0}, {"d7", 'Z', 0}, {"i1", 'Z', 1}, {"b9", 'P', 0}});
  CHECK(t.field(0).count() == 3);
}

TEST_CASE(
    "worked example 2: the illusionist swaps the force mage into the centre; its sanctuary is instant") {
  // DDY    Y: enemy elementalist f6, threatening the illusionist H on the centre e5.
  // DHD    P: own summoner e4. X: own force mage, here on b2.
  // DPD    H swaps with X: at once the nine squares are field, Y dies, P is protected.
  const Guifa g = make(2);
  State s = position(
      g, {{"e5", 'H', 0}, {"e4", 'S', 0}, {"b2", 'F', 0}, {"a1", 'Z', 0}, {"f6", 'E', 1}, {"i9", 'Z', 1}});
  play(s, "e5<>b2");
  CHECK(kind_at(s, "e5") == 'F');
  CHECK(kind_at(s, "b2") == 'H');
  CHECK(kind_at(s, "f6") == '.');
  CHECK(s.corpses(cell(s, "f6"), kElementalist) == 1);
  CHECK(kind_at(s, "e4") == 'S');
  CHECK(s.field(0).count() == 9);
  // The enemy cannot touch the protected summoner.
  State t = position(g, {{"e5", 'F', 0}, {"e4", 'S', 0}, {"a1", 'Z', 0}, {"e1", 'E', 1}, {"i9", 'Z', 1}}, 1);
  CHECK_FALSE(is_legal(t, "e1xe4"));
}

TEST_CASE("force mage metamagic: the sanctuary ends when the mage leaves the centre") {
  const Guifa g = make(2);
  State s = position(g, {{"e5", 'F', 0}, {"d4", 'N', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"d8", 'E', 1}}, 1);
  CHECK(s.field(0).count() == 9);
  CHECK_FALSE(is_legal(s, "d8xd4"));  // d6 and d5 are field: no way through
  play(s, "i9-h9");
  play(s, "e5-e7");
  CHECK(s.field(0).none());
  CHECK(is_legal(s, "d8xd4"));
}

TEST_CASE("force mage metamagic: a prophet may take the mage in its sanctuary") {
  const Guifa g = make(2);
  State s = position(g, {{"e5", 'F', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"e8", 'P', 1}, {"e1", 'E', 1}}, 1);
  CHECK(s.field(0).count() == 9);
  CHECK_FALSE(is_legal(s, "e1xe5"));
  play(s, "e8xe5");
  CHECK(owner_at(s, "e5") == 1);
  CHECK(s.corpses(cell(s, "e5"), kForceMage) == 1);
  CHECK(s.field(0).none());
}

TEST_CASE("force mage (2v2): its field protects an allied piece, and allies pass and enter it") {
  const Guifa g = make(4);
  // Seat 0's mage d2 beside its scepter e1 holds c2 d2 e2; seat 2's necromancer stands on c2.
  const std::vector<P> base = {{"d2", 'F', 0}, {"e1", 'Z', 0}, {"c2", 'N', 2},
                               {"i5", 'Z', 1}, {"e9", 'Z', 2}, {"a5", 'Z', 3}};
  auto with = [&](std::vector<P> extra, int current) {
    auto all = base;
    all.insert(all.end(), extra.begin(), extra.end());
    return position(g, all, current);
  };
  const State s = with({{"c6", 'E', 1}, {"g2", 'E', 1}}, 1);
  CHECK(s.field(0).test(cell(s, "c2")));
  CHECK_FALSE(is_legal(s, "c6xc2"));
  CHECK(is_legal(s, "c6-c3"));
  CHECK(is_legal(s, "g2-f2"));
  CHECK_FALSE(is_legal(s, "g2-e2"));
  const State w = with({{"c6", 'E', 3}}, 3);
  CHECK_FALSE(is_legal(w, "c6xc2"));
  // Seat 2, seat 0's ally, enters the field freely.
  const State a = with({{"e6", 'E', 2}}, 2);
  CHECK(is_legal(a, "e6-e2"));
}

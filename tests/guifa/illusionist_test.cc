// B、幻术师 the illusionist (manual 二 B), one test per sentence.
#include "tests/guifa/helpers.h"

using namespace guifa_test;

TEST_CASE("illusionist: swaps with any own piece but the scepter, anywhere; passes through pieces") {
  const Guifa g = make(2);
  State s = position(g, {{"c7", 'H', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"h2", 'F', 0}, {"e8", 'N', 0},
                         {"d7", 'N', 1}, {"e7", 'P', 0}});
  // Range 3, no attack: east it passes the enemy on d7 and its own prophet on e7 to f7.
  CHECK(legal_from(s, "c7") == std::set<std::string>{"c7-c8", "c7-c9", "c7-c6", "c7-c5", "c7-c4", "c7-f7", "c7-b7",
                                                     "c7-a7", "c7<>h2", "c7<>e8", "c7<>e7"});
  play(s, "c7<>h2");
  CHECK(kind_at(s, "h2") == 'H');
  CHECK(kind_at(s, "c7") == 'F');
  CHECK(s.current_player() == 1);
}

TEST_CASE("illusionist: immune to ordinary attack, yet its square can be passed and never occupied") {
  const Guifa g = make(2);
  const State s = position(g, {{"c3", 'H', 0}, {"i1", 'Z', 0}, {"i9", 'Z', 1}, {"c6", 'E', 1}}, 1);
  CHECK(legal_from(s, "c6") == std::set<std::string>{"c6-c5", "c6-c4", "c6-c2", "c6-c7", "c6-c8", "c6-c9", "c6-b6",
                                                     "c6-a6", "c6-d6", "c6-e6", "c6-f6", "c6-g6", "c6-b5", "c6-a4"});
}

TEST_CASE("illusionist: a prophet takes it directly; under a hostile holy barrier anyone may") {
  const Guifa g = make(2);
  // The enemy prophet on c5 may take it at range 2.
  const State s = position(g, {{"c3", 'H', 0}, {"i1", 'Z', 0}, {"i9", 'Z', 1}, {"c5", 'P', 1}}, 1);
  CHECK(is_legal(s, "c5xc3"));
  // An enemy prophet on b2 covers c3 with its barrier: the illusionist shows, the elementalist takes it.
  State t = position(g, {{"c3", 'H', 0}, {"i1", 'Z', 0}, {"i9", 'Z', 1}, {"c6", 'E', 1}, {"b2", 'P', 1}}, 1);
  CHECK(is_legal(t, "c6xc3"));
  play(t, "c6xc3");
  CHECK(owner_at(t, "c3") == 1);
  // An own prophet's barrier does not expose it.
  const State u = position(g, {{"c3", 'H', 0}, {"i1", 'Z', 0}, {"i9", 'Z', 1}, {"c6", 'E', 1}, {"b2", 'P', 0}}, 1);
  CHECK_FALSE(is_legal(u, "c6xc3"));
}

TEST_CASE("illusionist: cannot pass through a hostile force field or holy barrier") {
  const Guifa g = make(2);
  // Seat 1's force mage e7 beside its scepter e8 holds d7, e7, f7.
  const State s = position(g, {{"d4", 'H', 0}, {"a1", 'Z', 0}, {"e8", 'Z', 1}, {"e7", 'F', 1}});
  CHECK(is_legal(s, "d4-d6"));
  CHECK_FALSE(is_legal(s, "d4-d7"));
  const State off = position(g, {{"d4", 'H', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"e7", 'F', 1}});
  CHECK(is_legal(off, "d4-d7"));
  // A hostile barrier (prophet g8: f7-h9) may be entered but not crossed.
  const State b = position(g, {{"f5", 'H', 0}, {"a1", 'Z', 0}, {"a9", 'Z', 1}, {"g8", 'P', 1}});
  CHECK(is_legal(b, "f5-f7"));
  CHECK_FALSE(is_legal(b, "f5-f8"));
  const State nob = position(g, {{"f5", 'H', 0}, {"a1", 'Z', 0}, {"a9", 'Z', 1}, {"i8", 'P', 1}});
  CHECK(is_legal(nob, "f5-f8"));
}

TEST_CASE("illusionist: suppressed inside a hostile barrier, it cannot swap") {
  const Guifa g = make(2);
  const State s = position(g, {{"c3", 'H', 0}, {"i1", 'Z', 0}, {"i9", 'Z', 1}, {"b2", 'P', 1}, {"g7", 'E', 0}});
  CHECK_FALSE(is_legal(s, "c3<>g7"));
  CHECK(is_legal(s, "c3-c4"));
}

TEST_CASE("illusionist metamagic: one clone on any free square; a killed clone leaves nothing and may be remade") {
  const Guifa g = make(2);
  State s = position(g, {{"e5", 'H', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"a7", 'P', 1}, {"h3", 'E', 1}});
  CHECK(is_legal(s, "clone h1"));
  CHECK_FALSE(is_legal(s, "clone b7"));  // inside the enemy prophet's barrier
  CHECK_FALSE(is_legal(s, "clone a1"));  // occupied
  play(s, "clone h1");
  CHECK(kind_at(s, "h1") == 'H');
  CHECK((s.at(cell(s, "h1")).flags & kClone));
  // The clone has the illusionist's abilities: it swaps with own pieces (not with its master).
  play(s, "i9-h9");
  CHECK(is_legal(s, "h1-h2"));
  CHECK_FALSE(is_legal(s, "clone c1"));  // never more than one clone
  CHECK_FALSE(is_legal(s, "h1<>e5"));
  play(s, "a1-a2");
  // Killed by the enemy prophet (which sees through illusions): no corpse.
  State t = g.state_from_json(s.to_json());
  (void)t;
  State u = position(g, {{"e5", 'H', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"h3", 'P', 1}, {"h1", 'H', 0, 1, true}}, 1);
  play(u, "h3xh1");
  CHECK(u.corpse_count(cell(u, "h1")) == 0);
  CHECK(is_legal(u, "clone c1"));
}

TEST_CASE("illusionist metamagic: the centred illusionist destroyed, its clone becomes the illusionist") {
  const Guifa g = make(2);
  State s = position(g, {{"e5", 'H', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"e7", 'P', 1}, {"h1", 'H', 0, 1, true}}, 1);
  play(s, "e7xe5");
  CHECK(s.corpse_count(cell(s, "e5")) == 0);
  CHECK(kind_at(s, "h1") == 'H');
  CHECK_FALSE((s.at(cell(s, "h1")).flags & kClone));
}

TEST_CASE("illusionist metamagic: the clone vanishes when the illusionist leaves the centre") {
  const Guifa g = make(2);
  State s = position(g, {{"e5", 'H', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"h1", 'H', 0, 1, true}});
  play(s, "e5-e6");
  CHECK(kind_at(s, "h1") == '.');
  CHECK(s.corpse_count(cell(s, "h1")) == 0);
}

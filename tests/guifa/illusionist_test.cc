// B、幻术师 the illusionist (manual 二 B; docs/rules/guifa.md, B), one test per sentence.
#include "tests/guifa/helpers.h"

using namespace guifa_test;

TEST_CASE("illusionist: swaps with any own piece but the scepter, anywhere; passes through pieces") {
  const Guifa g = make(2);
  State s = position(g, {{"c7", 'H', 0},
                         {"a1", 'Z', 0},
                         {"i9", 'Z', 1},
                         {"h2", 'F', 0},
                         {"e8", 'N', 0},
                         {"d7", 'N', 1},
                         {"e7", 'P', 0}});
  // Range 3, no attack: east it passes the enemy on d7 and its own prophet on e7 to f7.
  CHECK(legal_from(s, "c7") == std::set<std::string>{"c7-c8", "c7-c9", "c7-c6", "c7-c5", "c7-c4", "c7-f7",
                                                     "c7-b7", "c7-a7", "c7<>h2", "c7<>e8", "c7<>e7"});
  play(s, "c7<>h2");
  CHECK(kind_at(s, "h2") == 'H');
  CHECK(kind_at(s, "c7") == 'F');
  CHECK(s.current_player() == 1);
}

TEST_CASE("illusionist: immune to ordinary attack, yet its square can be passed and never occupied") {
  const Guifa g = make(2);
  const State s = position(g, {{"c3", 'H', 0}, {"i1", 'Z', 0}, {"i9", 'Z', 1}, {"c6", 'E', 1}}, 1);
  CHECK(legal_from(s, "c6") == std::set<std::string>{"c6-c5", "c6-c4", "c6-c2", "c6-c7", "c6-c8", "c6-c9",
                                                     "c6-b6", "c6-a6", "c6-d6", "c6-e6", "c6-f6", "c6-g6",
                                                     "c6-b5", "c6-a4"});
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
  const State u =
      position(g, {{"c3", 'H', 0}, {"i1", 'Z', 0}, {"i9", 'Z', 1}, {"c6", 'E', 1}, {"b2", 'P', 0}}, 1);
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
  const State s =
      position(g, {{"c3", 'H', 0}, {"i1", 'Z', 0}, {"i9", 'Z', 1}, {"b2", 'P', 1}, {"g7", 'E', 0}});
  CHECK_FALSE(is_legal(s, "c3<>g7"));
  CHECK(is_legal(s, "c3-c4"));
}

TEST_CASE(
    "illusionist metamagic: one clone on any free square; a killed clone leaves nothing and may be remade") {
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
  State u = position(
      g, {{"e5", 'H', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"h3", 'P', 1}, {"h1", 'H', 0, 1, true}}, 1);
  play(u, "h3xh1");
  CHECK(u.corpse_count(cell(u, "h1")) == 0);
  CHECK(is_legal(u, "clone c1"));
}

TEST_CASE("illusionist metamagic: the centred illusionist destroyed, its clone becomes the illusionist") {
  const Guifa g = make(2);
  State s = position(
      g, {{"e5", 'H', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"e7", 'P', 1}, {"h1", 'H', 0, 1, true}}, 1);
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

TEST_CASE(
    "illusionist metamagic: a hostile barrier over the centre does not stop the clone, only where it goes") {
  const Guifa g = make(2);
  // The enemy prophet on d6 holds c5-e7 under its barrier, the centre e5 included. The swap,
  // an ordinary ability, is suppressed; the clone, metamagic, is not, yet it may not land
  // inside the barrier (manual F: "神圣结界不会压制居中敌棋的超魔施展").
  State s = position(g, {{"e5", 'H', 0}, {"a1", 'Z', 0}, {"g2", 'N', 0}, {"i9", 'Z', 1}, {"d6", 'P', 1}});
  ActionList list;
  s.legal_actions(list);
  auto listed = [&](const std::string& text) { return list.contains(s.string_to_action(text)); };
  CHECK(listed("clone h1"));
  CHECK(listed("clone f4"));
  CHECK_FALSE(listed("clone d5"));  // inside the barrier
  CHECK_FALSE(listed("clone e7"));
  CHECK_FALSE(listed("e5<>g2"));  // suppressed
  s.apply(s.string_to_action("clone h1"));
  CHECK(kind_at(s, "h1") == 'H');
  CHECK((s.at(cell(s, "h1")).flags & kClone));
}

TEST_CASE("illusionist: a swap never puts a piece on a hostile force field square") {
  const Guifa g = make(2);
  // Seat 1's force mage e7 beside its scepter e8 holds d7 e7 f7; seat 0's necromancer
  // stands on d7 inside it (the field came after it).
  const State s = position(
      g, {{"c3", 'H', 0}, {"a1", 'Z', 0}, {"d7", 'N', 0}, {"g2", 'N', 0}, {"e8", 'Z', 1}, {"e7", 'F', 1}});
  CHECK(s.field(1).test(cell(s, "d7")));
  CHECK_FALSE(is_legal(s, "c3<>d7"));  // the illusionist would occupy d7
  CHECK(is_legal(s, "c3<>g2"));
  // The illusionist inside the field: its partner would land there. Only the prophet, who
  // ignores fields, may.
  const State t = position(
      g, {{"d7", 'H', 0}, {"a1", 'Z', 0}, {"c3", 'N', 0}, {"g2", 'P', 0}, {"e8", 'Z', 1}, {"e7", 'F', 1}});
  CHECK_FALSE(is_legal(t, "d7<>c3"));
  CHECK(is_legal(t, "d7<>g2"));
  // Without the scepter beside the mage there is no field and both swaps are legal.
  const State off =
      position(g, {{"d7", 'H', 0}, {"a1", 'Z', 0}, {"c3", 'N', 0}, {"i8", 'Z', 1}, {"e7", 'F', 1}});
  CHECK(is_legal(off, "d7<>c3"));
}

TEST_CASE("illusionist (2v2): no swap with an ally's piece; an ally's field does not hinder it") {
  const Guifa g = make(4);
  // Seat 0's illusionist c3; seat 2 (its ally) has a necromancer on g3 and a force mage d7
  // beside its scepter d8 whose field (c7 d7 e7, seat 2's left-right) covers seat 0's own
  // elementalist on c7.
  const State s = position(g, {{"c3", 'H', 0},
                               {"e1", 'Z', 0},
                               {"c7", 'E', 0},
                               {"g3", 'N', 2},
                               {"d8", 'Z', 2},
                               {"d7", 'F', 2},
                               {"i5", 'Z', 1},
                               {"a5", 'Z', 3}});
  CHECK(s.field(0).test(cell(s, "c7")));
  CHECK_FALSE(is_legal(s, "c3<>g3"));  // own pieces only (己方)
  CHECK(is_legal(s, "c3<>c7"));        // the allied field is no wall to it
}

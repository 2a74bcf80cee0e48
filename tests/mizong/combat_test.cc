// Combat (docs/rules/mizong.md "Combat"; seed 棋子攻守規則, 棋子戰鬥規則).
#include <doctest/doctest.h>

#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

namespace {

// Who loses when an attacker (a1, a2) attacks a defender (d1, d2): 0 nobody, 1 defender, 2 attacker.
int outcome(const Mizong& g, Attr1 a1, Attr2 a2, Attr1 d1, Attr2 d2) {
  State s = empty(g);
  s.put(pid(s, 0, 0), cell(s, "0,0"), who(kMelee, a1, a2));
  s.put(pid(s, 1, 0), cell(s, "1,0"), who(kMelee, d1, d2));
  return s.clash(pid(s, 0, 0), pid(s, 1, 0));
}

}  // namespace

TEST_CASE("mizong combat: yang attacks yang: rock beats scissors, scissors paper, paper rock") {
  auto g = make_game();
  CHECK(outcome(g, kRock, kYang, kScissors, kYang) == 1);
  CHECK(outcome(g, kScissors, kYang, kPaper, kYang) == 1);
  CHECK(outcome(g, kPaper, kYang, kRock, kYang) == 1);
  CHECK(outcome(g, kScissors, kYang, kRock, kYang) == 2);
  CHECK(outcome(g, kPaper, kYang, kScissors, kYang) == 2);
  CHECK(outcome(g, kRock, kYang, kPaper, kYang) == 2);
}

TEST_CASE("mizong combat: yin attacks yin: rock beats paper, scissors rock, paper scissors") {
  auto g = make_game();
  CHECK(outcome(g, kRock, kYin, kPaper, kYin) == 1);
  CHECK(outcome(g, kScissors, kYin, kRock, kYin) == 1);
  CHECK(outcome(g, kPaper, kYin, kScissors, kYin) == 1);
  CHECK(outcome(g, kPaper, kYin, kRock, kYin) == 2);
  CHECK(outcome(g, kRock, kYin, kScissors, kYin) == 2);
  CHECK(outcome(g, kScissors, kYin, kPaper, kYin) == 2);
}

TEST_CASE("mizong combat: yang attacks yin: same attr1, the defender loses; different, the attacker") {
  auto g = make_game();
  for (Attr1 a : {kRock, kScissors, kPaper})
    for (Attr1 d : {kRock, kScissors, kPaper}) CHECK(outcome(g, a, kYang, d, kYin) == (a == d ? 1 : 2));
}

TEST_CASE("mizong combat: yin attacks yang: same attr1, the attacker loses; different, the defender") {
  auto g = make_game();
  for (Attr1 a : {kRock, kScissors, kPaper})
    for (Attr1 d : {kRock, kScissors, kPaper}) CHECK(outcome(g, a, kYin, d, kYang) == (a == d ? 2 : 1));
}

TEST_CASE("mizong combat: same attributes on both sides: option same_attribute_clash (default nobody)") {
  for (Attr2 a2 : {kYin, kYang}) {
    CHECK(outcome(make_game(), kRock, a2, kRock, a2) == 0);
    CHECK(outcome(make_game({{"same_attribute_clash", "defender"}}), kPaper, a2, kPaper, a2) == 1);
    CHECK(outcome(make_game({{"same_attribute_clash", "attacker"}}), kScissors, a2, kScissors, a2) == 2);
  }
}

TEST_CASE(
    "mizong combat: damage in sixths by class: melee-melee 3, ranged-melee 1, melee-ranged 6, ranged-ranged "
    "2") {
  auto g = make_game();
  struct Case {
    Kind attacker, defender;
    int sixths;
  };
  for (Case c : {Case{kMelee, kMelee, 3}, Case{kRanged, kMelee, 1}, Case{kMelee, kRanged, 6},
                 Case{kRanged, kRanged, 2}}) {
    CAPTURE(kKindName[c.attacker]);
    CAPTURE(kKindName[c.defender]);
    State s = empty(g);
    const int a = pid(s, 0, 0), d = pid(s, 1, 0);
    s.put(a, cell(s, "0,0"), who(c.attacker, kRock, kYang));
    s.put(d, cell(s, "1,0"), who(c.defender, kScissors, kYang));  // rock beats scissors under yang
    play(s, "select:0,0");
    play(s, "attack:1,0");
    CHECK(s.piece(d).hp == max_hp(c.defender) - c.sixths);
    CHECK(s.piece(a).hp == max_hp(c.attacker));
  }
  // Two melee hits take one HP off a melee piece; six ranged hits; one melee hit off a ranged
  // piece; three ranged hits.
  CHECK(2 * kDamage[0][0] == 6);
  CHECK(6 * kDamage[1][0] == 6);
  CHECK(1 * kDamage[0][1] == 6);
  CHECK(3 * kDamage[1][1] == 6);
  CHECK(max_hp(kMelee) == 66);
  CHECK(max_hp(kRanged) == 42);
}

TEST_CASE("mizong combat: a losing attacker takes the defender's class damage (option counter_damage)") {
  for (auto [option, sixths] : {std::pair{"defender_class", 1}, std::pair{"attacker_class", 6}}) {
    auto g = make_game({{"counter_damage", option}});
    State s = empty(g);
    const int a = pid(s, 0, 0), d = pid(s, 1, 0);
    s.put(a, cell(s, "0,0"), who(kMelee, kScissors, kYang));  // melee attacks a ranged piece ...
    s.put(d, cell(s, "1,0"), who(kRanged, kRock, kYang));     // ... that beats it: the attacker loses
    play(s, "select:0,0");
    play(s, "attack:1,0");
    CHECK(s.piece(a).hp == 66 - sixths);  // ranged against melee is 1; the attack itself would be 6
    CHECK(s.piece(d).hp == 42);
  }
}

TEST_CASE("mizong combat: a stunned defender has no attributes: it always loses") {
  auto g = make_game();
  State s = empty(g);
  const int a = pid(s, 0, 0), d = pid(s, 1, 0);
  s.put(a, cell(s, "0,0"), who(kMelee, kScissors, kYang));
  s.put(d, cell(s, "1,0"), who(kMelee, kRock, kYang));  // would beat the attacker
  CHECK(s.clash(a, d) == 2);
  s.set_flags(d, kStunned);
  CHECK(s.clash(a, d) == 1);
}

TEST_CASE("mizong combat: range: melee radius 1, ranged radius 3; a piece at 0 HP is removed") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int m = pid(s, 0, 0), r = pid(s, 0, 1);
  s.put(m, cell(s, "0,0"), who(kMelee, kRock, kYang));
  s.put(r, cell(s, "-5,0"), who(kRanged, kRock, kYang));
  s.put(pid(s, 1, 0), cell(s, "0,1"), who(kMelee, kScissors, kYang));    // next to the melee piece
  s.put(pid(s, 1, 1), cell(s, "0,2"), who(kRanged, kScissors, kYang));   // two away from it
  s.put(pid(s, 1, 2), cell(s, "-5,3"), who(kRanged, kScissors, kYang));  // three from the ranged piece
  s.put(pid(s, 1, 3), cell(s, "-5,4"), who(kRanged, kScissors, kYang));  // four from it
  s.put(pid(s, 0, 2), cell(s, "-1,0"), who(kMelee, kRock, kYang));       // own piece: never a target
  const State before = s;
  play(s, "select:0,0");
  auto l = legal_strings(s);
  CHECK(std::count(l.begin(), l.end(), "attack:0,1") == 1);
  CHECK(std::count(l.begin(), l.end(), "attack:0,2") == 0);
  CHECK(std::count(l.begin(), l.end(), "attack:-1,0") == 0);
  s = before;
  play(s, "select:-5,0");
  l = legal_strings(s);
  CHECK(std::count(l.begin(), l.end(), "attack:-5,3") == 1);
  CHECK(std::count(l.begin(), l.end(), "attack:-5,4") == 0);
  // A melee hit on a ranged piece with 1 HP left kills it.
  State t = empty(g);
  t.put(m, cell(t, "0,0"), who(kMelee, kRock, kYang));
  const int v = pid(t, 1, 0);
  t.put(v, cell(t, "1,0"), who(kRanged, kScissors, kYang));
  t.put(pid(t, 1, 1), cell(t, "9,9"), who(kRanged, kScissors, kYang));
  t.set_hp(v, 6);
  play(t, "select:0,0");
  play(t, "attack:1,0");
  CHECK(t.piece(v).cell == -1);
  CHECK(t.piece_at(cell(t, "1,0")) == -1);
}

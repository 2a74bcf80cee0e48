// Passive healing of ordinary pieces (docs/rules/mizong.md "Healing"; seed 每個棋子的加血規則).
#include <doctest/doctest.h>

#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

namespace {
// A round passes: every seat ends its turn.
void round(State& s) { end_turns(s, 6); }
}  // namespace

TEST_CASE("mizong passive healing: a melee healer next to a compatible piece heals 1 HP every 3 rounds") {
  auto g = make_game();
  State s = empty(g);
  const int hurt = pid(s, 0, 0);
  s.put(hurt, cell(s, "0,0"), who(kRanged, kScissors, kYang));
  s.put(pid(s, 0, 1), cell(s, "1,0"), who(kMelee, kScissors, kYin));
  s.set_hp(hurt, 20);
  round(s);
  round(s);
  CHECK(s.piece(hurt).hp == 20);
  round(s);
  CHECK(s.piece(hurt).hp == 26);
  round(s);
  round(s);
  round(s);
  CHECK(s.piece(hurt).hp == 32);
}

TEST_CASE("mizong passive healing: a ranged healer heals every 5 rounds; option heal_rate=healed_class") {
  auto g = make_game();
  State s = empty(g);
  const int hurt = pid(s, 0, 0);
  s.put(hurt, cell(s, "0,0"), who(kMelee, kPaper, kYin));
  s.put(pid(s, 0, 1), cell(s, "0,1"), who(kRanged, kPaper, kYang));
  s.set_hp(hurt, 30);
  for (int i = 0; i < 4; ++i) round(s);
  CHECK(s.piece(hurt).hp == 30);
  round(s);
  CHECK(s.piece(hurt).hp == 36);
  // By the healed piece's class: a melee piece heals every 3 rounds whoever heals it.
  auto h = make_game({{"heal_rate", "healed_class"}});
  State t = empty(h);
  t.put(hurt, cell(t, "0,0"), who(kMelee, kPaper, kYin));
  t.put(pid(t, 0, 1), cell(t, "0,1"), who(kRanged, kPaper, kYang));
  t.set_hp(hurt, 30);
  for (int i = 0; i < 3; ++i) round(t);
  CHECK(t.piece(hurt).hp == 36);
}

TEST_CASE("mizong passive healing: only same attr1 and opposite attr2, adjacent, friendly, never above max") {
  auto g = make_game();
  State s = empty(g);
  const int a = pid(s, 0, 0), b = pid(s, 0, 1), c = pid(s, 0, 2), d = pid(s, 0, 3);
  s.put(a, cell(s, "0,0"), who(kMelee, kRock, kYin));
  s.put(pid(s, 0, 4), cell(s, "1,0"), who(kMelee, kRock, kYin));  // same attr2: no
  s.put(b, cell(s, "-3,0"), who(kMelee, kRock, kYin));
  s.put(pid(s, 0, 5), cell(s, "-2,0"), who(kMelee, kPaper, kYang));  // other attr1: no
  s.put(c, cell(s, "0,-3"), who(kMelee, kRock, kYin));
  s.put(pid(s, 1, 0), cell(s, "0,-2"), who(kMelee, kRock, kYang));  // an enemy: no
  s.put(d, cell(s, "3,-3"), who(kMelee, kRock, kYin));
  s.put(pid(s, 0, 6), cell(s, "3,-1"), who(kMelee, kRock, kYang));  // two away: no (radius 1)
  for (int id : {a, b, c, d}) s.set_hp(id, 30);
  for (int i = 0; i < 6; ++i) round(s);
  for (int id : {a, b, c, d}) CHECK(s.piece(id).hp == 30);
  // Never above max.
  State t = empty(g);
  t.put(a, cell(t, "0,0"), who(kMelee, kRock, kYin));
  t.put(b, cell(t, "1,0"), who(kMelee, kRock, kYang));
  t.set_hp(a, 63);
  for (int i = 0; i < 3; ++i) round(t);
  CHECK(t.piece(a).hp == 66);
}

TEST_CASE(
    "mizong passive healing: option passive_heal_radius=attack_radius lets a ranged piece heal within 3") {
  auto g = make_game({{"passive_heal_radius", "attack_radius"}});
  State s = empty(g);
  const int hurt = pid(s, 0, 0);
  s.put(hurt, cell(s, "0,0"), who(kMelee, kRock, kYin));
  s.put(pid(s, 0, 1), cell(s, "3,0"), who(kRanged, kRock, kYang));
  s.set_hp(hurt, 30);
  for (int i = 0; i < 5; ++i) round(s);
  CHECK(s.piece(hurt).hp == 36);
  auto plain = make_game();
  State t = empty(plain);
  t.put(hurt, cell(t, "0,0"), who(kMelee, kRock, kYin));
  t.put(pid(t, 0, 1), cell(t, "3,0"), who(kRanged, kRock, kYang));
  t.set_hp(hurt, 30);
  for (int i = 0; i < 5; ++i) round(t);
  CHECK(t.piece(hurt).hp == 30);
}

TEST_CASE("mizong passive healing: heroes and the healer do not heal passively; option hero_passive_heal") {
  // A damaged rock/yin piece next to a compatible melee hero, another next to a compatible
  // healer, each with no other healing piece around.
  auto build = [](const Mizong& g) {
    State s = empty(g);
    s.put(pid(s, 0, 0), cell(s, "0,0"), who(kMelee, kRock, kYin));
    s.put(pid(s, 0, 1), cell(s, "1,0"), who(kMeleeHero, kRock, kYang));
    s.put(pid(s, 0, 2), cell(s, "-3,0"), who(kMelee, kPaper, kYin));
    s.put(pid(s, 0, 3), cell(s, "-3,1"), who(kHealer, kPaper, kYang));
    s.set_hp(pid(s, 0, 0), 30);
    s.set_hp(pid(s, 0, 2), 30);
    return s;
  };
  auto plain = make_game();
  State s = build(plain);
  for (int i = 0; i < 5; ++i) round(s);
  CHECK(s.piece(pid(s, 0, 0)).hp == 30);  // the hero heals only with its paid heals
  CHECK(s.piece(pid(s, 0, 2)).hp == 30);  // so does the healer
  // With the option they heal passively too, each by its class: melee every 3 rounds, the
  // healer (ranged) every 5.
  auto on = make_game({{"hero_passive_heal", "true"}});
  State t = build(on);
  for (int i = 0; i < 3; ++i) round(t);
  CHECK(t.piece(pid(t, 0, 0)).hp == 36);
  CHECK(t.piece(pid(t, 0, 2)).hp == 30);
  round(t);
  round(t);
  CHECK(t.piece(pid(t, 0, 0)).hp == 36);
  CHECK(t.piece(pid(t, 0, 2)).hp == 36);
}

TEST_CASE("mizong passive healing: a stunned piece gives no passive heal and gets none") {
  auto g = make_game();
  State s = empty(g);
  const int hurt = pid(s, 0, 0), healer = pid(s, 0, 1);
  s.put(hurt, cell(s, "0,0"), who(kRanged, kScissors, kYang));
  s.put(healer, cell(s, "1,0"), who(kMelee, kScissors, kYin));
  s.set_hp(hurt, 20);
  round(s);
  round(s);
  // Seat 0 to move: a stun set now lasts through this round's end (until seat 0's next turn).
  s.set_flags(healer, kStunned);
  round(s);
  CHECK(s.piece(hurt).hp == 20);  // the third round would have healed it; the stun restarted the count
  CHECK(s.piece(hurt).heal == 0);
  CHECK(!s.piece(healer).stunned());
  round(s);
  round(s);
  CHECK(s.piece(hurt).hp == 20);
  round(s);
  CHECK(s.piece(hurt).hp == 26);  // three unstunned rounds again
  // The stunned piece is not healed either.
  State t = empty(g);
  t.put(hurt, cell(t, "0,0"), who(kRanged, kScissors, kYang));
  t.put(healer, cell(t, "1,0"), who(kMelee, kScissors, kYin));
  t.set_hp(hurt, 20);
  round(t);
  round(t);
  t.set_flags(hurt, kStunned);
  round(t);
  CHECK(t.piece(hurt).hp == 20);
  CHECK(t.piece(hurt).heal == 0);
}

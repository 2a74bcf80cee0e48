// Heroes and the healer (docs/rules/mizong.md "Heroes", "Healing"; seed 棋子特征, 互換位置規則).
#include <doctest/doctest.h>

#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

namespace {
bool has(const std::vector<std::string>& l, const std::string& a) {
  return std::find(l.begin(), l.end(), a) != l.end();
}
int count_prefix(const std::vector<std::string>& l, const std::string& p) {
  return static_cast<int>(
      std::count_if(l.begin(), l.end(), [&](const auto& a) { return a.rfind(p, 0) == 0; }));
}
}  // namespace

TEST_CASE("mizong heroes: melee hero: 24 AP; heal 1, attack 2 (radius 1), move 2; several actions a turn") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int hero = pid(s, 0, 0), friend_ = pid(s, 0, 1), enemy = pid(s, 1, 0);
  s.put(hero, cell(s, "0,0"), who(kMeleeHero, kRock, kYang));
  s.put(friend_, cell(s, "-1,0"), who(kMelee, kRock, kYin));  // compatible: same attr1, other attr2
  s.set_hp(friend_, 60);
  s.put(enemy, cell(s, "1,0"), who(kMelee, kScissors, kYang));
  s.put(pid(s, 1, 1), cell(s, "2,0"), who(kMelee, kScissors, kYang));  // two away: out of reach
  CHECK(s.piece(hero).ap == 24);
  play(s, "select:0,0");
  auto l = legal_strings(s);
  CHECK(has(l, "heal:-1,0"));
  CHECK(has(l, "attack:1,0"));
  CHECK(!has(l, "attack:2,0"));
  play(s, "heal:-1,0");
  CHECK(s.piece(hero).ap == 23);
  CHECK(s.piece(friend_).hp == 66);
  play(s, "attack:1,0");
  CHECK(s.piece(hero).ap == 21);
  CHECK(s.piece(enemy).hp == 63);
  play(s, "attack:1,0");
  CHECK(s.piece(hero).ap == 19);
  play(s, "move:0,-12");  // 12 steps straight up-left
  CHECK(s.piece(hero).ap == 17);
  CHECK(s.piece(hero).cell == cell(s, "0,-12"));
  play(s, "done");
  CHECK(has(legal_strings(s), "select:0,-12"));  // AP left: it may be activated again
  // Moves until the AP are spent: 8 more moves of 2 AP, then nothing is left and it stops.
  play(s, "select:0,-12");
  for (int i = 0; i < 8; ++i) {
    const int from = s.piece(hero).cell;
    play(s, s.action_to_string(s.layout().move + s.move_ends(hero).front()));
    CHECK(s.piece(hero).cell != from);
  }
  CHECK(s.piece(hero).ap == 1);
  CHECK(s.activation().piece == -1);
  CHECK(!has(legal_strings(s), "select:" + s.geo().name(s.piece(hero).cell)));
  // AP are refreshed at the owner's next turn.
  end_turns(s, 6);
  CHECK(s.piece(hero).ap == 24);
}

TEST_CASE(
    "mizong heroes: ranged hero: 30 AP, move 3 (6 steps, at most 2 turns), attack 2 at radius 3, heal 2") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int hero = pid(s, 0, 0);
  s.put(hero, cell(s, "0,0"), who(kRangedHero, kPaper, kYin));
  const int friend_ = pid(s, 0, 1);
  s.put(friend_, cell(s, "0,3"), who(kRanged, kPaper, kYang));
  s.set_hp(friend_, 30);
  s.put(pid(s, 1, 0), cell(s, "-3,0"),
        who(kRanged, kScissors, kYin));  // paper yin vs scissors yin: paper beats scissors
  play(s, "select:0,0");
  play(s, "attack:-3,0");
  CHECK(s.piece(hero).ap == 28);
  CHECK(s.piece(pid(s, 1, 0)).hp == 40);
  play(s, "heal:0,3");
  CHECK(s.piece(hero).ap == 26);
  CHECK(s.piece(friend_).hp == 36);
  play(s, "move:6,0");
  CHECK(s.piece(hero).ap == 23);
  // Compatibility: a paper yin piece does not heal a paper yin piece.
  State t = empty(g);
  t.put(hero, cell(t, "0,0"), who(kRangedHero, kPaper, kYin));
  t.put(friend_, cell(t, "0,1"), who(kRanged, kPaper, kYin));
  t.set_hp(friend_, 30);
  play(t, "select:0,0");
  CHECK(count_prefix(legal_strings(t), "heal") == 0);
  // Option hero_heal_any_attributes lifts that.
  auto any = make_game({{"hero_heal_any_attributes", "true"}}, 24);
  State u = empty(any);
  u.put(hero, cell(u, "0,0"), who(kRangedHero, kPaper, kYin));
  u.put(friend_, cell(u, "0,1"), who(kRanged, kPaper, kYin));
  u.set_hp(friend_, 30);
  play(u, "select:0,0");
  CHECK(has(legal_strings(u), "heal:0,1"));
}

TEST_CASE("mizong heroes: healer: 36 AP, single heal 2, area heal of radius 5 at 3 AP a piece healed") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int healer = pid(s, 0, 0);
  s.put(healer, cell(s, "0,0"), who(kHealer, kRock, kYin));
  const char* near[] = {"1,0", "0,-5", "-5,5"};  // within 5, compatible (rock yang), damaged
  for (int i = 0; i < 3; ++i) {
    s.put(pid(s, 0, 1 + i), cell(s, near[i]), who(kMelee, kRock, kYang));
    s.set_hp(pid(s, 0, 1 + i), 50);
  }
  s.put(pid(s, 0, 4), cell(s, "0,6"), who(kMelee, kRock, kYang));  // 6 away
  s.set_hp(pid(s, 0, 4), 50);
  s.put(pid(s, 0, 5), cell(s, "2,0"), who(kMelee, kScissors, kYang));  // incompatible
  s.set_hp(pid(s, 0, 5), 50);
  s.put(pid(s, 0, 6), cell(s, "3,0"), who(kMelee, kRock, kYang));  // compatible, unhurt
  play(s, "select:0,0");
  auto l = legal_strings(s);
  CHECK(has(l, "area-heal"));
  CHECK(count_prefix(l, "attack") == 0);  // the healer has no attack
  play(s, "area-heal");
  CHECK(s.piece(healer).ap == 36 - 9);
  for (int i = 0; i < 3; ++i) CHECK(s.piece(pid(s, 0, 1 + i)).hp == 56);
  CHECK(s.piece(pid(s, 0, 4)).hp == 50);
  CHECK(s.piece(pid(s, 0, 5)).hp == 50);
  CHECK(s.piece(pid(s, 0, 6)).hp == 66);
  play(s, "heal:1,0");
  CHECK(s.piece(healer).ap == 25);
  CHECK(s.piece(pid(s, 0, 1)).hp == 62);
  // Healing never goes above the maximum.
  s.set_hp(pid(s, 0, 1), 64);
  play(s, "heal:1,0");
  CHECK(s.piece(pid(s, 0, 1)).hp == 66);
}

TEST_CASE("mizong heroes: any hero swaps with an own piece within radius 11 for 5 AP, without a stun") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int hero = pid(s, 0, 0), near = pid(s, 0, 1), far = pid(s, 0, 2);
  s.put(hero, cell(s, "0,0"), who(kMeleeHero, kRock, kYang));
  s.put(near, cell(s, "11,0"), who(kMelee, kRock, kYang));
  s.put(far, cell(s, "0,12"), who(kMelee, kRock, kYang));
  play(s, "select:0,0");
  auto l = legal_strings(s);
  CHECK(has(l, "swap:11,0"));
  CHECK(!has(l, "swap:0,12"));
  play(s, "swap:11,0");
  CHECK(s.piece(hero).cell == cell(s, "11,0"));
  CHECK(s.piece(near).cell == cell(s, "0,0"));
  CHECK(s.piece(hero).ap == 19);
  CHECK(!s.piece(hero).stunned());
  CHECK(!s.piece(near).stunned());
  play(s, "done");
  CHECK(has(legal_strings(s), "select:0,0"));  // the swapped piece may still act
}

TEST_CASE("mizong heroes: the ranged hero and the healer swap within radius 11 for 5 AP, without a stun") {
  auto g = make_game({}, 24);
  for (Kind kind : {kRangedHero, kHealer}) {
    CAPTURE(static_cast<int>(kind));
    State s = empty(g);
    const int hero = pid(s, 0, 0), near = pid(s, 0, 1), far = pid(s, 0, 2);
    s.put(hero, cell(s, "0,0"), who(kind, kPaper, kYin));
    s.put(near, cell(s, "-11,11"), who(kRanged, kScissors, kYang));
    s.put(far, cell(s, "12,-12"), who(kRanged, kScissors, kYang));
    s.put(pid(s, 1, 0), cell(s, "5,0"), who(kMelee, kRock, kYang));  // an enemy: never a swap
    play(s, "select:0,0");
    auto l = legal_strings(s);
    CHECK(has(l, "swap:-11,11"));
    CHECK(!has(l, "swap:12,-12"));
    CHECK(!has(l, "swap:5,0"));
    CHECK(count_prefix(l, "swap") == 1);
    play(s, "swap:-11,11");
    CHECK(s.piece(hero).cell == cell(s, "-11,11"));
    CHECK(s.piece(near).cell == cell(s, "0,0"));
    CHECK(s.piece(hero).ap == kApBudget[kind] - 5);
    CHECK(!s.piece(hero).stunned());
    CHECK(!s.piece(near).stunned());
    CHECK(s.activation().piece == hero);  // AP left: the activation goes on
    play(s, "done");
    CHECK(has(legal_strings(s), "select:0,0"));  // the swapped piece may still act
  }
}

TEST_CASE("mizong heroes: no swap with or heal of a stunned piece") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int hero = pid(s, 0, 0), healer = pid(s, 0, 1), a = pid(s, 0, 2), b = pid(s, 0, 3), c = pid(s, 0, 4);
  s.put(hero, cell(s, "0,0"), who(kRangedHero, kRock, kYin));
  s.put(healer, cell(s, "0,-2"), who(kHealer, kRock, kYin));
  s.put(a, cell(s, "2,0"), who(kMelee, kRock, kYang));  // compatible with both, damaged
  s.put(b, cell(s, "0,2"), who(kMelee, kRock, kYang));  // the same, stunned below
  s.put(c, cell(s, "-2,2"), who(kMelee, kRock, kYin));  // an ordinary piece, within 3 of the hero and b
  s.set_hp(a, 50);
  s.set_hp(b, 50);
  const State fresh = s;
  s.set_flags(b, kStunned);
  CHECK(s.stunned_cells().test(cell(s, "0,2")));
  const State before = s;
  play(s, "select:0,0");
  auto l = legal_strings(s);
  CHECK(has(l, "swap:2,0"));
  CHECK(!has(l, "swap:0,2"));
  CHECK(has(l, "heal:2,0"));
  CHECK(!has(l, "heal:0,2"));
  CHECK(!s.is_legal(s.string_to_action("swap:0,2")));
  CHECK(!s.is_legal(s.string_to_action("heal:0,2")));
  // The healer's area heal passes over the stunned piece: 3 AP for the one piece it heals.
  s = before;
  play(s, "select:0,-2");
  CHECK(!has(legal_strings(s), "heal:0,2"));
  play(s, "area-heal");
  CHECK(s.piece(a).hp == 56);
  CHECK(s.piece(b).hp == 50);
  CHECK(s.piece(healer).ap == 33);
  // An ordinary piece may not swap with a stunned one either (radius 3).
  s = before;
  play(s, "select:-2,2");
  l = legal_strings(s);
  CHECK(has(l, "swap:0,0"));
  CHECK(!has(legal_strings(s), "swap:0,2"));
  // Unstunned, the same piece is a target of all of these.
  s = fresh;
  play(s, "select:0,0");
  l = legal_strings(s);
  CHECK(has(l, "swap:0,2"));
  CHECK(has(l, "heal:0,2"));
}

TEST_CASE("mizong heroes: the healer's move costs 3 AP") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int healer = pid(s, 0, 0);
  s.put(healer, cell(s, "0,0"), who(kHealer, kRock, kYin));
  play(s, "select:0,0");
  play(s, "move:6,0");
  CHECK(s.piece(healer).cell == cell(s, "6,0"));
  CHECK(s.piece(healer).ap == 33);
  play(s, "move:0,0");
  CHECK(s.piece(healer).ap == 30);
}

TEST_CASE("mizong heroes: area heal is refused when the AP do not pay 3 for each piece it would heal") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int healer = pid(s, 0, 0);
  s.put(healer, cell(s, "0,0"), who(kHealer, kRock, kYin));
  s.put(pid(s, 0, 1), cell(s, "1,0"), who(kMelee, kRock, kYang));
  s.put(pid(s, 0, 2), cell(s, "-1,0"), who(kMelee, kRock, kYang));
  s.set_hp(pid(s, 0, 1), 50);
  s.set_hp(pid(s, 0, 2), 50);
  play(s, "select:0,0");
  const Action area = s.layout().area_heal;
  auto check_draws = [&](const State& t, bool legal) {
    CHECK(t.is_legal(area) == legal);
    CHECK(has(legal_strings(t), "area-heal") == legal);
    Rng rng(11);
    bool drawn = false;
    for (int i = 0; i < 3000; ++i) drawn |= t.random_action(rng) == area;
    CHECK(drawn == legal);
  };
  s.set_ap(healer, 6);  // two pieces to heal, 6 AP: enough
  check_draws(s, true);
  s.set_ap(healer, 5);  // one short
  check_draws(s, false);
  CHECK(has(legal_strings(s), "heal:1,0"));  // the single heal (2 AP) is still there
  // With one piece to heal, 3 AP pay for it.
  s.set_hp(pid(s, 0, 2), 66);
  s.set_ap(healer, 3);
  check_draws(s, true);
  s.set_ap(healer, 2);
  check_draws(s, false);
  play(s, "heal:1,0");
  CHECK(s.piece(pid(s, 0, 1)).hp == 56);
}

TEST_CASE(
    "mizong heroes: heal radius: melee hero 1, ranged hero 3 (options melee_hero_heal_radius, "
    "ranged_hero_heal_radius)") {
  auto check = [](const Mizong& g, Kind kind, const char* friend_cell, bool reachable) {
    State s = empty(g);
    s.put(pid(s, 0, 0), cell(s, "0,0"), who(kind, kRock, kYin));
    s.put(pid(s, 0, 1), cell(s, friend_cell), who(kMelee, kRock, kYang));
    s.set_hp(pid(s, 0, 1), 50);
    play(s, "select:0,0");
    CHECK(has(legal_strings(s), std::string("heal:") + friend_cell) == reachable);
  };
  auto plain = make_game({}, 24);
  check(plain, kMeleeHero, "1,0", true);
  check(plain, kMeleeHero, "2,0", false);
  check(plain, kRangedHero, "3,0", true);
  check(plain, kRangedHero, "4,0", false);
  auto wide = make_game({{"melee_hero_heal_radius", "2"}, {"ranged_hero_heal_radius", "4"}}, 24);
  check(wide, kMeleeHero, "2,0", true);
  check(wide, kMeleeHero, "3,0", false);
  check(wide, kRangedHero, "4,0", true);
  check(wide, kRangedHero, "5,0", false);
  CHECK_THROWS_AS(make_game({{"melee_hero_heal_radius", "0"}}), Error);
  CHECK_THROWS_AS(make_game({{"ranged_hero_heal_radius", "12"}}), Error);
}

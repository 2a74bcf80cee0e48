// Skills: data over a few effect kinds; durations as Q&A 2 explains; costs.
#include "tests/elements/helpers.h"

using namespace elements_test;

TEST_CASE("Q&A 2: 吟風 on ally A lasts until the end of A's next activation") {
  auto g = make(2);  // knight, assassin, hunter, warlock
  State s = g.initial_state();
  play(s, "select:hunter");
  const int knight = s.hero(0).cell;
  play(s, "spell:wind_chant:" + s.grid().name(knight));
  CHECK(s.hero(2).mana == 1);
  play(s, "end");
  REQUIRE(s.hero(0).n_status == 1);
  CHECK(s.hero(0).status[0].duration == 1);  // the hunter's activation end does not count
  play(s, "select:assassin");
  play(s, "end");
  play(s, "select:knight");
  CHECK(s.move_left() == 8);  // 6 + 2
  play(s, "end");
  CHECK(s.hero(0).n_status == 0);
  play(s, "select:warlock");
  play(s, "end");
  play(s, "select:knight");
  CHECK(s.move_left() == 6);
}

TEST_CASE("Q&A 2: 呼風 on a tile for 2 counts down at the end of the Taoist's activations") {
  auto g = make(2, {{"heroes", "taoist,assassin,hunter,warlock"}});
  State s = g.initial_state();
  const int tile = s.grid().step(s.rules().base_cell[0], 0);  // a fire patch tile (E)
  REQUIRE(s.element(tile) == kFire);
  play(s, "select:taoist");
  play(s, "spell:call_wind:" + s.grid().name(tile));
  CHECK(s.element(tile) == kWind);
  play(s, "end");
  CHECK(s.element(tile) == kWind);  // X = 1 after this activation
  play(s, "select:assassin");
  play(s, "end");
  play(s, "select:hunter");
  play(s, "end");
  play(s, "select:warlock");
  play(s, "end");
  CHECK(s.element(tile) == kWind);
  play(s, "select:taoist");
  play(s, "end");
  CHECK(s.element(tile) == kFire);  // X = 0: gone
}

TEST_CASE("喚雨 turns a tile to water: the element cycle and damage follow the new element") {
  auto g = make(2, {{"heroes", "taoist,ranger,hunter,warlock"}});
  State s = blank(g);
  const int a = cell(s, 0, 0), b = cell(s, 1, 0);
  s.put_tile(a, 1, kEarth, "......");
  s.put_tile(b, 1, kFire, "......");
  bring(s, 0, a);
  bring(s, 1, b);
  play(s, "select:taoist");
  play(s, "spell:summon_rain:0,0");
  play(s, "attack:1,0");
  CHECK(s.attack_dice() == 4);  // water beats fire: 2 x 2
}

TEST_CASE("破甲, 咒術 and 神護 change the dice and the damage; they expire after the bearer's activation") {
  auto g = make(2, {{"heroes", "warrior,assassin,priest,warlock"}});
  State s = blank(g);
  const int a = cell(s, 0, 0), b = cell(s, 1, 0), p = cell(s, -1, 0), w = cell(s, 2, 0);
  for (int c : {a, b, p, w}) s.put_tile(c, 1, kEarth, "......");
  bring(s, 1, a);  // blue assassin
  bring(s, 0, b);  // red warrior (defence 2)
  bring(s, 3, w);  // blue warlock, in line with the warrior
  bring(s, 2, p, true);
  s.set_side_to_move(1);
  play(s, "select:assassin");
  play(s, "spell:armor_break:1,0");
  play(s, "attack:1,0");
  CHECK(s.defence_dice() == 0);  // 2 - 2
  CHECK(s.phase() == Phase::kAttackRoll);
  play(s, "roll:1");
  CHECK(s.phase() == Phase::kAct);
  CHECK(s.hero(0).energy[kEarth] == 3);
  play(s, "end");
  // The curse on the warrior: its attack dice drop by 2.
  play(s, "select:warrior");
  play(s, "end");  // the warrior's activation ends: 破甲 is gone
  CHECK(s.hero(0).n_status == 0);
  play(s, "select:warlock");
  play(s, "spell:curse:1,0");
  CHECK(s.hero(0).sum(Effect::kAttackDown) == 2);
  play(s, "end");
  CHECK(s.round() == 2);
  play(s, "select:warrior");
  play(s, "attack:0,0");
  CHECK(s.attack_dice() == 1);  // 3 - 2
  // 神護: the priest's ward takes 1 off each hit on its bearer.
  auto g2 = make(2, {{"heroes", "warrior,ranger,priest,warlock"}});
  State t = blank(g2);
  for (int c : {a, b, p}) t.put_tile(c, 1, kEarth, "......");
  bring(t, 0, a);
  bring(t, 1, b);
  bring(t, 2, p);
  play(t, "select:priest");
  play(t, "spell:divine_guard:0,0");
  play(t, "end");
  play(t, "select:ranger");
  play(t, "attack:0,0");
  play(t, "roll:2");
  play(t, "roll:0");
  CHECK(t.hero(0).energy[kEarth] == 3);  // 2 hits - 1 ward
}

TEST_CASE("heal restores up to the maximum; strike takes energy without dice") {
  auto g = make(2, {{"heroes", "priest,mage,warrior,warlock"}, {"casts_per_skill", "1"}});
  State s = blank(g);
  const int a = cell(s, 0, 0), b = cell(s, 1, 0), c = cell(s, 3, 0);
  for (int x : {a, b, c, cell(s, 2, 0)}) s.put_tile(x, 1, kWater, "......");
  bring(s, 0, a);  // priest on water
  bring(s, 2, b);  // warrior, water 3 of 3
  bring(s, 1, c);  // mage
  s.set_energy(2, kWater, 0);
  play(s, "select:priest");
  play(s, "spell:mend:1,0");
  CHECK(s.hero(2).energy[kWater] == 2);
  CHECK(!has(s, "spell:mend:1,0"));  // once per activation (casts_per_skill = 1)
  play(s, "end");
  play(s, "select:mage");
  CHECK(has(s, "spell:bolt:1,0"));
  CHECK(!has(s, "spell:bolt:0,0"));  // behind the warrior on the line
  play(s, "spell:bolt:1,0");
  CHECK(s.hero(2).energy[kWater] == 1);
  CHECK(s.hero(1).mana == 1);
}

TEST_CASE("costs: mana and energy; never paid with the caster's life; mana comes back each round") {
  auto g = make(2, {{"heroes", "warrior,assassin,hunter,warlock"}});
  State s = g.initial_state();
  s.set_energy(0, kEarth, 0);
  s.set_energy(0, kFire, 1);
  play(s, "select:warrior");
  CHECK(!has(s, "spell:fury:" + s.grid().name(s.hero(0).cell)));  // fire 1 -> 0 would be a second zero
  play(s, "end");
  play(s, "select:assassin");
  play(s, "end");
  s.set_mana(2, 0);
  play(s, "select:hunter");
  CHECK(!has(s, "spell:wind_chant:" + s.grid().name(s.hero(2).cell)));
  play(s, "end");
  play(s, "select:warlock");
  play(s, "end");
  CHECK(s.hero(2).mana == 1);  // +1 a round
}

TEST_CASE("a spell repeats while its cost can be paid (the seed); casts_per_skill caps it") {
  // "開創、移動、法術，這三種行動，只要滿足條件就可以於一回合內執行多次"
  auto g = make(2, {{"heroes", "priest,mage,warrior,warlock"}});
  CHECK(g.rules().casts_per_skill == 0);
  State s = blank(g);
  const int a = cell(s, 0, 0), b = cell(s, 1, 0);
  for (int x : {a, b}) s.put_tile(x, 1, kWater, "......");
  bring(s, 0, a);  // priest, mana 3; 治癒 costs 1 mana
  bring(s, 2, b);
  s.set_energy(2, kWater, 0);
  play(s, "select:priest");
  play(s, "spell:mend:1,0");
  play(s, "spell:mend:1,0");
  CHECK(s.hero(2).energy[kWater] == 3);
  play(s, "spell:mend:0,0");
  CHECK(s.hero(0).mana == 0);
  CHECK(s.casts(1) == 3);            // 治癒 is the priest's second skill
  CHECK(!has(s, "spell:mend:1,0"));  // no mana left
  // casts_per_skill = 2: the third cast is refused though mana remains.
  auto capped = make(2, {{"heroes", "priest,mage,warrior,warlock"}, {"casts_per_skill", "2"}});
  State t = blank(capped);
  for (int x : {a, b}) t.put_tile(x, 1, kWater, "......");
  bring(t, 0, a);
  bring(t, 2, b);
  play(t, "select:priest");
  play(t, "spell:mend:1,0");
  play(t, "spell:divine_guard:1,0");
  play(t, "spell:mend:0,0");
  CHECK(t.hero(0).mana == 0);
  t.set_mana(0, 3);
  CHECK(!has(t, "spell:mend:1,0"));
  CHECK(has(t, "spell:divine_guard:1,0"));  // each skill counts on its own
}

TEST_CASE("a tile turned by terrain: the damage element and the gather source follow it") {
  // 喚雨 on the taoist's own fire tile: its attack hurts water, not fire.
  auto g = make(2, {{"heroes", "taoist,ranger,hunter,warlock"}});
  State s = blank(g);
  const int a = cell(s, 0, 0), b = cell(s, 1, 0);
  s.put_tile(a, 1, kFire, "......");
  s.put_tile(b, 1, kEarth, "......");
  bring(s, 0, a);
  bring(s, 1, b);
  for (int e = 0; e < kElements; ++e) s.set_energy(1, static_cast<Element>(e), 3);
  play(s, "select:taoist");
  play(s, "spell:summon_rain:0,0");
  play(s, "attack:1,0");
  CHECK(s.attack_dice() == 2);  // water against earth: no doubling
  play(s, "roll:2");
  play(s, "roll:0");
  CHECK(s.hero(1).energy[kWater] == 1);
  CHECK(s.hero(1).energy[kFire] == 3);
  // 呼風 on the tile beyond a gather marker: the gather gives wind, not the printed earth.
  State t = blank(g);
  const int w = cell(t, -1, 0);
  t.put_tile(a, 1, kFire, "...G..", true);  // gather marker toward W
  t.put_tile(w, 1, kEarth, "......");
  bring(t, 0, a);
  t.set_energy(0, kWind, 1);
  t.set_energy(0, kEarth, 1);
  play(t, "select:taoist");
  play(t, "spell:call_wind:-1,0");
  REQUIRE(t.element(w) == kWind);
  play(t, "gather:W");
  CHECK(t.hero(0).energy[kWind] == 3);
  CHECK(t.hero(0).energy[kEarth] == 1);
}

// Attacks: targets by range and line, height, markers from the right side, the element cycle,
// dice as chance nodes, damage to the energy of the attacker's tile element, base attacks.
#include <cmath>
#include <map>

#include "tests/elements/helpers.h"

using namespace elements_test;

namespace {

double binom(int n, double p, int k) { return choose(n, k) * std::pow(p, k) * std::pow(1 - p, n - k); }

// The closed form of the damage: max(0, X - Y), X ~ B(n, pa), Y ~ B(m, pd) independent.
std::vector<double> damage_closed_form(int n, double pa, int m, double pd) {
  std::vector<double> out(n + 1, 0.0);
  for (int x = 0; x <= n; ++x)
    for (int y = 0; y <= m; ++y) out[std::max(0, x - y)] += binom(n, pa, x) * binom(m, pd, y);
  return out;
}

// The damage distribution as the game's chance nodes give it, by enumerating every outcome.
std::vector<double> damage_enumerated(const State& s, int n, Element e) {
  std::vector<double> out(n + 1, 0.0);
  const int before = s.hero(1).energy[e];
  ChanceList att;
  s.chance_outcomes(att);
  for (const auto& a : att) {
    State t = s;
    t.apply(a.action);
    if (!t.is_chance()) {
      out[before - t.hero(1).energy[e]] += a.probability;
      continue;
    }
    ChanceList def;
    t.chance_outcomes(def);
    for (const auto& d : def) {
      State u = t;
      u.apply(d.action);
      CHECK(!u.is_chance());
      out[before - u.hero(1).energy[e]] += a.probability * d.probability;
    }
  }
  return out;
}

// Warrior (attack 3) at a against the ranger (defence 2) at b, both on given tiles.
State duel(const Elements& g, Element ea, const char* edges_a, Element eb, const char* edges_b, int hb = 1) {
  State s = blank(g);
  const int a = cell(s, 0, 0), b = cell(s, 1, 0);
  s.put_tile(a, 1, ea, edges_a);
  s.put_tile(b, hb, eb, edges_b);
  bring(s, 0, a);
  bring(s, 1, b);
  for (int e = 0; e < kElements; ++e) s.set_energy(1, static_cast<Element>(e), 9);
  return s;
}

Elements warrior_game(const std::vector<std::pair<std::string, std::string>>& extra = {}) {
  auto opts = extra;
  opts.emplace_back("heroes", "warrior,ranger,hunter,warlock");
  return make(2, opts);
}

}  // namespace

TEST_CASE("seed's worked example: water beats fire, 3x2+1 = 7 dice on 4-6 against 2+2 = 4 dice on 4-6") {
  auto g = warrior_game();
  // A (warrior, attack 3) on water with an attack marker toward B; B (ranger, defence 2) on fire
  // with an iron shield toward A.
  State s = duel(g, kWater, "A.....", kFire, "...S..");
  s.set_energy(1, kWater, 3);
  play(s, "select:warrior");
  play(s, "spell:fury:0,0");  // the skill's extra +1 attack
  play(s, "attack:1,0");
  CHECK(s.phase() == Phase::kAttackRoll);
  CHECK(s.attack_dice() == 7);
  CHECK(s.attack_threshold() == 4);
  CHECK(s.defence_dice() == 4);
  CHECK(s.defence_threshold() == 4);
  auto c = chances(s);
  REQUIRE(c.size() == 8);
  for (int k = 0; k <= 7; ++k) {
    CHECK(c[k].first == "roll:" + std::to_string(k));
    CHECK(c[k].second == doctest::Approx(choose(7, k) / 128.0));
  }
  // Rolls 1,2,2,3,4,5,6: three successes.
  play(s, "roll:3");
  CHECK(s.phase() == Phase::kDefenceRoll);
  c = chances(s);
  REQUIRE(c.size() == 5);
  for (int k = 0; k <= 4; ++k) CHECK(c[k].second == doctest::Approx(choose(4, k) / 16.0));
  // Rolls 1,3,4,6: two successes. 3 - 2 = 1 water energy.
  play(s, "roll:2");
  CHECK(s.phase() == Phase::kAct);
  CHECK(s.hero(1).energy[kWater] == 2);
  CHECK(s.hero(1).energy[kFire] == 9);
  CHECK(s.hero(1).energy[kEarth] == 9);
  CHECK(s.hero(1).energy[kWind] == 9);
  CHECK(!has(s, "attack:1,0"));
}

TEST_CASE("markers count only from the side that carries them (the seed's A/B examples)") {
  auto g = warrior_game();
  // The attack marker on the earth tile's right edge: A (earth) attacking B (fire) uses it ...
  State s = duel(g, kEarth, "A.....", kFire, "......");
  play(s, "select:warrior");
  play(s, "attack:1,0");
  CHECK(s.attack_threshold() == 4);
  CHECK(s.attack_dice() == 3);  // earth does not beat fire
  CHECK(s.defence_threshold() == 5);
  // ... B attacking A from the fire tile does not.
  State t = duel(g, kEarth, "A.....", kFire, "......");
  t.set_acted(0, true);
  t.set_side_to_move(1);
  play(t, "select:ranger");
  play(t, "attack:0,0");
  CHECK(t.attack_threshold() == 5);
  // The iron shield on B's left edge: A attacking B from the left triggers it (+2 dice, 4-6) ...
  State u = duel(g, kEarth, "......", kFire, "...S..");
  play(u, "select:warrior");
  play(u, "attack:1,0");
  CHECK(u.defence_dice() == 4);
  CHECK(u.defence_threshold() == 4);
  // ... but not a shield on another edge.
  State v = duel(g, kEarth, "......", kFire, "S.....");
  play(v, "select:warrior");
  play(v, "attack:1,0");
  CHECK(v.defence_dice() == 2);
  CHECK(v.defence_threshold() == 5);
}

TEST_CASE("element cycle: fire > wind > earth > water > fire doubles the base attack") {
  auto g = warrior_game();
  const Element cycle[4][2] = {{kFire, kWind}, {kWind, kEarth}, {kEarth, kWater}, {kWater, kFire}};
  for (const auto& [mine, theirs] : cycle) {
    State s = duel(g, mine, "......", theirs, "......");
    play(s, "select:warrior");
    play(s, "attack:1,0");
    CHECK(s.attack_dice() == 6);
    State r = duel(g, theirs, "......", mine, "......");
    play(r, "select:warrior");
    play(r, "attack:1,0");
    CHECK(r.attack_dice() == 3);  // the reverse is not doubled
  }
}

TEST_CASE("damage comes off the energy of the attacker's tile element, never below 0") {
  auto g = warrior_game();
  State s = duel(g, kWind, "......", kFire, "......");
  s.set_energy(1, kWind, 1);
  play(s, "select:warrior");
  play(s, "attack:1,0");
  play(s, "roll:3");
  play(s, "roll:0");
  CHECK(s.hero(1).energy[kWind] == 0);
  CHECK(s.hero(1).energy[kFire] == 9);
  CHECK(!s.hero(1).dead);
}

TEST_CASE("no defence roll after zero attack successes") {
  auto g = warrior_game();
  State s = duel(g, kWind, "......", kFire, "......");
  play(s, "select:warrior");
  play(s, "attack:1,0");
  play(s, "roll:0");
  CHECK(s.phase() == Phase::kAct);
}

TEST_CASE("combat damage distribution matches its closed form exactly") {
  struct Case {
    Element ea, eb;
    const char *edges_a, *edges_b;
    int n, m;
    double pa, pd;
  };
  const Case cases[] = {
      {kWater, kFire, "A.....", "...S..", 6, 4, 0.5, 0.5},          // doubled, both markers
      {kEarth, kFire, "......", "......", 3, 2, 1.0 / 3, 1.0 / 3},  // plain
      {kFire, kWind, "A.....", "......", 6, 2, 0.5, 1.0 / 3},
      {kEarth, kWind, "......", "...S..", 3, 4, 1.0 / 3, 0.5},
  };
  auto g = warrior_game();
  for (const auto& c : cases) {
    State s = duel(g, c.ea, c.edges_a, c.eb, c.edges_b);
    play(s, "select:warrior");
    play(s, "attack:1,0");
    REQUIRE(s.attack_dice() == c.n);
    REQUIRE(s.defence_dice() == c.m);
    auto got = damage_enumerated(s, c.n, c.ea);
    auto want = damage_closed_form(c.n, c.pa, c.m, c.pd);
    double total = 0;
    for (int d = 0; d <= c.n; ++d) {
      CHECK(got[d] == doctest::Approx(want[d]).epsilon(1e-12));
      total += got[d];
    }
    CHECK(total == doctest::Approx(1.0));
  }
  // Sampling the chance nodes follows the same law.
  State s = duel(g, kWater, "A.....", kFire, "...S..");
  play(s, "select:warrior");
  play(s, "attack:1,0");
  auto want = damage_closed_form(6, 0.5, 4, 0.5);
  std::vector<int> count(7, 0);
  Rng rng(5);
  const int n = 40000;
  for (int i = 0; i < n; ++i) {
    State t = s;
    while (t.is_chance()) t.apply(t.sample_chance(rng));
    ++count[9 - t.hero(1).energy[kWater]];
  }
  for (int d = 0; d <= 6; ++d) CHECK(std::abs(count[d] / double(n) - want[d]) < 0.01);
}

TEST_CASE("melee: the six cells around, height difference at most 2, not through a block marker") {
  auto g = warrior_game();
  State s = blank(g);
  const int a = cell(s, 0, 0);
  s.put_tile(a, 1, kFire, "....B.");  // SW edge blocked
  bring(s, 0, a);
  s.put_tile(cell(s, 1, 0), 3, kFire, "......");
  bring(s, 1, cell(s, 1, 0));  // two levels up: still in reach
  s.put_tile(cell(s, -1, 1), 1, kFire, "......");
  bring(s, 3, cell(s, -1, 1));  // behind the block marker
  play(s, "select:warrior");
  std::set<std::string> attacks;
  for (const auto& x : legal_strings(s))
    if (x.rfind("attack:", 0) == 0) attacks.insert(x);
  CHECK(attacks == std::set<std::string>{"attack:1,0"});
  // With melee_height_limit = 1, two levels up is out of reach.
  auto g1 = warrior_game({{"melee_height_limit", "1"}});
  State t = blank(g1);
  t.put_tile(a, 1, kFire, "......");
  t.put_tile(cell(t, 1, 0), 3, kFire, "......");
  bring(t, 0, a);
  bring(t, 1, cell(t, 1, 0));
  play(t, "select:warrior");
  CHECK(!has(t, "attack:1,0"));
}

TEST_CASE("Q&A 1: 距離 r (radius) and 距離(直線) r (line), blocked by rocks, enemies and height") {
  auto g = make(2);
  State s = blank(g);
  // A flat field of height-1 tiles around 0,0 out to distance 3.
  const Grid& grid = s.grid();
  const int o = cell(s, 0, 0);
  for (int c = 0; c < grid.cells(); ++c)
    if (grid.distance(c, o) <= 3 && !s.is_base(c)) s.put_tile(c, 1, kEarth, "......");
  const Board r2 = s.reach(o, 0, 2, false);
  CHECK(r2.count() == 18);  // every cell within 2
  const Board l2 = s.reach(o, 0, 2, true);
  CHECK(l2.count() == 12);  // the * shape
  CHECK(l2.test(cell(s, 2, 0)));
  CHECK(!l2.test(cell(s, 1, 1)));
  CHECK(r2.test(cell(s, 1, 1)));
  // An enemy on 1,0 is reached but blocks what lies behind it on the line ...
  bring(s, 1, cell(s, 1, 0));
  const Board l2e = s.reach(o, 0, 2, true);
  CHECK(l2e.test(cell(s, 1, 0)));
  CHECK(!l2e.test(cell(s, 2, 0)));
  // ... and a radius path goes round it, one step longer.
  CHECK(!s.reach(o, 0, 2, false).test(cell(s, 2, 0)));
  CHECK(s.reach(o, 0, 3, false).test(cell(s, 2, 0)));
  // A friend does not block.
  State f = s;
  f.put_hero(1, -1);
  bring(f, 2, cell(f, 1, 0));
  CHECK(f.reach(o, 0, 2, true).test(cell(f, 2, 0)));
  // Height: with range_height_limit 1 (the default) a three-high stack is a wall for a hero at height 1.
  auto g1 = make(2, {{"range_height_limit", "1"}});
  State h = blank(g1);
  for (int c = 0; c < grid.cells(); ++c)
    if (grid.distance(c, o) <= 3 && !h.is_base(c)) h.put_tile(c, 1, kEarth, "......");
  h.put_tile(cell(h, 1, 0), 3, kEarth, "......");
  const Board lh = h.reach(o, 0, 3, true);
  CHECK(!lh.test(cell(h, 1, 0)));
  CHECK(!lh.test(cell(h, 2, 0)));
  CHECK(lh.test(cell(h, 0, 2)));
  // A block marker closes the line too.
  h.put_tile(o, 1, kEarth, ".....B");
  CHECK(!h.reach(o, 0, 3, true).test(cell(h, 0, 1)));
}

TEST_CASE("ranged heroes attack by their range kind: the hunter by radius 3, the warlock by line 3") {
  auto g = make(2);  // knight, assassin, hunter, warlock
  State s = blank(g);
  const Grid& grid = s.grid();
  const int o = cell(s, 0, 0);
  for (int c = 0; c < grid.cells(); ++c)
    if (grid.distance(c, o) <= 4 && !s.is_base(c)) s.put_tile(c, 1, kEarth, "......");
  bring(s, 2, o);                     // hunter
  bring(s, 1, cell(s, 2, 1));         // assassin: distance 3, not on a line
  bring(s, 3, cell(s, -3, 0), true);  // warlock: distance 3 on a line
  play(s, "select:hunter");
  CHECK(has(s, "attack:2,1"));
  CHECK(has(s, "attack:-3,0"));
  State t = blank(g);
  for (int c = 0; c < grid.cells(); ++c)
    if (grid.distance(c, o) <= 4 && !t.is_base(c)) t.put_tile(c, 1, kEarth, "......");
  bring(t, 3, o);
  bring(t, 2, cell(t, 2, 1), true);
  bring(t, 0, cell(t, 3, 0), true);
  t.set_side_to_move(1);
  play(t, "select:warlock");
  CHECK(!has(t, "attack:2,1"));
  CHECK(has(t, "attack:3,0"));
}

TEST_CASE("attacking a base: 2 successes, no attack dice, defence dice = living heroes, no markers") {
  auto g = warrior_game();
  State s = g.initial_state();
  const int base1 = s.rules().base_cell[1];
  const int next = s.grid().step(base1, 2);  // a patch tile beside blue's base
  s.put_hero(0, next);
  s.put_tile(next, 1, kWater, "AAAAAA");
  play(s, "select:warrior");
  play(s, "attack:" + s.grid().name(base1));
  CHECK(s.phase() == Phase::kDefenceRoll);  // no attack roll
  CHECK(s.defence_dice() == 2);             // blue's two living heroes
  CHECK(s.defence_threshold() == 5);
  auto c = chances(s);
  REQUIRE(c.size() == 3);
  CHECK(c[0].second == doctest::Approx(4.0 / 9));
  play(s, "roll:1");
  CHECK(s.base_hp(1) == 9);
  // One dead defender: one die.
  State t = g.initial_state();
  t.put_hero(0, next);
  t.kill_for_test(1);
  play(t, "select:warrior");
  play(t, "attack:" + t.grid().name(base1));
  CHECK(t.defence_dice() == 1);
  play(t, "roll:0");
  CHECK(t.base_hp(1) == 8);
  // No defender alive: the two successes land at once.
  State u = g.initial_state();
  u.put_hero(0, next);
  u.kill_for_test(1);
  u.kill_for_test(3);
  play(u, "select:warrior");
  play(u, "attack:" + u.grid().name(base1));
  CHECK(u.phase() == Phase::kAct);
  CHECK(u.base_hp(1) == 8);
}

TEST_CASE("6 players: a base attack counts 3 successes") {
  auto g = make(6);
  State s = g.initial_state();
  const int base1 = s.rules().base_cell[1];
  const int next = s.grid().step(base1, 2);
  s.put_hero(0, next);
  for (int i : {1, 3, 5}) s.kill_for_test(i);
  play(s, "select:knight");
  play(s, "attack:" + s.grid().name(base1));
  CHECK(s.base_hp(1) == 12);
}

TEST_CASE("bases win: a base at 0 HP loses") {
  auto g = warrior_game();
  State s = g.initial_state();
  const int base1 = s.rules().base_cell[1];
  const int next = s.grid().step(base1, 2);
  s.put_hero(0, next);
  s.set_base_hp(1, 1);
  play(s, "select:warrior");
  play(s, "attack:" + s.grid().name(base1));
  play(s, "roll:0");
  CHECK(s.is_terminal());
  CHECK(s.winner() == 0);
  CHECK(s.current_player() == kTerminalPlayer);
  CHECK(s.returns()[0] == 1.0);
  CHECK(s.returns()[1] == -1.0);
}

namespace {

// Height-1 earth tiles on every cell within `radius` of 0,0 (bases excepted).
void flat_field(State& s, int radius) {
  const Grid& grid = s.grid();
  const int o = cell(s, 0, 0);
  for (int c = 0; c < grid.cells(); ++c)
    if (grid.distance(c, o) <= radius && !s.is_base(c)) s.put_tile(c, 1, kEarth, "......");
}

std::set<std::string> attacks_of(const State& s) {
  std::set<std::string> out;
  for (const auto& x : legal_strings(s))
    if (x.rfind("attack:", 0) == 0) out.insert(x);
  return out;
}

}  // namespace

TEST_CASE("block marker: no attack across a blocked edge whatever the range, and its markers never count") {
  auto g = make(2);  // knight, assassin, hunter (radius 3), warlock
  // The hunter's east edge carries an attack marker, but the assassin's tile blocks that edge
  // from its side. A radius-3 path goes round the block (NE, E, SE), yet the seed says no
  // attack through a blocked edge: the neighbour behind it is no target.
  State s = blank(g);
  flat_field(s, 3);
  s.put_tile(cell(s, 0, 0), 1, kEarth, "A.....");
  s.put_tile(cell(s, 1, 0), 1, kEarth, "...B..");
  bring(s, 2, cell(s, 0, 0));
  bring(s, 1, cell(s, 1, 0));
  bring(s, 3, cell(s, 2, 0), true);
  CHECK(s.reach(cell(s, 0, 0), 0, 3, false).test(cell(s, 1, 0)));  // the range reaches it round the block
  play(s, "select:hunter");
  CHECK(attacks_of(s) == std::set<std::string>{"attack:2,0"});
  // The warlock two cells east, reached round the block: the attack marker sits on the blocked
  // edge, so successes stay on 5-6.
  play(s, "attack:2,0");
  CHECK(s.attack_threshold() == 5);
  // An iron shield on a blocked edge does not count either: the warlock's west edge is closed
  // by the block marker of the tile in front of it.
  State t = blank(g);
  flat_field(t, 3);
  t.put_tile(cell(t, 1, 0), 1, kEarth, "B.....");
  t.put_tile(cell(t, 2, 0), 1, kEarth, "...S..");
  bring(t, 2, cell(t, 0, 0));
  bring(t, 3, cell(t, 2, 0), true);
  play(t, "select:hunter");
  play(t, "attack:2,0");
  CHECK(t.defence_dice() == 1);  // the warlock's 1, no +2
  CHECK(t.defence_threshold() == 5);
  // Without the block both markers count (the same positions, block markers removed).
  State u = blank(g);
  flat_field(u, 3);
  u.put_tile(cell(u, 0, 0), 1, kEarth, "A.....");
  u.put_tile(cell(u, 2, 0), 1, kEarth, "...S..");
  bring(u, 2, cell(u, 0, 0));
  bring(u, 3, cell(u, 2, 0), true);
  play(u, "select:hunter");
  play(u, "attack:2,0");
  CHECK(u.attack_threshold() == 4);
  CHECK(u.defence_dice() == 3);
  CHECK(u.defence_threshold() == 4);
}

TEST_CASE("height: ranges blocked at a difference of 2 (Q&A 1), melee and moves only above 2") {
  // The hunter (radius 3) and the warrior (melee) at height 1, an enemy on a 3-high stack beside them.
  auto g = make(2, {{"heroes", "warrior,ranger,hunter,warlock"}});
  auto setup = [](const Elements& game, int attacker) {
    State s = blank(game);
    flat_field(s, 3);
    s.put_tile(cell(s, 1, 0), 3, kFire, "......");
    bring(s, attacker, cell(s, 0, 0));
    bring(s, 1, cell(s, 1, 0));
    return s;
  };
  State s = setup(g, 2);
  play(s, "select:hunter");
  CHECK(!has(s, "attack:1,0"));  // "地形若相差2層以上，則形成高低差的阻擋"
  CHECK(s.reach(cell(s, 0, 0), 0, 3, true).test(cell(s, 1, 0)) == false);
  State m = setup(g, 0);
  play(m, "select:warrior");
  CHECK(has(m, "attack:1,0"));  // melee: "高度相差不大於二"
  State w = setup(g, 0);
  w.kill_for_test(1);
  CHECK(w.step_cost(cell(w, 0, 0), 0) == 4);  // a move two levels up: only "超過2層" blocks
  // A spell's range follows Q&A 1 too: the hunter's 吟風 does not reach a friend two levels up.
  State f = setup(g, 2);
  f.kill_for_test(1);
  bring(f, 0, cell(f, 1, 0), true);
  play(f, "select:hunter");
  CHECK(!has(f, "spell:wind_chant:1,0"));
  CHECK(has(f, "spell:wind_chant:0,0"));
  // range_height_limit = 2 is the earlier reading: the hunter reaches the stack.
  auto g2 = make(2, {{"heroes", "warrior,ranger,hunter,warlock"}, {"range_height_limit", "2"}});
  State t = setup(g2, 2);
  play(t, "select:hunter");
  CHECK(has(t, "attack:1,0"));
  // A one-level difference never blocks a range.
  State one = blank(g);
  flat_field(one, 3);
  one.put_tile(cell(one, 1, 0), 2, kFire, "......");
  bring(one, 2, cell(one, 0, 0));
  bring(one, 1, cell(one, 2, 0));
  play(one, "select:hunter");
  CHECK(has(one, "attack:2,0"));  // over the two-high tile on the line, 1 up then 1 down
}

TEST_CASE("6 players: a base attack rolls one defence die per living defender against 3 successes") {
  auto g = make(6);
  State s = g.initial_state();
  const int base1 = s.rules().base_cell[1];
  const int next = s.grid().step(base1, 2);
  s.put_hero(0, next);
  play(s, "select:knight");
  play(s, "attack:" + s.grid().name(base1));
  CHECK(s.phase() == Phase::kDefenceRoll);
  CHECK(s.defence_dice() == 3);  // blue's three living heroes
  CHECK(s.defence_threshold() == 5);
  CHECK(chances(s).size() == 4);
  play(s, "roll:1");
  CHECK(s.base_hp(1) == 13);  // 15 - (3 - 1)
  State t = g.initial_state();
  t.put_hero(0, next);
  t.kill_for_test(5);
  play(t, "select:knight");
  play(t, "attack:" + t.grid().name(base1));
  CHECK(t.defence_dice() == 2);
  play(t, "roll:2");
  CHECK(t.base_hp(1) == 14);
}

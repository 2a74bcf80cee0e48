// Moving: level 2, up one level 3, down one level 1; obstacles, block and move markers.
#include "tests/elements/helpers.h"

using namespace elements_test;

TEST_CASE("move costs by height; no step onto a gap, a hero, a base or through a block marker") {
  auto g = make(2, {{"heroes", "knight,ranger,hunter,warlock"}});
  State s = blank(g);
  const int c = cell(s, 0, 0);
  s.put_tile(c, 2, kEarth, "......");
  s.put_tile(cell(s, 1, 0), 2, kFire, "......");    // E: level
  s.put_tile(cell(s, 1, -1), 3, kFire, "......");   // NE: up one
  s.put_tile(cell(s, 0, -1), 1, kWater, "......");  // NW: down one
  s.put_tile(cell(s, -1, 0), 2, kWind, "B.....");   // W: its east edge is blocked
  // SW (-1,1): no tile.
  s.put_tile(cell(s, 0, 1), 2, kWind, "......");  // SE: an enemy stands there
  bring(s, 0, c);
  bring(s, 1, cell(s, 0, 1));
  CHECK(s.step_cost(c, 0) == 2);
  CHECK(s.step_cost(c, 1) == 3);
  CHECK(s.step_cost(c, 2) == 1);
  CHECK(s.step_cost(c, 3) == -1);
  CHECK(s.step_cost(c, 4) == -1);
  CHECK(s.step_cost(c, 5) == -1);
  play(s, "select:knight");
  CHECK(s.move_left() == 6);
  std::set<std::string> moves;
  for (const auto& a : legal_strings(s))
    if (a.rfind("move:", 0) == 0) moves.insert(a);
  CHECK(moves == std::set<std::string>{"move:E", "move:NE", "move:NW"});
  play(s, "move:E");
  CHECK(s.move_left() == 4);
  CHECK(s.hero(0).cell == cell(s, 1, 0));
  play(s, "move:W");
  CHECK(s.move_left() == 2);
  CHECK(!has(s, "move:NE"));  // 3 > 2 left
  CHECK(has(s, "move:NW"));
  play(s, "move:NW");
  CHECK(s.move_left() == 1);
  CHECK(!has(s, "move:SE"));  // back up costs 3
}

TEST_CASE("two-level steps: climb_two_cost, descend_two_cost and move_height_limit") {
  auto g = make(2);
  State s = blank(g);
  const int lo = cell(s, 0, 0), hi = cell(s, 1, 0);
  s.put_tile(lo, 1, kEarth, "......");
  s.put_tile(hi, 3, kFire, "......");
  CHECK(s.step_cost(lo, 0) == 4);
  CHECK(s.step_cost(hi, 3) == 1);
  auto no_climb = make(2, {{"climb_two_cost", "-1"}});
  State t = blank(no_climb);
  t.put_tile(lo, 1, kEarth, "......");
  t.put_tile(hi, 3, kFire, "......");
  CHECK(t.step_cost(lo, 0) == -1);
  CHECK(t.step_cost(hi, 3) == 1);
  auto strict = make(2, {{"move_height_limit", "1"}});
  State u = blank(strict);
  u.put_tile(lo, 1, kEarth, "......");
  u.put_tile(hi, 3, kFire, "......");
  CHECK(u.step_cost(lo, 0) == -1);
  CHECK(u.step_cost(hi, 3) == -1);
}

TEST_CASE("seed: a move marker on the earth tile's edge makes earth -> fire cost 1, not fire -> earth") {
  auto g = make(2);
  State s = blank(g);
  const int earth = cell(s, 0, 0), fire = cell(s, 1, 0);
  s.put_tile(earth, 1, kEarth, "M.....");
  s.put_tile(fire, 1, kFire, "......");
  CHECK(s.step_cost(earth, 0) == 1);
  CHECK(s.step_cost(fire, 3) == 2);
  // Down one level through a move marker costs nothing.
  s.put_tile(earth, 2, kEarth, "M.....");
  CHECK(s.step_cost(earth, 0) == 0);
  CHECK(s.step_cost(fire, 3) == 3);
}

TEST_CASE("seed: a block marker between A and the fire tile: A goes round by the water tile") {
  auto g = make(2, {{"heroes", "knight,ranger,hunter,warlock"}});
  State s = blank(g);
  const int earth = cell(s, 0, 0), fire = cell(s, 1, 0), water = cell(s, 1, -1);
  s.put_tile(earth, 1, kEarth, "B.....");
  s.put_tile(fire, 1, kFire, "......");
  s.put_tile(water, 1, kWater, "......");
  CHECK(s.step_cost(earth, 0) == -1);
  CHECK(s.step_cost(fire, 3) == -1);  // B cannot cross from the fire tile either
  bring(s, 0, earth);
  play(s, "select:knight");
  CHECK(!has(s, "move:E"));
  play(s, "move:NE");
  play(s, "move:SE");
  CHECK(s.hero(0).cell == fire);
  CHECK(s.move_left() == 2);
}

TEST_CASE("a base is an obstacle: nobody stands on it") {
  auto g = make(2);
  State s = g.initial_state();
  const int base = s.rules().base_cell[0];
  const int knight = s.hero(0).cell;
  const int d = s.grid().line_dir(knight, base);
  REQUIRE(d >= 0);
  CHECK(s.step_cost(knight, d) == -1);
}

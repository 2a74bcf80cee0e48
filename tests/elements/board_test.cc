// The grid, the initial setup for 2, 4 and 6 players, and the map's bitboards.
#include "tests/elements/helpers.h"

using namespace elements_test;

TEST_CASE("grid: radius 7 hexagon in axial coordinates") {
  Grid g(7);
  CHECK(g.cells() == 169);
  CHECK(g.at(8, 0) == -1);
  CHECK(g.at(4, 4) == -1);  // |q + r| > 7
  const int o = g.at(0, 0);
  CHECK(g.name(o) == "0,0");
  CHECK(g.parse("0,0") == o);
  CHECK(g.parse("x") == -1);
  CHECK(g.step(o, 0) == g.at(1, 0));
  CHECK(g.step(o, 2) == g.at(0, -1));
  CHECK(g.step(g.at(7, 0), 0) == -1);
  CHECK(g.distance(g.at(1, 3), g.at(1, -4)) == 7);
  CHECK(g.line_dir(o, g.at(3, -3)) == 1);
  CHECK(g.line_dir(o, g.at(2, -1)) == -1);
  CHECK(g.mirror(g.at(1, 3)) == g.at(1, -4));
  for (int d = 0; d < 6; ++d) CHECK(g.step(g.step(o, d), opposite(d)) == o);
  CHECK_THROWS_AS(Grid(4), Error);
}

TEST_CASE("setup, 2 players: two heroes each, bases 7 apart in patches of 7 unmarked tiles, HP 10") {
  auto g = make(2);
  State s = g.initial_state();
  const Grid& grid = s.grid();
  const int b0 = s.rules().base_cell[0], b1 = s.rules().base_cell[1];
  CHECK(grid.distance(b0, b1) == 7);
  CHECK(s.is_base(b0));
  CHECK(s.is_base(b1));
  int tiles = 0;
  for (int c = 0; c < grid.cells(); ++c)
    if (s.height(c) > 0) {
      ++tiles;
      CHECK((grid.distance(c, b0) <= 1 || grid.distance(c, b1) <= 1));
      for (int d = 0; d < 6; ++d) CHECK(s.edge(c, d) == kNone);
      CHECK(!s.token(c));
    }
  CHECK(tiles == 14);  // two patches of the base and its six neighbours
  CHECK(s.base_hp(0) == 10);
  CHECK(s.base_hp(1) == 10);
  CHECK(s.heroes() == 4);
  for (int i = 0; i < 4; ++i) {
    CHECK(s.hero(i).side == i % 2);
    CHECK(s.hero(i).owner == i % 2);
    CHECK(grid.distance(s.hero(i).cell, s.rules().base_cell[i % 2]) == 1);
    CHECK(!s.hero(i).acted);
    for (int e = 0; e < kElements; ++e) CHECK(s.hero(i).energy[e] == s.spec(i).energy[e]);
  }
  CHECK(s.deck_left() == 72);
  CHECK(s.current_player() == 0);
  CHECK(legal_strings(s) == std::set<std::string>{"select:knight", "select:hunter"});
  // The two halves mirror each other: patch elements and starting cells.
  for (int c = 0; c < grid.cells(); ++c)
    if (s.height(c) > 0 && !s.is_base(c)) CHECK(s.element(c) == s.element(grid.mirror(c)));
}

TEST_CASE("setup, 4 players 2v2 and 6 players 3v3") {
  auto g4 = make(4);
  State s4 = g4.initial_state();
  CHECK(s4.heroes() == 4);
  CHECK(s4.base_hp(0) == 10);
  for (int i = 0; i < 4; ++i) CHECK(s4.hero(i).owner == i);
  CHECK(s4.team_of(2) == 0);
  CHECK(s4.team_of(3) == 1);
  CHECK(g4.rules().base_attack_successes == 2);
  CHECK(g4.rules().death_penalty == 2);
  auto g6 = make(6);
  State s6 = g6.initial_state();
  CHECK(s6.heroes() == 6);
  CHECK(s6.base_hp(0) == 15);
  CHECK(s6.base_hp(1) == 15);
  CHECK(g6.rules().base_attack_successes == 3);
  CHECK(g6.rules().death_penalty == 3);
  std::set<int> cells;
  for (int i = 0; i < 6; ++i) cells.insert(s6.hero(i).cell);
  CHECK(cells.size() == 6);
  CHECK_THROWS_AS(make(3), Error);
  CHECK_THROWS_AS(make(2, {{"heroes", "knight,knight,hunter,warlock"}}), Error);
  CHECK_THROWS_AS(make(2, {{"heroes", "knight,hunter"}}), Error);
  CHECK_THROWS_AS(make(2, {{"heroes", "knight,nobody,hunter,warlock"}}), Error);
}

TEST_CASE("bitboards follow the map: layers, elements, blocked edges, occupancy") {
  auto g = make(2);
  State s = blank(g);
  const int a = cell(s, 0, 0), b = cell(s, 1, 0);
  s.put_tile(a, 2, kWater, "B.....");
  s.put_tile(b, 3, kFire, "......");
  CHECK(s.height(a) == 2);
  CHECK(s.blocked()[0].test(a));  // a's own block on its east edge
  CHECK(s.blocked()[3].test(b));  // and the same edge seen from b
  CHECK(!s.blocked()[1].test(a));
  bring(s, 0, a);
  CHECK(s.occupied().test(a));
  CHECK(s.hero_at(a) == 0);
  s.put_tile(a, 2, kWater, "......");
  CHECK(!s.blocked()[0].test(a));
  CHECK(!s.blocked()[3].test(b));
}

// Death (any two energies at 0), base damage, and respawn after one skipped activation (Q&A 3).
#include "tests/elements/helpers.h"

using namespace elements_test;

namespace {

// Red's warrior next to blue's ranger (on its water start tile); the ranger has fire 1, wind 0.
State ambush(const Elements& g) {
  State s = g.initial_state();
  const int w = cell(s, 1, -2);
  s.put_tile(w, 1, kFire, "......");
  s.put_hero(0, w);
  s.set_energy(1, kFire, 1);
  s.set_energy(1, kWind, 0);
  return s;
}

void kill_ranger(State& s) {
  play(s, "select:warrior");
  play(s, "attack:1,-3");
  CHECK(s.attack_dice() == 3);
  play(s, "roll:1");
  play(s, "roll:0");
  play(s, "end");
}

Elements game() { return make(2, {{"heroes", "warrior,ranger,hunter,warlock"}}); }

}  // namespace

TEST_CASE("a hero with two energies at 0 dies: it leaves the map and its base loses 2") {
  auto g = game();
  State s = ambush(g);
  play(s, "select:warrior");
  play(s, "attack:1,-3");
  play(s, "roll:1");
  play(s, "roll:0");
  CHECK(s.hero(1).dead);
  CHECK(s.hero(1).cell == -1);
  CHECK(s.hero_at(cell(s, 1, -3)) == -1);
  CHECK(!s.occupied().test(cell(s, 1, -3)));
  CHECK(s.base_hp(1) == 8);
  CHECK(s.base_hp(0) == 10);
}

TEST_CASE("6 players: a death costs the base 3; a death that empties the base ends the game") {
  auto g = make(6, {{"heroes", "warrior,ranger,hunter,warlock,priest,taoist"}});
  State s = ambush(g);
  play(s, "select:warrior");
  play(s, "attack:1,-3");
  play(s, "roll:1");
  play(s, "roll:0");
  CHECK(s.base_hp(1) == 12);
  auto g2 = game();
  State t = ambush(g2);
  t.set_base_hp(1, 2);
  play(t, "select:warrior");
  play(t, "attack:1,-3");
  play(t, "roll:1");
  play(t, "roll:0");
  CHECK(t.is_terminal());
  CHECK(t.winner() == 0);
}

TEST_CASE("Q&A 3, first example: dead before acting in round 1, skips that turn, back in round 2") {
  auto g = game();
  State s = ambush(g);
  kill_ranger(s);
  CHECK(legal_strings(s) == std::set<std::string>{"select:ranger", "select:warlock"});
  play(s, "select:ranger");  // its round-1 turn comes while it is dead: skipped
  CHECK(s.phase() == Phase::kSelect);
  CHECK(s.hero(1).acted);
  CHECK(s.hero(1).dead);
  CHECK(s.side_to_move() == 0);
  play(s, "select:hunter");
  play(s, "end");
  play(s, "select:warlock");
  play(s, "end");
  CHECK(s.round() == 2);
  play(s, "select:warrior");
  play(s, "end");
  play(s, "select:ranger");
  CHECK(s.phase() == Phase::kRespawn);
  CHECK(s.current_player() == 1);
  // Free tiles around blue's base (the warlock stands on 2,-4).
  CHECK(legal_strings(s) == std::set<std::string>{"respawn:2,-5", "respawn:1,-5", "respawn:0,-4",
                                                  "respawn:0,-3", "respawn:1,-3"});
  play(s, "respawn:0,-3");
  CHECK(!s.hero(1).dead);
  CHECK(s.hero(1).cell == cell(s, 0, -3));
  for (int e = 0; e < kElements; ++e) CHECK(s.hero(1).energy[e] == s.spec(1).energy[e]);
  CHECK(s.phase() == Phase::kAct);
  CHECK(s.move_left() == 7);
}

TEST_CASE("Q&A 3, second example: dead after acting in round 1, skips in round 2, back in round 3") {
  auto g = game();
  State s = ambush(g);
  // Blue's ranger acts first this time: red lets blue start by having acted with the hunter.
  play(s, "select:hunter");
  play(s, "end");
  play(s, "select:ranger");
  play(s, "end");
  kill_ranger(s);
  play(s, "select:warlock");
  play(s, "end");
  CHECK(s.round() == 2);
  play(s, "select:warrior");
  play(s, "end");
  play(s, "select:ranger");  // round 2: the skipped activation
  CHECK(s.phase() == Phase::kSelect);
  CHECK(s.hero(1).dead);
  play(s, "select:hunter");
  play(s, "end");
  play(s, "select:warlock");
  play(s, "end");
  CHECK(s.round() == 3);
  play(s, "select:warrior");
  play(s, "end");
  play(s, "select:ranger");
  CHECK(s.phase() == Phase::kRespawn);
  play(s, "respawn:1,-3");
  CHECK(!s.hero(1).dead);
}

TEST_CASE("with every tile by the base taken, a returning hero waits another activation") {
  auto g = game();
  State s = ambush(g);
  kill_ranger(s);
  play(s, "select:ranger");
  play(s, "select:hunter");
  play(s, "end");
  play(s, "select:warlock");
  play(s, "end");
  play(s, "select:warrior");
  play(s, "end");
  const int base = s.rules().base_cell[1];
  for (int d = 0; d < 6; ++d) {
    const int c = s.grid().step(base, d);
    if (s.hero_at(c) < 0) s.put_tile(c, 0, kFire, "......");  // height 0: the tile is gone
  }
  play(s, "select:ranger");
  CHECK(legal_strings(s) == std::set<std::string>{"end"});
  play(s, "end");
  CHECK(s.hero(1).dead);
  CHECK(s.hero(1).skipped);
}

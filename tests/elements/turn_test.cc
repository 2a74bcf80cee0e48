// Turn structure: sides alternate activating un-acted heroes; a round ends when all have acted.
#include "tests/elements/helpers.h"

using namespace elements_test;

TEST_CASE("sides alternate choosing an un-acted hero; a new round begins when all have acted") {
  auto g = make(2);
  State s = g.initial_state();
  CHECK(s.round() == 1);
  play(s, "select:hunter");
  CHECK(s.phase() == Phase::kAct);
  CHECK(s.current_player() == 0);
  play(s, "end");
  CHECK(s.side_to_move() == 1);
  CHECK(s.current_player() == 1);
  CHECK(legal_strings(s) == std::set<std::string>{"select:assassin", "select:warlock"});
  play(s, "select:assassin");
  play(s, "end");
  CHECK(legal_strings(s) == std::set<std::string>{"select:knight"});
  play(s, "select:knight");
  play(s, "end");
  CHECK(legal_strings(s) == std::set<std::string>{"select:warlock"});
  play(s, "select:warlock");
  play(s, "end");
  CHECK(s.round() == 2);
  CHECK(s.side_to_move() == 0);
  CHECK(legal_strings(s) == std::set<std::string>{"select:knight", "select:hunter"});
}

TEST_CASE("a side whose heroes have all acted waits while the other side finishes") {
  auto g = make(2);
  State s = g.initial_state();
  s.set_acted(2, true);  // red's hunter already acted
  play(s, "select:knight");
  play(s, "end");
  play(s, "select:assassin");
  play(s, "end");
  CHECK(s.side_to_move() == 1);  // red has nobody left: blue goes again
  CHECK(legal_strings(s) == std::set<std::string>{"select:warlock"});
}

TEST_CASE("round_start = alternate: blue starts the second round") {
  auto g = make(2, {{"round_start", "alternate"}});
  State s = g.initial_state();
  for (const char* h : {"knight", "assassin", "hunter", "warlock"}) {
    play(s, std::string("select:") + h);
    play(s, "end");
  }
  CHECK(s.round() == 2);
  CHECK(s.side_to_move() == 1);
}

TEST_CASE("4 and 6 players: each hero acts for its own seat; the side's lowest waiting seat chooses") {
  auto g = make(4);
  State s = g.initial_state();
  CHECK(s.current_player() == 0);
  play(s, "select:hunter");  // seat 2's hero, chosen by red
  CHECK(s.current_player() == 2);
  play(s, "end");
  CHECK(s.current_player() == 1);
  play(s, "select:assassin");
  play(s, "end");
  CHECK(s.current_player() == 0);
  auto g6 = make(6);
  State t = g6.initial_state();
  CHECK(legal_strings(t) == std::set<std::string>{"select:knight", "select:hunter", "select:priest"});
}

TEST_CASE("create, move and spells repeat; attack and gather share one use per activation") {
  auto g = make(2, {{"heroes", "warrior,ranger,hunter,warlock"}});
  State s = blank(g);
  const int a = cell(s, 0, 0), b = cell(s, 1, 0), t = cell(s, 0, 1);
  s.put_tile(a, 1, kFire, ".....G", true);  // gather marker toward SE (t)
  s.put_tile(b, 1, kFire, "......");
  s.put_tile(t, 1, kWind, "......");
  bring(s, 0, a);
  bring(s, 1, b);
  s.set_energy(0, kWind, 1);
  play(s, "select:warrior");
  CHECK(has(s, "attack:1,0"));
  CHECK(has(s, "gather:SE"));
  CHECK(has(s, "create"));
  play(s, "gather:SE");
  CHECK(s.hero(0).energy[kWind] == 3);  // +2, not above the warrior's 3
  CHECK(!s.token(a));
  CHECK(!has(s, "attack:1,0"));
  CHECK(has(s, "create"));
  CHECK(has(s, "end"));
}

TEST_CASE("the round cap ends the game; the higher base HP wins (cap_result), or a draw") {
  auto g = make(2, {{"max_rounds", "1"}});
  State s = g.initial_state();
  s.set_base_hp(1, 9);
  for (const char* h : {"knight", "assassin", "hunter", "warlock"}) {
    play(s, std::string("select:") + h);
    play(s, "end");
  }
  CHECK(s.is_terminal());
  CHECK(s.winner() == 0);
  CHECK(s.returns()[0] == 1.0);
  CHECK(s.returns()[1] == -1.0);
  auto g2 = make(2, {{"max_rounds", "1"}, {"cap_result", "draw"}});
  State d = g2.initial_state();
  d.set_base_hp(1, 9);
  for (const char* h : {"knight", "assassin", "hunter", "warlock"}) {
    play(d, std::string("select:") + h);
    play(d, "end");
  }
  CHECK(d.is_terminal());
  CHECK(d.winner() == 2);
  CHECK(d.returns()[0] == 0.0);
}

TEST_CASE("gather stops at the hero's maximum: one short of it, a gather of 2 gives 1") {
  // "獲得的能量不得超過人物的原能量上限"
  auto g = make(2, {{"heroes", "warrior,ranger,hunter,warlock"}});
  State s = blank(g);
  const int a = cell(s, 0, 0), t = cell(s, 0, 1);
  s.put_tile(a, 1, kFire, ".....G", true);
  s.put_tile(t, 1, kEarth, "......");
  bring(s, 0, a);
  REQUIRE(g.rules().roster[s.hero(0).spec].energy[kEarth] == 4);
  s.set_energy(0, kEarth, 3);
  play(s, "select:warrior");
  play(s, "gather:SE");
  CHECK(s.hero(0).energy[kEarth] == 4);  // not 5
  CHECK(!s.token(a));
}

// The end of the game (docs/rules/mizong.md "End and placings"; seed 每個玩家移動到棋盤最中央位置的棋子…).
#include <doctest/doctest.h>

#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

namespace {
void round(State& s) { end_turns(s, 6); }
// One piece per seat on its star point's tip; seat 0's on the centre.
State centre_position(const Mizong& g) {
  State s = empty(g);
  s.put(pid(s, 0, 0), s.geo().centre, who(kMelee, kRock, kYang));
  for (int p = 1; p < 6; ++p) s.put(pid(s, p, 0), s.geo().home[p][0], who(kMelee, kRock, kYang));
  return s;
}
}  // namespace

TEST_CASE("mizong end: a piece that holds the centre 23 quiet rounds makes its owner a winner") {
  auto g = make_game();
  State s = centre_position(g);
  for (int i = 0; i < 22; ++i) round(s);
  CHECK(s.hold_rounds() == 22);
  CHECK(s.place(0) == 0);
  round(s);
  CHECK(s.place(0) == 1);  // first place
  CHECK(s.out(0));
  CHECK(s.piece(pid(s, 0, 0)).cell == -1);  // the winner's pieces leave the board
  CHECK(!s.is_terminal());                  // the others play on for the remaining places
  CHECK(s.current_player() == 1);
}

TEST_CASE("mizong end: an attack on the centre piece restarts the 23 rounds") {
  auto g = make_game();
  State s = centre_position(g);
  s.put(pid(s, 1, 1), s.geo().at(1, 0), who(kMelee, kRock, kYang));  // next to the centre
  for (int i = 0; i < 10; ++i) round(s);
  CHECK(s.hold_rounds() == 10);
  end_turns(s, 1);
  play(s, "select:1,0");
  play(s, "attack:0,0");  // nobody loses HP (same attributes): still an attack
  CHECK(s.piece(pid(s, 0, 0)).hp == 66);
  play(s, "done");
  end_turns(s, 5);
  CHECK(s.hold_rounds() == 0);
  for (int i = 0; i < 22; ++i) round(s);
  CHECK(s.place(0) == 0);
  round(s);
  CHECK(s.place(0) == 1);
}

TEST_CASE("mizong end: the centre piece's own attack restarts the 23 rounds") {
  auto g = make_game();
  State s = centre_position(g);
  s.put(pid(s, 1, 1), s.geo().at(1, 0), who(kMelee, kRock, kYang));  // an enemy next to the centre
  for (int i = 0; i < 10; ++i) round(s);
  CHECK(s.hold_rounds() == 10);
  CHECK(s.current_player() == 0);
  play(s, "select:0,0");
  play(s, "attack:1,0");  // nobody loses HP (same attributes): still an attack
  CHECK(s.piece(pid(s, 1, 1)).hp == 66);
  play(s, "done");
  CHECK(s.piece(pid(s, 0, 0)).cell == s.geo().centre);  // it never left the centre
  end_turns(s, 6);
  CHECK(s.hold_rounds() == 0);
  round(s);
  CHECK(s.hold_rounds() == 1);
}

TEST_CASE("mizong end: a swap onto or off the centre restarts the 23 rounds") {
  auto g = make_game({}, 24);
  // An ordinary swap: a piece 2 away swaps with the centre piece (both are stunned).
  State s = centre_position(g);
  s.put(pid(s, 0, 1), s.geo().at(2, 0), who(kMelee, kRock, kYin));
  for (int i = 0; i < 10; ++i) round(s);
  CHECK(s.hold_rounds() == 10);
  play(s, "select:2,0");
  play(s, "swap:0,0");
  CHECK(s.piece_at(s.geo().centre) == pid(s, 0, 1));
  end_turns(s, 6);
  CHECK(s.hold_rounds() == 0);
  round(s);
  CHECK(s.hold_rounds() == 1);
  // A hero's swap (no stun) from 11 away: the same.
  State t = centre_position(g);
  t.put(pid(t, 0, 1), t.geo().at(0, 11), who(kMeleeHero, kRock, kYin));
  for (int i = 0; i < 10; ++i) round(t);
  play(t, "select:0,11");
  play(t, "swap:0,0");
  play(t, "done");
  CHECK(t.piece_at(t.geo().centre) == pid(t, 0, 1));
  end_turns(t, 6);
  CHECK(t.hold_rounds() == 0);
  // The centre piece itself swapping away: the same.
  State u = centre_position(g);
  u.put(pid(u, 0, 1), u.geo().at(-3, 0), who(kMelee, kRock, kYin));
  for (int i = 0; i < 10; ++i) round(u);
  play(u, "select:0,0");
  play(u, "swap:-3,0");
  CHECK(u.piece_at(u.geo().centre) == pid(u, 0, 1));
  end_turns(u, 6);
  CHECK(u.hold_rounds() == 0);
}

TEST_CASE("mizong end: moving onto the centre starts the count; moving off ends it") {
  auto g = make_game();
  State s = empty(g);
  for (int p = 0; p < 6; ++p) s.put(pid(s, p, 0), s.geo().home[p][0], who(kMelee, kRock, kYang));
  const int runner = pid(s, 0, 1);
  s.put(runner, s.geo().at(-3, 0), who(kMeleeHero, kRock, kYang));
  play(s, "select:-3,0");
  play(s, "move:0,0");
  play(s, "done");
  end_turns(s, 6);
  CHECK(s.hold_rounds() == 0);  // it moved this round
  round(s);
  CHECK(s.hold_rounds() == 1);
  play(s, "select:0,0");
  play(s, "move:3,0");
  play(s, "done");
  end_turns(s, 6);
  CHECK(s.hold_rounds() == 0);
}

TEST_CASE("mizong end: annihilation loses; placings fill from the bottom; the last unplaced seat has lost") {
  auto g = make_game();
  State s = empty(g);
  const int killer = pid(s, 0, 0);
  s.put(killer, s.geo().at(0, 0), who(kMeleeHero, kRock, kYang));
  // Seats 1..5 each have one piece next to the killer, at one sixth of HP.
  const int dq[5] = {1, 0, -1, -1, 0}, dr[5] = {0, 1, 1, 0, -1};
  for (int p = 1; p < 6; ++p) {
    s.put(pid(s, p, 0), s.geo().at(dq[p - 1], dr[p - 1]), who(kMelee, kScissors, kYang));
    s.set_hp(pid(s, p, 0), 1);
  }
  play(s, "select:0,0");
  play(s, "attack:1,0");
  CHECK(s.out(1));
  CHECK(s.place(1) == 6);
  play(s, "attack:0,1");
  CHECK(s.place(2) == 5);
  play(s, "attack:-1,1");
  CHECK(s.place(3) == 4);
  play(s, "attack:-1,0");
  CHECK(s.place(4) == 3);
  CHECK(!s.is_terminal());
  play(s, "attack:0,-1");
  // Seat 5 lost 2nd-to-last... placed 2nd; seat 0 is the only one left: it has lost too, last to lose.
  CHECK(s.place(5) == 2);
  CHECK(s.place(0) == 1);
  CHECK(s.is_terminal());
  auto r = s.returns();
  CHECK(r[0] == doctest::Approx(1.0));
  CHECK(r[5] == doctest::Approx(0.6));
  CHECK(r[1] == doctest::Approx(-1.0));
  double sum = 0;
  for (double v : r) sum += v;
  CHECK(sum == doctest::Approx(0.0));
}

TEST_CASE("mizong end: the round cap ranks the unplaced by remaining HP, ties sharing places") {
  auto g = make_game({{"round_cap", "2"}});
  State s = empty(g);
  for (int p = 0; p < 6; ++p) s.put(pid(s, p, 0), s.geo().home[p][0], who(kMelee, kRock, kYang));
  s.set_hp(pid(s, 3, 0), 60);
  s.set_hp(pid(s, 4, 0), 30);
  round(s);
  CHECK(!s.is_terminal());
  round(s);
  CHECK(s.is_terminal());
  CHECK(s.place(0) == 2.5);  // four seats at 66 share places 1-4
  CHECK(s.place(3) == 5);
  CHECK(s.place(4) == 6);
  auto r = s.returns();
  CHECK(r[0] == doctest::Approx(0.4));
  CHECK(r[4] == doctest::Approx(-1.0));
}

TEST_CASE("mizong end: option stop_at_first_winner ends the game at the centre win") {
  auto g = make_game({{"stop_at_first_winner", "true"}, {"centre_rounds", "2"}});
  State s = centre_position(g);
  s.set_hp(pid(s, 2, 0), 10);
  round(s);
  round(s);
  CHECK(s.is_terminal());
  CHECK(s.place(0) == 1);
  CHECK(s.place(2) == 6);
  CHECK(s.place(1) == 3.5);
}

TEST_CASE("mizong teams: 3v3 allies alternate points, do not attack each other and share the result") {
  auto g = make_game({{"teams", "3v3"}, {"centre_rounds", "1"}});
  State s = centre_position(g);
  CHECK(s.num_teams() == 2);
  CHECK(s.team_of(0) == s.team_of(2));
  CHECK(s.team_of(1) != s.team_of(0));
  s.put(pid(s, 2, 1), s.geo().at(1, 0), who(kMelee, kScissors, kYang));
  s.put(pid(s, 1, 1), s.geo().at(-1, 0), who(kMelee, kScissors, kYang));
  const State before = s;
  play(s, "select:0,0");
  auto l = legal_strings(s);
  CHECK(std::find(l.begin(), l.end(), "attack:-1,0") != l.end());
  CHECK(std::find(l.begin(), l.end(), "attack:1,0") == l.end());
  s = before;
  round(s);
  CHECK(s.is_terminal());  // the other team is the only one left: it has lost
  auto r = s.returns();
  CHECK(r[0] == 1);
  CHECK(r[2] == 1);
  CHECK(r[4] == 1);
  CHECK(r[1] == -1);
  auto t = make_game({{"teams", "2v2v2"}});
  State u = t.initial_state();
  CHECK(u.num_teams() == 3);
  CHECK(u.team_of(0) == u.team_of(3));
  CHECK(u.team_of(1) == u.team_of(4));
}

TEST_CASE("mizong evaluate: more HP and the centre's hold score higher; placed teams get their return") {
  auto g = make_game();
  State s = centre_position(g);
  s.set_hp(pid(s, 3, 0), 10);
  Values v = s.evaluate();
  CHECK(v[0] > v[1]);  // seat 0 holds the centre
  CHECK(v[3] < v[1]);  // seat 3 is hurt
  for (int p = 0; p < 6; ++p) {
    CHECK(v[static_cast<std::size_t>(p)] > -1.0);
    CHECK(v[static_cast<std::size_t>(p)] < 1.0);
  }
  for (int i = 0; i < 23; ++i) end_turns(s, 6);
  v = s.evaluate();
  CHECK(v[0] == 1.0);
}

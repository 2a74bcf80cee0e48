// Moving (docs/rules/mizong.md "Moving"; seed 明棋棋子走子規則, 暗棋棋子走子規則, 棋子特征).
#include <doctest/doctest.h>

#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

namespace {
const Identity kOpenMelee = who(kMelee, kRock, kYin);
const Identity kDarkMelee = who(kMelee, kRock, kYin, true);
}  // namespace

TEST_CASE(
    "mizong moves: 3n+1, an open piece's first move goes 6 steps straight, through empty vertices only") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int me = pid(s, 0, 0);
  s.put(me, cell(s, "0,0"), kOpenMelee);
  CHECK(engine_ends(s, me) == std::vector<std::string>{"-6,0", "-6,6", "0,-6", "0,6", "6,-6", "6,0"});
  // Blockers on two rays (one of them the enemy's) cut those rays.
  s.put(pid(s, 0, 1), cell(s, "3,0"), kOpenMelee);
  s.put(pid(s, 1, 0), cell(s, "0,3"), kOpenMelee);
  CHECK(engine_ends(s, me) == std::vector<std::string>{"-6,0", "-6,6", "0,-6", "6,-6"});
  // The 4th move (k = 4 = 3*1+1) is straight again.
  s.set_moves(me, 3);
  CHECK(engine_ends(s, me) == std::vector<std::string>{"-6,0", "-6,6", "0,-6", "6,-6"});
}

TEST_CASE("mizong moves: 3n+2, exactly one turn and 6 steps") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int me = pid(s, 0, 0);
  s.put(me, cell(s, "0,0"), kOpenMelee);
  s.set_moves(me, 1);
  CHECK(s.pattern_turns(me) == 1);
  auto ends = engine_ends(s, me);
  CHECK(ends == oracle_ends(s, cell(s, "0,0"), 6, 6, 1, 1));
  // The 30 vertices of the radius-6 ring that are not straight from the start (60-degree turns),
  // and inner vertices from 120-degree turns; no straight end, not the start.
  int ring = 0;
  for (const auto& e : ends) {
    const int d = s.geo().distance(cell(s, e), cell(s, "0,0"));
    CHECK(d >= 3);
    CHECK(d <= 6);
    ring += d == 6;
  }
  CHECK(ring == 30);
  CHECK(std::find(ends.begin(), ends.end(), "6,0") == ends.end());
  CHECK(std::find(ends.begin(), ends.end(), "0,0") == ends.end());
  CHECK(std::find(ends.begin(), ends.end(), "3,-6") != ends.end());  // 3 up-right, then 3 up-left
  CHECK(std::find(ends.begin(), ends.end(), "2,-4") != ends.end());  // 2 east, then 4 up-left
}

TEST_CASE("mizong moves: the legal end cells of a 3n+2 move around two blockers") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int me = pid(s, 0, 0);
  s.put(me, cell(s, "0,0"), kOpenMelee);
  s.set_moves(me, 1);
  const auto open_board = engine_ends(s, me);
  s.put(pid(s, 0, 1), cell(s, "1,0"), kOpenMelee);   // east neighbour (own piece)
  s.put(pid(s, 2, 0), cell(s, "1,-1"), kOpenMelee);  // up-right neighbour (enemy piece)
  auto ends = engine_ends(s, me);
  CHECK(ends == oracle_ends(s, cell(s, "0,0"), 6, 6, 1, 1));
  // Lost: the ends whose two orders both meet a blocker: (6,-1) .. (6,-5) (east then up-right,
  // up-right then east, each starting on a blocker), (5,-1) (east 5 then up-left 1; up-left 1
  // then east runs into 1,-1) and (5,-4) (up-right 5 then down-right 1; down-right 1 then
  // up-right runs into 1,0). Every other end keeps a path through empty vertices.
  CHECK(ends.size() == open_board.size() - 7);
  for (const char* gone : {"6,-1", "6,-2", "6,-3", "6,-4", "6,-5", "5,-1", "5,-4"})
    CHECK(std::find(ends.begin(), ends.end(), gone) == ends.end());
  for (const char* kept : {"5,1", "1,-5", "2,-4", "6,-6"}) {
    const bool was = std::find(open_board.begin(), open_board.end(), kept) != open_board.end();
    CHECK(was == (std::find(ends.begin(), ends.end(), kept) != ends.end()));
  }
}

TEST_CASE("mizong moves: 3n+3, exactly two turns and 6 steps, never ending where it started") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int me = pid(s, 0, 0);
  s.put(me, cell(s, "0,0"), kOpenMelee);
  s.set_moves(me, 2);
  CHECK(s.pattern_turns(me) == 2);
  auto ends = engine_ends(s, me);
  CHECK(ends == oracle_ends(s, cell(s, "0,0"), 6, 6, 2, 2));
  CHECK(std::find(ends.begin(), ends.end(), "0,0") ==
        ends.end());  // the 2-2-2 triangle comes back: not a move
  CHECK(std::find(ends.begin(), ends.end(), "6,0") == ends.end());  // straight: no
  // With a blocker crowd the oracle still agrees.
  s.put(pid(s, 1, 0), cell(s, "2,-1"), kOpenMelee);
  s.put(pid(s, 1, 1), cell(s, "-2,1"), kOpenMelee);
  s.put(pid(s, 1, 2), cell(s, "0,2"), kOpenMelee);
  CHECK(engine_ends(s, me) == oracle_ends(s, cell(s, "0,0"), 6, 6, 2, 2));
}

TEST_CASE("mizong moves: dark pieces follow the round number, not their own move count") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int me = pid(s, 0, 0);
  s.put(me, cell(s, "0,0"), kDarkMelee);
  s.set_moves(me, 1);  // an open piece would now turn once
  s.set_round(1);
  CHECK(s.pattern_turns(me) == 0);
  CHECK(engine_ends(s, me).size() == 6);
  s.set_round(2);
  CHECK(engine_ends(s, me) == oracle_ends(s, cell(s, "0,0"), 6, 6, 1, 1));
  s.set_round(3);
  CHECK(engine_ends(s, me) == oracle_ends(s, cell(s, "0,0"), 6, 6, 2, 2));
  s.set_round(7);
  CHECK(engine_ends(s, me).size() == 6);
}

TEST_CASE("mizong moves: options exact_steps=false (1 to 6 steps) and allow_reversal") {
  auto g = make_game({{"exact_steps", "false"}}, 24);
  State s = empty(g);
  const int me = pid(s, 0, 0);
  s.put(me, cell(s, "0,0"), kOpenMelee);
  CHECK(engine_ends(s, me).size() == 36);
  auto r = make_game({{"allow_reversal", "true"}}, 24);
  State t = empty(r);
  t.put(me, cell(t, "0,0"), kOpenMelee);
  t.set_moves(me, 1);
  auto ends = engine_ends(t, me);
  CHECK(ends == oracle_ends(t, cell(t, "0,0"), 6, 6, 1, 1, true));
  CHECK(std::find(ends.begin(), ends.end(), "2,0") != ends.end());  // 4 east, 2 back west
  auto plain = make_game({}, 24);
  State u = empty(plain);
  u.put(me, cell(u, "0,0"), kOpenMelee);
  u.set_moves(me, 1);
  const auto no_reversal = engine_ends(u, me);
  CHECK(std::find(no_reversal.begin(), no_reversal.end(), "2,0") == no_reversal.end());
}

TEST_CASE(
    "mizong moves: heroes: melee hero up to 12 steps with at most 2 turns, ranged hero 6 steps, healer 5 "
    "turns") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int hero = pid(s, 0, 0);
  s.put(hero, cell(s, "0,0"), who(kMeleeHero, kRock, kYang));
  auto ends = engine_ends(s, hero);
  CHECK(ends.size() == 468);  // every vertex within 12 (one turn suffices), the start excluded
  CHECK(ends == oracle_ends(s, cell(s, "0,0"), 1, 12, 0, 2));
  s.put(pid(s, 1, 0), cell(s, "1,-1"), kOpenMelee);
  s.put(pid(s, 1, 1), cell(s, "-1,0"), kOpenMelee);
  s.put(pid(s, 1, 2), cell(s, "0,4"), kOpenMelee);
  CHECK(engine_ends(s, hero) == oracle_ends(s, cell(s, "0,0"), 1, 12, 0, 2));
  const int archer = pid(s, 0, 1);
  s.put(archer, cell(s, "5,5"), who(kRangedHero, kRock, kYin));
  CHECK(engine_ends(s, archer) == oracle_ends(s, cell(s, "5,5"), 6, 6, 0, 2));
  const int healer = pid(s, 0, 2);
  s.put(healer, cell(s, "-5,-3"), who(kHealer, kPaper, kYin));
  CHECK(engine_ends(s, healer) == oracle_ends(s, cell(s, "-5,-3"), 6, 6, 0, 5));
}

TEST_CASE("mizong moves: a move applies the path's end and counts the piece's moves") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int me = pid(s, 0, 0);
  s.put(me, cell(s, "0,0"), kOpenMelee);
  s.put(pid(s, 1, 0), cell(s, "10,10"), kOpenMelee);
  play(s, "select:0,0");
  play(s, "move:6,0");
  CHECK(s.piece_at(cell(s, "6,0")) == me);
  CHECK(s.piece_at(cell(s, "0,0")) == -1);
  CHECK(s.piece(me).moves == 1);
  CHECK(s.activation().piece == -1);  // nothing left to do (no enemy near): the activation ended
  CHECK(s.acted(me));
  CHECK(legal_strings(s) == std::vector<std::string>{"end-turn"});  // each piece once a round
}

TEST_CASE(
    "mizong moves: a path may pass back through its start (project ruling); only the end may not be the "
    "start") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int me = pid(s, 0, 0);
  s.put(me, cell(s, "0,0"), kOpenMelee);
  s.set_moves(me, 2);  // the 3rd move: exactly two turns
  CHECK(s.pattern_turns(me) == 2);
  // The only free vertices around: 1,0 and 0,1 beside the start and the ray 0,-1 .. 0,-3.
  const std::vector<std::string> open = {"0,0", "1,0", "0,1", "0,-1", "0,-2", "0,-3"};
  std::set<int> free_cells;
  for (const auto& n : open) free_cells.insert(cell(s, n));
  int k = 0;
  for (int c : free_cells)
    for (int d = 0; d < 6; ++d) {
      const int x = s.geo().nb[c][d];
      if (x >= 0 && !free_cells.count(x) && s.piece_at(x) < 0) s.put(pid(s, 1, k++), x, kOpenMelee);
    }
  // 1 east, 1 down-left (back beside the start), then 4 up-left through the start: the one
  // walk of 6 steps with two turns.
  CHECK(engine_ends(s, me) == std::vector<std::string>{"0,-3"});
  CHECK(engine_ends(s, me) == oracle_ends(s, cell(s, "0,0"), 6, 6, 2, 2));
  play(s, "select:0,0");
  CHECK(s.is_legal(s.string_to_action("move:0,-3")));
  play(s, "move:0,-3");
  CHECK(s.piece(me).cell == cell(s, "0,-3"));
}

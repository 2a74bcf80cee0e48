// The deadlock rule (option `blocked_target`): a seat whose target triangle is full of its own
// pieces and its home seat's wins at the end of its turn; other mixes and the option off do not.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/checkers/checkers.h"
#include "tests/checkers/position.h"

using namespace qilab;
using namespace qilab::checkers;

namespace {

Checkers make(int players, const std::string& blocked) {  // blocked: off | win | stuck
  Options o(Checkers::option_specs());
  o.set_from_text("players", std::to_string(players), "test");
  o.set_from_text("blocked_target", blocked, "test");
  return Checkers(o);
}

State position(const Checkers& g, const std::map<int, std::vector<int>>& cells) {
  return testing::checkers_position(g, cells, 0, 40);
}

const auto& tri = kStar.triangle_cells;

// A hole of triangle 3 with a neighbour outside it, the neighbour, and the step between them.
struct Entry {
  int hole, from;
  Action step;
};
Entry entry() {
  for (int h : tri[3])
    for (int d = 0; d < star::kDirections; ++d) {
      const int n = kStar.neighbour[h][d];
      if (n < 0 || kStar.triangle_board(3).test(n)) continue;
      for (int e = 0; e < star::kDirections; ++e)
        if (kStar.neighbour[n][e] == h) return {h, n, n * star::kDirections + e};
    }
  FAIL("triangle 3 has no entry");
  return {};
}

// Seat 0 aims at triangle 3: `holders` (seat -> count) hold that many of its holes (those next
// to the central hexagon, or at_tip those at the tip), seat 0 the rest but one, and a piece of
// seat 0 stands a step from that last free hole. Every other piece stands on the central hexagon.
std::map<int, std::vector<int>> nearly_blocked(int players, const std::map<int, int>& holders,
                                               bool at_tip = false) {
  const Entry e = entry();
  std::map<int, std::vector<int>> cells;
  std::set<int> used = {e.hole, e.from};
  cells[0].push_back(e.from);
  // The holders' holes: next to the central hexagon first, or (at_tip) the tip's first.
  std::vector<int> holes(tri[3].begin(), tri[3].end());
  std::stable_sort(holes.begin(), holes.end(), [&](int a, int b) {
    const int da = kStar.distance(a, kStar.centre), db = kStar.distance(b, kStar.centre);
    return at_tip ? da > db : da < db;
  });
  int k = 0;
  for (const auto& [seat, count] : holders)
    for (int i = 0; i < count; ++i) {
      while (used.count(holes[k])) ++k;
      cells[seat].push_back(holes[k]);
      used.insert(holes[k]);
    }
  for (int c : tri[3])
    if (!used.count(c)) {
      cells[0].push_back(c);
      used.insert(c);
    }
  // Everyone's remaining pieces on the central hexagon, away from the used holes.
  int c = kStar.centre - 20;
  for (int seat = 0; seat < players; ++seat)
    while (cells[seat].size() < kPiecesPerPlayer) {
      while (used.count(c) || kStar.triangle_board(3).test(c)) ++c;
      cells[seat].push_back(c);
      used.insert(c);
    }
  return cells;
}

}  // namespace

TEST_CASE("blocked_target: a target full of own pieces and the home seat's wins at once") {
  const Checkers g = make(2, "win");
  State s = position(g, nearly_blocked(2, {{1, 3}}));
  REQUIRE_FALSE(s.is_terminal());
  REQUIRE(s.target_home_seat(0) == 1);
  s.apply(entry().step);
  CHECK(s.is_terminal());
  CHECK(s.winner() == 0);
  CHECK(s.ending() == "blocked_target");
  CHECK(s.returns() == Values{1, -1});
  CHECK(s.render_text().find("Winner: 0 (blocked target)") != std::string::npos);
  // The position reads back with its winner.
  CHECK(g.state_from_json(s.to_json()) == s);
}

TEST_CASE("blocked_target: off, the same move wins nothing (OpenSpiel's rules)") {
  const Checkers g = make(2, "off");
  State s = position(g, nearly_blocked(2, {{1, 3}}));
  s.apply(entry().step);
  CHECK_FALSE(s.is_terminal());
  CHECK(s.winner() == -1);
  CHECK(s.ending() == "");
  // And a position claiming that win is refused.
  nlohmann::json j = s.to_json();
  j["winner"] = 0;
  CHECK_THROWS_WITH(g.state_from_json(j), doctest::Contains("does not fill its target triangle"));
}

TEST_CASE("blocked_target: a full target holding another seat's piece does not win") {
  // Four seats: seat 0's target is triangle 3, home of seat 2. One blocker of seat 1 (a seat
  // that could leave) keeps the triangle from counting as blocked.
  const Checkers g = make(4, "win");
  State s = position(g, nearly_blocked(4, {{1, 1}, {2, 2}}));
  REQUIRE(s.target_home_seat(0) == 2);
  s.apply(entry().step);
  CHECK_FALSE(s.is_terminal());
  CHECK(s.ending() == "");
  // Only home-seat blockers: the same count of holes wins.
  State t = position(g, nearly_blocked(4, {{2, 3}}));
  t.apply(entry().step);
  CHECK(t.ending() == "blocked_target");
  CHECK(t.returns() == Values{3, -1, -1, -1});
}

TEST_CASE("blocked_target: the opening position (no own piece in the target) does not win") {
  const Checkers g = make(2, "win");
  State s = g.initial_state();
  ActionList moves;
  s.legal_actions(moves);
  s.apply(moves[0]);
  CHECK_FALSE(s.is_terminal());
  // Three seats: no seat's target is another's home, so the rule never applies.
  CHECK(make(3, "win").initial_state().target_home_seat(0) == -1);
}

TEST_CASE("blocked_target = stuck: only home-seat blockers that can neither step nor hop") {
  const Checkers g = make(2, "stuck");
  // Blockers next to the hexagon can still step out: no win.
  State s = position(g, nearly_blocked(2, {{1, 3}}));
  s.apply(entry().step);
  CHECK_FALSE(s.is_terminal());
  // The same under `win` wins (the first test case).
  // Blockers at the tip, walled in by the full triangle: a win.
  State t = position(g, nearly_blocked(2, {{1, 3}}, true));
  REQUIRE_FALSE(t.is_terminal());
  t.apply(entry().step);
  CHECK(t.is_terminal());
  CHECK(t.ending() == "blocked_target");
  CHECK(t.returns() == Values{1, -1});
  // `win` takes the tip case too.
  State w = position(make(2, "win"), nearly_blocked(2, {{1, 3}}, true));
  w.apply(entry().step);
  CHECK(w.ending() == "blocked_target");
}

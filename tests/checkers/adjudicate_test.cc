// The turn cap's adjudication (option `adjudicate`) and the ending a game had: hand-built
// positions at the cap with the exact returns each choice gives.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "engine/checkers/checkers.h"
#include "engine/core/error.h"
#include "tests/checkers/position.h"

using namespace qilab;
using namespace qilab::checkers;

namespace {

Checkers make(int players, const std::string& adjudicate, int max_turns = 50) {
  Options o(Checkers::option_specs());
  o.set_from_text("players", std::to_string(players), "test");
  o.set_from_text("max_turns", std::to_string(max_turns), "test");
  o.set_from_text("adjudicate", adjudicate, "test");
  return Checkers(o);
}

// A position from seat -> cells after `turns` turns, seat 0 to move.
State position(const Checkers& g, const std::map<int, std::vector<int>>& cells, int turns) {
  return testing::checkers_position(g, cells, 0, turns);
}

const auto& tri = kStar.triangle_cells;

// Two seats (triangles 0 and 3; seat 0's target is triangle 3, seat 1's is 0). Seat 0 has 3
// pieces in its target and 7 at home; seat 1 has 2 in its target, 7 on the centre and the six
// holes around it and 1 at home: it is nearer its target by distance, while seat 0 has more
// pieces in its target.
std::map<int, std::vector<int>> split_position() {
  std::vector<int> zero = {tri[3][0], tri[3][1], tri[3][2]};
  for (int i = 3; i < 10; ++i) zero.push_back(tri[0][i]);
  std::vector<int> one = {tri[0][0], tri[0][1], kStar.centre};
  for (int d = 0; d < star::kDirections; ++d) one.push_back(kStar.neighbour[kStar.centre][d]);
  one.push_back(tri[3][9]);
  return {{0, zero}, {1, one}};
}

}  // namespace

TEST_CASE("adjudicate: the turn cap by evaluation, by material, or a draw") {
  const auto cells = split_position();
  const State none = position(make(2, "none"), cells, 50);
  const State eval = position(make(2, "evaluation"), cells, 50);
  const State material = position(make(2, "material"), cells, 50);
  REQUIRE(none.is_terminal());
  // The position's facts the adjudication reads.
  REQUIRE(none.distance_to_target(1) < none.distance_to_target(0));
  CHECK(none.returns() == Values{0, 0});
  CHECK(eval.returns() == Values{-1, 1});      // seat 1 is nearer its target
  CHECK(material.returns() == Values{1, -1});  // seat 0 has 3 pieces in its target, seat 1 two
  for (const State* s : {&none, &eval, &material}) CHECK(s->ending() == "cap");
  CHECK(none.render_text().find("Drawn at the turn limit") != std::string::npos);
  CHECK(eval.render_text().find("Winner at the turn limit (adjudicated): 1") != std::string::npos);
  CHECK(eval.evaluate() == eval.returns());
  // Before the cap nothing is adjudicated.
  const State going = position(make(2, "material"), cells, 49);
  CHECK_FALSE(going.is_terminal());
  CHECK(going.ending() == "");
  CHECK(going.returns() == Values{0, 0});
}

TEST_CASE("adjudicate: a tie at the cap gives every return 0") {
  // The opening position of three seats at the cap: every seat is as far from its target,
  // and none has a piece in it.
  for (const char* how : {"evaluation", "material"}) {
    const Checkers g = make(3, how, 1);
    nlohmann::json j = g.initial_state().to_json();
    j["turns"] = 1;
    const State s = g.state_from_json(j);
    REQUIRE(s.is_terminal());
    CHECK(s.ending() == "cap");
    CHECK(s.returns() == Values{0, 0, 0});
  }
}

TEST_CASE("adjudicate: a filled target ends with 'target', whatever the option") {
  std::vector<int> zero(tri[3].begin(), tri[3].end());
  for (const char* how : {"none", "evaluation", "material"}) {
    const Checkers g = make(2, how);
    nlohmann::json j = {{"game", "checkers"}, {"players", 2},        {"current", 1},
                        {"turns", 7},         {"hop_from", nullptr}, {"visited", nlohmann::json::array()},
                        {"winner", 0}};
    std::string board(kCells, '.');
    for (int c : zero) board[c] = '0';
    for (int c : tri[1]) board[c] = '1';
    j["board"] = board;
    const State s = g.state_from_json(j);
    CHECK(s.is_terminal());
    CHECK(s.ending() == "target");
    CHECK(s.returns() == Values{1, -1});
  }
}

TEST_CASE("adjudicate: a bad choice is refused naming the option") {
  Options o(Checkers::option_specs());
  CHECK_THROWS_WITH_AS(o.set_from_text("adjudicate", "points", "test"), doctest::Contains("adjudicate"),
                       Error);
}

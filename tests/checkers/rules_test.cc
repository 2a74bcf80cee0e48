// Rule tests for checkers: hand-built positions with the exact legal moves and outcomes
// of the reference semantics (docs/rules/checkers.md).
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "engine/checkers/checkers.h"
#include "engine/core/error.h"
#include "tests/checkers/position.h"

using namespace qilab;
using namespace qilab::checkers;

namespace {

Checkers make(int players, int max_turns = 1000) {
  Options o(Checkers::option_specs());
  o.set_from_text("players", std::to_string(players), "test");
  o.set_from_text("max_turns", std::to_string(max_turns), "test");
  return Checkers(o);
}

// A position from seat -> cells; seat `current` to move.
State position(const Checkers& g, const std::map<int, std::vector<int>>& cells, int current = 0) {
  return testing::checkers_position(g, cells, current);
}

std::vector<std::string> legal(const State& s) {
  ActionList list;
  s.legal_actions(list);
  std::vector<std::string> out;
  for (Action a : list) out.push_back(s.action_to_string(a));
  return out;
}

std::vector<int> range(int lo, int hi) {
  std::vector<int> v;
  for (int i = lo; i <= hi; ++i) v.push_back(i);
  return v;
}

Action act(const State& s, const char* text) {
  Action a = s.string_to_action(text);
  REQUIRE(s.is_legal(a));
  return a;
}

}  // namespace

TEST_CASE("the opening position has 14 moves for the north seat, in action order") {
  auto g = make(2);
  State s = g.initial_state();
  CHECK(s.current_player() == 0);
  CHECK(legal(s) == std::vector<std::string>{"3=>14", "3=>16", "4=>15", "4=>17", "5=>16", "5=>18", "6->14",
                                             "6->15", "7->15", "7->16", "8->16", "8->17", "9->17", "9->18"});
  ActionList list;
  s.legal_actions(list);
  CHECK(std::is_sorted(list.begin(), list.end()));
  CHECK(list[0] == 3 * 6 + 4);  // cell 3, down-left
}

TEST_CASE("seats sit on the reference's triangles and aim at the opposite one") {
  CHECK(seat_triangles(2)[1] == 3);
  CHECK(seat_triangles(3)[2] == 4);
  CHECK(seat_triangles(4)[1] == 1);
  auto g = make(4);
  State s = g.initial_state();
  CHECK(s.home_triangle(2) == 3);
  CHECK(s.target_triangle(2) == 0);
  CHECK(s.owner(19) == 1);
  CHECK(s.owner(65) == 3);
  CHECK(s.owner(74) == -1);  // the south-east triangle is empty with four players
  CHECK_THROWS_AS(make(5), Error);
}

TEST_CASE("a step moves to an adjacent empty hole and ends the turn") {
  auto g = make(2);
  State s = g.initial_state();
  s.apply(act(s, "6->14"));
  CHECK(s.current_player() == 1);
  CHECK(s.turns() == 1);
  CHECK(s.owner(14) == 0);
  CHECK(s.owner(6) == -1);
}

TEST_CASE("a hop may go on over any piece, never back to a visited hole; pass ends it") {
  auto g = make(2);
  // Seat 0 at 38 hops over its own 49 to 59; from there over 60 or 69 (opponents) to 61 or 80.
  State s = position(
      g, {{0, {38, 49, 0, 1, 2, 3, 4, 5, 6, 7}}, {1, {60, 69, 111, 112, 113, 114, 115, 116, 117, 118}}});
  s.apply(act(s, "38=>59"));
  CHECK(s.current_player() == 0);
  CHECK(s.hop_from() == 59);
  // Back over 49 to 38 is excluded: 38 was visited this turn. No steps mid-chain.
  CHECK(legal(s) == std::vector<std::string>{"59=>61", "59=>80", "Pass"});
  CHECK_FALSE(s.is_legal(59 * 6 + 0));
  CHECK_FALSE(s.is_legal(59 * 6 + 2));  // a step left to 58
  CHECK_FALSE(s.is_legal(49 * 6 + 2));  // another piece may not move mid-chain
  State on = s;
  on.apply(act(on, "59=>80"));
  CHECK(on.current_player() == 1);  // from 80 nothing is left to hop over
  s.apply(act(s, "Pass"));
  CHECK(s.current_player() == 1);
  CHECK(s.hop_from() == -1);
  CHECK(s.owner(59) == 0);
  CHECK(s.turns() == 1);
  CHECK(s.move_number() == 2);
}

TEST_CASE("the turn ends by itself when no continuation exists") {
  auto g = make(2);
  State s = position(g, {{0, range(0, 9)}, {1, {14, 111, 112, 113, 114, 115, 116, 117, 118, 119}}});
  // 6 hops over 14 (down-left) to 26; from 26 there is nothing to hop over.
  s.apply(act(s, "6=>26"));
  CHECK(s.current_player() == 1);
  CHECK(s.owner(26) == 0);
  CHECK(s.turns() == 1);
}

TEST_CASE("pass at the start of a turn only when no move exists") {
  auto g = make(3);
  // Seat 0 fills its home; row 4 (14-18) and the hop landings of row 5 (26-31) are blocked.
  State s = position(g, {{0, range(0, 9)},
                         {1, {14, 15, 16, 17, 18, 26, 27, 28, 29, 30}},
                         {2, {31, 65, 75, 76, 86, 87, 88, 98, 99, 100}}});
  CHECK(legal(s) == std::vector<std::string>{"Pass"});
  s.apply(kPass);
  CHECK(s.current_player() == 1);
  State t = g.initial_state();
  CHECK_FALSE(t.is_legal(kPass));
}

TEST_CASE("filling the target triangle at the end of one's own turn wins") {
  auto g = make(2);
  State s = position(g, {{0, {102, 112, 113, 114, 115, 116, 117, 118, 119, 120}}, {1, range(0, 9)}});
  CHECK_FALSE(s.is_terminal());
  s.apply(act(s, "102->111"));
  CHECK(s.is_terminal());
  CHECK(s.winner() == 0);
  CHECK(s.current_player() == kTerminalPlayer);
  Values r = s.returns();
  CHECK(r[0] == 1.0);
  CHECK(r[1] == -1.0);
  ActionList list;
  s.legal_actions(list);
  CHECK(list.empty());
}

TEST_CASE("a six-player win pays n-1 to the winner and -1 to the others") {
  auto g = make(6);
  State s = g.initial_state();
  // Seat 3 (south) already in the north: rebuild so seat 0 finishes from 102.
  std::string board(kCells, '.');
  for (int c : {102, 112, 113, 114, 115, 116, 117, 118, 119, 120}) board[c] = '0';
  for (int c : range(0, 9)) board[c] = '3';
  const int homes[4][10] = {{19, 20, 21, 22, 32, 33, 34, 44, 45, 55},
                            {74, 84, 85, 95, 96, 97, 107, 108, 109, 110},
                            {65, 75, 76, 86, 87, 88, 98, 99, 100, 101},
                            {10, 11, 12, 13, 23, 24, 25, 35, 36, 46}};
  const char seats[4] = {'1', '2', '4', '5'};
  for (int k = 0; k < 4; ++k)
    for (int c : homes[k]) board[c] = seats[k];
  s = g.state_from_json(testing::checkers_position_json(6, board));
  s.apply(s.string_to_action("102->111"));
  Values r = s.returns();
  CHECK(r[0] == 5.0);
  for (int p = 1; p < 6; ++p) CHECK(r[p] == -1.0);
}

TEST_CASE("the win is judged when the turn ends, not mid-chain") {
  auto g = make(2);
  const std::vector<int> almost = {91, 111, 112, 114, 115, 116, 117, 118, 119, 120};  // 113 missing
  // 91 hops over 104 into 113; with 105 occupied and 93 empty the chain may go on.
  State s = position(g, {{0, almost}, {1, {104, 105, 0, 1, 2, 3, 4, 5, 6, 7}}});
  s.apply(act(s, "91=>113"));
  CHECK_FALSE(s.is_terminal());
  CHECK(s.current_player() == 0);
  CHECK(legal(s) == std::vector<std::string>{"113=>93", "Pass"});
  s.apply(kPass);
  CHECK(s.winner() == 0);
  CHECK(s.is_terminal());
  // Without a continuation the turn ends on landing, and the win with it.
  State t = position(g, {{0, almost}, {1, {104, 0, 1, 2, 3, 4, 5, 6, 7, 8}}});
  t.apply(act(t, "91=>113"));
  CHECK(t.winner() == 0);
}

TEST_CASE("an opponent sitting in the target triangle blocks the win") {
  auto g = make(2);
  State s = position(
      g, {{0, {102, 112, 113, 114, 115, 116, 117, 118, 119, 101}}, {1, {120, 0, 1, 2, 3, 4, 5, 6, 7, 8}}});
  s.apply(act(s, "102->111"));
  CHECK_FALSE(s.is_terminal());
  CHECK(s.winner() == -1);
}

TEST_CASE("the turn cap ends the game with all returns 0, counting turns not hops") {
  auto g = make(2, 3);
  State s = g.initial_state();
  s.apply(act(s, "6->14"));
  s.apply(act(s, "111->102"));
  CHECK_FALSE(s.is_terminal());
  s.apply(act(s, "7->16"));
  CHECK(s.is_terminal());
  CHECK(s.turns() == 3);
  Values r = s.returns();
  CHECK(r[0] == 0.0);
  CHECK(r[1] == 0.0);
  CHECK(s.current_player() == kTerminalPlayer);
}

TEST_CASE("notation both ways; bad notation is an error") {
  auto g = make(2);
  State s = g.initial_state();
  CHECK(s.string_to_action("Pass") == kPass);
  CHECK(s.string_to_action("6->14") == 6 * 6 + 4);
  CHECK(s.string_to_action("3=>14") == 3 * 6 + 4);
  CHECK(s.action_to_string(kPass) == "Pass");
  CHECK_THROWS_WITH_AS(s.string_to_action("6->30"), "checkers action '6->30': cells are not adjacent", Error);
  CHECK_THROWS_AS(s.string_to_action("a->b"), Error);
  CHECK_THROWS_AS(s.string_to_action("200->14"), Error);
  CHECK_THROWS_AS(s.string_to_action("hello"), Error);
  CHECK_FALSE(s.is_legal(-1));
  CHECK_FALSE(s.is_legal(727));
  CHECK_FALSE(s.is_legal(0 * 6 + 4));  // 0 down-left onto own piece 1: neither step nor hop (3 is own)
}

TEST_CASE("positions: JSON round-trip and malformed positions rejected by field") {
  auto g = make(3);
  State s = g.initial_state();
  s.apply(s.string_to_action("7->15"));
  State back = g.state_from_json(s.to_json());
  CHECK(back == s);
  auto j = s.to_json();
  j["board"] = "...";
  CHECK_THROWS_WITH_AS(
      g.state_from_json(j),
      "checkers position: /board: expected a string of 121 characters ('.' or a seat digit), got 3", Error);
  j = s.to_json();
  j["players"] = 2;
  CHECK_THROWS_AS(g.state_from_json(j), Error);
  j = s.to_json();
  j["colour"] = 1;
  CHECK_THROWS_WITH_AS(g.state_from_json(j),
                       "checkers position: /colour: unknown field (expected one of game, players, board, "
                       "current, turns, moves, hop_from, visited, winner)",
                       Error);
  j = s.to_json();
  std::string b = j["board"];
  b[60] = '0';
  j["board"] = b;
  CHECK_THROWS_WITH_AS(g.state_from_json(j), "checkers position: /board: seat 0 has 11 pieces, expected 10",
                       Error);
  j = s.to_json();
  j["current"] = 3;
  CHECK_THROWS_AS(g.state_from_json(j), Error);
  j = s.to_json();
  j["winner"] = 1;
  CHECK_THROWS_AS(g.state_from_json(j), Error);
  CHECK_THROWS_AS(g.state_from_json(nlohmann::json::array()), Error);
}

TEST_CASE("evaluation: progress share, zero-sum, higher for the seat further ahead") {
  auto g = make(2);
  State s = g.initial_state();
  Values v = s.evaluate();
  CHECK(v[0] == 0.0);
  s.apply(s.string_to_action("6->14"));
  v = s.evaluate();
  CHECK(v[0] > v[1]);
  CHECK(v[0] + v[1] == doctest::Approx(0.0));
  CHECK(s.distance_to_target(0) < g.initial_state().distance_to_target(0));
  State done = position(g, {{0, range(111, 120)}, {1, range(0, 9)}});
  CHECK(done.distance_to_target(0) == 20);
}

TEST_CASE("random_action draws every legal action, uniformly, and nothing else") {
  auto g = make(2);
  auto check_uniform = [](const State& s) {
    ActionList list;
    s.legal_actions(list);
    std::map<Action, int> counts;
    Rng rng(5);
    const int draws = 2000 * list.size();
    for (int i = 0; i < draws; ++i) ++counts[s.random_action(rng)];
    REQUIRE(counts.size() == static_cast<std::size_t>(list.size()));
    for (Action a : list) {
      CAPTURE(a);
      CHECK(counts[a] > 2000 - 200);  // about 4.5 standard deviations
      CHECK(counts[a] < 2000 + 200);
    }
  };
  check_uniform(g.initial_state());
  // Mid-chain: the continuations and pass.
  State chain = position(
      g, {{0, {38, 49, 0, 1, 2, 3, 4, 5, 6, 7}}, {1, {60, 69, 111, 112, 113, 114, 115, 116, 117, 118}}});
  chain.apply(chain.string_to_action("38=>59"));
  check_uniform(chain);
  // Few moves among many blocked pieces: the fallback to the list keeps it uniform.
  auto g3 = make(3);
  State blocked = position(g3, {{0, range(0, 9)},
                                {1, {14, 15, 16, 17, 18, 26, 27, 28, 29, 19}},
                                {2, {31, 65, 75, 76, 86, 87, 88, 98, 99, 100}}});
  check_uniform(blocked);
}

// How a guifa game ends (State::ending(): "scepter", "source", "cap") and what the turn cap
// gives under the option `adjudicate` (docs/rules/guifa.md, "End and returns").
#include "tests/guifa/helpers.h"

using namespace guifa_test;

namespace {

Guifa make_capped(int players, const std::string& teams, const std::string& adjudicate) {
  Options o(Guifa::option_specs());
  o.set_from_text("players", std::to_string(players), "test");
  o.set_from_text("teams", teams, "test");
  o.set_from_text("max_turns", "10", "test");
  o.set_from_text("adjudicate", adjudicate, "test");
  return Guifa(o);
}

// The position one turn before the cap (turn 9 of 10), seat 0 to move.
State before_cap(const Guifa& g, const std::vector<P>& pieces) {
  nlohmann::json j = position_json(g, pieces);
  j["turns"] = 9;
  return g.state_from_json(j);
}

// Seat 0: scepter, elementalist and necromancer; seat 1 its scepter alone (2 players).
const std::vector<P> kAhead = {{"e1", 'Z', 0}, {"a1", 'E', 0}, {"i1", 'N', 0}, {"e9", 'Z', 1}};
const std::vector<P> kEven = {{"e1", 'Z', 0}, {"e9", 'Z', 1}};

}  // namespace

TEST_CASE("ending: the last enemy scepter taken is 'scepter'; a scepter winning on the source is 'source'") {
  const Guifa g = make(2);
  State s = position(g, {{"c3", 'Z', 0}, {"c4", 'Z', 1}});
  CHECK(s.ending() == "");
  play(s, "c3xc4");
  CHECK(s.ending() == "scepter");
  const Guifa four = make(4);
  State t = position(four, {{"e1", 'Z', 0}, {"f5", 'Z', 1}, {"e9", 'Z', 2}, {"a5", 'Z', 3}}, 1);
  play(t, "f5-e5");
  REQUIRE(t.is_terminal());
  CHECK(t.ending() == "source");
}

TEST_CASE("adjudicate = none (the default): the turn cap is a draw, ending 'cap'") {
  const Guifa g = make_capped(2, "alliance", "none");
  State s = before_cap(g, kAhead);
  play(s, "e1-e2");
  REQUIRE(s.is_terminal());
  CHECK(s.ending() == "cap");
  CHECK(s.winner() == -1);
  CHECK(s.returns() == Values{});
}

TEST_CASE("adjudicate = material: more live pieces by over 10% of the two counts wins") {
  const Guifa g = make_capped(2, "alliance", "material");
  State s = before_cap(g, kAhead);
  play(s, "e1-e2");
  REQUIRE(s.is_terminal());
  CHECK(s.ending() == "cap");
  CHECK(s.adjudicated_team() == 0);
  CHECK(s.returns() == Values{1, -1});
  CHECK(s.evaluate() == s.returns());
  // Equal counts: a draw.
  State even = before_cap(g, kEven);
  play(even, "e1-e2");
  CHECK(even.returns() == Values{});
  // Free-for-all: the seat with the most pieces takes n - 1 against -1 each.
  const Guifa ffa = make_capped(4, "free_for_all", "material");
  State f = before_cap(
      ffa, {{"e1", 'Z', 0}, {"a1", 'E', 0}, {"i1", 'N', 0}, {"i5", 'Z', 1}, {"e9", 'Z', 2}, {"a5", 'Z', 3}});
  play(f, "e1-e2");
  REQUIRE(f.is_terminal());
  CHECK(f.returns() == Values{3, -1, -1, -1});
  // Two seats tied for the lead: a draw.
  State tie = before_cap(
      ffa, {{"e1", 'Z', 0}, {"a1", 'E', 0}, {"i5", 'Z', 1}, {"i9", 'N', 1}, {"e9", 'Z', 2}, {"a5", 'Z', 3}});
  play(tie, "e1-e2");
  CHECK(tie.returns() == Values{});
}

TEST_CASE("adjudicate = evaluation: a lead of over one pawn in the evaluation's team score wins") {
  const Guifa g = make_capped(2, "alliance", "evaluation");
  State s = before_cap(g, kAhead);
  const auto score = s.team_scores();
  CHECK(score[0] - score[1] > 1.0);
  play(s, "e1-e2");
  CHECK(s.returns() == Values{1, -1});
  State even = before_cap(g, kEven);
  play(even, "e1-e2");  // the scepters stand as far from the source; seat 0 one step nearer
  const auto after = even.team_scores();
  REQUIRE(after[0] - after[1] <= 1.0);
  CHECK(even.returns() == Values{});
}

TEST_CASE("adjudicate: a bad choice is refused naming the option") {
  Options o(Guifa::option_specs());
  CHECK_THROWS_WITH_AS(o.set_from_text("adjudicate", "hp", "test"), doctest::Contains("adjudicate"), Error);
}

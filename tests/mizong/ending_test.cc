// How a mizong game ends (State::ending(): "centre", "annihilation", "round_cap") and how the
// round cap ranks the unplaced teams under the option `adjudicate` (docs/rules/mizong.md).
#include <doctest/doctest.h>

#include "engine/core/error.h"
#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

namespace {

void round(State& s) { end_turns(s, 6); }

// One piece per seat on its star point's tip, seats 3 and 4 hurt (60 and 30 of 66 sixths),
// played to the round cap of 2.
State capped(const std::string& adjudicate) {
  auto g = make_game({{"round_cap", "2"}, {"adjudicate", adjudicate}});
  State s = empty(g);
  for (int p = 0; p < 6; ++p) s.put(pid(s, p, 0), s.geo().home[p][0], who(kMelee, kRock, kYang));
  s.set_hp(pid(s, 3, 0), 60);
  s.set_hp(pid(s, 4, 0), 30);
  round(s);
  CHECK(s.ending() == "");
  round(s);
  REQUIRE(s.is_terminal());
  CHECK(s.ending() == "round_cap");
  return s;
}

}  // namespace

TEST_CASE("mizong ending: the last teams annihilated is 'annihilation'") {
  auto g = make_game();
  State s = empty(g);
  s.put(pid(s, 0, 0), s.geo().at(0, 0), who(kMeleeHero, kRock, kYang));
  const int dq[5] = {1, 0, -1, -1, 0}, dr[5] = {0, 1, 1, 0, -1};
  for (int p = 1; p < 6; ++p) {
    s.put(pid(s, p, 0), s.geo().at(dq[p - 1], dr[p - 1]), who(kMelee, kScissors, kYang));
    s.set_hp(pid(s, p, 0), 1);
  }
  play(s, "select:0,0");
  for (const char* target : {"attack:1,0", "attack:0,1", "attack:-1,1", "attack:-1,0"}) play(s, target);
  CHECK(s.ending() == "");
  play(s, "attack:0,-1");
  REQUIRE(s.is_terminal());
  CHECK(s.ending() == "annihilation");
  CHECK(s.to_json()["ending"] == "annihilation");
}

TEST_CASE("mizong ending: the position JSON writes it once over and reads it back") {
  auto g = make_game({{"round_cap", "1"}});
  State s = g.initial_state();
  CHECK_FALSE(s.to_json().contains("ending"));
  round(s);
  REQUIRE(s.is_terminal());
  nlohmann::json j = s.to_json();
  CHECK(j["ending"] == "round_cap");
  CHECK(g.state_from_json(j).ending() == "round_cap");
  j.erase("ending");  // optional: at the round cap it is read as round_cap
  CHECK(g.state_from_json(j).ending() == "round_cap");
  j["ending"] = "annihilation";
  CHECK(g.state_from_json(j).ending() == "annihilation");
  j["ending"] = "stalemate";
  CHECK_THROWS_WITH_AS(g.state_from_json(j), doctest::Contains("ending"), Error);
  // Over before the cap with no ending given: unknown, and not written back.
  auto longer = make_game({{"round_cap", "2"}});
  State t = longer.initial_state();
  round(t);
  round(t);
  REQUIRE(t.is_terminal());
  nlohmann::json early = t.to_json();
  early.erase("ending");
  early["round"] = 1;
  const State u = longer.state_from_json(early);
  CHECK(u.ending() == "");
  CHECK_FALSE(u.to_json().contains("ending"));
  nlohmann::json going = g.initial_state().to_json();
  going["ending"] = "centre";
  CHECK_THROWS_WITH_AS(g.state_from_json(going), doctest::Contains("only when the game is over"), Error);
}

TEST_CASE("mizong ending: a centre win that ends the game is 'centre'") {
  auto g = make_game({{"stop_at_first_winner", "true"}, {"centre_rounds", "2"}});
  State s = empty(g);
  s.put(pid(s, 0, 0), s.geo().centre, who(kMelee, kRock, kYang));
  for (int p = 1; p < 6; ++p) s.put(pid(s, p, 0), s.geo().home[p][0], who(kMelee, kRock, kYang));
  round(s);
  round(s);
  REQUIRE(s.is_terminal());
  CHECK(s.ending() == "centre");
  // 3v3: the first team's centre win leaves one team unplaced, which ends the game.
  auto teams = make_game({{"teams", "3v3"}, {"centre_rounds", "1"}});
  State t = empty(teams);
  t.put(pid(t, 0, 0), t.geo().centre, who(kMelee, kRock, kYang));
  for (int p = 1; p < 6; ++p) t.put(pid(t, p, 0), t.geo().home[p][0], who(kMelee, kRock, kYang));
  round(t);
  REQUIRE(t.is_terminal());
  CHECK(t.ending() == "centre");
}

TEST_CASE("mizong adjudicate = material (the default): the round cap ranks by remaining HP") {
  const State s = capped("material");
  CHECK(s.place(0) == 2.5);  // four seats at 66 share places 1-4
  CHECK(s.place(3) == 5);
  CHECK(s.place(4) == 6);
}

TEST_CASE("mizong adjudicate = none: the unplaced share every place left") {
  const State s = capped("none");
  for (int p = 0; p < 6; ++p) CHECK(s.place(p) == 3.5);
  CHECK(s.returns() == Values{0, 0, 0, 0, 0, 0});
}

TEST_CASE("mizong adjudicate = evaluation: scores within 0.05 of the next share places") {
  // The scores before the cap: HP 66, 60 and 30 of an army's 10 x 54 sixths, the rest equal.
  auto g = make_game({{"round_cap", "2"}, {"adjudicate", "evaluation"}});
  State before = empty(g);
  for (int p = 0; p < 6; ++p)
    before.put(pid(before, p, 0), before.geo().home[p][0], who(kMelee, kRock, kYang));
  before.set_hp(pid(before, 3, 0), 60);
  before.set_hp(pid(before, 4, 0), 30);
  const auto score = before.team_scores();
  REQUIRE(score[0] - score[3] <= kAdjudicateMargin);
  REQUIRE(score[3] - score[4] > kAdjudicateMargin);
  const State s = capped("evaluation");
  CHECK(s.place(0) == 3);  // seats 0, 1, 2, 5 and 3 share places 1-5
  CHECK(s.place(3) == 3);
  CHECK(s.place(4) == 6);
  CHECK(s.returns()[0] == doctest::Approx(0.2));
  CHECK(s.returns()[4] == doctest::Approx(-1.0));
}

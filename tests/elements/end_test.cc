// How an elements game ends (State::ending(): "base", "cap") and what the round cap gives
// under the options `adjudicate` and `cap_result` (docs/rules/elements.md, "End").
#include "tests/elements/helpers.h"

using namespace elements_test;

namespace {

// Round 1 of 1 played out with every hero ending at once, the bases at the given HP.
State capped(const std::vector<std::pair<std::string, std::string>>& opts, int hp0, int hp1) {
  auto o = opts;
  o.emplace_back("max_rounds", "1");
  const Elements g = make(2, o);
  State s = g.initial_state();
  s.set_base_hp(0, hp0);
  s.set_base_hp(1, hp1);
  for (const char* h : {"knight", "assassin", "hunter", "warlock"}) {
    CHECK(s.ending() == "");
    play(s, std::string("select:") + h);
    play(s, "end");
  }
  REQUIRE(s.is_terminal());
  CHECK(s.ending() == "cap");
  return s;
}

}  // namespace

TEST_CASE("ending: a base at 0 HP is 'base'") {
  auto g = make(2, {{"heroes", "warrior,ranger,hunter,warlock"}});
  State s = g.initial_state();
  const int base1 = s.rules().base_cell[1];
  s.put_hero(0, s.grid().step(base1, 2));
  s.set_base_hp(1, 1);
  play(s, "select:warrior");
  play(s, "attack:" + s.grid().name(base1));
  play(s, "roll:0");
  REQUIRE(s.is_terminal());
  CHECK(s.ending() == "base");
}

TEST_CASE("adjudicate = cap_result (the default) keeps cap_result: base HP, or a draw") {
  CHECK(capped({}, 10, 9).returns() == Values{1, -1});
  CHECK(capped({{"cap_result", "draw"}}, 10, 9).returns() == Values{0, 0});
}

TEST_CASE("adjudicate = none or material overrides cap_result") {
  CHECK(capped({{"adjudicate", "none"}}, 10, 9).returns() == Values{0, 0});
  CHECK(capped({{"adjudicate", "material"}, {"cap_result", "draw"}}, 9, 10).returns() == Values{-1, 1});
  CHECK(capped({{"adjudicate", "material"}}, 10, 10).winner() == 2);
}

TEST_CASE("adjudicate = evaluation: the side the evaluation puts ahead by over 0.1 wins") {
  CHECK(capped({{"adjudicate", "evaluation"}}, 10, 2).returns() == Values{1, -1});
  CHECK(capped({{"adjudicate", "evaluation"}, {"cap_result", "base_hp"}}, 2, 10).returns() == Values{-1, 1});
  // The same rule read off the last position before the cap: within the margin it is a draw.
  const Elements g = make(2, {{"max_rounds", "1"}, {"adjudicate", "evaluation"}});
  State s = g.initial_state();
  for (const char* h : {"knight", "assassin", "hunter"}) {
    play(s, std::string("select:") + h);
    play(s, "end");
  }
  play(s, "select:warlock");
  const double v = s.evaluate()[0];
  play(s, "end");
  REQUIRE(s.is_terminal());
  CHECK(s.winner() == (v > kAdjudicateMargin ? 0 : v < -kAdjudicateMargin ? 1 : 2));
}

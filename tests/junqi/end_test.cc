// How a junqi game ends (State::ending()) and what the move caps give under the option
// `adjudicate`: hand-built positions, one move from the end, with exact returns.
#include <doctest/doctest.h>

#include "engine/core/error.h"
#include "helpers.h"

using namespace junqi_test;

namespace {

// The position with seat `seat` already out (its pieces off the board).
template <class G>
State without(const G& g, const State& s, int seat) {
  nlohmann::json j = s.to_json();
  j["eliminated"][seat] = true;
  for (int i = seat * kSlots; i < (seat + 1) * kSlots; ++i) j["pieces"][i]["post"] = nullptr;
  return g.state_from_json(j);
}

// Four seats, each with one regiment ('5', worth 4) and its flag; `extra` adds seat 0's.
std::vector<Put> quiet_armies(std::vector<Put> extra = {}) {
  std::vector<Put> puts = {{0, '5', "a0r2c1"}, {1, '5', "a1r2c1"}, {2, '5', "a2r2c1"}, {3, '5', "a3r2c1"}};
  puts.insert(puts.end(), extra.begin(), extra.end());
  return puts;
}

// The position one quiet move from the no-capture limit (10), seat 0 to move a0r2c1-a0r2c0.
template <class G>
State before_quiet_cap(const G& g, const std::vector<Put>& puts) {
  nlohmann::json j = position(g, puts).to_json();
  j["play_moves"] = 20;
  j["quiet"] = 9;
  return g.state_from_json(j);
}

}  // namespace

TEST_CASE("ending: a taken flag that puts a side's last seat out is 'flag'") {
  auto g = make<Junqi4>();
  State s = without(g, position(g, {{0, '1', "a1r5c0"}, {1, '5', "a1r2c2"}, {2, '5', "a2r2c2"}}), 3);
  CHECK(s.ending() == "");
  s.apply(act(s, "a1r5c0xa1r5c1"));
  REQUIRE(s.is_terminal());
  CHECK(s.ending() == "flag");
  CHECK(s.returns() == Values{2, -2, 2, -2});  // two survivors: 2 x base
  CHECK(s.to_json()["ending"] == "flag");
  CHECK(g.state_from_json(s.to_json()).ending() == "flag");
}

TEST_CASE("ending: a side whose last seat has no legal move is out by 'elimination'") {
  auto g = make<Junqi4>();
  // Seat 1 has only its flag, seat 3 is out: after seat 0's move seat 1 cannot move.
  State s = without(g, position(g, {{0, '5', "a0r2c1"}, {2, '5', "a2r2c1"}}), 3);
  s.apply(act(s, "a0r2c1-a0r2c0"));
  REQUIRE(s.is_terminal());
  CHECK(s.ending() == "elimination");
  CHECK(s.winner_side() == 0);
}

TEST_CASE("ending: a side's last seat resigning is 'resignation'; a forfeit is 'forfeit'") {
  auto g = make<Junqi4>();
  State s = without(g, position(g, quiet_armies(), 1, 60), 3);
  s.apply(act(s, "resign"));
  REQUIRE(s.is_terminal());
  CHECK(s.ending() == "resignation");
  CHECK(s.returns() == Values{2, -2, 2, -2});
  State f = without(g, position(g, quiet_armies()), 3);
  f.forfeit(1);
  CHECK(f.ending() == "forfeit");
}

TEST_CASE("ending: a draw all seats agree to is 'draw_offer'") {
  auto g = make<Junqi4>({{"draw_offers", "true"}});
  State s = deployed(g.initial_state());
  for (int i = 0; i < 4; ++i) s.apply(act(s, "draw"));
  REQUIRE(s.is_terminal());
  CHECK(s.drawn());
  CHECK(s.ending() == "draw_offer");
}

TEST_CASE("ending: the no-capture limit is 'quiet_cap', the move cap 'move_cap', drawn by default") {
  auto g = make<Junqi4>({{"no_capture_limit", "10"}});
  State s = before_quiet_cap(g, quiet_armies({{0, '9', "a0r0c0"}}));
  s.apply(act(s, "a0r2c1-a0r2c0"));
  REQUIRE(s.is_terminal());
  CHECK(s.drawn());  // adjudicate = none: a draw, however far ahead side 0 is
  CHECK(s.ending() == "quiet_cap");
  CHECK(s.returns() == Values{});
  auto capped = make<Junqi4>({{"max_moves", "21"}});
  s = before_quiet_cap(capped, quiet_armies());
  s.apply(act(s, "a0r2c1-a0r2c0"));
  CHECK(s.drawn());
  CHECK(s.ending() == "move_cap");
  // An old position without the field reads its ending off the counters.
  nlohmann::json j = s.to_json();
  j.erase("ending");
  CHECK(capped.state_from_json(j).ending() == "move_cap");
}

TEST_CASE(
    "adjudicate = material: live pieces by worth, the side ahead by over 10% of the sum wins 1 x base") {
  auto g = make<Junqi4>({{"no_capture_limit", "10"}, {"adjudicate", "material"}});
  // Side 0: two regiments (4 each) and a marshal (10) = 18; side 1: two regiments = 8.
  State s = before_quiet_cap(g, quiet_armies({{0, '9', "a0r0c0"}}));
  CHECK(s.adjudication_scores(true) == std::array<double, 2>{18, 8});
  s.apply(act(s, "a0r2c1-a0r2c0"));
  REQUIRE(s.is_terminal());
  CHECK(s.ending() == "quiet_cap");
  CHECK(s.winner_side() == 0);
  CHECK(s.returns() == Values{1, -1, 1, -1});
  CHECK(g.state_from_json(s.to_json()).returns() == s.returns());
  // A platoon (1) ahead: 9 against 8 is within 10% of 17, a draw.
  s = before_quiet_cap(g, quiet_armies({{0, '2', "a0r0c0"}}));
  s.apply(act(s, "a0r2c1-a0r2c0"));
  CHECK(s.drawn());
  CHECK(s.returns() == Values{});
  // The same material on side 1's seat 3 wins for side 1.
  s = before_quiet_cap(g, quiet_armies({{3, '9', "a3r0c0"}}));
  s.apply(act(s, "a0r2c1-a0r2c0"));
  CHECK(s.winner_side() == 1);
  CHECK(s.returns() == Values{-1, 1, -1, 1});
}

TEST_CASE("adjudicate = evaluation: the evaluation's side scores, the same margin") {
  auto g = make<Junqi4>({{"no_capture_limit", "10"}, {"adjudicate", "evaluation"}});
  // Side 0: marshal, corps and division besides the regiments: 20 + 28 and 20 + 4 against
  // 2 x (20 + 4): 72 against 48, a lead of 0.2 of the sum.
  State s = before_quiet_cap(g, quiet_armies({{0, '9', "a0r0c0"}, {0, '8', "a0r0c4"}, {0, '7', "a0r0c2"}}));
  const auto score = s.adjudication_scores(false);
  CHECK(score[0] - score[1] > 0.1 * (score[0] + score[1]));
  s.apply(act(s, "a0r2c1-a0r2c0"));
  REQUIRE(s.is_terminal());
  CHECK(s.ending() == "quiet_cap");
  CHECK(s.returns() == Values{1, -1, 1, -1});
  // Equal armies: a draw.
  s = before_quiet_cap(g, quiet_armies());
  s.apply(act(s, "a0r2c1-a0r2c0"));
  CHECK(s.drawn());
}

TEST_CASE("adjudicate: a position claiming a capped win without the option is refused") {
  auto g = make<Junqi4>({{"no_capture_limit", "10"}, {"adjudicate", "material"}});
  State s = before_quiet_cap(g, quiet_armies({{0, '9', "a0r0c0"}}));
  s.apply(act(s, "a0r2c1-a0r2c0"));
  auto plain = make<Junqi4>({{"no_capture_limit", "10"}});
  CHECK_THROWS_WITH_AS(plain.state_from_json(s.to_json()), doctest::Contains("adjudicate"), Error);
  CHECK_THROWS_WITH_AS(g.state_from_json([&] {
    auto j = s.to_json();
    j["ending"] = "stalemate";
    return j;
  }()),
                       doctest::Contains("ending"), Error);
}

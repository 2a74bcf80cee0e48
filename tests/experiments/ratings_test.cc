// Rating fits against fits worked by hand.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "engine/core/action_list.h"
#include "engine/core/error.h"
#include "engine/core/options.h"
#include "engine/core/record.h"
#include "engine/core/rng.h"
#include "engine/junqi/junqi.h"
#include "experiments/junqi_escapes.h"
#include "experiments/ratings.h"
#include "experiments/run_ratings.h"

using namespace qilab::experiments;

TEST_CASE("Bradley-Terry, two players: theta is the log odds, its variance 1/(n p (1-p))") {
  // A (0) beats B (1) in 3 of 4 games: P(A beats B) = 3/4, theta_B - theta_A = -ln 3,
  // se = sqrt(1 / (4 * 3/4 * 1/4)) = sqrt(4/3).
  const std::vector<PairResult> games = {{0, 1, 1}, {0, 1, 1}, {1, 0, 0}, {0, 1, 0}};
  const RatingFit f = fit_bradley_terry(2, games);
  REQUIRE(f.fitted);
  CHECK(f.theta[0] == 0.0);
  CHECK(f.theta[1] == doctest::Approx(-std::log(3.0)).epsilon(1e-10));
  CHECK(f.se[0] == 0.0);
  CHECK(f.se[1] == doctest::Approx(std::sqrt(4.0 / 3)).epsilon(1e-8));
  // On the Elo scale: -400 log10(3) = -190.85.
  CHECK(f.theta[1] * kEloPerNat == doctest::Approx(-190.84850188786498).epsilon(1e-8));
  // The log-likelihood at the fit: 3 ln(3/4) + ln(1/4).
  CHECK(f.log_likelihood == doctest::Approx(3 * std::log(0.75) + std::log(0.25)).epsilon(1e-10));
}

TEST_CASE("Bradley-Terry, a chain of three: each link fitted alone, variances add") {
  // A-B: A wins 3 of 4; B-C: one win each. No A-C games, so the fit is the two pair fits:
  // theta_B = -ln 3, theta_C = theta_B; var(theta_C) = 4/3 + 1/(2 * 1/4) = 10/3.
  std::vector<PairResult> games = {{0, 1, 1}, {0, 1, 1}, {0, 1, 1}, {0, 1, 0}, {1, 2, 1}, {2, 1, 1}};
  const RatingFit f = fit_bradley_terry(3, games);
  REQUIRE(f.fitted);
  CHECK(f.theta[1] == doctest::Approx(-std::log(3.0)).epsilon(1e-10));
  CHECK(f.theta[2] == doctest::Approx(-std::log(3.0)).epsilon(1e-10));
  CHECK(f.se[1] == doctest::Approx(std::sqrt(4.0 / 3)).epsilon(1e-8));
  CHECK(f.se[2] == doctest::Approx(std::sqrt(10.0 / 3)).epsilon(1e-8));
  // Relative to C instead: theta_A = ln 3, theta_B = 0, and se of B is the B-C link's alone.
  const RatingFit g = fit_bradley_terry(3, games, 2);
  CHECK(g.theta[0] == doctest::Approx(std::log(3.0)).epsilon(1e-10));
  CHECK(g.theta[1] == doctest::Approx(0.0).epsilon(1e-10));
  CHECK(g.se[1] == doctest::Approx(std::sqrt(2.0)).epsilon(1e-8));
}

TEST_CASE("Bradley-Terry: draws count half; no finite fit is said, not returned") {
  // A win, a draw and a loss: score 1.5 of 3, equal strengths.
  RatingFit f = fit_bradley_terry(2, {{0, 1, 1}, {0, 1, 0.5}, {0, 1, 0}});
  REQUIRE(f.fitted);
  CHECK(f.theta[1] == doctest::Approx(0.0).epsilon(1e-12));
  // A always beats B: the likelihood grows without bound as theta_B falls.
  f = fit_bradley_terry(2, {{0, 1, 1}, {0, 1, 1}});
  CHECK_FALSE(f.fitted);
  CHECK(f.reason.find("player 1") != std::string::npos);
}

TEST_CASE("Plackett-Luce, two at a time, is Bradley-Terry") {
  // The chain above as placings: the same fit.
  std::vector<Placing> p = {{{{0}, {1}}}, {{{0}, {1}}}, {{{0}, {1}}},
                            {{{1}, {0}}}, {{{1}, {2}}}, {{{2}, {1}}}};
  const RatingFit f = fit_plackett_luce(3, p);
  REQUIRE(f.fitted);
  CHECK(f.theta[1] == doctest::Approx(-std::log(3.0)).epsilon(1e-8));
  CHECK(f.theta[2] == doctest::Approx(-std::log(3.0)).epsilon(1e-8));
  CHECK(f.se[2] == doctest::Approx(std::sqrt(10.0 / 3)).epsilon(1e-6));
}

TEST_CASE("Plackett-Luce, three players: a symmetric example and the score equations") {
  // A>B>C, B>C>A, C>A>B: every player first, second and third once; equal strengths.
  const std::vector<Placing> cyclic = {{{{0}, {1}, {2}}}, {{{1}, {2}, {0}}}, {{{2}, {0}, {1}}}};
  RatingFit f = fit_plackett_luce(3, cyclic);
  REQUIRE(f.fitted);
  CHECK(f.theta[1] == doctest::Approx(0.0).epsilon(1e-9));
  CHECK(f.theta[2] == doctest::Approx(0.0).epsilon(1e-9));
  // Each placing is two stages: choose 1 of 3 (probability 1/3), then 1 of 2 (1/2).
  CHECK(f.log_likelihood == doctest::Approx(3 * std::log(1.0 / 6)).epsilon(1e-10));

  // An uneven example, with a tie: A>B>C, A>C>B, B>A>C, C>{A,B} (A and B tied last: the last
  // group adds nothing), {B,C}>A (tied first: B and C each chosen from {A,B,C}).
  const std::vector<Placing> data = {
      {{{0}, {1}, {2}}}, {{{0}, {2}, {1}}}, {{{1}, {0}, {2}}}, {{{2}, {0, 1}}}, {{{1, 2}, {0}}}};
  f = fit_plackett_luce(3, data);
  REQUIRE(f.fitted);
  // At the maximum the score equations hold: for each player, the times it was chosen equal
  // the sum over stages of (size of the chosen group) * gamma_p / (sum of gamma unplaced).
  const double a = std::exp(f.theta[0]), b = std::exp(f.theta[1]), c = std::exp(f.theta[2]);
  const double abc = a + b + c;
  // Stages: [A | ABC] [B | BC]; [A | ABC] [C | BC]; [B | ABC] [A | AC]; [C | ABC]; [B,C | ABC].
  const double expected_a = a / abc + a / abc + a / abc + a / (a + c) + a / abc + 2 * a / abc;
  const double expected_b = b / abc + b / (b + c) + b / abc + b / (b + c) + b / abc + b / abc + 2 * b / abc;
  const double expected_c =
      c / abc + c / (b + c) + c / abc + c / (b + c) + c / abc + c / (a + c) + c / abc + 2 * c / abc;
  // Each player is chosen 3 times: A in placings 1, 2 and 3; B in 1, 3 and 5; C in 2, 4 and 5.
  CHECK(expected_a == doctest::Approx(3.0).epsilon(1e-8));
  CHECK(expected_b == doctest::Approx(3.0).epsilon(1e-8));
  CHECK(expected_c == doctest::Approx(3.0).epsilon(1e-8));
  // Not the equal-strength answer: there A would expect 2.5 choices and C 3.5, so C < A.
  CHECK(f.theta[2] < -0.1);
}

TEST_CASE("Plackett-Luce: a player never placed ahead has no finite fit") {
  const RatingFit f = fit_plackett_luce(3, {{{{0}, {1}, {2}}}, {{{1}, {0}, {2}}}});
  CHECK_FALSE(f.fitted);
  CHECK(f.reason.find("player 2") != std::string::npos);
}

namespace {

qilab::GameRecord junqi4(std::vector<std::string> agents, std::vector<double> returns, int index) {
  qilab::GameRecord r;
  r.index = index;
  r.game = "junqi4";
  r.agents = std::move(agents);
  r.returns = std::move(returns);
  return r;
}

}  // namespace

TEST_CASE("ratings over junqi4 records: Bradley-Terry on sides, and the ladder replayed by hand") {
  // Sides are seats 0, 2 and seats 1, 3, each held by one agent. A wins games 1 and 2, B game 3.
  const std::vector<qilab::GameRecord> records = {junqi4({"A", "B", "A", "B"}, {2, -2, 2, -2}, 0),
                                                  junqi4({"B", "A", "B", "A"}, {-2, 2, -2, 2}, 1),
                                                  junqi4({"A", "B", "A", "B"}, {-1, 1, -1, 1}, 2)};
  const auto j = run_ratings(records, "test");
  const auto& g = j["games"][0];
  CHECK(g["game"] == "junqi4");
  const auto& bt = g["bradley_terry"];
  REQUIRE(bt["fitted"] == true);
  CHECK(bt["games"] == 3);
  CHECK(bt["reference"] == "A");
  // A scored 2 of 3: theta_B = -ln 2, se = sqrt(1 / (3 * 2/3 * 1/3)) = sqrt(3/2).
  CHECK(bt["players"][1]["theta"].get<double>() == doctest::Approx(-std::log(2.0)).epsilon(1e-9));
  CHECK(bt["players"][1]["se"].get<double>() == doctest::Approx(std::sqrt(1.5)).epsilon(1e-8));
  CHECK(bt["players"][1]["elo"].get<double>() == doctest::Approx(-400 * std::log10(2.0)).epsilon(1e-8));
  CHECK(g["plackett_luce"].is_null());
  // The ladder, seat by seat, stake 1 throughout (B stays 小兵, the lowest level at the table):
  //   game 1: A 0 -> 2 -> 4;          B 0 -> -2 -> -4
  //   game 2: A 4 -> 6: promoted to 副班长 at 5 points, 0 -> 2;   B -4 -> -6 -> -8
  //   game 3: A 2 -> 1 -> 0;          B -8 -> -7 -> -6
  const auto& ladder = g["junqi_ladder"];
  CHECK(ladder[0]["agent"] == "A");
  CHECK(ladder[0]["level"] == 1);
  CHECK(ladder[0]["points"] == 0);
  CHECK(ladder[0]["seat_games"] == 6);
  CHECK(ladder[1]["level"] == 0);
  CHECK(ladder[1]["points"] == -6);
}

TEST_CASE("ratings refuse a record that does not fit its game") {
  CHECK_THROWS_WITH_AS(
      run_ratings({junqi4({"A", "B"}, {1, -1}, 0)}, "run/games.jsonl"),
      doctest::Contains("run/games.jsonl: record 1 (game index 0): field 'returns' has 2 values, expected 4"),
      qilab::Error);
  qilab::GameRecord other = junqi4({"A", "B", "A", "B"}, {1, -1, 1, -1}, 4);
  other.game = "chess";
  CHECK_THROWS_WITH_AS(
      run_ratings({other}, "run/games.jsonl"),
      doctest::Contains("run/games.jsonl: record 1 (game index 4): field 'game': unknown game 'chess'"),
      qilab::Error);
}

namespace {

// A junqi4 game in which A holds seats 0 and 2 and B seats 1 and 3, played with random legal
// actions: seat 0 escapes `first` actions into play (every army still in), seat 2 four actions
// later (seat 0 out by then), which ends the game: B's side wins with both its armies.
qilab::GameRecord two_escapes(std::size_t first) {
  using namespace qilab;
  const junqi::Junqi4 game{Options(junqi::Junqi4::option_specs())};
  junqi::State s = game.initial_state();
  GameRecord r = junqi4({"A", "B", "A", "B"}, {}, 7);
  Rng rng(11);
  ActionList legal;
  auto play = [&](std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      s.legal_actions(legal);
      const Action a = legal[static_cast<int>(rng() % static_cast<std::uint64_t>(legal.size()))];
      r.actions.push_back(a);
      s.apply(a);
    }
  };
  while (s.in_setup()) play(1);
  play(first);
  REQUIRE(!s.is_terminal());
  for (int p = 0; p < 4; ++p) REQUIRE_FALSE(s.eliminated(p));
  r.events.push_back(
      {{"ply", r.actions.size()}, {"seat", 0}, {"kind", "error"}, {"forfeit", true}, {"message", "x"}});
  s.forfeit(0);
  play(4);
  REQUIRE(!s.is_terminal());
  REQUIRE(s.eliminated(0));
  for (int p = 1; p < 4; ++p) REQUIRE_FALSE(s.eliminated(p));
  r.events.push_back(
      {{"ply", r.actions.size()}, {"seat", 2}, {"kind", "timeout"}, {"forfeit", true}, {"message", "y"}});
  s.forfeit(2);
  REQUIRE(s.is_terminal());
  const auto v = s.returns();
  r.returns.assign(v.begin(), v.begin() + 4);
  CHECK(r.returns == std::vector<double>{-2, 2, -2, 2});
  return r;
}

}  // namespace

TEST_CASE("junqi escapes: each charged at the position it happened, the escapee bearing its side's loss") {
  const qilab::GameRecord r = two_escapes(6);
  CHECK(has_escape(r));
  // Seat 0 escapes with all four armies in: N = 2 - 1 = 1, 9 x the stake, seats 1 and 3 share it
  // (5 and 4, the odd point to the lower seat). Seat 2 escapes with seat 0 out: N = 2 - 0 = 2,
  // 12 x the stake, 6 and 6. Its ally scores nothing for the other's escape.
  CHECK(escape_ladder_points(r, 1, "test") == std::vector<std::int64_t>{-9, 11, -12, 10});
  CHECK(escape_ladder_points(r, 4, "test") == std::vector<std::int64_t>{-36, 42, -48, 42});
  // During deployment (no action yet): every army in, N = 1.
  qilab::GameRecord deploying = junqi4({"A", "B", "A", "B"}, {1, -1, 1, -1}, 8);
  deploying.events.push_back(
      {{"ply", 0}, {"seat", 1}, {"kind", "error"}, {"forfeit", true}, {"message", "x"}});
  CHECK(escape_ladder_points(deploying, 1, "test") == std::vector<std::int64_t>{5, -9, 4, 0});
  // A warning that did not forfeit is no escape.
  qilab::GameRecord warned = deploying;
  warned.events[0]["forfeit"] = false;
  CHECK_FALSE(has_escape(warned));
}

TEST_CASE("ratings: a junqi game with escapes is scored on the ladder by its escapes, not its returns") {
  const std::vector<qilab::GameRecord> records = {two_escapes(6)};
  const nlohmann::json ratings = run_ratings(records, "test");
  const auto& ladder = ratings["games"][0]["junqi_ladder"];
  // Stake 1 (both 小兵). A: -9 then -12: -21 (小兵 has no level below). B: +11 reaches 5 and
  // promotes to 副班长 on 0; +10 reaches its 5 x 2 and promotes to 班长 on 0. From the returns
  // alone (2 a seat) A would stand on -4 and B on 4.
  CHECK(ladder[0]["agent"] == "A");
  CHECK(ladder[0]["level"] == 0);
  CHECK(ladder[0]["points"] == -21);
  CHECK(ladder[0]["seat_games"] == 2);
  CHECK(ladder[1]["level"] == 2);
  CHECK(ladder[1]["points"] == 0);
  // Bradley-Terry and the tables still count the game's returns: B's side won.
  CHECK(ratings["games"][0]["bradley_terry"]["games"] == 1);
}

TEST_CASE("junqi escapes: a record whose escape does not fit is refused naming the field") {
  qilab::GameRecord r = two_escapes(6);
  r.events[1]["ply"] = 1;  // before the first escape
  CHECK_THROWS_WITH_AS(escape_ladder_points(r, 1, "run: record 1"),
                       doctest::Contains("run: record 1: field 'events[1].ply' is 1, expected"),
                       qilab::Error);
  r = two_escapes(6);
  r.events[0]["seat"] = 4;
  CHECK_THROWS_WITH_AS(escape_ladder_points(r, 1, "run: record 1"),
                       doctest::Contains("field 'events[0].seat' is 4, expected a seat 0 to 3"),
                       qilab::Error);
  r = two_escapes(6);
  r.actions[0] = -5;
  CHECK_THROWS_WITH_AS(
      run_ratings({r}, "run/games.jsonl"),
      doctest::Contains(
          "run/games.jsonl: record 1 (game index 7): field 'actions[0]' (id -5) is not a legal action there"),
      qilab::Error);
}

TEST_CASE("ratings: a fit refused names every agent it mentions, never a player number") {
  const std::vector<qilab::GameRecord> records = {junqi4({"A", "B", "A", "B"}, {2, -2, 2, -2}, 0),
                                                  junqi4({"B", "A", "B", "A"}, {-2, 2, -2, 2}, 1)};
  const nlohmann::json ratings = run_ratings(records, "test");
  const auto& bt = ratings["games"][0]["bradley_terry"];
  REQUIRE(bt["fitted"] == false);
  const std::string reason = bt["reason"];
  CHECK(reason.find("agent 'B'") != std::string::npos);
  CHECK(reason.find("agent 'A'") != std::string::npos);
  CHECK_MESSAGE(reason.find("player") == std::string::npos, reason);
}

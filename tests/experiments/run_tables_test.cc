// qilab stats' tables recomputed from raw rows worked by hand, and the chi-square p-value.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "experiments/chi_square.h"
#include "experiments/run_tables.h"

using namespace qilab::experiments;

TEST_CASE("chi-square upper tail matches tabled values") {
  // The 95% points of the chi-square distribution (any statistics table).
  CHECK(chi_square_upper_tail(3.841458820694124, 1) == doctest::Approx(0.05).epsilon(1e-12));
  CHECK(chi_square_upper_tail(5.991464547107979, 2) == doctest::Approx(0.05).epsilon(1e-12));
  CHECK(chi_square_upper_tail(11.070497693516351, 5) == doctest::Approx(0.05).epsilon(1e-12));
  // df 2 is the exponential: P(X >= x) = exp(-x/2).
  CHECK(chi_square_upper_tail(4.0, 2) == doctest::Approx(std::exp(-2.0)).epsilon(1e-14));
  CHECK(chi_square_upper_tail(0.0, 3) == 1.0);
}

TEST_CASE("chi-square test of equal counts, worked by hand") {
  // 30 against 10: E = 20, X^2 = (100 + 100) / 20 = 10, df 1, p = erfc(sqrt(5)).
  const ChiSquareTest t = chi_square_equal({30, 10});
  CHECK(t.n == 40);
  CHECK(t.df == 1);
  CHECK(t.statistic == doctest::Approx(10.0));
  CHECK(t.p_value == doctest::Approx(std::erfc(std::sqrt(5.0))).epsilon(1e-12));
  // Equal counts: X^2 = 0, p = 1. One category or no games: nothing to test.
  CHECK(chi_square_equal({7, 7, 7}).p_value == 1.0);
  CHECK(chi_square_equal({7}).df == 0);
  CHECK(chi_square_equal({0, 0}).p_value == 1.0);
  CHECK(std::string(t.method) == "Pearson chi-square");  // E = 20
}

TEST_CASE("under 5 expected a category, p is the exact multinomial test's, worked by hand") {
  // 2 games over 6 seats (E = 1/3): won by two seats, X^2 = 4, and every outcome has X^2 >= 4:
  // p = 1, where the chi-square approximation says 0.549.
  ChiSquareTest t = chi_square_equal({1, 0, 0, 1, 0, 0});
  CHECK(t.statistic == doctest::Approx(4.0));
  CHECK(std::string(t.method) == "exact multinomial");
  CHECK(t.p_value == doctest::Approx(1.0).epsilon(1e-12));
  CHECK(chi_square_upper_tail(4.0, 5) == doctest::Approx(0.5494).epsilon(1e-3));
  // Both won by one seat: X^2 = 10, as likely as the same seat twice: 6 / 36 = 1/6.
  t = chi_square_equal({0, 2, 0, 0, 0, 0});
  CHECK(t.statistic == doctest::Approx(10.0));
  CHECK(t.p_value == doctest::Approx(1.0 / 6).epsilon(1e-12));
  // 3 to 0 over two seats: only 3-0 and 0-3 are as far, 2 / 8.
  CHECK(chi_square_equal({3, 0}).p_value == doctest::Approx(0.25).epsilon(1e-12));
  // 9 to 0 (E = 4.5): 2 / 512.
  CHECK(chi_square_equal({9, 0}).p_value == doctest::Approx(2.0 / 512).epsilon(1e-12));
  // 10 to 0 (E = 5): the approximation's p, erfc(sqrt(5)).
  t = chi_square_equal({10, 0});
  CHECK(std::string(t.method) == "Pearson chi-square");
  CHECK(t.p_value == doctest::Approx(std::erfc(std::sqrt(5.0))).epsilon(1e-12));
  // The exact p by brute force for 7 games over 3 seats, against the enumeration.
  const std::vector<std::int64_t> counts = {5, 1, 1};
  double p = 0;
  for (int a = 0; a <= 7; ++a)
    for (int b = 0; a + b <= 7; ++b) {
      const int c = 7 - a - b;
      if (a * a + b * b + c * c < 27) continue;
      double ways = 5040.0 / (std::tgamma(a + 1) * std::tgamma(b + 1) * std::tgamma(c + 1));
      p += ways / std::pow(3.0, 7);
    }
  CHECK(exact_equal_p(counts) == doctest::Approx(p).epsilon(1e-12));
  CHECK(chi_square_equal(counts).p_value == doctest::Approx(p).epsilon(1e-12));
}

namespace {

GameRow row(std::vector<double> returns, std::vector<std::string> agents, int first = 0,
            bool timeout = false) {
  GameRow r;
  r.returns = std::move(returns);
  r.agents = std::move(agents);
  r.length = 10;
  r.decisions = 8;
  r.first_mover = first;
  r.ending = {timeout ? "turn_limit" : "target", timeout};
  return r;
}

}  // namespace

TEST_CASE("two seats: every table recomputed from four raw rows") {
  // Raw rows (seat 0 moves first):  returns    agents   result
  //   game 1                         1, -1     A, B     seat 0 (A) wins
  //   game 2                        -1,  1     B, A     seat 1 (A) wins
  //   game 3                         1, -1     A, B     seat 0 (A) wins
  //   game 4                         0,  0     B, A     drawn at the turn limit
  RunTables t({0, 1}, {"A", "B"}, true);
  t.add(row({1, -1}, {"A", "B"}));
  t.add(row({-1, 1}, {"B", "A"}));
  t.add(row({1, -1}, {"A", "B"}));
  GameRow last = row({0, 0}, {"B", "A"}, 0, true);
  last.trace = {};
  t.add(last);
  const auto j = t.to_json();
  CHECK(j["games"] == 4);

  // Seats: seat 0 won 2 of 4 games, seat 1 won 1; one draw each. Seats are one trial per game,
  // so the intervals are the plain Wilson intervals.
  const auto& s0 = j["balance"]["by_seat"][0];
  CHECK(s0["win"]["count"] == 2);
  CHECK(s0["win"]["rate"].get<double>() == 0.5);
  CHECK(s0["win"]["ci95"][0].get<double>() == doctest::Approx(0.15003898915214953));
  CHECK(s0["win"]["ci95"][1].get<double>() == doctest::Approx(0.8499610108478505));
  CHECK(s0["draw"]["count"] == 1);
  const auto& s1 = j["balance"]["by_seat"][1];
  CHECK(s1["win"]["count"] == 1);
  CHECK(s1["win"]["ci95"][0].get<double>() == doctest::Approx(0.04558726080970055));
  CHECK(s1["loss"]["count"] == 2);

  // Agents: A holds seat 0 in games 1 and 3 (won both) and seat 1 in games 2 (won) and 4
  // (drawn): 3 wins, 1 draw; B lost three and drew one.
  const auto& a = j["balance"]["by_agent"][0];
  CHECK(a["agent"] == "A");
  CHECK(a["win"]["count"] == 3);
  CHECK(a["draw"]["count"] == 1);
  const auto& b = j["balance"]["by_agent"][1];
  CHECK(b["win"]["count"] == 0);
  CHECK(b["loss"]["count"] == 3);

  // Teams are the seats here.
  CHECK(j["by_team"][0]["win"]["count"] == 2);
  CHECK(j["by_team"][1]["win"]["count"] == 1);

  // Seat equality: 3 games with a winner, wins 2 and 1, E = 1.5, X^2 = 1/3, df 1; the drawn
  // game is left out. E under 5: the exact test, and every split of 3 games is as far from
  // equal as 2 to 1: p = 1 (the approximation would say erfc(sqrt(1/6)) = 0.5637).
  const auto& eq = j["seat_equality"];
  CHECK(eq["games"] == 3);
  CHECK(eq["left_out"] == 1);
  CHECK(eq["statistic"].get<double>() == doctest::Approx(1.0 / 3));
  CHECK(eq["df"] == 1);
  CHECK(eq["method"] == "exact multinomial");
  CHECK(eq["p_value"].get<double>() == doctest::Approx(1.0).epsilon(1e-12));

  // First mover (seat 0 every time): won 2 of 3 decided games; advantage 2/3 - 1/2 with the
  // Wilson interval of 2 of 3 shifted by 1/2.
  const auto& fm = j["first_mover"];
  CHECK(fm["win"]["count"] == 2);
  CHECK(fm["decided_games"] == 3);
  CHECK(fm["advantage"].get<double>() == doctest::Approx(1.0 / 6));
  CHECK(fm["advantage_ci95"][0].get<double>() == doctest::Approx(0.20765960080204765 - 0.5));
  CHECK(fm["advantage_ci95"][1].get<double>() == doctest::Approx(0.9385080552796037 - 0.5));

  // Ludii's outcome metrics: team scores (2 + 1/2)/4 and (1 + 1/2)/4, balance 1 - 0.25;
  // completion 3/4; the draw was a timeout, so drawishness 0 and timeouts 1/4.
  const auto& m = j["outcome_metrics"];
  CHECK(m["balance"]["value"].get<double>() == doctest::Approx(0.75));
  CHECK(m["advantage_p1"]["value"].get<double>() == doctest::Approx(0.625));
  CHECK(m["completion"]["count"] == 3);
  CHECK(m["drawishness"]["count"] == 0);
  CHECK(m["timeouts"]["count"] == 1);
  CHECK(m["duration"]["actions"].get<double>() == 10.0);
  CHECK(m["duration"]["decisions"].get<double>() == 8.0);
  CHECK(m["branching_factor"]["games"] == 0);
}

TEST_CASE("teams: allies' seats are one cluster; trace metrics average per game") {
  // Four seats in two teams (0, 2 against 1, 3), one agent per team.
  RunTables t({0, 1, 0, 1}, {"A", "B"}, false);
  GameRow g1 = row({1, -1, 1, -1}, {"A", "B", "A", "B"});
  g1.trace = {true, 8,   40, 5,
              2,    0.1, 2,  3};  // 2 lead changes over 4 steps; winner settled for the last 3 of 5
  GameRow g2 = row({1, -1, 1, -1}, {"B", "A", "B", "A"}, 1);
  g2.trace = {true, 2, 20, 3, 0, 0.0, 0, 3};
  GameRow g3 = row({-1, 1, -1, 1}, {"A", "B", "A", "B"});
  t.add(g1);
  t.add(g2);
  t.add(g3);
  const auto j = t.to_json();
  // Team 0 won games 1 and 2: 4 of 6 seat-games, but 2 of 3 games, and its interval is the
  // Wilson interval on 3 games (effective n = games).
  const auto& team0 = j["by_team"][0];
  CHECK(team0["games"] == 6);
  CHECK(team0["in_games"] == 3);
  CHECK(team0["win"]["count"] == 4);
  CHECK(team0["win"]["effective_n"].get<double>() == doctest::Approx(3.0));
  CHECK(team0["win"]["ci95"][0].get<double>() == doctest::Approx(0.20765960080204765));
  // Seat equality is asked of teams: wins 2 and 1.
  CHECK(j["seat_equality"]["categories"] == "team");
  CHECK(j["seat_equality"]["wins"] == nlohmann::json::array({2, 1}));
  // First mover: seat 0 (team 0) in games 1 and 3, seat 1 (team 1) in game 2: its team won
  // game 1 only. Timeouts are not known without the game's analysis.
  CHECK(j["first_mover"]["by_seat"] == nlohmann::json::array({2, 1, 0, 0}));
  CHECK(j["first_mover"]["win"]["count"] == 1);
  CHECK(j["outcome_metrics"]["timeouts"].is_null());
  // Trace: branching (40 + 20) / (8 + 2) = 6; lead changes (2/4 + 0/2) / 2 = 0.25; drama
  // (0.1 + 0) / 2; winner behind (2/5 + 0) / 2; decisiveness (3/5 + 3/3) / 2.
  const auto& m = j["outcome_metrics"];
  CHECK(m["branching_factor"]["value"].get<double>() == doctest::Approx(6.0));
  CHECK(m["branching_factor"]["games"] == 2);
  CHECK(m["lead_changes"]["value"].get<double>() == doctest::Approx(0.25));
  CHECK(m["drama"]["value"].get<double>() == doctest::Approx(0.05));
  CHECK(m["drama"]["behind"].get<double>() == doctest::Approx(0.2));
  CHECK(m["decisiveness"]["value"].get<double>() == doctest::Approx(0.8));
  CHECK(m["decisiveness"]["games"] == 2);
}

TEST_CASE("a row that does not fit the seats is refused") {
  RunTables t({0, 1}, {"A"}, false);
  CHECK_THROWS_WITH_AS(t.add(row({1, -1, 0}, {"A", "A", "A"})), doctest::Contains("3 returns"), qilab::Error);
}

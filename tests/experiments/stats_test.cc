// Balance statistics: Wilson intervals, win/draw/loss from returns, seat rotation, tallies.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "experiments/balance.h"
#include "experiments/outcome.h"
#include "experiments/rotation.h"
#include "experiments/wilson.h"

using namespace qilab::experiments;

TEST_CASE("Wilson interval matches known values") {
  // 8 of 10 at z = 1.96: [0.4902, 0.9433], worked by hand from Wilson's formula.
  Interval ci = wilson_interval(8, 10, 1.96);
  CHECK(ci.lo == doctest::Approx(0.4902).epsilon(1e-4));
  CHECK(ci.hi == doctest::Approx(0.9433).epsilon(1e-4));
  ci = wilson_interval(8, 10);  // the exact 97.5% quantile agrees to 4 places
  CHECK(ci.lo == doctest::Approx(0.4902).epsilon(1e-3));
  // 0 of 10: [0, z²/(n+z²)] = [0, 0.2775].
  ci = wilson_interval(0, 10, 1.96);
  CHECK(ci.lo == 0.0);
  CHECK(ci.hi == doctest::Approx(0.27753).epsilon(1e-4));
  // n of n mirrors 0 of n.
  ci = wilson_interval(10, 10, 1.96);
  CHECK(ci.lo == doctest::Approx(1 - 0.27753).epsilon(1e-4));
  CHECK(ci.hi == 1.0);
  // 50 of 100: symmetric about 0.5, [0.4038, 0.5962].
  ci = wilson_interval(50, 100, 1.96);
  CHECK(ci.lo == doctest::Approx(0.40383).epsilon(1e-4));
  CHECK(ci.hi == doctest::Approx(0.59617).epsilon(1e-4));
  // No games: no information.
  ci = wilson_interval(0, 0);
  CHECK(ci.lo == 0.0);
  CHECK(ci.hi == 1.0);
}

TEST_CASE("outcomes: unique top wins, shared top draws, all equal draws") {
  using O = Outcome;
  CHECK(seat_outcomes(std::vector<double>{1, -1}) == std::vector<O>{O::kWin, O::kLoss});
  CHECK(seat_outcomes(std::vector<double>{-1, -1, 2}) == std::vector<O>{O::kLoss, O::kLoss, O::kWin});
  CHECK(seat_outcomes(std::vector<double>{1, 1, -2}) == std::vector<O>{O::kDraw, O::kDraw, O::kLoss});
  CHECK(seat_outcomes(std::vector<double>{0, 0, 0, 0}) ==
        std::vector<O>{O::kDraw, O::kDraw, O::kDraw, O::kDraw});
}

TEST_CASE("outcomes in team games: allies sharing the top return win together") {
  using O = Outcome;
  const std::vector<int> pairs{0, 1, 0, 1};
  CHECK(seat_outcomes(std::vector<double>{1, -1, 1, -1}, pairs) ==
        std::vector<O>{O::kWin, O::kLoss, O::kWin, O::kLoss});
  // The top shared across teams is a draw for those seats.
  CHECK(seat_outcomes(std::vector<double>{1, 1, -1, -1}, pairs) ==
        std::vector<O>{O::kDraw, O::kDraw, O::kLoss, O::kLoss});
  CHECK(seat_outcomes(std::vector<double>{0, 0, 0, 0}, pairs) ==
        std::vector<O>{O::kDraw, O::kDraw, O::kDraw, O::kDraw});
  // One seat per team is the plain rule.
  CHECK(seat_outcomes(std::vector<double>{1, 1, -2}, std::vector<int>{0, 1, 2}) ==
        std::vector<O>{O::kDraw, O::kDraw, O::kLoss});
}

TEST_CASE("seat rotation: game i, seat s plays agents[(s + i) mod n]") {
  const std::vector<std::string> ab{"a", "b"}, abc{"a", "b", "c"};
  CHECK(seat_agents(ab, 2, 0) == std::vector<std::string>{"a", "b"});
  CHECK(seat_agents(ab, 2, 1) == std::vector<std::string>{"b", "a"});
  CHECK(seat_agents(ab, 2, 2) == std::vector<std::string>{"a", "b"});
  CHECK(seat_agents(abc, 3, 1) == std::vector<std::string>{"b", "c", "a"});
  CHECK(seat_agents(abc, 3, 5) == std::vector<std::string>{"c", "a", "b"});
  // A single agent fills every seat; a short list fills them cyclically.
  CHECK(seat_agents({"g"}, 6, 7) == std::vector<std::string>(6, "g"));
  CHECK(seat_agents(ab, 6, 1) == std::vector<std::string>{"b", "a", "b", "a", "b", "a"});
  // Over n consecutive games each agent sits in each seat once.
  for (int s = 0; s < 3; ++s) {
    std::vector<std::string> seen;
    for (int i = 0; i < 3; ++i) seen.push_back(seat_agents(abc, 3, i)[s]);
    std::sort(seen.begin(), seen.end());
    CHECK(seen == abc);
  }
}

TEST_CASE("play's seats in team modes: the rotation turns over the sides, each side one agent") {
  using V = std::vector<std::string>;
  const V ab{"a", "b"}, abc{"a", "b", "c"}, abcd{"a", "b", "c", "d"};
  // guifa 2v2 (teams 0, 1, 0, 1): side 0 is seats 0 and 2.
  const std::vector<int> two_v_two{0, 1, 0, 1};
  CHECK(play_seats(ab, two_v_two, 0) == V{"a", "b", "a", "b"});
  CHECK(play_seats(ab, two_v_two, 1) == V{"b", "a", "b", "a"});
  // Four agents on two sides: a window of two, mirrored in odd rounds of four games.
  CHECK(play_seats(abcd, two_v_two, 0) == V{"a", "b", "a", "b"});
  CHECK(play_seats(abcd, two_v_two, 1) == V{"b", "c", "b", "c"});
  CHECK(play_seats(abcd, two_v_two, 4) == V{"b", "a", "b", "a"});
  // mizong 2v2v2 (teams 0, 1, 2, 0, 1, 2): three sides.
  CHECK(play_seats(abc, {0, 1, 2, 0, 1, 2}, 1) == V{"b", "c", "a", "b", "c", "a"});
  // Sides in the order their first seats come, whatever the team numbers.
  CHECK(play_seats(ab, {1, 0, 1, 0}, 0) == V{"a", "b", "a", "b"});
  // Free-for-all: the seats' rotation itself.
  for (std::int64_t i = 0; i < 8; ++i) CHECK(play_seats(abc, {0, 1, 2, 3}, i) == seat_agents(abc, 4, i));
  // Three agents on junqi6's two sides over 2 x 3 games: teams together, every agent on every
  // side equally often, every pairing met in both orders.
  const std::vector<int> junqi6{0, 1, 0, 1, 0, 1};
  std::map<std::pair<std::string, int>, int> on_side;
  std::set<std::pair<std::string, std::string>> met;
  for (std::int64_t i = 0; i < 6; ++i) {
    const V seats = play_seats(abc, junqi6, i);
    for (std::size_t s = 0; s < 6; ++s) CHECK(seats[s] == seats[s % 2]);
    ++on_side[{seats[0], 0}];
    ++on_side[{seats[1], 1}];
    met.insert({seats[0], seats[1]});
  }
  for (const auto& agent : abc)
    for (int side = 0; side < 2; ++side) CHECK(on_side[{agent, side}] == 2);
  CHECK(met.size() == 6);
}

TEST_CASE("play's seats are even over whole rounds of the rotation, and only then") {
  using V = std::vector<std::string>;
  const V g{"g"}, ab{"a", "b"}, abc{"a", "b", "c"}, abcd{"a", "b", "c", "d"};
  const std::vector<int> two{0, 1}, six{0, 1, 2, 3, 4, 5}, two_v_two{0, 1, 0, 1}, junqi6{0, 1, 0, 1, 0, 1};
  CHECK(play_seats_round(g, six) == 1);
  CHECK(play_seats_round(ab, two) == 2);
  CHECK(play_seats_round(ab, six) == 2);  // a, b, a, b, a, b then b, a, ...
  CHECK(play_seats_round(abc, two) == 3);
  CHECK(play_seats_round(abc, junqi6) == 3);
  CHECK(play_seats_round(abcd, two_v_two) == 4);
  CHECK_FALSE(play_seats_even(ab, two, 7));  // a holds seat 0 in four games, seat 1 in three
  CHECK(play_seats_even(ab, two, 8));
  // Against a count of every game's seats: even exactly at the multiples of the round.
  for (const auto& [agents, teams] : std::vector<std::pair<V, std::vector<int>>>{
           {g, six}, {ab, two}, {ab, six}, {abc, two}, {abc, junqi6}, {abcd, two_v_two}, {abcd, six}}) {
    const std::int64_t round = play_seats_round(agents, teams);
    std::map<std::string, std::vector<int>> held;
    for (std::int64_t games = 1; games <= 4 * static_cast<std::int64_t>(agents.size()); ++games) {
      const V seats = play_seats(agents, teams, games - 1);
      for (std::size_t s = 0; s < seats.size(); ++s) {
        held[seats[s]].resize(seats.size());
        ++held[seats[s]][s];
      }
      bool even = true;
      for (const auto& [name, in_seat] : held)
        even = even && std::count(in_seat.begin(), in_seat.end(), in_seat[0]) ==
                           static_cast<std::ptrdiff_t>(in_seat.size());
      CAPTURE(games);
      CHECK(play_seats_even(agents, teams, games) == even);
      CHECK(even == (games % round == 0));
    }
  }
}

TEST_CASE("balance tallies seats and agents") {
  Balance b(2, {"x", "y"});
  b.add({{1, -1}, {"x", "y"}, 10});
  b.add({{1, -1}, {"y", "x"}, 20});
  b.add({{0, 0}, {"x", "y"}, 30});
  const auto j = b.to_json();
  CHECK(j["games"] == 3);
  CHECK(j["decisive"] == 2);
  CHECK(j["drawn"] == 1);
  CHECK(j["length"]["mean"].get<double>() == doctest::Approx(20));
  CHECK(j["length"]["min"] == 10);
  CHECK(j["length"]["max"] == 30);
  const auto& seat0 = j["by_seat"][0];
  CHECK(seat0["win"]["count"] == 2);
  CHECK(seat0["draw"]["count"] == 1);
  CHECK(seat0["loss"]["count"] == 0);
  CHECK(seat0["mean_return"].get<double>() == doctest::Approx(2.0 / 3));
  const auto& x = j["by_agent"][0];
  CHECK(x["agent"] == "x");
  CHECK(x["win"]["count"] == 1);
  CHECK(x["loss"]["count"] == 1);
  CHECK(x["draw"]["count"] == 1);
  const Interval ci = wilson_interval(2, 3);
  CHECK(seat0["win"]["ci95"][0].get<double>() == doctest::Approx(ci.lo));
}

TEST_CASE("effective trials: independent seats count seat-games, seats that move together count games") {
  ClusterCounts single;  // one seat a game: 3 wins in 5 games
  for (int k : {1, 0, 1, 1, 0}) single.add(1, k);
  CHECK(effective_trials(single) == 5);  // exactly: the plain Wilson interval
  const Interval plain = wilson_interval(3, 5), clustered = cluster_wilson_interval(single);
  CHECK(clustered.lo == plain.lo);
  CHECK(clustered.hi == plain.hi);

  ClusterCounts allies;  // three allied seats a game, all winning or all losing: 2 of 5 games
  for (int k : {3, 0, 3, 0, 0}) allies.add(3, k);
  CHECK(effective_trials(allies) == doctest::Approx(5));  // the games, not the 15 seat-games

  ClusterCounts none;  // no win at all: no spread to measure, so games are counted
  for (int g = 0; g < 4; ++g) none.add(3, 0);
  CHECK(effective_trials(none) == 4);

  ClusterCounts self;  // one agent in both seats of a two-seat game: always one win, one loss
  for (int g = 0; g < 6; ++g) self.add(2, 1);
  CHECK(effective_trials(self) == 12);  // capped at the seat-games: never narrower than those
}

TEST_CASE("agent intervals count games, not seat-games") {
  // junqi6-like: six seats, teams 0 1 0 1 0 1; agent a holds seats 0, 2, 4 (team 0), b the rest.
  // Team 0 wins 7 of 10 games, so a wins 21 of 30 seat-games, always three at once. The right
  // interval is Wilson's on the 10 games: p = 0.7, n = 10, z = 1.959964, z^2 = 3.841459:
  //   centre = (0.7 + 0.192073) / 1.384146 = 0.644493,
  //   half   = 1.959964 / 1.384146 * sqrt(0.021 + 0.009604) = 1.416010 * 0.174940 = 0.247717,
  //   [0.3968, 0.8922]. Counting the 30 seat-games as independent gave [0.5212, 0.8334].
  const std::vector<int> teams{0, 1, 0, 1, 0, 1};
  const std::vector<std::string> agents{"a", "b", "a", "b", "a", "b"};
  Balance b(6, {"a", "b"}, teams);
  for (int g = 0; g < 10; ++g) {
    const double x = g < 7 ? 1 : -1;
    b.add({{x, -x, x, -x, x, -x}, agents, 100});
  }
  const auto j = b.to_json();
  const auto& a = j["by_agent"][0];
  CHECK(a["games"] == 30);  // still seat-games
  CHECK(a["in_games"] == 10);
  CHECK(a["win"]["count"] == 21);
  CHECK(a["win"]["rate"].get<double>() == doctest::Approx(0.7));
  CHECK(a["win"]["effective_n"].get<double>() == doctest::Approx(10));
  CHECK(a["win"]["ci95"][0].get<double>() == doctest::Approx(0.3968).epsilon(1e-4));
  CHECK(a["win"]["ci95"][1].get<double>() == doctest::Approx(0.8922).epsilon(1e-4));
  // No draw in 10 games: Wilson's 0 of 10 at the top, z^2 / (n + z^2) = 3.8415 / 13.8415 = 0.2775.
  CHECK(a["draw"]["ci95"][1].get<double>() == doctest::Approx(0.2775).epsilon(1e-4));
  // The seat rows were right already: one seat a game, 7 of 10.
  CHECK(j["by_seat"][0]["win"]["ci95"][0].get<double>() == doctest::Approx(0.3968).epsilon(1e-4));
  CHECK(j["by_seat"][0]["win"]["effective_n"].get<double>() == 10);
  CHECK(j["intervals"].get<std::string>().find("by game") != std::string::npos);
  CHECK(format_summary_table([&] {
          auto s = j;
          s["game"] = "junqi6";
          s["seats"] = 6;
          s["agents"] = {"a", "b"};
          s["seed"] = 1;
          s["config_hash"] = "0";
          return s;
        }())
            .find("(95% CI, games)") != std::string::npos);
}

TEST_CASE("agent intervals with an agent on both teams of a game") {
  // Agent x holds seats 0, 1, 2 (teams 0, 1, 0), y seats 3, 4, 5. Four games: team 0 wins,
  // team 1 wins, two draws. x's wins per game k_g = 2, 1, 0, 0 of m_g = 3 seats: k = 3 of
  // n = 12, p = 1/4; sum_g (k_g - p m_g)^2 = 1.25^2 + 0.25^2 + 0.75^2 + 0.75^2 = 2.75, against
  // n p (1-p) = 2.25 for independent seats: design effect 2.75 / 2.25, effective n
  // = 12 * 2.25 / 2.75 = 108/11 = 9.818. Wilson on p = 0.25, n = 9.818: centre = (0.25 +
  // 0.195630) / 1.391260 = 0.320307, half = 1.408769 * sqrt(0.019097 + 0.009963) = 0.240152,
  // [0.0802, 0.5605] (independent seat-games: [0.0889, 0.5323]). x's draws, 0, 0, 3, 3, move
  // together: effective n = the 4 games, Wilson on 2 of 4: [0.1500, 0.8500].
  const std::vector<int> teams{0, 1, 0, 1, 0, 1};
  const std::vector<std::string> agents{"x", "x", "x", "y", "y", "y"};
  Balance b(6, {"x", "y"}, teams);
  b.add({{1, -1, 1, -1, 1, -1}, agents, 10});
  b.add({{-1, 1, -1, 1, -1, 1}, agents, 10});
  b.add({{0, 0, 0, 0, 0, 0}, agents, 10});
  b.add({{0, 0, 0, 0, 0, 0}, agents, 10});
  const auto x = b.to_json()["by_agent"][0];
  CHECK(x["win"]["count"] == 3);
  CHECK(x["win"]["effective_n"].get<double>() == doctest::Approx(108.0 / 11));
  CHECK(x["win"]["ci95"][0].get<double>() == doctest::Approx(0.0802).epsilon(1e-3));
  CHECK(x["win"]["ci95"][1].get<double>() == doctest::Approx(0.5605).epsilon(1e-4));
  CHECK(x["draw"]["effective_n"].get<double>() == doctest::Approx(4));
  CHECK(x["draw"]["ci95"][0].get<double>() == doctest::Approx(0.1500).epsilon(1e-3));
  CHECK(x["draw"]["ci95"][1].get<double>() == doctest::Approx(0.8500).epsilon(1e-4));
  CHECK(x["loss"]["count"] == 3);  // 1, 2, 0, 0: the mirror of the wins
  CHECK(x["loss"]["effective_n"].get<double>() == doctest::Approx(108.0 / 11));
}

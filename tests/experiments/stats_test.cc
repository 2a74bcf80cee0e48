// Balance statistics: Wilson intervals, win/draw/loss from returns, seat rotation, tallies.
#include <doctest/doctest.h>

#include <algorithm>
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
  CHECK(seat_outcomes(std::vector<double>{0, 0, 0, 0}) == std::vector<O>{O::kDraw, O::kDraw, O::kDraw, O::kDraw});
}

TEST_CASE("outcomes in team games: allies sharing the top return win together") {
  using O = Outcome;
  const std::vector<int> pairs{0, 1, 0, 1};
  CHECK(seat_outcomes(std::vector<double>{1, -1, 1, -1}, pairs) == std::vector<O>{O::kWin, O::kLoss, O::kWin, O::kLoss});
  // The top shared across teams is a draw for those seats.
  CHECK(seat_outcomes(std::vector<double>{1, 1, -1, -1}, pairs) == std::vector<O>{O::kDraw, O::kDraw, O::kLoss, O::kLoss});
  CHECK(seat_outcomes(std::vector<double>{0, 0, 0, 0}, pairs) == std::vector<O>{O::kDraw, O::kDraw, O::kDraw, O::kDraw});
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

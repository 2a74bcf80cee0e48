// The racing rule (experiments/racing.h) on synthetic bandits with known means: it finds the
// best arm with at least the stated probability, and it reaches the answer uniform allocation
// reaches with at most half of uniform's games.
#include <doctest/doctest.h>

#include <cstdio>
#include <vector>

#include "engine/core/rng.h"
#include "tests/error_of.h"
#include "experiments/racing.h"

using namespace qilab::experiments;
using qilab::Rng;

namespace {

// Arm a's j-th trial is the j-th draw of its own stream, whichever rule asks: racing and
// uniform allocation see the same trials (common random numbers).
struct Bandit {
  std::vector<double> means;
  std::vector<Rng> streams;
  Bandit(std::vector<double> m, std::uint64_t seed) : means(std::move(m)) {
    for (std::size_t a = 0; a < means.size(); ++a) streams.push_back(Rng(seed).split(a));
  }
};

struct Outcome {
  int best = -1;
  bool decided = false;
  std::int64_t games = 0;
};

Outcome run(std::vector<double> means, std::uint64_t seed, RacingRule rule) {
  Bandit bandit(std::move(means), seed);
  Race race(static_cast<int>(bandit.means.size()), rule);
  while (!race.finished()) {
    std::vector<ArmCount> added(bandit.means.size());
    for (int a : race.next_round()) {
      auto& c = added[static_cast<std::size_t>(a)];
      for (std::int64_t j = 0; j < rule.round; ++j) {
        c.wins +=
            bandit.streams[static_cast<std::size_t>(a)].uniform() < bandit.means[static_cast<std::size_t>(a)];
        ++c.games;
      }
    }
    race.finish_round(added);
  }
  return {race.best(), race.decided(), race.games_used()};
}

// 8 arms, Bernoulli means spread over [0.3, 0.6]; the best is arm 5.
const std::vector<double> kMeans = {0.30, 0.45, 0.40, 0.35, 0.50, 0.60, 0.55, 0.42};

}  // namespace

TEST_CASE(
    "racing finds the best of 8 Bernoulli arms with the stated probability, in under half uniform's games") {
  RacingRule rule;
  rule.confidence = 0.95;
  rule.budget = 200'000;
  rule.round = 100;
  RacingRule uniform = rule;
  uniform.adaptive = false;
  const int seeds = 200;
  int right = 0, same = 0, decided = 0;
  std::int64_t racing_games = 0, uniform_games = 0;
  for (int s = 0; s < seeds; ++s) {
    const Outcome r = run(kMeans, static_cast<std::uint64_t>(s), rule);
    const Outcome u = run(kMeans, static_cast<std::uint64_t>(s), uniform);
    right += r.best == 5;
    decided += r.decided;
    same += r.best == u.best && u.decided;
    racing_games += r.games;
    uniform_games += u.games;
  }
  const double ratio = static_cast<double>(racing_games) / static_cast<double>(uniform_games);
  std::printf(
      "racing: best found in %d of %d seeds, decided in %d; %lld games vs uniform %lld (ratio %.3f)\n", right,
      seeds, decided, static_cast<long long>(racing_games), static_cast<long long>(uniform_games), ratio);
  CHECK(decided == seeds);
  // At least the stated 95%: 190 of 200.
  CHECK(right >= 190);
  CHECK(same == seeds);
  CHECK(ratio <= 0.5);
}

TEST_CASE("racing: a race with two equal best arms stays undecided and keeps both") {
  RacingRule rule;
  rule.budget = 20'000;
  rule.round = 100;
  const Outcome r = run({0.5, 0.2, 0.5}, 7, rule);
  CHECK_FALSE(r.decided);
  CHECK(r.games <= rule.budget);
  CHECK((r.best == 0 || r.best == 2));
}

TEST_CASE("racing: eliminations, bounds and the budget, worked by hand") {
  RacingRule rule;
  rule.confidence = 0.9;
  rule.budget = 60;
  rule.round = 10;
  Race race(2, rule);
  // looks = ceil(60 / 20) = 3; z = Phi^-1(1 - 0.1 / (2 * 2 * 3)) = Phi^-1(0.991667) = 2.394.
  CHECK(racing_looks(rule) == 3);
  CHECK(race.z() == doctest::Approx(2.394).epsilon(1e-3));
  CHECK(race.next_round() == std::vector<int>{0, 1});
  // 10 of 10 against 0 of 10: Wilson at z = 2.394 gives [0.6357, 1] and [0, 0.3643]: apart.
  race.finish_round({{10, 10}, {0, 10}});
  CHECK(race.bound(0).lo == doctest::Approx(10.0 / (10 + 2.394 * 2.394)).epsilon(1e-3));
  CHECK(race.arms()[1].eliminated_round == 1);
  CHECK(race.finished());
  CHECK(race.decided());
  CHECK(race.best() == 0);
  CHECK(race.next_round().empty());
  CHECK_THROWS_AS(race.finish_round({{0, 0}, {0, 0}}), std::logic_error);

  Race close(2, rule);
  close.finish_round({{6, 10}, {4, 10}});  // overlapping bounds: both race on
  CHECK(close.survivors().size() == 2);
  close.finish_round({{6, 10}, {4, 10}});
  close.finish_round({{6, 10}, {4, 10}});  // 60 games: the budget is spent
  CHECK(close.finished());
  CHECK_FALSE(close.decided());
  CHECK(close.best() == 0);

  CHECK(qilab::testing::error_of([] {
          Race(3, RacingRule{0.95, 20, 10, true});
        }) == "racing: a budget of 20 games is less than one round of 3 arms x 10 games");
  CHECK(qilab::testing::error_of([] {
          Race(3, RacingRule{1.0, 100, 10, true});
        }).find("confidence") != std::string::npos);
}

TEST_CASE("compare_to_best: one-sided two-proportion z tests with Holm's correction") {
  // 60/100 vs 40/100: pooled 0.5, se = sqrt(0.25 * 0.02) = 0.0707, z = 2.828, p = 0.00234.
  // 60/100 vs 55/100: pooled 0.575, se = 0.06991, z = 0.7152, p = 0.2372.
  const auto c = compare_to_best({{60, 100}, {40, 100}, {55, 100}}, 0, 0.95);
  REQUIRE(c.size() == 2);
  CHECK(c[0].arm == 1);
  CHECK(c[0].p == doctest::Approx(0.00234).epsilon(1e-2));
  CHECK(c[0].p_holm == doctest::Approx(2 * c[0].p));
  CHECK(c[0].significant);
  CHECK(c[1].p == doctest::Approx(0.2372).epsilon(1e-2));
  CHECK(c[1].p_holm == doctest::Approx(c[1].p));
  CHECK_FALSE(c[1].significant);
}

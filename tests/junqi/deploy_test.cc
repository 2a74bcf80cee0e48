// The deployment heuristic (engine/junqi/deploy_score.h): hand-built deployments with exact
// scores, a sensible setup above a silly one, a seat's score from its own placements only,
// evaluate() during deployment, and greedy agents choosing setups by it.
#include <doctest/doctest.h>

#include <string>

#include "agents/factory.h"
#include "engine/core/error.h"
#include "engine/junqi/deploy_score.h"
#include "engine/junqi/deployment.h"
#include "helpers.h"

using namespace junqi_test;

namespace {

// Applies the first `n` placements of `layout` for the seat deploying in `s`.
State place(State s, const std::string& layout, int n = kSlots) {
  const auto actions = deployment_actions(s, layout);
  for (int i = 0; i < n; ++i) s.apply(actions[static_cast<std::size_t>(i)]);
  return s;
}

// configs/games/junqi/mined_flag.txt: the flag in the right headquarters behind three mines,
// bombs in the middle, the strong officers on the rails.
const std::string kSensible = "32123/6+4+5/71+17/8+B+9/5B6M4/23MFM";
// The flag in the left headquarters with nothing guarding it, the mines in the right corner,
// the bombs in row 4 and the 司令 shut in the other headquarters for ever.
const std::string kSilly = "22233/3+4+4/55+66/7+8+7/B1BMM/1F19M";

}  // namespace

TEST_CASE("deployment score: exact terms of partial deployments") {
  const auto g = make<Junqi4>();
  const State start = g.initial_state();
  CHECK(deployment_score(start, 0) == 0.0);
  // The flag, then three mines on its three road neighbours.
  CHECK(deployment_score(place(start, kSensible, 1), 0) == 0.0);
  CHECK(deployment_score(place(start, kSensible, 4), 0) == doctest::Approx(3 * kMineGuardsFlag));
  // A mine in the headquarters without the flag is a decoy: 1 + 3 + 3.
  CHECK(deployment_score(place(start, "32123/6+4+5/71+17/8+B+9/5B634/2MMFM", 4), 0) ==
        doctest::Approx(kMineInOtherHq + 2 * kMineGuardsFlag));
  // The flag and mines of the silly setup: no mine touches the flag.
  CHECK(deployment_score(place(start, kSilly, 4), 0) == 0.0);
  // Its bombs in row 4 (+1 each), then the 司令 in a headquarters (-10).
  CHECK(deployment_score(place(start, kSilly, 6), 0) == doctest::Approx(2 * kBombBackRow));
  CHECK(deployment_score(place(start, kSilly, 7), 0) == doctest::Approx(2 * kBombBackRow - 10));
}

TEST_CASE("deployment score: a sensible setup above a silly one, exactly") {
  const auto g = make<Junqi4>();
  const State sensible = place(g.initial_state(), kSensible);
  const State silly = place(g.initial_state(), kSilly);
  // Worked out term by term in docs/rules/junqi.md, "Deployment heuristic".
  CHECK(deployment_score(sensible, 0) == doctest::Approx(25.0));
  CHECK(deployment_score(silly, 0) == doctest::Approx(0.75));
  // evaluate() sees it: seat 0's side is ahead after seat 0's sensible deployment.
  CHECK(sensible.evaluate()[0] > silly.evaluate()[0]);
  CHECK(sensible.evaluate()[0] > 0);
  CHECK(sensible.evaluate()[1] == doctest::Approx(-sensible.evaluate()[0]));
  CHECK(sensible.evaluate()[2] == doctest::Approx(sensible.evaluate()[0]));
}

TEST_CASE("deployment score: a seat's score depends on its own placements only") {
  const auto g = make<Junqi4>();
  const State mine = place(g.initial_state(), kSensible);
  const State a = place(mine, kSilly), b = place(mine, kSensible);
  CHECK(deployment_score(a, 0) == doctest::Approx(25.0));
  CHECK(deployment_score(b, 0) == doctest::Approx(25.0));
  CHECK(deployment_score(a, 1) == doctest::Approx(0.75));
  CHECK(deployment_score(b, 1) == doctest::Approx(25.0));
  // Once everyone has deployed the pieces are still each seat's own.
  State all = b;
  for (int seat = 2; seat < 4; ++seat) all = place(all, kSensible);
  REQUIRE(all.phase() == Phase::kPlay);
  CHECK(deployment_score(all, 3) == doctest::Approx(25.0));
}

TEST_CASE("greedy chooses its deployment by the heuristic; setup=random does not") {
  const auto g = make<Junqi4>();
  auto greedy = make_agent(g, "greedy");
  auto random_setup = make_agent(g, "greedy:setup=random");
  CHECK(random_setup->name() == "greedy:setup=random");
  double greedy_sum = 0, random_sum = 0;
  const int n = 20;
  for (int seed = 0; seed < n; ++seed) {
    Rng rng(static_cast<std::uint64_t>(seed));
    State s = g.initial_state(), t = g.initial_state();
    while (s.current_player() == 0) s.apply(greedy->choose(s, rng));
    while (t.current_player() == 0) t.apply(random_setup->choose(t, rng));
    CHECK(s.deployment(0) != t.deployment(0));
    const double gs = deployment_score(s, 0), rs = deployment_score(t, 0);
    CHECK(gs > rs);
    greedy_sum += gs;
    random_sum += rs;
    // The flag behind three mines, every time.
    CHECK(deployment_score(place(g.initial_state(), s.deployment(0), 4), 0) ==
          doctest::Approx(3 * kMineGuardsFlag));
  }
  MESSAGE("mean deployment score over " << n << " seeds: greedy " << greedy_sum / n << ", random "
                                        << random_sum / n);
  CHECK(greedy_sum / n > random_sum / n + 10);
}

TEST_CASE("greedy's setup option: named choices, bad values refused") {
  const auto g = make<Junqi4>();
  CHECK(make_agent(g, "greedy:setup=evaluation")->name() == "greedy");
  CHECK_THROWS_WITH_AS(make_agent(g, "greedy:setup=best"), doctest::Contains("setup"), Error);
  CHECK_THROWS_WITH_AS(make_agent(g, "greedy:depth=2"), doctest::Contains("depth"), Error);
}

TEST_CASE("named deployments still fix a seat's setup") {
  const auto g = make<Junqi4>({{"deployments", "mined_flag,,front_heavy"}});
  State s = g.initial_state();
  REQUIRE(s.current_player() == 1);
  CHECK(s.deployment(0) == kSensible);
  CHECK(deployment_score(s, 0) == doctest::Approx(25.0));
  auto greedy = make_agent(g, "greedy");
  Rng rng(7);
  while (s.current_player() == 1) s.apply(greedy->choose(s, rng));
  REQUIRE(s.current_player() == 3);  // seat 2's named deployment placed itself
  CHECK(s.deployment(2) == "79187/6+3+6/51+15/B+4+B/2M4M3/2FM32");
}

// MCTS on every game of the registry (engine/registry.h), through the game concept only:
// it beats random play, and on junqi6 (3 against 3) the team backup is measured against
// max^n. Games join these tests by joining AllGames.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "agents/mcts_agent.h"
#include "agents/random_agent.h"
#include "engine/registry.h"
#include "tests/search/play.h"

using namespace qilab;

namespace {

const std::vector<std::string> kHeuristic = {"evaluator=heuristic", "value_scale=tree", "uct=0.25"};

std::vector<std::string> with(std::vector<std::string> options, const std::string& extra) {
  options.push_back(extra);
  return options;
}

// 1 when the team of `seat` ends strictly ahead of every other team, 0.5 when all end level, else 0.
template <GameState S>
double team_score(const S& end, Player seat) {
  const Values r = end.returns();
  const int team = end.team_of(seat);
  bool level = true, ahead = true;
  for (int p = 0; p < end.num_players(); ++p) {
    level = level && r[p] == r[0];
    if (end.team_of(p) != team) ahead = ahead && r[seat] > r[p];
  }
  return level ? 0.5 : ahead ? 1.0 : 0.0;
}

// Wilson score interval at 95% for k successes in n (Wilson 1927).
std::pair<double, double> wilson(double k, int n) {
  const double z = 1.96, p = k / n, z2 = z * z / n;
  const double centre = (p + z2 / 2) / (1 + z2);
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / (1 + z2);
  return {centre - half, centre + half};
}

// mizong's seed board (3601 vertices, 1800 pieces, 200 rounds) is far beyond this test's
// budget; it plays its point-size-4 board here. Every other game plays its defaults.
std::vector<std::string> test_overrides(std::string_view id) {
  if (id == "mizong") return {"point_size=4"};
  return {};
}

template <Game G>
G default_game() {
  return G(resolve_options(G::option_specs(), default_config(G::kId), test_overrides(G::kId)));
}

}  // namespace

TEST_CASE("on every game MCTS with a modest budget beats random in at least 90% of seat-rotated games") {
  int games_tested = 0;
  for (const auto& info : game_infos()) {
    // Checkers is played with two seats in strength_test.cc: in its six-seat default, random
    // seats never leave the triangles the others must fill, so nobody can win.
    if (info.id == "checkers") continue;
    with_game(info.id, [&]<class G>() {
      if constexpr (G::kId != std::string_view("checkers")) {
        using S = typename G::State;
        const G game = default_game<G>();
        MctsAgent<S> mcts(game, with(kHeuristic, "simulations=50"));
        RandomAgent<S> random;
        const S start = game.initial_state();
        const int games = 12;
        double score = 0;
        for (int g = 0; g < games; ++g) {
          // MCTS takes every seat of the team of seat g mod players; random the others.
          const Player seat = g % game.num_players();
          std::vector<Agent<S>*> seats(game.num_players(), &random);
          for (int p = 0; p < game.num_players(); ++p)
            if (start.team_of(p) == start.team_of(seat)) seats[p] = &mcts;
          score += team_score(searchtest::play_game(game, seats, 300 + g), seat);
        }
        std::printf("%s: mcts (50 simulations) vs random: %.3f over %d games\n", info.id.c_str(), score / games, games);
        CAPTURE(info.id);
        CHECK(score / games >= 0.9);
        ++games_tested;
      }
    });
  }
  CHECK(games_tested >= 1);
}

TEST_CASE("junqi6: team backup against max^n, 3 against 3") {
  bool found = false;
  for (const auto& info : game_infos()) found = found || info.id == "junqi6";
  if (!found) {
    WARN_MESSAGE(found, "junqi6 is not in the registry: the team-vs-max^n test waits for it");
    return;
  }
  with_game("junqi6", [&]<class G>() {
    if constexpr (G::kId == std::string_view("junqi6")) {
      using S = typename G::State;
      const G game = default_game<G>();
      MctsAgent<S> team(game, with(with(kHeuristic, "simulations=30"), "backup=team"));
      MctsAgent<S> maxn(game, with(with(kHeuristic, "simulations=30"), "backup=maxn"));
      const S start = game.initial_state();
      const int games = 20;
      double score = 0;
      for (int g = 0; g < games; ++g) {
        // The team backup plays the side of seat 0 in even games, of seat 1 in odd ones.
        const Player seat = g % 2;
        std::vector<Agent<S>*> seats(6, &maxn);
        for (int p = 0; p < 6; ++p)
          if (start.team_of(p) == start.team_of(seat)) seats[p] = &team;
        score += team_score(searchtest::play_game(game, seats, 900 + g), seat);
      }
      const auto [lo, hi] = wilson(score, games);
      std::printf("junqi6: backup=team vs backup=maxn (30 simulations): %.3f over %d games, 95%% interval [%.2f, %.2f]\n",
                  score / games, games, lo, hi);
      // The issue asks that team beat max^n, or that the test record that it does not and by
      // how much: a shortfall is reported as a warning with its size, not a failure.
      WARN_MESSAGE(score / games > 0.5, "team backup did not beat max^n: score " << score / games << " over "
                                                                                 << games << " games");
    }
  });
}

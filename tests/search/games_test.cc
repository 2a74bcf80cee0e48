// MCTS on every game of the registry (engine/registry.h), through the game concept only:
// it beats random play. Games join these tests by joining AllGames. (A junqi6 match of a
// "team" backup against max^n was measured here; allies get equal values in every game, so
// the two were the same search and the backup is gone: docs/search.md, "Backups".)
#include <doctest/doctest.h>

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
        std::printf("%s: mcts (50 simulations) vs random: %.3f over %d games\n", info.id.c_str(),
                    score / games, games);
        CAPTURE(info.id);
        CHECK(score / games >= 0.9);
        ++games_tested;
      }
    });
  }
  CHECK(games_tested >= 1);
}

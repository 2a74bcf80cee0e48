#pragma once
// Evaluation and gating: a candidate network against an opponent (the best network so far,
// or a fixed pure-MCTS baseline), seat-rotated. In game i seat s is played by the candidate
// when (s + i) is even (experiments/rotation.h), so over pairs of games each side holds every
// seat equally often, and in team games each side is one whole team. A game scores 1 for the
// candidate when the mean return of its seats beats the opponent's, 1/2 when equal, else 0;
// the score rate gets a Wilson interval counted per game (each game one trial).
#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/match.h"
#include "experiments/wilson.h"

namespace qilab::training {

struct MatchScore {
  std::int64_t games = 0, wins = 0, draws = 0, losses = 0;
  double rate() const { return games ? (double(wins) + 0.5 * double(draws)) / double(games) : 0; }
  experiments::Interval interval() const { return experiments::wilson_rate_interval(rate(), double(games)); }
  nlohmann::json to_json() const {
    const auto iv = interval();
    return {{"games", games},   {"wins", wins},    {"draws", draws},
            {"losses", losses}, {"score", rate()}, {"interval95", {iv.lo, iv.hi}}};
  }
};

// Plays `games` games of `candidate` against `opponent` (each called once per seat per game,
// from any of `threads` threads) and scores them for the candidate.
template <Game G>
MatchScore play_match(const G& game, const std::function<AgentPtr<typename G::State>()>& candidate,
                      const std::function<AgentPtr<typename G::State>()>& opponent, int games,
                      std::uint64_t seed, int threads) {
  using S = typename G::State;
  experiments::RunIdentity id;
  id.game = std::string(G::kId);
  id.options = game.options().to_json();
  id.config_hash = game.options().hash();
  id.seed = seed;
  id.agents = {"candidate", "opponent"};
  id.seats = game.num_players();
  id.teams = experiments::game_teams(game.initial_state());  // a team is one agent (rotation.h)
  auto make = [&](const G&, const std::string& spec) -> AgentPtr<S> {
    return spec == "candidate" ? candidate() : opponent();
  };
  std::vector<int> result(static_cast<std::size_t>(games));  // +1 win, 0 draw, -1 loss
  std::atomic<int> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto worker = [&] {
    try {
      for (int i = next++; i < games; i = next++) {
        const GameRecord r = experiments::play_game(game, id, i, make);
        double mine = 0, theirs = 0;
        int n_mine = 0, n_theirs = 0;
        for (std::size_t s = 0; s < r.agents.size(); ++s) {
          if (r.agents[s] == "candidate") {
            mine += r.returns[s], ++n_mine;
          } else {
            theirs += r.returns[s], ++n_theirs;
          }
        }
        const double a = n_mine ? mine / n_mine : 0, b = n_theirs ? theirs / n_theirs : 0;
        const double eps = 1e-9 * (game.max_return() - game.min_return());
        result[static_cast<std::size_t>(i)] = a > b + eps ? 1 : b > a + eps ? -1 : 0;
      }
    } catch (...) {
      std::lock_guard lock(error_mutex);
      if (!error) error = std::current_exception();
      next = games;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::max(1, threads); ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
  MatchScore score;
  for (int r : result) {
    ++score.games;
    score.wins += r > 0;
    score.draws += r == 0;
    score.losses += r < 0;
  }
  return score;
}

}  // namespace qilab::training

#pragma once
// Self-play: many games at once, one game thread per `threads`, each running its own
// single-threaded PUCT search whose leaves all go to one inference backend (the batched
// service gathers them). Every seat is played by the same network. Per move:
//   - hidden-information games: the seat to move searches worlds drawn by sample_world from
//     its own view (ISMCTS); the network only ever sees State::encode(mover), its observation;
//   - playout cap randomisation (KataGo): with probability full_fraction a full search (root
//     Dirichlet noise, `simulations`) whose visit distribution becomes a training sample, else a
//     fast one (fast_simulations, no noise, no sample); fast_simulations = 0: always full;
//   - the move is sampled from the visits at the search's temperature schedule;
//   - the value target is the game's outcome for every seat, or with root_value_weight > 0 a
//     blend with the search's root values at that move;
//   - resignation: a seat whose chosen move's value (scaled to [0, 1]) stays below
//     resign_threshold for resign_consecutive of its moves ends the game, which then scores
//     the search's root values; in a resign_check_fraction of games nobody resigns and the
//     seat that would have is followed to the end: a false positive when it does not finish
//     with the game's lowest return.
// Game i draws all its randomness from Rng(seed).split(i), and samples and records come back
// in game order.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/record.h"
#include "engine/core/version.h"
#include "neural/net_evaluator.h"
#include "search/mcts.h"
#include "training/sample.h"

namespace qilab::training {

struct SelfPlayConfig {
  search::SearchConfig search;  // filled by search_config_for() and the run's config
  std::int64_t fast_simulations = 0;
  double full_fraction = 1.0;
  double heuristic_weight = 0;        // of State::evaluate() in the leaf values (neural/net_evaluator.h)
  double heuristic_prior_weight = 0;  // of one ply of the heuristic in the priors
  double heuristic_prior_temperature = 0.1;  // its softmax temperature
  // The value target: (1 - root_value_weight) x the game's outcome + root_value_weight x the
  // search's root value of each seat at the sample's move.
  double root_value_weight = 0;
  double resign_threshold = 0;  // 0: never resign
  int resign_consecutive = 3;
  double resign_check_fraction = 0.1;
  int threads = 1;
};

struct SelfPlayStats {
  std::int64_t games = 0, moves = 0, searches = 0, samples = 0;
  std::int64_t resigned = 0;                // games ended by resignation
  std::int64_t resign_checks = 0;           // check games in which a seat would have resigned
  std::int64_t resign_false_positives = 0;  // ... and did not finish last
  double seconds = 0;
};

struct SelfPlayOutput {
  std::vector<Sample> samples;
  std::vector<GameRecord> records;
  SelfPlayStats stats;
};

// The search settings every self-play and network search starts from: PUCT with parent FPU,
// moves sampled from the visits, ISMCTS for hidden-information games, the game's ranges.
template <Game G>
search::SearchConfig search_config_for(const G& game) {
  search::SearchConfig c;
  c.num_players = game.num_players();
  c.num_distinct_actions = game.num_distinct_actions();
  c.min_return = game.min_return();
  c.max_return = game.max_return();
  c.selection = search::Selection::kPuct;
  c.fpu = search::Fpu::kParent;
  c.final_choice = search::FinalChoice::kSample;
  c.ismcts = !game.perfect_information();
  c.reuse_tree = game.perfect_information();
  return c;
}

namespace detail {

struct GameOutput {
  std::vector<Sample> samples;
  GameRecord record;
  bool resigned = false, checked = false, false_positive = false;
  std::int64_t moves = 0, searches = 0;
};

template <Game G>
requires HasEncoding<G> GameOutput
play_one(const G& game, search::Mcts<typename G::State, neural::NetEvaluator<typename G::State>>& mcts,
         const SelfPlayConfig& c, std::uint64_t seed, std::int64_t index) {
  using S = typename G::State;
  GameOutput out;
  Rng rng = Rng(seed).split(static_cast<std::uint64_t>(index));
  const int n = game.num_players();
  const double lo = game.min_return(), hi = game.max_return();
  const neural::ValueScale scale{lo, hi};
  const int input_size = game.encoding_spec().size();
  const bool check_game = c.resign_threshold > 0 && rng.uniform() < c.resign_check_fraction;
  std::vector<int> low(static_cast<std::size_t>(n), 0);
  Player would_resign = -1;
  std::vector<Player> movers;
  std::vector<Values> root_values;  // per sample, with root_value_weight > 0
  mcts.clear();
  S state = game.initial_state();
  Values final_values{};
  while (!state.is_terminal()) {
    if (state.is_chance()) {
      const Action a = state.sample_chance(rng);
      out.record.actions.push_back(a);
      out.record.notation.push_back(state.action_to_string(a));
      state.apply(a);
      mcts.advance(a);
      continue;
    }
    const Player p = state.current_player();
    const S view = game.perfect_information() ? state : state.sample_world(p, rng);
    const bool full = c.fast_simulations == 0 || rng.uniform() < c.full_fraction;
    search::Budget budget = c.search.budget;
    budget.simulations = full ? c.search.budget.simulations : c.fast_simulations;
    mcts.set_budget(budget);
    mcts.set_noise_alpha(full ? c.search.noise_alpha : 0.0);
    const Action a = mcts.search(view, rng);
    ++out.searches;
    const auto children = mcts.root_children();
    if (full) {
      Sample s;
      s.input.resize(static_cast<std::size_t>(input_size));
      view.encode(p, s.input);
      std::uint64_t total = 0;
      for (const auto& ch : children) total += ch.visits;
      if (total == 0) {
        s.policy.push_back({static_cast<std::int32_t>(view.policy_index(a)), 1.0f});
      } else {
        for (const auto& ch : children)
          if (ch.visits > 0)
            s.policy.push_back({static_cast<std::int32_t>(view.policy_index(ch.action)),
                                static_cast<float>(double(ch.visits) / double(total))});
      }
      out.samples.push_back(std::move(s));
      movers.push_back(p);
      if (c.root_value_weight > 0) root_values.push_back(mcts.root_values());
    }
    if (c.resign_threshold > 0 && !children.empty()) {
      const double v = (mcts.stats().value - lo) / (hi - lo);
      low[static_cast<std::size_t>(p)] = v < c.resign_threshold ? low[static_cast<std::size_t>(p)] + 1 : 0;
      if (low[static_cast<std::size_t>(p)] >= c.resign_consecutive) {
        if (!check_game) {
          out.resigned = true;
          final_values = mcts.root_values();
          out.record.stats.push_back({{"ply", out.record.actions.size()}, {"seat", p}, {"resigned", true}});
          break;
        }
        if (would_resign < 0) would_resign = p;
      }
    }
    out.record.actions.push_back(a);
    out.record.notation.push_back(view.action_to_string(a));
    state.apply(a);
    ++out.moves;
    if (game.perfect_information()) {
      mcts.advance(a);
    } else {
      mcts.clear();
    }
  }
  if (!out.resigned) final_values = state.returns();
  if (would_resign >= 0) {
    out.checked = true;
    out.false_positive = final_values[would_resign] > lo + 1e-9 * (hi - lo);
  }
  for (std::size_t i = 0; i < out.samples.size(); ++i) {
    auto& o = out.samples[i].outcome;
    o.resize(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k) {
      const Player seat = (movers[i] + k) % n;
      double target = final_values[seat];
      if (c.root_value_weight > 0)
        target = (1 - c.root_value_weight) * target + c.root_value_weight * root_values[i][seat];
      o[static_cast<std::size_t>(k)] = std::clamp(scale.to_net(target), -1.0f, 1.0f);
    }
  }
  GameRecord& r = out.record;
  r.index = index;
  r.game = std::string(G::kId);
  r.options = game.options().to_json();
  r.config_hash = game.options().hash();
  r.seed = seed;
  r.agents.assign(static_cast<std::size_t>(n), "selfplay");
  for (int p = 0; p < n; ++p) r.returns.push_back(final_values[p]);
  r.program = "qilab " + std::string(version()) + " (commit " + std::string(git_commit()) + ")";
  return out;
}

template <Game G>
using SelfPlaySearch = search::Mcts<typename G::State, neural::NetEvaluator<typename G::State>>;

// The search a self-play game thread runs, game after game (play_one clears it).
template <Game G>
requires HasEncoding<G> std::unique_ptr<SelfPlaySearch<G>> make_search(const G& game,
                                                                       neural::InferenceBackend& backend,
                                                                       const SelfPlayConfig& c) {
  auto mcts =
      std::make_unique<SelfPlaySearch<G>>(c.search, neural::NetEvaluator<typename G::State>(game, backend));
  mcts->evaluator().set_heuristic_weight(c.heuristic_weight);
  mcts->evaluator().set_heuristic_priors(c.heuristic_prior_weight, c.heuristic_prior_temperature);
  return mcts;
}

// Games' outputs, in game order, as one output (its seconds left at 0).
inline SelfPlayOutput collect(std::vector<GameOutput>& results) {
  SelfPlayOutput out;
  for (auto& g : results) {
    out.stats.games += 1;
    out.stats.moves += g.moves;
    out.stats.searches += g.searches;
    out.stats.resigned += g.resigned;
    out.stats.resign_checks += g.checked;
    out.stats.resign_false_positives += g.false_positive;
    for (auto& s : g.samples) out.samples.push_back(std::move(s));
    out.records.push_back(std::move(g.record));
  }
  out.stats.samples = static_cast<std::int64_t>(out.samples.size());
  return out;
}

}  // namespace detail

// Plays games first_index .. first_index + games - 1 on `backend`.
template <Game G>
requires HasEncoding<G> SelfPlayOutput self_play(const G& game, neural::InferenceBackend& backend,
                                                 const SelfPlayConfig& c, std::uint64_t seed,
                                                 std::int64_t first_index, int games) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<detail::GameOutput> results(static_cast<std::size_t>(std::max(games, 0)));
  std::atomic<int> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto worker = [&] {
    try {
      const auto mcts = detail::make_search(game, backend, c);
      for (int i = next++; i < games; i = next++)
        results[static_cast<std::size_t>(i)] = detail::play_one(game, *mcts, c, seed, first_index + i);
    } catch (...) {
      std::lock_guard lock(error_mutex);
      if (!error) error = std::current_exception();
      next = games;
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < std::max(1, c.threads); ++t) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
  SelfPlayOutput out = detail::collect(results);
  out.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace qilab::training

#pragma once
// The match runner: plays a run of games between agents, in parallel over games, and writes
// DIR/games.jsonl and DIR/summary.json (docs/formats.md).
//
// Determinism: game i draws every random number (chance outcomes, sampled worlds, the agents'
// own choices) from Rng(seed).split(i), with agents created fresh for that game, so a game's
// record depends on (seed, i, config, agents) only; records are written in index order. The
// files are therefore the same for any --threads.
#include <algorithm>
#include <array>
#include <chrono>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "agents/factory.h"
#include "engine/core/config.h"
#include "engine/core/game.h"
#include "engine/core/record.h"
#include "engine/core/version.h"
#include "experiments/match_session.h"
#include "experiments/rotation.h"

namespace qilab::experiments {

template <Game G>
RunIdentity identity_of(const G& game, const MatchConfig& cfg) {
  RunIdentity id{std::string(G::kId), game.options().to_json(), game.options().hash(), cfg.seed, cfg.agents,
                 game.num_players(), {}};
  const auto start = game.initial_state();
  for (Player p = 0; p < id.seats; ++p) id.teams.push_back(start.team_of(p));
  id.program = "qilab " + std::string(version()) + " (commit " + std::string(git_commit()) + ")";
  id.agent_files = agent_file_hashes(cfg.agents);
  return id;
}

// Plays game `index` of the run to the end. The referee alone holds the true state: each agent
// is shown state.sample_world(seat, rng) (the state itself in perfect-information games) and,
// after every action, only its seat's view of it (action_view: an enemy's secret placement
// stays hidden); chance nodes are resolved here with state.sample_chance(rng).
//
// `make(game, spec)` builds each seat's agent: make_agent in runs; tests pass their own to
// watch what the referee hands an agent.
template <Game G, class MakeAgent>
GameRecord play_game(const G& game, const RunIdentity& id, std::int64_t index, MakeAgent&& make) {
  using S = typename G::State;
  GameRecord r;
  r.index = index;
  r.game = id.game;
  r.options = id.options;
  r.config_hash = id.config_hash;
  r.seed = id.seed;
  r.agents = seat_agents(id.agents, id.seats, index);
  r.program = id.program;
  r.agent_files = id.agent_files;

  Rng rng = Rng(id.seed).split(static_cast<std::uint64_t>(index));
  std::vector<AgentPtr<S>> agents;
  for (const auto& spec : r.agents) {
    agents.push_back(make(game, spec));
    agents.back()->reset();
  }
  S state = game.initial_state();
  while (!state.is_terminal()) {
    Action a;
    if (state.is_chance()) {
      a = state.sample_chance(rng);
    } else {
      const Player p = state.current_player();
      const S view = state.sample_world(p, rng);
      a = agents[static_cast<std::size_t>(p)]->choose(view, rng);
      if (auto stats = agents[static_cast<std::size_t>(p)]->last_stats(); !stats.is_null())
        r.stats.push_back({{"ply", r.actions.size()}, {"seat", p}, {"stats", std::move(stats)}});
    }
    // A bad agent or game is a bug, not bad input: logic_error makes the CLI exit 1.
    if (!state.is_legal(a))
      throw std::logic_error("game " + std::to_string(index) + ": action " + std::to_string(a) +
                             " chosen at ply " + std::to_string(r.actions.size()) + " is not legal");
    r.notation.push_back(state.action_to_string(a));
    r.actions.push_back(a);
    // What each seat sees of a depends on the position it is played in: ask before applying.
    std::array<Action, kMaxPlayers> views{};
    for (std::size_t q = 0; q < agents.size(); ++q) views[q] = action_view(state, static_cast<Player>(q), a);
    state.apply(a);
    for (std::size_t q = 0; q < agents.size(); ++q) agents[q]->observe(views[q]);
  }
  const Values v = state.returns();
  r.returns.assign(v.begin(), v.begin() + state.num_players());
  if constexpr (requires(const S& s) { { s.ending() } -> std::convertible_to<std::string_view>; })
    r.ending = std::string(state.ending());
  // Games whose players choose a setup (junqi's deployment) record it per seat: setups are
  // the openings that experiments compare.
  if constexpr (requires(const S& s, Player p) { { s.deployment(p) } -> std::convertible_to<std::string>; }) {
    r.setups = nlohmann::json::array();
    for (Player p = 0; p < state.num_players(); ++p) r.setups.push_back(state.deployment(p));
  }
  return r;
}

template <Game G>
GameRecord play_game(const G& game, const RunIdentity& id, std::int64_t index) {
  return play_game(game, id, index, [](const G& g, const std::string& spec) { return make_agent(g, spec); });
}

// How record `r` differs from its replay through `game` ("" when it replays exactly): each
// action must be legal where it stands and be written as recorded, the game must end with the
// last action, with the recorded returns (and setups, where the game has them).
template <Game G>
std::string replay_difference(const G& game, const GameRecord& r) {
  using S = typename G::State;
  const auto ply = [](std::size_t k) { return "action " + std::to_string(k); };
  if (r.notation.size() != r.actions.size())
    return std::to_string(r.actions.size()) + " actions but " + std::to_string(r.notation.size()) + " notations";
  S state = game.initial_state();
  for (std::size_t k = 0; k < r.actions.size(); ++k) {
    const Action a = r.actions[k];
    if (state.is_terminal())
      return "the game is over after " + std::to_string(k) + " actions, the record has " +
             std::to_string(r.actions.size());
    if (a < 0 || a >= game.num_distinct_actions() || !state.is_legal(a))
      return ply(k) + " (id " + std::to_string(a) + ", '" + r.notation[k].substr(0, 40) + "') is not legal there";
    if (const std::string text = state.action_to_string(a); text != r.notation[k])
      return ply(k) + " (id " + std::to_string(a) + ") is '" + text + "', the record writes '" +
             r.notation[k].substr(0, 40) + "'";
    state.apply(a);
  }
  if (!state.is_terminal()) return "the game has not ended after its " + std::to_string(r.actions.size()) + " actions";
  const Values v = state.returns();
  const std::vector<double> returns(v.begin(), v.begin() + state.num_players());
  if (returns != r.returns)
    return "returns " + nlohmann::json(r.returns).dump() + " recorded, the game gives " + nlohmann::json(returns).dump();
  if constexpr (requires(const S& s) { { s.ending() } -> std::convertible_to<std::string_view>; }) {
    if (!r.ending.empty() && r.ending != state.ending())
      return "ending '" + r.ending + "' recorded, the game ends by '" + std::string(state.ending()) + "'";
  }
  if constexpr (requires(const S& s, Player p) { { s.deployment(p) } -> std::convertible_to<std::string>; }) {
    nlohmann::json setups = nlohmann::json::array();
    for (Player p = 0; p < state.num_players(); ++p) setups.push_back(state.deployment(p));
    if (setups != r.setups) return "setups recorded differ from the deployments its actions make";
  }
  return {};
}

// Runs (or resumes) the match; throws Error on bad input before anything is written.
template <Game G>
MatchReport run_match(const G& game, const MatchConfig& cfg) {
  check_match_config(cfg);
  for (const auto& spec : cfg.agents) make_agent(game, spec);  // a bad agent spec fails here, not mid-run
  MatchSession session(identity_of(game, cfg), cfg,
                       [&game](const GameRecord& r) { return replay_difference(game, r); });
  const auto start = std::chrono::steady_clock::now();
  const auto& pending = session.pending();
  const auto n = static_cast<std::int64_t>(pending.size());

  // Exceptions may not leave an OpenMP region: the first failure (lowest slot, so the error
  // reported does not depend on timing when several games fail) is kept and rethrown after.
  std::mutex lock;
  std::exception_ptr error;
  std::int64_t error_slot = n;
  bool failed = false;
  auto fail = [&](std::int64_t k) {
    if (k < error_slot) {
      error_slot = k;
      error = std::current_exception();
    }
    failed = true;
  };

#pragma omp parallel for num_threads(cfg.threads) schedule(dynamic, 1)
  for (std::int64_t k = 0; k < n; ++k) {
    {
      std::lock_guard guard(lock);
      if (failed) continue;  // finish quickly; written records stay resumable
    }
    try {
      GameRecord r = play_game(game, session.identity(), pending[static_cast<std::size_t>(k)]);
      std::lock_guard guard(lock);
      try {
        session.finish(static_cast<std::size_t>(k), std::move(r));
      } catch (...) {
        fail(k);
      }
    } catch (...) {
      std::lock_guard guard(lock);
      fail(k);
    }
  }
  if (error) std::rethrow_exception(error);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return session.close(seconds);
}

// The same, for a game named by a config (registry id and options) plus key=value overrides.
MatchReport run_match(const GameConfig& config, const std::vector<std::string>& overrides, const MatchConfig& cfg);

}  // namespace qilab::experiments

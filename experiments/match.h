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
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "agents/factory.h"
#include "agents/random_agent.h"
#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/core/game.h"
#include "engine/core/input.h"
#include "engine/core/record.h"
#include "engine/core/state_defaults.h"
#include "engine/core/version.h"
#include "experiments/match_session.h"
#include "experiments/referee.h"
#include "experiments/rotation.h"

namespace qilab::experiments {

// Team of each seat at the start of a game.
template <GameState S>
std::vector<int> game_teams(const S& state) {
  std::vector<int> teams;
  for (Player p = 0; p < state.num_players(); ++p) teams.push_back(state.team_of(p));
  return teams;
}

template <Game G>
RunIdentity identity_of(const G& game, const MatchConfig& cfg) {
  RunIdentity id;
  id.game = std::string(G::kId);
  id.options = game.options().to_json();
  id.config_hash = game.options().hash();
  id.seed = cfg.seed;
  id.agents = cfg.agents;
  id.seats = game.num_players();
  id.teams = game_teams(game.initial_state());
  id.program = "qilab " + std::string(version()) + " (commit " + std::string(git_commit()) + ")";
  id.agent_files = agent_file_hashes(cfg.agents);
  return id;
}

// Whether the referee may hand an agent of S the true state itself: every seat sees the whole
// state (the state takes sample_world from PerfectInformation, unchanged) and every action
// (no action_view of its own). Then sample_world(seat, rng) is a copy of the state that draws
// nothing from rng, and the referee's fast path (play_seated) skips the copy.
template <class S>
concept HandsWholeState = std::is_base_of_v<PerfectInformation<S>, S> &&
    (!HasActionView<S>)&&std::is_same_v<decltype(&S::sample_world),
                                        S (PerfectInformation<S>::*)(Player, Rng&) const>;

// Quiet turns of play_seated: the seat to move decides on the state itself (`choose(seat,
// state, rng)`), its action is recorded and applied, up to a chance node or the end; `seat` is
// the seat deciding, so that a throw names it. Kept a function of its own, whose few steps the
// compiler keeps inline.
template <class S, class Choose>
[[gnu::noinline]] void play_quiet_turns(S& state, Choose&& choose, std::vector<Action>& actions, Rng& rng,
                                        Player& seat) {
  do {
    seat = state.current_player();
    const Action a = choose(seat, std::as_const(state), rng);
    actions.push_back(a);
    state.apply(a);
  } while (!state.is_terminal() && !state.is_chance());
}

// Plays game `index` of a run to the end with `seat_names[s]` in seat s. The referee alone
// holds the true state: each agent is shown state.sample_world(seat, rng) (the state itself in
// perfect-information games) and, after every action, only its seat's view of it
// (action_view: an enemy's secret placement stays hidden); chance nodes are resolved here with
// state.sample_chance(rng). An agent that throws (or whose view cannot be drawn: sample_world
// throws), or that runs over the referee's time limit too often, forfeits its seat
// (referee.h); the event is recorded.
//
// The fast path, where a game hands every seat the whole state (HandsWholeState) and the
// referee is not told `general`: agents choose on the state itself (no copy), the clock is read
// only under a time limit, and the actions of trusted agents (Agent::trusted: the ones qilab
// ships) are not checked again with is_legal. It plays exactly the games the general path
// plays (tests/experiments/match_test.cc compares their records).
//
// `make(game, name)` builds each seat's agent: make_agent in runs; tests pass their own to
// watch what the referee hands an agent, or to seat one that fails. It returns an AgentPtr, or
// any handle that owns the agent for the game (AgentPool::Lease: tournaments keep agents from
// one game to the next); every agent is reset() before the game.
// `run_options`: `game` plays the run's own options, id.options (hashed to id.config_hash), so
// the record takes them from `id` instead of building and hashing them again.
template <Game G, class MakeAgent>
GameRecord play_seated(const G& game, const RunIdentity& id, std::int64_t index,
                       std::vector<std::string> seat_names, MakeAgent&& make, const Referee& referee = {},
                       std::int64_t lineup = 0, bool run_options = false) {
  using S = typename G::State;
  using Clock = std::chrono::steady_clock;
  using Made = std::decay_t<std::invoke_result_t<MakeAgent&, const G&, const std::string&>>;
  GameRecord r;
  r.index = index;
  r.lineup = lineup;
  r.game = id.game;
  r.options = run_options ? id.options : game.options().to_json();
  r.config_hash = run_options ? id.config_hash : game.options().hash();
  r.seed = id.seed;
  r.agents = std::move(seat_names);
  r.program = id.program;
  r.agent_files = id.agent_files;

  Rng rng = Rng(id.seed).split(static_cast<std::uint64_t>(index));
  std::vector<Made> agents;
  for (const auto& spec : r.agents) {
    agents.push_back(make(game, spec));
    agents.back()->reset();
  }
  const bool whole = HandsWholeState<S> && !referee.general;
  const bool timed = referee.move_time_limit_ms > 0;
  std::array<bool, kMaxPlayers> checked{};  // seats whose actions are checked with is_legal
  std::array<bool, kMaxPlayers> passive{};  // seats whose agents neither observe nor report
  bool all_passive = true, none_checked = true;
  for (std::size_t q = 0; q < agents.size(); ++q) {
    checked[q] = !whole || !agents[q]->trusted();
    passive[q] = agents[q]->passive();
    all_passive = all_passive && passive[q];
    none_checked = none_checked && !checked[q];
  }
  // Quiet turns: where every seat is handed the state itself, no clock is read, no action is
  // checked or written out, and no agent observes or reports, a decision is only "choose,
  // record, apply" -- the general turn below with each of its steps found to be nothing.
  const bool quiet = whole && !timed && all_passive && none_checked && !referee.notation;
  // Where every seat is a RandomAgent (the agent of most balance runs, whose decision costs
  // little more than a call through Agent's table), quiet turns call each seat's agent by its
  // own type, a call the compiler inlines: the same agents, the same draws, the same records.
  std::array<RandomAgent<S>*, kMaxPlayers> random{};
  bool all_random = quiet;
  for (std::size_t q = 0; q < agents.size() && all_random; ++q)
    all_random = (random[q] = dynamic_cast<RandomAgent<S>*>(&*agents[q])) != nullptr;
  // Room for a quarter more actions than this thread's last game took (a run's games are alike
  // in length, give or take), so that the list is seldom grown and copied during a game.
  thread_local std::size_t typical_length = 256;
  r.actions.reserve(typical_length + typical_length / 4);
  std::array<int, kMaxPlayers> strikes{};
  std::vector<double> ended_by_forfeit;  // returns, when a forfeit ended the game
  S state = game.initial_state();
  // What the referee does when seat p's decision failed ("error": it threw; "timeout"): records
  // the event; a forfeit applies the game's rule, or ends the game. Kept out of the loop's way:
  // it runs only when an agent fails.
  enum class After { kPlay, kNext, kEnded };  // the chosen action stands; the next turn; the end
  // What an agent threw, for the record's event; called inside a catch block.
  auto thrown = []() -> std::string {
    try {
      throw;
    } catch (const std::exception& e) {
      return brief_text(e.what(), 200);
    } catch (...) {
      return "an exception that is not a std::exception";
    }
  };
  auto failed = [&](Player p, std::string_view kind, std::string message) {
    const bool forfeit = kind == "error" || strikes[static_cast<std::size_t>(p)] >= referee.max_timeouts;
    r.events.push_back({{"ply", r.actions.size()},
                        {"seat", p},
                        {"kind", std::string(kind)},
                        {"forfeit", forfeit},
                        {"message", std::move(message)}});
    if (!forfeit) return After::kPlay;
    if (!apply_forfeit_rule(state, p)) {
      ended_by_forfeit = forfeit_returns(state.num_players(), id.teams, p);
      return After::kEnded;
    }
    // The position changed without an action: every agent starts its search afresh.
    for (auto& other : agents) other->reset();
    return After::kNext;
  };
  while (!state.is_terminal()) {
    if (quiet && !state.is_chance()) {
      // Quiet turns, up to the next chance node or the end. An agent that throws fails its
      // decision as in the general turn (a forfeit, since it threw: the next turn or the end).
      Player p = 0;
      try {
        if (all_random)
          play_quiet_turns(
              state,
              [&](Player q, const S& s, Rng& g) { return random[static_cast<std::size_t>(q)]->choose(s, g); },
              r.actions, rng, p);
        else
          play_quiet_turns(
              state,
              [&](Player q, const S& s, Rng& g) { return agents[static_cast<std::size_t>(q)]->choose(s, g); },
              r.actions, rng, p);
        continue;
      } catch (...) {
        if (failed(p, "error", thrown()) == After::kEnded) break;
        continue;
      }
    }
    Action a{};
    bool check = true;
    if (state.is_chance()) {
      a = state.sample_chance(rng);
    } else {
      const Player p = state.current_player();
      auto& agent = *agents[static_cast<std::size_t>(p)];
      check = checked[static_cast<std::size_t>(p)];
      Clock::time_point t0{};
      std::optional<std::string> error;  // what the agent threw, when it did
      // The seat's view is part of its decision: a world that cannot be drawn for it (a
      // sampler that gives up) fails the decision like an agent that throws.
      try {
        if (whole) {
          if (timed) t0 = Clock::now();
          a = agent.choose(state, rng);
        } else {
          const S view = state.sample_world(p, rng);
          if (timed) t0 = Clock::now();
          a = agent.choose(view, rng);
        }
      } catch (...) {
        error = thrown();
      }
      After after = After::kPlay;
      if (error) {
        after = failed(p, "error", std::move(*error));
      } else if (timed) {
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        if (ms > referee.move_time_limit_ms)
          after = failed(p, "timeout", timeout_message(ms, referee, ++strikes[static_cast<std::size_t>(p)]));
      }
      if (after == After::kEnded) break;
      if (after == After::kNext) continue;
      if (!passive[static_cast<std::size_t>(p)])
        if (auto stats = agent.last_stats(); !stats.is_null())
          r.stats.push_back({{"ply", r.actions.size()}, {"seat", p}, {"stats", std::move(stats)}});
    }
    // A bad agent or game is a bug, not bad input: logic_error makes the CLI exit 1.
    if (check && !state.is_legal(a))
      throw std::logic_error("game " + std::to_string(index) + ": action " + std::to_string(a) +
                             " chosen at ply " + std::to_string(r.actions.size()) + " is not legal");
    if (referee.notation) r.notation.push_back(state.action_to_string(a));
    r.actions.push_back(a);
    if (all_passive) {
      state.apply(a);
      continue;
    }
    // What each seat sees of a depends on the position it is played in: ask before applying.
    std::array<Action, kMaxPlayers> views{};
    for (std::size_t q = 0; q < agents.size(); ++q)
      if (!passive[q]) views[q] = action_view(state, static_cast<Player>(q), a);
    state.apply(a);
    for (std::size_t q = 0; q < agents.size(); ++q)
      if (!passive[q]) agents[q]->observe(views[q]);
  }
  if (!ended_by_forfeit.empty()) {
    r.returns = std::move(ended_by_forfeit);
    r.ending = "forfeit";
  } else {
    const Values v = state.returns();
    r.returns.assign(v.begin(), v.begin() + state.num_players());
    if constexpr (requires(const S& s) {
                    { s.ending() } -> std::convertible_to<std::string_view>;
                  })
      r.ending = std::string(state.ending());
  }
  // Games whose players choose a setup (junqi's deployment) record it per seat: setups are
  // the openings that experiments compare.
  if constexpr (requires(const S& s, Player p) {
                  { s.deployment(p) } -> std::convertible_to<std::string>;
                }) {
    r.setups = nlohmann::json::array();
    for (Player p = 0; p < state.num_players(); ++p) r.setups.push_back(state.deployment(p));
  }
  typical_length = std::max<std::size_t>(256, r.actions.size());
  return r;
}

// Game `index` of a `play` run: the agents of the run rotated over the seats, or over the sides
// where teams hold several seats (rotation.h, play_seats).
template <Game G, class MakeAgent>
GameRecord play_game(const G& game, const RunIdentity& id, std::int64_t index, MakeAgent&& make) {
  return play_seated(
      game, id, index,
      id.teams.empty() ? seat_agents(id.agents, id.seats, index) : play_seats(id.agents, id.teams, index),
      std::forward<MakeAgent>(make));
}

template <Game G>
GameRecord play_game(const G& game, const RunIdentity& id, std::int64_t index) {
  return play_game(game, id, index, [](const G& g, const std::string& spec) { return make_agent(g, spec); });
}

// How record `r` differs from its replay through `game` ("" when it replays exactly): each
// action must be legal where it stands and be written as recorded (where the record has its
// notation), the game must end with the last action, with the recorded returns (and setups,
// where the game has them).
template <Game G>
std::string replay_difference(const G& game, const GameRecord& r) {
  using S = typename G::State;
  const auto ply = [](std::size_t k) { return "action " + std::to_string(k); };
  const bool noted = !r.notation.empty();
  if (noted && r.notation.size() != r.actions.size())
    return std::to_string(r.actions.size()) + " actions but " + std::to_string(r.notation.size()) +
           " notations";
  S state = game.initial_state();
  std::size_t next_event = 0;
  // The recorded failures before action `k`: a forfeit applies the game's rule, or ends the
  // game there; returns "" or the difference. Sets `ended` when a forfeit ended the game.
  bool ended = false;
  auto events_before = [&](std::size_t k) -> std::string {
    if (!r.events.is_array()) return "events is not an array";
    for (; next_event < r.events.size(); ++next_event) {
      const auto& e = r.events[next_event];
      if (!e.is_object() || !e.contains("ply") || !e["ply"].is_number_unsigned() || !e.contains("seat") ||
          !e["seat"].is_number_integer() || !e.contains("forfeit") || !e["forfeit"].is_boolean())
        return "event " + std::to_string(next_event) + " is malformed";
      if (e["ply"].get<std::uint64_t>() != k) break;
      const int seat = e["seat"].get<int>();
      if (state.is_terminal() || state.is_chance() || state.current_player() != seat)
        return "event " + std::to_string(next_event) + " names seat " + std::to_string(seat) +
               ", not the seat to move at action " + std::to_string(k);
      if (!e["forfeit"].get<bool>()) continue;
      if (apply_forfeit_rule(state, static_cast<Player>(seat))) continue;
      ended = true;
      if (k != r.actions.size())
        return "the forfeit at action " + std::to_string(k) + " ends the game, the record goes on";
      if (const auto v = forfeit_returns(state.num_players(), game_teams(game.initial_state()),
                                         static_cast<Player>(seat));
          v != r.returns)
        return "returns " + nlohmann::json(r.returns).dump() + " recorded, the forfeit gives " +
               nlohmann::json(v).dump();
      ++next_event;
      return {};
    }
    return {};
  };
  for (std::size_t k = 0; k < r.actions.size(); ++k) {
    const Action a = r.actions[k];
    if (std::string e = events_before(k); !e.empty()) return e;
    if (state.is_terminal())
      return "the game is over after " + std::to_string(k) + " actions, the record has " +
             std::to_string(r.actions.size());
    if (a < 0 || a >= game.num_distinct_actions() || !state.is_legal(a))
      return ply(k) + " (id " + std::to_string(a) + (noted ? ", '" + r.notation[k].substr(0, 40) + "'" : "") +
             ") is not legal there";
    if (const std::string text = state.action_to_string(a); noted && text != r.notation[k])
      return ply(k) + " (id " + std::to_string(a) + ") is '" + text + "', the record writes '" +
             r.notation[k].substr(0, 40) + "'";
    state.apply(a);
  }
  if (std::string e = events_before(r.actions.size()); !e.empty()) return e;
  if (next_event != (r.events.is_array() ? r.events.size() : 0))
    return "event " + std::to_string(next_event) + " does not fall on a decision of the game";
  if (ended) {
    if constexpr (requires(const S& s, Player p) {
                    { s.deployment(p) } -> std::convertible_to<std::string>;
                  }) {
      nlohmann::json setups = nlohmann::json::array();
      for (Player p = 0; p < state.num_players(); ++p) setups.push_back(state.deployment(p));
      if (setups != r.setups) return "setups recorded differ from the deployments its actions make";
    }
    return {};
  }
  if (!state.is_terminal())
    return "the game has not ended after its " + std::to_string(r.actions.size()) + " actions";
  const Values v = state.returns();
  const std::vector<double> returns(v.begin(), v.begin() + state.num_players());
  if (returns != r.returns)
    return "returns " + nlohmann::json(r.returns).dump() + " recorded, the game gives " +
           nlohmann::json(returns).dump();
  if constexpr (requires(const S& s) {
                  { s.ending() } -> std::convertible_to<std::string_view>;
                }) {
    if (!r.ending.empty() && r.ending != state.ending())
      return "ending '" + r.ending + "' recorded, the game ends by '" + std::string(state.ending()) + "'";
  }
  if constexpr (requires(const S& s, Player p) {
                  { s.deployment(p) } -> std::convertible_to<std::string>;
                }) {
    nlohmann::json setups = nlohmann::json::array();
    for (Player p = 0; p < state.num_players(); ++p) setups.push_back(state.deployment(p));
    if (setups != r.setups) return "setups recorded differ from the deployments its actions make";
  }
  return {};
}

// Runs (or resumes) the match, each seat's agent made by `make(game, spec)` (as play_game
// takes it: the Python module seats its own agents this way); throws Error on bad input before
// anything is written. `make` is called from the OpenMP threads.
template <Game G, class MakeAgent>
MatchReport run_match(const G& game, const MatchConfig& cfg, MakeAgent&& make) {
  check_match_config(cfg);
  for (const auto& spec : cfg.agents) make(game, spec);  // a bad agent spec fails here, not mid-run
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
      GameRecord r = play_game(game, session.identity(), pending[static_cast<std::size_t>(k)], make);
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

// Runs (or resumes) the match with the agents make_agent builds from cfg.agents.
template <Game G>
MatchReport run_match(const G& game, const MatchConfig& cfg) {
  return run_match(game, cfg, [](const G& g, const std::string& spec) { return make_agent(g, spec); });
}

// The same, for a game named by a config (registry id and options) plus key=value overrides.
MatchReport run_match(const GameConfig& config, const std::vector<std::string>& overrides,
                      const MatchConfig& cfg);

}  // namespace qilab::experiments

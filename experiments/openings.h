#pragma once
// Openings: is there a dominant opening? Candidates (a seat's first actions, or a seat's setup
// given through a game option: junqi deployments, mizong layouts, elements heroes) are raced
// against a pool of opponents (racing.h: successive elimination with simultaneous Wilson bounds)
// within a budget of games, every game played by the tournament's referee (match.h,
// play_seated) into the tournament store (store.h), then ranked with their win rates, intervals
// and tests. docs/openings.md describes the method, the config and the report.
//
// Game indices: game j of candidate a is game a x budget + j of the store (its `lineup` is a);
// it draws every random number from Rng(seed).split(index), so the games, and the race decided
// from them, do not depend on threads or on interruptions: a rerun replays the race from the
// stored games and plays only those it lacks.
//
// Seats: game j of a candidate puts it in seat seats[j mod S] (S = 1 when the config fixes the
// seat, else every seat in turn) against opponent agents[(j / S) mod P] of the pool of P, which
// plays every other side; the candidate's teammates are played by the candidate's own agent.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <algorithm>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/factory.h"
#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/core/game.h"
#include "experiments/match.h"
#include "experiments/opening_agent.h"
#include "experiments/racing.h"
#include "experiments/shards.h"
#include "experiments/store.h"
#include "experiments/tournament.h"

namespace qilab::experiments {

// One candidate: a line of actions, a value of a per-seat game option, or an agent of its own
// for the candidate seat (with or without either).
struct OpeningCandidate {
  std::string name;
  std::vector<std::string> actions;  // the seat's first actions, by notation
  std::string option;                // or: a game option whose value is a comma-separated list per seat
  std::string value;                 // the candidate seat's entry (per_side: its side's entries)
  std::string fill;                  // every seat's entries before the candidate's are put in
  bool per_side = false;
  std::string agent;  // the candidate seat's agent, when not the config's (e.g. its own way to deploy)
};

struct OpeningsConfig {
  TournamentConfig base;  // game, set, seed, threads, batch, referee, name; `agents`: the opponents
  std::string agent;      // the spec of the agent playing the candidate's side
  std::vector<OpeningCandidate> candidates;
  int seat = -1;                 // the candidate's seat; -1: every seat in turn
  std::int64_t first_moves = 0;  // > 0: that many of the seat's first moves as candidates (-1: all)
  RacingRule rule;
};

// Reads an openings config (TOML, docs/openings.md); throws Error "FILE: field 'F' ..." for
// anything malformed, unknown or out of range.
OpeningsConfig read_openings_config(const std::string& path);
OpeningsConfig parse_openings_config(std::string_view text, const std::string& source);

// Everything decided before a game is played, for any game type.
struct OpeningsPlan {
  StoreIdentity identity;
  std::vector<OpeningCandidate> candidates;  // listed, then enumerated
  std::vector<int> teams;
  std::vector<int> seats;                      // the seats a candidate takes in turn
  std::vector<std::string> opponents;          // pool names
  std::map<std::string, std::string> spec_of;  // agent name (pool, the candidate side's) -> spec
  std::string agent_name;                      // the candidate side's agent in records
};

OpeningsPlan plan_openings(const OpeningsConfig& cfg, std::vector<OpeningCandidate> candidates,
                           const std::string& game_id, const nlohmann::json& options,
                           const std::vector<int>& teams);

// Game j of candidate `arm`: its store index, the candidate's seat, the agent of every seat.
std::int64_t opening_game_index(const OpeningsConfig& cfg, int arm, std::int64_t j);
int opening_seat(const OpeningsPlan& plan, std::int64_t j);
std::vector<std::string> opening_seat_agents(const OpeningsPlan& plan, int arm, std::int64_t j);
// The value of a candidate's option with it in `seat` (throws Error naming the candidate when
// `fill` does not give an entry for every seat, or the side's entries do not fit).
std::string opening_option_value(const OpeningsPlan& plan, const OpeningCandidate& c, int seat,
                                 const std::string& source, std::size_t arm);

// The candidate's outcome in a stored game.
Outcome opening_outcome(const OpeningsPlan& plan, std::int64_t budget, const Store::Result& r);
Store::Result result_of(const GameRecord& r);

struct OpeningsReport {
  nlohmann::json summary;  // as written to DIR/openings.json and the store's openings tables
  std::string table;
  std::string store_path, summary_path;
  std::int64_t played = 0, resumed = 0;
};

// The ranking, rates, intervals, tests and games saved of a finished race; writes the store's
// openings tables and DIR/openings.json.
OpeningsReport summarise_openings(const OpeningsConfig& cfg, const OpeningsPlan& plan, const Race& race,
                                  const std::map<std::int64_t, Store::Result>& games, Store& store,
                                  const std::string& out_dir, std::int64_t played, std::int64_t resumed,
                                  double seconds);

// The candidates for a seat's first moves: the legal actions where the seat first decides, which
// must be the game's first decision (throws Error naming the config otherwise). count < 0: all,
// else `count` of them drawn with the config's seed, in the order of the legal actions.
std::vector<std::string> sample_first_moves(std::vector<std::string> moves, std::int64_t count,
                                            std::uint64_t seed);

template <Game G>
OpeningsReport run_openings(const G& base, const OpeningsConfig& cfg, const std::string& out_dir) {
  using S = typename G::State;
  const std::string& src = cfg.base.source;
  const auto start_state = base.initial_state();
  const std::vector<int> teams = game_teams(start_state);
  std::vector<OpeningCandidate> candidates = cfg.candidates;
  if (cfg.seat >= static_cast<int>(teams.size()))
    throw Error(src + ": field 'seat' is " + std::to_string(cfg.seat) + ", this game has seats 0 to " +
                std::to_string(teams.size() - 1));
  if (cfg.first_moves != 0) {
    if (start_state.is_terminal() || start_state.is_chance() || start_state.current_player() != cfg.seat)
      throw Error(src +
                  ": field 'first_moves' needs the seat (field 'seat') to make the game's first decision");
    ActionList legal;
    start_state.legal_actions(legal);
    std::vector<std::string> moves;
    for (const Action a : legal) moves.push_back(start_state.action_to_string(a));
    for (auto& m : sample_first_moves(std::move(moves), cfg.first_moves, cfg.base.seed))
      candidates.push_back({m, {m}, "", "", "", false, ""});
  }
  const OpeningsPlan plan =
      plan_openings(cfg, std::move(candidates), std::string(G::kId), base.options().to_json(), teams);
  const int arms = static_cast<int>(plan.candidates.size());
  for (const auto& [name, spec] : plan.spec_of) {
    try {
      make_agent(base, spec);
    } catch (const Error& e) {
      throw Error(src + ": field '" + (name == plan.agent_name ? std::string("agent") : "agents") + "' (" +
                  name + "): " + e.what());
    }
  }
  for (std::size_t a = 0; a < plan.candidates.size(); ++a) {
    const auto& c = plan.candidates[a];
    if (c.agent.empty()) continue;
    try {
      make_agent(base, c.agent);
    } catch (const Error& e) {
      throw Error(src + ": field 'candidate[" + std::to_string(a) + "].agent' (" + c.name + "): " + e.what());
    }
  }
  // The games of option candidates, one per candidate and seat, made (and so checked) up front.
  std::map<std::pair<int, int>, G> games;
  for (int a = 0; a < arms; ++a) {
    const auto& c = plan.candidates[static_cast<std::size_t>(a)];
    const std::string field = "candidate[" + std::to_string(a) + "]";
    for (const int seat : plan.seats) {
      if (!c.option.empty()) {
        GameConfig gc = cfg.base.game;
        gc.options[c.option] = opening_option_value(plan, c, seat, src, static_cast<std::size_t>(a));
        try {
          games.emplace(std::pair{a, seat}, G(resolve_options(G::option_specs(), gc, cfg.base.sets)));
        } catch (const Error& e) {
          throw Error(src + ": field '" + field + "' (" + c.name + ") in seat " + std::to_string(seat) +
                      ": " + e.what());
        }
      } else if (!start_state.is_terminal() && !start_state.is_chance() &&
                 start_state.current_player() == seat && !c.actions.empty()) {
        // The seat makes the game's first decision: its first move is checked now.
        Action act{};
        try {
          act = start_state.string_to_action(c.actions.front());
        } catch (const Error& e) {
          throw Error(src + ": field '" + field + ".actions[0]' (" + c.name + "): '" + c.actions.front() +
                      "' is not a move of seat " + std::to_string(seat) + " (" + e.what() + ")");
        }
        if (!start_state.is_legal(act))
          throw Error(src + ": field '" + field + ".actions[0]' (" + c.name + "): '" + c.actions.front() +
                      "' is not legal for seat " + std::to_string(seat) + " at the start");
      }
    }
  }
  const Race probe(arms, cfg.rule);  // a rule out of range fails here
  (void)probe;
  // Rank 0 alone owns the output directory (shards.h), once every rank has checked the config.
  shards::ready();
  std::optional<Store> store;
  std::map<std::int64_t, Store::Result> have;
  if (shards::root()) {
    const std::string db_path = check_tournament_out(out_dir, plan.identity);
    std::error_code ec;
    std::filesystem::create_directories(out_dir, ec);
    if (ec) throw Error("--out '" + out_dir + "': cannot create directory (" + ec.message() + ")");
    store.emplace(Store::open_for_write(db_path, plan.identity));
    for (auto& r : store->results()) {
      if (r.index < 0 || r.index >= static_cast<std::int64_t>(arms) * cfg.rule.budget)
        throw Error(db_path + ": holds game " + std::to_string(r.index) +
                    ", beyond this race's games; the store is damaged");
      have.emplace(r.index, std::move(r));
    }
  }
  shards::ready();
  RunIdentity id;
  id.game = std::string(G::kId);
  id.options = base.options().to_json();
  id.config_hash = base.options().hash();
  id.seed = cfg.base.seed;
  id.seats = base.num_players();
  id.teams = teams;
  id.program = plan.identity.program;
  for (const auto& a : plan.identity.agents)
    if (!a.file_hash.empty()) id.agent_files[agent_files_key(a.spec)] = a.file_hash;

  auto make = [&plan](const G& game, const std::string& name) -> AgentPtr<S> {
    for (const auto& c : plan.candidates)
      if (c.name == name) {
        AgentPtr<S> rest = make_agent(game, c.agent.empty() ? plan.spec_of.at(plan.agent_name) : c.agent);
        if (c.actions.empty()) return rest;
        return std::make_unique<OpeningAgent<S>>(c.name, c.actions, std::move(rest));
      }
    return make_agent(game, plan.spec_of.at(name));
  };
  Referee referee = cfg.base.referee;
  referee.notation = false;  // the store keeps actions; exports write the notation
  auto play = [&](std::int64_t g) {
    const int a = static_cast<int>(g / cfg.rule.budget);
    const std::int64_t j = g % cfg.rule.budget;
    const auto& c = plan.candidates[static_cast<std::size_t>(a)];
    auto seats = opening_seat_agents(plan, a, j);
    return c.option.empty()
               ? play_seated(base, id, g, std::move(seats), make, referee, a)
               : play_seated(games.at({a, opening_seat(plan, j)}), id, g, std::move(seats), make, referee, a);
  };
  if (!shards::root()) {  // a rank of an MPI run: plays what rank 0 hands out, round after round
    shards::serve(cfg.base.threads, cfg.base.batch, play);
    return {};
  }

  const auto t0 = std::chrono::steady_clock::now();
  Race race(arms, cfg.rule);
  std::int64_t played = 0;
  shards::lead([&] {
    std::vector<std::int64_t> next(static_cast<std::size_t>(arms), 0);
    while (!race.finished()) {
      const std::vector<int> playing = race.next_round();
      std::vector<std::int64_t> round_games, pending;
      for (const int a : playing)
        for (std::int64_t j = next[static_cast<std::size_t>(a)];
             j < next[static_cast<std::size_t>(a)] + cfg.rule.round; ++j) {
          const std::int64_t g = opening_game_index(cfg, a, j);
          round_games.push_back(g);
          if (!have.contains(g)) pending.push_back(g);
        }
      for (const int a : playing) next[static_cast<std::size_t>(a)] += cfg.rule.round;
      std::sort(pending.begin(), pending.end());
      shards::play(pending, cfg.base.threads, cfg.base.batch, play,
                   [&](const std::vector<GameRecord>& batch) {
                     store->write(batch);
                     for (const auto& r : batch) have.emplace(r.index, result_of(r));
                     played += static_cast<std::int64_t>(batch.size());
                     if (cfg.base.on_progress)
                       cfg.base.on_progress(static_cast<std::int64_t>(have.size()), cfg.rule.budget);
                   });
      std::vector<ArmCount> added(static_cast<std::size_t>(arms));
      for (const std::int64_t g : round_games) {
        auto& c = added[static_cast<std::size_t>(g / cfg.rule.budget)];
        ++c.games;
        c.wins += opening_outcome(plan, cfg.rule.budget, have.at(g)) == Outcome::kWin;
      }
      race.finish_round(added);
    }
    return played;
  });
  const std::int64_t resumed = static_cast<std::int64_t>(have.size()) - played;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return summarise_openings(cfg, plan, race, have, *store, out_dir, played, resumed, seconds);
}

// The same for the game the config names; `threads` > 0 replaces the config's.
OpeningsReport run_openings(OpeningsConfig cfg, const std::string& out_dir, int threads = 0);

}  // namespace qilab::experiments

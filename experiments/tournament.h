#pragma once
// Tournaments: a pool of agents, line-ups (all-play-all or listed), games per line-up with the
// sides rotated, per-game option draws, the referee's time limit, parallel games, every finished
// game written into the SQLite store (store.h) a batch at a time. A rerun with the same config
// and output directory resumes: it plays exactly the games the store lacks. docs/experiments.md
// describes the config; docs/formats.md the store.
//
// Sides: in a game whose seats form teams of more than one seat (junqi, guifa 2v2, elements
// 2v2 and 3v3, mizong 3v3), a side is a team and every seat of it is played by one agent, so
// teams stay together; otherwise a side is a seat. A line-up names one agent per side (or one
// agent for every side: self-play). Game i of a line-up seats lineup[(t + i) mod L] on side t,
// so over L games (games_per_lineup must be a multiple of L) every agent of the line-up holds
// every side, and so every seat, equally often.
//
// Determinism: game g (g = line-up index x games_per_lineup + i) draws every random number from
// Rng(seed).split(g), its option draws from Rng(seed).split(g) as well but through a separate
// split (see draw_options), so the store's games do not depend on --threads or on interruptions.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <functional>
#include <future>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/factory.h"
#include "experiments/agent_pool.h"
#include "engine/core/config.h"
#include "engine/core/game.h"
#include "engine/core/version.h"
#include "experiments/balance.h"
#include "experiments/match.h"
#include "experiments/referee.h"
#include "experiments/rotation.h"
#include "experiments/shards.h"
#include "experiments/store.h"

namespace qilab::experiments {

struct PoolAgent {
  std::string name;  // as records and tables name it
  std::string spec;  // what make_agent reads
};

// A per-game draw of an option's value: `count` distinct items of `from`, in random order,
// joined by commas (elements' heroes: all 12 of the roster, 4 a game).
struct OptionDraw {
  std::string option;
  std::vector<std::string> from;
  int count = 1;
};

// How a line-up's agents take the seats of its game i: kSides, the tournament's side rotation
// (the top of this file); kSeats, `qilab play`'s rotation over the seats (rotation.h), which
// takes any number of agents and of games. With kSeats the number of games is no part of the
// identity (a longer run extends a shorter one) and games stored beyond it are kept, not counted.
enum class Seating { kSides, kSeats };

struct TournamentConfig {
  std::string source;  // the file, for errors
  std::string text;    // its content, kept in the store
  std::string name;
  std::string description;
  GameConfig game;
  std::vector<std::string> sets;  // key=value overrides of the game's options
  std::vector<PoolAgent> agents;
  bool all_play_all = true;
  std::vector<std::vector<std::string>> lineups;  // agent names, when listed
  std::int64_t games_per_lineup = 1;
  std::uint64_t seed = 0;
  int threads = 1;
  int batch = 256;  // games per store transaction (or fewer: batched_play.h, kFlushSeconds)
  Referee referee;
  std::vector<OptionDraw> draws;
  Seating seating = Seating::kSides;
  // Called after each batch is stored with (games stored, games in the tournament).
  std::function<void(std::int64_t, std::int64_t)> on_progress;
};

// Reads an experiment config (TOML, docs/experiments.md); throws Error "FILE: field 'F' ..."
// for anything malformed, unknown or out of range.
TournamentConfig read_tournament_config(const std::string& path);
TournamentConfig parse_tournament_config(std::string_view text, const std::string& source);

// The line-ups of a config for a game of `sides` sides; throws Error naming the config.
std::vector<std::vector<std::string>> tournament_lineups(const TournamentConfig& cfg, int sides);

// The side of each seat: the teams in order of first appearance when some team has more than
// one seat, else the seats themselves.
std::vector<int> seat_sides(const std::vector<int>& teams);

// The agent of each seat in game i of a line-up (see the top of this file).
std::vector<std::string> lineup_seats(const std::vector<std::string>& lineup, const std::vector<int>& sides,
                                      std::int64_t i);

// The settings over the config's game options of game g: each draw's value ("option=value",
// read as the option's type like --set), then the config's 'set' (docs/experiments.md).
std::vector<std::string> game_settings(const TournamentConfig& cfg, std::uint64_t seed, std::int64_t g);

struct TournamentReport {
  nlohmann::json summary;  // as written to DIR/summary.json
  std::string table;       // format_summary_table(summary) and a line per line-up
  std::string store_path, summary_path;
  std::int64_t played = 0, resumed = 0, forfeits = 0;
};

// Everything decided before a game is played, for any game type.
struct TournamentPlan {
  StoreIdentity identity;
  std::vector<std::vector<std::string>> lineups;
  std::vector<int> sides;
  std::int64_t total = 0;
  std::map<std::string, std::string> spec_of;  // agent name -> spec
};

// Checks the output directory and, when it holds a store, that it is this tournament's;
// creates nothing. Returns DIR/tournament.db.
std::string check_tournament_out(const std::string& out_dir, const StoreIdentity& identity);
TournamentPlan plan_tournament(const TournamentConfig& cfg, const std::string& game_id,
                               const nlohmann::json& options, const std::vector<int>& teams);
// What playing a tournament's missing games leaves on rank 0: its open store, what it holds
// and the counts.
struct TournamentRun {
  // Empty on the other ranks of an MPI run; run_tournament moves it to the thread that closes it.
  std::optional<Store> store;
  std::string store_path;  // OUT/tournament.db on rank 0
  // Every stored game's result, by index, as store->results() would read them back: the
  // resumed games' read when the run starts, each written game's kept as it is written (by
  // the thread that writes), so that no summary reads the store again after the games.
  std::vector<Store::Result> results;
  std::int64_t played = 0, resumed = 0;
  std::int64_t beyond = 0;  // stored games past plan.total (Seating::kSeats only)
  double seconds = 0;
};

// Writes summary.json from every stored game (run.results), whether or not run.store is still
// open; the game-independent end of a run.
TournamentReport summarise_tournament(const TournamentConfig& cfg, const TournamentPlan& plan,
                                      const TournamentRun& run, const std::string& out_dir);

// Plays (or resumes) the games of `plan` into OUT/tournament.db; throws Error on bad input before
// anything is written. The summary is the caller's (summarise_tournament, `qilab play`'s).
// `make(game, spec)` builds an agent from its spec (an AgentPtr): make_agent, or the Python
// module's maker, which seats its own agents by name; it is called from the playing threads.
// Where the games play the base game's options (no [[draw]]), agents are kept from one game to
// the next (agent_pool.h).
template <Game G, class MakeAgent>
TournamentRun play_tournament(const G& base, const TournamentConfig& cfg, const TournamentPlan& plan,
                              const std::string& out_dir, MakeAgent&& make_by_spec) {
  using S = typename G::State;
  const std::vector<int>& teams = plan.identity.teams;
  // Every agent and every drawn option value must make a game before anything is written.
  for (std::size_t k = 0; k < cfg.agents.size(); ++k) {
    try {
      (void)make_by_spec(base, cfg.agents[k].spec);
    } catch (const Error& e) {
      throw Error(cfg.source + ": field 'agents[" + std::to_string(k) + "]' (" + cfg.agents[k].name +
                  "): " + e.what());
    }
  }
  auto game_of = [&](std::int64_t g) -> G {
    return G(resolve_options(G::option_specs(), cfg.game, game_settings(cfg, cfg.seed, g)));
  };
  if (!cfg.draws.empty()) {
    try {
      (void)game_of(0);
    } catch (const Error& e) {
      throw Error(cfg.source + ": field 'draw': " + e.what());
    }
  }
  // The agent of each seat in game g: line-up g / games_per_lineup, seated by sides (a line-up)
  // or by play's rotation (rotation.h).
  auto seats_of = [&](std::int64_t g) {
    const auto& lineup = plan.lineups[static_cast<std::size_t>(g / cfg.games_per_lineup)];
    const std::int64_t i = g % cfg.games_per_lineup;
    return cfg.seating == Seating::kSeats ? play_seats(lineup, teams, i)
                                          : lineup_seats(lineup, plan.sides, i);
  };
  // Rank 0 alone owns the output directory (shards.h), once every rank has checked the config.
  shards::ready();
  TournamentRun run;
  std::optional<Store>& store = run.store;
  // A new store (nothing to resume) is created -- the file, its schema, the writer's statements:
  // 4-6 ms -- while the first games play; the first write waits for it, and so does the end of
  // the loop, which rethrows its failure. Declared after `run`: destroyed first, it waits for
  // the store it emplaces there.
  std::shared_future<void> opened;
  std::vector<std::int64_t> pending;
  std::int64_t& resumed = run.resumed;
  if (shards::root()) {
    const std::string db_path = check_tournament_out(out_dir, plan.identity);
    std::error_code ec;
    std::filesystem::create_directories(out_dir, ec);
    if (ec) throw Error("--out '" + out_dir + "': cannot create directory (" + ec.message() + ")");
    run.store_path = db_path;
    // The rights to write into the directory, tried before any game is played (a new store is
    // created beside the first games, and the summary after the last).
    check_atomic_write((std::filesystem::path(out_dir) / "summary.json").string());
    if (!std::filesystem::exists(db_path, ec)) {
      opened = std::async(std::launch::async, [&store, &plan, db_path] {
                 store.emplace(Store::open_for_write(db_path, plan.identity));
               }).share();
      for (std::int64_t g = 0; g < plan.total; ++g) pending.push_back(g);
    } else {
      store.emplace(Store::open_for_write(db_path, plan.identity));
      std::vector<bool> done(static_cast<std::size_t>(plan.total), false);
      run.results = store->results();
      for (const auto& r : run.results) {
        const std::int64_t g = r.index;
        if (g >= plan.total && cfg.seating == Seating::kSeats) {
          ++run.beyond;
          continue;
        }
        if (g < 0 || g >= plan.total)
          throw Error(db_path + ": holds game " + std::to_string(g) + ", beyond this tournament's " +
                      std::to_string(plan.total) + " games; the store is damaged");
        done[static_cast<std::size_t>(g)] = true;
        ++resumed;
      }
      for (std::int64_t g = 0; g < plan.total; ++g)
        if (!done[static_cast<std::size_t>(g)]) pending.push_back(g);
      // Every resumed game must be this tournament's, move for move: its line-up and seats the
      // plan's, its actions replaying through its game to the stored results. A store edited,
      // damaged or written by a qilab that plays differently is named, not summed.
      store->read_records({}, true, false, [&](std::vector<GameRecord>& batch) {
        for (const GameRecord& r : batch) {
          if (r.index >= plan.total) continue;  // kept past this run's games (Seating::kSeats)
          const std::int64_t l = r.index / cfg.games_per_lineup;
          const auto seats = seats_of(r.index);
          std::string what;
          if (r.lineup != l || r.agents != seats) {
            what = "line-up " + std::to_string(r.lineup) + ", agents " + nlohmann::json(r.agents).dump() +
                   " stored, this tournament plays line-up " + std::to_string(l) + ", agents " +
                   nlohmann::json(seats).dump();
          } else if (cfg.draws.empty()) {
            what = replay_difference(base, r);
          } else {
            const G game = game_of(r.index);
            what = game.options().to_json() != r.options
                       ? "options " + r.options.dump() + " stored, this tournament draws " +
                             game.options().to_json().dump()
                       : replay_difference(game, r);
          }
          if (!what.empty())
            throw Error(db_path + ": game " + std::to_string(r.index) + " does not replay: " + what +
                        "; the store is damaged, or was written by a qilab that plays differently (" +
                        plan.identity.program + " resumes it): use another output directory");
        }
      });
    }
  }
  shards::ready();

  RunIdentity id;
  id.game = std::string(G::kId);
  id.options = base.options().to_json();
  id.config_hash = base.options().hash();
  id.seed = cfg.seed;
  id.seats = base.num_players();
  id.teams = teams;
  id.program = plan.identity.program;
  for (const auto& a : plan.identity.agents)
    if (!a.file_hash.empty()) id.agent_files[agent_files_key(a.spec)] = a.file_hash;

  auto make = [&](const G& game, const std::string& name) -> AgentPtr<S> {
    return make_by_spec(game, plan.spec_of.at(name));
  };
  AgentPool<S> pool;  // agents of the base game, kept from one game to the next
  auto take = [&](const G& game, const std::string& name) {
    return pool.take(name, [&] { return make(game, name); });
  };
  Referee referee = cfg.referee;
  referee.notation = false;  // the store keeps actions; exports write the notation
  auto play = [&](std::int64_t g) {
    const std::int64_t l = g / cfg.games_per_lineup;
    auto seats = seats_of(g);
    return cfg.draws.empty() ? play_seated(base, id, g, std::move(seats), take, referee, l, true)
                             : play_seated(game_of(g), id, g, std::move(seats), make, referee, l);
  };
  if (!shards::root()) {  // a rank of an MPI run: plays what rank 0 hands out
    shards::serve(cfg.threads, cfg.batch, play);
    return run;
  }
  const auto t0 = std::chrono::steady_clock::now();
  std::int64_t stored = resumed;
  const std::int64_t played = shards::lead([&] {
    std::int64_t n = 0;
    shards::play(pending, cfg.threads, cfg.batch, play, [&](const std::vector<GameRecord>& batch) {
      // A batch smaller than cfg.batch is one of the run's last (batched_play.h, batch_due) or
      // of slow games written after kFlushSeconds: checkpointed at once, so that closing the
      // store at the end of the run has only the last few batches to copy back.
      if (opened.valid()) opened.get();
      store->write(batch, static_cast<std::int64_t>(batch.size()) < cfg.batch);
      for (const GameRecord& r : batch) run.results.push_back(Store::result_of(r));
      stored += static_cast<std::int64_t>(batch.size());
      n += static_cast<std::int64_t>(batch.size());
      if (cfg.on_progress) cfg.on_progress(stored, plan.total);
    });
    return n;
  });
  if (opened.valid()) opened.get();  // a run with nothing to write still leaves its store
  run.played = played;
  // Games finish out of index order on several threads, and the resumed ones were kept first.
  auto by_index = [](const Store::Result& a, const Store::Result& b) { return a.index < b.index; };
  if (!std::is_sorted(run.results.begin(), run.results.end(), by_index))
    std::sort(run.results.begin(), run.results.end(), by_index);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return run;
}

// The same with make_agent's agents.
template <Game G>
TournamentRun play_tournament(const G& base, const TournamentConfig& cfg, const TournamentPlan& plan,
                              const std::string& out_dir) {
  return play_tournament(base, cfg, plan, out_dir,
                         [](const G& g, const std::string& spec) { return make_agent(g, spec); });
}

// Runs (or resumes) the tournament; throws Error on bad input before anything is written.
template <Game G>
TournamentReport run_tournament(const G& base, const TournamentConfig& cfg, const std::string& out_dir) {
  const TournamentPlan plan =
      plan_tournament(cfg, std::string(G::kId), base.options().to_json(), game_teams(base.initial_state()));
  TournamentRun run = play_tournament(base, cfg, plan, out_dir);
  if (!run.store) return {};  // a rank of an MPI run
  // The store closes (its last checkpoint: two waits for the disk, and the WAL's removal) while
  // the summary is made from the results the run kept; both are done when this returns.
  std::jthread closing([store = std::exchange(run.store, std::nullopt)]() mutable { store.reset(); });
  return summarise_tournament(cfg, plan, run, out_dir);
}

// The same for the game the config names (registry id, options, overrides); `threads` > 0
// replaces the config's.
TournamentReport run_tournament(TournamentConfig cfg, const std::string& out_dir, int threads = 0);

}  // namespace qilab::experiments

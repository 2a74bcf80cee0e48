#pragma once
// `qilab play` as a tournament of one line-up (tournament.h): the agents given on the command
// line, seated by play's rotation (rotation.h, Seating::kSeats), game i drawing from
// Rng(seed).split(i), every finished game stored in DIR/tournament.db a batch at a time, so that
// a run killed at any moment resumes where it stopped and a longer run extends a shorter one.
// DIR/games.jsonl (the records, with their notation) and DIR/summary.json (play's summary,
// docs/formats.md) are written from the store at the end of every run: exports, not the truth.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/factory.h"
#include "engine/core/config.h"
#include "engine/core/error.h"
#include "experiments/balance.h"
#include "experiments/match.h"
#include "experiments/match_session.h"
#include "experiments/shards.h"
#include "experiments/store.h"
#include "experiments/tournament.h"

namespace qilab::experiments {

struct PlayReport {
  nlohmann::json summary;  // as written to DIR/summary.json
  std::string table;       // format_summary_table(summary)
  std::string store_path, records_path, summary_path;
  std::int64_t played = 0;   // games played by this call
  std::int64_t resumed = 0;  // games found in the store and skipped
  std::int64_t beyond = 0;   // stored games with an index >= games (kept, not counted)
};

// The tournament a play run is: named "play", a pool of the distinct agent specs, one line-up
// (cfg.agents as given), cfg.games games, Seating::kSeats, the default batch (tournament.h).
TournamentConfig play_tournament_config(const GameConfig& game, const std::vector<std::string>& overrides,
                                        const MatchConfig& cfg);

// An existing store at `db` must be a play run of the same game, options, seed and agents; the
// first difference is named, as the records of the run would show it. Nothing when `db` is absent.
void check_same_play(const std::string& db, const TournamentPlan& plan,
                     const std::vector<std::string>& agents);

// Runs (or resumes) the play run `tc` (play_tournament_config) of `game`, each agent built from
// its spec by `make(game, spec)` (make_agent, or the Python module's maker, which seats Python
// objects by name: python/bind_play.cc). Throws as run_play below.
template <Game G, class MakeAgent>
PlayReport run_play(const G& game, const TournamentConfig& tc, const MatchConfig& cfg, MakeAgent&& make) {
  namespace fs = std::filesystem;
  check_match_config(cfg);
  for (const auto& spec : cfg.agents) (void)make(game, spec);  // a bad agent spec fails here, not mid-run
  const std::vector<int> teams = game_teams(game.initial_state());
  const TournamentPlan plan = plan_tournament(tc, std::string(G::kId), game.options().to_json(), teams);
  const fs::path dir(cfg.out_dir);
  const std::string db = (dir / "tournament.db").string();
  PlayReport rep;
  rep.store_path = db;
  rep.records_path = (dir / "games.jsonl").string();
  rep.summary_path = (dir / "summary.json").string();
  std::error_code ec;
  if (shards::root()) {  // rank 0 alone owns the output directory (shards.h)
    if (fs::is_directory(rep.records_path, ec))
      throw Error(rep.records_path + ": cannot write (a directory is in the way)");
    if (fs::exists(rep.records_path, ec) && !fs::exists(db, ec))
      throw Error(
          rep.records_path +
          ": records of a play run without its store (tournament.db), as an earlier qilab wrote them; "
          "this qilab resumes from the store: use another output directory");
    // The records exported by the last run must still be its records: a games.jsonl of another
    // run, or one edited by hand, is named as play has always named it (check_run_records), not
    // overwritten unseen.
    if (fs::exists(rep.records_path, ec))
      check_run_records(rep.records_path, identity_of(game, cfg),
                        [&game](const GameRecord& r) { return replay_difference(game, r); });
    check_same_play(db, plan, cfg.agents);
  }
  TournamentRun run = play_tournament(game, tc, plan, cfg.out_dir, make);
  if (!run.store) return rep;  // another rank of an MPI run: rank 0 reports

  // play's summary, from every stored game below cfg.games, in index order.
  Balance balance(game.num_players(), cfg.agents, teams);
  nlohmann::json endings = nlohmann::json::object();
  for (const auto& r : run.results) {
    if (r.index >= cfg.games) continue;
    balance.add(GameResult{r.returns, r.agents, r.length});
    if (!r.ending.empty()) endings[r.ending] = endings.value(r.ending, 0) + 1;
  }
  nlohmann::json s = {{"game", std::string(G::kId)},
                      {"options", game.options().to_json()},
                      {"config_hash", game.options().hash()},
                      {"seed", cfg.seed},
                      {"seats", game.num_players()},
                      {"teams", teams},
                      {"agents", cfg.agents},
                      {"agent_files", agent_file_hashes(cfg.agents)},
                      {"program", plan.identity.program},
                      {"store", db},
                      {"rotation",
                       "game i, seat s: agents[(s + i) mod len(agents)]; with more agents than seats, seats "
                       "mirrored in odd rounds of len(agents) games; where teams hold several seats, "
                       "the same over the sides, each side's seats held by its agent"}};
  s.update(balance.to_json());
  s["endings"] = std::move(endings);
  s["run"] = {
      {"played", run.played}, {"resumed", run.resumed}, {"threads", cfg.threads}, {"seconds", run.seconds}};
  export_jsonl(db, rep.records_path);
  write_file_atomically(rep.summary_path, s.dump(2) + "\n");
  rep.table = format_summary_table(s);
  rep.summary = std::move(s);
  rep.played = run.played;
  rep.resumed = run.resumed;
  rep.beyond = run.beyond;
  return rep;
}

// Runs (or resumes) a play run of the game a config names (registry id, options, overrides).
// Throws Error on bad input before anything is written: bad agents or counts, an output
// directory that holds another run (naming the setting that differs), or games.jsonl without
// its store (an earlier qilab's run, which this one does not resume).
PlayReport run_play(const GameConfig& game, const std::vector<std::string>& overrides,
                    const MatchConfig& cfg);

}  // namespace qilab::experiments

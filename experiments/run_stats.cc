#include "experiments/run_stats.h"

#include <omp.h>

#include <algorithm>
#include <deque>
#include <exception>
#include <map>
#include <utility>

#include <fmt/format.h>

#include "engine/core/error.h"
#include "engine/registry.h"
#include "experiments/analysis/analysis.h"
#include "experiments/referee.h"
#include "experiments/run_tables.h"

namespace qilab::experiments {

namespace {

std::string where(const StatsOptions& o, std::size_t k, const GameRecord& r) {
  return o.source + ": record " + std::to_string(k + 1) + " (game index " + std::to_string(r.index) + ")";
}

// Whether the k-th of n games is traced when T of them are.
bool traced(std::size_t k, std::size_t n, std::int64_t t) {
  if (t <= 0) return false;
  if (static_cast<std::size_t>(t) >= n) return true;
  const auto T = static_cast<std::uint64_t>(t);  // k < n <= records and T < n: no overflow below 2^64
  return (T * (k + 1)) / n > (T * k) / n;
}

// Replays one record through the game, feeding `analysis`; returns its row.
template <Game G, class Analysis>
GameRow replay(const G& game, const GameRecord& r, const std::string& at, const std::vector<int>& teams,
               bool trace, Analysis& analysis) {
  using S = typename G::State;
  const int seats = game.num_players();
  if (static_cast<int>(r.returns.size()) != seats)
    throw Error(at + ": field 'returns' has " + std::to_string(r.returns.size()) + " values, expected " +
                std::to_string(seats) + " (one per seat)");
  if (static_cast<int>(r.agents.size()) != seats)
    throw Error(at + ": field 'agents' has " + std::to_string(r.agents.size()) + " names, expected " +
                std::to_string(seats) + " (one per seat)");
  GameRow row;
  row.returns = r.returns;
  row.agents = r.agents;
  row.length = static_cast<std::int64_t>(r.actions.size());
  row.first_mover = -1;
  const auto outcomes = seat_outcomes(r.returns, teams);
  int winner = -1;
  for (int p = 0; p < seats; ++p)
    if (outcomes[static_cast<std::size_t>(p)] == Outcome::kWin) winner = teams[static_cast<std::size_t>(p)];
  const int num_teams = *std::max_element(teams.begin(), teams.end()) + 1;
  const double range = std::max(1e-12, game.max_return() - game.min_return());

  TraceFacts& tr = row.trace;
  tr.traced = trace;
  int last_leader = -1;
  std::int64_t last_not_leading = -1;  // last position at which the eventual winner did not lead alone
  double gap_sum = 0;
  auto look = [&](const S& s) {
    const Values v = s.evaluate();
    std::array<double, kMaxPlayers> team{};
    team.fill(-1e300);
    for (int p = 0; p < seats; ++p) {
      const auto t = static_cast<std::size_t>(teams[static_cast<std::size_t>(p)]);
      team[t] = std::max(team[t], v[static_cast<std::size_t>(p)]);
    }
    int leader = 0;
    bool tie = false;
    for (int t = 1; t < num_teams; ++t) {
      if (team[static_cast<std::size_t>(t)] > team[static_cast<std::size_t>(leader)]) {
        leader = t;
        tie = false;
      } else if (team[static_cast<std::size_t>(t)] == team[static_cast<std::size_t>(leader)]) {
        tie = true;
      }
    }
    if (tie) leader = -1;
    if (leader >= 0) {
      if (last_leader >= 0 && leader != last_leader) ++tr.lead_changes;
      last_leader = leader;
    }
    if (winner >= 0) {
      const double best = *std::max_element(team.begin(), team.begin() + num_teams);
      gap_sum += (best - team[static_cast<std::size_t>(winner)]) / range;
      if (leader != winner) {
        ++tr.behind;
        last_not_leading = tr.positions;
      }
    }
    ++tr.positions;
  };

  S s = game.initial_state();
  analysis.begin(s);
  if (trace) look(s);
  // The referee's forfeits at ply k: the game's own rule (junqi eliminates the seat) changes the
  // position; without one the forfeit ended the game there, with forfeit_returns.
  std::size_t next_event = 0;
  bool forfeit_ended = false;
  Player forfeiter = -1;  // the seat whose forfeit ended the game
  auto forfeits_at = [&](std::size_t k) {
    for (; next_event < r.events.size() && r.events[next_event].value("ply", std::size_t{0}) == k;
         ++next_event) {
      const auto& e = r.events[next_event];
      if (!e.value("forfeit", false) || forfeit_ended || s.is_terminal()) continue;
      const auto seat = static_cast<Player>(e.value("seat", 0));
      if (!apply_forfeit_rule(s, seat)) {
        forfeit_ended = true;
        forfeiter = seat;
      }
    }
  };
  ActionList legal;
  for (std::size_t k = 0; k < r.actions.size(); ++k) {
    forfeits_at(k);
    if (forfeit_ended)
      throw Error(at + ": a forfeit ended the game at action " + std::to_string(k) + ", the record has " +
                  std::to_string(r.actions.size()));
    const Action a = r.actions[k];
    if (s.is_terminal())
      throw Error(at + ": the game is over after " + std::to_string(k) + " actions, the record has " +
                  std::to_string(r.actions.size()));
    if (a < 0 || a >= game.num_distinct_actions() || !s.is_legal(a))
      throw Error(at + ": field 'actions[" + std::to_string(k) + "]' (id " + std::to_string(a) +
                  ") is not a legal action there");
    if (!s.is_chance()) {
      if (row.first_mover < 0) row.first_mover = s.current_player();
      ++row.decisions;
      if (trace) {
        s.legal_actions(legal);
        ++tr.decisions;
        tr.legal += static_cast<std::int64_t>(legal.size());
      }
    }
    analysis.before(s, a);
    s.apply(a);
    analysis.after(s);
    if (trace) look(s);
  }
  forfeits_at(r.actions.size());
  if (!forfeit_ended && !s.is_terminal())
    throw Error(at + ": the game has not ended after its " + std::to_string(r.actions.size()) + " actions");
  Values v = s.returns();
  if (forfeit_ended) {
    const auto f = forfeit_returns(seats, teams, forfeiter);
    std::copy(f.begin(), f.end(), v.begin());
  }
  if (!std::equal(r.returns.begin(), r.returns.end(), v.begin()))
    throw Error(at + ": field 'returns' is " + nlohmann::json(r.returns).dump() +
                ", the game's actions give " +
                nlohmann::json(std::vector<double>(v.begin(), v.begin() + seats)).dump());
  if (row.first_mover < 0) row.first_mover = 0;  // a game of chance alone: seat 0 by convention
  if (trace && winner >= 0) {
    tr.drama = tr.positions > 0 ? gap_sum / static_cast<double>(tr.positions) : 0.0;
    tr.settled = tr.positions - (last_not_leading + 1);
  }
  row.ending = analysis.end(s, r, outcomes);
  return row;
}

}  // namespace

nlohmann::json run_stats(const RecordPasses& passes, const StatsOptions& options) {
  using nlohmann::json;
  // The first pass, without moves: the games and their variants (options) in first-seen order,
  // each variant's agents and config hashes in first-seen order, and each record's variant.
  struct Variant {
    std::size_t game = 0;  // in `games`
    json options;
    std::string where;  // its first record, for errors about the options
    std::int64_t records = 0;
    std::vector<std::string> agents;
    json config_hashes = json::array();
  };
  std::vector<std::pair<std::string, std::vector<std::uint32_t>>> games;  // id, its variants
  std::vector<Variant> variants;
  std::vector<std::uint32_t> variant_of;  // by record
  passes(false, [&](const std::vector<GameRecord>& batch) {
    for (const GameRecord& r : batch) {
      const std::size_t k = variant_of.size();
      auto g = std::find_if(games.begin(), games.end(), [&](const auto& x) { return x.first == r.game; });
      if (g == games.end()) {
        try {
          find_game(r.game);
        } catch (const Error& e) {  // "unknown game 'x' (known: ...)", said of this record's field
          throw Error(where(options, k, r) + ": field 'game': " + e.what());
        }
        games.push_back({r.game, {}});
        g = games.end() - 1;
      }
      auto v = std::find_if(g->second.begin(), g->second.end(),
                            [&](std::uint32_t x) { return variants[x].options == r.options; });
      if (v == g->second.end()) {
        g->second.push_back(static_cast<std::uint32_t>(variants.size()));
        Variant fresh;
        fresh.game = static_cast<std::size_t>(g - games.begin());
        fresh.options = r.options;
        fresh.where = where(options, k, r) + ": field 'options'";
        variants.push_back(std::move(fresh));
        v = g->second.end() - 1;
      }
      Variant& var = variants[*v];
      ++var.records;
      for (const auto& a : r.agents)
        if (std::find(var.agents.begin(), var.agents.end(), a) == var.agents.end()) var.agents.push_back(a);
      if (std::find(var.config_hashes.begin(), var.config_hashes.end(), r.config_hash) ==
          var.config_hashes.end())
        var.config_hashes.push_back(r.config_hash);
      variant_of.push_back(*v);
    }
  });

  // Then a pass with moves for each game: its records replayed, batch by batch.
  json out_games = json::array();
  std::int64_t traced_total = 0;
  for (std::size_t gi = 0; gi < games.size(); ++gi) {
    const std::string& id = games[gi].first;
    json out = with_game(id, [&]<Game G>() {
      using Analysis = typename AnalysisOf<G>::type;
      Analysis analysis;
      // One per variant of this game, in first-seen order.
      struct Run {
        const Variant& variant;
        G game;
        std::vector<int> teams;
        RunTables tables;
        std::int64_t replayed = 0, traced = 0;
      };
      std::deque<Run> runs;
      std::vector<std::size_t> run_of(variants.size());  // variant -> its run
      for (const std::uint32_t v : games[gi].second) {
        const Variant& var = variants[v];
        const G game(resolve_options(G::option_specs(), GameConfig{id, var.where, var.options}, {}));
        std::vector<int> teams;
        const auto start = game.initial_state();
        for (Player p = 0; p < game.num_players(); ++p) teams.push_back(start.team_of(p));
        run_of[v] = runs.size();
        runs.push_back({var, game, teams, RunTables(teams, var.agents, Analysis::kKnowsEndings)});
      }
      std::size_t first = 0;  // the batch's first record, in the run
      passes(true, [&](const std::vector<GameRecord>& batch) {
        // This game's records of the batch, each with its run and whether it is traced.
        struct Job {
          std::size_t at;
          Run* run;
          bool trace;
        };
        std::vector<Job> jobs;
        for (std::size_t i = 0; i < batch.size() && first + i < variant_of.size(); ++i) {
          const Variant& var = variants[variant_of[first + i]];
          if (var.game != gi) continue;
          Run& run = runs[run_of[variant_of[first + i]]];
          jobs.push_back({i, &run,
                          traced(static_cast<std::size_t>(run.replayed++),
                                 static_cast<std::size_t>(var.records), options.trace_games)});
        }
        // Replayed in parallel: each thread takes one contiguous run of jobs (static schedule)
        // into its own analysis; the analyses are merged in thread order and the rows added in
        // record order, so the output depends neither on the thread count nor on the batches.
        std::vector<GameRow> rows(jobs.size());
        std::vector<std::exception_ptr> errors(jobs.size());
        std::vector<Analysis> parts(static_cast<std::size_t>(omp_get_max_threads()));
#pragma omp parallel num_threads(static_cast <int>(parts.size()))
        {
          Analysis& mine = parts[static_cast<std::size_t>(omp_get_thread_num())];
#pragma omp for schedule(static)
          for (std::int64_t j = 0; j < static_cast<std::int64_t>(jobs.size()); ++j) {
            const Job& job = jobs[static_cast<std::size_t>(j)];
            const GameRecord& r = batch[job.at];
            try {
              rows[static_cast<std::size_t>(j)] = replay(job.run->game, r, where(options, first + job.at, r),
                                                         job.run->teams, job.trace, mine);
            } catch (...) {
              errors[static_cast<std::size_t>(j)] = std::current_exception();
            }
          }
        }
        for (const auto& e : errors)
          if (e) std::rethrow_exception(e);  // the first record's error, whatever the timing
        for (const Analysis& part : parts) analysis.merge(part);
        for (std::size_t j = 0; j < jobs.size(); ++j) {
          jobs[j].run->traced += rows[j].trace.traced;
          jobs[j].run->tables.add(rows[j]);
        }
        first += batch.size();
      });
      json out_variants = json::array();
      for (const Run& run : runs) {
        if (run.replayed != run.variant.records)
          throw Error(options.source + ": the records changed while they were read (" +
                      std::to_string(run.variant.records) + " games of a variant, then " +
                      std::to_string(run.replayed) + ")");
        traced_total += run.traced;
        out_variants.push_back({{"options", run.variant.options},
                                {"config_hashes", run.variant.config_hashes},
                                {"seats", run.game.num_players()},
                                {"agents", run.variant.agents},
                                {"records", run.variant.records},
                                {"traced", run.traced},
                                {"tables", run.tables.to_json()}});
      }
      return json{{"game", id}, {"variants", std::move(out_variants)}, {"analysis", analysis.to_json()}};
    });
    out_games.push_back(std::move(out));
  }
  return {{"records", variant_of.size()},
          {"trace",
           {{"games", traced_total},
            {"per_variant", options.trace_games},
            {"rule",
             "every game of a variant up to per_variant games, else per_variant games spread evenly "
             "(game k of n when floor((k+1)T/n) > floor(kT/n))"}}},
          {"intervals", kIntervals},
          {"games", std::move(out_games)}};
}

nlohmann::json run_stats(const std::vector<GameRecord>& records, const StatsOptions& options) {
  return run_stats(passes_over(records), options);
}

namespace {

std::string rate(const nlohmann::json& r) {
  return fmt::format("{:.3f} [{:.3f}, {:.3f}] ({} of {} games)", r["rate"].get<double>(),
                     r["ci95"][0].get<double>(), r["ci95"][1].get<double>(), r["count"].get<std::int64_t>(),
                     r["games"].get<std::int64_t>());
}

std::string per_game_text(const nlohmann::json& x) {
  return fmt::format("{:.2f} per game ({} in {} games)", x["per_game"].get<double>(),
                     x["total"].get<std::int64_t>(), x["games"].get<std::int64_t>());
}

std::string endings_text(const nlohmann::json& e) {
  std::string out = "endings:\n";
  for (const auto& [kind, r] : e.items()) out += fmt::format("  {:<22} {}\n", kind, rate(r));
  return out;
}

std::string analysis_text(const std::string& game, const nlohmann::json& a) {
  if (a.is_null()) return {};
  std::string out = fmt::format("{} analysis ({} games):\n", game, a["games"].get<std::int64_t>());
  if (game == "junqi6" || game == "junqi4") {
    out += fmt::format("{:<6} {:<6} {:>7} {:>9} {:>9} {:>9}\n", "attack", "defend", "fights", "att.wins",
                       "def.wins", "both.die");
    for (const auto& t : a["takes"])
      out += fmt::format("{:<6} {:<6} {:>7} {:>9} {:>9} {:>9}\n", t["attacker"].get<std::string>(),
                         t["defender"].get<std::string>(), t["fights"].get<std::int64_t>(),
                         t["attacker_wins"].get<std::int64_t>(), t["defender_wins"].get<std::int64_t>(),
                         t["both_die"].get<std::int64_t>());
    const auto& f = a["flag_falls"];
    out += "games with a flag fall: " + rate(f["games_with_a_flag_fall"]) + "\n";
    out += fmt::format("first flag falls on play move {:.1f} on average (min {}, max {}; {} games)\n",
                       f["first_fall_play_move"]["mean"].get<double>(),
                       f["first_fall_play_move"]["min"].get<std::int64_t>(),
                       f["first_fall_play_move"]["max"].get<std::int64_t>(),
                       f["first_fall_play_move"]["games"].get<std::int64_t>());
    const auto& s = a["survivors"];
    out += "armies left on the winning side: " + per_game_text(s["winning_side_armies"]) + "\n";
    out += "pieces left: winning side " + per_game_text(s["winning_side"]) + "; losing side " +
           per_game_text(s["losing_side"]) + "; drawn games " + per_game_text(s["both_sides_in_draws"]) +
           "\n";
  } else if (game == "guifa") {
    for (const auto& p : a["pieces"])
      out += fmt::format("  {:<13} kills {}; lost {}\n", p["kind"].get<std::string>(),
                         per_game_text(p["kills"]), per_game_text(p["losses"]));
    for (const auto& u : a["abilities"])
      out += fmt::format("  {:<13} {}\n", u["ability"].get<std::string>(), per_game_text(u["uses"]));
  } else if (game == "mizong") {
    out += fmt::format("  {:<14} {:<14} {:>8} {:>12} {:>12}\n", "attacker", "defender", "attacks",
                       "dealt/att", "counter/att");
    for (const auto& d : a["damage_by_attributes"])
      out += fmt::format("  {:<14} {:<14} {:>8} {:>12.3f} {:>12.3f}\n", d["attacker"].get<std::string>(),
                         d["defender"].get<std::string>(), d["attacks"].get<std::int64_t>(),
                         d["dealt_per_attack"].get<double>(), d["countered_per_attack"].get<double>());
    out += "  damage in sixths of a hit point\n";
    out += "  centre wins: " + per_game_text(a["centre"]["wins_by_holding"]) +
           "; games with one: " + rate(a["centre"]["games_with_a_centre_win"]) + "\n";
  } else if (game == "elements") {
    for (const char* key : {"heroes", "pairs"}) {
      const char* name = std::string(key) == "heroes" ? "hero" : "pair";
      for (const auto& h : a[key])
        out += fmt::format("  {:<24} picked in {}; win {:.3f} [{:.3f}, {:.3f}] of {} sides\n",
                           h[name].get<std::string>(), rate(h["picked_in"]), h["win_rate"].get<double>(),
                           h["win_ci95"][0].get<double>(), h["win_ci95"][1].get<double>(),
                           h["sides"].get<std::int64_t>());
    }
  } else if (game == "checkers") {
    out += "  turn limit reached: " + rate(a["turn_limit"]) + "\n";
    out += "  deadlocks: " + rate(a["deadlocks"]["games"]) + "; blocked seats " +
           per_game_text(a["deadlocks"]["blocked_seats"]) + "\n";
    out += "  forced passes: " + per_game_text(a["forced_passes"]["passes"]) + "\n";
  }
  if (a.contains("endings")) out += endings_text(a["endings"]);
  return out;
}

}  // namespace

std::string format_stats(const nlohmann::json& stats) {
  // A run that draws options per game (elements heroes) has a variant per game or so: the text
  // shows the variants with the most games and says how many it leaves to --json.
  constexpr std::size_t kShown = 5;
  std::string out;
  for (const auto& g : stats["games"]) {
    const std::string id = g["game"].get<std::string>();
    std::vector<const nlohmann::json*> variants;
    for (const auto& v : g["variants"]) variants.push_back(&v);
    std::stable_sort(variants.begin(), variants.end(), [](const auto* x, const auto* y) {
      return (*x)["records"].template get<std::int64_t>() > (*y)["records"].template get<std::int64_t>();
    });
    std::int64_t left_games = 0;
    for (std::size_t k = kShown; k < variants.size(); ++k)
      left_games += (*variants[k])["records"].get<std::int64_t>();
    if (variants.size() > kShown) variants.resize(kShown);
    for (const auto* vp : variants) {
      const auto& v = *vp;
      std::string agents;
      for (const auto& a : v["agents"]) agents += (agents.empty() ? "" : ", ") + a.get<std::string>();
      out += fmt::format("== {} {} ({} seats): {} games, agents {}; {} traced\n\n", id, v["options"].dump(),
                         v["seats"].get<int>(), v["records"].get<std::int64_t>(), agents,
                         v["traced"].get<std::int64_t>());
      out += format_tables(v["tables"]) + "\n";
    }
    if (const std::size_t all = g["variants"].size(); all > kShown)
      out += fmt::format(
          "== {}: {} more variants (options drawn per game), {} games between them: not shown here, `qilab "
          "stats --json` gives every one; the analysis below counts every game\n\n",
          id, all - kShown, left_games);
    out += analysis_text(id, g["analysis"]);
    out += '\n';
  }
  return out;
}

}  // namespace qilab::experiments

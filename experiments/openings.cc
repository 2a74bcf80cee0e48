#include "experiments/openings.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <sqlite3.h>

#include <fmt/format.h>

#include "engine/core/data.h"
#include "engine/core/input.h"
#include "engine/core/rng.h"
#include "engine/core/toml_input.h"
#include "engine/core/version.h"
#include "experiments/outcome.h"
#include "experiments/shards.h"
#include "experiments/wilson.h"

namespace qilab::experiments {
namespace fs = std::filesystem;

namespace {

std::vector<std::string> split_entries(const std::string& text) {
  std::vector<std::string> out;
  std::size_t from = 0;
  while (true) {
    const std::size_t comma = text.find(',', from);
    out.push_back(text.substr(from, comma - from));
    if (comma == std::string::npos) break;
    from = comma + 1;
  }
  return out;
}

std::string join_entries(const std::vector<std::string>& entries) {
  std::string out;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i) out += ',';
    out += entries[i];
  }
  return out;
}

StoreAgent store_agent(const std::string& name, const std::string& spec) {
  StoreAgent s;
  s.name = name;
  s.spec = spec;
  const AgentSpec parsed = parse_agent_spec(spec);
  for (const auto& kv : parsed.overrides) s.options[kv.substr(0, kv.find('='))] = kv.substr(kv.find('=') + 1);
  s.file_hash = agent_files_hash(spec);
  return s;
}

// The keys an openings config shares with a tournament config (read by its parser).
const std::set<std::string> kShared = {"name",    "description", "game",   "set",    "seed",
                                       "threads", "batch",       "agents", "referee"};
const char* kFields =
    "name, description, game, set, seed, threads, batch, agents, referee, agent, seat, candidate, "
    "first_moves, "
    "confidence, budget, round";

void exec(sqlite3* db, const std::string& path, const std::string& sql) {
  char* message = nullptr;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    const std::string m = message ? message : "unknown error";
    sqlite3_free(message);
    throw Error(path + ": " + m);
  }
}

}  // namespace

OpeningsConfig read_openings_config(const std::string& given) {
  const std::string path = user_or_data_path(given);
  return parse_openings_config(read_text_file(path, "openings config"), path);
}

OpeningsConfig parse_openings_config(std::string_view text, const std::string& path) {
  const toml::value root = parse_toml(text, path);
  if (!root.is_table()) throw Error(path + ": expected a TOML table");
  OpeningsConfig c;
  auto shown = [](const toml::value& v) {
    if (v.is_integer()) return "an integer " + std::to_string(v.as_integer());
    if (v.is_string()) return "a string '" + brief_text(v.as_string().str) + "'";
    if (v.is_floating()) return "a number " + fmt::format("{}", v.as_floating());
    if (v.is_boolean()) return std::string("a boolean");
    if (v.is_array()) return std::string("an array");
    if (v.is_table()) return std::string("a table");
    return std::string("a date or time");
  };
  auto field_error = [&](const std::string& field, const std::string& expected, const toml::value& got) {
    return Error(path + ": field '" + field + "' expects " + expected + ", got " + shown(got));
  };
  auto integer = [&](const toml::value& v, const std::string& field, std::int64_t lo, std::int64_t hi) {
    if (!v.is_integer() || v.as_integer() < lo || v.as_integer() > hi)
      throw field_error(field, "an integer " + std::to_string(lo) + " to " + std::to_string(hi), v);
    return static_cast<std::int64_t>(v.as_integer());
  };
  auto string = [&](const toml::value& v, const std::string& field, bool may_be_empty = false) {
    if (!v.is_string() || (!may_be_empty && v.as_string().str.empty()))
      throw field_error(field, may_be_empty ? "a string" : "a non-empty string", v);
    return v.as_string().str;
  };
  toml::table shared;
  bool has_agent = false, has_budget = false, has_round = false, has_candidates = false;
  for (const auto& [key, v] : root.as_table()) {
    if (kShared.contains(key)) {
      shared[key] = v;
    } else if (key == "agent") {
      has_agent = true;
      c.agent = string(v, key);
    } else if (key == "seat") {
      if (v.is_string() && v.as_string().str == "all")
        c.seat = -1;
      else if (v.is_integer() && v.as_integer() >= 0 && v.as_integer() < kMaxPlayers)
        c.seat = static_cast<int>(v.as_integer());
      else
        throw field_error(key, "\"all\" or a seat 0 to " + std::to_string(kMaxPlayers - 1), v);
    } else if (key == "first_moves") {
      if (v.is_string() && v.as_string().str == "all")
        c.first_moves = -1;
      else
        c.first_moves = integer(v, key, 1, 10000);
    } else if (key == "confidence") {
      const double x = v.is_floating() ? v.as_floating() : -1;
      if (!(x >= 0.5 && x < 1)) throw field_error(key, "a number 0.5 to below 1 (e.g. 0.95)", v);
      c.rule.confidence = x;
    } else if (key == "budget") {
      has_budget = true;
      c.rule.budget = integer(v, key, 1, 10'000'000);
    } else if (key == "round") {
      has_round = true;
      c.rule.round = integer(v, key, 1, 1'000'000);
    } else if (key == "candidate") {
      has_candidates = true;
      if (!v.is_array() || v.as_array().empty())
        throw field_error(key, "an array of tables [[candidate]] {name, actions} or {name, option, value}",
                          v);
      for (std::size_t i = 0; i < v.as_array().size(); ++i) {
        const toml::value& t = v.as_array()[i];
        const std::string field = "candidate[" + std::to_string(i) + "]";
        if (!t.is_table()) throw field_error(field, "a table {name, actions} or {name, option, value}", t);
        OpeningCandidate cand;
        bool has_value = false, has_fill = false, has_per = false;
        for (const auto& [k, x] : t.as_table()) {
          if (k == "name") {
            cand.name = string(x, field + ".name");
          } else if (k == "actions") {
            if (!x.is_array() || x.as_array().empty())
              throw field_error(field + ".actions", "a non-empty array of moves (notation)", x);
            for (std::size_t m = 0; m < x.as_array().size(); ++m)
              cand.actions.push_back(string(x.as_array()[m], field + ".actions[" + std::to_string(m) + "]"));
          } else if (k == "option") {
            cand.option = string(x, field + ".option");
          } else if (k == "value") {
            has_value = true;
            cand.value = string(x, field + ".value", true);
          } else if (k == "fill") {
            has_fill = true;
            cand.fill = string(x, field + ".fill", true);
          } else if (k == "agent") {
            cand.agent = string(x, field + ".agent");
          } else if (k == "per") {
            has_per = true;
            const std::string per = string(x, field + ".per");
            if (per != "seat" && per != "side") throw field_error(field + ".per", "\"seat\" or \"side\"", x);
            cand.per_side = per == "side";
          } else {
            throw Error(path + ": field '" + field + "." + k +
                        "' is unknown (expected name, actions, option, value, fill, per, agent)");
          }
        }
        if (cand.name.empty()) throw Error(path + ": field '" + field + ".name' is missing");
        if (cand.actions.empty() == cand.option.empty() && (cand.agent.empty() || !cand.actions.empty()))
          throw Error(path + ": field '" + field +
                      "' needs either 'actions' (the seat's first moves) or 'option' and 'value' (a setup), "
                      "or an 'agent' of its own");
        if (!cand.option.empty() && !has_value)
          throw Error(path + ": field '" + field + ".value' is missing (the seat's entry of option '" +
                      cand.option + "')");
        if (cand.option.empty() && (has_value || has_fill || has_per))
          throw Error(path + ": field '" + field + "' gives 'value', 'fill' or 'per' without 'option'");
        if (!cand.per_side && cand.value.find(',') != std::string::npos)
          throw Error(path + ": field '" + field +
                      ".value' holds a ',' (one seat's entry; per = \"side\" for a side's)");
        for (const auto& other : c.candidates)
          if (other.name == cand.name)
            throw Error(path + ": field '" + field + ".name' repeats the candidate name '" + cand.name + "'");
        c.candidates.push_back(std::move(cand));
      }
    } else if (key == "games_per_lineup" || key == "lineups" || key == "draw") {
      throw Error(path + ": field '" + key +
                  "' is a tournament's; an openings config gives 'budget' and 'round', and its candidates");
    } else {
      throw Error(path + ": unknown field '" + key + "' (expected " + kFields + ")");
    }
  }
  if (!has_agent) throw Error(path + ": missing field 'agent' (the agent that plays the candidates' side)");
  if (!has_budget) throw Error(path + ": missing field 'budget' (games in all)");
  if (!has_round) throw Error(path + ": missing field 'round' (games per candidate per round)");
  if (!has_candidates && c.first_moves == 0)
    throw Error(path + ": missing field 'candidate' (the [[candidate]] tables) or 'first_moves'");
  for (std::size_t i = 0; i < c.candidates.size(); ++i)
    if (!c.candidates[i].actions.empty() && c.seat < 0)
      throw Error(path + ": field 'candidate[" + std::to_string(i) +
                  "].actions' needs field 'seat' (moves are written for one seat)");
  if (c.first_moves != 0 && c.seat < 0)
    throw Error(path + ": field 'first_moves' needs field 'seat' (a seat's first moves are its own)");
  shared["games_per_lineup"] = toml::value(1);
  if (!shared.contains("name")) shared["name"] = toml::value(fs::path(path).stem().string());
  c.base = parse_tournament_config(toml::format(toml::value(shared)), path);
  c.base.text = std::string(text);
  for (std::size_t i = 0; i < c.candidates.size(); ++i)
    for (const auto& s : c.base.sets)
      if (!c.candidates[i].option.empty() && s.substr(0, s.find('=')) == c.candidates[i].option)
        throw Error(path + ": field 'candidate[" + std::to_string(i) + "].option': option '" +
                    c.candidates[i].option + "' is also set ('set'); give one");
  return c;
}

std::vector<std::string> sample_first_moves(std::vector<std::string> moves, std::int64_t count,
                                            std::uint64_t seed) {
  if (count < 0 || count >= static_cast<std::int64_t>(moves.size())) return moves;
  // count of them, drawn without replacement by a partial Fisher-Yates shuffle of positions,
  // kept in the order of the legal actions.
  std::vector<std::size_t> pos(moves.size());
  std::iota(pos.begin(), pos.end(), 0);
  Rng rng = Rng(seed).split(0x6f70656e);  // "open"
  for (std::int64_t k = 0; k < count; ++k) {
    const auto i = static_cast<std::size_t>(k);
    const auto j = i + rng.below(static_cast<std::uint32_t>(pos.size() - i));
    std::swap(pos[i], pos[j]);
  }
  pos.resize(static_cast<std::size_t>(count));
  std::sort(pos.begin(), pos.end());
  std::vector<std::string> out;
  for (const auto p : pos) out.push_back(moves[p]);
  return out;
}

OpeningsPlan plan_openings(const OpeningsConfig& cfg, std::vector<OpeningCandidate> candidates,
                           const std::string& game_id, const nlohmann::json& options,
                           const std::vector<int>& teams) {
  const std::string& src = cfg.base.source;
  OpeningsPlan plan;
  plan.candidates = std::move(candidates);
  plan.teams = teams;
  if (cfg.seat >= 0)
    plan.seats = {cfg.seat};
  else
    for (int s = 0; s < static_cast<int>(teams.size()); ++s) plan.seats.push_back(s);
  for (const auto& a : cfg.base.agents) {
    plan.opponents.push_back(a.name);
    plan.spec_of[a.name] = a.spec;
  }
  plan.agent_name = cfg.agent;
  if (auto it = plan.spec_of.find(cfg.agent); it != plan.spec_of.end() && it->second != cfg.agent)
    throw Error(src + ": field 'agent' ('" + cfg.agent +
                "') is the name of a pool agent with another spec ('" + it->second +
                "'); give the spec, or rename the pool agent");
  const bool agent_in_pool = plan.spec_of.contains(cfg.agent);
  plan.spec_of[cfg.agent] = cfg.agent;
  std::set<std::string> names;
  for (std::size_t i = 0; i < plan.candidates.size(); ++i) {
    const auto& c = plan.candidates[i];
    if (plan.spec_of.contains(c.name))
      throw Error(src + ": field 'candidate[" + std::to_string(i) + "].name' ('" + c.name +
                  "') is also an agent's name; candidates and agents are named apart in the store");
    if (!names.insert(c.name).second)
      throw Error(src + ": candidate '" + c.name + "' is listed and also enumerated by 'first_moves'");
  }
  const int arms = static_cast<int>(plan.candidates.size());
  if (arms > 1000) throw Error(src + ": " + std::to_string(arms) + " candidates; at most 1000");
  const auto block = static_cast<std::int64_t>(plan.seats.size() * plan.opponents.size());
  if (cfg.rule.round % block != 0)
    throw Error(src + ": field 'round' is " + std::to_string(cfg.rule.round) + ", expected a multiple of " +
                std::to_string(block) + " (" + std::to_string(plan.seats.size()) + " seats x " +
                std::to_string(plan.opponents.size()) +
                " opponents) so that every candidate meets every opponent in every seat equally often");
  if (cfg.rule.budget < cfg.rule.round * arms)
    throw Error(src + ": field 'budget' is " + std::to_string(cfg.rule.budget) + ", less than one round (" +
                std::to_string(arms) + " candidates x " + std::to_string(cfg.rule.round) + " games)");

  StoreIdentity& id = plan.identity;
  id.tournament = cfg.base.name;
  id.config_text = cfg.base.text;
  id.game = game_id;
  id.options = options;
  id.seed = cfg.base.seed;
  id.program = "qilab " + std::string(version()) + " (commit " + std::string(git_commit()) + ")";
  id.teams = teams;
  nlohmann::json agents = nlohmann::json::array();
  for (const auto& a : cfg.base.agents) {
    id.agents.push_back(store_agent(a.name, a.spec));
    agents.push_back({{"name", a.name}, {"spec", a.spec}});
  }
  if (!agent_in_pool) id.agents.push_back(store_agent(cfg.agent, cfg.agent));
  nlohmann::json cands = nlohmann::json::array();
  for (const auto& c : plan.candidates) {
    // A candidate is named in records like an agent: its spec is the agent that plays it.
    id.agents.push_back(store_agent(c.name, c.agent.empty() ? cfg.agent : c.agent));
    cands.push_back({{"name", c.name},
                     {"actions", c.actions},
                     {"option", c.option},
                     {"value", c.value},
                     {"fill", c.fill},
                     {"per", c.per_side ? "side" : "seat"},
                     {"agent", c.agent}});
  }
  id.config = {{"kind", "openings"},
               {"game", game_id},
               {"options", options},
               {"seed", cfg.base.seed},
               {"agents", agents},
               {"agent", cfg.agent},
               {"candidates", cands},
               {"seats", plan.seats},
               {"confidence", cfg.rule.confidence},
               {"budget", cfg.rule.budget},
               {"round", cfg.rule.round},
               {"referee",
                {{"move_time_limit_ms", cfg.base.referee.move_time_limit_ms},
                 {"max_timeouts", cfg.base.referee.max_timeouts}}}};
  id.config_hash = text_hash(id.config.dump());
  return plan;
}

std::int64_t opening_game_index(const OpeningsConfig& cfg, int arm, std::int64_t j) {
  return static_cast<std::int64_t>(arm) * cfg.rule.budget + j;
}

int opening_seat(const OpeningsPlan& plan, std::int64_t j) {
  return plan.seats[static_cast<std::size_t>(j % static_cast<std::int64_t>(plan.seats.size()))];
}

std::vector<std::string> opening_seat_agents(const OpeningsPlan& plan, int arm, std::int64_t j) {
  const auto s = static_cast<std::int64_t>(plan.seats.size());
  const int seat = opening_seat(plan, j);
  const std::string& opponent =
      plan.opponents[static_cast<std::size_t>((j / s) % static_cast<std::int64_t>(plan.opponents.size()))];
  std::vector<std::string> out;
  for (std::size_t k = 0; k < plan.teams.size(); ++k) {
    if (static_cast<int>(k) == seat)
      out.push_back(plan.candidates[static_cast<std::size_t>(arm)].name);
    else if (plan.teams[k] == plan.teams[static_cast<std::size_t>(seat)])
      out.push_back(plan.agent_name);
    else
      out.push_back(opponent);
  }
  return out;
}

std::string opening_option_value(const OpeningsPlan& plan, const OpeningCandidate& c, int seat,
                                 const std::string& source, std::size_t arm) {
  const std::string field = source + ": field 'candidate[" + std::to_string(arm) + "]";
  const std::size_t n = plan.teams.size();
  std::vector<std::string> entries = c.fill.empty() ? std::vector<std::string>(n) : split_entries(c.fill);
  if (entries.size() != n)
    throw Error(field + ".fill' has " + std::to_string(entries.size()) + " entries, expected " +
                std::to_string(n) + " (one per seat)");
  if (!c.per_side) {
    entries[static_cast<std::size_t>(seat)] = c.value;
  } else {
    const auto mine = split_entries(c.value);
    std::vector<std::size_t> side;
    for (std::size_t k = 0; k < n; ++k)
      if (plan.teams[k] == plan.teams[static_cast<std::size_t>(seat)]) side.push_back(k);
    if (mine.size() != side.size())
      throw Error(field + ".value' has " + std::to_string(mine.size()) + " entries, expected " +
                  std::to_string(side.size()) + " (one per seat of the candidate's side)");
    for (std::size_t i = 0; i < side.size(); ++i) entries[side[i]] = mine[i];
  }
  return join_entries(entries);
}

Outcome opening_outcome(const OpeningsPlan& plan, std::int64_t budget, const Store::Result& r) {
  const int seat = opening_seat(plan, r.index % budget);
  return seat_outcomes(r.returns, plan.teams).at(static_cast<std::size_t>(seat));
}

Store::Result result_of(const GameRecord& r) {
  Store::Result out;
  out.index = r.index;
  out.lineup = r.lineup;
  out.length = static_cast<std::int64_t>(r.actions.size());
  for (const auto& e : r.events)
    if (e.value("forfeit", false)) ++out.forfeits;
  out.returns = r.returns;
  out.agents = r.agents;
  return out;
}

namespace {

// The report's tables in the store: openings (one row a candidate) and openings_summary (the
// report as JSON), replaced whole in one transaction; meta 'openings_schema' versions them.
void write_openings_tables(Store& store, const nlohmann::json& s) {
  sqlite3* db = store.db_handle();
  const std::string& path = store.path();
  exec(db, path, "BEGIN IMMEDIATE");
  try {
    exec(
        db, path,
        "CREATE TABLE IF NOT EXISTS openings(candidate INTEGER PRIMARY KEY, name TEXT NOT NULL, rank INTEGER "
        "NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL, draws INTEGER NOT NULL, losses INTEGER NOT "
        "NULL, win_rate REAL, ci_lo REAL NOT NULL, ci_hi REAL NOT NULL, eliminated_round INTEGER, p REAL, "
        "p_holm "
        "REAL, significant INTEGER);"
        "CREATE TABLE IF NOT EXISTS openings_summary(id INTEGER PRIMARY KEY CHECK (id = 1), report TEXT NOT "
        "NULL);"
        "DELETE FROM openings; DELETE FROM openings_summary;"
        "INSERT OR REPLACE INTO meta(key, value) VALUES('openings_schema', '1');");
    sqlite3_stmt* q = nullptr;
    if (sqlite3_prepare_v2(
            db,
            "INSERT INTO openings(candidate, name, rank, games, wins, draws, losses, win_rate, "
            "ci_lo, ci_hi, eliminated_round, p, p_holm, significant) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            -1, &q, nullptr) != SQLITE_OK)
      throw Error(path + ": " + sqlite3_errmsg(db));
    for (const auto& c : s["candidates"]) {
      sqlite3_reset(q);
      sqlite3_bind_int64(q, 1, c["candidate"].get<std::int64_t>());
      const std::string name = c["name"].get<std::string>();
      sqlite3_bind_text(q, 2, name.c_str(), -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64(q, 3, c["rank"].get<std::int64_t>());
      sqlite3_bind_int64(q, 4, c["games"].get<std::int64_t>());
      sqlite3_bind_int64(q, 5, c["wins"].get<std::int64_t>());
      sqlite3_bind_int64(q, 6, c["draws"].get<std::int64_t>());
      sqlite3_bind_int64(q, 7, c["losses"].get<std::int64_t>());
      if (c["win_rate"].is_null())
        sqlite3_bind_null(q, 8);
      else
        sqlite3_bind_double(q, 8, c["win_rate"].get<double>());
      sqlite3_bind_double(q, 9, c["ci95"][0].get<double>());
      sqlite3_bind_double(q, 10, c["ci95"][1].get<double>());
      if (c["eliminated_round"].is_null())
        sqlite3_bind_null(q, 11);
      else
        sqlite3_bind_int64(q, 11, c["eliminated_round"].get<std::int64_t>());
      if (c["vs_best"].is_null()) {
        sqlite3_bind_null(q, 12);
        sqlite3_bind_null(q, 13);
        sqlite3_bind_null(q, 14);
      } else {
        sqlite3_bind_double(q, 12, c["vs_best"]["p"].get<double>());
        sqlite3_bind_double(q, 13, c["vs_best"]["p_holm"].get<double>());
        sqlite3_bind_int(q, 14, c["vs_best"]["significant"].get<bool>() ? 1 : 0);
      }
      if (sqlite3_step(q) != SQLITE_DONE) {
        const std::string m = sqlite3_errmsg(db);
        sqlite3_finalize(q);
        throw Error(path + ": " + m);
      }
    }
    sqlite3_finalize(q);
    if (sqlite3_prepare_v2(db, "INSERT INTO openings_summary(id, report) VALUES(1, ?)", -1, &q, nullptr) !=
        SQLITE_OK)
      throw Error(path + ": " + sqlite3_errmsg(db));
    const std::string text = s.dump();
    sqlite3_bind_text(q, 1, text.c_str(), -1, SQLITE_TRANSIENT);
    const int rc = sqlite3_step(q);
    sqlite3_finalize(q);
    if (rc != SQLITE_DONE) throw Error(path + ": " + sqlite3_errmsg(db));
    exec(db, path, "COMMIT");
  } catch (...) {
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

std::string ci_text(const nlohmann::json& ci) {
  return fmt::format("[{:.3f}, {:.3f}]", ci[0].get<double>(), ci[1].get<double>());
}

}  // namespace

OpeningsReport summarise_openings(const OpeningsConfig& cfg, const OpeningsPlan& plan, const Race& race,
                                  const std::map<std::int64_t, Store::Result>& games, Store& store,
                                  const std::string& out_dir, std::int64_t played, std::int64_t resumed,
                                  double seconds) {
  const int arms = static_cast<int>(plan.candidates.size());
  struct Tally {
    std::int64_t wins = 0, draws = 0, losses = 0, forfeits = 0;
  };
  std::vector<Tally> tally(static_cast<std::size_t>(arms));
  for (const auto& [g, r] : games) {
    auto& t = tally[static_cast<std::size_t>(g / cfg.rule.budget)];
    const Outcome o = opening_outcome(plan, cfg.rule.budget, r);
    (o == Outcome::kWin ? t.wins : o == Outcome::kDraw ? t.draws : t.losses) += 1;
    t.forfeits += r.forfeits > 0;
  }
  std::vector<ArmCount> counts;
  for (const auto& a : race.arms()) counts.push_back(a.count);
  const int best = race.best();
  const auto comparisons = compare_to_best(counts, best, cfg.rule.confidence);
  auto rate = [&](int a) {
    const auto& c = counts[static_cast<std::size_t>(a)];
    return c.games > 0 ? static_cast<double>(c.wins) / static_cast<double>(c.games) : 0.0;
  };
  // Rank: the arms still racing by rate, then the eliminated, the later out first, then by rate.
  std::vector<int> order(static_cast<std::size_t>(arms));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
    const int ex = race.arms()[static_cast<std::size_t>(x)].eliminated_round;
    const int ey = race.arms()[static_cast<std::size_t>(y)].eliminated_round;
    const int kx = ex < 0 ? 1 << 30 : ex, ky = ey < 0 ? 1 << 30 : ey;
    if (kx != ky) return kx > ky;
    return rate(x) > rate(y);
  });
  std::vector<int> rank_of(static_cast<std::size_t>(arms));
  for (std::size_t i = 0; i < order.size(); ++i)
    rank_of[static_cast<std::size_t>(order[i])] = static_cast<int>(i) + 1;

  std::int64_t most = 0;
  for (const auto& c : counts) most = std::max(most, c.games);
  const std::int64_t uniform = most * arms;
  nlohmann::json cands = nlohmann::json::array();
  for (const int a : order) {
    const auto& c = counts[static_cast<std::size_t>(a)];
    const auto& t = tally[static_cast<std::size_t>(a)];
    const Interval ci = wilson_interval(c.wins, c.games);
    const Interval rb = race.bound(a);
    const int out = race.arms()[static_cast<std::size_t>(a)].eliminated_round;
    nlohmann::json vs = nullptr;
    for (const auto& cmp : comparisons)
      if (cmp.arm == a) vs = {{"p", cmp.p}, {"p_holm", cmp.p_holm}, {"significant", cmp.significant}};
    cands.push_back({{"candidate", a},
                     {"name", plan.candidates[static_cast<std::size_t>(a)].name},
                     {"rank", rank_of[static_cast<std::size_t>(a)]},
                     {"games", c.games},
                     {"wins", t.wins},
                     {"draws", t.draws},
                     {"losses", t.losses},
                     {"forfeit_games", t.forfeits},
                     {"win_rate", c.games > 0 ? nlohmann::json(rate(a)) : nlohmann::json()},
                     {"ci95", {ci.lo, ci.hi}},
                     {"racing_bound", {rb.lo, rb.hi}},
                     {"eliminated_round", out < 0 ? nlohmann::json() : nlohmann::json(out)},
                     {"vs_best", vs}});
  }
  nlohmann::json s = {
      {"openings", cfg.base.name},
      {"game", plan.identity.game},
      {"options", plan.identity.options},
      {"config_hash", plan.identity.config_hash},
      {"seed", cfg.base.seed},
      {"agent", plan.agent_name},
      {"opponents", plan.opponents},
      {"seats", plan.seats},
      {"confidence", cfg.rule.confidence},
      {"budget", cfg.rule.budget},
      {"round", cfg.rule.round},
      {"method",
       "successive elimination (Even-Dar, Mannor and Mansour, JMLR 7, 2006) on Wilson score bounds, "
       "simultaneous by a Bonferroni union bound over candidates and looks"},
      {"z", race.z()},
      {"looks", racing_looks(cfg.rule)},
      {"rounds", race.rounds()},
      {"games_used", race.games_used()},
      {"decided", race.decided()},
      {"best", plan.candidates[static_cast<std::size_t>(best)].name},
      {"still_racing", race.survivors().size()},
      {"candidates", cands},
      {"uniform",
       {{"games", uniform},
        {"games_per_candidate", most},
        {"saved", uniform - race.games_used()},
        {"ratio",
         uniform > 0 ? static_cast<double>(race.games_used()) / static_cast<double>(uniform) : 1.0}}},
      {"test",
       "one-sided two-proportion z test (pooled) of the best against each other candidate, Holm-corrected "
       "over "
       "the K-1 comparisons; the race's data are adaptive, so the p-values are descriptive"}};
  // The best against the runner-up (rank 2) and against the rest.
  bool all_test = !comparisons.empty(), all_race = !comparisons.empty();
  for (const auto& cmp : comparisons) {
    all_test = all_test && cmp.significant;
    all_race = all_race && race.arms()[static_cast<std::size_t>(cmp.arm)].eliminated_round >= 0;
  }
  if (order.size() > 1) {
    int runner = order[0] == best ? order[1] : order[0];
    for (const auto& cmp : comparisons)
      if (cmp.arm == runner)
        s["best_vs_runner_up"] = {
            {"runner_up", plan.candidates[static_cast<std::size_t>(runner)].name},
            {"p", cmp.p},
            {"p_holm", cmp.p_holm},
            {"significant", cmp.significant},
            {"eliminated_by_race", race.arms()[static_cast<std::size_t>(runner)].eliminated_round >= 0}};
    s["best_vs_rest"] = {{"all_significant", all_test}, {"all_eliminated_by_race", all_race}};
  }
  s["run"] = {{"played", played},
              {"resumed", resumed},
              {"threads", cfg.base.threads},
              {"ranks", shards::size()},
              {"seconds", seconds}};
  if (shards::size() > 1) s["run"]["games_by_rank"] = shards::games_by_rank();

  write_openings_tables(store, s);
  OpeningsReport rep;
  rep.summary_path = (fs::path(out_dir) / "openings.json").string();
  write_file_atomically(rep.summary_path, s.dump(2) + "\n");
  std::string seats_text;
  for (const int seat : plan.seats) {
    if (!seats_text.empty()) seats_text += ',';
    seats_text += std::to_string(seat);
  }
  std::string t = fmt::format(
      "openings {}: {} candidates in seat{} {} played by {} against {}; confidence {}, budget {}, round {}\n",
      cfg.base.name, arms, plan.seats.size() == 1 ? "" : "s", seats_text, plan.agent_name,
      join_entries(plan.opponents), cfg.rule.confidence, cfg.rule.budget, cfg.rule.round);
  t += fmt::format("{:>4}  {:<28} {:>7} {:>6} {:>6} {:>8}  {:<16} {:>8}  {:>9}\n", "rank", "candidate",
                   "games", "wins", "draws", "win rate", "95% CI (games)", "out at", "Holm p");
  for (const auto& c : cands) {
    const std::string out = c["eliminated_round"].is_null()
                                ? "racing"
                                : "round " + std::to_string(c["eliminated_round"].get<int>());
    const std::string p =
        c["vs_best"].is_null() ? "best" : fmt::format("{:.3g}", c["vs_best"]["p_holm"].get<double>());
    t += fmt::format(
        "{:>4}  {:<28} {:>7} {:>6} {:>6} {:>8}  {:<16} {:>8}  {:>9}\n", c["rank"].get<int>(),
        brief_text(c["name"].get<std::string>(), 28), c["games"].get<std::int64_t>(),
        c["wins"].get<std::int64_t>(), c["draws"].get<std::int64_t>(),
        c["win_rate"].is_null() ? std::string("-") : fmt::format("{:.3f}", c["win_rate"].get<double>()),
        ci_text(c["ci95"]), out, p);
  }
  const std::string best_name = s["best"].get<std::string>();
  if (race.decided())
    t += fmt::format(
        "best: {}, the one candidate left (every other eliminated at simultaneous confidence {})\n",
        best_name, cfg.rule.confidence);
  else
    t += fmt::format("best: {} by win rate, undecided: {} candidates still racing when the budget ran out\n",
                     best_name, race.survivors().size());
  if (s.contains("best_vs_runner_up")) {
    const auto& r = s["best_vs_runner_up"];
    t += fmt::format(
        "best vs runner-up {}: one-sided two-proportion z test p = {:.3g}, Holm p = {:.3g}: {} at {}; "
        "race: {}\n",
        r["runner_up"].get<std::string>(), r["p"].get<double>(), r["p_holm"].get<double>(),
        r["significant"].get<bool>() ? "significant" : "not significant",
        fmt::format("{:.3g}", 1 - cfg.rule.confidence),
        r["eliminated_by_race"].get<bool>() ? "eliminated" : "not eliminated");
    t += fmt::format("best vs the rest: {} (Holm), {} by the race\n",
                     all_test ? "all significant" : "not all significant",
                     all_race ? "all eliminated" : "not all eliminated");
  }
  t += fmt::format(
      "games: {} of the budget {}; uniform allocation {}: {} x {} = {}, saved {} (ratio {:.3f})\n",
      race.games_used(), cfg.rule.budget,
      race.decided() ? "to the same answer" : "of as many games to every candidate", arms, most, uniform,
      uniform - race.games_used(), s["uniform"]["ratio"].get<double>());
  rep.table = std::move(t);
  rep.summary = std::move(s);
  rep.store_path = store.path();
  rep.played = played;
  rep.resumed = resumed;
  return rep;
}

}  // namespace qilab::experiments

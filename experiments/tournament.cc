#include "experiments/tournament.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <set>

#include <fmt/format.h>

#include "engine/core/data.h"
#include "engine/core/error.h"
#include "engine/core/input.h"
#include "engine/core/toml_input.h"
#include "engine/registry.h"
#include "experiments/shards.h"

namespace qilab::experiments {
namespace fs = std::filesystem;

namespace {

// The text of a TOML option value as an agent spec's key=value takes it.
std::string option_text(const toml::value& v, const std::string& where) {
  switch (v.type()) {
    case toml::value_t::boolean:
      return v.as_boolean() ? "true" : "false";
    case toml::value_t::integer:
      return std::to_string(v.as_integer());
    case toml::value_t::floating: {
      char buf[64];
      auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v.as_floating());
      return std::string(buf, end);
    }
    case toml::value_t::string: {
      std::string s = v.as_string().str;
      if (s.find_first_of(",:") != std::string::npos)
        throw Error(where + " expects a value without ',' or ':', got '" + brief_text(s) + "'");
      return s;
    }
    default:
      throw Error(where + " expects a boolean, number or string");
  }
}

std::string type_name(const toml::value& v) {
  switch (v.type()) {
    case toml::value_t::boolean:
      return "a boolean";
    case toml::value_t::integer:
      return "an integer";
    case toml::value_t::floating:
      return "a number";
    case toml::value_t::string:
      return "a string";
    case toml::value_t::array:
      return "an array";
    case toml::value_t::table:
      return "a table";
    default:
      return "a date or time";
  }
}

// Every 'set' and every value of every [[draw]] must make a game of c's before anything runs:
// each set alone (named by its index), then all of them, then each draw's values in turn, so
// that every value of 'from' is in some game (with the other draws' first values and the sets).
void check_settings(const TournamentConfig& c) {
  with_game(c.game.game, [&]<Game G>() {
    Options options = resolve_options(G::option_specs(), c.game, {});  // its errors name the game file
    for (std::size_t i = 0; i < c.sets.size(); ++i) {
      const std::string where = c.source + ": field 'set[" + std::to_string(i) + "]'";
      const auto [key, value] = parse_setting(c.sets[i], where);
      options.set_from_text(key, value, where);
    }
    auto make = [&](const std::vector<std::string>& settings, const std::string& field) {
      try {
        const G game(resolve_options(G::option_specs(), c.game, settings));
        (void)game;
      } catch (const Error& e) {
        throw Error(c.source + ": field '" + field + "': " + e.what());
      }
    };
    make(c.sets, c.sets.empty() ? "game" : "set");
    for (std::size_t i = 0; i < c.draws.size(); ++i) {
      const std::size_t n = c.draws[i].from.size();
      for (std::size_t first = 0; first < n; first += static_cast<std::size_t>(c.draws[i].count)) {
        std::vector<std::string> settings;
        for (std::size_t j = 0; j < c.draws.size(); ++j) {
          const OptionDraw& d = c.draws[j];
          std::string value;
          for (std::size_t m = 0; m < static_cast<std::size_t>(d.count); ++m)
            value += (m == 0 ? "" : ",") + d.from[j == i ? (first + m) % n : m];
          settings.push_back(d.option + "=" + value);
        }
        settings.insert(settings.end(), c.sets.begin(), c.sets.end());
        make(settings, "draw[" + std::to_string(i) + "]");
      }
    }
  });
}

}  // namespace

TournamentConfig read_tournament_config(const std::string& given) {
  const std::string path = user_or_data_path(given);
  return parse_tournament_config(read_text_file(path, "experiment config"), path);
}

TournamentConfig parse_tournament_config(std::string_view text, const std::string& path) {
  const toml::value root = parse_toml(text, path);
  if (!root.is_table()) throw Error(path + ": expected a TOML table");
  TournamentConfig c;
  c.source = path;
  c.text = std::string(text);
  auto field_error = [&](const std::string& field, const std::string& expected, const toml::value& got) {
    std::string shown = type_name(got);
    if (got.is_integer()) shown += " " + std::to_string(got.as_integer());
    if (got.is_string()) shown += " '" + brief_text(got.as_string().str) + "'";
    return Error(path + ": field '" + field + "' expects " + expected + ", got " + shown);
  };
  auto integer = [&](const toml::value& v, const std::string& field, std::int64_t lo, std::int64_t hi) {
    const std::string expected = "an integer " + std::to_string(lo) + " to " + std::to_string(hi);
    if (!v.is_integer() || v.as_integer() < lo || v.as_integer() > hi) throw field_error(field, expected, v);
    return static_cast<std::int64_t>(v.as_integer());
  };
  auto string = [&](const toml::value& v, const std::string& field) {
    if (!v.is_string() || v.as_string().str.empty()) throw field_error(field, "a non-empty string", v);
    return v.as_string().str;
  };
  auto strings = [&](const toml::value& v, const std::string& field) {
    if (!v.is_array()) throw field_error(field, "an array of strings", v);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < v.as_array().size(); ++i)
      out.push_back(string(v.as_array()[i], field + "[" + std::to_string(i) + "]"));
    return out;
  };
  const toml::value* lineups = nullptr;
  bool has_game = false, has_agents = false, has_games = false;
  for (const auto& [key, v] : root.as_table()) {
    if (key == "name") {
      c.name = string(v, key);
    } else if (key == "description") {
      if (!v.is_string()) throw field_error(key, "a string", v);
      c.description = v.as_string().str;
    } else if (key == "game") {
      has_game = true;
      const std::string file = string(v, key);
      try {
        c.game = read_game_config(file);
      } catch (const Error& e) {  // a missing file is named by the field that names it
        throw Error(path + ": field 'game': " + e.what());
      }
      try {
        find_game(c.game.game);
      } catch (const Error& e) {
        throw Error(path + ": field 'game': " + c.game.source + ": " + e.what());
      }
    } else if (key == "set") {
      c.sets = strings(v, key);
      for (std::size_t i = 0; i < c.sets.size(); ++i)
        if (c.sets[i].find('=') == std::string::npos || c.sets[i].front() == '=')
          throw Error(path + ": field 'set[" + std::to_string(i) + "]' expects key=value, got '" +
                      brief_text(c.sets[i]) + "'");
    } else if (key == "seed") {
      c.seed = static_cast<std::uint64_t>(integer(v, key, 0, std::numeric_limits<std::int64_t>::max()));
    } else if (key == "games_per_lineup") {
      has_games = true;
      c.games_per_lineup = integer(v, key, 1, 10'000'000);
    } else if (key == "threads") {
      c.threads = static_cast<int>(integer(v, key, 1, 4096));
    } else if (key == "batch") {
      c.batch = static_cast<int>(integer(v, key, 1, 100'000));
    } else if (key == "agents") {
      has_agents = true;
      if (!v.is_array() || v.as_array().empty())
        throw field_error(key, "a non-empty array of agents (a spec string, or {name, agent, options})", v);
      for (std::size_t i = 0; i < v.as_array().size(); ++i) {
        const toml::value& a = v.as_array()[i];
        const std::string field = "agents[" + std::to_string(i) + "]";
        PoolAgent agent;
        if (a.is_string()) {
          agent.spec = string(a, field);
          agent.name = agent.spec;
        } else if (a.is_table()) {
          std::vector<std::string> options;
          for (const auto& [k, x] : a.as_table()) {
            if (k == "name") {
              agent.name = string(x, field + ".name");
            } else if (k == "agent") {
              agent.spec = string(x, field + ".agent");
            } else if (k == "options") {
              if (!x.is_table()) throw field_error(field + ".options", "a table of option = value", x);
              for (const auto& [ok, ov] : x.as_table())
                options.push_back(ok + "=" +
                                  option_text(ov, path + ": field '" + field + ".options." + ok + "'"));
            } else {
              throw Error(path + ": field '" + field + "." + k +
                          "' is unknown (expected name, agent, options)");
            }
          }
          if (agent.spec.empty())
            throw Error(path + ": field '" + field + ".agent' is missing (an agent name or file)");
          if (agent.name.empty()) throw Error(path + ": field '" + field + ".name' is missing");
          if (agent.spec.find(':') != std::string::npos && !options.empty())
            throw Error(path + ": field '" + field +
                        ".agent' has options after ':' and an options table; give one");
          std::sort(options.begin(), options.end());  // toml11 tables have no order: fix one
          for (std::size_t k = 0; k < options.size(); ++k) agent.spec += (k == 0 ? ":" : ",") + options[k];
        } else {
          throw field_error(field, "a spec string or a table {name, agent, options}", a);
        }
        for (const auto& other : c.agents)
          if (other.name == agent.name)
            throw Error(path + ": field '" + field + "' repeats the agent name '" + agent.name + "'");
        c.agents.push_back(std::move(agent));
      }
    } else if (key == "lineups") {
      lineups = &v;
    } else if (key == "referee") {
      if (!v.is_table()) throw field_error(key, "a table", v);
      for (const auto& [k, x] : v.as_table()) {
        if (k == "move_time_limit_ms") {
          if (!(x.is_integer() || x.is_floating()))
            throw field_error("referee." + k, "a number of milliseconds >= 0", x);
          const double ms = x.is_integer() ? static_cast<double>(x.as_integer()) : x.as_floating();
          if (!(ms >= 0 && ms <= 86'400'000))
            throw field_error("referee." + k, "a number of milliseconds 0 to 86400000", x);
          c.referee.move_time_limit_ms = ms;
        } else if (k == "max_timeouts") {
          c.referee.max_timeouts = static_cast<int>(integer(x, "referee." + k, 1, 1000));
        } else {
          throw Error(path + ": field 'referee." + k +
                      "' is unknown (expected move_time_limit_ms, max_timeouts)");
        }
      }
    } else if (key == "draw") {
      if (!v.is_array()) throw field_error(key, "an array of tables [[draw]] {option, from, count}", v);
      for (std::size_t i = 0; i < v.as_array().size(); ++i) {
        const toml::value& d = v.as_array()[i];
        const std::string field = "draw[" + std::to_string(i) + "]";
        if (!d.is_table()) throw field_error(field, "a table {option, from, count}", d);
        OptionDraw draw;
        bool has_count = false;
        for (const auto& [k, x] : d.as_table()) {
          if (k == "option")
            draw.option = string(x, field + ".option");
          else if (k == "from") {
            if (!x.is_array()) throw field_error(field + ".from", "an array of option values", x);
            for (std::size_t j = 0; j < x.as_array().size(); ++j)
              draw.from.push_back(option_text(
                  x.as_array()[j], path + ": field '" + field + ".from[" + std::to_string(j) + "]'"));
          } else if (k == "count") {
            draw.count = static_cast<int>(integer(x, field + ".count", 1, 1000));
            has_count = true;
          } else
            throw Error(path + ": field '" + field + "." + k + "' is unknown (expected option, from, count)");
        }
        if (draw.option.empty())
          throw Error(path + ": field '" + field + ".option' is missing (a game option)");
        if (draw.from.empty())
          throw Error(path + ": field '" + field + ".from' is missing (the values to draw from)");
        if (!has_count)
          throw Error(path + ": field '" + field + ".count' is missing (values drawn per game)");
        if (draw.count > static_cast<int>(draw.from.size()))
          throw Error(path + ": field '" + field + ".count' is " + std::to_string(draw.count) +
                      ", more than the " + std::to_string(draw.from.size()) + " values of 'from'");
        if (std::set<std::string>(draw.from.begin(), draw.from.end()).size() != draw.from.size())
          throw Error(path + ": field '" + field + ".from' repeats a value");
        c.draws.push_back(std::move(draw));
      }
    } else {
      throw Error(path + ": unknown field '" + key +
                  "' (expected name, description, game, set, seed, games_per_lineup, threads, batch, agents, "
                  "lineups, "
                  "referee, draw)");
    }
  }
  if (!has_game)
    throw Error(path + ": missing field 'game' (a game config file, e.g. configs/games/junqi6.toml)");
  if (!has_agents) throw Error(path + ": missing field 'agents' (the pool of agents)");
  if (!has_games) throw Error(path + ": missing field 'games_per_lineup'");
  if (c.name.empty()) c.name = fs::path(path).stem().string();
  if (lineups) {
    if (lineups->is_string()) {
      if (lineups->as_string().str != "all-play-all")
        throw field_error("lineups", "\"all-play-all\" or an array of line-ups (arrays of agent names)",
                          *lineups);
    } else if (lineups->is_array() && !lineups->as_array().empty()) {
      c.all_play_all = false;
      for (std::size_t i = 0; i < lineups->as_array().size(); ++i) {
        const std::string field = "lineups[" + std::to_string(i) + "]";
        auto names = strings(lineups->as_array()[i], field);
        if (names.empty()) throw Error(path + ": field '" + field + "' is empty (expected agent names)");
        for (const auto& n : names)
          if (std::none_of(c.agents.begin(), c.agents.end(), [&](const PoolAgent& a) { return a.name == n; }))
            throw Error(path + ": field '" + field + "' names agent '" + brief_text(n) +
                        "', which 'agents' does not list");
        c.lineups.push_back(std::move(names));
      }
    } else {
      throw field_error(
          "lineups", "\"all-play-all\" or a non-empty array of line-ups (arrays of agent names)", *lineups);
    }
  }
  for (const auto& d : c.draws)
    for (const auto& s : c.sets)
      if (s.substr(0, s.find('=')) == d.option)
        throw Error(path + ": option '" + d.option + "' is both drawn ([[draw]]) and set ('set'); give one");
  check_settings(c);
  return c;
}

std::vector<int> seat_sides(const std::vector<int>& teams) {
  std::vector<int> order;  // teams in order of first appearance
  bool shared = false;
  for (int t : teams) {
    if (std::find(order.begin(), order.end(), t) == order.end())
      order.push_back(t);
    else
      shared = true;
  }
  std::vector<int> sides;
  for (std::size_t s = 0; s < teams.size(); ++s)
    sides.push_back(shared ? static_cast<int>(std::find(order.begin(), order.end(), teams[s]) - order.begin())
                           : static_cast<int>(s));
  return sides;
}

std::vector<std::string> lineup_seats(const std::vector<std::string>& lineup, const std::vector<int>& sides,
                                      std::int64_t i) {
  std::vector<std::string> out;
  const auto n = static_cast<std::int64_t>(lineup.size());
  for (int side : sides) out.push_back(lineup[static_cast<std::size_t>((side + i % n) % n)]);
  return out;
}

std::vector<std::vector<std::string>> tournament_lineups(const TournamentConfig& cfg, int sides) {
  std::vector<std::vector<std::string>> out;
  if (cfg.seating == Seating::kSeats) return cfg.lineups;  // seated by rotation.h, any length
  if (!cfg.all_play_all) {
    for (std::size_t i = 0; i < cfg.lineups.size(); ++i) {
      const auto& l = cfg.lineups[i];
      if (static_cast<int>(l.size()) != sides && l.size() != 1)
        throw Error(cfg.source + ": field 'lineups[" + std::to_string(i) + "]' has " +
                    std::to_string(l.size()) + " agents, expected " + std::to_string(sides) +
                    " (one per side of this game) or 1 (self-play)");
      out.push_back(l);
    }
  } else if (cfg.agents.size() == 1) {
    out.push_back({cfg.agents.front().name});
  } else {
    const int n = static_cast<int>(cfg.agents.size());
    if (n < sides)
      throw Error(cfg.source + ": field 'agents' lists " + std::to_string(n) +
                  " agents; all-play-all needs " + std::to_string(sides) +
                  " (one per side of this game) or more, or 1 (self-play); or list 'lineups'");
    // Every set of `sides` distinct agents, in lexicographic order of pool positions.
    std::vector<int> pick(static_cast<std::size_t>(sides));
    for (int k = 0; k < sides; ++k) pick[static_cast<std::size_t>(k)] = k;
    while (true) {
      std::vector<std::string> l;
      for (int p : pick) l.push_back(cfg.agents[static_cast<std::size_t>(p)].name);
      out.push_back(std::move(l));
      int k = sides - 1;
      while (k >= 0 && pick[static_cast<std::size_t>(k)] == n - sides + k) --k;
      if (k < 0) break;
      ++pick[static_cast<std::size_t>(k)];
      for (int j = k + 1; j < sides; ++j)
        pick[static_cast<std::size_t>(j)] = pick[static_cast<std::size_t>(j - 1)] + 1;
    }
  }
  for (std::size_t i = 0; i < out.size(); ++i)
    if (out[i].size() > 1 && cfg.games_per_lineup % static_cast<std::int64_t>(out[i].size()) != 0)
      throw Error(cfg.source + ": field 'games_per_lineup' is " + std::to_string(cfg.games_per_lineup) +
                  ", expected a multiple of " + std::to_string(out[i].size()) + " (the sides of line-up " +
                  std::to_string(i) + ") so that every agent holds every side equally often");
  return out;
}

std::vector<std::string> game_settings(const TournamentConfig& cfg, std::uint64_t seed, std::int64_t g) {
  std::vector<std::string> settings;
  if (!cfg.draws.empty()) {
    Rng rng = Rng(seed)
                  .split(static_cast<std::uint64_t>(g))
                  .split(0x64726177);  // "draw": apart from the game's stream
    for (const auto& d : cfg.draws) {
      std::vector<std::string> pool = d.from;
      std::string value;
      for (int k = 0; k < d.count; ++k) {  // a partial Fisher-Yates shuffle
        const auto j = static_cast<std::size_t>(k) +
                       rng.below(static_cast<std::uint32_t>(pool.size() - static_cast<std::size_t>(k)));
        std::swap(pool[static_cast<std::size_t>(k)], pool[j]);
        value += (k == 0 ? "" : ",") + pool[static_cast<std::size_t>(k)];
      }
      settings.push_back(d.option + "=" + value);
    }
  }
  settings.insert(settings.end(), cfg.sets.begin(), cfg.sets.end());
  return settings;
}

TournamentPlan plan_tournament(const TournamentConfig& cfg, const std::string& game_id,
                               const nlohmann::json& options, const std::vector<int>& teams) {
  TournamentPlan plan;
  plan.sides = seat_sides(teams);
  const int sides = *std::max_element(plan.sides.begin(), plan.sides.end()) + 1;
  plan.lineups = tournament_lineups(cfg, sides);
  plan.total = static_cast<std::int64_t>(plan.lineups.size()) * cfg.games_per_lineup;
  if (plan.total > 100'000'000)
    throw Error(cfg.source + ": " + std::to_string(plan.total) + " games in all; at most 100000000");
  StoreIdentity& id = plan.identity;
  id.tournament = cfg.name;
  id.config_text = cfg.text;
  id.game = game_id;
  id.options = options;
  id.seed = cfg.seed;
  id.program = "qilab " + std::string(version()) + " (commit " + std::string(git_commit()) + ")";
  id.teams = teams;
  nlohmann::json agents = nlohmann::json::array();
  for (const auto& a : cfg.agents) {
    StoreAgent s;
    s.name = a.name;
    s.spec = a.spec;
    const AgentSpec parsed = parse_agent_spec(a.spec);
    for (const auto& kv : parsed.overrides)
      s.options[kv.substr(0, kv.find('='))] = kv.substr(kv.find('=') + 1);
    try {
      s.file_hash = agent_files_hash(a.spec);
    } catch (const Error& e) {
      throw Error(cfg.source + ": field 'agents[" + std::to_string(id.agents.size()) + "]' (" + a.name +
                  "): " + e.what());
    }
    plan.spec_of[a.name] = a.spec;
    agents.push_back({{"name", a.name}, {"spec", a.spec}});
    id.agents.push_back(std::move(s));
  }
  nlohmann::json draws = nlohmann::json::array();
  for (const auto& d : cfg.draws)
    draws.push_back({{"option", d.option}, {"from", d.from}, {"count", d.count}});
  // What decides the games (not threads or batch size): its hash is the tournament's identity.
  id.config = {
      {"game", game_id},
      {"options", options},
      {"draws", draws},
      {"seed", cfg.seed},
      {"agents", agents},
      {"lineups", plan.lineups},
      {"games_per_lineup", cfg.games_per_lineup},
      {"referee",
       {{"move_time_limit_ms", cfg.referee.move_time_limit_ms}, {"max_timeouts", cfg.referee.max_timeouts}}}};
  if (cfg.seating == Seating::kSeats) {
    // `qilab play`'s seating; its number of games is no part of the identity (a longer run
    // extends a shorter one). Tournaments' configs, and so their hashes, are as they were.
    id.config.erase("games_per_lineup");
    id.config["seating"] = "seats";
  }
  id.config_hash = text_hash(id.config.dump());
  return plan;
}

std::string check_tournament_out(const std::string& out_dir, const StoreIdentity& identity) {
  if (out_dir.empty()) throw Error("--out: no output directory given");
  std::error_code ec;
  const auto st = fs::status(out_dir, ec);
  if (ec && ec != std::errc::no_such_file_or_directory)
    throw Error("--out '" + out_dir + "': " + ec.message());
  if (fs::exists(st) && !fs::is_directory(st))
    throw Error("--out '" + out_dir + "': exists and is not a directory");
  const std::string db = (fs::path(out_dir) / "tournament.db").string();
  const std::string summary = (fs::path(out_dir) / "summary.json").string();
  if (fs::is_directory(db, ec)) throw Error(db + ": a directory is in the way of the tournament store");
  if (fs::is_directory(summary, ec)) throw Error(summary + ": cannot write (a directory is in the way)");
  // A run's files without its store are another run's (a store is made before any of them is
  // written): left alone, not overwritten.
  if (!fs::exists(db, ec))
    for (const char* name : {"summary.json", "openings.json", "games.jsonl"})
      if (const auto file = fs::path(out_dir) / name; fs::exists(file, ec))
        throw Error(file.string() +
                    ": another run's file, without its store (tournament.db); use another output directory");
  Store::check_resumable(db, identity);
  return db;
}

TournamentReport summarise_tournament(const TournamentConfig& cfg, const TournamentPlan& plan,
                                      const TournamentRun& run, const std::string& out_dir) {
  const int seats = static_cast<int>(plan.identity.teams.size());
  std::vector<std::string> names;
  for (const auto& a : cfg.agents) names.push_back(a.name);
  Balance all(seats, names, plan.identity.teams);
  std::vector<Balance> by_lineup;
  for (const auto& l : plan.lineups) by_lineup.emplace_back(seats, l, plan.identity.teams);
  std::int64_t forfeits = 0;
  for (const auto& r : run.results) {
    const GameResult g{r.returns, r.agents, r.length};
    all.add(g);
    by_lineup[static_cast<std::size_t>(r.lineup)].add(g);
    forfeits += r.forfeits;
  }
  nlohmann::json s = {
      {"tournament", cfg.name},
      {"game", plan.identity.game},
      {"options", plan.identity.options},
      {"config_hash", plan.identity.config_hash},
      {"seed", cfg.seed},
      {"seats", seats},
      {"teams", plan.identity.teams},
      {"sides", plan.sides},
      {"agents", names},
      {"lineups", plan.lineups},
      {"games_per_lineup", cfg.games_per_lineup},
      {"program", plan.identity.program},
      {"store", run.store_path},
      {"rotation", "game i of a line-up of L agents: side t played by lineup[(t + i) mod L]"}};
  s.update(all.to_json());
  s["forfeits"] = forfeits;
  nlohmann::json per = nlohmann::json::array();
  for (std::size_t l = 0; l < by_lineup.size(); ++l) {
    nlohmann::json j = by_lineup[l].to_json();
    j["lineup"] = plan.lineups[l];
    per.push_back(std::move(j));
  }
  s["by_lineup"] = std::move(per);
  s["run"] = {{"played", run.played},
              {"resumed", run.resumed},
              {"threads", cfg.threads},
              {"ranks", shards::size()},
              {"seconds", run.seconds}};
  if (shards::size() > 1) s["run"]["games_by_rank"] = shards::games_by_rank();
  TournamentReport rep;
  rep.summary_path = (fs::path(out_dir) / "summary.json").string();
  write_file_atomically(rep.summary_path, s.dump(2) + "\n");
  rep.table = format_summary_table(s);
  if (plan.lineups.size() > 1) {
    rep.table += fmt::format("\n{:<40} {:>8}  {}\n", "line-up", "games", "wins by agent (seat-games)");
    for (const auto& l : s["by_lineup"]) {
      std::string names_text, wins;
      for (const auto& n : l["lineup"])
        names_text += (names_text.empty() ? "" : " v ") + n.get<std::string>();
      for (const auto& a : l["by_agent"])
        wins += fmt::format("{}{} {}/{}", wins.empty() ? "" : ", ", a["agent"].get<std::string>(),
                            a["win"]["count"].get<std::int64_t>(), a["games"].get<std::int64_t>());
      rep.table += fmt::format("{:<40} {:>8}  {}\n", names_text, l["games"].get<std::int64_t>(), wins);
    }
  }
  if (forfeits > 0)
    rep.table += fmt::format("{} forfeits (agents that failed); see the events of the games\n", forfeits);
  rep.store_path = run.store_path;
  rep.summary = std::move(s);
  rep.played = run.played;
  rep.resumed = run.resumed;
  rep.forfeits = forfeits;
  return rep;
}

TournamentReport run_tournament(TournamentConfig cfg, const std::string& out_dir, int threads) {
  if (threads > 0) cfg.threads = threads;
  return with_game(cfg.game.game, [&]<Game G>() {
    const G game(resolve_options(G::option_specs(), cfg.game, cfg.sets));
    return run_tournament(game, cfg, out_dir);
  });
}

}  // namespace qilab::experiments

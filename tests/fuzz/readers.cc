#include "tests/fuzz/readers.h"

#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <limits>
#include <stdexcept>

#include "agents/factory.h"
#include "engine/core/config.h"
#include "engine/core/input.h"
#include "engine/core/record.h"
#include "engine/registry.h"
#include "experiments/match.h"
#include "experiments/run_records.h"
#include "experiments/run_stats.h"

namespace qilab::fuzz {

void read_position(const AnyGame& game, std::string_view text) {
  const auto state = game.state_from_json(parse_json(text, "position.json"));
  const nlohmann::json written = state->to_json();
  try {
    game.state_from_json(written);
  } catch (const Error& e) {
    throw std::logic_error(std::string("an accepted position wrote JSON it refuses: ") + e.what());
  }
  state->render_text();
  for (Player p = 0; p < state->num_players(); ++p) state->observation_string(p);
  if (state->is_terminal()) {
    state->returns();
    return;
  }
  const auto legal = state->legal_actions();
  if (legal.empty()) throw std::logic_error("an accepted position is not over and has no legal action");
  // Every action of a small list, a spread of a large one: each must apply.
  const std::size_t step = legal.size() / 16 + 1;
  for (std::size_t k = 0; k < legal.size(); k += step) {
    const Action a = legal[k];
    if (state->string_to_action(state->action_to_string(a)) != a)
      throw std::logic_error("action " + std::to_string(a) + " does not read back from its notation");
    auto next = state->clone();
    next->apply(a);
    next->to_json();
  }
}

void read_config(std::string_view text) {
  const GameConfig config = parse_game_config(text, "config.toml");
  const auto game = make_any_game(config);
  game->initial_state()->legal_actions();
}

void read_agent(const AnyGame& game, std::string_view text) {
  const AgentSpec spec = parse_agent_file(text, "agent.toml");
  std::string line = spec.kind;
  for (std::size_t k = 0; k < spec.overrides.size(); ++k) line += (k ? "," : ":") + spec.overrides[k];
  with_game(game.id(), [&]<Game G>() {
    const G& g = dynamic_cast<const GameAdapter<G>&>(game).game();
    make_agent(g, line);
  });
}

void read_record(const AnyGame& game, std::string_view text) {
  const GameRecord r = GameRecord::from_json(parse_json(text, "games.jsonl:1"), "games.jsonl:1");
  with_game(game.id(), [&]<Game G>() {
    const G& g = dynamic_cast<const GameAdapter<G>&>(game).game();
    experiments::replay_difference(g, r);
  });
}

namespace {

// Loads DIR as `qilab stats DIR` does and summarises it; an accepted run must give statistics.
void stats_of(const std::string& dir) {
  experiments::RunRecords run(dir);
  experiments::StatsOptions o;
  o.trace_games = 4;
  o.source = run.source();
  const nlohmann::json stats = experiments::run_stats(run.passes(), o);
  experiments::format_stats(stats);
}

}  // namespace

void read_run_records(const std::string& dir, std::string_view records) {
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/games.jsonl", std::ios::binary) << records;
  stats_of(dir);
}

void read_run_store(const std::string& dir, const std::string& seed_db, std::string_view damage) {
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string db = dir + "/tournament.db";
  std::filesystem::copy_file(seed_db, db);
  if (damage.starts_with("bytes:")) {
    std::fstream f(db, std::ios::in | std::ios::out | std::ios::binary);
    std::istringstream edits{std::string(damage.substr(6))};
    std::string edit;
    while (edits >> edit) {
      const auto colon = edit.find(':');
      f.seekp(static_cast<std::streamoff>(std::stoull(edit.substr(0, colon))));
      const std::string hex = edit.substr(colon + 1);
      for (std::size_t k = 0; k + 1 < hex.size(); k += 2)
        f.put(static_cast<char>(std::stoi(hex.substr(k, 2), nullptr, 16)));
    }
  } else {
    sqlite3* handle = nullptr;
    if (sqlite3_open(db.c_str(), &handle) != SQLITE_OK) throw std::logic_error("cannot open the copy");
    // Damage that SQLite itself refuses (a constraint) is no input: the store is as it was.
    sqlite3_exec(handle, std::string(damage).c_str(), nullptr, nullptr, nullptr);
    sqlite3_close(handle);
  }
  stats_of(dir);
}

std::string store_damage(std::size_t file_size, Rng& rng) {
  if (rng.below(4) == 0) {  // bytes of the file: SQLite's own checks, then ours
    std::string out = "bytes:";
    const int edits = 1 + static_cast<int>(rng.below(4));
    for (int e = 0; e < edits; ++e) {
      out += " " + std::to_string(rng.below(static_cast<std::uint32_t>(file_size))) + ":";
      for (std::uint32_t k = 0, n = 1 + rng.below(8); k < n; ++k) {
        static constexpr char kHex[] = "0123456789abcdef";
        out += kHex[rng.below(16)];
        out += kHex[rng.below(16)];
      }
    }
    return out;
  }
  struct Table {
    const char* name;
    const char* key;  // a column naming the row
    std::vector<const char*> columns;
  };
  static const std::vector<Table> tables = {
      {"meta", "key", {"key", "value"}},
      {"agents", "id", {"id", "name", "spec", "options", "file_hash"}},
      {"games",
       "idx",
       {"idx", "lineup", "options", "config_hash", "length", "actions", "setups", "program", "forfeits",
        "events", "ending"}},
      {"seats", "game", {"game", "seat", "agent", "team", "result", "outcome", "setup"}},
      {"move_stats", "game", {"game", "ply", "seat", "stats"}}};
  static const std::vector<const char*> values = {
      "NULL",
      "0",
      "-1",
      "1",
      "2",
      "3",
      "9223372036854775807",
      "-9223372036854775808",
      "1e308",
      "0.5",
      "''",
      "'x'",
      "'[1, 2'",
      "'{}'",
      "'[]'",
      "'null'",
      "'\"checkers\"'",
      "'[0,1]'",
      "'[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]'",
      "x''",
      "x'ff'",
      "x'ffffffff'",
      "x'00000000ffffff7f'",
      "x'0100000002000000'",
      "zeroblob(4000)",
      "'junqi6'",
      "'win'",
      "'loss'",
      "'2'",
      "'99'",
      "'18446744073709551616'",
      "'{\"players\": 7}'",
      "randomblob(64)",
      "printf('%.*c', 5000, 'a')"};
  const Table& t = tables[rng.below(static_cast<std::uint32_t>(tables.size()))];
  const std::string where =
      std::string(" WHERE rowid IN (SELECT rowid FROM ") + t.name + " ORDER BY random() LIMIT 1)";
  const std::string where_key = std::string(" WHERE ") + t.key + " IN (SELECT " + t.key + " FROM " + t.name +
                                " ORDER BY " + t.key + " LIMIT 1 OFFSET " + std::to_string(rng.below(8)) +
                                ")";
  const bool rowid = std::string(t.name) != "meta" && std::string(t.name) != "seats";  // WITHOUT ROWID tables
  const std::string pick = rowid && rng.below(2) == 0 ? where : where_key;
  switch (rng.below(5)) {
    case 0:
      return std::string("DELETE FROM ") + t.name + pick;
    case 1:  // a row whose key is moved: a game's seats elsewhere, a missing index
      return std::string("UPDATE ") + t.name + " SET " + t.key + " = " + t.key + " + " +
             std::to_string(1 + rng.below(3)) + pick;
    default:
      return std::string("UPDATE ") + t.name + " SET " +
             t.columns[rng.below(static_cast<std::uint32_t>(t.columns.size()))] + " = " +
             values[rng.below(static_cast<std::uint32_t>(values.size()))] + pick;
  }
}

std::vector<std::string> position_seeds(const AnyGame& game, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<std::string> out;
  auto state = game.initial_state();
  out.push_back(state->to_json().dump());
  for (int ply = 1; ply <= 400 && !state->is_terminal(); ++ply) {
    const auto legal = state->legal_actions();
    state->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    if (ply == 3 || ply == 30 || ply == 400) out.push_back(state->to_json().dump());
  }
  return out;
}

std::vector<std::string> record_seeds(const AnyGame& game, std::uint64_t seed) {
  return with_game(game.id(), [&]<Game G>() {
    const G& g = dynamic_cast<const GameAdapter<G>&>(game).game();
    experiments::MatchConfig cfg;
    cfg.agents = {"random"};
    cfg.seed = seed;
    const auto id = experiments::identity_of(g, cfg);
    std::vector<std::string> out;
    for (std::int64_t i = 0; i < 2; ++i) out.push_back(experiments::play_game(g, id, i).to_json().dump());
    return out;
  });
}

namespace {

// Values at the edges of what readers convert: 64-bit limits and just past them, floats where
// integers belong, huge and tiny numbers, empty and long strings, nesting at and past the limit.
std::vector<std::string> edge_tokens() {
  return {"0",
          "-1",
          "1",
          "255",
          "256",
          "65535",
          "65536",
          "2147483647",
          "2147483648",
          "-2147483649",
          "4294967295",
          "4294967296",
          "9223372036854775807",
          "9223372036854775808",
          "-9223372036854775808",
          "-9223372036854775809",
          "18446744073709551615",
          "18446744073709551616",
          "1e308",
          "-1e308",
          "1e999",
          "0.5",
          "-0.0",
          "1.0",
          "null",
          "true",
          "false",
          "\"\"",
          "\"x\"",
          "[]",
          "{}",
          "[[]]",
          "[null]",
          "\"" + std::string(5000, 'a') + "\"",
          std::string(64, '[') + std::string(64, ']'),
          std::string(65, '[') + std::string(65, ']'),
          std::string(20000, '['),
          std::string(20000, '[') + std::string(20000, ']'),
          "\"\\u0000\"",
          "\"\\ud800\"",
          "\"\xff\xfe\"",
          "inf",
          "nan",
          "0x7fffffffffffffff",
          "1979-05-27",
          "'''",
          "\"\"\""};
}

// A random node of `j` (the root included), by a random walk down.
nlohmann::json* random_node(nlohmann::json& j, Rng& rng) {
  nlohmann::json* node = &j;
  while ((node->is_array() || node->is_object()) && !node->empty() && rng.below(4) != 0) {
    auto it = node->begin();
    std::advance(it, rng.below(static_cast<std::uint32_t>(node->size())));
    node = &*it;
  }
  return node;
}

nlohmann::json edge_value(Rng& rng) {
  static const std::vector<nlohmann::json> values = [] {
    std::vector<nlohmann::json> v;
    for (const auto& t : edge_tokens()) {
      if (t.size() > 10000) continue;  // values too deep for the fuzzer's own dump()
      try {
        v.push_back(nlohmann::json::parse(t));
      } catch (const nlohmann::json::exception&) {  // not JSON: the text edits splice those
      }
    }
    v.push_back(std::numeric_limits<std::int64_t>::min());
    v.push_back(std::numeric_limits<std::uint64_t>::max());
    return v;
  }();
  return values[rng.below(static_cast<std::uint32_t>(values.size()))];
}

// Stands for a value too deep to build here (the fuzzer's own dump() would recurse): spliced
// into the text after dump().
constexpr const char* kDeep = "@@deep@@";

std::string mutate_json(nlohmann::json j, Rng& rng) {
  const int edits = 1 + static_cast<int>(rng.below(3));
  for (int e = 0; e < edits; ++e) {
    nlohmann::json* node = random_node(j, rng);
    switch (rng.below(7)) {
      case 6:
        *node = kDeep;
        break;
      case 0:
      case 1:
        *node = edge_value(rng);
        break;
      case 2:                             // a number nudged past what was there
        if (node->is_number_integer()) {  // wrapping on purpose: unsigned arithmetic
          const auto delta = static_cast<std::uint64_t>(1 + rng.below(1000));
          const auto x = static_cast<std::uint64_t>(node->get<std::int64_t>());
          *node = static_cast<std::int64_t>(rng.below(2) ? x + delta : x - delta);
        } else
          *node = edge_value(rng);
        break;
      case 3:  // an element or field dropped
        if (node->is_array() && !node->empty())
          node->erase(rng.below(static_cast<std::uint32_t>(node->size())));
        else if (node->is_object() && !node->empty())
          node->erase(node->begin());
        break;
      case 4:  // an element duplicated, a field added
        if (node->is_array() && !node->empty())
          node->push_back((*node)[rng.below(static_cast<std::uint32_t>(node->size()))]);
        else if (node->is_object())
          (*node)["fuzz" + std::to_string(rng.below(3))] = edge_value(rng);
        break;
      default:  // two elements swapped
        if (node->is_array() && node->size() > 1) {
          const auto a = rng.below(static_cast<std::uint32_t>(node->size())),
                     b = rng.below(static_cast<std::uint32_t>(node->size()));
          std::swap((*node)[a], (*node)[b]);
        }
    }
  }
  std::string text = j.dump();
  // Each kDeep string becomes 100000 levels of nesting, spliced into the text (see kDeep).
  const std::string marker = std::string("\"") + kDeep + "\"";
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  for (auto at = text.find(marker); at != std::string::npos; at = text.find(marker, at + deep.size()))
    text.replace(at, marker.size(), deep);
  return text;
}

std::string mutate_bytes(std::string s, Rng& rng) {
  static const std::vector<std::string> tokens = edge_tokens();
  const int edits = 1 + static_cast<int>(rng.below(4));
  for (int e = 0; e < edits; ++e) {
    const std::size_t at = s.empty() ? 0 : rng.below(static_cast<std::uint32_t>(s.size()));
    switch (rng.below(5)) {
      case 0:
        if (!s.empty()) s[at] = static_cast<char>(rng.below(256));
        break;
      case 1:
        if (!s.empty()) s.erase(at, 1 + rng.below(8));
        break;
      case 2:
        s.insert(at, 1, "[]{}\",:.=#'\\\n0-9"[rng.below(17)]);
        break;
      case 3:
        s.insert(at, tokens[rng.below(static_cast<std::uint32_t>(tokens.size()))]);
        break;
      default: {  // a digit run replaced by an edge number
        std::size_t b = at;
        while (b < s.size() && !(s[b] >= '0' && s[b] <= '9')) ++b;
        std::size_t end = b;
        while (end < s.size() && s[end] >= '0' && s[end] <= '9') ++end;
        if (b < s.size()) s.replace(b, end - b, tokens[rng.below(20)]);
      }
    }
  }
  return s;
}

}  // namespace

std::string mutate(std::string_view text, Rng& rng) {
  if (rng.below(2) == 0) {
    // Structural edits keep the input well-formed JSON, so they reach past the parser.
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (!j.is_discarded()) return mutate_json(std::move(j), rng);
  }
  return mutate_bytes(std::string(text), rng);
}

}  // namespace qilab::fuzz

#include "tests/fuzz/readers.h"

#include <iterator>
#include <limits>
#include <stdexcept>

#include "agents/factory.h"
#include "engine/core/config.h"
#include "engine/core/input.h"
#include "engine/core/record.h"
#include "engine/registry.h"
#include "experiments/match.h"

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

#pragma once
// Agents by name: "random", "greedy", "playout" (games with a playout policy), "activation" (games
// with piece activations: agents/activation_agent.h), "mcts" with options
// ("mcts:simulations=400,uct=2") or an agent config file ("configs/agents/mcts.toml"). Throws Error on a bad
// spec.
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <toml.hpp>

#include "agents/activation_agent.h"
#include "agents/agent.h"
#include "agents/greedy_agent.h"
#include "agents/mcts_agent.h"
#include "agents/playout_agent.h"
#include "agents/random_agent.h"
#include "engine/core/data.h"
#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/core/input.h"
#include "engine/core/spec.h"
#include "engine/core/options.h"
#include "engine/core/toml_input.h"

namespace qilab {

// Agents of layers above agents/ (neural/: "az", "policy"), registered by name at program
// start, before any thread makes agents. A maker gets the game, the agent's key=value options
// and the text that names the agent in errors.
inline std::vector<std::string>& plugin_agent_names() {
  static std::vector<std::string> names;
  return names;
}
template <Game G>
using AgentMaker =
    std::function<AgentPtr<typename G::State>(const G&, const std::vector<std::string>&, const std::string&)>;
template <Game G>
std::map<std::string, AgentMaker<G>>& agent_plugins() {
  static std::map<std::string, AgentMaker<G>> makers;
  return makers;
}
// Options of a registered agent whose value names a file the agent reads (neural/: a network
// agent's "network"), by agent name. A file's content is part of what plays: agent_files.
inline std::map<std::string, std::vector<std::string>>& agent_file_options() {
  static std::map<std::string, std::vector<std::string>> options;
  return options;
}
inline void register_agent_file_option(const std::string& name, const std::string& option) {
  auto& options = agent_file_options()[name];
  if (std::find(options.begin(), options.end(), option) == options.end()) options.push_back(option);
}
template <Game G>
void register_agent(const std::string& name, AgentMaker<G> maker) {
  auto& names = plugin_agent_names();
  if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  agent_plugins<G>()[name] = std::move(maker);
}

// The agent names the factory knows, for help texts and errors.
inline std::vector<std::string> agent_names() {
  std::vector<std::string> names{"random", "greedy", "mcts", "playout", "activation"};
  for (const auto& n : plugin_agent_names()) names.push_back(n);
  return names;
}

// greedy's options: how it chooses the actions of a setup (junqi's deployment).
inline std::vector<OptionSpec> greedy_option_specs() {
  return {choice_option(
      "setup", "evaluation", {"evaluation", "random"},
      "setup actions (junqi's deployment): evaluation (one ply on the game's heuristic, like every "
      "other move) | random (uniformly random legal placements)")};
}

struct AgentSpec {
  std::string kind;                    // "random", "greedy", ...
  std::vector<std::string> overrides;  // key=value
};

// Parses "kind" or "kind:key=value,key=value" (the spec grammar of engine/core/spec.h).
inline AgentSpec parse_agent_spec(std::string_view text) {
  Spec spec = parse_spec(text, "agent '" + std::string(text) + "'");
  return AgentSpec{std::move(spec.name), std::move(spec.settings)};
}

// An agent file (configs/agents/*.toml):
//   agent = "mcts"            the agent's name
//   description = "..."       optional
//   [options]                 the agent's options, as key = value
// Returns the agent's name and its options as key=value texts.
// `text` is the file's content, `path` names it in errors.
inline AgentSpec parse_agent_file(std::string_view text, const std::string& path) {
  const toml::value root = parse_toml(text, path);
  AgentSpec spec;
  if (!root.is_table()) throw Error(path + ": expected a TOML table");
  for (const auto& [key, value] : root.as_table()) {
    if (key == "agent") {
      if (!value.is_string()) throw Error(path + ": field 'agent' expects a string (an agent name)");
      spec.kind = value.as_string().str;
    } else if (key == "options") {
      if (!value.is_table()) throw Error(path + ": field 'options' expects a table");
      for (const auto& [k, v] : value.as_table()) {
        std::string text;
        switch (v.type()) {
          case toml::value_t::boolean:
            text = v.as_boolean() ? "true" : "false";
            break;
          case toml::value_t::integer:
            text = std::to_string(v.as_integer());
            break;
          case toml::value_t::floating: {
            char buf[64];
            auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v.as_floating());  // shortest exact text
            text.assign(buf, end);
            break;
          }
          case toml::value_t::string:
            text = v.as_string().str;
            break;
          default:
            throw Error(path + ": option '" + k + "' expects a boolean, number or string");
        }
        spec.overrides.push_back(k + "=" + text);
      }
    } else if (key != "description") {
      throw Error(path + ": unknown field '" + key + "' (expected agent, description, options)");
    }
  }
  if (spec.kind.empty()) throw Error(path + ": missing field 'agent' (an agent name)");
  return spec;
}

inline AgentSpec read_agent_file(const std::string& path) {
  return parse_agent_file(read_text_file(path, "agent file"), path);
}

// A file an agent reads: its name as the spec gives it, where it is read, and what it is.
struct AgentFile {
  std::string given, path, what;
};

// The files agent `text` reads, in order: its agent file (a kind ending in .toml, found by
// user_or_data_path), then each file its options name (agent_file_options: a network agent's
// network, read as given; the last setting wins, as the agent takes it).
inline std::vector<AgentFile> agent_files(std::string_view text) {
  std::vector<AgentFile> out;
  AgentSpec spec = parse_agent_spec(text);
  if (spec.kind.ends_with(".toml")) {
    const std::string path = user_or_data_path(spec.kind);
    out.push_back({spec.kind, path, "agent file"});
    AgentSpec file = read_agent_file(path);
    file.overrides.insert(file.overrides.end(), spec.overrides.begin(), spec.overrides.end());
    spec = std::move(file);
  }
  if (const auto it = agent_file_options().find(spec.kind); it != agent_file_options().end())
    for (const auto& option : it->second) {
      std::string value;
      for (const auto& kv : spec.overrides)
        if (kv.starts_with(option + "=")) value = kv.substr(option.size() + 1);
      if (!value.empty()) out.push_back({value, value, option + " file"});
    }
  return out;
}

// One hash of every file agent `text` reads: the file's own hash where it reads one, a hash of
// their hashes in order where it reads several (an agent file naming a network), "" for none.
inline std::string agent_files_hash(std::string_view text) {
  std::vector<std::string> hashes;
  for (const AgentFile& f : agent_files(text)) hashes.push_back(text_hash(read_text_file(f.path, f.what)));
  if (hashes.size() <= 1) return hashes.empty() ? "" : hashes.front();
  std::string all;
  for (const auto& h : hashes) all += h + "\n";
  return text_hash(all);
}

// The key of agent `text` in a record's agent_files: its agent file as given (a kind ending in
// .toml), else the spec itself (an agent given by name that reads a file: a network agent).
inline std::string agent_files_key(std::string_view text) {
  const AgentSpec spec = parse_agent_spec(text);
  return spec.kind.ends_with(".toml") ? spec.kind : std::string(text);
}

// For each agent of `specs` that reads files: agent_files_key -> agent_files_hash, so that a
// run's records say exactly what played (an edited agent file, or another network under the
// same path, is another agent).
inline nlohmann::json agent_file_hashes(const std::vector<std::string>& specs) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& text : specs)
    if (std::string hash = agent_files_hash(text); !hash.empty())
      out[agent_files_key(text)] = std::move(hash);
  return out;
}

template <Game G>
AgentPtr<typename G::State> make_agent(const G& game, std::string_view text) {
  using S = typename G::State;
  AgentSpec spec = parse_agent_spec(text);
  std::string file_prefix;             // errors about what an agent file says name the file
  if (spec.kind.ends_with(".toml")) {  // "file.toml" or "file.toml:key=value,..."; the extras win
    file_prefix = spec.kind + ": ";
    AgentSpec file = read_agent_file(user_or_data_path(spec.kind));  // configs/agents/... from anywhere
    file.overrides.insert(file.overrides.end(), spec.overrides.begin(), spec.overrides.end());
    spec = std::move(file);
  }
  auto no_options = [&]() {
    if (!spec.overrides.empty())
      throw Error(file_prefix + "agent '" + spec.kind + "' takes no options, got '" + spec.overrides.front() +
                  "'");
  };
  if (spec.kind == "random") {
    no_options();
    return std::make_unique<RandomAgent<S>>();
  }
  if (spec.kind == "greedy") {
    Options o(greedy_option_specs());
    const std::string where = file_prefix + "agent '" + std::string(text) + "'";
    for (const auto& kv : spec.overrides) {
      const auto eq = kv.find('=');
      o.set_from_text(kv.substr(0, eq), kv.substr(eq + 1), where);
    }
    return std::make_unique<GreedyAgent<S>>(o.get_string("setup") == "random");
  }
  if (spec.kind == "playout") {
    no_options();
    if constexpr (HasPlayoutPolicy<S>)
      return std::make_unique<PlayoutAgent<S>>();
    else
      throw Error(file_prefix + "agent 'playout' needs a game with a playout policy (mizong); " +
                  std::string(G::kId) + " has none");
  }
  if (spec.kind == "activation") {
    if constexpr (HasActivations<S>)
      return std::make_unique<ActivationAgent<S>>(
          activation_settings(spec.overrides, file_prefix + "agent '" + std::string(text) + "'"));
    else
      throw Error(file_prefix +
                  "agent 'activation' needs a game whose turns are piece activations (mizong); " +
                  std::string(G::kId) + " has none");
  }
  if (spec.kind == "mcts")
    return std::make_unique<MctsAgent<S>>(game, spec.overrides, "agent '" + std::string(text) + "'");
  if (auto it = agent_plugins<G>().find(spec.kind); it != agent_plugins<G>().end())
    return it->second(game, spec.overrides, file_prefix + "agent '" + std::string(text) + "'");
  std::string known;
  for (const auto& n : agent_names()) known += (known.empty() ? "" : ", ") + n;
  throw Error(file_prefix + "unknown agent '" + spec.kind + "' (known: " + known + ")");
}

}  // namespace qilab

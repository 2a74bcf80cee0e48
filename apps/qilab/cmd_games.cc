// qilab games: the games the registry knows, with their options and defaults.
#include <cstdint>
#include <limits>
#include <memory>

#include <fmt/format.h>

#include "apps/qilab/commands.h"
#include "apps/qilab/game_args.h"
#include "engine/registry.h"

namespace qilab::cli {
namespace {

nlohmann::json value_json(const OptionValue& v) {
  return std::visit([](const auto& x) { return nlohmann::json(x); }, v);
}

std::string value_text(const OptionValue& v) {
  if (const auto* s = std::get_if<std::string>(&v)) return "\"" + *s + "\"";
  return value_json(v).dump();
}

const char* type_of(const OptionValue& v) {
  switch (v.index()) {
    case 0:
      return "boolean";
    case 1:
      return "integer";
    case 2:
      return "number";
    default:
      return "string";
  }
}

// What an option allows beyond its type, for the JSON listing: "min"/"max" where bounded,
// "min_open" where the minimum itself is excluded, "values" for a set of integers, "choices"
// where listed ("or_number" when a number may stand instead), "pattern" for a regular expression.
nlohmann::json allowed_json(const OptionSpec& o) {
  nlohmann::json j = {{"type", type_of(o.default_value)}, {"expects", o.expects()}};
  if (o.default_value.index() == 1) {
    if (o.int_min != std::numeric_limits<std::int64_t>::min()) j["min"] = o.int_min;
    if (o.int_max != std::numeric_limits<std::int64_t>::max()) j["max"] = o.int_max;
    if (!o.int_values.empty()) j["values"] = o.int_values;
  } else if (o.default_value.index() == 2) {
    if (o.min != -std::numeric_limits<double>::max()) j["min"] = o.min;
    if (o.max != std::numeric_limits<double>::max()) j["max"] = o.max;
    if (o.min_open) j["min_open"] = true;
  } else if (!o.pattern.empty()) {
    j["pattern"] = o.pattern;
  } else if (!o.choices.empty()) {
    j["choices"] = o.choices;
    if (o.or_number) j["or_number"] = true;
  }
  return j;
}

// The allowed values in the text listing, where they say more than the default does.
std::string allowed_text(const OptionSpec& o) {
  const bool limited = o.default_value.index() == 1 || o.default_value.index() == 2 || !o.choices.empty() ||
                       !o.pattern.empty();
  return limited ? " [" + o.expects() + "]" : "";
}

void run(bool json) {
  nlohmann::json list = nlohmann::json::array();
  std::string text;
  for (const GameInfo& g : game_infos()) {
    // The default variant tells the default seat count; allowed counts are in the option help.
    const int players = make_any_game(default_config(g.id))->num_players();
    nlohmann::json options = nlohmann::json::array();
    text += fmt::format("{}  {}\n  players: {} by default\n", g.id, g.name, players);
    for (const OptionSpec& o : g.specs) {
      nlohmann::json entry = {{"name", o.name}, {"default", value_json(o.default_value)}, {"help", o.help}};
      entry.update(allowed_json(o));
      options.push_back(entry);
      text += fmt::format("  --set {:<24} {}{}\n", o.name + "=" + value_text(o.default_value), o.help,
                          allowed_text(o));
    }
    list.push_back({{"id", g.id}, {"name", g.name}, {"players", players}, {"options", options}});
  }
  print(json ? list.dump(2) + "\n" : text);
}

}  // namespace

void add_games_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "games", "List the games, their default seat count and their options with defaults and allowed values");
  auto json = std::make_shared<bool>(false);
  cmd->add_flag("--json", *json, "Print a JSON array instead of text");
  cmd->callback([json] { run(*json); });
}

}  // namespace qilab::cli

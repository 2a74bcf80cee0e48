// qilab games: the games the registry knows, with their options and defaults.
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

void run(bool json) {
  nlohmann::json list = nlohmann::json::array();
  std::string text;
  for (const GameInfo& g : game_infos()) {
    // The default variant tells the default seat count; allowed counts are in the option help.
    const int players = make_any_game(default_config(g.id))->num_players();
    nlohmann::json options = nlohmann::json::array();
    text += fmt::format("{}  {}\n  players: {} by default\n", g.id, g.name, players);
    for (const OptionSpec& o : g.specs) {
      options.push_back({{"name", o.name}, {"default", value_json(o.default_value)}, {"help", o.help}});
      text += fmt::format("  --set {:<24} {}\n", o.name + "=" + value_text(o.default_value), o.help);
    }
    list.push_back({{"id", g.id}, {"name", g.name}, {"players", players}, {"options", options}});
  }
  print(json ? list.dump(2) + "\n" : text);
}

}  // namespace

void add_games_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("games", "List the games, their default seat count and their options with defaults");
  auto json = std::make_shared<bool>(false);
  cmd->add_flag("--json", *json, "Print a JSON array instead of text");
  cmd->callback([json] { run(*json); });
}

}  // namespace qilab::cli

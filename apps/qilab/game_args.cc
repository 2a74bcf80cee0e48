#include "apps/qilab/game_args.h"

#include <charconv>
#include <cstdio>
#include <iostream>
#include <iterator>

#include "engine/core/error.h"
#include "engine/core/input.h"
#include "engine/core/spec.h"
#include "engine/registry.h"

namespace qilab::cli {
namespace {

bool looks_like_path(const std::string& s) {
  return s.find('/') != std::string::npos || (s.size() > 5 && s.ends_with(".toml"));
}

std::string read_text(const std::string& path) {
  if (path == "-") return {std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  return read_text_file(path, "position file");
}

// A config file, its game id checked here so that an unknown one names the file.
GameConfig read_config_file(const std::string& path) {
  GameConfig c = read_game_config(path);
  try {
    find_game(c.game);
  } catch (const Error& e) {
    throw Error(path + ": " + e.what());
  }
  return c;
}

}  // namespace

void add_game_options(CLI::App* cmd, GameArgs& args) {
  cmd->add_option(
      "-g,--game", args.game,
      "Game: a registry id (see 'qilab games') or a game config file (.toml), optionally with settings: "
      "checkers:players=2,max_turns=300");
  cmd->add_option("-c,--config", args.config, "Game config file (.toml): game id and options");
  cmd->add_option("-s,--set", args.sets,
                  "Option overrides key=value[,key=value...] (repeatable), applied after the config and "
                  "--game's settings")
      ->allow_extra_args(false);
}

// --game NAME[:SETTINGS] (engine/core/spec.h): the name, and the settings before any --set.
Spec game_spec(const GameArgs& args) {
  if (args.game.empty()) return {};
  return parse_spec(args.game, "--game '" + args.game + "'");
}

GameConfig game_config(const GameArgs& given) {
  GameArgs args = given;
  args.game = game_spec(given).name;
  if (args.game.empty() && args.config.empty())
    throw Error("--game is required (a game id or a config file)");
  if (!args.config.empty() && !args.game.empty() && looks_like_path(args.game))
    throw Error("--game " + args.game + " and --config " + args.config + ": give one config file, not two");
  if (!args.config.empty()) {
    GameConfig c = read_config_file(args.config);
    if (!args.game.empty() && c.game != args.game)
      throw Error(args.config + ": config is for game '" + c.game + "', not '" + args.game + "' (--game)");
    return c;
  }
  if (looks_like_path(args.game)) return read_config_file(args.game);
  return default_config(args.game);
}

std::vector<std::string> game_settings(const GameArgs& args) {
  std::vector<std::string> sets = game_spec(args).settings;
  for (const auto& s : args.sets)
    for (auto& kv : parse_settings(s, "--set '" + s + "'")) sets.push_back(std::move(kv));
  return sets;
}

std::unique_ptr<AnyGame> make_game(const GameArgs& args) {
  return make_any_game(game_config(args), game_settings(args));
}

void add_position_option(CLI::App* cmd, std::string& position) {
  cmd->add_option("-p,--position", position,
                  "Position JSON file ('-' reads standard input); default: the initial position");
}

std::unique_ptr<AnyState> load_position(const AnyGame& game, const std::string& path) {
  if (path.empty()) return game.initial_state();
  const std::string name = path == "-" ? "<stdin>" : path;
  const nlohmann::json j = parse_json(read_text(path), name);
  try {
    return game.state_from_json(j);
  } catch (const Error& e) {
    throw Error(name + ": " + e.what());
  }
}

void print(const std::string& text) {
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

CLI::Validator integer_in(long long lo, long long hi) {
  return CLI::Validator(
      [lo, hi](const std::string& text) -> std::string {
        long long v = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (text.empty() || text[0] == '-' || ec != std::errc() || end != text.data() + text.size() ||
            v < lo || v > hi)
          return "expected an integer " + std::to_string(lo) + " to " + std::to_string(hi) + ", got '" +
                 text + "'";
        return {};
      },
      std::to_string(lo) + ".." + std::to_string(hi));
}

}  // namespace qilab::cli

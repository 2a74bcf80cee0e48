#pragma once
// What several subcommands share: choosing a game (--game, --config, --set) and reading a
// position (--position FILE|-).
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "engine/core/any_game.h"
#include "engine/core/config.h"

namespace qilab::cli {

struct GameArgs {
  std::string game;               // registry id, or a path to a game config (.toml)
  std::string config;             // a game config file
  std::vector<std::string> sets;  // key=value option overrides
};

void add_game_options(CLI::App* cmd, GameArgs& args);

// The config named by --game/--config (defaults for a bare id); throws Error.
GameConfig game_config(const GameArgs& args);
// The settings of --game NAME:SETTINGS, then those of every --set, in order ("key=value").
std::vector<std::string> game_settings(const GameArgs& args);
// The game, options resolved and overrides applied; throws Error.
std::unique_ptr<AnyGame> make_game(const GameArgs& args);

void add_position_option(CLI::App* cmd, std::string& position);
// The initial position when `path` is empty, else the position JSON in file `path` ("-" is
// standard input); errors name the file.
std::unique_ptr<AnyState> load_position(const AnyGame& game, const std::string& path);

// Writes `text` to stdout in one piece, once everything that could fail has run.
void print(const std::string& text);

// A command-line number: decimal digits alone (no sign, space, "0x" or exponent), LO to HI;
// else CLI11's error "... expected an integer LO to HI, got 'TEXT'" (exit 2). (CLI::Range and
// CLI::PositiveNumber would take "0x2", " 3" or 0.5, and answer in their own words.)
CLI::Validator integer_in(long long lo, long long hi);

}  // namespace qilab::cli

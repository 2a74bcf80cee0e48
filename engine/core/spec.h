#pragma once
// The one grammar for naming a game or an agent with settings on the command line, parsed
// here and nowhere else (docs/cli.md, "Specs"):
//
//   SPEC     := NAME [ ':' SETTINGS ]          checkers:players=2,max_turns=300
//   SETTINGS := SETTING { ',' SETTING }        mcts:simulations=400,uct=2
//   SETTING  := KEY '=' VALUE                  KEY: a letter or '_', then letters, digits, '_'
//
// NAME is a registry id or a TOML file (a game config, an agent file); the settings are
// applied after the file's own [options], which both kinds of file write the same way. A
// VALUE runs to the next comma that is followed by KEY '=', so a value may hold commas
// (mizong's setups=melee_front,mixed_columns,...). In a list of specs (--agents a,b,c) a
// comma followed by anything else starts the next spec instead.
//
// `--set KEY=VALUE` (repeatable) is the same SETTING, and `--set` takes SETTINGS too.
#include <string>
#include <string_view>
#include <vector>

namespace qilab {

struct Spec {
  std::string name;
  std::vector<std::string> settings;  // "key=value", in order; checked by parse_setting
};

// Whether `text` starts with KEY '=' (a setting, not the rest of a value or another spec).
bool starts_setting(std::string_view text);
// Splits "key=value" at its first '='; throws Error "<where>: expected key=value, got '<text>'".
std::pair<std::string, std::string> parse_setting(std::string_view text, const std::string& where);
// SETTINGS: "k=v,k=v,..." into "k=v" texts, each checked by parse_setting.
std::vector<std::string> parse_settings(std::string_view text, const std::string& where);
// SPEC: the name and its settings.
Spec parse_spec(std::string_view text, const std::string& where);
// A comma-separated list of SPECs ("mcts:simulations=400,uct=2,random" is two).
std::vector<std::string> split_spec_list(std::string_view text, const std::string& where);

}  // namespace qilab

// qilab show: draws a position (the initial one, or one read from JSON) as text, or prints
// its JSON (a starting point for hand-made positions).
#include <memory>

#include <fmt/format.h>

#include "apps/qilab/commands.h"
#include "apps/qilab/game_args.h"
#include "apps/qilab/position_status.h"

namespace qilab::cli {
namespace {

struct ShowArgs {
  GameArgs game;
  std::string position;
  bool json = false;
};

void run(const ShowArgs& a) {
  auto game = make_game(a.game);
  auto state = load_position(*game, a.position);
  if (a.json) return print(state->to_json().dump(2) + "\n");
  std::string text = state->render_text();
  if (!text.empty() && text.back() != '\n') text += '\n';
  print(text + position_status(*state) + "\n");
}

}  // namespace

void add_show_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("show", "Draw a position as text (or print its JSON)");
  auto a = std::make_shared<ShowArgs>();
  add_game_options(cmd, a->game);
  add_position_option(cmd, a->position);
  cmd->add_flag("--json", a->json, "Print the position JSON instead of a drawing");
  cmd->callback([a] { run(*a); });
}

}  // namespace qilab::cli

// qilab legal: the legal actions of a position, with notation and numeric ids.
#include <memory>

#include <fmt/format.h>

#include "apps/qilab/commands.h"
#include "apps/qilab/game_args.h"

namespace qilab::cli {
namespace {

struct LegalArgs {
  GameArgs game;
  std::string position;
  bool json = false;
};

void run(const LegalArgs& a) {
  auto game = make_game(a.game);
  auto state = load_position(*game, a.position);
  const auto actions = state->legal_actions();
  if (a.json) {
    nlohmann::json list = nlohmann::json::array();
    for (Action x : actions) list.push_back({{"id", x}, {"notation", state->action_to_string(x)}});
    nlohmann::json out = {{"player", state->current_player()}, {"count", actions.size()}, {"actions", list}};
    return print(out.dump(2) + "\n");
  }
  std::string text;
  for (Action x : actions) text += fmt::format("{:>6}  {}\n", x, state->action_to_string(x));
  print(text);
}

}  // namespace

void add_legal_command(CLI::App& app) {
  auto* cmd =
      app.add_subcommand("legal", "List the legal actions of a position: id and notation, one per line");
  auto a = std::make_shared<LegalArgs>();
  add_game_options(cmd, a->game);
  add_position_option(cmd, a->position);
  cmd->add_flag("--json", a->json, "Print {player, count, actions: [{id, notation}]} as JSON");
  cmd->callback([a] { run(*a); });
}

}  // namespace qilab::cli

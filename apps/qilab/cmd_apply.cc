// qilab apply: applies actions (notation or numeric ids) to a position and prints the result.
#include <algorithm>
#include <charconv>
#include <memory>
#include <sstream>

#include "apps/qilab/commands.h"
#include "apps/qilab/game_args.h"
#include "apps/qilab/position_status.h"
#include "engine/core/error.h"

namespace qilab::cli {
namespace {

struct ApplyArgs {
  GameArgs game;
  std::string position;
  std::string actions;
  bool json = false;
};

bool parse_id(const std::string& token, Action& id) {
  auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), id);
  return ec == std::errc() && end == token.data() + token.size() && id >= 0;
}

// A token is read as notation first; one that is not notation but a non-negative integer is an
// action id. (Notation wins so that a game whose notation is numeric stays readable.)
Action resolve(const AnyGame& game, const AnyState& state, const std::string& token,
               const std::string& where) {
  try {
    return state.string_to_action(token);
  } catch (const Error& e) {
    Action id = kInvalidAction;
    if (!parse_id(token, id)) throw Error(where + ": " + e.what());
    if (id >= game.num_distinct_actions())
      throw Error(where + ": action id out of range (0.." + std::to_string(game.num_distinct_actions() - 1) +
                  ")");
    return id;
  }
}

void run(const ApplyArgs& a) {
  auto game = make_game(a.game);
  auto state = load_position(*game, a.position);
  std::istringstream tokens(a.actions);
  nlohmann::json applied = nlohmann::json::array();
  std::string token;
  for (int n = 1; tokens >> token; ++n) {
    const std::string where = "--actions: action " + std::to_string(n) + " '" + token + "'";
    if (state->is_terminal()) throw Error(where + ": the game is already over");
    const Action x = resolve(*game, *state, token, where);
    const auto legal = state->legal_actions();
    if (std::find(legal.begin(), legal.end(), x) == legal.end())
      throw Error(where + " (id " + std::to_string(x) + ") is not legal here: " + position_status(*state) +
                  ", " + std::to_string(legal.size()) + " legal actions (see qilab legal)");
    applied.push_back({{"id", x}, {"notation", state->action_to_string(x)}});
    state->apply(x);
  }
  if (!a.json) return print(state->to_json().dump(2) + "\n");
  nlohmann::json out = {{"applied", applied},
                        {"position", state->to_json()},
                        {"terminal", state->is_terminal()},
                        {"to_move", state->current_player()}};
  if (state->is_terminal()) {
    const Values r = state->returns();
    out["returns"] = std::vector<double>(r.begin(), r.begin() + state->num_players());
  }
  print(out.dump(2) + "\n");
}

}  // namespace

void add_apply_command(CLI::App& app) {
  auto* cmd =
      app.add_subcommand("apply", "Apply actions to a position and print the resulting position JSON");
  auto a = std::make_shared<ApplyArgs>();
  add_game_options(cmd, a->game);
  add_position_option(cmd, a->position);
  cmd->add_option("-a,--actions", a->actions, "Actions separated by spaces, in notation or as numeric ids")
      ->required();
  cmd->add_flag(
      "--json", a->json,
      "Print {applied: [{id, notation}], position, terminal, to_move, returns} instead of the bare position");
  cmd->callback([a] { run(*a); });
}

}  // namespace qilab::cli

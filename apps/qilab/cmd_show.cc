// qilab show: draws a position (the initial one, or one read from JSON) as text or as SVG
// (--svg, seen by --seat), or prints its JSON (a starting point for hand-made positions).
#include <memory>

#include <fmt/format.h>

#include "apps/qilab/commands.h"
#include "apps/qilab/game_args.h"
#include "apps/qilab/position_status.h"
#include "apps/qilab/seat_arg.h"
#include "engine/core/error.h"

namespace qilab::cli {
namespace {

struct ShowArgs {
  GameArgs game;
  std::string position;
  bool json = false;
  bool svg = false;
  std::string seat;  // empty: the referee
};

void run(const ShowArgs& a) {
  auto game = make_game(a.game);
  if (!a.seat.empty() && !a.svg) throw Error("--seat draws a seat's view: give it with --svg");
  if (a.json && a.svg) throw Error("--json and --svg: choose one");
  const Player seat =
      a.seat.empty() ? parse_seat("referee", game->num_players()) : parse_seat(a.seat, game->num_players());
  auto state = load_position(*game, a.position);
  if (a.svg) return print(state->render_svg(seat));
  if (a.json) return print(state->to_json().dump(2) + "\n");
  std::string text = state->render_text();
  if (!text.empty() && text.back() != '\n') text += '\n';
  print(text + position_status(*state) + "\n");
}

}  // namespace

void add_show_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("show", "Draw a position as text or SVG (or print its JSON)");
  auto a = std::make_shared<ShowArgs>();
  add_game_options(cmd, a->game);
  add_position_option(cmd, a->position);
  cmd->add_flag("--json", a->json, "Print the position JSON instead of a drawing");
  cmd->add_flag("--svg", a->svg, "Draw the position as an SVG document (on standard output)");
  cmd->add_option("--seat", a->seat,
                  "With --svg: the seat whose view is drawn (0..players-1) or 'referee' (default)");
  cmd->callback([a] { run(*a); });
}

}  // namespace qilab::cli

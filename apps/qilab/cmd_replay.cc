// qilab replay: one recorded game as a self-contained HTML page (apps/qilab/replay_page.h): the
// board at every ply as the chosen seat saw it (or the referee: everything), step / play / jump
// controls, the move list in notation and the seats' results. The record is replayed through
// this build's rules first; a record this version does not reproduce is refused.
#include <charconv>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "apps/qilab/commands.h"
#include "apps/qilab/game_args.h"
#include "apps/qilab/output_target.h"
#include "apps/qilab/replay_page.h"
#include "apps/qilab/seat_arg.h"
#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/core/input.h"
#include "engine/core/record.h"
#include "engine/core/svg.h"
#include "engine/core/version.h"
#include "engine/registry.h"
#include "experiments/match.h"

namespace qilab::cli {
namespace {

struct ReplayArgs {
  std::string records;
  long long game_index = -1;  // -1: the file's first game
  std::string seat = "0";
  std::string plies;  // "FIRST:LAST", positions; empty: all
  std::string out;
};

// A page past this size is refused with a hint to choose a range of plies (a long mizong
// game on the 3601-vertex board draws about half a megabyte a ply).
constexpr std::size_t kMaxPageBytes = std::size_t{256} << 20;

long long parse_count(std::string_view text, const char* what) {
  long long v = -1;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || v < 0)
    throw Error(std::string("--plies: expected FIRST:LAST, two plies 0 or more (") + what + " is '" +
                brief_text(text) + "')");
  return v;
}

void run(const ReplayArgs& a) {
  if (a.out.empty()) throw Error("--out is required (the HTML file to write)");
  check_page_out(a.out);
  std::vector<int> lines;
  const std::vector<GameRecord> records = read_records(a.records, &lines);
  if (records.empty()) throw Error(a.records + ": no complete game record in the file");
  std::size_t k = 0;
  if (a.game_index >= 0) {
    while (k < records.size() && records[k].index != a.game_index) ++k;
    if (k == records.size())
      throw Error(
          fmt::format("{}: no game with index {} (--game-index); the file holds {} games, indices {} to {}",
                      a.records, a.game_index, records.size(), records.front().index, records.back().index));
  }
  const GameRecord& r = records[k];
  const std::string where = fmt::format("{}:{}: game {}", a.records, lines[k], r.index);
  const std::string written_by = r.program.empty() ? "an older qilab" : r.program;
  const std::string this_program = fmt::format("qilab {} (commit {})", version(), git_commit());

  // The game as recorded, and the record replayed through this build's rules.
  GameConfig config;
  config.game = r.game;
  config.source = where;
  config.options = r.options;
  std::unique_ptr<AnyGame> game;
  std::string difference;
  try {
    game = make_any_game(config);
    difference = with_game(r.game, [&]<Game G>() {
      const G g(resolve_options(G::option_specs(), config, {}));
      return experiments::replay_difference(g, r);
    });
  } catch (const Error& e) {
    throw Error(where + ": not a game of this version (" + this_program + "; the record was written by " +
                written_by + "): " + e.what());
  }
  if (!difference.empty())
    throw Error(where + " does not replay in this version (" + this_program + "; the record was written by " +
                written_by + "): " + difference);

  const Player seat = parse_seat(a.seat, game->num_players());
  const long long n = static_cast<long long>(r.actions.size());
  long long first = 0, last = n;
  if (!a.plies.empty()) {
    const auto colon = a.plies.find(':');
    if (colon == std::string::npos)
      throw Error("--plies: expected FIRST:LAST, got '" + brief_text(a.plies) + "'");
    first = parse_count(std::string_view(a.plies).substr(0, colon), "FIRST");
    last = parse_count(std::string_view(a.plies).substr(colon + 1), "LAST");
    if (first > last || last > n)
      throw Error(fmt::format("--plies {}: expected 0 <= FIRST <= LAST <= {} (the game has {} plies)",
                              a.plies, n, n));
  }

  ReplayPage page;
  const std::string view =
      seat == svg::kReferee ? std::string("referee's view") : fmt::format("seat {}'s view", seat);
  page.title = fmt::format("{} game {} ({})", r.game, r.index, view);
  page.facts = {{"game", r.game},
                {"options", r.options.dump()},
                {"game index", r.index},
                {"seed", std::to_string(r.seed)},
                {"plies", n},
                {"view", view},
                {"recorded by", written_by},
                {"replayed by", this_program}};
  page.agents = r.agents;
  page.returns = r.returns;
  page.first_ply = static_cast<int>(first);
  auto state = game->initial_state();
  std::size_t bytes = 0;
  for (long long ply = 0; ply <= last; ++ply) {
    ReplayPly p;
    const bool drawn = ply >= first;
    if (drawn) p.svg = state->render_svg(seat);
    if (ply < last) {
      const Action act = r.actions[static_cast<std::size_t>(ply)];
      if (drawn) {
        const Player mover = state->current_player();
        p.mover = mover == kChancePlayer ? std::string("chance") : fmt::format("seat {}", mover);
        const Action seen = seat == svg::kReferee ? act : state->action_view(seat, act);
        if (seen == act)  // a record without notation (a store's) is written as this build writes it
          p.move =
              r.notation.empty() ? state->action_to_string(act) : r.notation[static_cast<std::size_t>(ply)];
        else if (seen == kHiddenAction)
          p.move = "(hidden)";
        else
          p.move = state->action_to_string(seen) + " (as seen)";
      }
      state->apply(act);
    }
    if (!drawn) continue;
    bytes += p.svg.size() + p.move.size() + 64;
    if (bytes > kMaxPageBytes)
      throw Error(
          fmt::format("{}: the page would pass {} MiB at ply {}; choose fewer plies with --plies FIRST:LAST",
                      where, kMaxPageBytes >> 20, ply));
    page.plies.push_back(std::move(p));
  }
  write_file_atomically(a.out, replay_html(page));
  print(fmt::format("wrote {} ({} positions, plies {} to {}, {})\n", a.out, page.plies.size(), first, last,
                    view));
}

}  // namespace

void add_replay_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "replay", "Write a recorded game as one self-contained HTML page (board, controls, moves)");
  auto a = std::make_shared<ReplayArgs>();
  cmd->add_option("records", a->records, "Records file (games.jsonl written by 'qilab play')")->required();
  cmd->add_option("--game-index", a->game_index, "The recorded game's index (default: the file's first game)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--seat", a->seat, "Whose view: a seat 0..players-1, or 'referee' for everything")
      ->capture_default_str();
  cmd->add_option("--plies", a->plies, "FIRST:LAST: draw only these positions (default: all)");
  cmd->add_option("-o,--out", a->out, "The HTML file to write")->required();
  cmd->callback([a] { run(*a); });
}

}  // namespace qilab::cli

// Chinese checkers drawn as SVG: the 121-hole star, home triangles tinted in their seat's
// colour, each seat's marbles in its colour (perfect information: every seat sees the same).
#include <cmath>
#include <string>

#include "engine/checkers/checkers.h"
#include "engine/core/svg.h"

namespace qilab::checkers {

std::string State::render_svg(Player seat) const {
  using S = star::Star<4>;
  const double h = std::sqrt(3.0) / 2;
  auto x_of = [](int c) { return kStar.col[c] * 0.5; };
  auto y_of = [h](int c) { return kStar.row[c] * h; };
  const double w = (S::kWidth - 1) * 0.5 + 2, ht = (S::kRows - 1) * h + 2.8;
  svg::Writer out(-1, -1, w, ht, 28, "Chinese checkers, " + std::to_string(players_) + " players", "checkers",
                  seat);

  // Star points: each home triangle in the tint of the seat starting there.
  out.open("g", {{"class", "board"}});
  for (int t = 0; t < star::kTriangles; ++t) {
    int seat_there = -1;
    for (int p = 0; p < players_; ++p)
      if (triangle_[p] == t) seat_there = p;
    for (int c : kStar.triangle_cells[t])
      out.circle(x_of(c), y_of(c), 0.5, seat_there >= 0 ? svg::seat_tint(seat_there) : "#eeeeee", "none", 0);
  }
  for (int c = 0; c < kCells; ++c)
    out.circle(x_of(c), y_of(c), 0.18, "#9a9080", "none", 0, {{"class", "hole"}, {"data-cell", c}});
  out.close();

  out.open("g", {{"class", "pieces"}});
  for (int c = 0; c < kCells; ++c) {
    const int o = owner(c);
    if (o < 0) continue;
    out.open("g", {{"class", "piece"}, {"data-seat", o}, {"data-kind", "marble"}, {"data-cell", c}});
    out.title("seat " + std::to_string(o) + ", hole " + std::to_string(c));
    out.circle(x_of(c), y_of(c), 0.4, svg::seat_colour(o), c == hop_from_ ? "#000000" : "#333333",
               c == hop_from_ ? 0.12 : 0.04);
    out.text(x_of(c), y_of(c), 0.42, "#ffffff", std::to_string(o));
    out.close();
  }
  out.close();

  std::string status;
  if (winner_ >= 0)
    status = "winner: seat " + std::to_string(winner_);
  else if (is_terminal())
    status = "drawn at the turn limit";
  else
    status = "to move: seat " + std::to_string(current_) + (hop_from_ >= 0 ? " (hopping)" : "");
  status += ", turn " + std::to_string(turns_) + "/" + std::to_string(max_turns_);
  out.text((S::kWidth - 1) * 0.25, (S::kRows - 1) * h + 1.1, 0.6, "#222222", status, {{"class", "status"}});
  return out.finish();
}

}  // namespace qilab::checkers

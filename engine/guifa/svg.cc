// A guifa position drawn as SVG: the N×N squares (row 0 at the bottom), the four main cities
// in their seat's tint and the holy city in gold with the source of magic at its centre, force
// fields (hatched in the team's colour), holy barriers (a frame in the team's colour), corpses
// (a grey cross with their count), and the pieces in their owner's colour with the kind letter
// (lower case for a clone or a revived piece). Perfect information: every seat sees the same.
#include <string>

#include "engine/core/svg.h"
#include "engine/guifa/guifa.h"

namespace qilab::guifa {

std::string State::render_svg(Player seat) const {
  const Geometry& g = *geo_;
  const int n = g.n;
  auto X = [&](int c) { return static_cast<double>(g.col(c)); };
  auto Y = [&](int c) { return static_cast<double>(n - 1 - g.row(c)); };
  svg::Writer out(-1, -0.2, n + 1.2, n + 1.8, 40, "guifa, " + std::to_string(players_) + " players", "guifa",
                  seat);
  auto seat_of_side = [&](int side) {
    for (int p = 0; p < players_; ++p)
      if (side_of(p) == side) return p;
    return -1;
  };
  auto team_seat = [&](int team) {
    return team; /* team t's first seat is seat t in every mode */
  };

  out.open("g", {{"class", "board"}});
  out.open("defs", {});
  for (int t = 0; t < num_teams(); ++t) {
    out.open("pattern", {{"id", "field" + std::to_string(t)},
                         {"width", 0.25},
                         {"height", 0.25},
                         {"patternUnits", "userSpaceOnUse"},
                         {"patternTransform", "rotate(45)"}});
    out.line(0, 0, 0, 0.25, svg::seat_colour(team_seat(t)), 0.08);
    out.close();
  }
  out.close();
  for (int c = 0; c < g.cells; ++c) {
    const int city = g.city[c];
    std::string_view fill = (g.row(c) + g.col(c)) % 2 ? "#f4efe4" : "#e9e1cf";
    if (city == 4)
      fill = "#f5e29a";
    else if (city >= 0 && seat_of_side(city) >= 0)
      fill = svg::seat_tint(seat_of_side(city));
    out.rect(X(c), Y(c), 1, 1, fill, "#b0a890", 0.02,
             {{"class", city == 4   ? "square holy-city"
                        : city >= 0 ? "square city"
                                    : "square"}});
  }
  // The source of magic.
  out.circle(X(g.centre) + 0.5, Y(g.centre) + 0.5, 0.42, "none", "#b8860b", 0.06, {{"class", "source"}});
  for (int t = 0; t < num_teams(); ++t) {
    for (int c : field_[t])
      out.rect(X(c), Y(c), 1, 1, "url(#field" + std::to_string(t) + ")", "none", 0,
               {{"class", "field"}, {"data-team", t}, {"opacity", 0.55}});
    for (int c : barrier_[t])
      out.rect(X(c) + 0.06, Y(c) + 0.06, 0.88, 0.88, "none", svg::seat_colour(team_seat(t)), 0.06,
               {{"class", "barrier"}, {"data-team", t}, {"stroke-dasharray", "0.15 0.08"}});
  }
  if (ward_cell_ >= 0 && ward_kind_ == 2) {
    const int c = ward_cell_;  // south-west corner of the 2×2 block
    out.rect(X(c), Y(c) - 1, 2, 2, "none", "#b8860b", 0.08, {{"class", "ward"}});
  }
  for (int c : corpse_cells_) {
    const double x = X(c) + 0.78, y = Y(c) + 0.22;
    out.open("g", {{"class", "corpses"}, {"data-count", corpse_count(c)}});
    out.title(std::to_string(corpse_count(c)) + " corpse(s)");
    out.line(x - 0.12, y - 0.12, x + 0.12, y + 0.12, "#555555", 0.06);
    out.line(x - 0.12, y + 0.12, x + 0.12, y - 0.12, "#555555", 0.06);
    out.text(x, y + 0.22, 0.18, "#333333", std::to_string(corpse_count(c)));
    out.close();
  }
  // Coordinates: files a.. from the west, ranks 1.. from the south.
  for (int k = 0; k < n; ++k) {
    out.text(k + 0.5, n + 0.3, 0.32, "#666666", std::string(1, static_cast<char>('a' + k)));
    out.text(-0.4, n - 1 - k + 0.5, 0.32, "#666666", std::to_string(k + 1));
  }
  out.close();

  out.open("g", {{"class", "pieces"}});
  for (int c : occ_) {
    const Piece& p = sq_[c];
    char letter = kLetter[p.kind];
    if (p.flags & (kClone | kRevived)) letter = static_cast<char>(letter - 'A' + 'a');
    out.open("g", {{"class", "piece"},
                   {"data-seat", static_cast<int>(p.owner)},
                   {"data-kind", kKindName[p.kind]},
                   {"data-cell", g.name(c)}});
    out.title(std::string("seat ") + std::to_string(p.owner) + " " + kKindName[p.kind] +
              (p.flags & kClone ? " (clone)" : "") + (p.flags & kRevived ? " (revived)" : "") + " on " +
              g.name(c));
    const bool ward = ward_kind_ == 1 && p.id == ward_piece_;
    out.circle(X(c) + 0.5, Y(c) + 0.5, 0.36, svg::seat_colour(p.owner), ward ? "#b8860b" : "#222222",
               ward ? 0.1 : 0.03, p.flags & kClone ? svg::Attrs{{"fill-opacity", 0.55}} : svg::Attrs{});
    out.text(X(c) + 0.5, Y(c) + 0.5, 0.4, "#ffffff", std::string(1, letter), {{"font-weight", "bold"}});
    out.close();
  }
  out.close();

  std::string status;
  if (winner_team_ >= 0)
    status =
        (mode_ == Mode::kAlliance ? "winner: alliance " : "winner: seat ") + std::to_string(winner_team_);
  else if (is_terminal())
    status = "drawn at the turn cap";
  else {
    status = "to move: seat " + std::to_string(current_);
    if (summon_left_ > 0) status += " (summoning, " + std::to_string(summon_left_) + " beasts left)";
    if (hold_player_ >= 0) status += " (seat " + std::to_string(hold_player_) + " holds the source)";
  }
  status += ", turn " + std::to_string(turns_) + "/" + std::to_string(max_turns_);
  out.text(n / 2.0, n + 0.95, 0.4, "#222222", status, {{"class", "status"}});
  return out.finish();
}

}  // namespace qilab::guifa

// A mizong position drawn as SVG on the star (point size 4 or the seed's 24, 3601 vertices):
// every vertex a dot, each star point in its seat's tint, the centre ringed, and each piece a
// disc in its owner's colour with its kind letter (m r M R H), its attributes (R S P, + yang,
// - yin) and its HP. A dark piece the viewer sees has a dashed ring; one it does not see shows
// "?" and the damage it has taken, which is public (as observation_string(p)). Sized to zoom:
// one unit between vertices, text in fractions of it.
#include <cmath>
#include <string>

#include "engine/core/svg.h"
#include "engine/mizong/mizong.h"

namespace qilab::mizong {

std::string State::render_svg(Player seat) const {
  const Geometry& g = *geo_;
  const double h = std::sqrt(3.0) / 2;
  auto X = [&](int c) { return g.col[static_cast<std::size_t>(c)] * 0.5; };
  auto Y = [&](int c) { return g.row[static_cast<std::size_t>(c)] * h; };
  const double w = 3.0 * g.point, ht = (g.rows - 1) * h;
  const double scale = g.point <= 4 ? 30 : 12;
  svg::Writer out(-1, -1, w + 2, ht + 3, scale,
                  "mizong, point size " + std::to_string(g.point) +
                      (seat < 0 ? " (referee)" : " as seen by seat " + std::to_string(seat)),
                  "mizong", seat);

  out.open("g", {{"class", "board"}});
  for (int c = 0; c < g.cells; ++c) {
    const int t = g.triangle[static_cast<std::size_t>(c)];
    if (t >= 0) out.circle(X(c), Y(c), 0.5, svg::seat_tint(t < players_ ? t : -1), "none", 0);
  }
  for (int c = 0; c < g.cells; ++c) out.circle(X(c), Y(c), 0.12, "#9a9080", "none", 0);
  out.circle(X(g.centre), Y(g.centre), 0.62, "none", "#b8860b", 0.1, {{"class", "centre"}});
  out.close();

  out.open("g", {{"class", "pieces"}});
  for (int id = 0; id < players_ * home_; ++id) {
    const Piece& x = piece(id);
    if (x.cell < 0) continue;
    const int o = owner(id);
    const bool known = seat < 0 || visible(seat, id);
    const double px = X(x.cell), py = Y(x.cell);
    std::string kind = "?";
    if (known) kind = std::string(1, "mrMRH"[x.kind]);
    out.open("g", {{"class", known ? "piece" : "piece hidden"},
                   {"data-seat", o},
                   {"data-kind", known ? kKindName[x.kind] : "?"},
                   {"data-cell", std::to_string(g.q[static_cast<std::size_t>(x.cell)]) + "," +
                                     std::to_string(g.r[static_cast<std::size_t>(x.cell)])}});
    const int damage = max_hp(x.kind) - x.hp;
    std::string tip = "seat " + std::to_string(o) + " piece " + std::to_string(id);
    if (known) {
      tip += std::string(" ") + kKindName[x.kind] + " " + kAttr1Name[x.attr1] + " " + kAttr2Name[x.attr2] +
             (x.dark() ? " dark" : "") + ", HP " + svg::num(x.hp / 6.0);
    } else {
      tip += " dark, damage " + svg::num(damage / 6.0);
    }
    if (x.stunned()) tip += ", stunned";
    out.title(tip);
    const bool active = id == act_.piece;
    out.circle(px, py, 0.46, svg::seat_colour(o), active ? "#000000" : "#222222", active ? 0.1 : 0.03);
    if (x.dark()) out.circle(px, py, 0.4, "none", "#ffffff", 0.04, {{"stroke-dasharray", "0.08 0.06"}});
    if (x.stunned()) out.circle(px, py, 0.5, "none", "#000000", 0.05, {{"class", "stunned"}});
    out.text(px, py - 0.2, 0.3, "#ffffff", kind, {{"font-weight", "bold"}});
    if (known) {
      out.text(px, py + 0.03, 0.2, "#ffffff", std::string(1, "RSP"[x.attr1]) + (x.attr2 == kYang ? "+" : "-"),
               {{"class", "attributes"}});
      out.text(px, py + 0.24, 0.18, "#ffffff", svg::num(x.hp / 6.0), {{"class", "hp"}});
    } else if (damage > 0) {
      out.text(px, py + 0.18, 0.18, "#ffffff", "-" + svg::num(damage / 6.0), {{"class", "damage"}});
    }
    out.close();
  }
  out.close();

  std::string status = "round " + std::to_string(round_) + "/" + std::to_string(rules_.round_cap);
  if (over_)
    status += ", game over";
  else
    status += ", to move: seat " + std::to_string(current_);
  if (hold_rounds_ > 0) status += ", centre held " + std::to_string(hold_rounds_) + " rounds";
  for (Player p = 0; p < players_; ++p)
    if (this->out(p)) status += ", seat " + std::to_string(p) + " out";
  out.text(w / 2, ht + 1.2, g.point <= 4 ? 0.5 : 1.2, "#222222", status, {{"class", "status"}});
  return out.finish();
}

}  // namespace qilab::mizong

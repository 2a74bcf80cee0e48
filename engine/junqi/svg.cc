// A junqi position drawn as SVG from the board file's coordinates: roads (thin), rails
// (thick, arcs curved), posts by kind (camps round, headquarters framed, the 六国 centre's
// stations and airport), and each piece in its owner's colour. A piece whose kind the viewer
// does not know shows "?" (or the one kind its public evidence leaves, in lower case); a piece
// still being deployed in secret is not drawn at all, as in render(p).
#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <string>

#include "engine/core/svg.h"
#include "engine/junqi/junqi.h"

namespace qilab::junqi {

std::string State::render_svg(Player seat) const {
  const Board& b = *board_;
  const Player p = seat < 0 ? -1 : seat;
  // Army 0 at the bottom: flip the file's y axis when army 0 lies above the centre.
  double cx = 0, cy = 0, ay = 0;
  int na = 0;
  for (const Node& n : b.nodes) {
    cx += n.x;
    cy += n.y;
    if (n.army == 0) ay += n.y, ++na;
  }
  cx /= b.posts;
  cy /= b.posts;
  const double flip = na && ay / na < cy ? -1.0 : 1.0;
  // One unit = the shortest road between two posts.
  double unit = 1e9;
  for (int i = 0; i < b.posts; ++i)
    for (int j : b.road[i])
      if (j > i) unit = std::min(unit, std::hypot(b.nodes[i].x - b.nodes[j].x, b.nodes[i].y - b.nodes[j].y));
  if (!(unit > 0 && unit < 1e9)) unit = 1;
  auto X = [&](int i) { return (b.nodes[i].x - cx) / unit; };
  auto Y = [&](int i) { return flip * (b.nodes[i].y - cy) / unit; };
  double lo_x = 0, hi_x = 0, lo_y = 0, hi_y = 0;
  for (int i = 0; i < b.posts; ++i) {
    lo_x = std::min(lo_x, X(i)), hi_x = std::max(hi_x, X(i));
    lo_y = std::min(lo_y, Y(i)), hi_y = std::max(hi_y, Y(i));
  }
  const double pad = 1.0;
  svg::Writer out(lo_x - pad, lo_y - pad, hi_x - lo_x + 2 * pad, hi_y - lo_y + 2 * pad + 1.2, 34,
                  b.name + (p < 0 ? " (referee)" : " as seen by seat " + std::to_string(p)), b.name, seat);

  // Home areas in the army's tint.
  out.open("g", {{"class", "board"}});
  for (int i = 0; i < b.posts; ++i)
    if (b.army_of(i) >= 0) out.circle(X(i), Y(i), 0.62, svg::seat_tint(b.army_of(i)), "none", 0);
  // Roads.
  for (int i = 0; i < b.posts; ++i)
    for (int j : b.road[i])
      if (j > i) out.line(X(i), Y(i), X(j), Y(j), "#8c8c8c", 0.04, {{"class", "road"}});
  // Rails, line by line; the step between two armies of an arc line is drawn as an arc bowing
  // towards the centre.
  for (std::size_t l = 0; l < b.lines.size(); ++l) {
    const bool arc = b.line_names[l].starts_with("arc");
    const auto& posts = b.lines[l];
    for (std::size_t k = 1; k < posts.size(); ++k) {
      const int i = posts[k - 1], j = posts[k];
      if (arc && b.army_of(i) != b.army_of(j) && b.army_of(i) >= 0 && b.army_of(j) >= 0) {
        const double mx = (X(i) + X(j)) / 2, my = (Y(i) + Y(j)) / 2;
        const double qx = mx * 0.55, qy = my * 0.55;  // pulled towards the centre (0, 0)
        out.element("path", {{"d", "M" + svg::num(X(i)) + "," + svg::num(Y(i)) + " Q" + svg::num(qx) + "," +
                                       svg::num(qy) + " " + svg::num(X(j)) + "," + svg::num(Y(j))},
                             {"fill", "none"},
                             {"stroke", "#222222"},
                             {"stroke-width", 0.12},
                             {"class", "rail arc"}});
      } else {
        out.line(X(i), Y(i), X(j), Y(j), "#222222", 0.12, {{"class", "rail"}});
      }
    }
  }
  // Posts by kind.
  for (int i = 0; i < b.posts; ++i) {
    const double x = X(i), y = Y(i);
    switch (b.nodes[i].kind) {
      case NodeKind::kCamp:
        out.circle(x, y, 0.36, "#ffffff", "#555555", 0.05, {{"class", "camp"}});
        break;
      case NodeKind::kHeadquarters:
        out.rect(x - 0.4, y - 0.28, 0.8, 0.56, "#ffffff", "#555555", 0.09,
                 {{"class", "headquarters"}, {"rx", 0.18}});
        break;
      case NodeKind::kStation:
        out.circle(x, y, 0.3, "#ffffff", "#222222", 0.08, {{"class", "station"}});
        break;
      case NodeKind::kAirport:
        out.circle(x, y, 0.42, "#ffffff", "#222222", 0.1, {{"class", "airport"}});
        out.text(x, y, 0.3, "#222222", "air");
        break;
      default:
        out.rect(x - 0.3, y - 0.2, 0.6, 0.4, "#ffffff", "#777777", 0.04, {{"class", "post"}});
    }
  }
  out.close();

  // Pieces.
  out.open("g", {{"class", "pieces"}});
  for (int piece = 0; piece < players_ * kSlots; ++piece) {
    if (post_of_[piece] == kNone) continue;
    const int owner = piece / kSlots, post = post_of_[piece];
    const bool placed = p < 0 || owner == p || phase_ != Phase::kDeploy || deployed_[owner] == kSlots;
    if (!placed) continue;
    const bool known = sees(p, piece);
    std::string label, name;
    if (known) {
      label = std::string(1, kSymbol[kind_of_[piece]]);
      name = kChinese[kind_of_[piece]];
    } else {
      const KindSet e = evidence_[piece];
      label = std::has_single_bit(e)
                  ? std::string(1, static_cast<char>(std::tolower(kSymbol[std::countr_zero(e)])))
                  : std::string("?");
      name = "hidden";
    }
    out.open("g", {{"class", known ? "piece" : "piece hidden"},
                   {"data-seat", owner},
                   {"data-kind", known ? std::string(1, kSymbol[kind_of_[piece]]) : std::string("?")},
                   {"data-post", b.nodes[post].id}});
    out.title("seat " + std::to_string(owner) + " " + name + " on " + b.nodes[post].id);
    const bool last = post == last_to_;
    out.rect(X(post) - 0.34, Y(post) - 0.24, 0.68, 0.48, svg::seat_colour(owner),
             last ? "#000000" : "#222222", last ? 0.1 : 0.03, {{"rx", 0.08}});
    out.text(X(post), Y(post), 0.34, known ? "#ffffff" : "#f0f0f0", label, {{"font-weight", "bold"}});
    out.close();
  }
  out.close();

  std::string status;
  if (phase_ == Phase::kDeploy) {
    status = "deploying: seat " + std::to_string(current_) + ", piece " +
             std::to_string(deployed_[current_] + 1) + "/25";
  } else if (phase_ == Phase::kPlay) {
    status = "to move: seat " + std::to_string(current_);
  } else {
    status = result_ == 2 ? "drawn" : "side " + std::to_string(result_) + " wins";
  }
  status += ", moves " + std::to_string(play_moves_);
  for (int a = 0; a < players_; ++a)
    if (eliminated(a)) status += ", seat " + std::to_string(a) + " out";
  out.text((lo_x + hi_x) / 2, hi_y + pad + 0.4, 0.5, "#222222", status, {{"class", "status"}});
  return out.finish();
}

}  // namespace qilab::junqi

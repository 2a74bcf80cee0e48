// An elements position drawn as SVG: pointy-top hex tiles coloured by their (effective)
// element, stacked by height (a shadow per level and the height written), edge markers at
// their edges (a bar for a block, a letter for attack, shield, move and gather), gather
// tokens, both bases with their HP, and the heroes in their owner's colour with their
// energies and mana. Perfect information: every seat sees the same.
#include <cmath>
#include <string>

#include "engine/core/svg.h"
#include "engine/elements/elements.h"

namespace qilab::elements {
namespace {

constexpr std::string_view kElementFill[kElements] = {"#f08a5d", "#b08a5a", "#6fa8dc", "#a8d5a2"};
constexpr std::string_view kElementInk[kElements] = {"#b03a10", "#6b4a22", "#1f5f99", "#3d7f36"};
constexpr double kPi = 3.14159265358979323846;

std::string hexagon(double x, double y, double radius) {
  std::string s;
  for (int k = 0; k < 6; ++k) {
    const double a = (30 + 60 * k) * kPi / 180;
    if (k) s += ' ';
    s += svg::num(x + radius * std::cos(a));
    s += ',';
    s += svg::num(y + radius * std::sin(a));
  }
  return s;
}

}  // namespace

std::string State::render_svg(Player seat) const {
  const Rules& ru = *rules_;
  const Grid& g = ru.grid;
  const double h3 = std::sqrt(3.0) / 2, corner = 0.5 / h3;
  auto X = [&](int c) { return g.q(c) + g.r(c) / 2.0; };
  auto Y = [&](int c) { return g.r(c) * h3; };
  const double R = g.radius();
  svg::Writer out(-R - 1, -R * h3 - 1, 2 * R + 2, 2 * R * h3 + 3.4, 56,
                  "elements, " + std::to_string(ru.players) + " players", "elements", seat);

  out.open("g", {{"class", "board"}});
  for (int c = 0; c < g.cells(); ++c) {
    const double x = X(c), y = Y(c);
    const int ht = height_[c];
    if (ht == 0 && !bases_.test(c)) {
      out.element("polygon", {{"points", hexagon(x, y, corner * 0.96)},
                              {"fill", "none"},
                              {"stroke", "#d8d2c4"},
                              {"stroke-width", 0.02},
                              {"class", "empty"}});
      continue;
    }
    if (bases_.test(c)) {
      const int side = c == ru.base_cell[0] ? 0 : 1;
      out.open("g", {{"class", "base"}, {"data-side", side}, {"data-hp", static_cast<int>(base_hp_[side])}});
      out.title(std::string(side == 0 ? "red" : "blue") + " base, HP " + std::to_string(base_hp_[side]));
      out.element("polygon", {{"points", hexagon(x, y, corner * 0.96)},
                              {"fill", side == 0 ? "#f2b8b8" : "#b8cdf2"},
                              {"stroke", side == 0 ? "#a01818" : "#18409a"},
                              {"stroke-width", 0.08}});
      out.rect(x - 0.22, y - 0.2, 0.44, 0.34, side == 0 ? "#a01818" : "#18409a", "none", 0);
      out.text(x, y - 0.03, 0.22, "#ffffff", std::to_string(base_hp_[side]), {{"font-weight", "bold"}});
      out.close();
      continue;
    }
    const int e = eff_elem_[c];
    out.open("g", {{"class", "tile"},
                   {"data-cell", g.name(c)},
                   {"data-height", ht},
                   {"data-element", kElementName[e]}});
    out.title(std::string(kElementName[e]) + " tile, height " + std::to_string(ht) + " at " + g.name(c));
    for (int level = ht; level >= 1; --level) {  // the stack: one shadow per level below the top
      const double off = (level - 1) * 0.06;
      out.element("polygon", {{"points", hexagon(x + off, y + off, corner * 0.94)},
                              {"fill", level == 1 ? kElementFill[e] : kElementInk[e]},
                              {"stroke", "#555555"},
                              {"stroke-width", 0.02}});
    }
    out.element("polygon", {{"points", hexagon(x, y, corner * 0.94)},
                            {"fill", kElementFill[e]},
                            {"stroke", "#444444"},
                            {"stroke-width", 0.03}});
    if (eff_elem_[c] != tile_elem_[c])  // a terrain effect: the tile's own element as a ring
      out.circle(x, y, 0.42, "none", kElementInk[tile_elem_[c]], 0.04, {{"stroke-dasharray", "0.06 0.04"}});
    std::string height_label(1, 'h');
    height_label += std::to_string(ht);
    out.text(x, y + 0.41, 0.13, "#222222", height_label, {{"class", "height"}});  // below a hero
    for (int d = 0; d < kDirs; ++d) {
      const Marker m = edge(c, d);
      if (m == kNone) continue;
      const double a = -60.0 * d * kPi / 180;
      if (m == kBlockMark) {
        const double a1 = a - kPi / 6, a2 = a + kPi / 6, rr = corner * 0.88;
        out.line(x + rr * std::cos(a1), y + rr * std::sin(a1), x + rr * std::cos(a2), y + rr * std::sin(a2),
                 "#111111", 0.09, {{"class", "marker block"}});
      } else {
        out.text(x + 0.36 * std::cos(a), y + 0.36 * std::sin(a), 0.15, "#111111",
                 std::string(1, kMarkerLetter[m]), {{"class", "marker"}, {"font-weight", "bold"}});
      }
    }
    if (tokens_.test(c))
      out.element("polygon",
                  {{"points", svg::points({x + 0.28, y - 0.1, x + 0.38, y, x + 0.28, y + 0.1, x + 0.18, y})},
                   {"fill", "#f4c430"},
                   {"stroke", "#7a5c00"},
                   {"stroke-width", 0.02},
                   {"class", "token"}});
    out.close();
  }
  out.close();

  out.open("g", {{"class", "pieces"}});
  for (int i = 0; i < heroes(); ++i) {
    const Hero& hero = heroes_[i];
    if (hero.dead || hero.cell < 0) continue;
    const HeroSpec& s = ru.roster[hero.spec];
    const int c = hero.cell;
    const double x = X(c), y = Y(c);
    out.open("g", {{"class", "piece"},
                   {"data-seat", static_cast<int>(hero.owner)},
                   {"data-kind", s.id},
                   {"data-hero", i},
                   {"data-cell", g.name(c)}});
    std::string tip = s.id + " (hero " + std::to_string(i) + ", seat " + std::to_string(hero.owner) + ", " +
                      (hero.side == 0 ? "red" : "blue") + ")";
    for (int e = 0; e < kElements; ++e)
      tip += std::string(" ") + kElementLetter[e] + std::to_string(hero.energy[e]);
    tip += " mana " + std::to_string(hero.mana);
    out.title(tip);
    out.circle(x, y + 0.02, 0.34, svg::seat_colour(hero.owner), i == active_ ? "#000000" : "#222222",
               i == active_ ? 0.07 : 0.025, hero.acted ? svg::Attrs{{"fill-opacity", 0.6}} : svg::Attrs{});
    out.text(x, y - 0.08, 0.17, "#ffffff", s.id.substr(0, 4), {{"font-weight", "bold"}});
    // Energies F E W A below the name, each in its element's ink; mana after them.
    for (int e = 0; e < kElements; ++e)
      out.text(x - 0.18 + 0.12 * e, y + 0.14, 0.13, "#ffffff", std::to_string(hero.energy[e]),
               {{"class", "energy"}, {"data-element", kElementName[e]}});
    out.text(x + 0.33, y - 0.26, 0.14, "#4b2a7a", std::to_string(hero.mana), {{"class", "mana"}});
    out.close();
  }
  out.close();

  std::string status = "round " + std::to_string(round_) + "/" + std::to_string(ru.max_rounds);
  if (phase_ == Phase::kOver)
    status += winner_ == 2 ? ", draw" : winner_ == 0 ? ", red wins" : ", blue wins";
  else
    status += std::string(", ") + (side_ == 0 ? "red" : "blue") + " to move";
  status += "; base HP red " + std::to_string(base_hp_[0]) + ", blue " + std::to_string(base_hp_[1]) +
            "; deck " + std::to_string(deck_left());
  out.text(0, R * h3 + 1.1, 0.4, "#222222", status, {{"class", "status"}});
  // Dead heroes, listed so the drawing accounts for every hero.
  std::string dead;
  for (int i = 0; i < heroes(); ++i)
    if (heroes_[i].dead || heroes_[i].cell < 0)
      dead += (dead.empty() ? "off the board: " : ", ") + ru.roster[heroes_[i].spec].id;
  if (!dead.empty()) out.text(0, R * h3 + 1.7, 0.32, "#444444", dead, {{"class", "dead"}});
  return out.finish();
}

}  // namespace qilab::elements

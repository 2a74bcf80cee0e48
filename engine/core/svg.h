#pragma once
// A small SVG writer shared by the games' drawings (engine/<game>/svg.cc): escaping, element
// helpers that always write well-formed XML, and one colour per seat. Each game's
// `State::render_svg(Player seat)` draws its position as `seat` sees it; kReferee draws the
// whole truth (docs/pictures.md).
//
// Conventions every drawing follows, so tests and the replay page can read them back: a
// piece is a <g class="piece" data-seat="S" data-kind="K"> group (class "piece hidden" when
// the viewer does not see what it is), the root <svg> carries data-game and data-seat.
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/types.h"

namespace qilab::svg {

// The viewer that sees everything (the referee, or a spectator after the game).
inline constexpr Player kReferee = kChancePlayer;

// Text made safe for XML character data and attribute values (&, <, >, ", ' escaped; control
// characters other than tab and newline, which XML 1.0 forbids, dropped).
std::string escape(std::string_view text);
// A number written briefly: at most 3 decimals, trailing zeros cut ("1.5", "-2", "0.333").
std::string num(double v);
// The colour of a seat ("#rrggbb"); a neutral grey for -1. Six seats, six distinct hues.
std::string_view seat_colour(int seat);
// A lighter tint of the seat's colour, for areas (home triangles, cities, fields).
std::string_view seat_tint(int seat);

// One attribute: a name and its value (escaped when written).
struct Attr {
  std::string_view name;
  std::string value;
  Attr(std::string_view n, std::string_view v) : name(n), value(v) {}
  Attr(std::string_view n, const char* v) : name(n), value(v) {}
  Attr(std::string_view n, const std::string& v) : name(n), value(v) {}
  Attr(std::string_view n, double v) : name(n), value(num(v)) {}
  Attr(std::string_view n, int v) : name(n), value(std::to_string(v)) {}
};
using Attrs = std::initializer_list<Attr>;

class Writer {
 public:
  // A drawing of the user-space box (x, y, w, h), `scale` pixels per unit; `title` becomes
  // its <title>. `game` and `seat` are written as data-game and data-seat ("referee" for
  // kReferee).
  Writer(double x, double y, double w, double h, double scale, std::string_view title, std::string_view game,
         Player seat);

  // <tag attrs/> and <tag attrs>text</tag>.
  void element(std::string_view tag, Attrs attrs);
  void text_element(std::string_view tag, Attrs attrs, std::string_view text);
  // <tag attrs> ... close(): groups nest; finish() closes any left open.
  void open(std::string_view tag, Attrs attrs);
  void close();

  // Shorthands.
  void line(double x1, double y1, double x2, double y2, std::string_view stroke, double width,
            Attrs extra = {});
  void circle(double cx, double cy, double r, std::string_view fill, std::string_view stroke, double width,
              Attrs extra = {});
  void rect(double x, double y, double w, double h, std::string_view fill, std::string_view stroke,
            double width, Attrs extra = {});
  // Centred text of font size `size`.
  void text(double x, double y, double size, std::string_view fill, std::string_view content,
            Attrs extra = {});
  // A tooltip for the element just opened.
  void title(std::string_view content) { text_element("title", {}, content); }

  // The finished document.
  std::string finish();

 private:
  void attrs(Attrs a);
  std::string out_;
  std::vector<std::string> open_;  // tags opened and not yet closed
};

// A points="..." list from pairs.
std::string points(std::initializer_list<double> xy);

}  // namespace qilab::svg

#include "engine/core/svg.h"

#include <cmath>
#include <cstdio>

namespace qilab::svg {

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n') break;
        out += c;
    }
  }
  return out;
}

std::string num(double v) {
  if (!std::isfinite(v)) return "0";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  std::string s(buf);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

namespace {
constexpr std::string_view kColours[6] = {"#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#17becf"};
constexpr std::string_view kTints[6] = {"#f6c9c9", "#c6dcee", "#cbe8cb", "#ffdfc2", "#e2d7ee", "#c4eef3"};
}  // namespace

std::string_view seat_colour(int seat) { return seat >= 0 && seat < 6 ? kColours[seat] : "#888888"; }
std::string_view seat_tint(int seat) { return seat >= 0 && seat < 6 ? kTints[seat] : "#e4e4e4"; }

std::string points(std::initializer_list<double> xy) {
  std::string s;
  int k = 0;
  for (double v : xy) {
    if (k) s += (k % 2 ? ',' : ' ');
    s += num(v);
    ++k;
  }
  return s;
}

Writer::Writer(double x, double y, double w, double h, double scale, std::string_view title,
               std::string_view game, Player seat) {
  out_ = "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"";
  attrs({{"viewBox", num(x) + " " + num(y) + " " + num(w) + " " + num(h)},
         {"width", num(w * scale)},
         {"height", num(h * scale)},
         {"font-family", "DejaVu Sans, Arial, sans-serif"},
         {"data-game", game},
         {"data-seat", seat == kReferee ? std::string("referee") : std::to_string(seat)}});
  out_ += ">\n";
  open_.emplace_back("svg");
  text_element("title", {}, title);
  rect(x, y, w, h, "#fbfaf6", "none", 0, {{"class", "background"}});
}

void Writer::attrs(Attrs a) {
  for (const Attr& at : a) {
    out_ += ' ';
    out_ += at.name;
    out_ += "=\"";
    out_ += escape(at.value);
    out_ += '"';
  }
}

void Writer::element(std::string_view tag, Attrs a) {
  out_ += '<';
  out_ += tag;
  attrs(a);
  out_ += "/>\n";
}

void Writer::text_element(std::string_view tag, Attrs a, std::string_view text) {
  out_ += '<';
  out_ += tag;
  attrs(a);
  out_ += '>';
  out_ += escape(text);
  out_ += "</";
  out_ += tag;
  out_ += ">\n";
}

void Writer::open(std::string_view tag, Attrs a) {
  out_ += '<';
  out_ += tag;
  attrs(a);
  out_ += ">\n";
  open_.emplace_back(tag);
}

void Writer::close() {
  if (open_.size() <= 1) return;  // the root closes in finish()
  out_ += "</" + open_.back() + ">\n";
  open_.pop_back();
}

void Writer::line(double x1, double y1, double x2, double y2, std::string_view stroke, double width,
                  Attrs extra) {
  out_ += "<line";
  attrs({{"x1", x1}, {"y1", y1}, {"x2", x2}, {"y2", y2}, {"stroke", stroke}, {"stroke-width", width}});
  attrs(extra);
  out_ += "/>\n";
}

void Writer::circle(double cx, double cy, double r, std::string_view fill, std::string_view stroke,
                    double width, Attrs extra) {
  out_ += "<circle";
  attrs({{"cx", cx}, {"cy", cy}, {"r", r}, {"fill", fill}});
  if (width > 0) attrs({{"stroke", stroke}, {"stroke-width", width}});
  attrs(extra);
  out_ += "/>\n";
}

void Writer::rect(double x, double y, double w, double h, std::string_view fill, std::string_view stroke,
                  double width, Attrs extra) {
  out_ += "<rect";
  attrs({{"x", x}, {"y", y}, {"width", w}, {"height", h}, {"fill", fill}});
  if (width > 0) attrs({{"stroke", stroke}, {"stroke-width", width}});
  attrs(extra);
  out_ += "/>\n";
}

void Writer::text(double x, double y, double size, std::string_view fill, std::string_view content,
                  Attrs extra) {
  out_ += "<text";
  attrs({{"x", x},
         {"y", y},
         {"font-size", size},
         {"fill", fill},
         {"text-anchor", "middle"},
         {"dominant-baseline", "central"}});
  attrs(extra);
  out_ += '>';
  out_ += escape(content);
  out_ += "</text>\n";
}

std::string Writer::finish() {
  while (open_.size() > 1) close();
  if (!open_.empty()) {
    out_ += "</svg>\n";
    open_.clear();
  }
  return std::move(out_);
}

}  // namespace qilab::svg

#include "apps/qilab/seat_arg.h"

#include <charconv>

#include "engine/core/error.h"
#include "engine/core/input.h"
#include "engine/core/svg.h"

namespace qilab::cli {

Player parse_seat(const std::string& text, int players) {
  if (text == "referee") return svg::kReferee;
  int v = -1;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || v < 0 || v >= players)
    throw Error("--seat: expected a seat 0 to " + std::to_string(players - 1) + " or 'referee', got '" +
                brief_text(text) + "'");
  return v;
}

}  // namespace qilab::cli

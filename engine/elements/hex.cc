#include "engine/elements/hex.h"

#include <charconv>
#include <cstdlib>

#include "engine/core/error.h"

namespace qilab::elements {

Grid::Grid(int radius) : radius_(radius), cells_(3 * radius * (radius + 1) + 1) {
  if (radius < kMinRadius || radius > kMaxRadius)
    throw Error("elements: radius " + std::to_string(radius) + " out of range (expected " +
                std::to_string(kMinRadius) + " to " + std::to_string(kMaxRadius) + ")");
  int c = 0;
  for (int r = -radius; r <= radius; ++r)
    for (int q = -radius; q <= radius; ++q) {
      if (std::abs(q + r) > radius) continue;
      q_[c] = static_cast<std::int8_t>(q);
      r_[c] = static_cast<std::int8_t>(r);
      all_.set(c);
      ++c;
    }
  square_cell_.fill(-1);
  for (int cell = 0; cell < cells_; ++cell) {
    mirror_[cell] = static_cast<std::int16_t>(at(q_[cell], -q_[cell] - r_[cell]));
    square_cell_[square(cell)] = static_cast<std::int16_t>(cell);
  }
  for (int cell = 0; cell < cells_; ++cell)
    for (int d = 0; d < kDirs; ++d)
      nb_[cell][d] = static_cast<std::int16_t>(at(q_[cell] + kDq[d], r_[cell] + kDr[d]));
}

int Grid::at(int q, int r) const {
  if (std::abs(q) > radius_ || std::abs(r) > radius_ || std::abs(q + r) > radius_) return -1;
  // Row r starts at q = max(-radius, -radius - r).
  int index = 0;
  for (int rr = -radius_; rr < r; ++rr) index += 2 * radius_ + 1 - std::abs(rr);
  return index + q - std::max(-radius_, -radius_ - r);
}

int Grid::distance(int a, int b) const {
  const int dq = q_[b] - q_[a], dr = r_[b] - r_[a];
  return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

int Grid::line_dir(int a, int b) const {
  const int dq = q_[b] - q_[a], dr = r_[b] - r_[a];
  if (a == b) return -1;
  const int n = distance(a, b);
  for (int d = 0; d < kDirs; ++d)
    if (dq == kDq[d] * n && dr == kDr[d] * n) return d;
  return -1;
}

int Grid::mirror_dir(int d) {
  static constexpr int kMirror[kDirs] = {1, 0, 5, 4, 3, 2};
  return kMirror[d];
}

std::string Grid::name(int cell) const { return std::to_string(q_[cell]) + "," + std::to_string(r_[cell]); }

int Grid::parse(std::string_view text) const {
  auto comma = text.find(',');
  if (comma == std::string_view::npos) return -1;
  int q = 0, r = 0;
  auto a = text.substr(0, comma), b = text.substr(comma + 1);
  auto ra = std::from_chars(a.data(), a.data() + a.size(), q);
  auto rb = std::from_chars(b.data(), b.data() + b.size(), r);
  if (ra.ec != std::errc() || ra.ptr != a.data() + a.size() || rb.ec != std::errc() ||
      rb.ptr != b.data() + b.size())
    return -1;
  return at(q, r);
}

}  // namespace qilab::elements

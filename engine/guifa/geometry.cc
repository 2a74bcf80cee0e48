#include "engine/guifa/geometry.h"

#include <charconv>
#include <memory>

#include "engine/core/error.h"

namespace qilab::guifa {
namespace {

// Each side's forward and right vectors as (row, col): a player sits on its edge facing the
// centre; its "left and right" (the force field's axis) run along its edge.
constexpr int kRightR[4] = {0, 1, 0, -1};
constexpr int kRightC[4] = {1, 0, -1, 0};

Geometry build(int n) {
  Geometry g;
  g.n = n;
  g.cells = n * n;
  const int m = n / 2;
  g.centre = m * n + m;
  auto inside = [n](int r, int c) { return r >= 0 && r < n && c >= 0 && c < n; };
  for (int c = 0; c < g.cells; ++c) {
    g.all.set(c);
    g.city[c] = -1;
  }
  // Main cities: the 3×3 block in the middle of each edge; the holy city: the central block.
  for (int s = 0; s < 4; ++s)
    for (int depth = 0; depth < 3; ++depth)
      for (int lat = m - 1; lat <= m + 1; ++lat) {
        int c = -1;
        switch (s) {
          case 0:
            c = depth * n + lat;
            break;
          case 1:
            c = lat * n + (n - 1 - depth);
            break;
          case 2:
            c = (n - 1 - depth) * n + lat;
            break;
          case 3:
            c = lat * n + depth;
            break;
        }
        g.city[c] = static_cast<std::int8_t>(s);
        g.city_board[s].set(c);
      }
  for (int r = m - 1; r <= m + 1; ++r)
    for (int c = m - 1; c <= m + 1; ++c) {
      g.city[r * n + c] = 4;
      g.city_board[4].set(r * n + c);
    }
  for (int c = 0; c < g.cells; ++c) {
    const int r = c / n, k = c % n;
    if (r == m || k == m) g.cross.set(c);
    g.block[c].set(c);
    for (int d = 0; d < kDirections; ++d) {
      const int r2 = r + kDr[d], k2 = k + kDc[d];
      g.step[c][d] = -1;
      if (!inside(r2, k2)) continue;
      const int to = r2 * n + k2;
      g.ring[c].set(to);
      g.block[c].set(to);
      if (d < 4 || (g.city[c] >= 0 && g.city[c] == g.city[to])) {
        g.step[c][d] = static_cast<std::int16_t>(to);
      }
    }
    for (int s = 0; s < 4; ++s) {
      g.line[c][s].set(c);
      for (int sign : {-1, 1}) {
        const int r2 = r + sign * kRightR[s], k2 = k + sign * kRightC[s];
        if (inside(r2, k2)) g.line[c][s].set(r2 * n + k2);
      }
    }
  }
  // A quarter turn (r, c) -> (n-1-c, r) takes the east edge to the south edge; side k needs k.
  for (int c = 0; c < g.cells; ++c) {
    int r = c / n, k = c % n;
    for (int side = 0; side < 4; ++side) {
      g.turned[side][c] = static_cast<std::int16_t>(r * n + k);
      g.unturned[side][r * n + k] = static_cast<std::int16_t>(c);
      const int r2 = n - 1 - k;
      k = r;
      r = r2;
    }
  }
  for (int c = 0; c < g.cells; ++c)
    for (int d = 0; d < kDirections; ++d) {
      if (g.step[c][d] < 0) continue;
      Geometry::Ray& ray = g.rays[c][g.ray_count[c]++];
      ray.dir = static_cast<std::uint8_t>(d);
      int at = c;
      for (int k = 0; k < 4; ++k) {
        at = at < 0 ? -1 : g.step[at][d];
        if (at >= 0) ray.len = static_cast<std::uint8_t>(k + 1);
        ray.cell[k] = static_cast<std::int16_t>(at >= 0 ? at : kOffBoard);
      }
    }
  return g;
}

}  // namespace

int Geometry::home(int side, int i) const {
  switch (side) {
    case 0:
      return i;  // south row, west to east
    case 1:
      return i * n + (n - 1);  // east column, south to north
    case 2:
      return (n - 1) * n + (n - 1 - i);  // north row, east to west
    default:
      return (n - 1 - i) * n;  // west column, north to south
  }
}

std::string Geometry::name(int c) const {
  if (c < 0 || c >= cells) return "?";
  std::string out;
  out += static_cast<char>('a' + col(c));
  out += std::to_string(row(c) + 1);
  return out;
}

int Geometry::parse(std::string_view text) const {
  if (text.size() < 2) return -1;
  const int k = text[0] - 'a';
  if (k < 0 || k >= n) return -1;
  int r = 0;
  auto [p, ec] = std::from_chars(text.data() + 1, text.data() + text.size(), r);
  if (ec != std::errc() || p != text.data() + text.size() || r < 1 || r > n) return -1;
  return (r - 1) * n + k;
}

const Geometry& geometry(int n) {
  if (n < kMinSize || n > kMaxSize || n % 2 == 0)
    throw Error("guifa: no board of size " + std::to_string(n) + " (odd sizes 9 to 15)");
  // One table per odd size, built together on first use (thread-safe static initialisation).
  static const auto tables = [] {
    std::array<std::unique_ptr<Geometry>, (kMaxSize - kMinSize) / 2 + 1> t;
    for (int i = 0; i < static_cast<int>(t.size()); ++i)
      t[i] = std::make_unique<Geometry>(build(kMinSize + 2 * i));
    return t;
  }();
  return *tables[(n - kMinSize) / 2];
}

}  // namespace qilab::guifa

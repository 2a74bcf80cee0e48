#include "engine/mizong/geometry.h"

#include <charconv>
#include <memory>

#include "engine/core/error.h"
#include "engine/star/star.h"
#include "engine/star/turn.h"

namespace qilab::mizong {
namespace {

template <int P>
Geometry build() {
  auto star = std::make_unique<star::Star<P>>();  // ~200 KB at P=24: built once, on the heap
  const auto& s = *star;
  Geometry g;
  g.point = P;
  g.cells = s.kCells;
  g.home_size = s.kTriangleSize;
  for (int id = 0; id < 6 * s.kTriangleSize; ++id)
    g.owner_of.push_back(static_cast<std::int8_t>(id / s.kTriangleSize));
  g.centre = s.centre;
  g.rows = s.kRows;
  g.grid_width = s.kWidth;
  g.grid.assign(s.grid.begin(), s.grid.end());
  g.q.assign(s.q.begin(), s.q.end());
  g.r.assign(s.r.begin(), s.r.end());
  g.row.assign(s.row.begin(), s.row.end());
  g.col.assign(s.col.begin(), s.col.end());
  g.triangle.assign(s.triangle.begin(), s.triangle.end());
  g.nb.resize(static_cast<std::size_t>(s.kCells));
  for (int c = 0; c < s.kCells; ++c)
    for (int d = 0; d < kDirs; ++d) g.nb[c][d] = s.neighbour[c][d];
  g.row_first.assign(static_cast<std::size_t>(4 * P + 1), -1);
  g.row_qmin.assign(static_cast<std::size_t>(4 * P + 1), 0);
  g.row_qmax.assign(static_cast<std::size_t>(4 * P + 1), -1);
  for (int c = 0; c < s.kCells; ++c) {
    const auto ri = static_cast<std::size_t>(g.r[c] + 2 * P);
    if (g.row_first[ri] < 0) {
      g.row_first[ri] = static_cast<std::int16_t>(c);
      g.row_qmin[ri] = g.q[c];
    } else if (g.q[c] != g.row_qmax[ri] + 1 || c != g.row_first[ri] + (g.q[c] - g.row_qmin[ri])) {
      throw Error("mizong: star cells are not numbered row by row");
    }
    g.row_qmax[ri] = g.q[c];
  }
  g.slot.assign(static_cast<std::size_t>(s.kCells), -1);
  // Star point 0 (north) lists its cells tip first; point t is point 0 turned t*60 degrees clockwise.
  for (int t = 0; t < 6; ++t) {
    for (int j = 0; j < s.kTriangleSize; ++j) {
      const int c = s.rotated[t][s.triangle_cells[0][j]];
      g.home[t].push_back(static_cast<std::int16_t>(c));
      g.slot[c] = static_cast<std::int16_t>(j);
    }
  }
  const int side = star::grid_side(P);
  for (int k = 0; k < 6; ++k) {
    g.turn_at[k].assign(static_cast<std::size_t>(s.kCells), -1);
    g.turn_cell[k].assign(static_cast<std::size_t>(side * side), -1);
    for (int c = 0; c < s.kCells; ++c) {
      const int o = star::grid_offset(P, star::turned(star::Axial{s.q[c], s.r[c]}, k));
      g.turn_at[k][c] = static_cast<std::int16_t>(o);
      g.turn_cell[k][o] = static_cast<std::int16_t>(c);
    }
  }
  return g;
}

}  // namespace

Board Geometry::disc(int c, int radius) const {
  Board b;
  b.set(c);
  for_disc(c, radius, [&](int x) { b.set(x); });
  return b;
}

std::string Geometry::name(int c) const { return std::to_string(q[c]) + "," + std::to_string(r[c]); }

int Geometry::parse(std::string_view text) const {
  const auto comma = text.find(',');
  if (comma == std::string_view::npos) return -1;
  int qa = 0, ra = 0;
  auto rd = [](std::string_view t, int& v) {
    if (t.empty()) return false;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    return ec == std::errc() && p == t.data() + t.size();
  };
  if (!rd(text.substr(0, comma), qa) || !rd(text.substr(comma + 1), ra)) return -1;
  if (qa < -4 * point || qa > 4 * point || ra < -4 * point || ra > 4 * point) return -1;
  return at(qa, ra);
}

const Geometry& geometry(int point) {
  static const Geometry g4 = build<4>();
  if (point == 4) return g4;
  if (point == 12) {
    static const Geometry g12 = build<12>();
    return g12;
  }
  if (point == 24) {
    static const Geometry g24 = build<24>();
    return g24;
  }
  throw Error("mizong: no board of point size " + std::to_string(point) + " (4, 12 or 24)");
}

}  // namespace qilab::mizong

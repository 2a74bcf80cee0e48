#pragma once
// Turning the star about its centre, for the shaped encodings of the star games
// (docs/encoding/checkers.md, docs/encoding/mizong.md).
//
// A turn by k*60 degrees clockwise maps the star onto itself, star point t onto point t + k
// (mod 6), and direction d onto kTurnedDirection[k][d]. The encoding grid of point size P is
// (4P+1) x (4P+1) in axial coordinates: cell (q, r) at row r + 2P, column q + 2P.
#include <array>

#include "engine/star/star.h"

namespace qilab::star {

struct Axial {
  int q = 0, r = 0;
};

// (q, r) turned k*60 degrees clockwise about the centre: one step is (q, r, s) -> (-r, -s, -q).
constexpr Axial turned(Axial a, int k) {
  for (int i = 0; i < k % kTriangles; ++i) a = Axial{-a.r, a.q + a.r};
  return a;
}

// The turn (0..5 steps of 60 degrees clockwise) that brings star point t to the south (point 3):
// the encodings seat every observer there.
constexpr int turn_to_south(int t) { return ((3 - t) % kTriangles + kTriangles) % kTriangles; }

// kTurnedDirection[k][d]: direction d turned k*60 degrees clockwise.
inline constexpr auto kTurnedDirection = [] {
  std::array<std::array<int, kDirections>, kTriangles> t{};
  for (int k = 0; k < kTriangles; ++k)
    for (int d = 0; d < kDirections; ++d) {
      const Axial v = turned(Axial{Star<1>::kDq[d], Star<1>::kDr[d]}, k);
      for (int e = 0; e < kDirections; ++e)
        if (Star<1>::kDq[e] == v.q && Star<1>::kDr[e] == v.r) t[k][d] = e;
    }
  return t;
}();

// Side of the square encoding grid of point size P, and the grid offset (row * side + column)
// of axial (q, r).
constexpr int grid_side(int point) { return 4 * point + 1; }
constexpr int grid_offset(int point, Axial a) {
  return (a.r + 2 * point) * grid_side(point) + (a.q + 2 * point);
}

}  // namespace qilab::star

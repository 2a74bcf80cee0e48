#pragma once
// The star board of mizong at run time (RULINGS.md "Board"): the lattice tables of
// engine/star for the configured point size, the seats' home triangles in slot order,
// cell names and discs. Point size 24 is the seed's board (3601 vertices), 4 the
// 121-vertex board for fast tests. One immutable instance per point size, for the program's life.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/core/bitboard.h"

namespace qilab::mizong {

inline constexpr int kMaxCells = 3601;
inline constexpr int kDirs = 6;
using Board = Bitboard<kMaxCells>;

// Directions as in engine/star: 0 up-left, 1 up-right, 2 left, 3 right, 4 down-left, 5 down-right.
constexpr int opposite(int d) { return 5 - d; }

struct Geometry {
  int point = 0;       // point size P
  int cells = 0;       // 6P(P+1)+1
  int home_size = 0;   // P(P+1)/2 vertices per star point
  int centre = 0;
  int rows = 0;
  std::vector<std::int16_t> q, r, row, col;  // axial coordinates; row and doubled column
  std::vector<std::array<std::int16_t, kDirs>> nb;  // neighbour per direction, -1 off the board
  std::vector<std::int16_t> grid;                   // (row, doubled col) -> cell
  int grid_width = 0;
  // home[t][j]: slot j of star point t, tip first, row by row towards the hexagon (the front).
  std::array<std::vector<std::int16_t>, 6> home;
  std::vector<std::int8_t> triangle;  // star point of a cell, -1 in the hexagon
  std::vector<std::int16_t> slot;     // slot index of a home cell in its star point, -1 elsewhere

  int at(int qa, int ra) const {
    const int rw = ra + 2 * point, cl = 2 * qa + 3 * point + ra;
    if (rw < 0 || rw >= rows || cl < 0 || cl >= grid_width) return -1;
    return grid[rw * grid_width + cl];
  }
  int distance(int a, int b) const {
    const int dq = q[a] - q[b], dr = r[a] - r[b];
    const int s = dq + dr;
    return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (s < 0 ? -s : s)) / 2;
  }
  // f(cell) for every cell at distance 1..radius of c (c itself excluded), nearest ring
  // first for radius 1; f may return true to stop early (then for_disc returns true).
  template <class F>
  bool for_disc(int c, int radius, F&& f) const {
    auto call = [&](int x) {
      if constexpr (std::is_same_v<decltype(f(0)), bool>) return f(x);
      else return f(x), false;
    };
    for (int d = 0; d < kDirs; ++d)
      if (nb[c][d] >= 0 && call(nb[c][d])) return true;
    if (radius <= 1) return false;
    const int qc = q[c], rc = r[c];
    for (int dq = -radius; dq <= radius; ++dq) {
      const int lo = dq < 0 ? -radius - dq : -radius, hi = dq < 0 ? radius : radius - dq;
      for (int dr = lo; dr <= hi; ++dr) {
        const int s = dq + dr;
        if ((dq >= -1 && dq <= 1 && dr >= -1 && dr <= 1 && s >= -1 && s <= 1)) continue;  // c and its neighbours
        const int x = at(qc + dq, rc + dr);
        if (x >= 0 && call(x)) return true;
      }
    }
    return false;
  }
  Board disc(int c, int radius) const;  // c included

  // Cells are named by axial coordinates "q,r" (the centre is "0,0"; q grows to the east,
  // r to the south-east... see docs/rules/mizong.md).
  std::string name(int c) const;
  int parse(std::string_view text) const;  // -1 if not a cell
};

// The geometry of point size 4 or 24; throws Error otherwise.
const Geometry& geometry(int point);

}  // namespace qilab::mizong

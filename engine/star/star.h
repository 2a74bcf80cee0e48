#pragma once
// The six-pointed star lattice shared by checkers and mizong (docs/rules/mizong.md "Board",
// docs/rules/checkers.md).
//
// Point size P: each star point is a triangle of P rows (1+2+...+P vertices), the central
// hexagon has P+1 vertices a side; 6P(P+1)+1 vertices in all (P=4: 121, P=24: 3601).
// Cells are numbered row by row from the north tip, left to right (OpenSpiel's numbering
// for P=4). Each cell has a row, a doubled column (neighbours in a row are 2 apart) and
// axial coordinates (q, r) with the centre at (0, 0).
//
// Directions, in OpenSpiel's order: 0 up-left, 1 up-right, 2 left, 3 right, 4 down-left,
// 5 down-right. Triangles: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW (clockwise); -1 = the hexagon.
#include <array>
#include <cstdint>
#include <cstdlib>

#include "engine/core/bitboard.h"

namespace qilab::star {

inline constexpr int kDirections = 6;
inline constexpr int kTriangles = 6;
enum Direction : int { kUpLeft, kUpRight, kLeft, kRight, kDownLeft, kDownRight };

template <int P>
struct Star {
  static constexpr int kPoint = P;
  static constexpr int kCells = 6 * P * (P + 1) + 1;
  static constexpr int kRows = 4 * P + 1;
  static constexpr int kWidth = 6 * P + 1;  // doubled columns 0..6P
  static constexpr int kTriangleSize = P * (P + 1) / 2;
  using Board = Bitboard<kCells>;

  // Axial direction vectors (dq, dr) in the order of Direction.
  static constexpr int kDq[kDirections] = {0, 1, -1, 1, -1, 0};
  static constexpr int kDr[kDirections] = {-1, -1, 0, 0, 1, 1};

  std::array<std::int16_t, kCells> row{}, col{}, q{}, r{};
  std::array<std::int8_t, kCells> triangle{};
  std::array<std::array<std::int16_t, kDirections>, kCells> neighbour{};  // -1 off the board
  std::array<std::array<std::int16_t, kDirections>, kCells> hop{};        // two steps; -1 off
  std::array<std::array<std::int16_t, kCells>, kTriangles> rotated{};     // [k][c]: c turned k*60° clockwise
  std::array<std::array<std::int16_t, kTriangleSize>, kTriangles> triangle_cells{};
  std::array<std::int16_t, kRows * kWidth> grid{};  // (row, doubled col) -> cell or -1
  int centre = 0;

  static constexpr int row_size(int rw) {
    if (rw < P) return rw + 1;
    if (rw <= 2 * P) return 3 * P + 1 - (rw - P);
    if (rw <= 3 * P) return rw + 1;
    return 4 * P + 1 - rw;
  }
  static constexpr int row_start(int rw) {
    if (rw < P) return 3 * P - rw;
    if (rw <= 2 * P) return rw - P;
    if (rw <= 3 * P) return 3 * P - rw;
    return rw - P;
  }

  constexpr Star() {
    for (auto& g : grid) g = -1;
    int c = 0;
    for (int rw = 0; rw < kRows; ++rw)
      for (int i = 0; i < row_size(rw); ++i, ++c) {
        int cl = row_start(rw) + 2 * i;
        row[c] = static_cast<std::int16_t>(rw);
        col[c] = static_cast<std::int16_t>(cl);
        r[c] = static_cast<std::int16_t>(rw - 2 * P);
        q[c] = static_cast<std::int16_t>((cl - 3 * P - (rw - 2 * P)) / 2);
        grid[rw * kWidth + cl] = static_cast<std::int16_t>(c);
      }
    int filled[kTriangles] = {};
    for (int x = 0; x < kCells; ++x) {
      int t = triangle_of(q[x], r[x]);
      triangle[x] = static_cast<std::int8_t>(t);
      if (t >= 0) triangle_cells[t][filled[t]++] = static_cast<std::int16_t>(x);
      if (q[x] == 0 && r[x] == 0) centre = x;
      for (int d = 0; d < kDirections; ++d) {
        neighbour[x][d] = static_cast<std::int16_t>(at(q[x] + kDq[d], r[x] + kDr[d]));
        hop[x][d] = static_cast<std::int16_t>(at(q[x] + 2 * kDq[d], r[x] + 2 * kDr[d]));
      }
      int qq = q[x], rr = r[x];
      for (int k = 0; k < kTriangles; ++k) {
        rotated[k][x] = static_cast<std::int16_t>(at(qq, rr));
        int s = -qq - rr;  // (q, r, s) -> (-r, -s, -q) turns 60° clockwise
        int nq = -rr, nr = -s;
        qq = nq;
        rr = nr;
      }
    }
  }

  // Cell at axial (q, r), or -1 off the board.
  constexpr int at(int qa, int ra) const {
    int rw = ra + 2 * P;
    int cl = 2 * qa + 3 * P + ra;
    if (rw < 0 || rw >= kRows || cl < 0 || cl >= kWidth) return -1;
    return grid[rw * kWidth + cl];
  }

  static constexpr int triangle_of(int qa, int ra) {
    int s = -qa - ra;
    if (ra < -P) return 0;
    if (qa > P) return 1;
    if (s < -P) return 2;
    if (ra > P) return 3;
    if (qa < -P) return 4;
    if (s > P) return 5;
    return -1;
  }

  // Lattice (hex) distance.
  constexpr int distance(int a, int b) const {
    int dq = q[a] - q[b], dr = r[a] - r[b];
    return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
  }

  // Cells reached from c by stepping in direction d until the edge (c itself excluded).
  constexpr Board ray(int c, int d) const {
    Board b;
    for (int x = neighbour[c][d]; x >= 0; x = neighbour[x][d]) b.set(x);
    return b;
  }

  // Every cell within lattice distance `radius` of c (c included).
  constexpr Board disc(int c, int radius) const {
    Board b;
    for (int dq = -radius; dq <= radius; ++dq)
      for (int dr = -radius; dr <= radius; ++dr) {
        if (std::abs(dq + dr) > radius) continue;
        int x = at(q[c] + dq, r[c] + dr);
        if (x >= 0) b.set(x);
      }
    return b;
  }

  constexpr Board triangle_board(int t) const {
    Board b;
    for (int x : triangle_cells[t]) b.set(x);
    return b;
  }

  static constexpr int target_triangle(int t) { return (t + 3) % kTriangles; }
};

// The boards in use, built at compile time.
inline constexpr Star<4> kStar4{};

}  // namespace qilab::star

#pragma once
// The hex grid of 元素之章: axial coordinates (q, r) inside a hexagon of a given radius,
// cells numbered row by row (r from -radius, then q increasing). Six directions:
//   0 E (+1,0)  1 NE (+1,-1)  2 NW (0,-1)  3 W (-1,0)  4 SW (-1,+1)  5 SE (0,+1)
// Direction d's opposite is (d + 3) % 6. Tile edges are numbered by the same directions.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/bitboard.h"

namespace qilab::elements {

inline constexpr int kMinRadius = 5;
inline constexpr int kMaxRadius = 8;
inline constexpr int kMaxCells = 3 * kMaxRadius * (kMaxRadius + 1) + 1;  // 217
using Board = Bitboard<kMaxCells>;

inline constexpr int kDirs = 6;
inline constexpr int kDq[kDirs] = {1, 1, 0, -1, -1, 0};
inline constexpr int kDr[kDirs] = {0, -1, -1, 0, 1, 1};
inline constexpr const char* kDirName[kDirs] = {"E", "NE", "NW", "W", "SW", "SE"};
constexpr int opposite(int d) { return (d + 3) % 6; }

class Grid {
 public:
  explicit Grid(int radius = 7);

  int radius() const { return radius_; }
  int cells() const { return cells_; }
  int q(int cell) const { return q_[cell]; }
  int r(int cell) const { return r_[cell]; }
  // The cell at (q, r), or -1 outside the hexagon.
  int at(int q, int r) const;
  // The neighbour in direction d, or -1 at the rim.
  int step(int cell, int d) const { return nb_[cell][d]; }
  int distance(int a, int b) const;
  // Direction d such that b lies on the straight ray from a in direction d, or -1.
  int line_dir(int a, int b) const;
  // The board's mirror (cube y and z swapped): (q, r) -> (q, -q-r); maps base 0 onto base 1.
  int mirror(int cell) const { return mirror_[cell]; }
  static int mirror_dir(int d);
  // The encoding's square grid (docs/encoding/elements.md): (q, r) at row r + radius, column
  // q + radius, side 2 * radius + 1; square_cell is the inverse (-1 on the padding).
  int side() const { return 2 * radius_ + 1; }
  int square(int cell) const { return (r_[cell] + radius_) * side() + q_[cell] + radius_; }
  int square_cell(int square) const { return square_cell_[square]; }

  std::string name(int cell) const;        // "q,r"
  int parse(std::string_view text) const;  // "q,r" -> cell, or -1
  const Board& all() const { return all_; }

 private:
  int radius_, cells_;
  std::array<std::int8_t, kMaxCells> q_{}, r_{};
  std::array<std::array<std::int16_t, kDirs>, kMaxCells> nb_{};
  std::array<std::int16_t, kMaxCells> mirror_{};
  std::array<std::int16_t, (2 * kMaxRadius + 1) * (2 * kMaxRadius + 1)> square_cell_{};
  Board all_;
};

}  // namespace qilab::elements

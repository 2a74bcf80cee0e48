#pragma once
// Board geometry of guifa (docs/rules/guifa.md, "Board"): an odd N×N square board,
// cell = row * N + col with row 0 the south edge. Seats sit on the four edges (sides
// 0 south, 1 east, 2 north, 3 west: counter-clockwise). Tables are built once per size.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/bitboard.h"

namespace qilab::guifa {

inline constexpr int kMinSize = 9;
inline constexpr int kMaxSize = 15;
inline constexpr int kMaxCells = kMaxSize * kMaxSize;
using Board = Bitboard<kMaxCells>;
// A bit index inside every Board past the last cell of the largest board: never set.
inline constexpr int kOffBoard = Board::kWords * 64 - 1;
static_assert(kOffBoard >= kMaxCells);

// Directions: 0-3 orthogonal (N, E, S, W), 4-7 diagonal (NE, SE, SW, NW).
inline constexpr int kDirections = 8;
inline constexpr int kDr[kDirections] = {1, 0, -1, 0, 1, -1, -1, 1};
inline constexpr int kDc[kDirections] = {0, 1, 0, -1, 1, 1, -1, -1};

struct Geometry {
  int n = 0;       // side length
  int cells = 0;   // n * n
  int centre = 0;  // the source of magic
  // step[c][d]: the next cell along direction d, or -1. Diagonal steps exist only between
  // two cells of the same city (a main city or the holy city): the manual lets pieces go
  // diagonally only inside them.
  std::array<std::array<std::int16_t, kDirections>, kMaxCells> step{};
  // One straight line out of a cell: its first four squares (range is at most 4), `len` of
  // them on the board (or in the city, for a diagonal). Squares past `len` are kOffBoard, a
  // bit of every Board that never holds a cell, so move generation reads all four squares
  // without a bounds test: an off-board square is never open.
  struct Ray {
    std::array<std::int16_t, 4> cell{};
    std::uint8_t len = 0;
    std::uint8_t dir = 0;
  };
  // rays[c][0, ray_count[c]): the lines that have a first square from c, in direction order
  // (diagonals only inside a city).
  std::array<std::array<Ray, kDirections>, kMaxCells> rays{};
  std::array<std::uint8_t, kMaxCells> ray_count{};
  std::array<std::int8_t, kMaxCells> city{};  // 0-3 main city of side s, 4 holy city, -1 none
  std::array<Board, kMaxCells> ring{};        // the 8 neighbours
  std::array<Board, kMaxCells> block{};       // the cell and its 8 neighbours (3×3)
  // line[c][side]: the cell and its two neighbours along that side's left-right axis.
  std::array<std::array<Board, 4>, kMaxCells> line{};
  std::array<Board, 5> city_board{};
  Board cross;  // the centre cross: middle row and middle column
  Board all;
  // The board turned k quarter turns so that side k's edge is the south edge (row 0), as the
  // encoding and the policy index see it (docs/encoding/guifa.md): turned[k][c] is where cell c
  // lands, unturned[k] the inverse. k = 0 leaves the board as it is.
  std::array<std::array<std::int16_t, kMaxCells>, 4> turned{}, unturned{};
  // Home cell of side s at lateral index i, counted from that side's left.
  int home(int side, int i) const;

  int row(int c) const { return c / n; }
  int col(int c) const { return c % n; }
  std::string name(int c) const;           // "e1": file letter from the west, rank from the south
  int parse(std::string_view text) const;  // -1 when not a cell of this board
};

// The geometry of an odd size in [kMinSize, kMaxSize]; built once, shared by all states.
const Geometry& geometry(int n);

}  // namespace qilab::guifa

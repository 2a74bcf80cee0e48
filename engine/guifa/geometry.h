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

// Directions: 0-3 orthogonal (N, E, S, W), 4-7 diagonal (NE, SE, SW, NW).
inline constexpr int kDirections = 8;
inline constexpr int kDr[kDirections] = {1, 0, -1, 0, 1, -1, -1, 1};
inline constexpr int kDc[kDirections] = {0, 1, 0, -1, 1, 1, -1, -1};

struct Geometry {
  int n = 0;      // side length
  int cells = 0;  // n * n
  int centre = 0; // the source of magic
  // step[c][d]: the next cell along direction d, or -1. Diagonal steps exist only between
  // two cells of the same city (a main city or the holy city): the manual lets pieces go
  // diagonally only inside them.
  std::array<std::array<std::int16_t, kDirections>, kMaxCells> step{};
  // dirs[c]: the directions with a step from c (diagonals only inside a city), so move
  // generation never walks a ray that has no first square.
  std::array<std::array<std::uint8_t, kDirections>, kMaxCells> dirs{};
  std::array<std::uint8_t, kMaxCells> dir_count{};
  // ray[c][d]: the first four squares along direction d from c (-1 past the board or the
  // city), ray_len[c][d] how many exist: move generation reads a line without stepping.
  std::array<std::array<std::array<std::int16_t, 4>, kDirections>, kMaxCells> ray{};
  std::array<std::array<std::uint8_t, kDirections>, kMaxCells> ray_len{};
  std::array<std::int8_t, kMaxCells> city{};  // 0-3 main city of side s, 4 holy city, -1 none
  std::array<Board, kMaxCells> ring{};        // the 8 neighbours
  std::array<Board, kMaxCells> block{};       // the cell and its 8 neighbours (3×3)
  // line[c][side]: the cell and its two neighbours along that side's left-right axis.
  std::array<std::array<Board, 4>, kMaxCells> line{};
  std::array<Board, 5> city_board{};
  Board cross;  // the centre cross: middle row and middle column
  Board all;
  // Home cell of side s at lateral index i, counted from that side's left.
  int home(int side, int i) const;

  int row(int c) const { return c / n; }
  int col(int c) const { return c % n; }
  std::string name(int c) const;  // "e1": file letter from the west, rank from the south
  int parse(std::string_view text) const;  // -1 when not a cell of this board
};

// The geometry of an odd size in [kMinSize, kMaxSize]; built once, shared by all states.
const Geometry& geometry(int n);

}  // namespace qilab::guifa

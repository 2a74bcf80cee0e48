#pragma once
// The star board of mizong at run time (docs/rules/mizong.md "Board"): the lattice tables of
// engine/star for the configured point size, the seats' home triangles in slot order,
// cell names and discs. Point size 24 is the seed's board (3601 vertices), 4 the
// 121-vertex board for fast tests. One immutable instance per point size, for the program's life.
#include <algorithm>
#include <array>
#include <bit>
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

// Set bits of a word, inline on any x86-64 (std::popcount is a library call without
// -mpopcnt, the project's default build).
constexpr int bit_count(std::uint64_t v) {
  v = v - ((v >> 1) & 0x5555555555555555ull);
  v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
  v = (v + (v >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((v * 0x0101010101010101ull) >> 56);
}

// Steps from a vertex to the one at axial offset (dq, dr) on the unbounded lattice.
constexpr int hex_distance(int dq, int dr) {
  const int s = dq + dr;
  return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (s < 0 ? -s : s)) / 2;
}

struct Geometry {
  int point = 0;      // point size P
  int cells = 0;      // 6P(P+1)+1
  int home_size = 0;  // P(P+1)/2 vertices per star point
  int centre = 0;
  int rows = 0;
  std::vector<std::int16_t> q, r, row, col;         // axial coordinates; row and doubled column
  std::vector<std::array<std::int16_t, kDirs>> nb;  // neighbour per direction, -1 off the board
  std::vector<std::int16_t> grid;                   // (row, doubled col) -> cell
  int grid_width = 0;
  // home[t][j]: slot j of star point t, tip first, row by row towards the hexagon (the front).
  std::array<std::vector<std::int16_t>, 6> home;
  std::vector<std::int8_t> triangle;  // star point of a cell, -1 in the hexagon
  std::vector<std::int16_t> slot;     // slot index of a home cell in its star point, -1 elsewhere
  // Cells are numbered row by row (r ascending), q ascending within a row: row r + 2P runs
  // from cell row_first[r + 2P] (q = row_qmin) to q = row_qmax.
  std::vector<std::int16_t> row_first, row_qmin, row_qmax;
  std::vector<std::int8_t> owner_of;  // seat of each piece id (6 x home_size), a table instead of a division
  // The encoding grid, (4P+1) x (4P+1) in axial coordinates (engine/star/turn.h): turn_at[k][c] is
  // the grid offset of cell c with the board turned k*60 degrees clockwise, turn_cell[k][o] the
  // cell at grid offset o under that turn (-1 on the padding).
  std::array<std::vector<std::int16_t>, 6> turn_at, turn_cell;

  [[gnu::always_inline]] int at(int qa, int ra) const {
    const int rw = ra + 2 * point, cl = 2 * qa + 3 * point + ra;
    if (rw < 0 || rw >= rows || cl < 0 || cl >= grid_width) return -1;
    return grid[rw * grid_width + cl];
  }
  int distance(int a, int b) const { return hex_distance(q[a] - q[b], r[a] - r[b]); }
  // f(cell) for every cell at distance 1..radius of c (c itself excluded), nearest ring
  // first for radius 1; f may return true to stop early (then for_disc returns true).
  template <class F>
  bool for_disc(int c, int radius, F&& f) const {
    auto call = [&](int x) {
      if constexpr (std::is_same_v<decltype(f(0)), bool>)
        return f(x);
      else
        return f(x), false;
    };
    for (int d = 0; d < kDirs; ++d)
      if (nb[c][d] >= 0 && call(nb[c][d])) return true;
    if (radius <= 1) return false;
    const int qc = q[c], rc = r[c];
    for (int dq = -radius; dq <= radius; ++dq) {
      const int lo = dq < 0 ? -radius - dq : -radius, hi = dq < 0 ? radius : radius - dq;
      for (int dr = lo; dr <= hi; ++dr) {
        const int s = dq + dr;
        if ((dq >= -1 && dq <= 1 && dr >= -1 && dr <= 1 && s >= -1 && s <= 1))
          continue;  // c and its neighbours
        const int x = at(qc + dq, rc + dr);
        if (x >= 0 && call(x)) return true;
      }
    }
    return false;
  }
  Board disc(int c, int radius) const;  // c included

  // f(cell) for every cell of `set` at distance 1..radius of c, row by row (increasing
  // cells): each row of the disc is one bit extraction from the set's words. f may return
  // true to stop early (then the call returns true). radius <= 31.
  template <class F>
  bool for_disc_in(const Board& set, int c, int radius, F&& f) const {
    return for_disc_bits(
        c, radius, [&](int first, int n) { return bits_at(set, first, n); }, f);
  }
  // The same over the cells whose bits bits(first, n) gives (e.g. occupied and not own).
  template <class Bits, class F>
  bool for_disc_bits(int c, int radius, Bits&& bits, F&& f) const {
    return for_disc_rows(c, radius, bits, [&](int first, std::uint64_t v) {
      while (v) {
        const int b = std::countr_zero(v);
        v &= v - 1;
        if constexpr (std::is_same_v<decltype(f(0)), bool>) {
          if (f(first + b)) return true;
        } else {
          f(first + b);
        }
      }
      return false;
    });
  }
  // Row by row: row(first, v) with v = bits(first, n) of one row of the disc (c excluded), bit
  // b standing for cell first + b; row returns true to stop (then the call returns true).
  template <class Bits, class Row>
  bool for_disc_rows(int c, int radius, Bits&& bits, Row&& row) const {
    const int qc = q[static_cast<std::size_t>(c)], rc = r[static_cast<std::size_t>(c)], P2 = 2 * point;
    for (int dr = -radius; dr <= radius; ++dr) {
      const int rr = rc + dr;
      if (rr < -P2 || rr > P2) continue;
      const auto ri = static_cast<std::size_t>(rr + P2);
      const int qlo = std::max(qc + std::max(-radius, -radius - dr), static_cast<int>(row_qmin[ri]));
      const int qhi = std::min(qc + std::min(radius, radius - dr), static_cast<int>(row_qmax[ri]));
      if (qlo > qhi) continue;
      const int first = row_first[ri] + (qlo - row_qmin[ri]);
      std::uint64_t v = bits(first, qhi - qlo + 1);
      if (dr == 0) v &= ~(std::uint64_t{1} << (c - first));
      if (v && row(first, v)) return true;
    }
    return false;
  }
  // How many cells of the disc (c excluded) bits(first, n) sets, and the k-th of them in
  // increasing cell order (-1 if there are not that many).
  template <class Bits>
  int disc_count(int c, int radius, Bits&& bits) const {
    int n = 0;
    for_disc_rows(c, radius, bits, [&](int, std::uint64_t v) {
      n += bit_count(v);
      return false;
    });
    return n;
  }
  template <class Bits>
  int disc_nth(int c, int radius, Bits&& bits, int k) const {
    int cell = -1;
    for_disc_rows(c, radius, bits, [&](int first, std::uint64_t v) {
      const int n = bit_count(v);
      if (k >= n) {
        k -= n;
        return false;
      }
      for (; k > 0; --k) v &= v - 1;
      cell = first + std::countr_zero(v);
      return true;
    });
    return cell;
  }
  // Bits first .. first+n-1 (n <= 64) of a board, as the low bits of a word.
  [[gnu::always_inline]] static std::uint64_t bits_at(const Board& b, int first, int n) {
    const int w = first >> 6, o = first & 63;
    std::uint64_t v = b.word(w) >> o;
    if (o != 0 && o + n > 64 && w + 1 < Board::kWords) v |= b.word(w + 1) << (64 - o);
    return n >= 64 ? v : v & ((std::uint64_t{1} << n) - 1);
  }

  // Cells are named by axial coordinates "q,r" (the centre is "0,0"; q grows to the east,
  // r to the south-east... see docs/rules/mizong.md).
  std::string name(int c) const;
  int parse(std::string_view text) const;  // -1 if not a cell
};

// The axial offsets (dq, dr) at distance 1..kMaxOffsetRadius, ring by ring (ring k, the
// offsets at distance k, from index 3k(k-1) to 3k(k+1)): the first 3r(r+1) are a disc of
// radius r, so an index below that proposes one cell of the disc (State::pick_sub's draws).
struct Offset {
  std::int8_t dq, dr;
};
inline constexpr int kMaxOffsetRadius = 12;
inline constexpr int disc_size(int radius) { return 3 * radius * (radius + 1); }
inline constexpr std::array<Offset, disc_size(kMaxOffsetRadius)> kDiscOffsets = [] {
  std::array<Offset, disc_size(kMaxOffsetRadius)> t{};
  std::size_t n = 0;
  for (int k = 1; k <= kMaxOffsetRadius; ++k)
    for (int dr = -k; dr <= k; ++dr)
      for (int dq = -k; dq <= k; ++dq)
        if (hex_distance(dq, dr) == k)
          t[n++] = Offset{static_cast<std::int8_t>(dq), static_cast<std::int8_t>(dr)};
  return t;
}();
// Ring by ring: entries 3k(k-1) .. 3k(k+1)-1 are the offsets at distance k, each once.
static_assert([] {
  for (int k = 1; k <= kMaxOffsetRadius; ++k)
    for (int i = disc_size(k - 1); i < disc_size(k); ++i) {
      const Offset o = kDiscOffsets[static_cast<std::size_t>(i)];
      if (hex_distance(o.dq, o.dr) != k) return false;
      for (int j = disc_size(k - 1); j < i; ++j)
        if (kDiscOffsets[static_cast<std::size_t>(j)].dq == o.dq &&
            kDiscOffsets[static_cast<std::size_t>(j)].dr == o.dr)
          return false;
    }
  return true;
}());

// The geometry of point size 4 or 24; throws Error otherwise.
const Geometry& geometry(int point);

}  // namespace qilab::mizong

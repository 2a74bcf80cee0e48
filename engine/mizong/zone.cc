#include "engine/mizong/zone.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

namespace qilab::mizong {
namespace {

// The walk window: axial offsets (dq, dr) from the start with |dq|, |dr| <= 6 (every walk of
// 6 steps stays inside), row i = dr + 6 in word i / 4 of a mask, bit 16 (i % 4) + dq + 6.
constexpr int kL = kZoneSteps;
constexpr int kSide = 2 * kL + 1;
constexpr int kOffsets = kSide * kSide;
constexpr int kTurns = 3;  // patterns of 0, 1 or 2 turns
static_assert(kSide <= 16, "a window row fits a 16-bit lane");

struct Mask {
  std::array<std::uint64_t, 4> w{};
  friend bool operator==(const Mask&, const Mask&) = default;
};
constexpr int lane(int row) { return 16 * (row & 3); }
inline void put(Mask& m, int dq, int dr) {
  const int i = dr + kL;
  m.w[static_cast<std::size_t>(i >> 2)] |= std::uint64_t{1} << (lane(i) + dq + kL);
}

// Per number of turns and end offset, the distinct inner-vertex masks of the walks (the
// vertices after steps 1 .. 5; the start and the end are added once a walk is free), the
// directions of the first five steps of one walk of each mask (3 bits a step), and the window
// rows those vertices lie on.
struct WalkTable {
  std::vector<Mask> masks;
  std::vector<std::uint16_t> dirs;
  std::array<std::uint16_t, kTurns * kOffsets + 1> first{};
  std::array<std::uint8_t, kTurns * kOffsets> row_lo{}, row_hi{};
};

WalkTable build_table() {
  std::array<std::vector<std::pair<Mask, std::uint16_t>>, kTurns * kOffsets> per{};
  std::array<int, kL + 1> pq{}, pr{}, pd{};
  for (int t = 0; t < kTurns; ++t) {
    // Every direction sequence of kL steps, no reversal, exactly t changes of direction.
    auto rec = [&](auto&& self, int step, int dir, int turns) -> void {
      if (step == kL) {
        if (turns != t) return;
        Mask m;
        for (int s = 1; s < kL; ++s) put(m, pq[static_cast<std::size_t>(s)], pr[static_cast<std::size_t>(s)]);
        auto& list = per[static_cast<std::size_t>(t * kOffsets + (pr[kL] + kL) * kSide + pq[kL] + kL)];
        for (const auto& x : list)
          if (x.first == m) return;
        std::uint16_t dirs = 0;
        for (int s = kL - 2; s >= 0; --s)
          dirs = static_cast<std::uint16_t>(dirs << 3 | pd[static_cast<std::size_t>(s)]);
        list.emplace_back(m, dirs);
        return;
      }
      for (int d = 0; d < kDirs; ++d) {
        if (step > 0 && d == opposite(dir)) continue;
        const int nt = turns + (step > 0 && d != dir);
        if (nt > t) continue;
        pq[static_cast<std::size_t>(step + 1)] = pq[static_cast<std::size_t>(step)] + detail::kDq[d];
        pr[static_cast<std::size_t>(step + 1)] = pr[static_cast<std::size_t>(step)] + detail::kDr[d];
        pd[static_cast<std::size_t>(step)] = d;
        self(self, step + 1, d, nt);
      }
    };
    rec(rec, 0, 0, 0);
  }
  WalkTable tab;
  for (std::size_t k = 0; k < per.size(); ++k) {
    tab.first[k] = static_cast<std::uint16_t>(tab.masks.size());
    int lo = kSide, hi = -1;
    for (const auto& [m, dirs] : per[k]) {
      tab.masks.push_back(m);
      tab.dirs.push_back(dirs);
      for (int i = 0; i < kSide; ++i)
        if ((m.w[static_cast<std::size_t>(i >> 2)] >> lane(i)) & 0xFFFF) {
          lo = std::min(lo, i);
          hi = std::max(hi, i);
        }
    }
    tab.row_lo[k] = static_cast<std::uint8_t>(hi < 0 ? kL : lo);
    tab.row_hi[k] = static_cast<std::uint8_t>(hi < 0 ? kL - 1 : hi);
  }
  tab.first[per.size()] = static_cast<std::uint16_t>(tab.masks.size());
  return tab;
}

const WalkTable& walk_table() {
  static const WalkTable tab = build_table();
  return tab;
}

inline void or_word(Board& b, int w, std::uint64_t v) { b.set_word(w, b.word(w) | v); }
inline void clear_words(Board& b, int lo, int hi) {
  for (int w = lo; w < hi; ++w) b.set_word(w, 0);
}

// Four zone rows at a time (GCC/Clang vector extension: SSE2 on plain x86-64).
using Quad = std::uint32_t __attribute__((vector_size(16)));
constexpr int kPad = 4;        // zero rows before row 0 (a row reads up to 3 rows back)
constexpr int kZoneRows = 24;  // zone rows k = dr + 12 for dr in -9 .. 9, and spare
constexpr int kRowsN = kPad + kZoneRows;
static_assert(kRowsN % 4 == 0);
// dst[k] = src[k] | (src[k - back] >> shift) for every row.
template <int back, int shift>
inline void spread(const std::uint32_t* src, std::uint32_t* dst) {
  for (int i = kPad; i < kRowsN; i += 4) {
    Quad x, y;
    std::memcpy(&x, src + i, sizeof x);
    std::memcpy(&y, src + i - back, sizeof y);
    if constexpr (shift > 0) y >>= shift;
    x |= y;
    std::memcpy(dst + i, &x, sizeof x);
  }
}

// The tabled patterns: the union of the free walks' vertices, dilated to radius 3 on bit rows
// of the 19 x 19 window (row k = dr + 12 of the zone, bit dq + 9), written row by row.
void table_zone(const Geometry& g, int start, int end, int turns, const Board& occupied, Board& zone,
                int& lo_word, int& hi_word) {
  clear_words(zone, lo_word, hi_word);
  lo_word = hi_word = 0;
  const WalkTable& tab = walk_table();
  const int q0 = g.q[static_cast<std::size_t>(start)], r0 = g.r[static_cast<std::size_t>(start)];
  const int dq = g.q[static_cast<std::size_t>(end)] - q0, dr = g.r[static_cast<std::size_t>(end)] - r0;
  if (dq < -kL || dq > kL || dr < -kL || dr > kL || start == end) return;
  const auto key = static_cast<std::size_t>(turns * kOffsets + (dr + kL) * kSide + dq + kL);
  const int first = tab.first[key], last = tab.first[key + 1];
  const int row_lo = tab.row_lo[key], row_hi = tab.row_hi[key], ie = dr + kL;
  Mask u;
  bool any = false;
  if (turns <= 1) {
    // At most 4 walks, none through a vertex twice: step each one's five inner vertices.
    const auto& nb = g.nb;
    for (int k = first; k < last; ++k) {
      unsigned d = tab.dirs[static_cast<std::size_t>(k)];
      int x = start;
      bool open = true;
      for (int step = 1; step < kL && open; ++step, d >>= 3) {
        x = nb[static_cast<std::size_t>(x)][d & 7];
        open = x >= 0 && !occupied.test(x);
      }
      if (!open) continue;
      const auto& m = tab.masks[static_cast<std::size_t>(k)].w;
      for (std::size_t j = 0; j < 4; ++j) u.w[j] |= m[j];
      any = true;
    }
  } else {
    // The blocked vertices of the rows the walks cross (every other bit reads blocked, and no
    // walk has an inner vertex there); the start and the end count as empty (a walk of two
    // turns may pass through either).
    std::array<std::uint64_t, 4> blocked{~std::uint64_t{0}, ~std::uint64_t{0}, ~std::uint64_t{0},
                                         ~std::uint64_t{0}};
    const int P2 = 2 * g.point, qb = q0 - kL;
    const int ifirst = std::max(row_lo, -P2 - r0 + kL), ilast = std::min(row_hi, P2 - r0 + kL);
    for (int i = ifirst; i <= ilast; ++i) {
      const auto ri = static_cast<std::size_t>(r0 - kL + i + P2);
      const int qmin = g.row_qmin[ri];
      // Window bits on the row: qmin - qb .. qmax - qb, within 0 .. 12.
      const int blo = std::max(qmin - qb, 0), bhi = std::min(g.row_qmax[ri] - qb, kSide - 1);
      if (blo > bhi) continue;
      const std::uint64_t taken =
          Geometry::bits_at(occupied, g.row_first[ri] + (qb + blo - qmin), bhi - blo + 1);
      const std::uint64_t open = ~taken & ((std::uint64_t{2} << (bhi - blo)) - 1);
      blocked[static_cast<std::size_t>(i >> 2)] &= ~(open << (lane(i) + blo));
    }
    blocked[kL >> 2] &= ~(std::uint64_t{1} << (lane(kL) + kL));
    blocked[static_cast<std::size_t>(ie >> 2)] &= ~(std::uint64_t{1} << (lane(ie) + dq + kL));
    for (int k = first; k < last; ++k) {
      const auto& m = tab.masks[static_cast<std::size_t>(k)].w;
      if (((m[0] & blocked[0]) | (m[1] & blocked[1]) | (m[2] & blocked[2]) | (m[3] & blocked[3])) == 0) {
        for (std::size_t j = 0; j < 4; ++j) u.w[j] |= m[j];
        any = true;
      }
    }
  }
  if (!any) return;
  put(u, 0, 0);
  put(u, dq, dr);
  // Radius 3 = three 4-vertex segments: along +q, along +r, along (-q, +r). The path rows
  // sit at k = i + 3 (bit dq + 9); the two row segments add 0..6 rows, the zone row of a
  // vertex then being k - 12 = its dr.
  const int ilo = std::min({row_lo, kL, ie}), ihi = std::max({row_hi, kL, ie});
  alignas(16) std::uint32_t za[kRowsN] = {}, zb[kRowsN] = {};
  for (int i = ilo; i <= ihi; ++i) {
    std::uint32_t y = static_cast<std::uint32_t>((u.w[static_cast<std::size_t>(i >> 2)] >> lane(i)) & 0xFFFF)
                      << 3;
    y |= y << 1;
    y |= y << 2;
    za[kPad + i + 3] = y;
  }
  spread<1, 0>(za, zb);
  spread<2, 0>(zb, za);
  spread<1, 1>(za, zb);
  spread<2, 2>(zb, za);
  const std::uint32_t* z = za + kPad;
  // Each zone row is a run of consecutive cells of its board row: bit b is q = q0 - 9 + b.
  const int P2 = 2 * g.point, qb = q0 - 9;
  const int klo = std::max(ilo + 3, 12 - P2 - r0), khi = std::min(ihi + 9, 12 + P2 - r0);
  // Writes zone row k; returns its bits as kept (0: none), s receiving the cell of bit 0.
  auto write_row = [&](int k, int& s) -> std::uint32_t {
    std::uint32_t v = z[k];
    const auto ri = static_cast<std::size_t>(r0 + k - 12 + P2);
    const int qmin = g.row_qmin[ri];
    // Bits from the row's first cell on, to its last.
    s = g.row_first[ri];
    int room = g.row_qmax[ri] - qmin;
    if (qb < qmin) {
      const int cut = qmin - qb;
      v = cut >= 32 ? 0 : v >> cut;
    } else {
      s += qb - qmin;
      room -= qb - qmin;
    }
    if (room < 18) v = room < 0 ? 0 : v & ((std::uint32_t{2} << room) - 1);
    if (!v) return 0;
    const int w = s >> 6, o = s & 63;
    or_word(zone, w, std::uint64_t{v} << o);
    // (19 bits at most: a run from bit 46 on spills into the next word, which then exists)
    if (o > 64 - 19) or_word(zone, w + 1, std::uint64_t{v} >> (64 - o));
    return v;
  };
  int lo_cell = -1, last_cell = 0, s = 0;
  std::uint32_t last_bits = 0;
  int k = klo;
  for (; k <= khi && lo_cell < 0; ++k)
    if (const std::uint32_t v = write_row(k, s)) {
      lo_cell = s + std::countr_zero(v);
      last_cell = s;
      last_bits = v;
    }
  for (; k <= khi; ++k)
    if (const std::uint32_t v = write_row(k, s)) {
      last_cell = s;
      last_bits = v;
    }
  if (lo_cell >= 0) {
    lo_word = lo_cell >> 6;
    hi_word = ((last_cell + 31 - std::countl_zero(last_bits)) >> 6) + 1;
  }
}

// Every other pattern: the depth-first walk over whole walks, then each path vertex's disc (its
// centre lies in a neighbour's disc), a row of cells at a time.
void walk_zone(const Geometry& g, int start, int end, const Pattern& pat, const Board& occupied, Board& zone,
               int& lo_word, int& hi_word) {
  Board on_path;
  walk_cells(
      g, start, end, pat, [&](int y) { return y != end && occupied.test(y); }, on_path);
  zone = Board{};
  auto all = [](int, int n) { return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1; };
  int lo = Board::kBits, hi = -1;
  on_path.for_each([&](int v) {
    g.for_disc_rows(v, 3, all, [&](int first, std::uint64_t bits) {
      lo = std::min(lo, first);
      hi = std::max(hi, first + 63 - std::countl_zero(bits));
      bits &= ~Geometry::bits_at(zone, first, 64 - std::countl_zero(bits));  // cells not set yet
      for (; bits; bits &= bits - 1) zone.set(first + std::countr_zero(bits));
      return false;
    });
  });
  lo_word = hi < 0 ? 0 : lo >> 6;
  hi_word = hi < 0 ? 0 : (hi >> 6) + 1;
}

}  // namespace

void attack_zone(const Geometry& g, int start, int end, const Pattern& pat, const Board& occupied,
                 Board& zone, int& lo_word, int& hi_word) {
  if (zone_table_handles(pat))
    table_zone(g, start, end, pat.min_turns, occupied, zone, lo_word, hi_word);
  else
    walk_zone(g, start, end, pat, occupied, zone, lo_word, hi_word);
}

}  // namespace qilab::mizong

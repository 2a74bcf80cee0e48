#pragma once
// Move paths on the lattice (docs/rules/mizong.md "Moving"): walks of a number of steps through empty
// vertices with a bounded number of turns (a turn = a change between two directions; a
// reversal only when allowed, and then it counts as a turn). Every pattern steps bit rows of
// a window around the start: walk_end_rows (paths.cc) for the patterns without reversal, the
// general window_ends_general otherwise; tests/mizong/reference_walk.h holds the
// breadth-first reference they are tested against.
// Scratch lives in thread-local stamp tables or on the stack: a call allocates nothing.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "engine/mizong/geometry.h"

namespace qilab::mizong {

struct Pattern {
  int min_steps, max_steps, min_turns, max_turns;
  bool reversal;
};

namespace detail {
// Stamps of the end vertices already reported by one walk (segment_ends).
struct WalkScratch {
  std::array<std::uint32_t, kMaxCells> cell_ended{};
  std::uint32_t stamp = 0;
  std::uint32_t next() {
    if (++stamp == 0) {
      cell_ended.fill(0);
      stamp = 1;
    }
    return stamp;
  }
};
WalkScratch& walk_scratch();
}  // namespace detail

// The end vertices of a walk as bit rows of the window around the start: row i is lattice
// row r_lo + i, bit b is q = q_lo + b (cells off the board are never set). Filled by
// walk_end_rows; a value type, no allocation.
struct EndRows {
  static constexpr int kRows = 32;
  std::array<std::uint32_t, kRows> bits;  // rows 0 .. rows - 1 in use (not cleared beyond)
  int r_lo = 0, q_lo = 0, rows = 0;

  int count() const {
    int n = 0;
    for (int i = 0; i < rows; ++i) n += bit_count(bits[static_cast<std::size_t>(i)]);
    return n;
  }
  // f(cell) for every end in increasing cell order; f returns true to stop (then true).
  template <class F>
  bool for_each(const Geometry& g, F&& f) const {
    const int P2 = 2 * g.point;
    for (int i = 0; i < rows; ++i) {
      std::uint32_t v = bits[static_cast<std::size_t>(i)];
      if (!v) continue;
      const auto ri = static_cast<std::size_t>(r_lo + i + P2);
      const int base = g.row_first[ri] - g.row_qmin[ri] + q_lo;
      while (v) {
        const int b = std::countr_zero(v);
        v &= v - 1;
        if (f(base + b)) return true;
      }
    }
    return false;
  }
  // The k-th end (0-based) in increasing cell order; k < count().
  int nth(const Geometry& g, int k) const {
    for (int i = 0; i < rows; ++i) {
      std::uint32_t v = bits[static_cast<std::size_t>(i)];
      const int n = bit_count(v);
      if (k >= n) {
        k -= n;
        continue;
      }
      for (; k > 0; --k) v &= v - 1;
      const auto ri = static_cast<std::size_t>(r_lo + i + 2 * g.point);
      return g.row_first[ri] - g.row_qmin[ri] + q_lo + std::countr_zero(v);
    }
    return -1;
  }
};

// Whether walk_end_rows handles the pattern (no reversal, at most 14 steps, at most 5 turns
// tracked); window_ends falls back to the general walk otherwise.
inline bool row_walk_handles(const Pattern& pat) {
  const bool track = !(pat.min_turns == 0 && pat.max_turns >= pat.max_steps - 1);
  return !pat.reversal && pat.max_steps >= 1 && pat.max_steps <= 14 && (!track || pat.max_turns <= 5);
}

// The ends of every walk of the pattern (row_walk_handles(pat)) from start through the empty
// vertices of `occupied` (the start counts as empty), never the start itself. Bit rows of
// the (2L+1)-square window around the start (L = max_steps), stepped four rows at a time:
// the walks that have not turned are the six rays (single vertices), and for each number of
// turns t >= 1 and direction d a set of the vertices where a walk stands after this many
// steps, moving along d after t turns. A step moves each set one vertex along its direction
// (in place, rows in the order that reads a row before it is overwritten), adding the sets
// of t - 1 turns of the two other axes (a turn; no reversal), masked by the empty vertices.
// Sets that can no longer reach the pattern's minimum of turns are dropped.
void walk_end_rows(const Geometry& g, int start, const Pattern& pat, const Board& occupied, EndRows& out);

// Every pattern of at most 12 steps, on bit rows (the general walk, reversal included): the
// (2L+1)-square window of axial coordinates around the start (L = max_steps), one 32-bit row
// per r, bit q - q0 + L. Layer by layer of steps, S[t][d] holds the vertices where a walk of that many steps
// ends moving in direction d after t turns: the next layer is S[t][d] (straight on) and S[t-1][d'] for every
// d' that may turn into d, shifted one step along d and masked by the empty vertices (the start counts as
// empty). Exact (no de-duplication is needed); ends are visited row by row, so in increasing cell order.
namespace detail {
inline constexpr int kDq[kDirs] = {0, 1, -1, 1, -1, 0};
inline constexpr int kDr[kDirs] = {-1, -1, 0, 0, 1, 1};
inline constexpr int kWindowRows = 32;  // 2 * 12 + 1 rows and an empty one each side
using Rows = std::array<std::uint32_t, kWindowRows>;
// The empty cells of lattice row r from q0 - L to q0 + L as a window row (bit b: q = q0 - L + b);
// 0 off the board.
inline std::uint32_t free_row(const Geometry& g, const Board& occupied, int r, int q0, int L) {
  const int P2 = 2 * g.point;
  if (r < -P2 || r > P2) return 0;
  const auto ri = static_cast<std::size_t>(r + P2);
  const int qlo = std::max(q0 - L, static_cast<int>(g.row_qmin[ri]));
  const int qhi = std::min(q0 + L, static_cast<int>(g.row_qmax[ri]));
  if (qlo > qhi) return 0;
  const int n = qhi - qlo + 1;
  const std::uint64_t occ = Geometry::bits_at(occupied, g.row_first[ri] + (qlo - g.row_qmin[ri]), n);
  return static_cast<std::uint32_t>((~occ & ((std::uint64_t{1} << n) - 1)) << (qlo - (q0 - L)));
}
}  // namespace detail

template <class End>
void window_ends_general(const Geometry& g, int start, const Pattern& pat, const Board& occupied, End&& end) {
  using detail::Rows;
  const int L = pat.max_steps, W = 2 * L + 1, P2 = 2 * g.point;
  const int q0 = g.q[static_cast<std::size_t>(start)], r0 = g.r[static_cast<std::size_t>(start)];
  // Window row i (0 <= i < W) is array row i + 1: rows 0 and W + 1... stay empty, so a shift
  // by one row needs no bounds test.
  Rows free{};
  for (int i = 0; i < W; ++i)
    free[static_cast<std::size_t>(i + 1)] = detail::free_row(g, occupied, r0 - L + i, q0, L);
  free[static_cast<std::size_t>(L + 1)] |= std::uint32_t{1} << L;
  const bool track = !(pat.min_turns == 0 && pat.max_turns >= pat.max_steps - 1);
  const int levels = track ? pat.max_turns + 1 : 1;
  // Two generations of sets (this step's and the next), flipped by pointer; only the levels
  // in use are zeroed.
  using Sets = std::array<std::array<Rows, kDirs>, 6>;
  using Live = std::array<std::array<bool, kDirs>, 6>;
  Sets gen[2];
  Live live_gen[2]{};
  // Only level 0 is zeroed (its rows are read whole); a set of a later level is read only on
  // the rows its last step wrote (step_rows' source rows), so it needs no clearing.
  for (auto& g2 : gen) g2[0] = {};
  Sets* S_ = &gen[0];
  Sets* N_ = &gen[1];
  Live* live_ = &live_gen[0];
  Live* nlive_ = &live_gen[1];
  Rows ends{};
  static const Rows kNone{};
  // After `step` steps a walk lies within `step` rows of the start's (row L + 1): only rows
  // lo..hi are computed.
  int lo = L + 1, hi = L + 1;
  // out = (a | b | c | e) moved one step along d, on empty vertices, over rows rlo..rhi;
  // ends |= out when `collect`. Source rows outside slo..shi are read as empty. One pass over
  // the rows. Returns whether out has a vertex.
  auto step_rows = [&](int d, const Rows& a, const Rows& b, const Rows& c, const Rows& e, Rows& out,
                       bool collect, int rlo, int rhi, int slo, int shi) {
    const int dr = detail::kDr[d], dq = detail::kDq[d];
    const std::uint32_t* pa = a.data() - dr;
    const std::uint32_t* pb = b.data() - dr;
    const std::uint32_t* pc = c.data() - dr;
    const std::uint32_t* pe = e.data() - dr;
    std::uint32_t acc = 0;
    const int ra = std::max(rlo, slo + dr), rb = std::min(rhi, shi + dr);
    for (int i = rlo; i < ra; ++i) out[static_cast<std::size_t>(i)] = 0;
    for (int i = std::max(rb + 1, rlo); i <= rhi; ++i) out[static_cast<std::size_t>(i)] = 0;
    auto run = [&](auto shift) {
      for (int i = ra; i <= rb; ++i) {
        const std::uint32_t v = shift(pa[i] | pb[i] | pc[i] | pe[i]) & free[static_cast<std::size_t>(i)];
        out[static_cast<std::size_t>(i)] = v;
        acc |= v;
      }
      if (collect)
        for (int i = ra; i <= rb; ++i) ends[static_cast<std::size_t>(i)] |= out[static_cast<std::size_t>(i)];
    };
    if (dq > 0)
      run([](std::uint32_t v) { return v << 1; });
    else if (dq < 0)
      run([](std::uint32_t v) { return v >> 1; });
    else
      run([](std::uint32_t v) { return v; });
    return acc != 0;
  };
  constexpr int kAll = detail::kWindowRows - 1;
  auto step_into = [&](int d, const Rows& a, const Rows& b, const Rows& c, const Rows& e, Rows& out,
                       bool collect) { return step_rows(d, a, b, c, e, out, collect, lo, hi, 0, kAll); };
  const bool collect_first = pat.min_steps <= 1 && (!track || pat.min_turns == 0);
  auto widen = [&] {
    lo = std::max(1, lo - 1);
    hi = std::min(W, hi + 1);
  };
  widen();
  {
    Rows origin{};
    origin[static_cast<std::size_t>(L + 1)] = std::uint32_t{1} << L;
    for (int d = 0; d < kDirs; ++d)  // the first step
      (*live_)[0][static_cast<std::size_t>(d)] =
          step_into(d, origin, kNone, kNone, kNone, (*S_)[0][static_cast<std::size_t>(d)], collect_first);
  }
  // Turning into d comes from the two other axes (a direction and its reverse share an
  // axis), and from the reverse of d when reversal is allowed: per level, the union of each
  // axis's two sets, once.
  std::array<Rows, 3> axis{};
  std::array<bool, 3> axis_live{};
  auto axis_of = [](int d) { return d < kDirs - 1 - d ? d : kDirs - 1 - d; };
  for (int step = 2; step <= L; ++step) {
    const int ilo = lo, ihi = hi;  // rows of the sets so far
    widen();
    bool any = false;
    Sets& S = *S_;
    Sets& N = *N_;
    Live& live = *live_;
    Live& nlive = *nlive_;
    for (int t = 0; t < levels; ++t) {
      const int from = track ? t - 1 : 0;
      if (from >= 0) {
        const auto& F = S[static_cast<std::size_t>(from)];
        const auto& FL = live[static_cast<std::size_t>(from)];
        for (int k = 0; k < 3; ++k) {
          const auto a = static_cast<std::size_t>(k), b = static_cast<std::size_t>(kDirs - 1 - k);
          axis_live[a] = FL[a] || FL[b];
          // (a set not live this step may hold stale rows: only live ones are read)
          const std::uint32_t* x = FL[a] ? F[a].data() : kNone.data();
          const std::uint32_t* y = FL[b] ? F[b].data() : kNone.data();
          for (int i = ilo; i <= ihi; ++i) axis[a][static_cast<std::size_t>(i)] = x[i] | y[i];
        }
      }
      const bool collect = step >= pat.min_steps && (!track || t >= pat.min_turns);
      for (int d = 0; d < kDirs; ++d) {
        const auto td = static_cast<std::size_t>(t), dd = static_cast<std::size_t>(d);
        const Rows* src[4] = {&kNone, &kNone, &kNone, &kNone};
        bool has = live[td][dd];
        if (has) src[0] = &S[td][dd];
        if (from >= 0) {
          const int own_axis = axis_of(d);
          int n = 1;
          for (int k = 0; k < 3; ++k) {
            if (k == own_axis || !axis_live[static_cast<std::size_t>(k)]) continue;
            src[n++] = &axis[static_cast<std::size_t>(k)];
            has = true;
          }
          const auto od = static_cast<std::size_t>(opposite(d));
          if (pat.reversal && live[static_cast<std::size_t>(from)][od]) {
            src[3] = &S[static_cast<std::size_t>(from)][od];
            has = true;
          }
        }
        if (track && t == 0) {
          // No turn yet: the set is the one vertex `step` steps along the ray of d, on row
          // L + 1 + step * dr. This buffer last held the ray's vertex two steps back (two rows
          // before), or nothing: rows from that one to this one are rewritten, every other
          // row of it is still zero.
          const int row = L + 1 + step * detail::kDr[d], back = row - 2 * detail::kDr[d];
          nlive[td][dd] =
              has && step_rows(d, *src[0], kNone, kNone, kNone, N[td][dd], collect,
                               std::max(lo, std::min(row, back)), std::min(hi, std::max(row, back)), 0, kAll);
        } else {
          // The sources hold rows ilo..ihi (those the last step wrote).
          nlive[td][dd] =
              has && step_rows(d, *src[0], *src[1], *src[2], *src[3], N[td][dd], collect, lo, hi, ilo, ihi);
        }
        any |= nlive[td][dd];
      }
    }
    std::swap(S_, N_);
    std::swap(live_, nlive_);
    if (!any) break;
  }
  ends[static_cast<std::size_t>(L + 1)] &= ~(std::uint32_t{1} << L);
  for (int i = 0; i < W; ++i) {
    std::uint32_t v = ends[static_cast<std::size_t>(i + 1)];
    if (!v) continue;
    const auto ri = static_cast<std::size_t>(r0 - L + i + P2);
    const int base = g.row_first[ri] - g.row_qmin[ri] + q0 - L;
    while (v) {
      const int b = std::countr_zero(v);
      v &= v - 1;
      if (end(base + b)) return;
    }
  }
}

// Calls end(cell) once for every distinct end vertex (never the start) of a legal walk
// through the empty vertices of `occupied` (the start counts as empty), in increasing cell
// order; end returns true to stop early.
template <class End>
void window_ends(const Geometry& g, int start, const Pattern& pat, const Board& occupied, End&& end) {
  if (row_walk_handles(pat)) {
    EndRows e;
    walk_end_rows(g, start, pat, occupied, e);
    e.for_each(g, end);
    return;
  }
  window_ends_general(g, start, pat, occupied, end);
}

// Exactly `steps` steps with exactly `turns` turns, segment by segment (the ordinary
// pieces' patterns): each segment walks its ray until a blocker. Depth first, so it finds a
// first end fast: the select list uses it to ask whether a piece can move at all.
template <class Blocked, class End>
void segment_ends(const Geometry& g, int start, int steps, int turns, bool reversal, Blocked&& blocked,
                  End&& end) {
  auto& w = detail::walk_scratch();
  const std::uint32_t st = w.next();
  bool stop = false;
  auto free = [&](int x) { return x >= 0 && (x == start || !blocked(x)); };
  auto seg = [&](auto&& self, int cell, int prev, int left, int turns_left) -> void {
    for (int d = 0; d < kDirs && !stop; ++d) {
      if (d == prev || (prev >= 0 && !reversal && d == opposite(prev))) continue;
      int c = cell;
      for (int k = 1; k <= left - turns_left; ++k) {
        c = g.nb[c][d];
        if (!free(c)) break;
        if (turns_left == 0) {
          if (k == left && c != start && w.cell_ended[static_cast<std::size_t>(c)] != st) {
            w.cell_ended[static_cast<std::size_t>(c)] = st;
            stop = end(c);
          }
        } else {
          self(self, c, d, left - k, turns_left - 1);
          if (stop) return;
        }
      }
    }
  };
  seg(seg, start, -1, steps, turns);
}

// The same as window_ends (the name the rules use).
template <class End>
void walk_ends(const Geometry& g, int start, const Pattern& pat, const Board& occupied, End&& end) {
  window_ends(g, start, pat, occupied, end);
}

// Every vertex on some legal walk from start to `target` (start and target included), set in
// `on_path`. Depth-first over whole walks (the patterns with a path attack have 6 steps).
template <class Blocked>
void walk_cells(const Geometry& g, int start, int target, const Pattern& pat, Blocked&& blocked,
                Board& on_path) {
  std::array<std::int16_t, 16> path{};
  auto rec = [&](auto&& self, int cell, int dir, int step, int turns) -> void {
    path[static_cast<std::size_t>(step)] = static_cast<std::int16_t>(cell);
    if (cell == target && step >= pat.min_steps && turns >= pat.min_turns)
      for (int i = 0; i <= step; ++i) on_path.set(path[static_cast<std::size_t>(i)]);
    if (step == pat.max_steps) return;
    const int room = pat.max_steps - step - 1;
    for (int d = 0; d < kDirs; ++d) {
      if (step > 0 && d == opposite(dir) && !pat.reversal) continue;
      const int t = turns + (step > 0 && d != dir);
      if (t > pat.max_turns || pat.min_turns - t > room) continue;
      const int x = g.nb[cell][d];
      if (x < 0 || (x != start && blocked(x))) continue;
      if (g.distance(x, target) > room) continue;
      self(self, x, d, step + 1, t);
    }
  };
  rec(rec, start, 0, 0, 0);
}

}  // namespace qilab::mizong

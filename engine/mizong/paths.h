#pragma once
// Move paths on the lattice (RULINGS.md "Moving"): walks of a number of steps through empty
// vertices with a bounded number of turns (a turn = a change between two directions; a
// reversal only when allowed, and then it counts as a turn). Breadth-first over
// (vertex, direction, turns) with per-layer de-duplication in thread-local stamp tables,
// so a call allocates nothing.
#include <array>
#include <cstdint>

#include "engine/mizong/geometry.h"

namespace qilab::mizong {

struct Pattern {
  int min_steps, max_steps, min_turns, max_turns;
  bool reversal;
};

namespace detail {
inline constexpr int kKeys = kMaxCells * kDirs * 6;  // (vertex, direction, turns)
struct Node {
  std::int16_t cell;
  std::int8_t dir, turns;
};
struct WalkScratch {
  std::array<std::uint32_t, kKeys> seen{};
  std::array<std::uint32_t, kMaxCells> cell_ended{};
  std::array<std::uint8_t, kMaxCells * kDirs> turns{};
  std::array<Node, 32768> a{}, b{};  // a layer: at most 469 vertices (radius 12) x 6 x 6 states
  std::uint32_t stamp = 0;
  std::uint32_t next() {
    if (++stamp == 0) {
      seen.fill(0);
      cell_ended.fill(0);
      stamp = 1;
    }
    return stamp;
  }
};
WalkScratch& walk_scratch();
}  // namespace detail

// Exactly `steps` steps with exactly `turns` turns, segment by segment (the ordinary
// pieces' patterns): each segment walks its ray until a blocker.
template <class Blocked, class End>
void segment_ends(const Geometry& g, int start, int steps, int turns, bool reversal, Blocked&& blocked, End&& end) {
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

// Calls end(cell) once for every distinct end vertex (never the start) of a legal walk;
// end returns true to stop early.
template <class Blocked, class End>
void walk_ends(const Geometry& g, int start, const Pattern& pat, Blocked&& blocked, End&& end) {
  if (pat.min_steps == pat.max_steps && pat.min_turns == pat.max_turns && pat.max_turns < pat.max_steps) {
    segment_ends(g, start, pat.max_steps, pat.max_turns, pat.reversal, blocked, end);
    return;
  }
  auto& w = detail::walk_scratch();
  // Turns need no tracking when any number of them is allowed (the healer's 5 in 6 steps).
  const bool track = !(pat.min_turns == 0 && pat.max_turns >= pat.max_steps - 1);
  // When a walk may end after any step, reaching a state earlier dominates reaching it later:
  // one de-duplication stamp serves every layer.
  const bool any_length = pat.min_steps <= 1;
  const std::uint32_t end_stamp = w.next();
  std::uint32_t layer = any_length ? w.next() : 0;
  detail::Node* cur = w.a.data();
  detail::Node* nxt = w.b.data();
  int n = 0;
  for (int d = 0; d < kDirs; ++d) {
    const int x = g.nb[start][d];
    if (x >= 0 && !blocked(x)) cur[n++] = {static_cast<std::int16_t>(x), static_cast<std::int8_t>(d), 0};
  }
  for (int step = 1; n > 0; ++step) {
    const bool can_end = step >= pat.min_steps;
    const bool last = step == pat.max_steps;
    if (!any_length && !last) layer = w.next();
    int m = 0;
    for (int i = 0; i < n; ++i) {
      const detail::Node nd = cur[i];
      if (can_end && nd.turns >= pat.min_turns && nd.cell != start) {
        const auto l = static_cast<std::size_t>(nd.cell);
        if (w.cell_ended[l] != end_stamp) {
          w.cell_ended[l] = end_stamp;
          if (end(static_cast<int>(nd.cell))) return;
        }
      }
      if (last) continue;
      const int room = pat.max_steps - step - 1;  // steps after the next one
      for (int d = 0; d < kDirs; ++d) {
        if (d == opposite(nd.dir) && !pat.reversal) continue;
        const int t = track ? nd.turns + (d != nd.dir) : 0;
        if (t > pat.max_turns || pat.min_turns - t > room) continue;
        const int x = g.nb[nd.cell][d];
        if (x < 0 || (x != start && blocked(x))) continue;
        if (any_length) {
          // Reaching (x, d) earlier with no more turns dominates: keep the fewest turns per (x, d).
          const auto key = static_cast<std::size_t>(x * kDirs + d);
          if (w.seen[key] == layer && w.turns[key] <= t) continue;
          w.seen[key] = layer;
          w.turns[key] = static_cast<std::uint8_t>(t);
        } else {
          const auto key = static_cast<std::size_t>((x * kDirs + d) * 6 + t);
          if (w.seen[key] == layer) continue;
          w.seen[key] = layer;
        }
        nxt[m++] = {static_cast<std::int16_t>(x), static_cast<std::int8_t>(d), static_cast<std::int8_t>(t)};
      }
    }
    std::swap(cur, nxt);
    n = m;
  }
}

// Every vertex on some legal walk from start to `target` (start and target included), set in
// `on_path`. Depth-first over whole walks (the patterns with a path attack have 6 steps).
template <class Blocked>
void walk_cells(const Geometry& g, int start, int target, const Pattern& pat, Blocked&& blocked, Board& on_path) {
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

#pragma once
// The breadth-first walk over (vertex, direction, turns), for any move pattern: the plain
// reference the engine's bit-row walk (engine/mizong/paths.h, window_ends) is tested against
// in generators_test.cc. Test code only: its stamp tables take about 0.8 MB a thread.
#include <array>
#include <cstdint>
#include <memory>
#include <utility>

#include "engine/mizong/paths.h"

namespace qilab::mizong::test {

struct Node {
  std::int16_t cell;
  std::int8_t dir, turns;
};
inline constexpr int kKeys = kMaxCells * kDirs * 6;  // (vertex, direction, turns)
struct ReferenceScratch {
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
inline ReferenceScratch& reference_scratch() {
  thread_local auto w = std::make_unique<ReferenceScratch>();
  return *w;
}

// The breadth-first walk over (vertex, direction, turns), for any pattern: the reference the
// bit-row walk is tested against (tests/mizong/generators_test.cc).
template <class Blocked, class End>
void bfs_ends(const Geometry& g, int start, const Pattern& pat, Blocked&& blocked, End&& end) {
  auto& w = reference_scratch();
  // Turns need no tracking when any number of them is allowed (the healer's 5 in 6 steps).
  const bool track = !(pat.min_turns == 0 && pat.max_turns >= pat.max_steps - 1);
  // When a walk may end after any step, reaching a state earlier dominates reaching it later:
  // one de-duplication stamp serves every layer.
  // (Only without a minimum of turns: reaching a vertex with fewer turns is not better when
  // a walk needs more.)
  const bool any_length = pat.min_steps <= 1 && pat.min_turns == 0;
  const std::uint32_t end_stamp = w.next();
  std::uint32_t layer = any_length ? w.next() : 0;
  Node* cur = w.a.data();
  Node* nxt = w.b.data();
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
      const Node nd = cur[i];
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

}  // namespace qilab::mizong::test

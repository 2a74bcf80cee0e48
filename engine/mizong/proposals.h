#pragma once
// Move proposals for random_action's draw (State::pick_sub): for a move pattern without
// reversal and of at most two turns, the end offsets its walks have on an empty board, each
// with the walks that reach it as straight segments, and an exact test whether a walk through
// the empty vertices of a board ends on a proposed cell (docs/rules/mizong.md "Moving"). A draw proposes
// one end offset uniformly and keeps it when the test passes: every legal end has exactly one
// index, so the kept move is uniform over the legal ones.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "engine/mizong/geometry.h"
#include "engine/mizong/paths.h"

namespace qilab::mizong {

// One walk as straight segments: a steps along d1, then (turns >= 1) b steps along d2, then
// (turns == 2) c steps along d3; consecutive directions differ and are not reverses.
struct Segments {
  std::uint8_t turns, d1, a, d2, b, d3, c, cells;  // cells: vertices it visits (start excluded)
};

// The vertices within 6 steps of a start (the start excluded from walks) as bits 0..126 of
// two words, row by row (dr = -6..6, dq ascending).
using DiscMask = std::array<std::uint64_t, 2>;
inline constexpr int kMaskRadius = 6;

// The ends of a pattern on an empty board (offsets from the start, row by row) and, per end,
// its minimal walks: a walk whose vertices include all the vertices of another walk to the
// same end is left out (whenever it is free, so is the other), equal sets are kept once, and
// the rest are ordered by how many vertices they visit. Walks of at most two turns are kept as
// segments; a pattern of more turns (the healer's: 6 steps, up to 5 turns) keeps its walks
// as vertex sets of the disc (masks). Immutable once built.
struct MoveTable {
  Pattern pat{};
  std::vector<std::array<std::int8_t, 2>> offset;  // (dq, dr) of end j
  std::vector<std::uint32_t> first;  // walks of end j: [first[j], first[j + 1]) of segs or masks
  std::vector<Segments> segs;
  std::vector<DiscMask> masks;
  bool by_mask = false;
  int max_a = 0;     // longest first segment
  int max_back = 0;  // longest run of empty vertices needed back from an end (b, or c + 1)
  int ends() const { return static_cast<int>(offset.size()); }
};

// The patterns a MoveTable covers: no reversal, 1..14 steps and at most two turns, or 1..6
// steps and at most 5 turns.
inline bool move_table_handles(const Pattern& pat) {
  return !pat.reversal && pat.min_turns >= 0 && pat.min_turns <= pat.max_turns && pat.max_steps >= 1 &&
         pat.min_steps <= pat.max_steps &&
         ((pat.max_turns <= 2 && pat.max_steps <= 14) ||
          (pat.max_turns <= 5 && pat.max_steps <= kMaskRadius));
}

namespace detail {
// One slot per pattern (steps 0..14, turns 0..5; 0 steps stands for 1): its table once built.
inline constexpr int kMoveTableSlots = 15 * 15 * 6 * 6;
extern std::array<std::atomic<const MoveTable*>, kMoveTableSlots> move_table_slot;
inline int move_table_key(const Pattern& pat) {
  return ((std::max(pat.min_steps, 1) * 15 + pat.max_steps) * 6 + pat.min_turns) * 6 + pat.max_turns;
}
const MoveTable& build_move_table(const Pattern& pat);
}  // namespace detail

// The table of a pattern (move_table_handles; std::logic_error otherwise), built on first use
// (under a lock) and kept for the program's life, shared by every thread.
inline const MoveTable& move_table(const Pattern& pat) {
  if (move_table_handles(pat)) {
    const auto& slot = detail::move_table_slot[static_cast<std::size_t>(detail::move_table_key(pat))];
    if (const MoveTable* t = slot.load(std::memory_order_acquire)) return *t;
  }
  return detail::build_move_table(pat);
}

// The walks of one table from one start through the empty vertices of a board (the start
// counts as empty): each proposed end is tested against its minimal walks (first segment
// within the run of empty vertices along its ray from the start, read once per ray when first
// needed; last segment within the run back from the end; the middle segment cell by cell), or
// for a table of masks against the taken and off-board vertices of the disc, read once.
class ReachProbe {
 public:
  // (table may be null when no draw lands among the moves: cell and reaches are then not called)
  ReachProbe(const Geometry& g, int start, const Board& occupied, const MoveTable* table);
  // The cell of end j from the start, -1 off the board (Geometry::at, inline).
  int cell(int j) const {
    const auto& o = table_->offset[static_cast<std::size_t>(j)];
    const int rw = row0_ + o[1], cl = col0_ + 2 * o[0] + o[1];
    if (static_cast<unsigned>(rw) >= static_cast<unsigned>(g_->rows) ||
        static_cast<unsigned>(cl) >= static_cast<unsigned>(g_->grid_width))
      return -1;
    return g_->grid[static_cast<std::size_t>(rw * g_->grid_width + cl)];
  }
  // Whether a legal walk of the pattern ends on y = cell(j) (-1: no).
  bool reaches(int j, int y) const;

 private:
  bool blocked(int x) const { return x < 0 || (x != start_ && occupied_->test(x)); }
  int run(int d) const {
    const auto i = static_cast<std::size_t>(d);
    return run_[i] >= 0 ? run_[i] : read_ray(d);
  }
  int read_ray(int d) const;
  void read_disc() const;
  const Geometry* g_;
  const Board* occupied_;
  const MoveTable* table_;
  int start_, row0_, col0_;  // the start's grid row and doubled column (Geometry::at)
  // Empty vertices along each ray from the start (-1: not read yet), and the vertex k steps
  // along ray d, ray_[d][k] (1 <= k <= run_[d]).
  mutable std::array<std::int8_t, kDirs> run_;
  mutable std::array<std::array<std::int16_t, 16>, kDirs> ray_;
  // The disc's taken and off-board vertices (tables of masks), once disc_read_.
  mutable DiscMask disc_blocked_;
  mutable bool disc_read_ = false;
};

// Whether a walk of the pattern (move_table_handles) from start through the empty vertices of
// `occupied` (the start counts as empty) ends on target: exact.
bool reach_test(const Geometry& g, int start, int target, const Pattern& pat, const Board& occupied);

}  // namespace qilab::mizong

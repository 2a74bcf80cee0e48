#pragma once
// Where the posts of a junqi board sit on the network's grid, and how the board turns so that
// every seat sees its own army in the same place (docs/encoding/junqi.md).
//
// The turn is a symmetry of the board read from the file, not of its drawing: turning seat s's
// army onto seat 0's maps army post (a, row, col) to (a - s mod armies, row, col); the centre
// posts follow by matching roads and rails, and the loader refuses a board the turn does not
// map onto itself (every road, rail, line and post kind kept).
//
// The grid is the drawing grid when the drawing coordinates are integers (junqi4: the 17 x 17
// cross, army 0 at the bottom); otherwise an army strip (junqi6): the armies side by side as
// 6 x 5 blocks, row 0 (the front) on top, each army's column 4 next to the next army's column 0
// as the arcs join them, seat 0 in block armies/2 - 1, and the centre posts in rows above, by
// their distance from the armies, over the columns of the posts they join.
#include <cstdint>
#include <string>
#include <vector>

namespace qilab::junqi {

struct Board;

// Move kinds of the policy index: place, eight steps to a neighbouring grid point, then the
// far kinds (a destination further away, by its rank among the from-post's possible ones).
inline constexpr int kPlaceKind = 0;
inline constexpr int kFirstStepKind = 1;
inline constexpr int kSteps = 8;
inline constexpr int kFirstFarKind = kFirstStepKind + kSteps;
// The steps in kind order: N, NE, E, SE, S, SW, W, NW as (row, column) offsets on the grid.
inline constexpr int kStepRow[kSteps] = {-1, -1, 0, 1, 1, 1, 0, -1};
inline constexpr int kStepCol[kSteps] = {0, 1, 1, 1, 0, -1, -1, -1};

struct Layout {
  bool drawing = false;  // the drawing grid (else the army strip)
  int height = 0, width = 0;
  int posts = 0;
  // turn[s * posts + p]: the post that p stands for when seat s observes (seat s's army turned
  // onto seat 0's); unturn is its inverse. cell[s * posts + p]: p's grid offset seen from s.
  std::vector<std::int16_t> turn, unturn, cell;
  std::vector<std::int16_t> post_at_cell;  // the post at a grid offset for seat 0, or -1 (padding)
  // Moves between posts as seat 0 sees them: move_kind[from * posts + to] is the move kind
  // (kFirstStepKind.. or kFirstFarKind..) or -1 for a pair no move can join; far_target[from *
  // far_kinds + k] is the destination of far kind k from `from`, or -1.
  int far_kinds = 0;
  std::vector<std::int16_t> move_kind, far_target;
  int kinds() const { return kFirstFarKind + far_kinds; }
};

// Builds the layout of a board whose other tables are filled in; throws Error naming `where`
// if the board does not turn onto itself army by army.
Layout build_layout(const Board& b, const std::string& where);

}  // namespace qilab::junqi

#pragma once
// The attack zone of a ranged ordinary piece that moved without attacking first
// (docs/rules/mizong.md "Activation of ordinary pieces"): every cell within radius 3 of a vertex of
// some legal walk of its move from `start` to `end` (both vertices included). A walk passes only
// through empty vertices; the start and the end count as empty.
//
// The ordinary pieces' patterns (exactly 6 steps, exactly 0, 1 or 2 turns, no reversal) are
// decomposed exactly: end - start = a u1 (+ b u2 (+ c u3)) with a + b + c = 6, and the walks
// of each offset and number of turns are tabled once (zone.cc) as masks of their inner
// vertices over the 13 x 13 axial window around the start (at most 4 walks of 0 or 1 turn,
// stepped on the board; up to 16 distinct ones of 2 turns, tested against the window's empty
// vertices, read a row at a time). The union of the free walks is dilated to radius 3 on bit
// rows of a 19 x 19 window (a hexagon of radius 3 is the sum of three 4-vertex segments along
// the three axes) and written into the board's words row by row, clearing only the words the
// previous zone used. Every other pattern (exact_steps false, reversal
// allowed) takes the depth-first walk_cells and one disc per path vertex.
#include "engine/mizong/geometry.h"
#include "engine/mizong/paths.h"

namespace qilab::mizong {

// The steps of the patterns the tabled decomposition handles.
inline constexpr int kZoneSteps = 6;

inline bool zone_table_handles(const Pattern& pat) {
  return !pat.reversal && pat.min_steps == kZoneSteps && pat.max_steps == kZoneSteps &&
         pat.min_turns == pat.max_turns && pat.min_turns >= 0 && pat.min_turns <= 2;
}

// Sets `zone` to the attack zone of a move from start to end along walks of `pat` through the
// empty vertices of `occupied` (no walk: an empty zone). On entry [lo_word, hi_word) are the
// words of `zone` that may be non-zero (only those are cleared: {0, Board::kWords} for any
// board); on return the words from the lowest to the highest cell set ({0, 0} when empty).
void attack_zone(const Geometry& g, int start, int end, const Pattern& pat, const Board& occupied,
                 Board& zone, int& lo_word, int& hi_word);

}  // namespace qilab::mizong

#pragma once
// The shaped encoding and policy index of checkers (docs/encoding/checkers.md): the 121 holes
// on the 17 x 17 axial grid of the star, turned so that the observer's home triangle is at
// the bottom; the policy is from-hole x 6 directions (turned likewise) plus pass.
#include "engine/core/encoding.h"

namespace qilab::checkers {

inline constexpr int kEncodingVersion = 1;
inline constexpr int kGridSide = 17;                      // 4P + 1 for point size 4
inline constexpr int kGridCells = kGridSide * kGridSide;  // 289 grid points, 121 of them holes

// Planes: valid, the pieces of each seat from the observer on, the hopping piece, the holes
// visited by the hop chain; scalars: the seat to move (from the observer on), turns played.
EncodingSpec encoding_spec_for(int players);
// 6 direction planes (turned) x the grid, then "pass".
PolicySpec policy_spec_for();
// The encoding's symmetries (docs/encoding/checkers.md): with 2 players the mirror
// (q, r) -> (-q - r, r), which keeps both home triangles and the turn order; with more players
// none, since a mirror reverses the order of the seats round the star.
std::vector<EncodingSymmetry> encoding_symmetries_for(int players);

}  // namespace qilab::checkers

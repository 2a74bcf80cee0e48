#pragma once
// The deployment heuristic (布阵评分): how well one seat's pieces are placed, read from that
// seat's own placements only, so a seat's choice of setup never depends on hidden ranks of
// another seat (docs/rules/junqi.md, "Deployment heuristic"). State::evaluate() values a
// position still in deployment by it, so greedy and MCTS agents choose their setups.
#include "engine/core/types.h"

namespace qilab::junqi {

class State;

// Score terms, in pawns of the material scale of evaluate.cc (docs/rules/junqi.md).
inline constexpr double kMineGuardsFlag = 3.0;  // a mine on a road next to the flag
inline constexpr double kMineInOtherHq = 1.0;   // a mine in the headquarters without the flag (a decoy)
inline constexpr double kBombGuardsFlag = 1.0;  // a bomb on a road next to the flag
inline constexpr double kBombMiddle = 2.0;      // a bomb in rows 1-3 (it meets attackers there)
inline constexpr double kBombBackRow = 1.0;     // a bomb in row 4 (row 5 and the HQ earn nothing)
inline constexpr double kRailShare = 0.25;      // x worth: an officer from 团长 up on a rail post
inline constexpr double kFrontShare = 0.2;      // x worth: an officer from 师长 up in rows 0-1
inline constexpr double kBackRowShare = 0.2;    // x worth lost: an officer from 师长 up in row 5
inline constexpr double kEngineerOnRail = 1.0;  // an engineer on a rail post (it flies along it)
inline constexpr double kProbeInFront = 0.5;    // 排长 or 连长 in the front row (a probe)
// A mobile piece in a headquarters never moves (进入任何司令部的棋子不能再移动): it costs its worth.

// The score of seat p's pieces placed so far (0 before its first placement).
double deployment_score(const State& s, Player p);

}  // namespace qilab::junqi

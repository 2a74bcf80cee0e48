#pragma once
// The shaped encoding and policy index of mizong (docs/encoding/mizong.md): the star's cells on
// the (4P+1) x (4P+1) axial grid, turned so that the observer's home star point is at the
// bottom; the policy puts select, move, attack, heal and swap at the cell they name (turned to
// the seat to move), then area-heal, done and end-turn.
#include "engine/core/encoding.h"

namespace qilab::mizong {

inline constexpr int kEncodingVersion = 1;

// Input planes (each over the grid) and scalar features, in order.
enum EncodingPlane : int {
  kValidPlane = 0,
  kSeatPlanes = 1,     // 1..6: the pieces of seat observer + i
  kAllyPlane = 7,      // pieces of the observer's team (the observer's own included)
  kDarkPlane = 8,      // dark pieces (public)
  kRevealedPlane = 9,  // dark pieces every seat sees
  kStunnedPlane = 10,
  kKindPlanes = 11,     // 11..15: kind, where the observer sees it
  kAttr1Planes = 16,    // 16..18: rock, scissors, paper (seen)
  kAttr2Planes = 19,    // 19..20: yin, yang (seen)
  kHpPlane = 21,        // HP share (seen)
  kDamagePlane = 22,    // damage taken, sixths / 66 (public)
  kApPlane = 23,        // action points left / budget (seen heroes and healer)
  kHealPlane = 24,      // passive-heal rounds / 5 (the observer's own pieces)
  kPathPlanes = 25,     // 25..27: turns of an ordinary piece's path now (0, 1, 2; public)
  kActedPlane = 28,     // pieces of the seat to move that have acted this turn
  kActivePlane = 29,    // the piece being activated
  kStartPlane = 30,     // where the activation started
  kMayKindPlanes = 31,  // 31..35: kinds the public evidence allows (dark pieces)
  kMayAttrPlanes = 36,  // 36..41: attribute pairs the public evidence allows (dark pieces)
  kEncodingPlanes = 42,
};
enum EncodingScalar : int {
  kRoundScalar = 0,
  kHoldScalar = 1,
  kDisturbedScalar = 2,
  kToMoveScalars = 3,  // 3..8
  kOutScalars = 9,     // 9..14
  kPlaceScalars = 15,  // 15..20
  kActivationScalar = 21,
  kBeforeScalar = 22,
  kAfterScalar = 23,
  kActsScalar = 24,
  kMovedScalar = 25,
  kEncodingScalars = 26,
};

// Policy planes: the action's verb at the cell it names; then the extras.
enum PolicyPlane : int { kSelectPolicy, kMovePolicy, kAttackPolicy, kHealPolicy, kSwapPolicy, kPolicyPlanes };
inline constexpr int kPolicyExtras = 3;  // area-heal, done, end-turn

EncodingSpec encoding_spec_for(int point);
PolicySpec policy_spec_for(int point);

}  // namespace qilab::mizong

#pragma once
// The junqi network encoding and policy index: where each plane and feature sits, for a board
// of n armies (docs/encoding/junqi.md). The grid and the turns are the board's Layout.
#include "engine/core/encoding.h"
#include "engine/junqi/board.h"
#include "engine/junqi/pieces.h"

namespace qilab::junqi {

inline constexpr int kEncodingVersion = 1;

// Plane and scalar positions; per-seat entries list the seats from the observer on.
struct EncodingIndex {
  int n;  // armies
  // Planes: the board (the same for every position), then the pieces.
  static constexpr int kValid = 0, kRail = 1, kCamp = 2, kHeadquarters = 3, kStation = 4, kAirport = 5,
                       kHome = 6;
  int pieces() const { return kHome + n; }         // n planes: where seat k's pieces stand
  int known() const { return pieces() + n; }       // 12 planes: pieces whose kind the observer knows
  int may_be() const { return known() + kKinds; }  // 12 planes: the public evidence
  int last_from() const { return may_be() + kKinds; }
  int last_to() const { return last_from() + 1; }
  int planes() const { return last_to() + 1; }
  // Scalars.
  static constexpr int kDeploying = 0, kPlaying = 1, kToMove = 2;  // kToMove: n, one-hot
  int out() const { return kToMove + n; }                          // n: seat k is out
  int deployed() const { return out() + n; }                       // n: pieces seat k has placed / 25
  int next_kind() const { return deployed() + n; }       // 12: the kind the next placement puts down
  int offer_by() const { return next_kind() + kKinds; }  // n: seat k's draw offer is being answered
  int offered() const { return offer_by() + n; }         // n: seat k has offered its draw
  int quiet() const { return offered() + n; }            // moves without a fight / no_capture_limit
  int moves() const { return quiet() + 1; }              // play moves / max_moves
  int resign() const { return moves() + 1; }             // the player to move may resign
  int rules() const {
    return resign() + 1;
  }  // 5: bright, allies visible, decapitation, mine dies too, draw offers
  int scalars() const { return rules() + 5; }
};

EncodingSpec junqi_encoding_spec(const Board& b);
// Layout kinds x the grid, then resign, draw, no-draw.
PolicySpec junqi_policy_spec(const Board& b);
inline constexpr int kResignExtra = 0, kDrawExtra = 1, kNoDrawExtra = 2, kExtras = 3;

}  // namespace qilab::junqi

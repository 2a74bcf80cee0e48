#pragma once
// Where each plane, feature and move kind of guifa's shaped encoding sits (docs/encoding/guifa.md).
// One variant's layout is a handful of integers, cheap to build wherever it is needed.
#include "engine/core/encoding.h"
#include "engine/guifa/guifa.h"

namespace qilab::guifa {

inline constexpr int kEncodingVersion = 1;
inline constexpr int kDiagonalReach = 2;  // cities are 3×3: a diagonal line is at most 2 long

struct EncodingLayout {
  int n = 9;      // the board's side: the grid is n × n
  int seats = 2;  // players
  int teams = 2;  // alliances (a seat is a team in 2 players and free-for-all)
  int swaps = 3;  // illusionists one seat may hold: one of each body plus the clone
  int reach = 4;  // the longest orthogonal line: 4, or the centre cross's arm on larger boards

  EncodingLayout(int size, int players, Mode mode)
      : n(size),
        seats(players),
        teams(mode == Mode::kAlliance ? 2 : players),
        swaps(players + 1),
        reach(size / 2 > 4 ? size / 2 : 4) {}

  // Input planes.
  static constexpr int kValid = 0;
  int piece(int seat, int kind) const { return 1 + seat * kKinds + kind; }
  int clone() const { return 1 + seats * kKinds; }
  int revived() const { return clone() + 1; }
  int bound_summoner() const { return clone() + 2; }
  int ward() const { return clone() + 3; }
  int corpse(int k) const { return clone() + 4 + k; }  // k < 6: kRevivable[k]; k == 6: spent
  int field(int team) const { return corpse(7) + team; }
  int barrier(int team) const { return field(teams) + team; }
  int main_city(int side) const { return barrier(teams) + side; }
  int holy_city() const { return main_city(4); }
  int source() const { return holy_city() + 1; }
  int summoning() const { return holy_city() + 2; }
  int planes() const { return holy_city() + 3; }
  // Scalar features, after the planes.
  int to_move(int seat) const { return seat; }
  int out(int seat) const { return seats + seat; }
  int holds(int seat) const { return 2 * seats + seat; }
  int must_hold(int seat) const { return 3 * seats + seat; }
  int summons_left() const { return 4 * seats; }
  int turn() const { return 4 * seats + 1; }
  int scalars() const { return 4 * seats + 2; }
  int size() const { return planes() * n * n + scalars(); }

  // Policy move kinds, in the frame turned to the player to move: lines out of the from-square
  // (directions 0-3 orthogonal up to `reach`, 4-7 diagonal up to kDiagonalReach), then kinds
  // placed on the square an action names.
  int line(int dir, int distance) const {
    return dir < 4 ? dir * reach + distance - 1 : 4 * reach + (dir - 4) * kDiagonalReach + distance - 1;
  }
  int swap(int rank) const { return line(8, 1) + rank; }  // at the partner's square
  int summon() const { return swap(swaps); }              // at the summoner
  int beast() const { return summon() + 1; }              // at the beast's square
  int revive(int k) const { return summon() + 2 + k; }    // at the corpse, kind kRevivable[k]
  int clone_at() const { return summon() + 8; }           // at the clone's square
  int annihilate() const { return summon() + 9; }         // at the elementalist
  int ward_piece() const { return summon() + 10; }        // at the warded piece
  int ward_block() const { return summon() + 11; }        // at the block's turned south-west corner
  int policy_planes() const { return summon() + 12; }
  static constexpr int kEndSummon = 0, kPass = 1, kExtras = 2;
  int policy_size() const { return policy_planes() * n * n + kExtras; }
};

EncodingSpec make_encoding_spec(const EncodingLayout& e);
PolicySpec make_policy_spec(const EncodingLayout& e);

}  // namespace qilab::guifa

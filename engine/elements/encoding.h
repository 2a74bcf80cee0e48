#pragma once
// Where each plane, feature and move kind of elements' shaped encoding sits
// (docs/encoding/elements.md). One variant's layout is a handful of integers.
#include "engine/core/encoding.h"
#include "engine/elements/elements.h"

namespace qilab::elements {

inline constexpr int kEncodingVersion = 1;
inline constexpr int kMarkers = 5;      // edge markers kAttackMark..kBlockMark
inline constexpr int kStatusKinds = 6;  // Effect::kAttackUp..kWard: the kinds a status may have

// The frame a side sees: red (side 0) sees the board as it is; blue (side 1) sees its mirror
// (q, r) -> (q, -q-r), which takes red's base, start cells and starting patch onto blue's.
// Directions are mirrored with them, a tile's edges are listed mirrored, and a placement's
// rotation rot becomes (6 - rot) % 6 (docs/encoding/elements.md, "The frame").
struct Frame {
  const Grid* grid;
  bool mirrored;
  int square(int cell) const { return grid->square(mirrored ? grid->mirror(cell) : cell); }
  int cell(int square) const {
    const int c = grid->square_cell(square);
    return c < 0 || !mirrored ? c : grid->mirror(c);
  }
  int dir(int d) const { return mirrored ? Grid::mirror_dir(d) : d; }  // its own inverse
  int rot(int r) const { return mirrored ? (6 - r) % 6 : r; }          // its own inverse
  int tile_edge(int j) const { return dir(j); }  // shown edge j is the tile's edge tile_edge(j)
};

struct EncodingLayout {
  int side = 15;  // the square grid's side, 2 * radius + 1
  int heroes = 4;
  int roster = 1;   // heroes in the roster file
  int designs = 1;  // distinct tile designs in the deck
  int players = 2;

  explicit EncodingLayout(const Rules& r)
      : side(r.grid.side()),
        heroes(r.heroes),
        roster(static_cast<int>(r.roster.size())),
        designs(static_cast<int>(r.deck.designs.size())),
        players(r.players) {}

  // Input planes.
  static constexpr int kValid = 0;
  static int height(int k) { return 1 + k; }                  // k < kMaxHeight: at least k + 1 tiles
  static int element(int e) { return 4 + e; }                 // the element the tile counts as now
  static int printed(int e) { return 8 + e; }                 // the element printed on the top tile
  static int terrain(int rel_side) { return 12 + rel_side; }  // a terrain effect: its turns left
  static int edge(int dir, int marker) { return 14 + dir * kMarkers + marker - 1; }  // marker >= 1
  static constexpr int kToken = 44, kOwnBase = 45, kEnemyBase = 46, kActive = 47, kTarget = 48;
  static int hero(int slot) { return 49 + slot; }
  int planes() const { return 49 + heroes; }

  // Scalars: per hero slot, then the rest.
  int per_hero() const { return 15 + roster; }
  int hero_scalar(int slot, int k) const { return slot * per_hero() + k; }
  // k: 0-3 energies, 4 mana, 5 dead, 6 acted, 7 skipped, 8 mine, 9-14 statuses, 15+ roster entry
  int global(int k) const { return heroes * per_hero() + k; }
  enum Global {
    kRound,
    kOwnBaseHp,
    kEnemyBaseHp,
    kOwnSideToMove,
    kOwnSideStarts,
    kObserverToMove,
    kPhase,  // 7 phases, kSelect .. kDefenceRoll
    kMoveLeft = kPhase + 7,
    kCreates,
    kReturned,
    kMajorDone,
    kCasts,  // 3 skills
    kToDraw = kCasts + kMaxSkills,
    kDeckLeft,
    kAttackDice,
    kAttackOnFour,
    kDefenceDice,
    kDefenceOnFour,
    kAttackSuccesses,
    kDamageElement,                       // 4 elements
    kDrawn = kDamageElement + kElements,  // 2 slots of 1 + 4 + 6 * 5
    kDesigns = kDrawn + 2 * (1 + kElements + kDirs * kMarkers),
  };
  static constexpr int kDrawnSize = 1 + kElements + kDirs * kMarkers;
  int scalars() const { return global(kDesigns) + designs; }
  int size() const { return planes() * side * side + scalars(); }

  // Policy move kinds, at the active hero's cell (moves, create, gathers) or at the cell the
  // action names (respawn, placement, attack, skills); then the extras.
  static constexpr int kRespawn = 0, kCreate = 7, kAttack = 20;
  static int move(int dir) { return 1 + dir; }
  static int place(int slot, int rot) { return 8 + slot * 6 + rot; }
  static int gather(int dir) { return 21 + dir; }
  static int skill(int k) { return 27 + k; }
  static constexpr int kPolicyPlanes = 27 + kMaxSkills;
  static int select(int j) { return j; }  // the side to move's j-th hero (hero side + 2j)
  static constexpr int kReturn = 3, kEnd = 4, kExtras = 5;
  int policy_size() const { return kPolicyPlanes * side * side + kExtras; }
};

EncodingSpec make_encoding_spec(const Rules& r);
PolicySpec make_policy_spec(const Rules& r);

}  // namespace qilab::elements

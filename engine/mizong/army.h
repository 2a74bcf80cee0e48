#pragma once
// Pieces and armies (docs/rules/mizong.md "Army"): kinds, attributes, the army of each point size,
// and setups (named layouts and setup files) that put an army on a seat's home star point.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/rng.h"
#include "engine/mizong/geometry.h"

namespace qilab::mizong {

enum Kind : std::uint8_t {
  kMelee = 0,
  kRanged = 1,
  kMeleeHero = 2,
  kRangedHero = 3,
  kHealer = 4,
  kKinds = 5
};
enum Attr1 : std::uint8_t { kRock = 0, kScissors = 1, kPaper = 2 };
enum Attr2 : std::uint8_t { kYin = 0, kYang = 1 };

constexpr bool is_melee(int kind) { return kind == kMelee || kind == kMeleeHero; }
constexpr bool is_hero(int kind) { return kind >= kMeleeHero; }  // heroes and the healer use action points
constexpr int class_of(int kind) { return is_melee(kind) ? 0 : 1; }  // 0 melee, 1 ranged
// Maximum HP in sixths: melee 11, ranged 7.
constexpr int max_hp(int kind) { return is_melee(kind) ? 66 : 42; }
// Damage in sixths by attacker class and defender class (docs/rules/mizong.md "Combat").
inline constexpr int kDamage[2][2] = {{3, 6}, {1, 2}};
// Attack radius by kind (the healer has no attack).
constexpr int attack_radius(int kind) { return kind == kHealer ? 0 : is_melee(kind) ? 1 : 3; }
// Action points per round and costs (docs/rules/mizong.md "Heroes").
inline constexpr int kApBudget[kKinds] = {0, 0, 24, 30, 36};
inline constexpr int kApMove[kKinds] = {0, 0, 2, 3, 3};
inline constexpr int kApAttack[kKinds] = {0, 0, 2, 2, 0};
inline constexpr int kApHeal[kKinds] = {0, 0, 1, 2, 2};
inline constexpr int kApAreaPerPiece = 3;
inline constexpr int kApSwap = 5;
inline constexpr int kHeroMaxSteps[kKinds] = {0, 0, 12, 6, 6};
inline constexpr int kHeroMaxTurns[kKinds] = {0, 0, 2, 2, 5};

inline constexpr const char* kKindName[kKinds] = {"melee", "ranged", "melee_hero", "ranged_hero", "healer"};
inline constexpr const char* kAttr1Name[3] = {"rock", "scissors", "paper"};
inline constexpr const char* kAttr2Name[2] = {"yin", "yang"};

// What a piece is: its kind, attributes and whether it is dark (暗).
struct Identity {
  std::uint8_t kind = kMelee;
  std::uint8_t attr1 = kRock;
  std::uint8_t attr2 = kYin;
  bool dark = false;
  friend bool operator==(const Identity&, const Identity&) = default;
};

// Setup-file token of an identity: kind letter (m melee, r ranged, M melee hero, R ranged
// hero, H healer), o/d (open/dark), attr1 (R/S/P), attr2 (- yin, + yang). E.g. "mdS+".
std::string token(const Identity& id);
bool parse_token(std::string_view text, Identity& out);

// The army of one player for a home star point of `home_size` cells: 300 for the seed's
// board, 10 for point size 4 (the project's small army, docs/rules/mizong.md).
std::vector<Identity> army(int home_size);
// Whether `setup` (one identity per home slot) is an arrangement of army(size): same
// ordinary pieces per (kind, open/dark, attributes), same heroes per (kind, open/dark);
// heroes' attributes are the setup's choice. Empty string if yes, else what is wrong.
std::string check_army(const std::vector<Identity>& setup);

// Named layouts: "melee_front", "ranged_front", "mixed_columns", "random" (from `rng`).
// Slot 0 is the tip of the star point, the last row faces the hexagon (the front).
bool is_layout_name(std::string_view name);
std::vector<Identity> layout(const Geometry& g, std::string_view name, Rng rng);
// A setup file: the star point's rows tip first (row k holds k+1 tokens), '#' comments.
// Throws Error naming the file and what is wrong.
std::vector<Identity> read_setup_file(const Geometry& g, const std::string& path);
std::vector<Identity> parse_setup_text(const Geometry& g, const std::string& text, const std::string& where);
std::string setup_text(const Geometry& g, const std::vector<Identity>& setup);

}  // namespace qilab::mizong

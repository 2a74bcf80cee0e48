#pragma once
// The designed data of 元素之章: tiles (the deck) and heroes (the roster), read from TOML
// files under configs/games/elements/. Skills are data over a small set of effect kinds,
// so a designer adds a hero without writing C++.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace qilab::elements {

// Elements, in the order of the seed's energy list; the cycle: fire > wind > earth > water > fire.
enum Element : std::uint8_t { kFire = 0, kEarth = 1, kWater = 2, kWind = 3, kElements = 4 };
inline constexpr const char* kElementName[kElements] = {"fire", "earth", "water", "wind"};
inline constexpr char kElementLetter[kElements] = {'F', 'E', 'W', 'A'};
// kBeats[a] is the element a doubles its base attack against.
inline constexpr Element kBeats[kElements] = {kWind, kWater, kFire, kEarth};
int parse_element(std::string_view name);  // -1 if unknown

// Edge markers of a tile.
enum Marker : std::uint8_t {
  kNone = 0,
  kAttackMark = 1,
  kShieldMark = 2,
  kMoveMark = 3,
  kGatherMark = 4,
  kBlockMark = 5
};
inline constexpr char kMarkerLetter[6] = {'.', 'A', 'S', 'M', 'G', 'B'};
int parse_marker(char c);  // -1 if unknown

// One tile design: element and the six edge markers in the tile's own orientation.
struct Tile {
  Element element = kFire;
  std::array<Marker, 6> edges{};
  std::string edge_string() const;
  friend bool operator==(const Tile&, const Tile&) = default;
};

// Effect kinds a skill can have (the code side of the roster).
enum class Effect : std::uint8_t {
  kAttackUp,     // status: +amount attack dice
  kAttackDown,   // status: -amount attack dice
  kDefenceUp,    // status: +amount defence dice
  kDefenceDown,  // status: -amount defence dice
  kMoveUp,       // status: +amount movement points per activation
  kWard,         // status: damage taken reduced by amount
  kHeal,         // now: +amount energy of `element` (or the caster's tile element)
  kStrike,       // now: -amount energy of the caster's tile element, no dice
  kTerrain,      // the target tile counts as `element` for `duration` (ticks with the caster)
};
inline constexpr int kEffects = 9;
inline constexpr const char* kEffectName[kEffects] = {
    "attack_up", "attack_down", "defence_up", "defence_down", "move_up", "ward", "heal", "strike", "terrain"};

enum class Target : std::uint8_t { kSelf, kAlly, kEnemy, kTile };
inline constexpr const char* kTargetName[4] = {"self", "ally", "enemy", "tile"};

struct Skill {
  std::string id, name;
  Effect effect = Effect::kAttackUp;
  Target target = Target::kSelf;
  int amount = 1;
  int duration = 1;   // statuses and terrain; 0 for instant effects
  int range = 0;      // 0: the caster's own cell
  bool line = false;  // range measured as 距離(直線) instead of 距離
  int element = -1;   // heal: which energy (-1: the caster's tile element); terrain: the element
  int cost_mana = 0;
  int cost_element = -1;  // energy paid, with cost_energy points of it
  int cost_energy = 0;
};

inline constexpr int kMaxSkills = 3;

struct HeroSpec {
  std::string id, name, title;
  std::array<int, kElements> energy{};  // starting and maximum energies
  int attack = 0, defence = 0, move = 0, range = 1;
  bool line = false;  // attack range as 距離(直線)
  int mana = 0;
  std::vector<Skill> skills;
};

struct Deck {
  std::vector<Tile> tiles;     // one entry per physical tile
  std::vector<Tile> designs;   // distinct tiles
  std::vector<int> design_of;  // tile -> design
};

inline constexpr int kMaxDeck = 128;

// Read and check the data files; throw Error naming the file, the entry and the field.
Deck read_deck(const std::string& path);
std::vector<HeroSpec> read_roster(const std::string& path);
// The shipped files: QILAB_SOURCE_DIR/configs/games/elements/<name>.
std::string default_data_path(std::string_view name);

}  // namespace qilab::elements

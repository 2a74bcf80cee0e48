#pragma once
// A junqi board as data: nodes (posts) with a kind, an army and row/column, road edges and
// rail edges carrying a line id (docs/rules/junqi.md, "Board files"). The loader checks the
// file and precomputes the bitboards move generation runs on; the engine knows no coordinates.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/bitboard.h"
#include "engine/junqi/layout.h"
#include "engine/junqi/pieces.h"

namespace qilab::junqi {

inline constexpr int kMaxPosts = 193;  // the 六国 board; the 四国 board has 129
inline constexpr int kMaxArmies = 6;
inline constexpr int kRows = 6, kCols = 5;
inline constexpr int kSlots = 25;         // non-camp posts of an army = pieces of an army
inline constexpr int kMaxTurnPosts = 32;  // posts of the 六国 centre (13 on the board in configs/)
using Posts = Bitboard<kMaxPosts>;
// A bitboard's words, for word-at-a-time work in the hot loops (Posts::words()).
using Words = Posts::Words;
static_assert(sizeof(Words) == sizeof(Posts));

enum class NodeKind : std::uint8_t { kPost, kRail, kCamp, kHeadquarters, kStation, kAirport };

struct Node {
  std::string id;
  NodeKind kind;
  int army;  // -1 for the centre
  int row, col;
  double x, y;
};

// A ray: the posts met leaving a post along one line in one direction, nearest first, cut
// into runs that lie in one 64-post word of a bitboard and whose post numbers only rise (or
// only fall) along the ray, so that the nearest occupied post of a run is its lowest
// (highest) occupied post: a bit scan, not a walk.
struct RayRun {
  std::uint64_t posts;  // the run's posts in word `word`
  std::uint8_t word;
  bool rising;        // post numbers rise along the ray
  std::uint8_t rest;  // runs of the same ray after this one
};

struct Board {
  std::string name;
  std::string source;  // the file it came from
  int armies = 0;
  int posts = 0;
  std::vector<Node> nodes;
  std::vector<std::string> line_names;
  std::vector<std::vector<int>> lines;  // each line's posts in order

  std::array<Posts, kMaxPosts> road{};  // neighbours by road
  std::array<Posts, kMaxPosts> rail{};  // neighbours by rail (any line)
  Posts rail_posts, camps, headquarters, airport;
  Posts turn_posts;  // the 六国 centre: any piece may turn once here (stations and airport)
  std::array<std::int8_t, kMaxPosts> turn_index{};  // the centre posts numbered 0, 1, ...; -1 elsewhere
  std::array<Posts, kMaxArmies> home{};
  std::array<std::array<Posts, kRows>, kMaxArmies> rows{};

  // The rays of every post along every line through it, run after run, ray after ray: the
  // runs of post p are ray_runs[run_first[p] .. run_first[p + 1]).
  std::vector<RayRun> ray_runs;
  std::array<std::uint16_t, kMaxPosts + 1> run_first{};
  Posts to_centre;  // posts with a ray through a centre post (turn_posts)

  // placement[a][k]: the posts where army a may deploy a piece of kind k (setup_kinds).
  std::array<std::array<Posts, kKinds>, kMaxArmies> placement{};

  // The 25 pieces of an army are numbered by their starting post: slot s of army a stands
  // on slot_post[a][s] (non-camp posts in row, column order).
  std::array<std::array<std::uint8_t, kSlots>, kMaxArmies> slot_post{};
  std::array<std::int8_t, kMaxPosts> post_slot{};  // -1 for camps and the centre

  Layout layout;  // the network grid and the turn to each seat (layout.h)

  bool is_rail(int p) const { return rail_posts.test(p); }
  int army_of(int p) const { return nodes[p].army; }
  int row_of(int p) const { return nodes[p].row; }
  int col_of(int p) const { return nodes[p].col; }
  // Index of the node named `id`, or -1.
  int find(std::string_view id) const;
  // The post at (army, row, col); -1 if there is none.
  int post_at(int army, int row, int col) const;
};

// The kinds a piece may start on `post` of its army with (炸弹不能放在第一行，地雷只能放在最后两行，
// 军棋只能放在司令部); camps start empty.
inline KindSet setup_kinds(const Board& b, int post) {
  const int row = b.row_of(post);
  KindSet m = kAllKinds;
  if (!b.headquarters.test(post)) m &= ~bit(kFlag);
  if (row < kRows - 2) m &= ~bit(kMine);
  if (row == 0) m &= ~bit(kBomb);
  return m;
}

// The setup rule that keeps a piece of `kind` off a post (setup_kinds), in words with the
// seed's sentence; null for kinds no setup rule places.
inline const char* setup_rule(int kind) {
  switch (kind) {
    case kFlag:
      return "the flag goes in a headquarters (军棋只能放在司令部)";
    case kMine:
      return "mines go in the last two rows (地雷只能放在最后两行)";
    case kBomb:
      return "no bomb in the front row (炸弹不能放在第一行)";
    default:
      return nullptr;
  }
}

// Parses and checks a board; throws Error naming `where` and the bad field.
Board parse_board(const nlohmann::json& j, const std::string& where);
// Loads a board file once and keeps it for the life of the program (states point at it).
const Board& load_board(const std::string& path);
// configs/boards/<name>.json in qilab's data folder (engine/core/data.h).
std::string default_board_path(std::string_view name);

}  // namespace qilab::junqi

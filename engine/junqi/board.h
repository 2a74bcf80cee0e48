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

namespace qilab::junqi {

inline constexpr int kMaxPosts = 193;    // the 六国 board; the 四国 board has 129
inline constexpr int kMaxArmies = 6;
inline constexpr int kRows = 6, kCols = 5;
inline constexpr int kSlots = 25;        // non-camp posts of an army = pieces of an army
using Posts = Bitboard<kMaxPosts>;

enum class NodeKind : std::uint8_t { kPost, kRail, kCamp, kHeadquarters, kStation, kAirport };

struct Node {
  std::string id;
  NodeKind kind;
  int army;  // -1 for the centre
  int row, col;
  double x, y;
};

// A ray: the posts met leaving a post along one line in one direction, nearest first.
struct Ray {
  std::uint16_t begin;  // into Board::ray_posts
  std::uint8_t length;
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
  bool has_turn_posts = false;
  std::array<Posts, kMaxArmies> home{};
  std::array<std::array<Posts, kRows>, kMaxArmies> rows{};

  // Rays of every post along every line through it; rays of post p are
  // rays[ray_first[p] .. ray_first[p + 1]).
  std::vector<Ray> rays;
  std::vector<std::uint8_t> ray_posts;
  std::array<std::uint16_t, kMaxPosts + 1> ray_first{};

  // The 25 pieces of an army are numbered by their starting post: slot s of army a stands
  // on slot_post[a][s] (non-camp posts in row, column order).
  std::array<std::array<std::uint8_t, kSlots>, kMaxArmies> slot_post{};
  std::array<std::int8_t, kMaxPosts> post_slot{};  // -1 for camps and the centre

  bool is_rail(int p) const { return rail_posts.test(p); }
  int army_of(int p) const { return nodes[p].army; }
  int row_of(int p) const { return nodes[p].row; }
  int col_of(int p) const { return nodes[p].col; }
  // Index of the node named `id`, or -1.
  int find(std::string_view id) const;
  // The post at (army, row, col); -1 if there is none.
  int post_at(int army, int row, int col) const;
};

// Parses and checks a board; throws Error naming `where` and the bad field.
Board parse_board(const nlohmann::json& j, const std::string& where);
// Loads a board file once and keeps it for the life of the program (states point at it).
const Board& load_board(const std::string& path);
// configs/boards/<name>.json in the source tree.
std::string default_board_path(std::string_view name);

}  // namespace qilab::junqi

#include "engine/junqi/board.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <set>

#include "engine/core/data.h"
#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/core/interned.h"
#include "engine/junqi/echo.h"
#include "engine/core/input.h"

namespace qilab::junqi {
namespace {

NodeKind parse_kind(const std::string& s, const std::string& where) {
  if (s == "post") return NodeKind::kPost;
  if (s == "rail") return NodeKind::kRail;
  if (s == "camp") return NodeKind::kCamp;
  if (s == "headquarters") return NodeKind::kHeadquarters;
  if (s == "station") return NodeKind::kStation;
  if (s == "airport") return NodeKind::kAirport;
  throw Error(where + ": field 'kind': expected post, rail, camp, headquarters, station or airport, got " +
              echo_json(nlohmann::json(s)));
}

const nlohmann::json& field(const nlohmann::json& j, const char* name, const std::string& where) {
  if (!j.is_object()) throw Error(where + ": expected a JSON object");
  auto it = j.find(name);
  if (it == j.end()) throw Error(where + ": field '" + name + "' is missing");
  return *it;
}

// Range-checked as a 64-bit value before it is narrowed: an unsigned value above the signed
// range (18446744073709551615 would read as -1, the centre's army) is refused, never wrapped.
int integer(const nlohmann::json& j, const char* name, int lo, int hi, const std::string& where) {
  const auto& v = field(j, name, where);
  const bool in_range =
      v.is_number_integer() &&
      !(v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(hi)) &&
      v.get<std::int64_t>() >= lo && v.get<std::int64_t>() <= hi;
  if (!in_range)
    throw Error(where + ": field '" + name + "': expected an integer in [" + std::to_string(lo) + ", " +
                std::to_string(hi) + "], got " + echo_json(v));
  return static_cast<int>(v.get<std::int64_t>());
}

// Refuses a key of object j outside `known` (a misspelt field would otherwise be ignored).
void known_fields(const nlohmann::json& j, std::initializer_list<std::string_view> known,
                  const std::string& where) {
  for (const auto& [k, v] : j.items())
    if (std::find(known.begin(), known.end(), k) == known.end()) {
      std::string list;
      for (std::string_view f : known) list += (list.empty() ? "" : ", ") + std::string(f);
      throw Error(where + ": unknown field " + echo_json(nlohmann::json(k)) + " (expected " + list + ")");
    }
}

std::string text(const nlohmann::json& j, const char* name, const std::string& where) {
  const auto& v = field(j, name, where);
  if (!v.is_string() || v.get<std::string>().empty())
    throw Error(where + ": field '" + name + "': expected a non-empty string, got " + echo_json(v));
  return v.get<std::string>();
}

bool rail_capable(NodeKind k) {
  return k == NodeKind::kRail || k == NodeKind::kStation || k == NodeKind::kAirport;
}

}  // namespace

int Board::find(std::string_view id) const {
  for (int i = 0; i < posts; ++i)
    if (nodes[i].id == id) return i;
  return -1;
}

int Board::post_at(int army, int row, int col) const {
  for (int i = 0; i < posts; ++i)
    if (nodes[i].army == army && nodes[i].row == row && nodes[i].col == col) return i;
  return -1;
}

Board parse_board(const nlohmann::json& j, const std::string& where) {
  Board b;
  b.source = where;
  if (!j.is_object()) throw Error(where + ": expected a JSON object with name, armies, nodes, roads, rails");
  known_fields(j, {"name", "armies", "nodes", "roads", "rails"}, where);
  b.name = text(j, "name", where);
  b.armies = integer(j, "armies", 2, kMaxArmies, where);
  if (b.armies % 2)
    throw Error(where + ": field 'armies': expected an even number (two sides), got " +
                std::to_string(b.armies));

  const auto& nodes = field(j, "nodes", where);
  if (!nodes.is_array()) throw Error(where + ": field 'nodes': expected an array");
  if (nodes.size() > kMaxPosts)
    throw Error(where + ": field 'nodes': " + std::to_string(nodes.size()) +
                " nodes, the engine holds at most " + std::to_string(kMaxPosts));
  std::map<std::string, int> index;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const std::string at = where + ": nodes[" + std::to_string(i) + "]";
    Node n;
    n.id = text(nodes[i], "id", at);
    known_fields(nodes[i], {"id", "kind", "army", "row", "col", "x", "y"}, at);
    n.kind = parse_kind(text(nodes[i], "kind", at), at);
    n.army = integer(nodes[i], "army", -1, b.armies - 1, at);
    n.row = integer(nodes[i], "row", -100, 100, at);
    n.col = integer(nodes[i], "col", -100, 100, at);
    for (const char* k : {"x", "y"})
      if (!field(nodes[i], k, at).is_number()) throw Error(at + ": field '" + k + "': expected a number");
    n.x = nodes[i]["x"].get<double>();
    n.y = nodes[i]["y"].get<double>();
    if (!index.emplace(n.id, static_cast<int>(i)).second)
      throw Error(at + ": duplicate id " + echo_json(nlohmann::json(n.id)));
    if (n.army < 0 &&
        (n.kind == NodeKind::kCamp || n.kind == NodeKind::kHeadquarters || n.kind == NodeKind::kPost))
      throw Error(at + " (" + echo(n.id) + "): a centre node (army -1) must be rail, station or airport");
    if (n.army >= 0 && (n.kind == NodeKind::kStation || n.kind == NodeKind::kAirport))
      throw Error(at + " (" + echo(n.id) + "): stations and the airport belong to the centre (army -1)");
    if (n.army >= 0 && (n.row < 0 || n.row >= kRows || n.col < 0 || n.col >= kCols))
      throw Error(at + " (" + echo(n.id) + "): an army post needs row 0-5 and col 0-4");
    b.nodes.push_back(n);
  }
  b.posts = static_cast<int>(b.nodes.size());

  // Each army: 30 posts, 5 wide and 6 deep, 5 camps and 2 headquarters, 25 places for pieces.
  for (int a = 0; a < b.armies; ++a) {
    std::set<std::pair<int, int>> cells;
    int camps = 0, hqs = 0;
    for (int i = 0; i < b.posts; ++i) {
      const Node& n = b.nodes[i];
      if (n.army != a) continue;
      if (!cells.emplace(n.row, n.col).second)
        throw Error(where + ": army " + std::to_string(a) + " has two posts at row " + std::to_string(n.row) +
                    " col " + std::to_string(n.col));
      camps += n.kind == NodeKind::kCamp;
      hqs += n.kind == NodeKind::kHeadquarters;
    }
    if (cells.size() != kRows * kCols || camps != 5 || hqs != 2)
      throw Error(where + ": army " + std::to_string(a) + " needs 30 posts (has " +
                  std::to_string(cells.size()) + ") with 5 camps (has " + std::to_string(camps) +
                  ") and 2 headquarters (has " + std::to_string(hqs) + ")");
  }

  auto node_ref = [&](const nlohmann::json& v, const std::string& at) {
    if (!v.is_string()) throw Error(at + ": expected a node id string, got " + echo_json(v));
    auto it = index.find(v.get<std::string>());
    if (it == index.end()) throw Error(at + ": unknown node " + echo_json(v));
    return it->second;
  };

  const auto& roads = field(j, "roads", where);
  if (!roads.is_array()) throw Error(where + ": field 'roads': expected an array of [id, id] pairs");
  for (std::size_t i = 0; i < roads.size(); ++i) {
    const std::string at = where + ": roads[" + std::to_string(i) + "]";
    if (!roads[i].is_array() || roads[i].size() != 2) throw Error(at + ": expected [id, id]");
    int a = node_ref(roads[i][0], at), c = node_ref(roads[i][1], at);
    if (a == c) throw Error(at + ": a road joins " + echo_json(nlohmann::json(b.nodes[a].id)) + " to itself");
    b.road[a].set(c);
    b.road[c].set(a);
  }

  const auto& rails = field(j, "rails", where);
  if (!rails.is_array()) throw Error(where + ": field 'rails': expected an array of {a, b, line} edges");
  std::map<std::string, std::vector<std::pair<int, int>>> line_edges;
  for (std::size_t i = 0; i < rails.size(); ++i) {
    const std::string at = where + ": rails[" + std::to_string(i) + "]";
    const auto& e = rails[i];
    if (!e.is_object()) throw Error(at + ": expected an object {a, b, line, arc}, got " + echo_json(e));
    known_fields(e, {"a", "b", "line", "arc"}, at);
    int a = node_ref(field(e, "a", at), at + ".a"), c = node_ref(field(e, "b", at), at + ".b");
    std::string line = text(e, "line", at);
    if (e.contains("arc") && !e["arc"].is_boolean())
      throw Error(at + ": field 'arc': expected true or false");
    if (a == c) throw Error(at + ": a rail joins " + echo_json(nlohmann::json(b.nodes[a].id)) + " to itself");
    for (int p : {a, c})
      if (!rail_capable(b.nodes[p].kind))
        throw Error(at + ": " + echo_json(nlohmann::json(b.nodes[p].id)) +
                    " is not a rail post, station or airport");
    b.rail[a].set(c);
    b.rail[c].set(a);
    line_edges[line].emplace_back(a, c);
  }

  // A line is a simple path: order its posts from one end.
  for (const auto& [name, edges] : line_edges) {
    std::map<int, std::vector<int>> adj;
    for (auto [a, c] : edges) {
      adj[a].push_back(c);
      adj[c].push_back(a);
    }
    int start = -1;
    for (const auto& [p, nb] : adj) {
      if (nb.size() > 2)
        throw Error(where + ": rail line " + echo_json(nlohmann::json(name)) + " branches at " +
                    echo_json(nlohmann::json(b.nodes[p].id)));
      if (nb.size() == 1 && start < 0) start = p;
    }
    if (start < 0)
      throw Error(where + ": rail line " + echo_json(nlohmann::json(name)) +
                  " is a loop; a line must have two ends");
    std::vector<int> order{start};
    int prev = -1, cur = start;
    while (true) {
      int next = -1;
      for (int q : adj[cur])
        if (q != prev) next = q;
      if (next < 0) break;
      order.push_back(next);
      prev = cur;
      cur = next;
      if (order.size() > adj.size()) break;
    }
    if (order.size() != adj.size() || order.size() != edges.size() + 1)
      throw Error(where + ": rail line " + echo_json(nlohmann::json(name)) +
                  " is not one unbroken path (check for repeated or split edges)");
    b.line_names.push_back(name);
    b.lines.push_back(order);
  }

  // Kind and row masks.
  for (int i = 0; i < b.posts; ++i) {
    const Node& n = b.nodes[i];
    if (rail_capable(n.kind)) b.rail_posts.set(i);
    if (n.kind == NodeKind::kCamp) b.camps.set(i);
    if (n.kind == NodeKind::kHeadquarters) b.headquarters.set(i);
    if (n.kind == NodeKind::kAirport) b.airport.set(i);
    if (n.kind == NodeKind::kStation || n.kind == NodeKind::kAirport) b.turn_posts.set(i);
    if (n.army >= 0) {
      b.home[n.army].set(i);
      b.rows[n.army][n.row].set(i);
    }
  }
  if (b.turn_posts.count() > kMaxTurnPosts)
    throw Error(where + ": " + std::to_string(b.turn_posts.count()) +
                " stations and airports, the engine holds at most " + std::to_string(kMaxTurnPosts));
  b.turn_index.fill(-1);
  {
    int n = 0;
    for (int p : b.turn_posts) b.turn_index[p] = static_cast<std::int8_t>(n++);
  }
  for (int i = 0; i < b.posts; ++i)
    if (b.is_rail(i) && b.rail[i].none())
      throw Error(where + ": rail post " + echo_json(nlohmann::json(b.nodes[i].id)) +
                  " lies on no rail line");

  // Rays along every line through every post.
  std::vector<std::vector<std::vector<int>>> rays_of(b.posts);
  for (const auto& line : b.lines)
    for (std::size_t k = 0; k < line.size(); ++k) {
      std::vector<int> fwd(line.begin() + k + 1, line.end());
      std::vector<int> back(line.rend() - static_cast<long>(k), line.rend());
      if (!fwd.empty()) rays_of[line[k]].push_back(fwd);
      if (!back.empty()) rays_of[line[k]].push_back(back);
    }
  for (int p = 0; p < b.posts; ++p) {
    b.run_first[p] = static_cast<std::uint16_t>(b.ray_runs.size());
    for (const auto& r : rays_of[p]) {
      const std::size_t ray_begin = b.ray_runs.size();
      for (std::size_t k = 0; k < r.size();) {  // the longest run from r[k] in one word and one direction
        const bool rising = k + 1 < r.size() && r[k + 1] > r[k];
        RayRun run{0, static_cast<std::uint8_t>(r[k] / 64), rising, 0};
        std::size_t e = k;
        while (e < r.size() && r[e] / 64 == run.word && (e == k || (r[e] > r[e - 1]) == rising))
          run.posts |= std::uint64_t{1} << (r[e++] % 64);
        b.ray_runs.push_back(run);
        k = e;
      }
      for (std::size_t i = ray_begin; i < b.ray_runs.size(); ++i)
        b.ray_runs[i].rest = static_cast<std::uint8_t>(b.ray_runs.size() - 1 - i);
      for (int q : r)
        if (b.turn_posts.test(q)) b.to_centre.set(p);
    }
  }
  for (int p = b.posts; p <= kMaxPosts; ++p) b.run_first[p] = static_cast<std::uint16_t>(b.ray_runs.size());

  // Slots: each army's non-camp posts in (row, col) order.
  b.post_slot.fill(-1);
  for (int a = 0; a < b.armies; ++a) {
    int s = 0;
    for (int r = 0; r < kRows; ++r)
      for (int c = 0; c < kCols; ++c) {
        int p = b.post_at(a, r, c);
        if (b.camps.test(p)) continue;
        b.slot_post[a][s] = static_cast<std::uint8_t>(p);
        b.post_slot[p] = static_cast<std::int8_t>(s);
        for (int k = 0; k < kKinds; ++k)
          if (setup_kinds(b, p) & bit(k)) b.placement[a][k].set(p);
        ++s;
      }
  }
  b.layout = build_layout(b, where);
  return b;
}

const Board& load_board(const std::string& given) {
  // Interned by content (engine/core/interned.h): a board file edited while the program runs
  // is another board, and states of the old one keep theirs.
  const std::string path = user_or_data_path(given);
  const std::string text = read_text_file(path, "board file");
  return intern<Board>(path + "\n" + text_hash(text),
                       [&] { return parse_board(parse_json(text, echo(path)), path); });
}

std::string default_board_path(std::string_view name) {
  return data_path("configs/boards/" + std::string(name) + ".json");
}

}  // namespace qilab::junqi

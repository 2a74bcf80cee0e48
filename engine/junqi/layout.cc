// The network grid of a junqi board and its turns, one per seat (layout.h).
#include "engine/junqi/layout.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>
#include <tuple>

#include "engine/core/error.h"
#include "engine/junqi/board.h"
#include "engine/junqi/echo.h"

namespace qilab::junqi {
namespace {

// The turn that takes seat s's army onto seat 0's: a permutation of the posts keeping roads,
// rails, lines and post kinds. Army posts move by army number; a centre post goes to the one
// centre post of its kind whose roads and rails reach the images of its neighbours, found
// by narrowing every centre post's candidates until each has one.
std::vector<int> board_turn(const Board& b, int s, const std::string& where) {
  const int n = b.armies, P = b.posts;
  std::vector<int> to(static_cast<std::size_t>(P), -1);
  for (int p = 0; p < P; ++p)
    if (b.army_of(p) >= 0) to[p] = b.post_at((b.army_of(p) - s + n) % n, b.row_of(p), b.col_of(p));
  auto refuse = [&](const std::string& why) {
    return Error(where +
                 ": the board does not turn onto itself army by army (the network encoding turns army " +
                 std::to_string(s) + " onto army 0): " + why);
  };
  std::vector<int> centre;
  for (int p = 0; p < P; ++p)
    if (b.army_of(p) < 0) centre.push_back(p);
  std::vector<std::vector<int>> cand(static_cast<std::size_t>(P));
  for (int x : centre)
    for (int y : centre)
      if (b.nodes[y].kind == b.nodes[x].kind) cand[x].push_back(y);
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<char> taken(static_cast<std::size_t>(P), 0);
    for (int p = 0; p < P; ++p)
      if (to[p] >= 0) taken[to[p]] = 1;
    for (int x : centre) {
      if (to[x] >= 0) continue;
      auto fits = [&](int y) {
        if (taken[y]) return false;
        for (int z = 0; z < P; ++z) {
          if (to[z] < 0) continue;
          if (b.road[x].test(z) != b.road[y].test(to[z]) || b.rail[x].test(z) != b.rail[y].test(to[z]))
            return false;
        }
        return true;
      };
      const auto before = cand[x].size();
      std::erase_if(cand[x], [&](int y) { return !fits(y); });
      if (cand[x].empty()) throw refuse("centre node " + echo(b.nodes[x].id) + " has no image");
      if (cand[x].size() == 1) {
        to[x] = cand[x][0];
        taken[to[x]] = 1;
      }
      changed |= cand[x].size() != before;
    }
  }
  for (int x : centre)
    if (to[x] < 0) throw refuse("centre node " + echo(b.nodes[x].id) + " has several possible images");
  // Check the whole map: a permutation keeping kinds, roads, rails and lines.
  std::vector<char> hit(static_cast<std::size_t>(P), 0);
  for (int p = 0; p < P; ++p) {
    if (to[p] < 0 || hit[to[p]]) throw refuse("two posts turn onto " + echo(b.nodes[std::max(to[p], 0)].id));
    hit[to[p]] = 1;
    if (b.nodes[p].kind != b.nodes[to[p]].kind)
      throw refuse(echo(b.nodes[p].id) + " and its image " + echo(b.nodes[to[p]].id) +
                   " are posts of different kinds");
    for (int q = 0; q < P; ++q)
      if (b.road[p].test(q) != b.road[to[p]].test(to[q]) || b.rail[p].test(q) != b.rail[to[p]].test(to[q]))
        throw refuse("the road or rail between " + echo(b.nodes[p].id) + " and " + echo(b.nodes[q].id) +
                     " has no counterpart between their images");
  }
  std::set<std::vector<int>> lines;
  auto canonical = [](std::vector<int> v) {
    std::vector<int> r(v.rbegin(), v.rend());
    return std::min(v, r);
  };
  for (const auto& line : b.lines) lines.insert(canonical(line));
  for (std::size_t k = 0; k < b.lines.size(); ++k) {
    std::vector<int> image;
    for (int p : b.lines[k]) image.push_back(to[p]);
    if (!lines.count(canonical(image)))
      throw refuse("rail line " + echo(b.line_names[k]) + " has no counterpart");
  }
  return to;
}

// Seat 0's grid offsets: the drawing grid when every drawing coordinate is an integer and no
// two posts share a point (at most 64 x 64 points), else the army strip.
std::vector<int> drawing_cells(const Board& b, int& height, int& width) {
  double x0 = 1e18, x1 = -1e18, y0 = 1e18, y1 = -1e18;
  for (const Node& n : b.nodes) {
    if (n.x != std::round(n.x) || n.y != std::round(n.y)) return {};
    x0 = std::min(x0, n.x), x1 = std::max(x1, n.x), y0 = std::min(y0, n.y), y1 = std::max(y1, n.y);
  }
  if (x1 - x0 >= 64 || y1 - y0 >= 64) return {};
  width = static_cast<int>(x1 - x0) + 1;
  height = static_cast<int>(y1 - y0) + 1;
  std::vector<int> cell;
  std::set<int> used;
  for (const Node& n : b.nodes) {
    const int c = static_cast<int>(n.y - y0) * width + static_cast<int>(n.x - x0);
    if (!used.insert(c).second) return {};
    cell.push_back(c);
  }
  return cell;
}

std::vector<int> strip_cells(const Board& b, int& height, int& width, const std::string& where) {
  const int n = b.armies, P = b.posts;
  const int shift = n / 2 - 1;
  width = n * kCols;
  // Distance of each centre post from the armies, by roads and rails.
  std::vector<int> dist(static_cast<std::size_t>(P), -1);
  std::vector<int> frontier;
  for (int p = 0; p < P; ++p)
    if (b.army_of(p) >= 0) dist[p] = 0, frontier.push_back(p);
  int far = 0;
  while (!frontier.empty()) {
    std::vector<int> next;
    for (int p : frontier)
      for (int q : b.road[p] | b.rail[p])
        if (dist[q] < 0) dist[q] = dist[p] + 1, next.push_back(q), far = dist[q];
    frontier = std::move(next);
  }
  for (int p = 0; p < P; ++p)
    if (dist[p] < 0) dist[p] = far + 1;  // joined to the armies by no road or rail
  for (int p = 0; p < P; ++p) far = std::max(far, dist[p]);
  height = far + kRows;
  std::vector<int> row(static_cast<std::size_t>(P), -1), col(static_cast<std::size_t>(P), -1);
  std::set<int> used;
  for (int p = 0; p < P; ++p)
    if (b.army_of(p) >= 0) {
      row[p] = far + b.row_of(p);
      col[p] = ((b.army_of(p) + shift) % n) * kCols + b.col_of(p);
      used.insert(row[p] * width + col[p]);
    }
  for (int d = 1; d <= far; ++d)
    for (int p = 0; p < P; ++p) {
      if (dist[p] != d) continue;
      // Over the columns of the posts it joins one step nearer the armies (a mean on the
      // circle of columns, since the strip closes on itself); with no direction, over the
      // middle of seat 0's army.
      double sx = 0, sy = 0;
      int count = 0;
      for (int q : b.road[p] | b.rail[p])
        if (dist[q] == d - 1) {
          const double t = 2 * std::numbers::pi * col[q] / width;
          sx += std::cos(t), sy += std::sin(t), ++count;
        }
      int c = shift * kCols + kCols / 2;
      if (count > 0 && std::hypot(sx, sy) > 1e-6 * count) {
        double t = std::atan2(sy, sx);
        if (t < 0) t += 2 * std::numbers::pi;
        c = static_cast<int>(std::floor(t * width / (2 * std::numbers::pi) + 1e-6)) % width;
      }
      const int r = far - d;
      int placed = -1;
      for (int k = 0; k < 2 * width && placed < 0; ++k) {
        const int at = ((c + (k % 2 ? (k + 1) / 2 : -(k / 2))) % width + width) % width;
        if (!used.count(r * width + at)) placed = at;
      }
      if (placed < 0)
        throw Error(where + ": too many centre posts " + std::to_string(d) +
                    " steps from the armies for the network grid");
      row[p] = r, col[p] = placed;
      used.insert(r * width + placed);
    }
  std::vector<int> cell(static_cast<std::size_t>(P));
  for (int p = 0; p < P; ++p) cell[p] = row[p] * width + col[p];
  return cell;
}

}  // namespace

Layout build_layout(const Board& b, const std::string& where) {
  const int n = b.armies, P = b.posts;
  Layout l;
  l.posts = P;
  std::vector<int> base = drawing_cells(b, l.height, l.width);
  l.drawing = !base.empty();
  if (!l.drawing) base = strip_cells(b, l.height, l.width, where);
  l.turn.resize(static_cast<std::size_t>(n * P));
  l.unturn.resize(l.turn.size());
  l.cell.resize(l.turn.size());
  for (int s = 0; s < n; ++s) {
    const std::vector<int> to = board_turn(b, s, where);
    for (int p = 0; p < P; ++p) {
      l.turn[s * P + p] = static_cast<std::int16_t>(to[p]);
      l.unturn[s * P + to[p]] = static_cast<std::int16_t>(p);
      l.cell[s * P + p] = static_cast<std::int16_t>(base[to[p]]);
    }
  }
  l.post_at_cell.assign(static_cast<std::size_t>(l.height * l.width), -1);
  for (int p = 0; p < P; ++p) l.post_at_cell[base[p]] = static_cast<std::int16_t>(p);

  // Moves: a road neighbour, or any rail post from a rail post (an engineer's reach), never
  // to or from the airport (no piece stops there). A destination on a neighbouring grid point is a step; the
  // others of each post are ranked nearest first (grid distance, then clockwise from north, then offset).
  l.move_kind.assign(static_cast<std::size_t>(P * P), -1);
  std::vector<std::vector<int>> far(static_cast<std::size_t>(P));
  for (int f = 0; f < P; ++f) {
    if (b.airport.test(f)) continue;
    const int fr = base[f] / l.width, fc = base[f] % l.width;
    Posts reach = b.road[f];
    if (b.is_rail(f)) reach |= b.rail_posts;
    reach.reset(f);
    reach = reach.andnot(b.airport);
    std::vector<std::tuple<int, double, int, int>> ranked;
    for (int t : reach) {
      const int dr = base[t] / l.width - fr, dc = base[t] % l.width - fc;
      const int chebyshev = std::max(std::abs(dr), std::abs(dc));
      if (chebyshev == 1) {
        for (int k = 0; k < kSteps; ++k)
          if (kStepRow[k] == dr && kStepCol[k] == dc)
            l.move_kind[f * P + t] = static_cast<std::int16_t>(kFirstStepKind + k);
        continue;
      }
      double angle = std::atan2(dc, -dr);
      if (angle < 0) angle += 2 * std::numbers::pi;
      ranked.emplace_back(chebyshev, angle, base[t], t);
    }
    std::sort(ranked.begin(), ranked.end());
    for (const auto& r : ranked) far[f].push_back(std::get<3>(r));
    l.far_kinds = std::max(l.far_kinds, static_cast<int>(far[f].size()));
  }
  l.far_target.assign(static_cast<std::size_t>(P * l.far_kinds), -1);
  for (int f = 0; f < P; ++f)
    for (int k = 0; k < static_cast<int>(far[f].size()); ++k) {
      l.far_target[f * l.far_kinds + k] = static_cast<std::int16_t>(far[f][k]);
      l.move_kind[f * P + far[f][k]] = static_cast<std::int16_t>(kFirstFarKind + k);
    }
  return l;
}

}  // namespace qilab::junqi

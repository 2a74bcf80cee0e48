// The move generator (bit scans over ray runs, a per-call cache of the centre's reach, the
// hemmed-in shortcut) against a plain reference written from the rules: post-by-post walks
// along the board file's lines and a breadth-first search over rail neighbours.
#include <doctest/doctest.h>

#include <deque>
#include <set>

#include "helpers.h"

using namespace junqi_test;

namespace {

// Destinations of the piece on `from` (the seat to move), straight from the rules.
std::set<int> reference_destinations(const State& s, int from) {
  const Board& b = s.board();
  std::set<int> out;
  const int piece = s.piece_at(from);
  const int kind = s.kind_of(piece);
  if (kind == kFlag || kind == kMine || b.headquarters.test(from)) return out;  // immobile; 司令部 freezes
  const int team = (piece / kSlots) & 1;
  auto occupied = [&](int p) { return s.piece_at(p) >= 0; };
  auto friendly = [&](int p) { return occupied(p) && ((s.piece_at(p) / kSlots) & 1) == team; };
  auto attackable = [&](int p) { return occupied(p) && !friendly(p) && !b.camps.test(p); };  // 行营是个安全岛
  for (int p = 0; p < b.posts; ++p)  // road: one step, not onto a friend or an occupied camp
    if (b.road[from].test(p) && !friendly(p) && !(occupied(p) && b.camps.test(p))) out.insert(p);
  if (b.is_rail(from)) {
    if (kind == kEngineer) {  // any path of empty rail posts
      std::vector<bool> seen(b.posts, false);
      std::deque<int> queue{from};
      seen[from] = true;
      while (!queue.empty()) {
        const int p = queue.front();
        queue.pop_front();
        for (int q = 0; q < b.posts; ++q) {
          if (!b.rail[p].test(q) || seen[q]) continue;
          if (occupied(q)) {
            if (attackable(q)) out.insert(q);
            continue;
          }
          seen[q] = true;
          out.insert(q);
          queue.push_back(q);
        }
      }
    } else {  // straight along each line, then once more from each empty centre post passed
      auto walk = [&](int start, std::set<int>& reached) {
        for (const auto& line : b.lines)
          for (std::size_t i = 0; i < line.size(); ++i) {
            if (line[i] != start) continue;
            for (int dir : {-1, 1})
              for (long k = static_cast<long>(i) + dir; k >= 0 && k < static_cast<long>(line.size());
                   k += dir) {
                const int q = line[k];
                if (occupied(q)) {  // the mover's own post counts as occupied
                  if (attackable(q)) reached.insert(q);
                  break;
                }
                reached.insert(q);
              }
          }
      };
      std::set<int> straight;
      walk(from, straight);
      out.insert(straight.begin(), straight.end());
      for (int t : straight)
        if (b.turn_posts.test(t) && !occupied(t)) walk(t, out);
    }
  }
  out.erase(from);
  for (int p = 0; p < b.posts; ++p)
    if (b.airport.test(p)) out.erase(p);  // nobody stops on the airport
  return out;
}

template <class G>
void check_against_reference(const G& g, std::uint64_t seed, int games) {
  Rng rng(seed);
  ActionList legal;
  int positions = 0, pieces = 0;
  for (int game = 0; game < games; ++game) {
    State s = g.initial_state();
    while (!s.is_terminal()) {
      s.legal_actions(legal);
      if (s.phase() == Phase::kPlay && s.draw_offer() < 0) {
        const Board& b = s.board();
        const int P = b.posts;
        std::set<Action> expected;
        for (int from = 0; from < P; ++from) {
          const int piece = s.piece_at(from);
          if (piece < 0 || piece / kSlots != s.current_player()) continue;
          const std::set<int> dest = reference_destinations(s, from);
          const Posts got = s.destinations(from);
          CAPTURE(from);
          CHECK(std::set<int>(got.begin(), got.end()) == dest);
          for (int to : dest) expected.insert(from * P + to);
          ++pieces;
        }
        std::set<Action> listed;
        for (int i = 0; i < legal.size(); ++i)
          if (legal[i] < P * P) listed.insert(legal[i]);
        CHECK(listed == expected);
        ++positions;
      }
      s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
    }
  }
  MESSAGE(positions << " positions, " << pieces << " pieces compared");
  CHECK(positions > 500);
}

}  // namespace

TEST_CASE("move generation equals a post-by-post reference on positions of random games") {
  check_against_reference(make<Junqi6>({{"resign_after", "-1"}}), 31, 3);
  check_against_reference(make<Junqi4>({{"resign_after", "-1"}}), 32, 3);
}

// The move proposals of random_action's draw (engine/mizong/proposals.h) against the walk
// (walk_end_rows / window_ends, itself tested against the breadth-first reference in
// generators_test.cc): the tables hold exactly the ends of each pattern on an empty board,
// and on thousands of positions of random games ReachProbe keeps exactly the walk's ends.
#include <doctest/doctest.h>

#include <cstdlib>
#include <set>

#include "engine/mizong/paths.h"
#include "engine/mizong/proposals.h"
#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

namespace {

// The patterns the draw proposes: the ordinary pieces' (exactly 6 steps, exactly 0, 1 or 2
// turns), the ranged hero's, the melee hero's, the healer's (masks), and their exact_steps =
// false forms.
const Pattern kPatterns[] = {
    {6, 6, 0, 0, false},  {6, 6, 1, 1, false}, {6, 6, 2, 2, false}, {6, 6, 0, 2, false},
    {1, 12, 0, 2, false}, {6, 6, 0, 5, false}, {1, 6, 0, 0, false}, {1, 6, 1, 1, false},
    {1, 6, 2, 2, false},  {1, 6, 0, 2, false}, {1, 6, 0, 5, false},
};
constexpr int kPatternCount = static_cast<int>(sizeof kPatterns / sizeof kPatterns[0]);

// Every end of the table from start: kept by the probe exactly when the walk ends there, and
// every end of the walk is an end of the table. Returns how many ends were kept.
int check_probe(const Geometry& g, int start, const Pattern& pat, const Board& occ) {
  const MoveTable& t = move_table(pat);
  const std::set<int> ends = walk_end_set(g, start, pat, occ);
  const ReachProbe probe(g, start, occ, &t);
  std::set<int> kept, proposed;
  for (int j = 0; j < t.ends(); ++j) {
    const int y = probe.cell(j);
    if (y >= 0) {
      REQUIRE(proposed.insert(y).second);  // one index per cell
      REQUIRE(g.distance(start, y) <= pat.max_steps);
    }
    const bool reach = probe.reaches(j, y);
    INFO("start " << g.name(start) << " end " << (y >= 0 ? g.name(y) : "off") << " pattern " << pat.min_steps
                  << ".." << pat.max_steps << " turns " << pat.min_turns << ".." << pat.max_turns);
    REQUIRE(reach == (y >= 0 && ends.count(y) == 1));
    if (reach) kept.insert(y);
  }
  REQUIRE(kept == ends);
  return static_cast<int>(kept.size());
}

// Positions of random games (random_action), every `stride` actions one.
std::vector<State> game_positions(const Mizong& g, int count, int stride, std::uint64_t seed) {
  std::vector<State> out;
  Rng rng(seed);
  State s = g.initial_state();
  while (static_cast<int>(out.size()) < count) {
    if (s.is_terminal()) s = g.initial_state();
    for (int i = 0; i < stride && !s.is_terminal(); ++i) s.apply(s.random_action(rng));
    if (!s.is_terminal()) out.push_back(s);
  }
  return out;
}

}  // namespace

TEST_CASE("mizong proposals: each table holds exactly the pattern's ends on an empty board") {
  const Geometry& g = geometry(24);
  for (const Pattern& pat : kPatterns) {
    REQUIRE(move_table_handles(pat));
    const MoveTable& t = move_table(pat);
    EndRows e;
    walk_end_rows(g, g.centre, pat, Board{}, e);
    std::set<int> table_ends;
    for (int j = 0; j < t.ends(); ++j) {
      const auto& o = t.offset[static_cast<std::size_t>(j)];
      table_ends.insert(g.at(g.q[static_cast<std::size_t>(g.centre)] + o[0],
                             g.r[static_cast<std::size_t>(g.centre)] + o[1]));
      REQUIRE(t.first[static_cast<std::size_t>(j)] <
              t.first[static_cast<std::size_t>(j) + 1]);  // a walk per end
    }
    std::set<int> walk_ends_set;
    e.for_each(g, [&](int c) { return !walk_ends_set.insert(c).second; });
    CHECK(table_ends == walk_ends_set);
    CHECK(t.ends() == e.count());
    CHECK(&move_table(pat) == &t);  // built once
  }
  // The melee hero reaches every cell within 12 steps; exactly six ends go straight.
  CHECK(move_table({1, 12, 0, 2, false}).ends() == 3 * 12 * 13);
  CHECK(move_table({6, 6, 0, 0, false}).ends() == 6);
  // A pattern of no step is the same as one step (a walk never ends on its start).
  CHECK(&move_table({0, 12, 0, 2, false}) == &move_table({1, 12, 0, 2, false}));
  CHECK(move_table({6, 6, 0, 5, false}).by_mask);  // the healer's: masks
  CHECK_FALSE(move_table({6, 6, 0, 2, false}).by_mask);
  CHECK_FALSE(move_table_handles({1, 12, 0, 3, false}));  // more turns over more steps: walked
  CHECK_FALSE(move_table_handles({6, 6, 0, 2, true}));    // reversal: walked
}

TEST_CASE(
    "mizong proposals: the minimal walks of an end leave out only walks through all of another's vertices") {
  // The one-step walk is the only one kept to a neighbour (every walk there ends on it).
  const MoveTable& t = move_table({1, 12, 0, 2, false});
  for (int j = 0; j < t.ends(); ++j) {
    const auto& o = t.offset[static_cast<std::size_t>(j)];
    const int dq = o[0], dr = o[1];
    const int dist = (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
    const auto n = t.first[static_cast<std::size_t>(j) + 1] - t.first[static_cast<std::size_t>(j)];
    const Segments& s0 = t.segs[t.first[static_cast<std::size_t>(j)]];
    if (dist == 1) {
      CHECK(n == 1);
      CHECK(s0.turns == 0);
      CHECK(s0.a == 1);
    }
    if (dist == 12) CHECK(s0.cells == 12);  // (no walk there is shorter)
    // Walks are ordered by how many vertices they visit.
    for (auto k = t.first[static_cast<std::size_t>(j)] + 1; k < t.first[static_cast<std::size_t>(j) + 1]; ++k)
      CHECK(t.segs[k - 1].cells <= t.segs[k].cells);
  }
}

TEST_CASE("mizong proposals: a hand-built position: a two-turn walk around a wall") {
  // Point 4, from 0,0 to 2,0 (two steps right) with 1,0 taken. The one-turn walks there go
  // 1,-1 2,-2 2,-1 2,0 (up-right twice, down-right twice) and 0,1 0,2 1,1 2,0; with 2,-1 and
  // 1,1 taken too, only walks of two turns remain, e.g. up-right three times, down-right
  // twice, down-left once: 1,-1 2,-2 3,-3 3,-2 3,-1 2,0 (six steps).
  const Geometry& g = geometry(4);
  Board occ;
  const int start = g.parse("0,0"), target = g.parse("2,0");
  const Pattern melee{1, 12, 0, 2, false}, one_turn{1, 12, 0, 1, false}, ordinary2{6, 6, 2, 2, false};
  occ.set(g.parse("1,0"));
  CHECK(reach_test(g, start, target, one_turn, occ));
  occ.set(g.parse("2,-1"));
  CHECK(reach_test(g, start, target, one_turn, occ));
  occ.set(g.parse("1,1"));
  CHECK_FALSE(reach_test(g, start, target, one_turn, occ));
  CHECK(reach_test(g, start, target, melee, occ));
  CHECK(reach_test(g, start, target, ordinary2, occ));
  // Taking 3,-2 closes that walk; the others of two turns (e.g. through 3,-1 from 3,-3 ...)
  // decide as the walk does.
  occ.set(g.parse("3,-2"));
  CHECK(reach_test(g, start, target, melee, occ) == (walk_end_set(g, start, melee, occ).count(target) == 1));
  CHECK(reach_test(g, start, target, ordinary2, occ) ==
        (walk_end_set(g, start, ordinary2, occ).count(target) == 1));
  // A taken end is never reached; the start is never an end.
  occ.set(target);
  CHECK_FALSE(reach_test(g, start, target, melee, occ));
  CHECK_FALSE(reach_test(g, start, start, melee, occ));
}

TEST_CASE("mizong proposals: ReachProbe keeps exactly the walk's ends on positions of random games") {
  // Every pattern from the cells of pieces of every kind (and from empty cells next to
  // pieces), on positions of random games at point 24 and 4.
  struct Case {
    int point, positions, stride, starts;
  };
  std::uint64_t seed = 3;
  for (const Case cs : {Case{24, 1500, 150, 3}, Case{4, 3000, 7, 3}}) {
    const Mizong game = make_game({{"round_cap", "200"}}, cs.point);
    Rng rng(seed++);
    int checks = 0, kept = 0;
    for (const State& s : game_positions(game, cs.positions, cs.stride, seed++)) {
      const Geometry& g = s.geo();
      for (int k = 0; k < cs.starts; ++k) {
        // A piece's cell (its own cell counts as empty), or any cell.
        int start = static_cast<int>(rng.below(static_cast<std::uint32_t>(g.cells)));
        if (k > 0) {
          for (int tries = 0; tries < 50 && s.piece_at(start) < 0; ++tries)
            start = static_cast<int>(rng.below(static_cast<std::uint32_t>(g.cells)));
        }
        Board occ = s.occupied();
        occ.reset(start);
        for (const Pattern& pat : kPatterns) {
          kept += check_probe(g, start, pat, occ);
          ++checks;
        }
      }
    }
    CHECK(checks >= cs.positions * cs.starts * kPatternCount);
    CHECK(kept > checks);  // (most starts have moves)
  }
}

TEST_CASE("mizong proposals: ReachProbe keeps exactly the walk's ends on random boards of every density") {
  Rng rng(5);
  for (int point : {4, 24}) {
    const Geometry& g = geometry(point);
    for (int it = 0; it < (point == 24 ? 400 : 400); ++it) {
      Board occ;
      const std::uint32_t density = 1 + rng.below(95);
      for (int c = 0; c < g.cells; ++c)
        if (rng.below(100) < density) occ.set(c);
      const int start = static_cast<int>(rng.below(static_cast<std::uint32_t>(g.cells)));
      occ.reset(start);
      for (const Pattern& pat : kPatterns) check_probe(g, start, pat, occ);
    }
  }
}

// The attack zone along the paths of a ranged piece's move (docs/rules/mizong.md "Activation of
// ordinary pieces"; engine/mizong/zone.h): the tabled decomposition of the default patterns against
// the depth-first reference (every vertex of every legal walk, each one's radius-3 disc), and the
// attack sub-actions after real moves against the reference zone, the options included.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "engine/mizong/paths.h"
#include "engine/mizong/zone.h"
#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

namespace {

// The reference: walk_cells (depth first over whole walks), then every cell within distance
// 3 of a path vertex, cell by cell; lo/hi the words of the lowest and highest cell set.
struct RefZone {
  Board zone;
  int lo = 0, hi = 0;
};
RefZone reference_zone(const Geometry& g, int start, int end, const Pattern& pat, const Board& occupied) {
  Board on_path;
  walk_cells(
      g, start, end, pat, [&](int y) { return y != end && occupied.test(y); }, on_path);
  RefZone z;
  on_path.for_each([&](int v) {
    z.zone.set(v);
    g.for_disc(v, 3, [&](int c) { z.zone.set(c); });
  });
  if (z.zone.any()) {
    int last = 0;
    z.zone.for_each([&](int c) { last = c; });
    z.lo = z.zone.lsb() >> 6;
    z.hi = (last >> 6) + 1;
  }
  return z;
}

// attack_zone against the reference on one move, twice: on a board with every bit set (all
// words to clear) and on the board of the previous call with the word range it returned (as
// State keeps its zone). Returns whether both agree, with the zone's size added to *cells.
bool same_zone(const Geometry& g, int start, int end, const Pattern& pat, const Board& occupied,
               long* cells = nullptr) {
  static Board carried;
  static int carried_lo = 0, carried_hi = 0;
  const RefZone ref = reference_zone(g, start, end, pat, occupied);
  if (cells) *cells += ref.zone.count();
  auto agrees = [&](const Board& zone, int lo, int hi) {
    if (!(zone == ref.zone) || lo != ref.lo || hi != ref.hi) return false;
    for (int w = 0; w < Board::kWords; ++w)
      if (zone.word(w) && (w < lo || w >= hi)) return false;
    return true;
  };
  Board dirty = ~Board{};
  int lo = 0, hi = Board::kWords;
  attack_zone(g, start, end, pat, occupied, dirty, lo, hi);
  attack_zone(g, start, end, pat, occupied, carried, carried_lo, carried_hi);
  return agrees(dirty, lo, hi) && agrees(carried, carried_lo, carried_hi);
}

// Every move of every t (0, 1, 2) from `start` on `occupied`, as the move sees it (the
// mover on its start) and as it is seen after the move (the start empty, the mover on the
// end, which still counts as empty); returns how many moves were compared.
int check_all_moves(const Geometry& g, int start, const Board& occupied, long* cells, const Pattern& base) {
  int moves = 0;
  for (int t = 0; t <= 2; ++t) {
    Pattern pat = base;
    pat.min_turns = pat.max_turns = t;
    for (int e : walk_end_set(g, start, pat, occupied)) {
      INFO("start ", g.name(start), " end ", g.name(e), " turns ", t);
      REQUIRE(same_zone(g, start, e, pat, occupied, cells));
      Board after = occupied;
      after.reset(start);
      after.set(e);
      REQUIRE(same_zone(g, start, e, pat, after, cells));
      ++moves;
    }
  }
  return moves;
}

constexpr Pattern kDefault{6, 6, 0, 0, false};

// States from random play (random_action), one every `every` sub-actions.
std::vector<State> game_states(const Mizong& m, int games, int every, std::uint64_t seed, int limit) {
  std::vector<State> out;
  Rng rng(seed);
  for (int game = 0; game < games; ++game) {
    State s = m.initial_state();
    for (int i = 0; !s.is_terminal() && static_cast<int>(out.size()) < limit * (game + 1) / games; ++i) {
      if (i % every == every - 1) out.push_back(s);
      s.apply(s.random_action(rng));
    }
  }
  return out;
}

}  // namespace

TEST_CASE("mizong zone: a hexagon of radius 3 is the sum of three 4-vertex segments along the axes") {
  // The identity the row dilation rests on: {a (1,0) + b (0,1) + c (-1,1) : 0 <= a, b, c <= 3}
  // shifted by (0, -3) is exactly the 37 offsets within distance 3.
  std::set<std::pair<int, int>> sum, disc;
  for (int a = 0; a <= 3; ++a)
    for (int b = 0; b <= 3; ++b)
      for (int c = 0; c <= 3; ++c) sum.insert({a - c, b + c - 3});
  for (int dq = -3; dq <= 3; ++dq)
    for (int dr = -3; dr <= 3; ++dr)
      if (std::abs(dq) + std::abs(dr) + std::abs(dq + dr) <= 6) disc.insert({dq, dr});
  CHECK(disc.size() == 37);
  CHECK(sum == disc);
}

TEST_CASE("mizong zone: the tabled walks give the reference zone on hand-built positions") {
  const Geometry& g = geometry(24);
  auto at = [&](int q, int r) {
    const int c = g.at(q, r);
    if (c < 0) throw std::runtime_error("no cell");
    return c;
  };
  Board occ;
  // Straight: the one path 0,0 -> 6,0, its zone the 7 discs of radius 3 along it.
  {
    const Pattern pat{6, 6, 0, 0, false};
    const RefZone ref = reference_zone(g, at(0, 0), at(6, 0), pat, occ);
    CHECK(ref.zone.count() == 13 + 2 * (12 + 11 + 10));  // rows dr = 0, +-1, +-2, +-3: 13, 12, 11, 10 cells
    CHECK(same_zone(g, at(0, 0), at(6, 0), pat, occ));
    // A blocker on the path: no walk, an empty zone.
    occ.set(at(3, 0));
    CHECK(reference_zone(g, at(0, 0), at(6, 0), pat, occ).zone.none());
    CHECK(same_zone(g, at(0, 0), at(6, 0), pat, occ));
    // The end itself occupied (the mover standing on it after the move) still counts as empty.
    occ = Board{};
    occ.set(at(6, 0));
    occ.set(at(0, 0));
    CHECK(same_zone(g, at(0, 0), at(6, 0), pat, occ));
  }
  // One turn: two orders (3 right then 3 down-right, or the reverse); blocking one order
  // leaves the other's zone only.
  {
    const Pattern pat{6, 6, 1, 1, false};
    occ = Board{};
    const int e = at(3, 3);
    const RefZone both = reference_zone(g, at(0, 0), e, pat, occ);
    CHECK(same_zone(g, at(0, 0), e, pat, occ));
    occ.set(at(1, 0));
    const RefZone one = reference_zone(g, at(0, 0), e, pat, occ);
    CHECK(one.zone.count() < both.zone.count());
    CHECK(same_zone(g, at(0, 0), e, pat, occ));
  }
  // Two turns through the start, which counts as empty: 1 right, 1 down-left (a triangle
  // back to the start with 1 up-left), then 3 more up-left ends on 0,-3... every other
  // neighbour of the start is taken.
  {
    const Pattern pat{6, 6, 2, 2, false};
    occ = Board{};
    for (int d = 0; d < kDirs; ++d)
      occ.set(g.nb[static_cast<std::size_t>(at(0, 0))][static_cast<std::size_t>(d)]);
    occ.reset(at(1, 0));
    occ.reset(at(0, 1));
    occ.reset(at(0, -1));
    occ.set(at(0, 0));
    CHECK(walk_end_set(g, at(0, 0), pat, occ).count(at(0, -3)) == 1);
    const RefZone ref = reference_zone(g, at(0, 0), at(0, -3), pat, occ);
    CHECK(ref.zone.test(at(0, 4)));  // within 3 of 0,1 on the triangle
    long cells = 0;
    CHECK(check_all_moves(g, at(0, 0), occ, &cells, pat) > 0);
  }
  // The board's corner at point 4 (the window crosses the edge of the board).
  {
    const Geometry& g4 = geometry(4);
    Board none;
    long cells = 0;
    int moves = 0;
    for (int c = 0; c < g4.cells; ++c) moves += check_all_moves(g4, c, none, &cells, kDefault);
    CHECK(moves > 1000);
  }
}

TEST_CASE("mizong zone: the tabled walks give the reference zone on random boards and in random games") {
  Rng rng(2024);
  long cells = 0;
  int moves = 0;
  // Random occupancy (sparse to dense), random starts, both board sizes.
  for (int point : {4, 24}) {
    const Geometry& g = geometry(point);
    for (int density : {10, 30, 50, 70}) {
      for (int trial = 0; trial < (point == 4 ? 40 : 12); ++trial) {
        Board occ;
        for (int c = 0; c < g.cells; ++c)
          if (static_cast<int>(rng.below(100)) < density) occ.set(c);
        for (int k = 0; k < 6; ++k) {
          const int start = static_cast<int>(rng.below(static_cast<std::uint32_t>(g.cells)));
          moves += check_all_moves(g, start, occ, &cells, kDefault);
        }
      }
    }
  }
  // Positions of random games: the pieces' own cells as starts.
  for (int point : {4, 24}) {
    const Mizong m = make_game({{"round_cap", "150"}}, point);
    const auto states = game_states(m, point == 4 ? 6 : 1, point == 4 ? 97 : 9001, 7, point == 4 ? 60 : 12);
    CHECK(states.size() >= 12);
    for (const State& s : states) {
      std::vector<int> starts;
      for (int id = 0; id < 6 * s.home_size(); ++id)
        if (s.piece(id).cell >= 0) starts.push_back(s.piece(id).cell);
      for (int k = 0; k < 25 && !starts.empty(); ++k) {
        const int start = starts[rng.below(static_cast<std::uint32_t>(starts.size()))];
        moves += check_all_moves(s.geo(), start, s.occupied(), &cells, kDefault);
      }
    }
  }
  MESSAGE("moves compared: ", moves, ", zone cells: ", cells);
  CHECK(moves > 20000);
}

TEST_CASE("mizong zone: the other patterns (1 to 6 steps, reversal) take the depth-first walk") {
  Rng rng(99);
  const Geometry& g = geometry(4);
  long cells = 0;
  int moves = 0;
  for (const Pattern base :
       {Pattern{1, 6, 0, 0, false}, Pattern{6, 6, 0, 0, true}, Pattern{1, 6, 0, 0, true}}) {
    CHECK_FALSE(zone_table_handles(base));
    for (int trial = 0; trial < 10; ++trial) {
      Board occ;
      for (int c = 0; c < g.cells; ++c)
        if (rng.below(100) < 30) occ.set(c);
      moves += check_all_moves(g, static_cast<int>(rng.below(static_cast<std::uint32_t>(g.cells))), occ,
                               &cells, base);
    }
  }
  CHECK(moves > 100);
  for (int t = 0; t <= 2; ++t) CHECK(zone_table_handles(Pattern{6, 6, t, t, false}));
}

TEST_CASE(
    "mizong zone: after a ranged piece's move its attacks are exactly the enemies in the reference zone") {
  // Real play through the public API: at every move of an activated ranged ordinary piece that
  // has not attacked, the attack sub-actions after the move against the enemies within the
  // reference zone of the pattern in force (the options choose the pattern).
  struct Case {
    std::vector<std::pair<std::string, std::string>> options;
    int point, games, max_moves;
  };
  const Case cases[] = {
      {{}, 24, 1, 1500},
      {{}, 4, 20, 1500},
      {{{"teams", "3v3"}}, 4, 10, 600},
      {{{"exact_steps", "false"}}, 4, 10, 600},
      {{{"allow_reversal", "true"}}, 4, 10, 600},
      {{{"exact_steps", "false"}, {"allow_reversal", "true"}, {"teams", "2v2v2"}}, 24, 1, 300},
  };
  for (const Case& cs : cases) {
    auto options = cs.options;
    options.emplace_back("round_cap", "120");
    const Mizong m = make_game(options, cs.point);
    Rng rng(5);
    int checked = 0, with_attacks = 0;
    for (int game = 0; game < cs.games && checked < cs.max_moves; ++game) {
      State s = m.initial_state();
      while (!s.is_terminal() && checked < cs.max_moves) {
        const Action a = s.random_action(rng);
        const Activation act = s.activation();
        const bool zone_move = act.piece >= 0 && a >= s.layout().move && a < s.layout().attack &&
                               s.piece(act.piece).kind == kRanged && act.before == 0;
        if (!zone_move) {
          s.apply(a);
          continue;
        }
        const int id = act.piece, p = s.owner(id), start = s.piece(id).cell, end = a - s.layout().move;
        const Rules& r = s.rules();
        const int t = s.pattern_turns(id);
        const RefZone ref = reference_zone(
            s.geo(), start, end, Pattern{r.exact_steps ? r.steps : 1, r.steps, t, t, r.allow_reversal},
            s.occupied());
        s.apply(a);
        std::vector<int> expected, got;
        ref.zone.for_each([&](int c) {
          const int y = s.piece_at(c);
          if (y >= 0 && s.owner(y) != p && s.team_of(s.owner(y)) != s.team_of(p)) expected.push_back(c);
        });
        if (s.activation().piece == id) {
          ActionList list;
          s.legal_actions(list);
          for (Action b : list)
            if (b >= s.layout().attack && b < s.layout().heal) got.push_back(b - s.layout().attack);
        }
        INFO("options ", cs.options.size(), " point ", cs.point, " move ", s.geo().name(start), " -> ",
             s.geo().name(end));
        REQUIRE(got == expected);
        ++checked;
        with_attacks += !got.empty();
      }
    }
    CHECK(checked >= std::min(cs.max_moves, 200));
    CHECK(with_attacks > 10);
  }
}

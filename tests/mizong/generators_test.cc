// The fast generators against straightforward references on thousands of random positions:
// the bit-row walk (window_ends) against the breadth-first walk (bfs_ends), the bit-row disc
// scan against the cell-by-cell one, the seat's select list against "selecting the piece
// leaves something to do", random_action against legal_actions, and the state's board of
// stunned cells against the pieces' flags.
#include <doctest/doctest.h>

#include <map>
#include <set>

#include "engine/mizong/paths.h"
#include "tests/mizong/reference_walk.h"
#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

namespace {

Board random_board(const Geometry& g, Rng& rng) {
  Board b;
  const std::uint32_t density = 1 + rng.below(95);
  for (int c = 0; c < g.cells; ++c)
    if (rng.below(100) < density) b.set(c);
  return b;
}

// Random play from the initial position, every `stride` actions a position.
std::vector<State> positions(const Mizong& g, int count, int stride, std::uint64_t seed) {
  std::vector<State> out;
  Rng rng(seed);
  ActionList l;
  State s = g.initial_state();
  while (static_cast<int>(out.size()) < count) {
    if (s.is_terminal()) s = g.initial_state();
    for (int i = 0; i < stride && !s.is_terminal(); ++i) {
      s.legal_actions(l);
      s.apply(l[static_cast<int>(rng.below(static_cast<std::uint32_t>(l.size())))]);
    }
    if (!s.is_terminal()) out.push_back(s);
  }
  return out;
}

}  // namespace

TEST_CASE("mizong generators: the bit-row walk finds the same ends as the breadth-first walk") {
  const Pattern patterns[] = {
      {1, 12, 0, 2, false},  // melee hero
      {6, 6, 0, 2, false},   // ranged hero
      {6, 6, 0, 5, false},   // healer
      {1, 6, 0, 2, false},   // ranged hero, exact_steps = false
      {1, 6, 0, 5, false},   // healer, exact_steps = false
      {1, 12, 0, 2, true},   // allow_reversal
      {6, 6, 0, 2, true},  {6, 6, 0, 5, true},  {1, 6, 0, 5, true},
      {6, 6, 1, 1, false},  // ordinary patterns too
      {6, 6, 2, 2, false}, {1, 6, 2, 2, true},
  };
  Rng rng(11);
  int compared = 0, nonempty = 0;
  for (int point : {4, 24}) {
    const Geometry& g = geometry(point);
    for (int it = 0; it < (point == 24 ? 1500 : 500); ++it) {
      Board occ = random_board(g, rng);
      const int start = static_cast<int>(rng.below(static_cast<std::uint32_t>(g.cells)));
      occ.reset(start);
      for (const Pattern& pat : patterns) {
        std::vector<int> fast, reference;
        window_ends(g, start, pat, occ, [&](int e) {
          fast.push_back(e);
          return false;
        });
        bfs_ends(g, start, pat, [&](int y) { return occ.test(y); }, [&](int e) {
          reference.push_back(e);
          return false;
        });
        std::sort(reference.begin(), reference.end());
        REQUIRE(fast == reference);  // also: increasing order, no duplicates
        ++compared;
        nonempty += !fast.empty();
      }
    }
  }
  CHECK(compared == 2000 * 12);
  CHECK(nonempty > compared / 2);
}

TEST_CASE("mizong generators: both walks agree with a depth-first enumeration of every path (6 steps)") {
  // The enumeration of tests/mizong/helpers.h, on random boards (this found the breadth-first
  // walk keeping only the fewest turns where a pattern needs a minimum of turns).
  const Mizong game = make_game({}, 24);
  State s = empty(game);
  Rng rng(14);
  const Geometry& g = s.geo();
  for (int it = 0; it < 150; ++it) {
    s.clear_board();
    const std::uint32_t density = 1 + rng.below(80);
    int id = 0;
    for (int c = 0; c < g.cells && id < 6 * s.home_size(); ++c)
      if (rng.below(100) < density) s.put(id++, c, who(kMelee, kRock, kYin));
    int start = static_cast<int>(rng.below(static_cast<std::uint32_t>(g.cells)));
    if (s.piece_at(start) >= 0) s.clear_board(), start = g.centre;
    for (const Pattern& pat : {Pattern{6, 6, 0, 2, false}, Pattern{6, 6, 0, 5, true}, Pattern{1, 6, 2, 2, true},
                               Pattern{1, 6, 1, 1, false}, Pattern{1, 6, 0, 2, false}}) {
      std::vector<int> fast, reference;
      window_ends(g, start, pat, s.occupied(), [&](int e) {
        fast.push_back(e);
        return false;
      });
      bfs_ends(g, start, pat, [&](int y) { return s.occupied().test(y); }, [&](int e) {
        reference.push_back(e);
        return false;
      });
      std::sort(reference.begin(), reference.end());
      const auto oracle = oracle_ends(s, start, pat.min_steps, pat.max_steps, pat.min_turns, pat.max_turns, pat.reversal);
      REQUIRE(names(s, fast) == oracle);
      REQUIRE(names(s, reference) == oracle);
    }
  }
}

TEST_CASE("mizong generators: the bit-row disc scan visits the same cells as the cell-by-cell one") {
  Rng rng(12);
  for (int point : {4, 24}) {
    const Geometry& g = geometry(point);
    for (int it = 0; it < 400; ++it) {
      const Board set = random_board(g, rng);
      const int c = static_cast<int>(rng.below(static_cast<std::uint32_t>(g.cells)));
      for (int radius : {1, 2, 3, 5, 11}) {
        std::vector<int> fast, reference;
        g.for_disc_in(set, c, radius, [&](int x) { fast.push_back(x); });
        g.for_disc(c, radius, [&](int x) {
          if (set.test(x)) reference.push_back(x);
        });
        std::sort(reference.begin(), reference.end());
        REQUIRE(fast == reference);
      }
    }
  }
}

TEST_CASE("mizong generators: a piece is on the select list exactly when selecting it leaves something to do") {
  for (int point : {4, 24}) {
    const Mizong g = make_game({{"round_cap", "200"}}, point);
    int checked = 0;
    for (const State& s : positions(g, point == 24 ? 40 : 300, point == 24 ? 2000 : 37, 5)) {
      if (s.activation().piece >= 0) continue;
      ActionList list;
      s.legal_actions(list);
      std::set<Action> listed(list.begin(), list.end());
      const Player p = s.current_player();
      for (int id = p * s.home_size(); id < (p + 1) * s.home_size(); ++id) {
        const Piece& x = s.piece(id);
        if (x.cell < 0) continue;
        bool reference = false;
        if (!x.stunned() && (is_hero(x.kind) || !s.acted(id))) {
          State t = s;
          t.apply(s.layout().select + x.cell);
          ActionList sub;
          t.legal_actions(sub);
          reference = !sub.empty();
        }
        CHECK(listed.count(s.layout().select + x.cell) == (reference ? 1u : 0u));
        ++checked;
      }
    }
    CHECK(checked > 100);
  }
}

TEST_CASE("mizong generators: random_action returns only legal actions and every one of them, about evenly") {
  for (int point : {4, 24}) {
    const Mizong g = make_game({{"round_cap", "200"}}, point);
    Rng rng(13);
    int lists = 0;
    for (const State& s : positions(g, point == 24 ? 24 : 120, point == 24 ? 1500 : 29, 6)) {
      ActionList list;
      s.legal_actions(list);
      if (list.size() > 200) continue;  // keep the draw count modest
      std::map<Action, int> seen;
      const int draws = 100 * list.size();
      for (int i = 0; i < draws; ++i) {
        const Action a = s.random_action(rng);
        REQUIRE(list.contains(a));
        ++seen[a];
      }
      CHECK(static_cast<int>(seen.size()) == list.size());
      for (const auto& [a, n] : seen) {  // 100 expected each; 6 standard deviations either side
        CHECK(n > 100 - 6 * 10);
        CHECK(n < 100 + 6 * 10);
      }
      ++lists;
    }
    CHECK(lists > 10);
  }
}

TEST_CASE("mizong generators: the stunned-cell board the disc scans read matches the pieces' flags") {
  // Swap and heal targets are read from stunned_cells(): it must follow every stun, swap,
  // move, death and turn start, and a position loaded from JSON.
  for (int point : {4, 24}) {
    const Mizong g = make_game({{"round_cap", "200"}}, point);
    Rng rng(21);
    ActionList l;
    State s = g.initial_state();
    int stunned_seen = 0, checks = 0;
    auto agree = [&](const State& t) {
      Board ref;
      for (int c = 0; c < t.geo().cells; ++c) {
        const int id = t.piece_at(c);
        if (id >= 0 && t.piece(id).stunned()) ref.set(c);
      }
      stunned_seen += ref.count();
      ++checks;
      return ref == t.stunned_cells();
    };
    const int steps = point == 24 ? 6000 : 20000;
    for (int i = 0; i < steps; ++i) {
      if (s.is_terminal()) s = g.initial_state();
      s.legal_actions(l);
      s.apply(l[static_cast<int>(rng.below(static_cast<std::uint32_t>(l.size())))]);
      if (point == 4 || i % 50 == 0) REQUIRE(agree(s));
      if (i % 500 == 0) REQUIRE(agree(g.state_from_json(s.to_json())));
    }
    CHECK(checks > 100);
    CHECK(stunned_seen > 0);
  }
}

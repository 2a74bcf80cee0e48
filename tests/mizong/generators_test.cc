// The fast generators against straightforward references on thousands of random positions:
// the row walk (walk_end_rows, window_ends) and the general bit-row walk (window_ends_general)
// against the breadth-first walk (bfs_ends), the bit-row disc scan against the cell-by-cell
// one, the seat's select list against "selecting the piece leaves something to do",
// sub_action_at and random_action against legal_actions, and the state's board of stunned
// cells against the pieces' flags.
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <map>
#include <set>

#include "engine/mizong/paths.h"
#include "engine/mizong/proposals.h"
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
      {6, 6, 0, 2, true},   {6, 6, 0, 5, true},
      {1, 6, 0, 5, true},   {6, 6, 1, 1, false},  // ordinary patterns too
      {6, 6, 2, 2, false},  {1, 6, 2, 2, true},
  };
  Rng rng(11);
  int compared = 0, nonempty = 0, row_walks = 0;
  for (int point : {4, 24}) {
    const Geometry& g = geometry(point);
    for (int it = 0; it < (point == 24 ? 1500 : 500); ++it) {
      Board occ = random_board(g, rng);
      const int start = static_cast<int>(rng.below(static_cast<std::uint32_t>(g.cells)));
      occ.reset(start);
      for (const Pattern& pat : patterns) {
        std::vector<int> fast, general, reference;
        window_ends(g, start, pat, occ, [&](int e) {
          fast.push_back(e);
          return false;
        });
        window_ends_general(g, start, pat, occ, [&](int e) {
          general.push_back(e);
          return false;
        });
        bfs_ends(
            g, start, pat, [&](int y) { return occ.test(y); },
            [&](int e) {
              reference.push_back(e);
              return false;
            });
        std::sort(reference.begin(), reference.end());
        REQUIRE(fast == reference);  // also: increasing order, no duplicates
        REQUIRE(general == reference);
        if (row_walk_handles(pat)) {  // the end rows: their count and k-th end
          EndRows rows;
          walk_end_rows(g, start, pat, occ, rows);
          REQUIRE(rows.count() == static_cast<int>(reference.size()));
          for (int k = 0; k < rows.count(); ++k)
            REQUIRE(rows.nth(g, k) == reference[static_cast<std::size_t>(k)]);
          ++row_walks;
        }
        ++compared;
        nonempty += !fast.empty();
      }
    }
  }
  CHECK(compared == 2000 * 12);
  CHECK(row_walks == 2000 * 7);  // the patterns without reversal
  CHECK(nonempty > compared / 2);
}

TEST_CASE("mizong generators: the walks agree with a depth-first enumeration of every path (6 steps)") {
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
    for (const Pattern& pat :
         {Pattern{6, 6, 0, 2, false}, Pattern{6, 6, 0, 5, true}, Pattern{1, 6, 2, 2, true},
          Pattern{1, 6, 1, 1, false}, Pattern{1, 6, 0, 2, false}}) {
      std::vector<int> fast, reference;
      window_ends(g, start, pat, s.occupied(), [&](int e) {
        fast.push_back(e);
        return false;
      });
      bfs_ends(
          g, start, pat, [&](int y) { return s.occupied().test(y); },
          [&](int e) {
            reference.push_back(e);
            return false;
          });
      std::sort(reference.begin(), reference.end());
      const auto oracle =
          oracle_ends(s, start, pat.min_steps, pat.max_steps, pat.min_turns, pat.max_turns, pat.reversal);
      std::vector<int> general;
      window_ends_general(g, start, pat, s.occupied(), [&](int e) {
        general.push_back(e);
        return false;
      });
      REQUIRE(names(s, general) == oracle);
      REQUIRE(names(s, fast) == oracle);
      REQUIRE(names(s, reference) == oracle);
    }
  }
}

TEST_CASE("mizong generators: reach_test decides exactly the ends of the walk, cell by cell") {
  // random_action proposes a move as an end of the pattern's table and keeps it when a free
  // walk reaches it (reach_test, ReachProbe): it must agree with the walk on every cell.
  // (tests/mizong/proposals_test.cc tests the probe on positions of random games.)
  const Pattern patterns[] = {{1, 12, 0, 2, false}, {1, 6, 0, 2, false}, {0, 12, 0, 1, false},
                              {1, 6, 0, 0, false},  {6, 6, 2, 2, false}, {6, 6, 0, 2, false},
                              {6, 6, 0, 5, false}};
  Rng rng(17);
  int yes = 0, no = 0;
  for (int point : {4, 24}) {
    const Geometry& g = geometry(point);
    for (int it = 0; it < (point == 24 ? 300 : 100); ++it) {
      Board occ = random_board(g, rng);
      const int start = static_cast<int>(rng.below(static_cast<std::uint32_t>(g.cells)));
      occ.reset(start);
      for (const Pattern& pat : patterns) {
        REQUIRE(move_table_handles(pat));
        std::set<int> ends;
        window_ends(g, start, pat, occ, [&](int e) {
          ends.insert(e);
          return false;
        });
        for (int y = 0; y < g.cells; ++y) {
          if (g.distance(start, y) > pat.max_steps) continue;
          const bool reach = reach_test(g, start, y, pat, occ);
          REQUIRE(reach == (ends.count(y) == 1));
          yes += reach;
          no += !reach;
        }
      }
    }
  }
  CHECK(yes > 10000);
  CHECK(no > 10000);
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

TEST_CASE(
    "mizong generators: a piece is on the select list exactly when selecting it leaves something to do") {
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
          t.play(s.layout().select + x.cell);  // perhaps not listed: that is what is checked
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

namespace {
// 100 draws of random_action per legal action of s (list: its legal actions): every draw is
// legal, every action is drawn, each within 6 standard deviations of 100.
void check_uniform_draws(const State& s, const ActionList& list, Rng& rng) {
  std::map<Action, int> seen;
  const int draws = 100 * list.size();
  for (int i = 0; i < draws; ++i) {
    const Action a = s.random_action(rng);
    REQUIRE(list.contains(a));
    ++seen[a];
  }
  CHECK(static_cast<int>(seen.size()) == list.size());
  for (const auto& [a, n] : seen) {
    CHECK(n > 100 - 6 * 10);
    CHECK(n < 100 + 6 * 10);
  }
}

}  // namespace

TEST_CASE("mizong generators: random_action returns only legal actions and every one of them, about evenly") {
  for (int point : {4, 24}) {
    const Mizong g = make_game({{"round_cap", "200"}}, point);
    Rng rng(13);
    int lists = 0;
    for (const State& s : positions(g, point == 24 ? 24 : 120, point == 24 ? 1500 : 29, 6)) {
      ActionList list;
      s.legal_actions(list);
      if (list.size() > 200) continue;  // keep the draw count modest
      check_uniform_draws(s, list, rng);
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

namespace {

// States inside activations from random play (random_action draws), by what the active
// piece is and how far its activation has gone: kind * 4 + (acts > 0) + 2 * moved.
std::map<int, std::vector<State>> activation_states(const Mizong& g, int games, int per_kind,
                                                    std::uint64_t seed) {
  std::map<int, std::vector<State>> out;
  Rng rng(seed);
  for (int game = 0; game < games; ++game) {
    State s = g.initial_state();
    for (int i = 0; !s.is_terminal() && i < 60000; ++i) {
      if (s.activation().piece >= 0 && rng.below(8) == 0) {
        const Activation& a = s.activation();
        auto& v = out[s.piece(a.piece).kind * 4 + (a.acts > 0) + 2 * a.moved];
        if (static_cast<int>(v.size()) < per_kind) v.push_back(s);
      }
      s.apply(s.random_action(rng));
    }
  }
  return out;
}

}  // namespace

TEST_CASE(
    "mizong generators: sub_action_at(k) is legal_actions()[k] in every kind of activation, without the "
    "list") {
  // The count-and-index path random_action uses within an activation, against the list, for
  // every kind of piece before and after its first sub-action and its move (ranged pieces'
  // path zone, heroes' and the healer's AP families), in the team modes (enemies exclude
  // teammates) and with reversal allowed (the general walk, through the list).
  struct Case {
    std::vector<std::pair<std::string, std::string>> options;
    int point, games, per_kind;
  };
  const Case cases[] = {
      {{}, 24, 1, 25},
      {{}, 4, 30, 40},
      {{{"teams", "3v3"}}, 4, 20, 30},
      {{{"teams", "2v2v2"}, {"exact_steps", "false"}}, 24, 1, 10},
      {{{"allow_reversal", "true"}, {"hero_heal_any_attributes", "true"}}, 4, 10, 20},
      {{{"swap_after_acting", "true"}, {"hero_passive_heal", "true"}, {"melee_hero_heal_radius", "2"}},
       4,
       10,
       20},
  };
  for (const Case& cs : cases) {
    auto options = cs.options;
    options.emplace_back("round_cap", "120");
    const Mizong g = make_game(options, cs.point);
    const auto states = activation_states(g, cs.games, cs.per_kind, 31);
    std::set<int> kinds;
    int checked = 0;
    for (const auto& [key, list_of] : states) {
      for (const State& s : list_of) {
        ActionList list;
        s.legal_actions(list);
        REQUIRE(s.sub_action_count() == list.size());
        for (int k = 0; k < list.size(); ++k) REQUIRE(s.sub_action_at(k) == list[k]);
        CHECK(s.sub_action_at(list.size()) == kInvalidAction);
        CHECK(s.sub_action_at(-1) == kInvalidAction);
        kinds.insert(key);
        ++checked;
      }
    }
    CHECK(checked > 50);
    // Every kind at its first sub-action and after one (heroes after a move too), and a ranged
    // piece after its move (the path zone).
    for (int kind = 0; kind < kKinds; ++kind) {
      CHECK(kinds.count(kind * 4) == 1);
      CHECK(kinds.count(kind * 4 + 1) == 1);
    }
    CHECK(kinds.count(kRanged * 4 + 3) == 1);
    CHECK(kinds.count(kMeleeHero * 4 + 3) == 1);
  }
}

TEST_CASE("mizong generators: random_action is uniform over the list inside hero and ordinary activations") {
  // Lists up to a hero's ~250 sub-actions, first sub-action and mid-activation.
  const Mizong g = make_game({{"round_cap", "120"}}, 24);
  const auto states = activation_states(g, 1, 2, 41);
  Rng rng(43);
  int lists = 0, hero_lists = 0, mid = 0;
  for (const auto& [key, list_of] : states) {
    for (const State& s : list_of) {
      ActionList list;
      s.legal_actions(list);
      check_uniform_draws(s, list, rng);
      ++lists;
      hero_lists += is_hero(key / 4) && list.size() > 100;
      mid += key % 4 != 0;
    }
  }
  CHECK(lists >= 14);
  CHECK(hero_lists >= 2);
  CHECK(mid >= 6);
}

TEST_CASE("mizong generators: random_action draws each family of sub-actions in proportion to its size") {
  // random_action counts only the family its index lands in (the others stand for their disc
  // sizes or the moves' bound until counted, an index past a family's real members is drawn
  // again): pooled over many activations, the draws of each family (swaps, attacks, heals,
  // moves, area heal, done) must match the family's share of the list within 5 standard
  // deviations, which a bias toward the families drawn after a rejection would break.
  struct Case {
    int point, games, per_kind;
  };
  for (const Case cs : {Case{24, 1, 4}, Case{4, 10, 10}}) {
    const Mizong g = make_game({{"round_cap", "120"}}, cs.point);
    const auto states = activation_states(g, cs.games, cs.per_kind, 57);
    Rng rng(59);
    std::array<double, 6> expected{}, variance{};
    std::array<int, 6> seen{};
    int states_used = 0;
    for (const auto& [key, list_of] : states) {
      for (const State& s : list_of) {
        const Layout& l = s.layout();
        auto family = [&](Action a) {
          return a < l.attack       ? 0
                 : a < l.heal       ? 1
                 : a < l.swap       ? 2
                 : a < l.area_heal  ? 3
                 : a == l.area_heal ? 4
                                    : 5;
        };
        ActionList list;
        s.legal_actions(list);
        std::array<int, 6> n{};
        for (Action a : list) ++n[static_cast<std::size_t>(family(a))];
        const int draws = 2000;
        for (int i = 0; i < draws; ++i) {
          const Action a = s.random_action(rng);
          REQUIRE(list.contains(a));
          ++seen[static_cast<std::size_t>(family(a))];
        }
        for (std::size_t f = 0; f < 6; ++f) {
          const double p = static_cast<double>(n[f]) / list.size();
          expected[f] += draws * p;
          variance[f] += draws * p * (1 - p);
        }
        ++states_used;
      }
    }
    CHECK(states_used > 20);
    for (std::size_t f = 0; f < 6; ++f) {
      INFO("family " << f << " seen " << seen[f] << " expected " << expected[f]);
      CHECK(std::abs(seen[f] - expected[f]) <= 5 * std::sqrt(variance[f]) + 1);
    }
  }
}

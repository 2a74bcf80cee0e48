// Evidence (docs/rules/mizong.md "Hidden information"): what the public play of a dark piece
// proves about its kind and attributes, kept per piece, and sample_world drawing only
// identities that agree with it while unconstrained pieces still take every allowed one.
#include <doctest/doctest.h>

#include <map>
#include <set>

#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

namespace {

// Seat p's first dark piece of the given kind in the seat's setup (point 24: the full army,
// so the other dark pieces, off the board, are redealt around it).
int dark_of(const State& s, int p, Kind kind, int skip = 0) {
  for (int k = 0; k < s.home_size(); ++k) {
    const Piece& x = s.piece(pid(s, p, k));
    if (x.dark() && x.kind == kind && skip-- == 0) return pid(s, p, k);
  }
  throw std::runtime_error("no such piece");
}

// An empty point-24 board (every piece off it, identities kept), seat 0 to move.
State bare(const Mizong& g) {
  State s = g.initial_state();
  s.clear_board();
  return s;
}

Identity identity_of(const State& s, int id) { return s.piece(id).identity(); }

// Kinds and identities piece id takes over `n` worlds sampled for p.
struct Census {
  std::set<int> kinds;
  std::set<std::string> tokens;
};
Census census(const State& s, int p, int id, int n) {
  Census c;
  Rng rng(99);
  for (int i = 0; i < n; ++i) {
    const State w = s.sample_world(p, rng);
    c.kinds.insert(w.piece(id).kind);
    c.tokens.insert(token(w.piece(id).identity()));
  }
  return c;
}

}  // namespace

TEST_CASE(
    "mizong evidence: an attack at distance 2 proves a ranged piece; a tie with an open piece shows its "
    "attributes") {
  const Mizong g = make_game({}, 24);
  State s = bare(g);
  const int a = dark_of(s, 0, kRanged);
  const Identity me = identity_of(s, a);
  s.put(a, cell(s, "0,0"), me);
  // An open enemy with the same attributes two steps away: nobody loses, nobody is revealed.
  s.put(pid(s, 1, 0), cell(s, "2,0"),
        who(kMelee, static_cast<Attr1>(me.attr1), static_cast<Attr2>(me.attr2)));
  play(s, "select:0,0");
  play(s, "attack:2,0");
  CHECK(!s.visible(1, a));
  CHECK(s.piece(a).may_kinds == 1 << kRanged);
  CHECK(s.piece(a).may_attrs == attribute_bit(me.attr1, me.attr2));
  // In every world seat 1 draws, the piece is that ranged piece; an untouched dark piece of
  // seat 0 (off the board) still takes every kind.
  const Census c = census(s, 1, a, 300);
  CHECK(c.tokens == std::set<std::string>{token(me)});
  const int other = dark_of(s, 0, kMelee, 5);
  CHECK(census(s, 1, other, 3000).kinds == std::set<int>{kMelee, kRanged, kMeleeHero, kRangedHero, kHealer});
}

TEST_CASE(
    "mizong evidence: going on after two standing attacks proves melee; stopping by itself proves ranged") {
  const Mizong g = make_game({}, 24);
  for (Kind kind : {kMelee, kRanged}) {
    State s = bare(g);
    const int a = dark_of(s, 0, kind);
    const Identity me = identity_of(s, a);
    s.put(a, cell(s, "0,0"), me);
    s.put(pid(s, 1, 0), cell(s, "1,0"),
          who(kMelee, static_cast<Attr1>(me.attr1), static_cast<Attr2>(me.attr2)));
    play(s, "select:0,0");
    play(s, "attack:1,0");
    CHECK(s.piece(a).may_kinds == kOrdinaryKinds);  // one adjacent attack: either class
    play(s, "attack:1,0");
    // Melee may attack a third time, so its activation goes on; ranged has done all it may.
    CHECK((s.activation().piece == a) == (kind == kMelee));
    CHECK(s.piece(a).may_kinds == 1 << kind);
    const Census c = census(s, 1, a, 200);
    CHECK(c.kinds == std::set<int>{kind});
    if (kind == kMelee) {
      play(s, "attack:1,0");  // the third standing attack (melee only)
      CHECK(s.piece(a).may_kinds == 1 << kMelee);
    }
  }
}

TEST_CASE("mizong evidence: attacking after moving, having attacked before, proves melee") {
  const Mizong g = make_game({}, 24);
  State s = bare(g);
  const int a = dark_of(s, 0, kMelee);
  const Identity me = identity_of(s, a);
  const Identity twin = who(kRanged, static_cast<Attr1>(me.attr1), static_cast<Attr2>(me.attr2));
  s.put(a, cell(s, "0,0"), me);
  s.put(pid(s, 1, 0), cell(s, "1,0"), twin);
  s.put(pid(s, 1, 1), cell(s, "-5,6"), twin);  // next to the end of the straight move to -6,6...
  // Round 1: a dark piece moves straight 6 steps. Ends: the six straight ones.
  play(s, "select:0,0");
  play(s, "attack:1,0");
  CHECK(s.piece(a).may_kinds == kOrdinaryKinds);
  play(s, "move:-6,6");
  REQUIRE(s.activation().piece == a);  // melee may still attack; ranged (attacked before) may not
  CHECK(s.piece(a).may_kinds == 1 << kMelee);
  play(s, "attack:-5,6");
  CHECK(s.piece(a).may_kinds == 1 << kMelee);
}

TEST_CASE("mizong evidence: any sub-action without action points rules heroes out, and proves no more") {
  const Mizong g = make_game({}, 24);
  State s = bare(g);
  const int a = dark_of(s, 0, kMelee);
  s.put(a, cell(s, "0,0"), identity_of(s, a));
  s.put(pid(s, 1, 0), cell(s, "10,-10"), who(kMelee, kRock, kYin));
  play(s, "select:0,0");
  play(s, "move:6,0");  // no enemy near its end: either class stops here by itself
  CHECK(s.activation().piece < 0);
  CHECK(s.piece(a).may_kinds == kOrdinaryKinds);
  CHECK(s.piece(a).may_attrs == kAnyAttributes);
  const Census moved = census(s, 1, a, 400);
  CHECK(moved.kinds == std::set<int>{kMelee, kRanged});
  CHECK(moved.tokens.size() == 12);  // melee or ranged, each of the six attribute pairs
  const Census untouched = census(s, 1, dark_of(s, 0, kRanged, 3), 3000);
  CHECK(untouched.kinds == std::set<int>{kMelee, kRanged, kMeleeHero, kRangedHero, kHealer});
}

TEST_CASE("mizong evidence: a hero's heal shows the attributes of a hidden target") {
  const Mizong g = make_game({{"reveal_on_combat", "false"}}, 24);
  State s = bare(g);
  int hero = -1;
  for (int k = 0; k < s.home_size(); ++k)
    if (s.piece(pid(s, 0, k)).kind == kMeleeHero) hero = pid(s, 0, k);
  const int a = dark_of(s, 0, kRanged);
  s.put(hero, cell(s, "0,0"), who(kMeleeHero, kPaper, kYang));
  s.put(a, cell(s, "1,0"), who(kRanged, kPaper, kYin, true));
  s.set_hp(a, 30);
  play(s, "select:0,0");
  play(s, "heal:1,0");
  CHECK(s.piece(a).may_attrs == attribute_bit(kPaper, kYin));
}

TEST_CASE(
    "mizong evidence: in random games evidence is always true of the piece, and sampled worlds keep it, the "
    "army and what p sees") {
  const Mizong g = make_game({{"round_cap", "200"}}, 24);
  State s = g.initial_state();
  Rng rng(21);
  ActionList legal;
  int narrowed_kinds = 0, pinned = 0, checks = 0;
  for (int step = 0; step < 40000 && !s.is_terminal(); ++step) {
    if (step % 2000 == 1999 && s.activation().piece < 0) {
      const Player p = s.current_player();
      for (int n = 0; n < 3; ++n) {
        const State w = s.sample_world(p, rng);
        CHECK(w.observation_string(p) == s.observation_string(p));
        CHECK(w.information_key(p) == s.information_key(p));
        ActionList wl;
        w.legal_actions(wl);
        s.legal_actions(legal);
        CHECK(wl.vector() == legal.vector());
        for (Player q = 0; q < 6; ++q)
          CHECK(check_army([&] {
                  std::vector<Identity> v;
                  for (int k = 0; k < w.home_size(); ++k) v.push_back(w.piece(pid(w, q, k)).identity());
                  return v;
                }()) == "");
        for (int id = 0; id < 6 * w.home_size(); ++id) {
          const Piece& x = w.piece(id);
          CHECK((x.may_kinds >> x.kind & 1) == 1);
          CHECK((x.may_attrs >> (x.attr1 * 2 + x.attr2) & 1) == 1);
        }
        ++checks;
      }
      CHECK(g.state_from_json(s.to_json()).observation_string(p) == s.observation_string(p));
    }
    s.legal_actions(legal);
    s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
    for (int id = 0; id < 6 * s.home_size(); ++id) {  // evidence is sound: the truth always agrees
      const Piece& x = s.piece(id);
      if (!((x.may_kinds >> x.kind) & 1) || !((x.may_attrs >> (x.attr1 * 2 + x.attr2)) & 1)) {
        FAIL("evidence contradicts piece " << id << " at step " << step);
      }
    }
  }
  for (int id = 0; id < 6 * s.home_size(); ++id) {
    narrowed_kinds += s.piece(id).may_kinds != kAnyKind && s.piece(id).may_kinds != kOrdinaryKinds;
    pinned += s.piece(id).may_attrs != kAnyAttributes;
  }
  MESSAGE("evidence after 40000 steps: kinds proven ", narrowed_kinds, ", attributes pinned ", pinned);
  CHECK(checks >= 15);
  CHECK(narrowed_kinds > 0);
}

TEST_CASE("mizong evidence: sampled worlds are uniform over the assignments that agree with the evidence") {
  // Point 4: seat 0's five dark pieces (melee P-, melee S-, healer R-, ranged S+, ranged R+),
  // all hidden from seat 1. Piece A acted (ordinary) with attributes pinned to scissors (yin
  // or yang); piece B is proven ranged. Every assignment of the five identities that agrees
  // is counted by brute force; each must come up about equally often (A is melee in twice as
  // many of them as ranged: the weighting of the pinned draw is seen).
  const Mizong g = make_game();
  const State start = g.initial_state();
  std::vector<int> dark;
  for (int k = 0; k < start.home_size(); ++k)
    if (start.piece(pid(start, 0, k)).dark()) dark.push_back(pid(start, 0, k));
  REQUIRE(dark.size() == 5);
  State s = start;
  const int A = dark[0], B = dark[1];
  // Give A and B identities that agree with their evidence.
  std::vector<Identity> ids;
  for (int id : dark) ids.push_back(s.piece(id).identity());
  auto find = [&](Kind k, Attr1 a1) {
    for (std::size_t i = 0; i < ids.size(); ++i)
      if (ids[i].kind == k && ids[i].attr1 == a1) return i;
    throw std::runtime_error("no identity");
  };
  std::vector<Identity> truth(5);
  std::set<std::size_t> used;
  truth[0] = ids[find(kMelee, kScissors)];
  used.insert(find(kMelee, kScissors));
  truth[1] = ids[find(kRanged, kRock)];
  used.insert(find(kRanged, kRock));
  for (std::size_t i = 0, j = 2; i < ids.size(); ++i)
    if (!used.count(i)) truth[j++] = ids[i];
  for (int i = 0; i < 5; ++i) {
    const Piece& x = s.piece(dark[static_cast<std::size_t>(i)]);
    s.put(dark[static_cast<std::size_t>(i)], x.cell, truth[static_cast<std::size_t>(i)]);
  }
  s.set_evidence(A, kOrdinaryKinds, attribute_bit(kScissors, kYin) | attribute_bit(kScissors, kYang));
  s.set_evidence(B, 1 << kRanged, kAnyAttributes);
  // Brute force over the 5! orders of the identities.
  std::map<std::string, int> expected;
  std::vector<int> order{0, 1, 2, 3, 4};
  do {
    auto agrees = [&](int piece_index, const Identity& who) {
      const Piece& x = s.piece(dark[static_cast<std::size_t>(piece_index)]);
      return ((x.may_kinds >> who.kind) & 1) && ((x.may_attrs >> (who.attr1 * 2 + who.attr2)) & 1);
    };
    bool ok = true;
    std::string key;
    for (int i = 0; i < 5; ++i) {
      const Identity& who = truth[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])];
      ok = ok && agrees(i, who);
      key += token(who) + " ";
    }
    if (ok) expected[key] = 0;
  } while (std::next_permutation(order.begin(), order.end()));
  REQUIRE(expected.size() ==
          18);  // A melee S-: B ranged S+ or R+; A ranged S+: B ranged R+; the rest in any order (6)
  Rng rng(31);
  const int n = 18000;
  for (int i = 0; i < n; ++i) {
    const State w = s.sample_world(1, rng);
    std::string key;
    for (int id : dark) key += token(w.piece(id).identity()) + " ";
    REQUIRE(expected.count(key) == 1);
    ++expected[key];
  }
  for (const auto& [key, count] : expected) {  // 1000 expected; binomial sd about 31
    CHECK(count > 1000 - 160);
    CHECK(count < 1000 + 160);
  }
}

TEST_CASE(
    "mizong evidence: with more pinned pieces than the exact draw enumerates, exchange steps still move "
    "them") {
  // Seat 0's twenty dark scissors/yin ordinary pieces (twelve melee, eight ranged) have acted
  // and tied with an open scissors/yin piece: each is pinned to scissors/yin, either class.
  // Too many to enumerate (more than 12), so the exchange steps mix them: in worlds drawn for
  // seat 1 each stays scissors/yin and ordinary, and a truly melee one is sometimes ranged.
  const Mizong g = make_game({}, 24);
  State s = g.initial_state();
  std::vector<int> melee, ranged;
  for (int k = 0; k < s.home_size(); ++k) {
    const int id = pid(s, 0, k);
    const Piece& x = s.piece(id);
    if (x.dark() && x.attr1 == kScissors && x.attr2 == kYin) {
      if (x.kind == kMelee) melee.push_back(id);
      if (x.kind == kRanged) ranged.push_back(id);
    }
  }
  REQUIRE(melee.size() == 12);
  REQUIRE(ranged.size() == 12);
  std::vector<int> pinned = melee;
  pinned.insert(pinned.end(), ranged.begin(), ranged.begin() + 8);
  for (int id : pinned) s.set_evidence(id, kOrdinaryKinds, attribute_bit(kScissors, kYin));
  const int first = pinned[0];
  REQUIRE(s.piece(first).kind == kMelee);
  Rng rng(12);
  std::map<int, int> kinds_of_first;
  for (int i = 0; i < 300; ++i) {
    const State w = s.sample_world(1, rng);
    for (int id : pinned) {
      const Piece& x = w.piece(id);
      REQUIRE(x.attr1 == kScissors);
      REQUIRE(x.attr2 == kYin);
      REQUIRE((x.kind == kMelee || x.kind == kRanged));
    }
    ++kinds_of_first[w.piece(first).kind];
  }
  // 24 scissors/yin ordinary identities (12 melee, 12 ranged) share out over the 20 pinned
  // pieces and 4 of the seat's unpinned dark pieces: the first is ranged about half the time.
  CHECK(kinds_of_first[kRanged] > 90);
  CHECK(kinds_of_first[kMelee] > 90);
}

// The heuristic playout policy (engine/mizong/playout.cc, docs/search.md "mizong's playout
// policy"): hand-built positions for each of its rules, and whole games of legal actions.
#include <doctest/doctest.h>

#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

namespace {

// The policy's choice in s for several seeds (ties are drawn): every one must be `want`.
void check_choice(const State& s, const std::string& want) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    const Action a = s.playout_action(rng);
    CHECK(s.is_legal(a));
    CHECK(s.action_to_string(a) == want);
  }
}

}  // namespace

TEST_CASE("mizong playout: it takes the favourable attack, not the losing one") {
  auto g = make_game({}, 24);
  State s = empty(g);
  s.put(pid(s, 0, 0), cell(s, "0,3"), who(kMelee, kRock, kYang));
  s.put(pid(s, 1, 0), cell(s, "1,3"), who(kMelee, kScissors, kYang));  // rock beats scissors (yang)
  s.put(pid(s, 2, 0), cell(s, "-1,3"), who(kMelee, kPaper, kYang));    // paper beats rock (yang)
  REQUIRE(s.clash(pid(s, 0, 0), pid(s, 1, 0)) == 1);
  REQUIRE(s.clash(pid(s, 0, 0), pid(s, 2, 0)) == 2);
  play(s, "select:0,3");
  check_choice(s, "attack:1,3");
  // Between activations, the piece with the favourable attack is the one activated.
  State t = empty(g);
  t.put(pid(t, 0, 0), cell(t, "0,3"), who(kMelee, kRock, kYang));
  t.put(pid(t, 0, 1), cell(t, "0,-3"), who(kMelee, kRock, kYang));  // as close to the centre, no target
  t.put(pid(t, 1, 0), cell(t, "1,3"), who(kMelee, kScissors, kYang));
  check_choice(t, "select:0,3");
}

TEST_CASE("mizong playout: a piece with nothing to attack advances towards the centre") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int me = pid(s, 0, 0);
  s.put(me, cell(s, "0,-14"), who(kMelee, kRock, kYang));
  s.put(pid(s, 3, 0), cell(s, "0,20"), who(kMelee, kRock, kYang));  // far away
  play(s, "select:0,-14");
  int nearest = 1 << 20;
  for (int c : s.move_ends(me)) nearest = std::min(nearest, s.geo().distance(c, s.geo().centre));
  CHECK(nearest == 8);  // 6 straight steps from 14 away
  check_choice(s, "move:0,-8");
  // The second move (one turn) also closes in, to the nearest end there is.
  play(s, "move:0,-8");
  if (s.activation().piece >= 0) play(s, "done");
  end_turns(s, 6);
  play(s, "select:0,-8");
  nearest = 1 << 20;
  for (int c : s.move_ends(me)) nearest = std::min(nearest, s.geo().distance(c, s.geo().centre));
  Rng rng(3);
  const Action a = s.playout_action(rng);
  REQUIRE(a >= s.layout().move);
  REQUIRE(a < s.layout().attack);
  CHECK(s.geo().distance(a - s.layout().move, s.geo().centre) == nearest);
}

TEST_CASE("mizong playout: it takes the empty centre") {
  auto g = make_game({}, 24);
  State s = empty(g);
  s.put(pid(s, 0, 0), cell(s, "0,-6"), who(kMelee, kRock, kYang));
  s.put(pid(s, 3, 0), cell(s, "0,20"), who(kMelee, kRock, kYang));
  play(s, "select:0,-6");
  check_choice(s, "move:0,0");
}

TEST_CASE("mizong playout: it heals the own centre holder first and never activates the holder") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int holder = pid(s, 0, 1), hero = pid(s, 0, 0), other = pid(s, 0, 2);
  s.put(holder, cell(s, "0,0"), who(kMelee, kRock, kYin));
  s.put(hero, cell(s, "1,0"), who(kMeleeHero, kRock, kYang));  // heals rock/yin pieces within 1
  s.put(other, cell(s, "2,0"), who(kMelee, kRock, kYin));
  s.set_hp(holder, 60);
  s.set_hp(other, 30);  // worse hurt, but not the holder
  s.put(pid(s, 3, 0), cell(s, "0,20"), who(kMelee, kRock, kYang));
  // Between activations: the hero next to the holder, never the holder.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    const std::string a = s.action_to_string(s.playout_action(rng));
    CHECK(a != "select:0,0");
  }
  check_choice(s, "select:1,0");
  play(s, "select:1,0");
  check_choice(s, "heal:0,0");
  // Without a hero: the holder, though nearest the centre, is left alone for a piece further out.
  State t = empty(g);
  t.put(holder, cell(t, "0,0"), who(kMelee, kRock, kYin));
  t.put(other, cell(t, "0,-3"), who(kMelee, kRock, kYin));
  t.put(pid(t, 3, 0), cell(t, "0,20"), who(kMelee, kRock, kYang));
  check_choice(t, "select:0,-3");
}

TEST_CASE("mizong playout: it attacks an enemy centre holder even where the clash is even") {
  auto g = make_game({}, 24);
  State s = empty(g);
  s.put(pid(s, 0, 0), cell(s, "1,0"), who(kMelee, kRock, kYang));
  s.put(pid(s, 1, 0), cell(s, "0,0"), who(kMelee, kRock, kYang));   // the same attributes: nobody loses
  s.put(pid(s, 1, 1), cell(s, "2,0"), who(kMelee, kPaper, kYang));  // beats rock: not worth attacking
  play(s, "select:1,0");
  check_choice(s, "attack:0,0");
}

TEST_CASE("mizong playout: whole games of legal actions; a quarter of the army acts each turn") {
  for (const auto& opts : std::vector<std::vector<std::pair<std::string, std::string>>>{
           {{"round_cap", "60"}}, {{"round_cap", "60"}, {"teams", "3v3"}}}) {
    const Mizong g = make_game(opts);
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      State s = g.initial_state();
      Rng rng(seed);
      int actions = 0;
      while (!s.is_terminal()) {
        const Action a = s.playout_action(rng);
        REQUIRE(s.is_legal(a));
        s.apply(a);
        ++actions;
        REQUIRE(actions < 200'000);
      }
      CHECK(s.ending() != "");
    }
  }
  // Point size 24: the first turn ends once 75 of the 300 pieces have acted (or none worth it is
  // left); heroes may act more than once and do not count.
  const Mizong g = make_game({}, 24);
  State s = g.initial_state();
  Rng rng(1);
  int ordinary = 0;
  while (s.current_player() == 0) {
    const Action a = s.playout_action(rng);
    REQUIRE(s.is_legal(a));
    if (s.activation().piece < 0 && a != s.layout().end_turn && !is_hero(s.piece(s.piece_at(a)).kind))
      ++ordinary;
    s.apply(a);
  }
  CHECK(ordinary >= 4);
  CHECK(ordinary <= 75);
}

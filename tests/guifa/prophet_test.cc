// F、预言师 the prophet (manual 二 F; docs/rules/guifa.md, F), one test per sentence.
#include "tests/guifa/helpers.h"

using namespace guifa_test;

namespace {
// An enemy prophet on c3 (barrier b2-d4) over seat 0's summoner b2, illusionist d4,
// necromancer d2 and elementalist b4 standing on corpses; seat 1's own summoner c4 beside it.
std::vector<P> barrier_pieces(bool with_prophet) {
  std::vector<P> v = {{"b2", 'S', 0}, {"d4", 'H', 0}, {"d2", 'N', 0}, {"b4", 'E', 0},
                      {"i1", 'Z', 0}, {"i9", 'Z', 1}, {"c4", 'S', 1}, {"g7", 'F', 0}};
  if (with_prophet) v.push_back({"c3", 'P', 1});
  return v;
}
const std::vector<Corpse> kCorpses = {{"e1", "force_mage"}, {"b4", "spent", 2}};
}  // namespace

TEST_CASE("prophet: its barrier suppresses summoning, illusion, revival and annihilation of enemies") {
  const Guifa g = make(2);
  const State s = position(g, barrier_pieces(true), 0, kCorpses);
  CHECK_FALSE(is_legal(s, "summon b2"));
  CHECK_FALSE(is_legal(s, "d4<>g7"));
  CHECK_FALSE(is_legal(s, "revive e1 F"));
  CHECK_FALSE(is_legal(s, "annihilate b4"));
  const State free = position(g, barrier_pieces(false), 0, kCorpses);
  CHECK(is_legal(free, "summon b2"));
  CHECK(is_legal(free, "d4<>g7"));
  CHECK(is_legal(free, "revive e1 F"));
  CHECK(is_legal(free, "annihilate b4"));
  // Own and allied pieces choose not to suffer their own side's barrier.
  const State own = position(g, barrier_pieces(true), 1, kCorpses);
  CHECK(is_legal(own, "summon c4"));
  // The barrier is permanent and needs no action: the prophet's 3x3.
  Board want;
  for (const char* c : {"b2", "c2", "d2", "b3", "c3", "d3", "b4", "c4", "d4"}) want.set(cell(s, c));
  CHECK(s.barrier(1) == want);
}

TEST_CASE("prophet metamagic: a strengthened barrier on any one piece, following it") {
  const Guifa g = make(2);
  State s = position(g, {{"e5", 'P', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"h8", 'S', 1}});
  int wards = 0, blocks = 0;
  for (const auto& a : legal(s)) {
    wards += a.rfind("ward ", 0) == 0;
    blocks += a.rfind("ward2x2 ", 0) == 0;
  }
  CHECK(wards == 4);    // one per piece on the board
  CHECK(blocks == 64);  // one per 2x2 block of the 9x9 board
  play(s, "ward h8");
  CHECK_FALSE(is_legal(s, "summon h8"));
  play(s, "h8-h7");
  play(s, "a1-a2");
  CHECK_FALSE(is_legal(s, "summon h7"));
  CHECK(s.barrier(0).test(cell(s, "h7")));
}

TEST_CASE("prophet metamagic: a strengthened barrier on a 2x2 block") {
  const Guifa g = make(2);
  State s = position(g, {{"e5", 'P', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"h8", 'S', 1}});
  play(s, "ward2x2 g7");
  for (const char* c : {"g7", "h7", "g8", "h8"}) CHECK(s.barrier(0).test(cell(s, c)));
  CHECK_FALSE(s.barrier(0).test(cell(s, "i9")));
  CHECK_FALSE(is_legal(s, "summon h8"));
}

TEST_CASE("prophet metamagic: the strengthened barrier locks out an enemy prophet; it ends off the centre") {
  const Guifa g = make(2);
  State s = position(g, {{"e5", 'P', 0},
                         {"a1", 'Z', 0},
                         {"i9", 'Z', 1},
                         {"c3", 'P', 1},
                         {"d4", 'H', 0},
                         {"g7", 'F', 0},
                         {"c6", 'E', 1}});
  CHECK_FALSE(is_legal(s, "d4<>g7"));
  play(s, "ward c3");
  CHECK_FALSE(s.barrier(1).any());
  play(s, "i9-h9");
  CHECK(is_legal(s, "d4<>g7"));
  play(s, "e5-e6");  // the prophet leaves the centre: the lock-out ends
  CHECK(s.barrier(1).test(cell(s, "d4")));
}

TEST_CASE("prophet metamagic: a strengthened barrier on a piece ends with that piece") {
  const Guifa g = make(2);
  State s = position(g, {{"e5", 'P', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"h8", 'S', 1}, {"h4", 'E', 0}});
  play(s, "ward h8");
  play(s, "i9-i8");
  play(s, "h4xh8");
  CHECK_FALSE(s.barrier(0).test(cell(s, "h8")));
  CHECK(s.to_json()["ward"].is_null());
}

TEST_CASE("prophet: revived pieces, clones and beasts already made are not undone by its barrier") {
  const Guifa g = make(2);
  // Seat 0: the centred illusionist e5 with its clone c7, a beast d7 of the summoner a3, a
  // revived force mage e7. The enemy prophet a8 steps to d8: its barrier c7-e9 covers all three.
  State s = position(g,
                     {{"e5", 'H', 0},
                      {"c7", 'H', 0, 1, true},
                      {"a3", 'S', 0},
                      {"d7", 'B', 0, 3},
                      {"e7", 'F', 0, 0, false, true},
                      {"a1", 'Z', 0},
                      {"i9", 'Z', 1},
                      {"a8", 'P', 1}},
                     1);
  play(s, "a8-d8");
  for (const char* c : {"c7", "d7", "e7"}) CHECK(s.barrier(1).test(cell(s, c)));
  CHECK(kind_at(s, "c7") == 'H');
  CHECK((s.at(cell(s, "c7")).flags & kClone));
  CHECK(kind_at(s, "d7") == 'B');
  CHECK(kind_at(s, "e7") == 'F');
  // The beast still attacks from inside the barrier.
  CHECK(is_legal(s, "d7xd8"));
}

TEST_CASE("prophet metamagic: casting the strengthened barrier again moves it") {
  const Guifa g = make(2);
  State s = position(g, {{"e5", 'P', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"h8", 'S', 1}});
  play(s, "ward h8");
  CHECK(s.barrier(0).test(cell(s, "h8")));
  CHECK_FALSE(is_legal(s, "ward h8"));  // already there
  play(s, "i9-i8");
  play(s, "ward2x2 a7");
  CHECK_FALSE(s.barrier(0).test(cell(s, "h8")));
  for (const char* c : {"a7", "b7", "a8", "b8"}) CHECK(s.barrier(0).test(cell(s, c)));
  CHECK(is_legal(s, "summon h8"));  // seat 1's summoner is free again
  play(s, "summon h8");
  play(s, "beast g8");
  play(s, "end");
  play(s, "ward i8");  // the enemy scepter
  CHECK_FALSE(s.barrier(0).test(cell(s, "a7")));
  CHECK(s.barrier(0).test(cell(s, "i8")));
}

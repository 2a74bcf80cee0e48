// Board, setup, movement and capture (manual 一 and 二; docs/rules/guifa.md, Board and Turn).
#include "tests/guifa/helpers.h"

using namespace guifa_test;

TEST_CASE("setup: seven pieces on the middle of each edge, from each player's left") {
  const Guifa g = make(4);
  const State s = g.initial_state();
  const std::vector<std::pair<int, std::vector<std::string>>> homes = {
      {0, {"b1", "c1", "d1", "e1", "f1", "g1", "h1"}},  // south, facing north: left is west
      {1, {"i2", "i3", "i4", "i5", "i6", "i7", "i8"}},  // east, facing west: left is south
      {2, {"h9", "g9", "f9", "e9", "d9", "c9", "b9"}},  // north, facing south: left is east
      {3, {"a8", "a7", "a6", "a5", "a4", "a3", "a2"}},  // west, facing east: left is north
  };
  const std::string order = "SHFZNPE";
  for (const auto& [seat, cells] : homes)
    for (int k = 0; k < 7; ++k) {
      CAPTURE(cells[k]);
      CHECK(kind_at(s, cells[k]) == order[k]);
      CHECK(owner_at(s, cells[k]) == seat);
    }
  CHECK(s.pieces(0).count() == 7);
  CHECK(s.current_player() == 0);
  // Each force mage stands next to its scepter at the start: its field is on, along its edge.
  for (const char* c : {"c1", "d1", "e1", "e9", "f9", "g9"}) CHECK(s.field(0).test(cell(s, c)));
  for (const char* c : {"i3", "i4", "i5", "a5", "a6", "a7"}) CHECK(s.field(1).test(cell(s, c)));
  CHECK(s.field(0).count() == 6);
  CHECK(s.field(1).count() == 6);
  // Each prophet's holy barrier covers its square and the eight around it.
  CHECK(s.barrier(0).test(cell(s, "f2")));
  CHECK(s.barrier(0).test(cell(s, "h2")));
  CHECK_FALSE(s.barrier(0).test(cell(s, "e2")));
}

TEST_CASE("two players sit on opposite edges; a larger odd board centres the setup") {
  const State s = make(2).initial_state();
  CHECK(kind_at(s, "e1") == 'Z');
  CHECK(owner_at(s, "e9") == 1);
  CHECK(kind_at(s, "i5") == '.');
  const State big = make(2, "alliance", 11).initial_state();
  CHECK(big.geo().n == 11);
  CHECK(big.geo().centre == big.geo().parse("f6"));
  CHECK(kind_at(big, "c1") == 'S');
  CHECK(kind_at(big, "f1") == 'Z');
  CHECK(kind_at(big, "f11") == 'Z');
  CHECK_THROWS_AS(make(2, "alliance", 10), Error);
  CHECK_THROWS_AS(make(3), Error);
}

TEST_CASE("moves run straight up to the range through empty squares; corpses do not block") {
  const Guifa g = make(2);
  const State s =
      position(g, {{"b8", 'S', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"b5", 'N', 1}, {"e8", 'N', 0}}, 0,
               {{"b7", "force_mage"}});
  CHECK(legal_from(s, "b8") ==
        std::set<std::string>{"b8-b9", "b8-b7", "b8-b6", "b8xb5", "b8-c8", "b8-d8", "b8-a8", "summon b8"});
}

TEST_CASE("diagonal lines only inside a main city or the holy city") {
  const Guifa g = make(2);
  const State s = position(g, {{"d1", 'E', 0}, {"a3", 'Z', 0}, {"i9", 'Z', 1}});
  // d1 is the south-west corner of the south main city: diagonally it reaches e2 and f3 and
  // stops at the city's edge; outside a city it has no diagonal at all.
  CHECK(legal_from(s, "d1") == std::set<std::string>{"d1-d2", "d1-d3", "d1-d4", "d1-d5", "d1-e1", "d1-f1",
                                                     "d1-g1", "d1-h1", "d1-c1", "d1-b1", "d1-a1", "d1-e2",
                                                     "d1-f3"});
  const State t = position(g, {{"c7", 'E', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}});
  for (const auto& a : legal_from(t, "c7")) CHECK((a[3] == 'c' || a[4] == '7'));
  // From the source the holy city allows one diagonal step (d4, f4, d6, f6).
  const State u = position(g, {{"e5", 'Z', 0}, {"i9", 'Z', 1}, {"a1", 'E', 1}}, 0);
  CHECK(legal_from(u, "e5").count("e5-f6") == 1);
  CHECK(legal_from(u, "e5").size() == 8);
}

TEST_CASE("capture by moving onto an enemy within range; own pieces and the path block") {
  const Guifa g = make(2);
  const State s = position(
      g, {{"e4", 'N', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"e6", 'P', 1}, {"f4", 'H', 0}, {"c4", 'E', 1}});
  // Necromancer range 2: north e5 then takes e6; east f4 is its own illusionist, passable but
  // not a landing square, so g4 is reached through it; west d4, then c4 taken; south e3, e2.
  CHECK(legal_from(s, "e4") == std::set<std::string>{"e4-e5", "e4xe6", "e4-g4", "e4-d4", "e4xc4", "e4-e3",
                                                     "e4-e2", "e4-d5", "e4-f5"});
  State t = s;
  play(t, "e4xe6");
  CHECK(kind_at(t, "e6") == 'N');
  CHECK(t.corpses(cell(t, "e6"), kProphet) == 1);  // the fallen leave a corpse on their square
  CHECK(t.current_player() == 1);
}

TEST_CASE("a turn is one action, in counter-clockwise seat order; a stuck player passes") {
  const Guifa g = make(4);
  State s = g.initial_state();
  play(s, "b1-b2");
  CHECK(s.current_player() == 1);
  play(s, "i2-h2");
  CHECK(s.current_player() == 2);
  play(s, "h9-h8");
  CHECK(s.current_player() == 3);
  play(s, "a8-b8");
  CHECK(s.current_player() == 0);
  CHECK(s.turns() == 4);
  // Boxed in with nothing to do: the scepter's only neighbours are an illusionist (no landing)
  // and a force mage inside its own field (no entry). The only action is to pass.
  const Guifa g2 = make(2);
  State t = position(g2, {{"a1", 'Z', 0}, {"a2", 'H', 1}, {"b1", 'F', 1}, {"c1", 'Z', 1}});
  CHECK(legal(t) == std::set<std::string>{"pass"});
  play(t, "pass");
  CHECK(t.current_player() == 1);
  CHECK_FALSE(is_legal(t, "pass"));
}

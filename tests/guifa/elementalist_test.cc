// G、元素师 the elementalist (manual 二 G; docs/rules/guifa.md, G), one test per sentence.
#include "tests/guifa/helpers.h"

using namespace guifa_test;

TEST_CASE("elementalist: its kills leave no corpse") {
  const Guifa g = make(2);
  State s = position(g, {{"c2", 'E', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"c6", 'N', 1}});
  play(s, "c2xc6");
  CHECK(s.corpse_count(cell(s, "c6")) == 0);
  // Inside a hostile barrier the elemental force is suppressed: the fallen leave a corpse.
  State t = position(g, {{"c2", 'E', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"c6", 'N', 1}, {"b1", 'P', 1}});
  play(t, "c2xc6");
  CHECK(t.corpses(cell(t, "c6"), kNecromancer) == 1);
}

TEST_CASE("elementalist: one action annihilates every corpse on its square") {
  const Guifa g = make(2);
  State s = position(g, {{"c7", 'E', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}}, 0,
                     {{"c7", "prophet", 2}, {"c8", "summoner"}});
  CHECK(legal_from(s, "c7").count("annihilate c7") == 1);
  play(s, "annihilate c7");
  CHECK(s.corpse_count(cell(s, "c7")) == 0);
  CHECK(s.corpse_count(cell(s, "c8")) == 1);
  CHECK(s.current_player() == 1);
  play(s, "i9-h9");
  CHECK_FALSE(is_legal(s, "annihilate c7"));
}

TEST_CASE(
    "elementalist metamagic: captures along the centre cross at any distance, through fields and barriers") {
  const Guifa g = make(2, "alliance", 11);
  // Centre f6. Enemies: a6 (five squares west), f9 inside its own field (mage f9 beside
  // scepter f10: e9 f9 g9), an illusionist f3, a prophet's barrier over k6's path at j8.
  State s = position(g, {{"f6", 'E', 0},
                         {"a1", 'Z', 0},
                         {"a6", 'N', 1},
                         {"f9", 'F', 1},
                         {"f10", 'Z', 1},
                         {"f3", 'H', 1},
                         {"k6", 'S', 1},
                         {"j7", 'P', 1},
                         {"h8", 'S', 1}});
  const auto moves = legal_from(s, "f6");
  CHECK(moves.count("f6xa6") == 1);
  CHECK(moves.count("f6xf9") == 1);
  CHECK(moves.count("f6xf3") == 1);
  CHECK(moves.count("f6xk6") == 1);
  CHECK(moves.count("f6xh8") == 0);  // off the cross
  CHECK(moves.count("f6-b6") == 1);  // ordinary moves keep their range of 4
  CHECK(moves.count("f6-a6") == 0);
  play(s, "f6xf9");
  CHECK(s.corpse_count(cell(s, "f9")) == 0);
  // Away from the centre the same elementalist has no such reach.
  const State t = position(g, {{"f5", 'E', 0}, {"a1", 'Z', 0}, {"a5", 'N', 1}, {"k11", 'Z', 1}});
  CHECK(legal_from(t, "f5").count("f5xa5") == 0);
}

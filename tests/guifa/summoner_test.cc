// A、召唤师 the summoner (manual 二 A; docs/rules/guifa.md, A), one test per sentence.
#include "tests/guifa/helpers.h"

using namespace guifa_test;

namespace {
// Summoner g7 with an own necromancer on h8 and an enemy elementalist on f6 among its 8
// neighbours, and an enemy necromancer on g4 within its range.
State summoner_position(const Guifa& g) {
  return position(
      g, {{"g7", 'S', 0}, {"a1", 'Z', 0}, {"a9", 'Z', 1}, {"h8", 'N', 0}, {"f6", 'E', 1}, {"g4", 'N', 1}});
}
}  // namespace

TEST_CASE("summoner: up to 4 beasts on free squares of its 8 neighbours, one placement at a time") {
  const Guifa g = make(2);
  State s = summoner_position(g);
  CHECK(is_legal(s, "g7xg4"));
  play(s, "summon g7");
  CHECK(s.current_player() == 0);
  CHECK(s.summons_left() == 4);
  // Occupied squares (h8 own, f6 enemy) take no beast; at least one beast must be placed.
  CHECK(legal(s) ==
        std::set<std::string>{"beast g6", "beast h6", "beast f7", "beast h7", "beast f8", "beast g8"});
  play(s, "beast g8");
  CHECK(legal(s) == std::set<std::string>{"beast g6", "beast h6", "beast f7", "beast h7", "beast f8", "end"});
  play(s, "beast h7");
  play(s, "end");
  CHECK(s.current_player() == 1);
  CHECK(kind_at(s, "g8") == 'B');
  CHECK(s.at(cell(s, "h7")).master == s.at(cell(s, "g7")).id);
  CHECK(s.turns() == 1);  // the whole summoning is one turn
}

TEST_CASE("summoner: the fourth beast ends the summoning; a corner summoner places only on the board") {
  const Guifa g = make(2);
  State s = position(g, {{"c7", 'S', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}});
  play(s, "summon c7");
  for (const char* c : {"b6", "b8", "d6", "d8"}) play(s, std::string("beast ") + c);
  CHECK(s.current_player() == 1);
  CHECK(s.pieces(0).count() == 6);
  State t = position(g, {{"a9", 'S', 0}, {"e1", 'Z', 0}, {"i9", 'Z', 1}});
  play(t, "summon a9");
  CHECK(legal(t) == std::set<std::string>{"beast a8", "beast b8", "beast b9"});
  for (const char* c : {"a8", "b8", "b9"}) play(t, std::string("beast ") + c);
  CHECK(t.current_player() == 1);  // no free neighbour left: the summoning ends by itself
}

TEST_CASE("summoner: no attack and no new summoning while any of its beasts lives") {
  const Guifa g = make(2);
  State s = summoner_position(g);
  play(s, "summon g7");
  play(s, "beast g8");
  play(s, "beast h7");
  play(s, "end");
  play(s, "a9-a8");
  // The enemy on g4 is in range but the summoner has lost its attack; it still moves.
  CHECK(legal_from(s, "g7") == std::set<std::string>{"g7-g6", "g7-g5", "g7-f7", "g7-e7", "g7-d7", "g7-c7"});
  // Beasts: range 1, attack, cannot be dismissed.
  s = g.state_from_json(s.to_json());
  CHECK(legal_from(s, "g8") == std::set<std::string>{"g8-g9", "g8-f8"});
}

TEST_CASE("summoner: its beasts die with it, leaving no corpses; with all beasts dead it attacks again") {
  const Guifa g = make(2);
  // An enemy necromancer takes the summoner: its two beasts vanish with it.
  State t = position(g,
                     {{"c7", 'S', 0},
                      {"a1", 'Z', 0},
                      {"i9", 'Z', 1},
                      {"c8", 'B', 0, 1},
                      {"d7", 'B', 0, 1},
                      {"c4", 'N', 1},
                      {"b8", 'N', 1}},
                     1);
  play(t, "c4-c6");
  play(t, "d7-d6");
  play(t, "c6xc7");
  CHECK(kind_at(t, "c8") == '.');
  CHECK(kind_at(t, "d6") == '.');
  CHECK(t.corpse_count(cell(t, "c8")) == 0);
  CHECK(t.corpse_count(cell(t, "d6")) == 0);
  CHECK(t.corpses(cell(t, "c7"), kSummoner) == 1);
  // A summoner whose beasts are all dead attacks and summons again.
  State u = position(
      g, {{"c7", 'S', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"c8", 'B', 0, 1}, {"b8", 'N', 1}, {"c5", 'N', 1}},
      0);
  CHECK_FALSE(is_legal(u, "c7xc5"));
  play(u, "a1-a2");
  play(u, "b8xc8");
  CHECK(u.corpse_count(cell(u, "c8")) == 0);  // beasts leave no corpse
  CHECK(is_legal(u, "c7xc5"));
  CHECK(is_legal(u, "summon c7"));
}

TEST_CASE("summoner: own and allied pieces cannot attack beasts") {
  const Guifa g = make(4);
  const State s = position(g,
                           {{"e4", 'B', 0, 3},
                            {"e6", 'E', 2},
                            {"c3", 'S', 0},
                            {"e1", 'Z', 0},
                            {"i5", 'Z', 1},
                            {"e9", 'Z', 2},
                            {"a5", 'Z', 3},
                            {"d4", 'E', 1}},
                           2);
  // Seat 2's elementalist stops at its ally's beast; the enemy elementalist of seat 1 may take it.
  CHECK(legal_from(s, "e6").count("e6-e5") == 1);
  CHECK(legal_from(s, "e6").count("e6xe4") == 0);
  CHECK(legal_from(s, "e6").count("e6-e3") == 0);
  State t = g.state_from_json([&] {
    auto j = s.to_json();
    j["current"] = 1;
    return j;
  }());
  CHECK(is_legal(t, "d4xe4"));
}

TEST_CASE("summoner metamagic: beasts on any free square, but not inside a hostile barrier") {
  const Guifa g = make(2);
  // The enemy prophet on d6 is among the centred summoner's neighbours: the centre's metamagic
  // still works, yet no beast lands in the prophet's 3x3 (manual F, first example).
  State s = position(
      g, {{"e5", 'S', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"d6", 'P', 1}, {"b2", 'S', 0}, {"c2", 'P', 1}});
  CHECK(is_legal(s, "summon e5"));
  CHECK_FALSE(is_legal(s, "summon b2"));  // an ordinary summoner inside a hostile barrier is suppressed
  play(s, "summon e5");
  CHECK(is_legal(s, "beast i1"));
  CHECK(is_legal(s, "beast f5"));
  CHECK_FALSE(is_legal(s, "beast e6"));
  CHECK_FALSE(is_legal(s, "beast c7"));
  CHECK_FALSE(is_legal(s, "beast i9"));  // occupied
  play(s, "beast i1");
  play(s, "end");
  play(s, "i9-h9");
  play(s, "e5-e4");  // leaving the centre: the beast stays
  CHECK(kind_at(s, "i1") == 'B');
}

TEST_CASE("summoner: beasts stay with no time limit and attack") {
  const Guifa g = make(2);
  State s = position(g, {{"a3", 'S', 0}, {"b4", 'B', 0, 1}, {"a1", 'Z', 0}, {"i9", 'Z', 1}, {"b5", 'N', 1}});
  for (int round = 0; round < 10; ++round) {
    play(s, round % 2 ? "a2-a1" : "a1-a2");
    play(s, round % 2 ? "i8-i9" : "i9-i8");
  }
  CHECK(s.turns() == 20);
  CHECK(kind_at(s, "b4") == 'B');
  play(s, "b4xb5");
  CHECK(kind_at(s, "b5") == 'B');
  CHECK(s.corpses(cell(s, "b5"), kNecromancer) == 1);
}

TEST_CASE("summoner: no beast and no clone on a hostile force field square") {
  const Guifa g = make(2);
  // Seat 1's force mage d4 beside its scepter d5 holds c4 d4 e4, two of the summoner d3's
  // neighbours and two squares the centred illusionist could otherwise clone onto.
  State s = position(g, {{"d3", 'S', 0}, {"e5", 'H', 0}, {"a1", 'Z', 0}, {"d5", 'Z', 1}, {"d4", 'F', 1}});
  CHECK(is_legal(s, "clone f4"));
  CHECK_FALSE(is_legal(s, "clone c4"));
  CHECK_FALSE(is_legal(s, "clone e4"));
  play(s, "summon d3");
  CHECK(legal(s) == std::set<std::string>{"beast c2", "beast d2", "beast e2", "beast c3", "beast e3"});
}

TEST_CASE("metamagic of a piece other than the force mage starts on its owner's next turn") {
  const Guifa g = make(2);
  // The summoner steps onto the source: the move is the whole turn; its metamagic (a beast
  // on any free square) is there on its next turn.
  State s = position(g, {{"e4", 'S', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}});
  play(s, "e4-e5");
  CHECK(s.current_player() == 1);
  CHECK(s.pieces(0).count() == 2);
  play(s, "i9-h9");
  play(s, "summon e5");
  CHECK(is_legal(s, "beast i1"));
  // The same for an illusionist arriving by its swap: the clone comes on its next turn.
  State t = position(g, {{"b2", 'H', 0}, {"e5", 'N', 0}, {"a1", 'Z', 0}, {"i9", 'Z', 1}});
  CHECK_FALSE(is_legal(t, "clone h1"));
  play(t, "b2<>e5");
  CHECK(t.current_player() == 1);
  CHECK(t.pieces(0).count() == 3);
  play(t, "i9-h9");
  CHECK(is_legal(t, "clone h1"));
}

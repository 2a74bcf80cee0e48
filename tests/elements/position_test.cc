// Positions as JSON: game and player count, unknown fields, impossible states, integer ranges.

#include "tests/elements/helpers.h"
#include "tests/error_of.h"

using namespace elements_test;

namespace {

using qilab::testing::error_of;

bool mentions(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A mid-game position: red's knight is placing one of two drawn tiles.
nlohmann::json placing(const Elements& g) {
  State s = g.initial_state();
  play(s, "select:knight");
  play(s, "create");
  play(s, "draw:fire:......");
  play(s, "draw:water:G.....");
  return s.to_json();
}

}  // namespace

TEST_CASE("a position names its game and player count; another count is refused by name") {
  auto g2 = make(2), g4 = make(4), g6 = make(6);
  const auto j2 = g2.initial_state().to_json();
  CHECK(j2["game"] == "elements");
  CHECK(j2["players"] == 2);
  CHECK(g6.initial_state().to_json()["players"] == 6);
  CHECK(g2.state_from_json(j2).to_json() == j2);
  // A 2-player position read by the 4-player game (both have four heroes).
  std::string e = error_of([&] { g4.state_from_json(j2); });
  CHECK(mentions(e, "elements position: /players: the position is for 2 players"));
  CHECK(mentions(e, "for 2 players and the game has 4"));
  // A 6-player position read by the 2-player game names the counts, not a later field.
  const auto j6 = g6.initial_state().to_json();
  e = error_of([&] { g2.state_from_json(j6); });
  CHECK(mentions(e, "for 6 players and the game has 2"));
  auto k = j2;
  k["active"] = 5;
  k["players"] = 6;
  CHECK(mentions(error_of([&] { g2.state_from_json(k); }), "for 6 players and the game has 2"));
  // Missing or wrong game and players fields.
  auto m = j2;
  m.erase("players");
  CHECK(mentions(error_of([&] { g2.state_from_json(m); }), "elements position: /players: missing"));
  m = j2;
  m.erase("game");
  CHECK(mentions(error_of([&] { g2.state_from_json(m); }), "elements position: /game: missing"));
  m = j2;
  m["game"] = "checkers";
  CHECK(mentions(error_of([&] { g2.state_from_json(m); }),
                 "elements position: /game: expected \"elements\", got \"checkers\""));
}

TEST_CASE("unknown fields are refused at every level, naming the JSON path") {
  auto g = make(2);
  auto j = g.initial_state().to_json();
  j["colour"] = "red";
  CHECK(mentions(error_of([&] { g.state_from_json(j); }), "elements position: /colour: unknown field"));
  j = g.initial_state().to_json();
  j["heroes"][2]["hp"] = 3;
  CHECK(mentions(error_of([&] { g.state_from_json(j); }), "elements position: /heroes/2/hp: unknown field"));
  j = g.initial_state().to_json();
  j["heroes"][1] = 7;
  CHECK(mentions(error_of([&] { g.state_from_json(j); }),
                 "elements position: /heroes/1: expected an object, got 7"));
  j = g.initial_state().to_json();
  j["heroes"][1]["energy"][2] = 99;
  CHECK(mentions(error_of([&] { g.state_from_json(j); }),
                 "elements position: /heroes/1/energy/2: expected an integer in [0, 4], got 99"));
  CHECK(mentions(error_of([&] { g.state_from_json(nlohmann::json::array()); }),
                 "elements position: expected an object, got []"));
}

TEST_CASE("impossible states are refused, naming the field") {
  auto g = make(2);
  const auto base = placing(g);
  REQUIRE(g.state_from_json(base).to_json() == base);
  REQUIRE(base["drawn"][0].get<int>() >= 0);
  // A tile twice in the deck.
  auto j = base;
  j["deck"].push_back(j["deck"][0]);
  CHECK(mentions(error_of([&] { g.state_from_json(j); }), "elements position: /deck/70: tile " +
                                                              std::to_string(base["deck"][0].get<int>()) +
                                                              " is listed twice"));
  // A tile both in the deck and drawn.
  j = base;
  j["deck"].push_back(base["drawn"][1]);
  CHECK(mentions(error_of([&] { g.state_from_json(j); }), "elements position: /drawn/1: tile "));
  CHECK(mentions(error_of([&] { g.state_from_json(j); }), "drawn and also in 'deck'"));
  // The same tile drawn twice.
  j = base;
  j["drawn"][1] = base["drawn"][0];
  CHECK(mentions(error_of([&] { g.state_from_json(j); }), "is drawn twice"));
  // A drawn tile outside the draw and place phases.
  j = g.initial_state().to_json();
  j["deck"].erase(j["deck"].begin());
  j["drawn"][0] = 0;
  CHECK(mentions(error_of([&] { g.state_from_json(j); }),
                 "elements position: /drawn/0: expected -1 outside the draw and place phases"));
  // Two tiles on one cell.
  j = base;
  j["tiles"].push_back(j["tiles"][0]);
  CHECK(mentions(error_of([&] { g.state_from_json(j); }), "a second entry for cell"));
  // More gather tokens than the box holds (gather_tokens = 1).
  auto g1 = make(2, {{"gather_tokens", "1"}});
  j = g1.initial_state().to_json();
  for (int k = 0; k < 2; ++k) {
    j["tiles"][k][3] = "G.....";
    j["tiles"][k][4] = true;
  }
  CHECK(mentions(error_of([&] { g1.state_from_json(j); }),
                 "elements position: /tiles: 2 gather tokens, and the box holds 1"));
  j["tiles"][1][4] = false;
  CHECK_NOTHROW(g1.state_from_json(j));
  // A token on a tile with no gather marker.
  j = g.initial_state().to_json();
  j["tiles"][0][4] = true;
  CHECK(mentions(error_of([&] { g.state_from_json(j); }),
                 "elements position: /tiles/0/4: a gather token on a tile with no gather marker"));
  // Tiles on the map that the deck cannot have supplied: a stacked patch tile with the deck full.
  j = g.initial_state().to_json();
  j["tiles"][0][1] = 2;
  CHECK(mentions(error_of([&] { g.state_from_json(j); }),
                 "1 tiles placed beyond the starting patches, with 72 in 'deck'"));
  j["deck"].erase(j["deck"].begin());
  CHECK_NOTHROW(g.state_from_json(j));
  // Drawing more than the deck holds would divide by an empty deck.
  j = base;
  j["phase"] = "draw";
  j["drawn"] = {-1, -1};
  j["to_draw"] = 2;
  j["deck"] = nlohmann::json::array({5});
  CHECK(mentions(error_of([&] { g.state_from_json(j); }),
                 "elements position: /to_draw: expected 1 or 2 while drawing"));
  // An attack roll against a cell with nobody to hit.
  j = base;
  j["phase"] = "attack_roll";
  j["drawn"] = {-1, -1};
  j["combat"][0] = 0;
  CHECK(mentions(error_of([&] { g.state_from_json(j); }),
                 "elements position: /combat/0: expected the cell of the enemy hero or base under attack"));
  // Two heroes on one cell, a living hero with two empty energies, a second terrain effect on a cell.
  j = g.initial_state().to_json();
  j["heroes"][2]["cell"] = j["heroes"][0]["cell"];
  CHECK(mentions(error_of([&] { g.state_from_json(j); }),
                 "elements position: /heroes/2/cell: expected a free tile"));
  j = g.initial_state().to_json();
  j["heroes"][3]["energy"] = {0, 0, 3, 3};
  CHECK(mentions(error_of([&] { g.state_from_json(j); }),
                 "elements position: /heroes/3/energy: two energies at 0 on a living hero"));
  j = g.initial_state().to_json();
  j["terrain"] = {{j["tiles"][0][0], "wind", 1, 0}, {j["tiles"][0][0], "water", 1, 0}};
  CHECK(mentions(error_of([&] { g.state_from_json(j); }),
                 "elements position: /terrain/1/0: a second effect on cell"));
  // A finished game needs its winner, and a running one has none.
  j = g.initial_state().to_json();
  j["winner"] = 0;
  CHECK(mentions(error_of([&] { g.state_from_json(j); }),
                 "elements position: /winner: expected -1 while the game is on"));
}

TEST_CASE("the return flag round-trips and is refused where no return can have been") {
  auto g = make(2);
  State s = g.initial_state();
  play(s, "select:knight");
  play(s, "create");
  play(s, "draw:fire:......");
  play(s, "draw:water:G.....");
  play(s, "return");
  const auto j = s.to_json();
  CHECK(j["returned"] == true);
  const State back = g.state_from_json(j);
  CHECK(back.returned());
  CHECK(!has(back, "create"));
  CHECK(back.to_json() == j);
  auto k = j;
  k.erase("returned");
  CHECK(mentions(error_of([&] { g.state_from_json(k); }), "elements position: /returned: missing"));
  k = j;
  k["returned"] = 1;
  CHECK(mentions(error_of([&] { g.state_from_json(k); }),
                 "elements position: /returned: expected true or false, got 1"));
  k = j;
  k["creates"] = 0;
  CHECK(mentions(error_of([&] { g.state_from_json(k); }),
                 "elements position: /returned: expected false when 'creates' is 0"));
  // No create follows a return, so none is drawing or placing; none is between activations.
  k = placing(g);
  k["returned"] = true;
  CHECK(mentions(error_of([&] { g.state_from_json(k); }),
                 "elements position: /returned: expected false outside an activation's act"));
  k = g.initial_state().to_json();
  k["returned"] = true;
  k["creates"] = 1;
  CHECK(mentions(error_of([&] { g.state_from_json(k); }),
                 "elements position: /returned: expected false outside an activation's act"));
  // The flag is cleared when the activation ends.
  play(s, "end");
  CHECK(s.to_json()["returned"] == false);
  CHECK_NOTHROW(g.state_from_json(s.to_json()));
}

TEST_CASE("integers are range-checked as 64-bit values before narrowing") {
  auto g = make(2);
  auto j = g.initial_state().to_json();
  j["moves"] = 4294967298ull;  // 2^32 + 2: would read as 2 if narrowed to 32 bits first
  CHECK(mentions(error_of([&] { g.state_from_json(j); }),
                 "elements position: /moves: expected an integer in [0, 1073741824], got 4294967298"));
  // 2^64 - 1 is -1 when taken as a signed 64-bit value, which 'drawn' would accept.
  j = g.initial_state().to_json();
  j["drawn"][0] = 18446744073709551615ull;
  CHECK(mentions(error_of([&] { g.state_from_json(j); }),
                 "elements position: /drawn/0: expected an integer in [-1, 71], got 18446744073709551615"));
  j = g.initial_state().to_json();
  j["active"] = 18446744073709551615ull;
  CHECK(mentions(error_of([&] { g.state_from_json(j); }),
                 "elements position: /active: expected an integer in [-1, 3], got 18446744073709551615"));
}

TEST_CASE("the rules are interned: one per distinct configuration, and a state outlives its game") {
  const Elements a = make(2), b = make(2), c = make(2, {{"max_rounds", "30"}});
  CHECK(&a.rules() == &b.rules());
  CHECK(&a.rules() != &c.rules());
  State s;
  {
    const Elements gone = make(4);
    s = gone.initial_state();
  }
  // The game object is gone; its state still reads the rules it was made with.
  ActionList legal;
  s.legal_actions(legal);
  CHECK(legal.size() > 0);
  CHECK(s.num_players() == 4);
  CHECK(make(4).state_from_json(s.to_json()).to_json() == s.to_json());
}

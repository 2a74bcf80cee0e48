// Create: draw two tiles (chance), place or stack one around the hero, or return both.
#include "tests/elements/helpers.h"

using namespace elements_test;

namespace {

// The knight on a plain earth tile at 0,0 with nothing around it.
State lone_knight(const Elements& g) {
  State s = blank(g);
  s.put_tile(cell(s, 0, 0), 1, kEarth, "......");
  bring(s, 0, cell(s, 0, 0));
  return s;
}

}  // namespace

TEST_CASE("a tile draw is a chance node over the designs left, weighted by copies") {
  auto g = make(2);
  State s = lone_knight(g);
  play(s, "select:knight");
  play(s, "create");
  CHECK(s.is_chance());
  CHECK(s.current_player() == kChancePlayer);
  auto c = chances(s);
  CHECK(c.size() == g.rules().deck.designs.size());
  double total = 0;
  for (const auto& [a, p] : c) {
    total += p;
    const Action act = s.string_to_action(a);
    const int design = act - s.layout().draw;
    CHECK(p == doctest::Approx(s.deck_left(design) / 72.0));
  }
  CHECK(total == doctest::Approx(1.0));
  CHECK(std::find_if(c.begin(), c.end(), [](const auto& x) {
          return x.first == "draw:fire:......";
        })->second == doctest::Approx(4.0 / 72));
  play(s, "draw:fire:......");
  CHECK(s.deck_left() == 71);
  c = chances(s);
  CHECK(std::find_if(c.begin(), c.end(), [](const auto& x) {
          return x.first == "draw:fire:......";
        })->second == doctest::Approx(3.0 / 71));
  play(s, "draw:wind:G.....");
  CHECK(s.phase() == Phase::kPlace);
  CHECK(s.current_player() == 0);
}

TEST_CASE("placing: any free neighbour, either drawn tile, six turns; the other tile goes back") {
  auto g = make(2, {{"heroes", "knight,ranger,hunter,warlock"}});
  State s = lone_knight(g);
  const int o = cell(s, 0, 0);
  s.put_tile(cell(s, 1, 0), 3, kFire, "......");   // E: already 3 high, cannot stack
  s.put_tile(cell(s, 0, -1), 1, kFire, "......");  // NW: an enemy stands there
  bring(s, 1, cell(s, 0, -1));
  s.put_tile(cell(s, -1, 0), 2, kWater, "......");  // W: stackable to 3
  play(s, "select:knight");
  play(s, "create");
  play(s, "draw:fire:A.....");
  play(s, "draw:water:......");
  std::set<std::string> expected{"return"};
  for (const char* d : {"NE", "W", "SW", "SE"})
    for (int slot = 0; slot < 2; ++slot)
      for (int rot = 0; rot < 6; ++rot)
        expected.insert("place:" + std::to_string(slot) + ":" + d + ":" + std::to_string(rot));
  CHECK(legal_strings(s) == expected);
  play(s, "place:0:NE:2");  // the attack edge (E) turned two sixths: now on NW
  const int ne = cell(s, 1, -1);
  CHECK(s.height(ne) == 1);
  CHECK(s.element(ne) == kFire);
  CHECK(s.edge(ne, 2) == kAttackMark);
  CHECK(s.edge(ne, 0) == kNone);
  CHECK(s.deck_left() == 71);  // the water tile went back
  CHECK(s.phase() == Phase::kAct);
  (void)o;
}

TEST_CASE(
    "stacking: up to three levels, the new top decides; its token is discarded, a gather tile brings one") {
  auto g = make(2, {{"creates_per_activation", "2"}});
  State s = lone_knight(g);
  const int w = cell(s, -1, 0);
  s.put_tile(w, 2, kWater, "G.....", true);
  CHECK(s.token(w));
  play(s, "select:knight");
  play(s, "create");
  play(s, "draw:fire:......");
  play(s, "draw:earth:M..G..");
  play(s, "place:0:W:0");
  CHECK(s.height(w) == 3);
  CHECK(s.element(w) == kFire);
  CHECK(!s.token(w));
  CHECK(s.edge(w, 0) == kNone);
  // Second create (the capped setting allows two): a gather tile on a fresh cell gets a token.
  play(s, "create");
  play(s, "draw:earth:M..G..");
  play(s, "draw:wind:......");
  CHECK(!has(s, "place:0:W:0"));  // three high already
  play(s, "place:0:E:0");
  const int e = cell(s, 1, 0);
  CHECK(s.height(e) == 1);
  CHECK(s.token(e));
  CHECK(!has(s, "create"));  // creates_per_activation = 2
}

TEST_CASE("return puts both drawn tiles back; return_unchosen = false discards the other") {
  auto g = make(2);
  State s = lone_knight(g);
  play(s, "select:knight");
  play(s, "create");
  play(s, "draw:fire:......");
  play(s, "draw:water:......");
  CHECK(s.deck_left() == 70);
  play(s, "return");
  CHECK(s.deck_left() == 72);
  auto g2 = make(2, {{"return_unchosen", "false"}});
  State t = lone_knight(g2);
  play(t, "select:knight");
  play(t, "create");
  play(t, "draw:fire:......");
  play(t, "draw:water:......");
  play(t, "place:1:E:0");
  CHECK(t.deck_left() == 70);
  CHECK(t.element(cell(t, 1, 0)) == kWater);
}

TEST_CASE("rotate_tiles = false: one orientation only; a nearly empty deck draws what is left") {
  auto g = make(2, {{"rotate_tiles", "false"}});
  State s = lone_knight(g);
  for (int t = 1; t < 72; ++t) s.remove_from_deck(t);
  CHECK(s.deck_left() == 1);
  play(s, "select:knight");
  play(s, "create");
  CHECK(chances(s).size() == 1);
  ActionList l;
  s.legal_actions(l);
  s.apply(l[0]);
  CHECK(s.phase() == Phase::kPlace);
  std::set<std::string> expected{"return"};
  for (const char* d : {"E", "NE", "NW", "W", "SW", "SE"})
    expected.insert(std::string("place:0:") + d + ":0");
  CHECK(legal_strings(s) == expected);
  play(s, "place:0:SE:0");
  CHECK(s.deck_left() == 0);
  CHECK(!has(s, "create"));
}

TEST_CASE("gather tokens run out at the box's count") {
  auto g = make(2, {{"gather_tokens", "0"}});
  State s = lone_knight(g);
  play(s, "select:knight");
  play(s, "create");
  play(s, "draw:earth:M..G..");
  play(s, "draw:wind:......");
  play(s, "place:0:E:0");
  CHECK(!s.token(cell(s, 1, 0)));
}

TEST_CASE("create repeats while the deck lasts: no cap by default (the seed's letter)") {
  // "開創、移動、法術，這三種行動，只要滿足條件就可以於一回合內執行多次"
  auto g = make(2);
  CHECK(g.rules().creates_per_activation == 0);
  State s = lone_knight(g);
  play(s, "select:knight");
  // Four creates, each placing a tile on another neighbour: create stays legal after each.
  const char* dirs[] = {"E", "NE", "NW", "W"};
  for (const char* d : dirs) {
    REQUIRE(has(s, "create"));
    play(s, "create");
    play(s, "draw:fire:......");
    play(s, "draw:water:......");
    play(s, std::string("place:0:") + d + ":0");
  }
  CHECK(s.creates() == 4);
  CHECK(s.deck_left() == 68);
  for (int d = 0; d < 4; ++d) CHECK(s.height(s.grid().step(cell(s, 0, 0), d)) == 1);
  CHECK(has(s, "create"));
  CHECK(!s.returned());
  // With the deck empty there is nothing to create.
  State e = lone_knight(g);
  for (int x = 0; x < 72; ++x) e.remove_from_deck(x);
  play(e, "select:knight");
  CHECK(!has(e, "create"));
}

TEST_CASE("a create that returns both tiles is the activation's last create (project ruling)") {
  // "抽取2張板圖，選擇其中1張…或將2張版圖放回": a return leaves the position as before the
  // create, so the hero may not create again in this activation, whatever the cap.
  for (const std::string cap : {"0", "9"}) {
    CAPTURE(cap);
    auto g = make(2, {{"creates_per_activation", cap}});
    State s = lone_knight(g);
    play(s, "select:knight");
    play(s, "create");
    play(s, "draw:fire:......");
    play(s, "draw:water:......");
    play(s, "place:0:E:0");
    play(s, "create");
    play(s, "draw:earth:......");
    play(s, "draw:wind:......");
    play(s, "return");
    CHECK(s.deck_left() == 71);
    CHECK(s.returned());
    CHECK(!has(s, "create"));
    CHECK(!s.is_legal(s.layout().create));
    // The rest of the activation goes on: the knight's move, its spell, the end.
    CHECK(legal_strings(s) == std::set<std::string>{"move:E", "spell:iron_wall:0,0", "end"});
    // The guard lasts one activation: the knight's next one may create again.
    play(s, "end");
    REQUIRE(s.phase() == Phase::kSelect);
    play(s, "select:knight");
    CHECK(!s.returned());
    CHECK(has(s, "create"));
  }
  // A return as the first create bars the second one too.
  auto g = make(2);
  State t = lone_knight(g);
  play(t, "select:knight");
  play(t, "create");
  play(t, "draw:fire:......");
  play(t, "draw:water:......");
  play(t, "return");
  CHECK(t.deck_left() == 72);
  CHECK(!has(t, "create"));
}

TEST_CASE("creates_per_activation = 2 still caps creates that place at two (the earlier setting)") {
  auto g = make(2, {{"creates_per_activation", "2"}});
  State s = lone_knight(g);
  play(s, "select:knight");
  for (const char* d : {"E", "W"}) {
    REQUIRE(has(s, "create"));
    play(s, "create");
    play(s, "draw:fire:......");
    play(s, "draw:water:......");
    play(s, std::string("place:1:") + d + ":0");
  }
  CHECK(s.creates() == 2);
  CHECK(s.deck_left() == 70);
  CHECK(!has(s, "create"));
  CHECK(has(s, "end"));
}

TEST_CASE("placing is refused on a base and under a friend") {
  // "基地為障礙物", "不能堆疊於目前有單位或角色存在於其上的板塊"
  auto g = make(2);
  State s = g.initial_state();
  const int base = s.rules().base_cell[0];
  const int knight = s.hero(0).cell, hunter = s.hero(2).cell;
  const int to_base = s.grid().line_dir(knight, base), to_hunter = s.grid().line_dir(knight, hunter);
  REQUIRE(to_base >= 0);
  REQUIRE(to_hunter >= 0);
  play(s, "select:knight");
  play(s, "create");
  play(s, "draw:fire:......");
  play(s, "draw:water:......");
  std::set<std::string> dirs;
  for (const auto& a : legal_strings(s))
    if (a.rfind("place:0:", 0) == 0) dirs.insert(a.substr(8, a.rfind(':') - 8));
  CHECK(dirs.count(kDirName[to_base]) == 0);
  CHECK(dirs.count(kDirName[to_hunter]) == 0);
  CHECK(dirs.size() == 4);  // the knight's other four neighbours
  CHECK(!s.is_legal(s.string_to_action(std::string("place:1:") + kDirName[to_hunter] + ":3")));
}

// Notation, positions, setups and options: readable actions, JSON round trips, clear errors.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>

#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

TEST_CASE("mizong notation: every sub-action has a readable name that reads back") {
  auto g = make_game();
  State s = g.initial_state();
  const Layout& L = s.layout();
  CHECK(L.total == 5 * 121 + 3);
  CHECK(g.num_distinct_actions() == L.total);
  for (Action a = 0; a < L.total; ++a) CHECK(s.string_to_action(s.action_to_string(a)) == a);
  CHECK(s.action_to_string(L.select + s.geo().centre) == "select:0,0");
  CHECK(s.action_to_string(L.attack + s.geo().at(-2, 1)) == "attack:-2,1");
  CHECK(s.action_to_string(L.end_turn) == "end-turn");
  CHECK_THROWS_AS(s.string_to_action("fly 0,0"), Error);
  CHECK_THROWS_AS(s.string_to_action("move:9,9"), Error);  // off the point-4 board
  CHECK_THROWS_AS(s.string_to_action("move:x"), Error);
  CHECK_THROWS_AS(s.string_to_action(""), Error);
}

TEST_CASE("mizong positions: JSON round trips mid-activation and refuses bad fields") {
  auto g = make_game();
  State s = g.initial_state();
  Rng rng(3);
  ActionList l;
  for (int i = 0; i < 300 && !s.is_terminal(); ++i) {
    const auto j = s.to_json();
    State back = g.state_from_json(j);
    CHECK(back.to_json() == j);
    back.legal_actions(l);
    ActionList l2;
    s.legal_actions(l2);
    CHECK(l.vector() == l2.vector());
    s.apply(l2[static_cast<int>(rng.below(static_cast<std::uint32_t>(l2.size())))]);
  }
  auto j = g.initial_state().to_json();
  auto bad = [&](auto change) {
    auto k = j;
    change(k);
    CHECK_THROWS_AS(g.state_from_json(k), Error);
  };
  bad([](auto& k) { k["game"] = "junqi"; });
  bad([](auto& k) { k["point_size"] = 24; });
  bad([](auto& k) { k["pieces"][0][1] = "xx"; });
  bad([](auto& k) { k["pieces"][0][0] = k["pieces"][1][0]; });  // two on one vertex
  bad([](auto& k) { k["pieces"][0][1] = "MoR+"; });             // not the army any more
  bad([](auto& k) { k["pieces"][0][2] = 99; });
  bad([](auto& k) { k["current"] = 6; });
  bad([](auto& k) { k["extra"] = 1; });
  std::string message;
  try {
    auto k = j;
    k["pieces"][3][2] = "full";
    g.state_from_json(k);
  } catch (const Error& e) {
    message = e.what();
  }
  const int hp_max = max_hp(g.initial_state().piece(3).kind);
  CHECK(message == "mizong position: /pieces/3/2: expected hp, an integer in [0, " + std::to_string(hp_max) +
                       "], got \"full\"");
}

TEST_CASE("mizong positions: unknown keys in nested objects are refused, naming their JSON path") {
  auto g = make_game();
  State s = g.initial_state();
  ActionList l;
  s.legal_actions(l);
  REQUIRE(l[0] != s.layout().end_turn);
  s.apply(l[0]);  // a select: mid-activation, the position has an activation object
  const auto j = s.to_json();
  REQUIRE(j["activation"].is_object());
  CHECK(g.state_from_json(j).to_json() == j);
  auto message = [&](auto change) {
    auto k = j;
    change(k);
    try {
      g.state_from_json(k);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK(message([](auto& k) {
          k["centre"]["roundz"] = 3;
        }).find("mizong position: /centre/roundz: unknown field") != std::string::npos);
  CHECK(message([](auto& k) {
          k["activation"]["attacks"] = 1;
        }).find("mizong position: /activation/attacks: unknown field") != std::string::npos);
  CHECK(message([](auto& k) { k["extra"] = 1; }).find("mizong position: /extra: unknown field") !=
        std::string::npos);
}

TEST_CASE("mizong positions and options: integers are range-checked as 64-bit values before narrowing") {
  auto g = make_game();
  const auto j = g.initial_state().to_json();
  auto message = [&](auto change) {
    auto k = j;
    change(k);
    try {
      g.state_from_json(k);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  // 2^32 + 4 would read as 4 cut to 32 bits; 2^64 - 1 as -1 read signed.
  CHECK(message([](auto& k) {
          k["point_size"] = 4294967300LL;
        }).find("mizong position: /point_size: expected an integer in [1, 100], got 4294967300") !=
        std::string::npos);
  CHECK(message([](auto& k) {
          k["round"] = 4294967297LL;
        }).find("mizong position: /round: expected an integer in [1, ") != std::string::npos);
  CHECK(
      message([](auto& k) {
        k["moves"] = 18446744073709551615ULL;
      }).find("mizong position: /moves: expected an integer in [0, 1073741824], got 18446744073709551615") !=
      std::string::npos);
  CHECK(message([](auto& k) {
          k["pieces"][0][3] = 4294967296LL;
        }).find("mizong position: /pieces/0/3: expected moves, an integer in [0, 65535], got 4294967296") !=
        std::string::npos);
  // The option: --set point_size=4294967300 is not point size 4.
  for (const char* big : {"4294967300", "4294967320", "-4294967292"}) {
    CAPTURE(big);
    std::string text;
    try {
      make_game({{"point_size", big}});
    } catch (const Error& e) {
      text = e.what();
    }
    CHECK(text.find("point_size") != std::string::npos);
    CHECK(text.find(big) != std::string::npos);
  }
  for (const char* name : {"round_cap", "centre_rounds", "healer_heal_radius", "melee_hero_heal_radius"})
    CHECK_THROWS_AS(make_game({{name, "4294967297"}}), Error);
}

TEST_CASE("mizong setups: named layouts are arrangements of the army; files read and write back") {
  for (int point : {4, 24}) {
    const Geometry& geo = geometry(point);
    for (const char* name : {"melee_front", "ranged_front", "mixed_columns", "random"}) {
      CAPTURE(name);
      auto setup = layout(geo, name, Rng(1));
      CHECK(static_cast<int>(setup.size()) == geo.home_size);
      CHECK(check_army(setup).empty());
      CHECK(parse_setup_text(geo, setup_text(geo, setup), "text") == setup);
    }
  }
  const Geometry& geo = geometry(24);
  auto melee = layout(geo, "melee_front", Rng(1));
  for (int j = 150; j < 300; ++j) CHECK(is_melee(melee[static_cast<std::size_t>(j)].kind));  // the front half
  CHECK_THROWS_AS(layout(geo, "wedge", Rng(1)), Error);
  auto wrong = melee;
  wrong[0].kind = kHealer;
  CHECK(!check_army(wrong).empty());
  CHECK_THROWS_AS(parse_setup_text(geo, setup_text(geo, wrong), "x.txt"), Error);
  CHECK_THROWS_AS(parse_setup_text(geo, "moR+ moR+", "x.txt"), Error);
  CHECK_THROWS_AS(parse_setup_text(geo, "mxR+", "x.txt"), Error);
  // A game records each seat's setup (deployment) and reads it back from a file.
  auto g = make_game({{"setup", "ranged_front"}});
  State s = g.initial_state();
  const std::string path = "mizong_setup_test.txt";
  {
    std::ofstream out(path);
    out << "# seat 0 of a ranged-front game\n" << s.deployment(0);
  }
  auto h = make_game({{"setups", path + ",random,melee_front,mixed_columns,ranged_front," + path}});
  CHECK(h.setup(0) == g.setup(0));
  CHECK(h.setup(5) == g.setup(0));
  CHECK(h.initial_state().deployment(0) == s.deployment(0));
  std::remove(path.c_str());
  CHECK_THROWS_AS(make_game({{"setup", "nowhere.txt"}}), Error);
  CHECK_THROWS_AS(make_game({{"setups", "random,random"}}), Error);
}

TEST_CASE("mizong options: bad values are refused with the option's name") {
  CHECK_THROWS_AS(make_game({}, 5), Error);
  CHECK_THROWS_AS(make_game({{"teams", "4v2"}}), Error);
  CHECK_THROWS_AS(make_game({{"round_cap", "0"}}), Error);
  CHECK_THROWS_AS(make_game({{"counter_damage", "both"}}), Error);
  std::string message;
  try {
    make_game({{"same_attribute_clash", "both"}});
  } catch (const Error& e) {
    message = e.what();
  }
  CHECK(message.find("same_attribute_clash") != std::string::npos);
}

TEST_CASE("mizong render: a summary per seat at point 24, a drawing at point 4") {
  auto g = make_game({}, 24);
  const std::string big = g.initial_state().render_text();
  CHECK(big.find("seat 5 (team 5): 150 melee, 150 ranged, 12 heroes, HP 2700.0") != std::string::npos);
  CHECK(big.find("centre: empty") != std::string::npos);
  auto small = make_game();
  const std::string text = small.initial_state().render_text();
  // Row 8 of 17 is the centre's row: nine empty vertices, the centre marked '+'.
  std::vector<std::string> lines;
  std::string line;
  for (char c : text) {
    if (c == '\n')
      lines.push_back(line), line.clear();
    else
      line += c;
  }
  REQUIRE(lines.size() >= 8 + 17);
  CHECK(lines[8 + 8].find(".   .   .   .   +   .   .   .   .") != std::string::npos);
  CHECK(lines[8 + 0].find("0R") !=
        std::string::npos);  // seat 0's tip: its ranged hero (melee_front puts ranged behind)
}

TEST_CASE("mizong setups: the shipped layout files are the named layouts and load by relative path") {
  for (int point : {24, 4})
    for (const char* name : {"melee_front", "ranged_front", "mixed_columns"}) {
      CAPTURE(name);
      const Geometry& geo = geometry(point);
      const std::string file =
          std::string("configs/games/mizong/") + name + (point == 4 ? "-small" : "") + ".txt";
      CHECK(read_setup_file(geo, std::string(QILAB_SOURCE_DIR) + "/" + file) == layout(geo, name, Rng(1)));
      if (point == 4) CHECK(make_game({{"setup", file}}).setup(3) == layout(geo, name, Rng(1)));
    }
}

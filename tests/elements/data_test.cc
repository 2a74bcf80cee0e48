// The data files (deck, roster), their error messages, notation and positions as JSON.
#include <cstdio>
#include <fstream>
#include <map>

#include "tests/elements/helpers.h"
#include "tests/error_of.h"

using namespace elements_test;

namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = "/tmp/qilab_elements_test_" + name;
  std::ofstream(path) << text;
  return path;
}

using qilab::testing::error_of;

}  // namespace

TEST_CASE("the shipped deck: 72 tiles, 18 of each element, every marker kind present") {
  const Deck deck = read_deck(default_data_path("deck.toml"));
  CHECK(deck.tiles.size() == 72);
  std::map<int, int> per_element, per_marker;
  for (const auto& t : deck.tiles) {
    ++per_element[t.element];
    for (auto m : t.edges) ++per_marker[m];
  }
  for (int e = 0; e < kElements; ++e) CHECK(per_element[e] == 18);
  for (int m = kAttackMark; m <= kBlockMark; ++m) CHECK(per_marker[m] > 0);
}

TEST_CASE("the shipped roster: 12 heroes with the seed's named skills") {
  const auto roster = read_roster(default_data_path("heroes.toml"));
  CHECK(roster.size() == 12);
  std::map<std::string, std::string> skill_of;
  for (const auto& h : roster)
    for (const auto& s : h.skills) skill_of[s.name] = h.name;
  CHECK(skill_of["吟風"] == "追獵者");
  CHECK(skill_of["破甲"] == "刺客");
  CHECK(skill_of["咒術"] == "咒術師");
  CHECK(skill_of["神護"] == "祭司");
  CHECK(skill_of["呼風"] == "道士");
  CHECK(skill_of["喚雨"] == "道士");
}

TEST_CASE("malformed data is refused with the file, the entry and the field") {
  auto deck = write_temp("deck1.toml", "[[tile]]\nelement = \"lava\"\n");
  CHECK(error_of([&] {
          read_deck(deck);
        }).find("tile 0: field 'element' expects fire, earth, water or wind") != std::string::npos);
  deck = write_temp("deck2.toml", "[[tile]]\nelement = \"fire\"\nedges = \"AX....\"\n");
  CHECK(error_of([&] { read_deck(deck); }).find(deck + ": tile 0: field 'edges'") != std::string::npos);
  deck = write_temp("deck3.toml", "[[tile]]\nelement = \"fire\"\ncount = 0\n");
  CHECK(error_of([&] { read_deck(deck); }).find("field 'count' expects an integer 1 to 128") !=
        std::string::npos);
  deck = write_temp("deck4.toml", "[[tile]\n");
  CHECK(error_of([&] { read_deck(deck); }).find("malformed TOML") != std::string::npos);
  CHECK(error_of([&] { read_deck("/nonexistent/deck.toml"); }).find("no such data file") !=
        std::string::npos);
  auto heroes = write_temp("heroes1.toml",
                           "[[hero]]\nid = \"x\"\nenergy = { fire = 3, earth = 3, water = 3 }\nattack = 1\n"
                           "defence = 1\nmove = 4\n");
  CHECK(error_of([&] { read_roster(heroes); }).find("hero 0 (x): energy: missing field 'wind'") !=
        std::string::npos);
  heroes = write_temp(
      "heroes2.toml",
      "[[hero]]\nid = \"x\"\nenergy = { fire = 3, earth = 3, water = 3, wind = 3 }\nattack = 1\n"
      "defence = 1\nmove = 4\n[[hero.skill]]\nid = \"s\"\neffect = \"explode\"\ntarget = \"self\"\n"
      "cost_mana = 1\n");
  CHECK(error_of([&] { read_roster(heroes); }).find("skill 0: field 'effect' expects one of") !=
        std::string::npos);
  heroes =
      write_temp("heroes3.toml",
                 "[[hero]]\nid = \"x\"\nenergy = { fire = 3, earth = 3, water = 3, wind = 3 }\nattack = 1\n"
                 "defence = 1\nmove = 4\nspeed = 3\n");
  CHECK(error_of([&] { read_roster(heroes); }).find("unknown field 'speed'") != std::string::npos);
  heroes =
      write_temp("heroes4.toml",
                 "[[hero]]\nid = \"x\"\nenergy = { fire = 3, earth = 3, water = 3, wind = 3 }\nattack = 1\n"
                 "defence = 1\nmove = 4\n[[hero.skill]]\nid = \"s\"\neffect = \"heal\"\ntarget = \"ally\"\n");
  CHECK(error_of([&] { read_roster(heroes); }).find("a skill needs a cost") != std::string::npos);
  CHECK_THROWS_AS(make(2, {{"roster", heroes}}), Error);
}

TEST_CASE("a designer's hero from data alone plays") {
  auto path =
      write_temp("heroes5.toml",
                 "[[hero]]\nid = \"a\"\nenergy = { fire = 3, earth = 3, water = 3, wind = 3 }\nattack = 1\n"
                 "defence = 1\nmove = 4\n[[hero.skill]]\nid = \"rally\"\neffect = \"attack_up\"\n"
                 "target = \"ally\"\nrange = 2\namount = 3\nduration = 1\ncost_element = \"fire\"\n"
                 "cost_energy = 2\n"
                 "[[hero]]\nid = \"b\"\nenergy = { fire = 3, earth = 3, water = 3, wind = 3 }\nattack = 1\n"
                 "defence = 1\nmove = 4\n"
                 "[[hero]]\nid = \"c\"\nenergy = { fire = 3, earth = 3, water = 3, wind = 3 }\nattack = 1\n"
                 "defence = 1\nmove = 4\n"
                 "[[hero]]\nid = \"d\"\nenergy = { fire = 3, earth = 3, water = 3, wind = 3 }\nattack = 1\n"
                 "defence = 1\nmove = 4\n");
  auto g = make(2, {{"roster", path}, {"heroes", "a,b,c,d"}});
  State s = g.initial_state();
  play(s, "select:a");
  play(s, "spell:rally:" + s.grid().name(s.hero(2).cell));
  CHECK(s.hero(2).sum(Effect::kAttackUp) == 3);
  CHECK(s.hero(0).energy[kFire] == 1);
}

TEST_CASE("notation round-trips and bad text is an Error") {
  auto g = make(2);
  State s = g.initial_state();
  for (const char* text : {"select:knight", "move:NE", "create", "place:1:SW:5", "return", "attack:1,-4",
                           "gather:W", "end", "roll:7", "respawn:0,3", "draw:fire:A.....", "spell:#1:0,0"})
    CHECK(s.action_to_string(s.string_to_action(text)) == text);
  for (const char* bad :
       {"", "jump", "move:UP", "attack:99,0", "place:2:E:0", "roll:x", "select:nobody", "draw:fire:ZZZZZZ"})
    CHECK_THROWS_AS(s.string_to_action(bad), Error);
}

TEST_CASE("positions: JSON round trip mid-game, and refusal of bad fields") {
  auto g = make(2);
  State s = g.initial_state();
  Rng rng(3);
  ActionList l;
  for (int i = 0; i < 200 && !s.is_terminal(); ++i) {
    if (s.is_chance()) {
      s.apply(s.sample_chance(rng));
    } else {
      s.legal_actions(l);
      s.apply(l[static_cast<int>(rng.below(static_cast<std::uint32_t>(l.size())))]);
    }
    const State t = g.state_from_json(s.to_json());
    CHECK(t.to_json() == s.to_json());
    CHECK(t.render_text() == s.render_text());
    ActionList a, b;
    s.legal_actions(a);
    t.legal_actions(b);
    CHECK(a.vector() == b.vector());
  }
  auto j = g.initial_state().to_json();
  j["heroes"][0]["cell"] = "1,3";  // the base
  CHECK_THROWS_AS(g.state_from_json(j), Error);
  j = g.initial_state().to_json();
  j["tiles"][0][3] = "QQQQQQ";
  CHECK_THROWS_AS(g.state_from_json(j), Error);
  j = g.initial_state().to_json();
  j["phase"] = "dance";
  CHECK_THROWS_AS(g.state_from_json(j), Error);
  j = g.initial_state().to_json();
  j["phase"] = "act";  // no active hero
  CHECK_THROWS_AS(g.state_from_json(j), Error);
  j = g.initial_state().to_json();
  j["heroes"][1]["energy"][0] = 99;
  CHECK_THROWS_AS(g.state_from_json(j), Error);
}

TEST_CASE("random games end within the round cap in 2, 4 and 6 players") {
  for (int players : {2, 4, 6}) {
    auto g = make(players, {{"max_rounds", "15"}});
    Rng rng(players);
    ActionList l;
    for (int game = 0; game < 20; ++game) {
      State s = g.initial_state();
      int steps = 0;
      while (!s.is_terminal()) {
        if (s.is_chance())
          s.apply(s.sample_chance(rng));
        else {
          s.legal_actions(l);
          REQUIRE(!l.empty());
          s.apply(l[static_cast<int>(rng.below(static_cast<std::uint32_t>(l.size())))]);
        }
        REQUIRE(++steps < 100000);
      }
      CHECK(s.round() <= 15);
    }
  }
}

TEST_CASE("evaluate: zero-sum by side, follows base HP, and equals the returns at the end") {
  auto g = make(4);
  State s = g.initial_state();
  const Values v0 = s.evaluate();
  CHECK(v0[0] == doctest::Approx(-v0[1]));
  CHECK(v0[0] == doctest::Approx(v0[2]));
  State hurt = s;
  hurt.set_base_hp(1, 5);
  CHECK(hurt.evaluate()[0] > v0[0] + 0.3);
  // A tile placed toward the enemy base beside a hero is worth something before the step.
  State built = s;
  const int knight = built.hero(0).cell;
  built.put_tile(built.grid().step(knight, 2), 1, kFire, "......");
  CHECK(built.evaluate()[0] > v0[0]);
  auto g1 = make(2, {{"max_rounds", "1"}});
  State e = g1.initial_state();
  e.set_base_hp(0, 3);
  for (const char* h : {"knight", "assassin", "hunter", "warlock"}) {
    play(e, std::string("select:") + h);
    play(e, "end");
  }
  REQUIRE(e.is_terminal());
  CHECK(e.evaluate() == e.returns());
  CHECK(e.returns()[1] == 1.0);
}

// Notation, positions as JSON and the evaluation (docs/rules/guifa.md, "Notation", "Evaluation").
#include "tests/guifa/helpers.h"

using namespace guifa_test;

TEST_CASE("every legal action's notation reads back to the same action; bad text is refused") {
  for (int players : {2, 4}) {
    const Guifa g = make(players);
    State s = g.initial_state();
    Rng rng(3);
    ActionList list;
    for (int i = 0; i < 200 && !s.is_terminal(); ++i) {
      s.legal_actions(list);
      for (Action a : list) CHECK(s.string_to_action(s.action_to_string(a)) == a);
      s.apply(list[static_cast<int>(rng.below(static_cast<std::uint32_t>(list.size())))]);
    }
  }
  const State s = make(2).initial_state();
  for (const char* bad : {"", "zz", "a0-a1", "j1-a1", "revive a1 Z", "revive a1", "ward2x2 i9", "warp a1", "a1"})
    CHECK_THROWS_AS(s.string_to_action(bad), Error);
  CHECK(s.string_to_action("e1-e2") == s.geo().parse("e1") * 81 + s.geo().parse("e2"));
  CHECK(s.action_to_string(s.layout().pass) == "pass");
}

TEST_CASE("positions: JSON round-trips; malformed input names the field") {
  const Guifa g = make(4);
  State s = g.initial_state();
  CHECK(g.state_from_json(s.to_json()).to_json() == s.to_json());
  auto expect_error = [&](nlohmann::json j, const std::string& field) {
    try {
      g.state_from_json(j);
      FAIL("accepted a bad position for ", field);
    } catch (const Error& e) {
      CHECK(std::string(e.what()).find("'" + field) != std::string::npos);
    }
  };
  auto j = s.to_json();
  j.erase("pieces");
  expect_error(j, "pieces");
  j = s.to_json();
  j["size"] = 11;
  expect_error(j, "size");
  j = s.to_json();
  j["pieces"][1]["cell"] = j["pieces"][0]["cell"];
  expect_error(j, "pieces.cell");
  j = s.to_json();
  j["pieces"][0]["kind"] = "dragon";
  expect_error(j, "pieces.kind");
  j = s.to_json();
  for (auto& p : j["pieces"])
    if (p["kind"] == "scepter" && p["owner"] == 2) p["kind"] = "beast";
  expect_error(j, "pieces");
  j = s.to_json();
  j["corpses"] = {{{"cell", "e5"}, {"counts", {{"scepter", 1}}}}};
  expect_error(j, "corpses.counts");
  j = s.to_json();
  j["mode"] = "free_for_all";
  expect_error(j, "mode");
}

TEST_CASE("evaluation: zero-sum, inside the returns' range, and favouring material") {
  const Guifa g = make(2);
  const State even = g.initial_state();
  Values v = even.evaluate();
  CHECK(v[0] == doctest::Approx(-v[1]));
  CHECK(std::abs(v[0]) < 0.05);
  const State ahead = position(g, {{"a1", 'Z', 0}, {"b3", 'P', 0}, {"c3", 'E', 0}, {"i9", 'Z', 1}});
  CHECK(ahead.evaluate()[0] > 0.3);
  const Guifa ffa = make(4, "free_for_all");
  Values w = ffa.initial_state().evaluate();
  double sum = 0;
  for (int p = 0; p < 4; ++p) {
    CHECK(w[p] >= -1.0);
    CHECK(w[p] <= 3.0);
    sum += w[p];
  }
  CHECK(std::abs(sum) < 1e-9);
}

TEST_CASE("the action space is a fixed range; the drawing marks pieces, corpses and effects") {
  CHECK(make(2).num_distinct_actions() == 81 * 81 + 12 * 81 + 2);
  CHECK(make(4, "alliance", 11).num_distinct_actions() == 121 * 121 + 12 * 121 + 2);
  const State s = make(4).initial_state();
  const std::string text = s.render_text();
  CHECK(text.find("Z0") != std::string::npos);
  CHECK(text.find("To move: 0") != std::string::npos);
  CHECK(s.observation_string(2) == text);
}

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
  for (const char* bad :
       {"", "zz", "a0-a1", "j1-a1", "revive a1 Z", "revive a1", "ward2x2 i9", "warp a1", "a1"})
    CHECK_THROWS_AS(s.string_to_action(bad), Error);
  CHECK(s.string_to_action("e1-e2") == s.geo().parse("e1") * 81 + s.geo().parse("e2"));
  CHECK(s.action_to_string(s.layout().pass) == "pass");
}

TEST_CASE("positions: JSON round-trips; malformed input names the field") {
  const Guifa g = make(4);
  State s = g.initial_state();
  CHECK(g.state_from_json(s.to_json()).to_json() == s.to_json());
  // The message names the JSON pointer of the bad value: "guifa position: /pieces/1/cell: ...".
  auto expect_error = [&](nlohmann::json j, const std::string& pointer) {
    try {
      g.state_from_json(j);
      FAIL("accepted a bad position for ", pointer);
    } catch (const Error& e) {
      CHECK_MESSAGE(std::string(e.what()).starts_with("guifa position: " + pointer + ": "), e.what());
    }
  };
  auto j = s.to_json();
  j.erase("pieces");
  expect_error(j, "/pieces");
  j = s.to_json();
  j["size"] = 11;
  expect_error(j, "/size");
  j = s.to_json();
  j["pieces"][1]["cell"] = j["pieces"][0]["cell"];
  expect_error(j, "/pieces/1/cell");
  j = s.to_json();
  j["pieces"][0]["kind"] = "dragon";
  expect_error(j, "/pieces/0/kind");
  j = s.to_json();
  // A beast names its summoner: the scepter turned beast is refused for its master first.
  std::size_t turned = 0;
  for (std::size_t i = 0; i < j["pieces"].size(); ++i)
    if (j["pieces"][i]["kind"] == "scepter" && j["pieces"][i]["owner"] == 2) {
      j["pieces"][i]["kind"] = "beast";
      turned = i;
    }
  expect_error(j, "/pieces/" + std::to_string(turned) + "/master");
  j = s.to_json();
  j["corpses"] = {{{"cell", "e5"}, {"counts", {{"scepter", 1}}}}};
  expect_error(j, "/corpses/0/counts/scepter");
  j = s.to_json();
  j["mode"] = "free_for_all";
  expect_error(j, "/mode");
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

namespace {
// The message of the error a position is refused with, or "" when it is accepted.
std::string refusal(const Guifa& g, const nlohmann::json& j) {
  try {
    g.state_from_json(j);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}
bool says(const std::string& message, std::initializer_list<const char*> words) {
  INFO(message);
  bool all = !message.empty();
  for (const char* w : words) all = all && message.find(w) != std::string::npos;
  return all;
}
}  // namespace

TEST_CASE("positions: unknown keys inside pieces, corpses, the summoning and the ward are refused by path") {
  const Guifa g = make(2);
  const std::vector<P> army = {{"e1", 'Z', 0}, {"e9", 'Z', 1}, {"c3", 'S', 0}, {"d4", 'N', 1}};
  auto j = position_json(g, army, 0, {{"e5", "prophet"}});
  CHECK(refusal(g, j).empty());
  j["pieces"][3]["colour"] = "red";
  CHECK(says(refusal(g, j), {"guifa position: /pieces/3/colour: unknown field"}));
  j = position_json(g, army, 0, {{"e5", "prophet"}});
  j["corpses"][0]["age"] = 3;
  CHECK(says(refusal(g, j), {"guifa position: /corpses/0/age: unknown field"}));
  // One entry per cell: a second one would silently overwrite the first.
  j = position_json(g, army, 0, {{"e5", "prophet"}, {"e5", "summoner"}});
  CHECK(says(refusal(g, j), {"guifa position: /corpses/1/cell: ", "e5"}));
  j = position_json(g, army);
  j["summoning"] = {{"cell", "c3"}, {"left", 4}, {"beasts", 4}};
  CHECK(says(refusal(g, j), {"guifa position: /summoning/beasts: unknown field"}));
}

TEST_CASE(
    "positions: a seat with more of a kind than the game can ever produce is refused, naming seat and kind") {
  const Guifa g = make(2);
  const std::vector<P> base = {{"e1", 'Z', 0}, {"e9", 'Z', 1}};
  auto with = [&](std::vector<P> extra, const std::vector<Corpse>& corpses = {}) {
    auto all = base;
    all.insert(all.end(), extra.begin(), extra.end());
    return position_json(g, all, 0, corpses);
  };
  // Two players: one prophet each; seat 0 may hold both (its own and the other's, revived).
  CHECK(refusal(g, with({{"a1", 'P', 0}, {"b1", 'P', 0, 0, false, true}})).empty());
  CHECK(says(refusal(g, with({{"a1", 'P', 0}, {"b1", 'P', 0}, {"c1", 'P', 0}})), {"seat 0", "3 prophet"}));
  // Nor two on one seat and one on the other, nor a corpse beyond the bodies there are.
  CHECK(says(refusal(g, with({{"a1", 'P', 0}, {"b1", 'P', 0}, {"a9", 'P', 1}})), {"prophet"}));
  CHECK(
      says(refusal(g, with({{"a1", 'P', 0}, {"b1", 'P', 1}}, {{"e5", "prophet"}})), {"prophet", "corpses"}));
  // Forty extra pieces: elementalists beyond the bound, beasts beyond a summoner's four.
  std::vector<P> forty;
  for (int i = 0; i < 40; ++i)
    forty.push_back({std::string(1, char('a' + i % 9)) + std::to_string(2 + i / 9), 'E', 1});
  CHECK(says(refusal(g, with(forty)), {"seat 1", "40 elementalist"}));
  std::vector<P> beasts = {{"e5", 'S', 0}};
  for (const char* c : {"d4", "d5", "d6", "e4", "e6"}) beasts.push_back({c, 'B', 0, 3});
  CHECK(says(refusal(g, with(beasts)), {"seat 0", "5 beasts"}));
  beasts.pop_back();
  CHECK(refusal(g, with(beasts)).empty());
  // A clone needs its master on the centre, and there is only one centre.
  CHECK(refusal(g, with({{"e5", 'H', 0}, {"a5", 'H', 0, 3, true}})).empty());
  CHECK(says(refusal(g, with({{"e4", 'H', 0}, {"a5", 'H', 0, 3, true}})), {"clone", "seat 0"}));
  CHECK(says(refusal(g, with({{"e5", 'H', 0}, {"a5", 'H', 0, 3, true}, {"a6", 'H', 0, 3, true}})),
             {"seat 0", "2 clones"}));
}

TEST_CASE("positions: integers are range-checked as 64-bit values, never wrapped") {
  const Guifa g = make(2);
  auto j = position_json(g, {{"e1", 'Z', 0}, {"e9", 'Z', 1}});
  j["size"] = 4294967305ULL;  // 2^32 + 9: 9 once narrowed to 32 bits
  CHECK(says(refusal(g, j), {"guifa position: /size: expected an integer in [9, 15], got 4294967305"}));
  j = position_json(g, {{"e1", 'Z', 0}, {"e9", 'Z', 1}});
  j["pieces"][1]["owner"] = 18446744073709551615ULL;  // -1 as a signed 64-bit value
  CHECK(says(refusal(g, j),
             {"guifa position: /pieces/1/owner: expected an integer in [0, 1], got 18446744073709551615"}));
  j = position_json(g, {{"e1", 'Z', 0}, {"e9", 'Z', 1}});
  j["pieces"][0]["id"] = 4294967297ULL;  // 1 once narrowed
  CHECK(says(refusal(g, j),
             {"guifa position: /pieces/0/id: expected an integer in [1, ", "], got 4294967297"}));
}

// The typed JSON field reader (engine/core/json_fields.h): every refusal names the document
// and the JSON pointer of the bad value, and says what was expected.
#include <doctest/doctest.h>

#include <string>

#include "engine/core/json_fields.h"
#include "tests/error_of.h"

using namespace qilab;
using qilab::testing::error_of;

namespace {

const nlohmann::json kDoc = nlohmann::json::parse(R"({
  "game": "checkers",
  "players": 2,
  "pieces": [{"hp": 3}, {"hp": 12}, {"hp": 1}, {"hp": "x"}],
  "winner": null,
  "a/b~c": true
})");

}  // namespace

TEST_CASE("required and optional fields, with their JSON pointers") {
  const JsonField root(kDoc, "position.json");
  CHECK(root["players"].int_in(2, 6) == 2);
  CHECK(root["pieces"][1]["hp"].path() == "/pieces/1/hp");
  CHECK(root["pieces"][2]["hp"].int_in(1, 12) == 1);
  CHECK(root["winner"].is_null());
  CHECK(root.find("moves") == std::nullopt);
  CHECK(root.find("players")->int_in(0, 9) == 2);
  CHECK(root.has("game"));
  CHECK_FALSE(root.has("moves"));
  CHECK(error_of([&] { root["moves"]; }) == "position.json: /moves: missing");
  CHECK(error_of([&] { root["pieces"][0]["id"]; }) == "position.json: /pieces/0/id: missing");
  // Keys are written as JSON pointer tokens.
  CHECK(root["a/b~c"].path() == "/a~1b~0c");
  CHECK(root["a/b~c"].boolean());
}

TEST_CASE("integer ranges are checked on the 64-bit value before any narrowing") {
  const JsonField root(kDoc, "position.json");
  CHECK(error_of([&] { root["pieces"][3]["hp"].int_in(1, 12); }) ==
        "position.json: /pieces/3/hp: expected an integer in [1, 12], got \"x\"");
  CHECK(error_of([&] { root["pieces"][1]["hp"].int_in(1, 11); }) ==
        "position.json: /pieces/1/hp: expected an integer in [1, 11], got 12");
  const nlohmann::json big = {{"n", 4294967298ll}, {"u", 18446744073709551615ull}, {"f", 1.5}, {"m", -1}};
  const JsonField b(big, "p");
  CHECK(error_of([&] { b["n"].int_in(0, 3); }) == "p: /n: expected an integer in [0, 3], got 4294967298");
  CHECK(error_of([&] { b["u"].integer(-1, 5); }) ==
        "p: /u: expected an integer in [-1, 5], got 18446744073709551615");
  CHECK(error_of([&] { b["f"].integer(0, 5); }) == "p: /f: expected an integer in [0, 5], got 1.5");
  CHECK(b["m"].integer(-1, 5) == -1);
  CHECK(error_of([&] { b["f"].int_in(0, 5, "hp"); }) == "p: /f: expected hp, an integer in [0, 5], got 1.5");
  CHECK(error_of([&] { b["f"].boolean("stunned"); }) == "p: /f: expected stunned, true or false, got 1.5");
  CHECK(b["n"].integer(0, INT64_MAX) == 4294967298ll);
}

TEST_CASE("objects take only their own keys; arrays have their sizes") {
  const JsonField root(kDoc, "position.json");
  CHECK_NOTHROW(root.object({"game", "players", "pieces", "winner", "a/b~c"}));
  CHECK(error_of([&] {
          root.object({"game", "players", "pieces", "winner"});
        }) == "position.json: /a~1b~0c: unknown field (expected one of game, players, pieces, winner)");
  CHECK(error_of([&] { root["pieces"][0].object({"id"}); }) ==
        "position.json: /pieces/0/hp: unknown field (expected id)");
  CHECK(error_of([&] { root["players"].object(); }) == "position.json: /players: expected an object, got 2");
  CHECK(error_of([&] { JsonField(nlohmann::json(3), "position.json").object(); }) ==
        "position.json: expected an object, got 3");
  CHECK(root["pieces"].array() == 4);
  CHECK(root["pieces"].array(4) == 4);
  CHECK(root["pieces"].array(1, 6) == 4);
  CHECK(error_of([&] { root["pieces"].array(6); }) ==
        "position.json: /pieces: expected an array of 6 entries, got 4");
  CHECK(error_of([&] { root["pieces"].array(5, 9); }) ==
        "position.json: /pieces: expected an array of 5 to 9 entries, got 4");
  CHECK(error_of([&] { root["game"].array(); }) ==
        "position.json: /game: expected an array, got \"checkers\"");
  CHECK(error_of([&] { root["pieces"][4]; }) ==
        "position.json: /pieces: expected an array of more than 4 entries, got 4");
}

TEST_CASE("strings, booleans, choices and fixed values") {
  const JsonField root(kDoc, "position.json");
  CHECK(root["game"].string() == "checkers");
  CHECK(root["game"].one_of({"guifa", "checkers"}) == 1);
  CHECK(error_of([&] {
          root["game"].one_of({"guifa", "junqi"});
        }) == "position.json: /game: expected one of guifa, junqi, got \"checkers\"");
  CHECK(error_of([&] { root["players"].string(); }) == "position.json: /players: expected a string, got 2");
  CHECK(error_of([&] { root["players"].boolean(); }) ==
        "position.json: /players: expected true or false, got 2");
  CHECK_NOTHROW(root["game"].expect("checkers"));
  CHECK(error_of([&] { root["game"].expect("guifa"); }) ==
        "position.json: /game: expected \"guifa\", got \"checkers\"");
  // A long bad value is echoed short.
  const nlohmann::json long_text = {{"s", std::string(500, 'x')}};
  CHECK(error_of([&] { JsonField(long_text, "p")["s"].int_in(0, 1); }).size() < 120);
}

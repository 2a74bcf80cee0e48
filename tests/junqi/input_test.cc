// Bad input: layouts, placements, positions, boards and options are refused with one short
// line that says what is wrong and where (docs/rules/junqi.md, "Options", "Positions",
// "Board files", "Deployment").
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "engine/core/error.h"
#include "engine/junqi/deployment.h"
#include "engine/junqi/echo.h"
#include "helpers.h"
#include "tests/error_of.h"

using namespace junqi_test;

namespace {

const auto refusal = [](auto&& f) { return qilab::testing::error_of(f); };

nlohmann::json board_json(const char* name) {
  std::ifstream in(default_board_path(name));
  return nlohmann::json::parse(in);
}

}  // namespace

TEST_CASE("a layout of the wrong length is refused as a layout, with its length and the expected one") {
  // One place short in the last row: 34 characters, not a missing file or name.
  const std::string why = refusal([] {
    make<Junqi4>({{"deployments", "98776/B+B+6/55+44/3+3+3/MMM22/2F11"}});
  });
  CAPTURE(why);
  CHECK(why.find("option 'deployments', seat 0") != std::string::npos);
  CHECK(why.find("34 characters long, expected 35") != std::string::npos);
  CHECK(why.find("29 places in 6 rows, expected 30 in 6 rows of 5 (row 5 has 4)") != std::string::npos);
  CHECK(why.find("cannot open") == std::string::npos);
  // Seven rows, the right length for nothing.
  const std::string rows = refusal([] {
    make<Junqi4>({{"deployments", ",98776/B+B+6/55+44/3+3+3/MMM22/2F111/11111"}});
  });
  CHECK(rows.find("seat 1") != std::string::npos);
  CHECK(rows.find("41 characters long, expected 35") != std::string::npos);
  CHECK(rows.find("35 places in 7 rows") != std::string::npos);
  // A name that is neither a layout nor a name.
  CHECK(refusal([] {
          make<Junqi4>({{"deployments", "front heavy"}});
        }).find("neither a layout") != std::string::npos);
  // A layout of the right shape that breaks a setup rule names the rule, row and column.
  CHECK(refusal([] {
          make<Junqi4>({{"deployments", "M8776/B+B+6/55+44/3+3+3/9MM22/2F111"}});
        }).find("row 0 col 0: mines go in the last two rows (地雷只能放在最后两行)") != std::string::npos);
}

TEST_CASE("a refused single placement names the setup rule it breaks") {
  auto g = make<Junqi4>();
  State s = g.initial_state();
  // The flag is placed first: 军棋只能放在司令部.
  CHECK(refusal([&] {
          s.string_to_action("F@a0r0c0");
        }).find("the flag goes in a headquarters (军棋只能放在司令部)") != std::string::npos);
  CHECK(refusal([&] { s.string_to_action("@a0r4c2"); }).find("the flag goes in a headquarters") !=
        std::string::npos);
  CHECK(refusal([&] { s.string_to_action("@a0r1c1"); }).find("a0r1c1 is a camp") != std::string::npos);
  CHECK(refusal([&] { s.string_to_action("@a1r5c1"); }).find("not in seat 0's army") != std::string::npos);
  s.apply(s.string_to_action("F@a0r5c1"));
  CHECK(refusal([&] { s.string_to_action("@a0r5c1"); }).find("a0r5c1 already holds a piece") !=
        std::string::npos);
  // Then the mines: 地雷只能放在最后两行.
  CHECK(refusal([&] {
          s.string_to_action("M@a0r3c0");
        }).find("mines go in the last two rows (地雷只能放在最后两行)") != std::string::npos);
  for (const char* post : {"a0r4c0", "a0r4c1", "a0r4c2"})
    s.apply(s.string_to_action(std::string("M@") + post));
  // Then the bombs: 炸弹不能放在第一行.
  CHECK(refusal([&] {
          s.string_to_action("B@a0r0c0");
        }).find("no bomb in the front row (炸弹不能放在第一行)") != std::string::npos);
  CHECK(s.is_legal(s.string_to_action("B@a0r1c0")));
  CHECK(refusal([&] { s.string_to_action("B@a0r1c0"); }).empty());
  // The same placement by number is illegal too.
  CHECK_FALSE(s.is_legal(s.place_action(s.board().find("a0r0c0"))));
  CHECK(s.placement_refusal(s.board().find("a0r0c0")).find("front row") != std::string::npos);
}

TEST_CASE("positions: an unknown field inside pieces[i] is refused, naming its JSON path") {
  auto g = make<Junqi4>();
  const State s = deployed(g.initial_state());
  nlohmann::json j = s.to_json();
  j["pieces"][3]["colour"] = "red";
  const std::string why = refusal([&] { g.state_from_json(j); });
  CHECK(why.find(" position: /pieces/3/colour: unknown field (expected one of kind, post, evidence)") !=
        std::string::npos);
  j["pieces"][3].erase("colour");
  CHECK_NOTHROW(g.state_from_json(j));
}

TEST_CASE("boards: unknown fields at any level are refused, naming the path") {
  const nlohmann::json good = board_json("junqi4");
  auto parse = [](const nlohmann::json& j) { return refusal([&] { parse_board(j, "test.json"); }); };
  auto j = good;
  j["nodes"][7]["colour"] = "red";
  CHECK(parse(j).find("test.json: nodes[7]: unknown field \"colour\"") != std::string::npos);
  j = good;
  j["rails"][2]["speed"] = 3;
  CHECK(parse(j).find("test.json: rails[2]: unknown field \"speed\"") != std::string::npos);
  j = good;
  j["author"] = "me";
  CHECK(parse(j).find("test.json: unknown field \"author\"") != std::string::npos);
}

TEST_CASE("a bad value is echoed as a short prefix, never whole") {
  CHECK(echo(std::string(10, 'x')) == std::string(10, 'x'));
  CHECK(echo(std::string(100, 'x')) == std::string(kEchoChars, 'x') + "...");
  CHECK(echo("军" + std::string(100, 'x')).size() <= kEchoChars + 3);
  auto g = make<Junqi4>();
  nlohmann::json j = deployed(g.initial_state()).to_json();
  // A 5-million-element array where an integer belongs.
  j["current"] = nlohmann::json(std::vector<int>(5'000'000, 7));
  const std::string why = refusal([&] { g.state_from_json(j); });
  CAPTURE(why.substr(0, 300));
  CHECK(why.find(" position: /current: expected an integer in [0, 3], got [7,7,7") != std::string::npos);
  CHECK(why.size() < 200);
  // A huge unknown post id, a huge layout, a huge mode.
  j = deployed(g.initial_state()).to_json();
  j["last"] = {std::string(1'000'000, 'a'), "a0r0c0"};
  CHECK(refusal([&] { g.state_from_json(j); }).size() < 200);
  CHECK(refusal([] { make<Junqi4>({{"deployments", std::string(1'000'000, '1') + "/"}}); }).size() < 300);
  CHECK(refusal([] { make<Junqi4>({{"mode", std::string(1'000'000, 'm')}}); }).size() < 200);
  const State s = g.initial_state();
  CHECK(refusal([&] { s.string_to_action(std::string(1'000'000, 'z')); }).size() < 300);
}

TEST_CASE("the board option: a board of another army count, or a directory, is refused naming the option") {
  const std::string six = refusal([] { make<Junqi4>({{"board", default_board_path("junqi6")}}); });
  CAPTURE(six);
  CHECK(six.find("junqi4: option 'board'") != std::string::npos);
  CHECK(six.find("a board of 6 armies, junqi4 expects 4") != std::string::npos);
  CHECK(refusal([] {
          make<Junqi6>({{"board", default_board_path("junqi4")}});
        }).find("a board of 4 armies, junqi6 expects 6") != std::string::npos);
  const std::string dir = std::filesystem::path(default_board_path("junqi4")).parent_path().string();
  const std::string why = refusal([&] { make<Junqi4>({{"board", dir}}); });
  CAPTURE(why);
  CHECK(why.find("junqi4: option 'board'") != std::string::npos);
  CHECK(why.find("found a directory") != std::string::npos);
  CHECK(refusal([] {
          make<Junqi4>({{"board", "/nonexistent.json"}});
        }).find("junqi4: option 'board'") != std::string::npos);
}

TEST_CASE("integers are range-checked as 64-bit values before narrowing: never wrapped") {
  // Board: 2^64 - 1 read as a signed integer is -1, the centre's army; 2^32 + 2 as a 32-bit one is 2.
  auto j = board_json("junqi4");
  j["nodes"][0]["army"] = 18446744073709551615ull;
  std::string why = refusal([&] { parse_board(j, "test.json"); });
  CHECK(why.find("nodes[0]: field 'army': expected an integer in [-1, 3], got 18446744073709551615") !=
        std::string::npos);
  j = board_json("junqi4");
  j["nodes"][0]["row"] = 4294967298ull;
  CHECK(refusal([&] { parse_board(j, "test.json"); }).find("got 4294967298") != std::string::npos);
  // Positions.
  auto g = make<Junqi4>();
  nlohmann::json p = deployed(g.initial_state()).to_json();
  p["current"] = 4294967298ull;
  CHECK(refusal([&] {
          g.state_from_json(p);
        }).find(" position: /current: expected an integer in [0, 3], got 4294967298") != std::string::npos);
  p["current"] = 18446744073709551615ull;
  CHECK(refusal([&] {
          g.state_from_json(p);
        }).find(" position: /current: expected an integer in [0, 3], got 18446744073709551615") !=
        std::string::npos);
  // Options.
  CHECK(refusal([] {
          make<Junqi4>({{"max_moves", "4294967298"}});
        }).find("option 'max_moves' expects an integer 0 to 1000000, got 4294967298") != std::string::npos);
  CHECK(refusal([] {
          make<Junqi4>({{"resign_after", "-4294967297"}});
        }).find("option 'resign_after'") != std::string::npos);
}

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <limits>

#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/registry.h"

using namespace qilab;

namespace {
std::vector<OptionSpec> specs() {
  return {{"players", std::int64_t{6}, ""},
          {"open", true, ""},
          {"rate", 0.5, ""},
          {"layout", std::string("mixed"), ""}};
}
std::string temp_file(const std::string& name, const std::string& text) {
  auto path = std::filesystem::temp_directory_path() / ("qilab_test_" + name);
  std::ofstream(path) << text;
  return path.string();
}
}  // namespace

TEST_CASE("options: defaults, typed text overrides") {
  Options o(specs());
  CHECK(o.get_int("players") == 6);
  o.set_from_text("players", "4", "test");
  o.set_from_text("open", "false", "test");
  o.set_from_text("rate", "1.25", "test");
  o.set_from_text("layout", "melee_front", "test");
  CHECK(o.get_int("players") == 4);
  CHECK_FALSE(o.get_bool("open"));
  CHECK(o.get_double("rate") == 1.25);
  CHECK(o.get_string("layout") == "melee_front");
}

TEST_CASE("options: bad values and unknown names are errors that name the option") {
  Options o(specs());
  CHECK_THROWS_WITH_AS(o.set_from_text("players", "four", "--set"),
                       "--set: option 'players' expects an integer, got 'four'", Error);
  CHECK_THROWS_WITH_AS(o.set_from_text("open", "yes", "f.toml"),
                       "f.toml: option 'open' expects a boolean (true/false), got 'yes'", Error);
  CHECK_THROWS_WITH_AS(o.set_from_text("colour", "red", "f.toml"),
                       "f.toml: unknown option 'colour' (known: players, open, rate, layout)", Error);
  CHECK_THROWS_AS(o.set_from_json("players", nlohmann::json("6"), "f.toml"), Error);
}

TEST_CASE("options: the hash follows the values") {
  Options a(specs()), b(specs());
  CHECK(a.hash() == b.hash());
  b.set_from_text("players", "2", "t");
  CHECK(a.hash() != b.hash());
  CHECK(a.hash().size() == 16);
}

TEST_CASE("game config files: read, resolve, reject malformed") {
  auto good = temp_file("good.toml", "game = \"checkers\"\n[options]\nplayers = 3\n");
  GameConfig c = read_game_config(good);
  CHECK(c.game == "checkers");
  Options o = resolve_options(checkers::Checkers::option_specs(), c, {"max_turns=50"});
  CHECK(o.get_int("players") == 3);
  CHECK(o.get_int("max_turns") == 50);

  auto broken = temp_file("broken.toml", "game = \"checkers\"\n[options\nplayers = 3\n");
  CHECK_THROWS_AS(read_game_config(broken), Error);
  try {
    read_game_config(broken);
  } catch (const Error& e) {
    CHECK(std::string(e.what()).find(broken) == 0);
    CHECK(std::string(e.what()).find('\n') == std::string::npos);
    CHECK(std::string(e.what()).find("malformed TOML (line 2)") != std::string::npos);
  }
  auto wrong_type = temp_file("wrong.toml", "game = \"checkers\"\n[options]\nplayers = \"six\"\n");
  CHECK_THROWS_WITH_AS(make_any_game(read_game_config(wrong_type)),
                       (wrong_type + ": option 'players' expects an integer, got \"six\"").c_str(), Error);
  auto no_game = temp_file("nogame.toml", "[options]\nplayers = 3\n");
  CHECK_THROWS_WITH_AS(read_game_config(no_game), (no_game + ": missing field 'game' (a game id)").c_str(),
                       Error);
  CHECK_THROWS_AS(read_game_config("/nonexistent/x.toml"), Error);
  CHECK_THROWS_WITH_AS(resolve_options(checkers::Checkers::option_specs(), c, {"max_turns"}),
                       "override 'max_turns': expected key=value, got 'max_turns'", Error);
}

TEST_CASE("registry: games by id, unknown ids and bad option values rejected") {
  CHECK(find_game("checkers").name.find("checkers") != std::string::npos);
  try {
    find_game("chess");
    FAIL("expected an error");
  } catch (const Error& e) {
    CHECK(std::string(e.what()).rfind("unknown game 'chess' (known: checkers", 0) == 0);
  }
  auto g = make_any_game(default_config("checkers"), {"players=2"});
  CHECK(g->num_players() == 2);
  CHECK(g->num_distinct_actions() == 727);
  CHECK_THROWS_AS(make_any_game(default_config("checkers"), {"players=5"}), Error);
}

TEST_CASE("atomic writes replace the whole file") {
  auto path = (std::filesystem::temp_directory_path() / "qilab_atomic.json").string();
  write_file_atomically(path, "first");
  write_file_atomically(path, "second");
  std::ifstream in(path);
  std::string s;
  in >> s;
  CHECK(s == "second");
  CHECK_FALSE(std::filesystem::exists(path + ".tmp"));
}

TEST_CASE("options: declared ranges and choices, one error format for every source") {
  const std::vector<OptionSpec> declared = {
      int_option("players", 6, 2, 6, ""),   number_option("rate", 0.5, 0, 1, ""),
      number_above("temp", 1.0, 0, 10, ""), choice_option("layout", "mixed", {"mixed", "front"}, ""),
      {"free", std::string("x"), ""},       {"count", std::int64_t{0}, ""}};
  Options o(declared);
  CHECK_THROWS_WITH_AS(o.set_from_text("players", "4294967298", "--set"),
                       "--set: option 'players' expects an integer 2 to 6, got 4294967298", Error);
  CHECK_THROWS_WITH_AS(o.set_from_text("players", "99999999999999999999", "--set"),
                       "--set: option 'players' expects an integer 2 to 6, got 99999999999999999999", Error);
  CHECK_THROWS_WITH_AS(o.set_from_json("players", nlohmann::json(4294967298ll), "f.toml"),
                       "f.toml: option 'players' expects an integer 2 to 6, got 4294967298", Error);
  CHECK_THROWS_WITH_AS(o.set_from_json("players", nlohmann::json(18446744073709551615ull), "f.toml"),
                       "f.toml: option 'players' expects an integer 2 to 6, got 18446744073709551615", Error);
  CHECK_THROWS_WITH_AS(o.set_from_text("count", "99999999999999999999", "--set"),
                       "--set: option 'count' expects an integer, got 99999999999999999999", Error);
  for (const char* text : {"nan", "inf", "-inf", "infinity", "1e999", "2"}) {
    CAPTURE(text);
    CHECK_THROWS_WITH_AS(o.set_from_text("rate", text, "--set"),
                         ("--set: option 'rate' expects a number 0 to 1, got " + std::string(text)).c_str(),
                         Error);
  }
  CHECK_THROWS_WITH_AS(
      o.set_from_json("rate", nlohmann::json(std::numeric_limits<double>::infinity()), "f.toml"),
      "f.toml: option 'rate' expects a number 0 to 1, got inf", Error);
  CHECK_THROWS_WITH_AS(o.set_from_text("temp", "0", "agent"),
                       "agent: option 'temp' expects a number > 0 and <= 10, got 0", Error);
  CHECK_THROWS_WITH_AS(o.set_from_text("layout", "back", "--set"),
                       "--set: option 'layout' expects one of mixed, front, got 'back'", Error);
  CHECK_THROWS_WITH_AS(o.set_from_json("layout", nlohmann::json("back"), "f.toml"),
                       "f.toml: option 'layout' expects one of mixed, front, got \"back\"", Error);
  o.set_from_text("players", "2", "--set");
  o.set_from_text("rate", "1", "--set");
  o.set_from_text("temp", "0.001", "--set");
  o.set_from_text("layout", "front", "--set");
  o.set_from_text("free", "anything", "--set");
  o.set_from_text("count", "-9223372036854775808", "--set");
  CHECK(o.get_int("players") == 2);
  CHECK(o.get_double("rate") == 1);
  CHECK(o.get_string("layout") == "front");
  CHECK(o.get_int("count") == std::numeric_limits<std::int64_t>::min());
}

TEST_CASE("options: sets of integers, a choice or a number, a pattern") {
  Options o({int_choice_option("players", 6, {2, 3, 4, 6}, ""),
             choice_or_number_option("fpu", "auto", {"auto", "parent"}, -1, 1, ""),
             pattern_option("patch", "FEWAEW", "[FEWA]{6}", "6 letters from F, E, W, A", "")});
  CHECK_THROWS_WITH_AS(o.set_from_text("players", "5", "--set"),
                       "--set: option 'players' expects one of 2, 3, 4, 6, got 5", Error);
  CHECK_THROWS_WITH_AS(o.set_from_json("players", nlohmann::json(7), "f.toml"),
                       "f.toml: option 'players' expects one of 2, 3, 4, 6, got 7", Error);
  for (const char* text : {"nan", "inf", "1e999", "2", "-1.5", "0.5x", "", "Auto"}) {
    CAPTURE(text);
    CHECK_THROWS_WITH_AS(o.set_from_text("fpu", text, "agent"),
                         ("agent: option 'fpu' expects one of auto, parent or a number -1 to 1, got '" +
                          std::string(text) + "'")
                             .c_str(),
                         Error);
  }
  for (const char* text : {"FEWAE", "FEWAEWF", "fewaew", "FEWAEX", " FEWAEW"}) {
    CAPTURE(text);
    CHECK_THROWS_WITH_AS(
        o.set_from_text("patch", text, "--set"),
        ("--set: option 'patch' expects 6 letters from F, E, W, A, got '" + std::string(text) + "'").c_str(),
        Error);
  }
  o.set_from_text("players", "3", "--set");
  o.set_from_text("fpu", "-0.25", "--set");
  o.set_from_text("patch", "AAWWEF", "--set");
  CHECK(o.get_int("players") == 3);
  CHECK(o.get_string("fpu") == "-0.25");
  CHECK(option_number(o.get_string("fpu")) == -0.25);
  CHECK(o.get_string("patch") == "AAWWEF");
  o.set_from_text("fpu", "parent", "--set");
  CHECK(o.get_string("fpu") == "parent");
  CHECK_FALSE(option_number("parent").has_value());
}

TEST_CASE("options: every game option declares what it allows, and its default is allowed") {
  std::vector<std::pair<std::string, std::vector<OptionSpec>>> all;
  for (const GameInfo& g : game_infos()) all.emplace_back(g.id, g.specs);
  for (const auto& [owner, specs] : all)
    for (const OptionSpec& s : specs) {
      CAPTURE(owner);
      CAPTURE(s.name);
      CHECK(option_allows(s, s.default_value));
      // Integers and numbers are narrowed or used as budgets: each states its range.
      if (s.default_value.index() == 1) CHECK(s.expects() != "an integer");
      if (s.default_value.index() == 2) CHECK(s.expects() != "a finite number");
    }
}

TEST_CASE("checkers positions: visited cells are checked on the 64-bit value") {
  const checkers::Checkers game(
      resolve_options(checkers::Checkers::option_specs(), default_config("checkers"), {"players=2"}));
  // Play until a piece is in the middle of a hop chain; its position lists the visited cells.
  Rng rng(1);
  auto s = game.initial_state();
  ActionList legal;
  nlohmann::json j;
  for (int i = 0; i < 100000 && !s.is_terminal(); ++i) {
    j = s.to_json();
    if (!j["hop_from"].is_null()) break;
    s.legal_actions(legal);
    s.apply(legal[static_cast<int>(rng.below(legal.size()))]);
  }
  REQUIRE_FALSE(j["hop_from"].is_null());
  CHECK_NOTHROW(game.state_from_json(j));
  // hop_from + 2^32 would read as hop_from if cut to 32 bits.
  j["visited"][0] = j["visited"][0].get<std::int64_t>() + 4294967296ll;
  const std::string wide =
      "checkers position: /visited/0: expected an integer in [0, 120], got " + j["visited"][0].dump();
  CHECK_THROWS_WITH_AS(game.state_from_json(j), wide.c_str(), Error);
}

TEST_CASE("a failed atomic write leaves no temporary file, and can be foreseen") {
  const auto dir = std::filesystem::temp_directory_path() / "qilab_atomic_blocked";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "summary.json");  // a directory in the way
  const std::string path = (dir / "summary.json").string();
  CHECK_THROWS_WITH_AS(check_atomic_write(path),
                       (path + ": cannot write (a directory is in the way)").c_str(), Error);
  const std::string rename_error = path + ": cannot rename into place";
  CHECK_THROWS_WITH_AS(write_file_atomically(path, "{}"), doctest::Contains(rename_error.c_str()), Error);
  CHECK_FALSE(std::filesystem::exists(path + ".tmp"));
  const std::string fine = (dir / "other.json").string();
  CHECK_NOTHROW(check_atomic_write(fine));
  CHECK_FALSE(std::filesystem::exists(fine + ".tmp"));  // the probe is taken back
  CHECK_FALSE(std::filesystem::exists(fine));
}

TEST_CASE("files that cannot be read are named with the reason") {
  const auto dir = std::filesystem::temp_directory_path();
  CHECK_THROWS_WITH_AS(read_text_file(dir.string(), "board file"),
                       (dir.string() + ": board file expected, found a directory").c_str(), Error);
  CHECK_THROWS_WITH_AS(read_text_file("/nonexistent/b.json", "board file"),
                       "/nonexistent/b.json: no such board file", Error);
  const std::string long_name = "/tmp/" + std::string(300, 'a');
  CHECK_THROWS_WITH_AS(read_game_config(long_name),
                       (long_name + ": cannot read config file (File name too long)").c_str(), Error);
  CHECK(read_text_file(temp_file("text.txt", "abc\n"), "text") == "abc\n");
}

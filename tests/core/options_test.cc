#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/registry.h"

using namespace qilab;

namespace {
std::vector<OptionSpec> specs() {
  return {{"players", std::int64_t{6}, ""}, {"open", true, ""}, {"rate", 0.5, ""}, {"layout", std::string("mixed"), ""}};
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
  CHECK_THROWS_WITH_AS(read_game_config(no_game), (no_game + ": missing field 'game' (a game id)").c_str(), Error);
  CHECK_THROWS_AS(read_game_config("/nonexistent/x.toml"), Error);
  CHECK_THROWS_WITH_AS(resolve_options(checkers::Checkers::option_specs(), c, {"max_turns"}),
                       "override 'max_turns': expected key=value", Error);
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

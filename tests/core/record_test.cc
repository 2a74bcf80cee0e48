#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "engine/core/error.h"
#include "engine/core/record.h"

using namespace qilab;

namespace {
GameRecord sample(int index) {
  GameRecord r;
  r.index = index;
  r.game = "checkers";
  r.options = {{"players", 2}};
  r.config_hash = "abc";
  r.seed = 9;
  r.agents = {"random", "greedy"};
  r.actions = {1, 2, 726};
  r.notation = {"0->1", "1=>3", "Pass"};
  r.returns = {1, -1};
  return r;
}
}  // namespace

TEST_CASE("records round-trip through JSON Lines") {
  auto path = (std::filesystem::temp_directory_path() / "qilab_records.jsonl").string();
  std::filesystem::remove(path);
  {
    RecordWriter w(path);
    w.write(sample(0));
    w.write(sample(1));
  }
  auto back = read_records(path);
  REQUIRE(back.size() == 2);
  CHECK(back[1].index == 1);
  CHECK(back[0].actions == std::vector<Action>{1, 2, 726});
  CHECK(back[0].to_json() == sample(0).to_json());
}

TEST_CASE("a torn last line is ignored on read and trimmed on reopen") {
  auto path = (std::filesystem::temp_directory_path() / "qilab_torn.jsonl").string();
  std::filesystem::remove(path);
  {
    RecordWriter w(path);
    w.write(sample(0));
  }
  {
    std::ofstream out(path, std::ios::app);
    out << "{\"index\": 1, \"game\": \"chec";  // a crash in mid-write
  }
  CHECK(read_records(path).size() == 1);
  {
    RecordWriter w(path);
    w.write(sample(1));
  }
  auto back = read_records(path);
  REQUIRE(back.size() == 2);
  CHECK(back[1].index == 1);
}

TEST_CASE("a malformed record names the file and line") {
  auto path = (std::filesystem::temp_directory_path() / "qilab_bad.jsonl").string();
  {
    std::ofstream out(path);
    out << sample(0).to_json().dump() << "\n"
        << "{not json}\n";
  }
  try {
    read_records(path);
    FAIL("expected an error");
  } catch (const Error& e) {
    CHECK(std::string(e.what()).rfind(path + ":2: malformed JSON", 0) == 0);
  }
  {
    std::ofstream out(path);
    out << "{\"index\": 0}\n";
  }
  CHECK_THROWS_WITH_AS(read_records(path), (path + ":1: missing field 'game'").c_str(), Error);
}

TEST_CASE("a record field of the wrong type or range is named, not cut or wrapped") {
  auto path = (std::filesystem::temp_directory_path() / "qilab_fields.jsonl").string();
  auto error_with = [&](const std::string& field, const nlohmann::json& value) {
    nlohmann::json j = sample(0).to_json();
    j[field] = value;
    std::ofstream(path, std::ios::trunc) << j.dump() << "\n";
    try {
      read_records(path);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error_with("agents", "random") ==
        path + ":1: field 'agents' expects an array of strings, got \"random\"");
  CHECK(error_with("agents", {"random", 3}) == path + ":1: field 'agents[1]' expects a string, got 3");
  CHECK(error_with("seed", -1) ==
        path + ":1: field 'seed' expects an integer 0 to 18446744073709551615, got -1");
  CHECK(error_with("index", "0") == path + ":1: field 'index' expects an integer >= 0, got \"0\"");
  CHECK(error_with("actions", {1, 4294967296ll}) ==
        path + ":1: field 'actions[1]' expects an action id >= 0, got 4294967296");
  CHECK(error_with("returns", {1, "x"}) == path + ":1: field 'returns[1]' expects a number, got \"x\"");
  CHECK(error_with("game", 7) == path + ":1: field 'game' expects a string, got 7");
  // The largest seed reads back exactly.
  CHECK(error_with("seed", 18446744073709551615ull) == "no error");
  CHECK(read_records(path)[0].seed == 18446744073709551615ull);
}

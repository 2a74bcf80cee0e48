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
    out << sample(0).to_json().dump() << "\n" << "{not json}\n";
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

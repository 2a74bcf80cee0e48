// qilab stats and qilab ratings end to end: play a run, then read it back.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/cli/run_qilab.h"

namespace fs = std::filesystem;
using namespace cli_test;

namespace {

// A run of 6 two-player checkers games, played once for every test.
const fs::path& run_dir() {
  static const fs::path dir = [] {
    const fs::path out = scratch() / "run";
    const auto r = qilab(
        "play --game configs/games/checkers-2p.toml --set max_turns=40 --agents random,greedy "
        "--games 6 --seed 5 --out '" +
        out.string() + "'");
    REQUIRE_MESSAGE(r.code == 0, r.err);
    return out;
  }();
  return dir;
}

}  // namespace

TEST_CASE("stats reads back what play wrote") {
  const auto r = qilab("stats '" + run_dir().string() + "' --json");
  REQUIRE_MESSAGE(r.code == 0, r.err);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["records"] == 6);
  REQUIRE(j["games"].size() == 1);
  const auto& g = j["games"][0];
  CHECK(g["game"] == "checkers");
  const auto& v = g["variants"][0];
  CHECK(v["records"] == 6);
  CHECK(v["traced"] == 6);
  CHECK(v["options"]["max_turns"] == 40);
  const auto& t = v["tables"];
  CHECK(t["games"] == 6);
  CHECK(t["balance"]["by_seat"].size() == 2);
  CHECK(t["balance"]["by_agent"].size() == 2);
  CHECK(t["outcome_metrics"]["branching_factor"]["value"].get<double>() > 1.0);
  CHECK(t["outcome_metrics"]["duration"]["games"] == 6);
  // Every game has an ending, and the game's own analysis counts 6 games.
  std::int64_t ended = 0;
  for (const auto& [kind, rate] : g["analysis"]["endings"].items())
    ended += rate["count"].get<std::int64_t>();
  CHECK(ended == 6);
  CHECK(g["analysis"]["games"] == 6);
  // The summary play wrote and stats agree on the seat table.
  const auto summary = nlohmann::json::parse(slurp(run_dir() / "summary.json"));
  CHECK(summary["by_seat"] == t["balance"]["by_seat"]);

  const auto text = qilab("stats '" + run_dir().string() + "'");
  REQUIRE(text.code == 0);
  CHECK(text.out.find("seat equality: chi-square") != std::string::npos);
  CHECK(text.out.find("outcome metrics (Ludii)") != std::string::npos);
  CHECK(text.out.find("checkers analysis (6 games)") != std::string::npos);
}

TEST_CASE("ratings reads back what play wrote") {
  const auto r = qilab("ratings '" + run_dir().string() + "' --json");
  REQUIRE_MESSAGE(r.code == 0, r.err);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["records"] == 6);
  const auto& g = j["games"][0];
  CHECK(g["game"] == "checkers");
  CHECK(g["agents"].size() == 2);
  CHECK(g["bradley_terry"]["games"] == 6);
  CHECK(g["plackett_luce"].is_null());  // two sides only
  const auto text = qilab("ratings '" + run_dir().string() + "'");
  CHECK(text.code == 0);
  CHECK(text.out.find("Bradley-Terry") != std::string::npos);
}

TEST_CASE("stats and ratings refuse bad input with one line, exit 2") {
  for (const char* cmd : {"stats", "ratings"}) {
    CAPTURE(cmd);
    const std::string c = cmd;
    check_bad_input(qilab(c + " '" + (scratch() / "nowhere").string() + "'"),
                    "nowhere: expected a run directory");
    const fs::path empty = scratch() / ("empty_" + c);
    fs::create_directories(empty);
    check_bad_input(qilab(c + " '" + empty.string() + "'"), "games.jsonl: no records file");
    // A line that is not a record names the file and the line.
    const fs::path broken = scratch() / ("broken_" + c);
    fs::create_directories(broken);
    std::string lines = slurp(run_dir() / "games.jsonl");
    const auto first_end = lines.find('\n');
    std::ofstream(broken / "games.jsonl") << lines.substr(0, first_end + 1) << "{\"index\": 1}\n";
    check_bad_input(qilab(c + " '" + broken.string() + "'"), "games.jsonl:2: missing field");
  }
  // A record whose action is not legal where it stands names the record and the field.
  auto record = nlohmann::json::parse(
      slurp(run_dir() / "games.jsonl").substr(0, slurp(run_dir() / "games.jsonl").find('\n')));
  record["actions"][0] = 725;
  const fs::path edited = scratch() / "edited";
  fs::create_directories(edited);
  std::ofstream(edited / "games.jsonl") << record.dump() << "\n";
  check_bad_input(qilab("stats '" + edited.string() + "'"), "record 1 (game index 0): field 'actions[0]'");
  // A record for another number of seats.
  record = nlohmann::json::parse(
      slurp(run_dir() / "games.jsonl").substr(0, slurp(run_dir() / "games.jsonl").find('\n')));
  record["returns"] = {1, -1, 0};
  std::ofstream(edited / "games.jsonl") << record.dump() << "\n";
  check_bad_input(qilab("ratings '" + edited.string() + "'"), "field 'returns' has 3 values, expected 2");
  check_bad_input(qilab("stats '" + run_dir().string() + "' --trace-games -1"), "--trace-games");
}

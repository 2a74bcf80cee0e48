// How games ended: the records' `ending` field and the `endings` count of summary.json.
#include <doctest/doctest.h>

#include <filesystem>
#include <unistd.h>

#include "engine/core/error.h"
#include "engine/core/record.h"
#include "engine/registry.h"
#include "experiments/match.h"

namespace fs = std::filesystem;
using namespace qilab;
using namespace qilab::experiments;

TEST_CASE("records carry the ending; summary.json counts the endings") {
  const fs::path dir = fs::temp_directory_path() / ("qilab_ending_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  MatchConfig c;
  c.agents = {"greedy", "random"};
  c.games = 4;
  c.seed = 3;
  c.threads = 1;
  c.out_dir = dir.string();
  // 40 turns: nobody fills a target, every game ends at the cap, adjudicated by material.
  const auto rep =
      run_match(default_config("checkers"), {"players=2", "max_turns=40", "adjudicate=material"}, c);
  const auto records = read_records((dir / "games.jsonl").string());
  REQUIRE(records.size() == 4);
  for (const auto& r : records) CHECK(r.ending == "cap");
  CHECK(rep.summary["endings"] == nlohmann::json{{"cap", 4}});
  // A resumed run counts the endings of the games it found.
  const auto again =
      run_match(default_config("checkers"), {"players=2", "max_turns=40", "adjudicate=material"}, c);
  CHECK(again.summary["endings"] == nlohmann::json{{"cap", 4}});
  fs::remove_all(dir);
}

TEST_CASE("a record's ending round-trips, is optional, and must be a string") {
  GameRecord r;
  r.game = "checkers";
  r.agents = {"random", "random"};
  r.returns = {1, -1};
  r.ending = "target";
  nlohmann::json j = r.to_json();
  CHECK(j["ending"] == "target");
  CHECK(GameRecord::from_json(j, "t").ending == "target");
  j.erase("ending");
  CHECK(GameRecord::from_json(j, "t").ending == "");
  j["ending"] = 5;
  CHECK_THROWS_WITH_AS(GameRecord::from_json(j, "games.jsonl:3"), doctest::Contains("ending"), Error);
}

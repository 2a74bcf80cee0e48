// A run's records read in passes, a batch at a time (experiments/run_records.h): `qilab stats`
// and `qilab ratings` give over batches what they give over the whole run at once, and every
// pass reads the games the first one found while the run goes on.
#include <doctest/doctest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/checkers/checkers.h"
#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/core/input.h"
#include "experiments/match.h"
#include "experiments/run_ratings.h"
#include "experiments/run_records.h"
#include "experiments/run_stats.h"
#include "experiments/tournament.h"

namespace fs = std::filesystem;
using namespace qilab;
using namespace qilab::experiments;

namespace {

std::string fresh_dir(const std::string& name) {
  const fs::path p = fs::temp_directory_path() / ("qilab_runrec_" + std::to_string(::getpid()) + "_" + name);
  fs::remove_all(p);
  return p.string();
}

checkers::Checkers short_checkers() {
  return checkers::Checkers(resolve_options(
      checkers::Checkers::option_specs(),
      read_game_config(QILAB_SOURCE_DIR "/configs/games/checkers-2p.toml"), {"max_turns=30"}));
}

// `qilab play`'s records: 13 games, random against greedy.
std::string played_run() {
  static const std::string dir = [] {
    const std::string d = fresh_dir("play");
    MatchConfig m;
    m.agents = {"random", "greedy"};
    m.games = 13;
    m.seed = 3;
    m.threads = 1;
    m.out_dir = d;
    run_match(short_checkers(), m);
    return d;
  }();
  return dir;
}

// A tournament's store: 12 games of random and greedy.
std::string tournament_run() {
  static const std::string dir = [] {
    const std::string d = fresh_dir("tour");
    const auto cfg = parse_tournament_config(
        "game = \"configs/games/checkers-2p.toml\"\nagents = [\"random\", \"greedy\"]\ngames_per_lineup = "
        "12\n"
        "seed = 4\nbatch = 5\n",
        "runrec.toml");
    run_tournament(short_checkers(), cfg, d);
    return d;
  }();
  return dir;
}

// The sizes of the batches of one pass.
std::vector<std::size_t> batch_sizes(RunRecords& run, bool moves) {
  std::vector<std::size_t> sizes;
  run.read(moves, [&](const std::vector<GameRecord>& batch) { sizes.push_back(batch.size()); });
  return sizes;
}

void sql(const std::string& db_path, const char* statement) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(db_path.c_str(), &db) == SQLITE_OK);
  const int rc = sqlite3_exec(db, statement, nullptr, nullptr, nullptr);
  sqlite3_close(db);
  REQUIRE(rc == SQLITE_OK);
}

}  // namespace

TEST_CASE("stats and ratings over batches of three games equal those over the whole run at once") {
  for (const std::string& dir : {played_run(), tournament_run()}) {
    CAPTURE(dir);
    const std::vector<GameRecord> all = load_run_records(dir);
    REQUIRE(all.size() >= 12);
    RunRecords run(dir, {3, std::size_t{64} << 20});
    // Batches of three, the last what is left; without moves the actions are not read.
    const auto sizes = batch_sizes(run, true);
    CHECK(sizes.size() == (all.size() + 2) / 3);
    for (std::size_t k = 0; k + 1 < sizes.size(); ++k) CHECK(sizes[k] == 3);
    std::size_t actions = 0;
    run.read(false, [&](const std::vector<GameRecord>& batch) {
      for (const auto& r : batch) actions += r.actions.size();
    });
    CHECK(actions == 0);
    // Five traced games spread over the batches, as over the whole run.
    StatsOptions o;
    o.trace_games = 5;
    o.source = run.source();
    const nlohmann::json batched = run_stats(run.passes(), o);
    CHECK(batched == run_stats(all, o));
    CHECK(batched["records"] == all.size());
    CHECK(batched["trace"]["games"] == 5);
    CHECK(run_ratings(run.passes(), run.source()) == run_ratings(all, run.source()));
    // A batch also ends once its moves pass the bytes given: one game a batch here.
    RunRecords one_each(dir, {1000, 1});
    CHECK(batch_sizes(one_each, true) == std::vector<std::size_t>(all.size(), 1));
    CHECK(run_stats(one_each.passes(), o) == batched);
  }
}

TEST_CASE("every pass reads the games the first pass found, whatever the run adds meanwhile") {
  SUBCASE("games.jsonl: lines written after the first pass are left to the next reader") {
    const std::string dir = fresh_dir("grow_play");
    fs::create_directories(dir);
    fs::copy_file(played_run() + "/games.jsonl", dir + "/games.jsonl");
    const std::string first_line = [&] {
      std::ifstream in(dir + "/games.jsonl");
      std::string line;
      std::getline(in, line);
      return line;
    }();
    RunRecords run(dir);
    CHECK(batch_sizes(run, false) == std::vector<std::size_t>{13});
    std::string another = first_line;  // game 0 again, as game 100
    const auto at = another.find("\"index\":0,");
    REQUIRE(at != std::string::npos);
    another.replace(at, 10, "\"index\":100,");
    std::ofstream(dir + "/games.jsonl", std::ios::app) << another << "\n" << first_line.substr(0, 20);
    CHECK(batch_sizes(run, true) == std::vector<std::size_t>{13});
    RunRecords next(dir);  // the complete line now counts; the torn one does not
    CHECK(batch_sizes(next, true) == std::vector<std::size_t>{14});
  }
  SUBCASE("tournament.db: games stored after the first pass are left to the next reader") {
    const std::string dir = fresh_dir("grow_tour");
    fs::create_directories(dir);
    fs::copy_file(tournament_run() + "/tournament.db", dir + "/tournament.db");
    RunRecords run(dir);
    CHECK(batch_sizes(run, false) == std::vector<std::size_t>{12});
    // Another game, as a tournament still running would store it while stats reads.
    sql(dir + "/tournament.db",
        "BEGIN; INSERT INTO games SELECT idx + 100, lineup, options, config_hash, length, actions, setups, "
        "program, forfeits, events, ending FROM games WHERE idx = 0; INSERT INTO seats SELECT game + 100, "
        "seat, agent, team, result, outcome, setup FROM seats WHERE game = 0; COMMIT;");
    CHECK(batch_sizes(run, true) == std::vector<std::size_t>{12});
    RunRecords next(dir);
    CHECK(batch_sizes(next, true) == std::vector<std::size_t>{13});
  }
}

TEST_CASE("a records file holding a game twice is refused, naming both lines") {
  const std::string dir = fresh_dir("twice");
  fs::create_directories(dir);
  fs::copy_file(played_run() + "/games.jsonl", dir + "/games.jsonl");
  std::string third;
  {
    std::ifstream in(dir + "/games.jsonl");
    for (int k = 0; k < 3; ++k) std::getline(in, third);
  }
  std::ofstream(dir + "/games.jsonl", std::ios::app) << third << "\n";
  RunRecords run(dir, RecordBatching{4, std::size_t{64} << 20});  // the copy in another batch
  CHECK_THROWS_WITH_AS(run.read(false, [](const std::vector<GameRecord>&) {}),
                       (dir + "/games.jsonl:14: game index 2 again (first at line 3); a run's records hold "
                              "each game once")
                           .c_str(),
                       Error);
}

TEST_CASE("stats refuses records that change between its passes") {
  const std::vector<GameRecord> all = load_run_records(played_run());
  int pass = 0;
  // The second pass (the replay) gives one game fewer than the first counted.
  const RecordPasses shrinking = [&](bool, const RecordBatch& take) {
    std::vector<GameRecord> batch = all;
    if (pass++ > 0) batch.pop_back();
    take(batch);
  };
  StatsOptions o;
  o.source = "run/games.jsonl";
  CHECK_THROWS_WITH_AS(
      run_stats(shrinking, o),
      "run/games.jsonl: the records changed while they were read (13 games of a variant, then 12)", Error);
}

// The decisive moments `qilab report` draws (apps/qilab/report_moments.h), read in two passes a
// batch at a time: the games sampled evenly among the decided ones, the same moments over small
// batches as over the whole run at once, and records that change between passes refused.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "apps/qilab/report_moments.h"
#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/registry.h"
#include "experiments/match.h"
#include "experiments/outcome.h"
#include "experiments/run_records.h"

namespace fs = std::filesystem;
using namespace qilab;
using namespace qilab::experiments;

namespace {

// 24 games of two-player guifa cut at 20 turns, greedy against random: some decided, some drawn.
std::string played_run() {
  static const std::string dir = [] {
    const fs::path d = fs::temp_directory_path() / ("qilab_moments_" + std::to_string(::getpid()));
    fs::remove_all(d);
    MatchConfig m;
    m.agents = {"greedy", "random"};
    m.games = 24;
    m.seed = 3;
    m.threads = 1;
    m.out_dir = d.string();
    run_match(read_game_config(QILAB_SOURCE_DIR "/configs/games/guifa-2p.toml"), {"max_turns=20"}, m);
    return d.string();
  }();
  return dir;
}

// The indices of the decided games, in record order, as the test counts them.
std::vector<std::int64_t> decided_games(const std::vector<GameRecord>& records) {
  std::vector<std::int64_t> decided;
  for (const auto& r : records) {
    GameConfig config;
    config.game = r.game;
    config.options = r.options;
    const std::vector<int> teams = make_any_game(config)->teams();
    for (const Outcome o : seat_outcomes(r.returns, teams))
      if (o == Outcome::kWin) {
        decided.push_back(r.index);
        break;
      }
  }
  return decided;
}

}  // namespace

TEST_CASE("decisive moments: the games replayed are the decided ones sampled evenly") {
  const std::vector<GameRecord> all = load_run_records(played_run());
  const std::vector<std::int64_t> decided = decided_games(all);
  REQUIRE(all.size() == 24);
  REQUIRE(decided.size() >= 8);          // the sample below is a strict subset
  REQUIRE(decided.size() < all.size());  // and drawn games are passed over
  cli::MomentOptions o;
  o.scanned = 4;
  o.moments = 4;  // every game scanned is drawn
  RunRecords run(played_run(), RecordBatching{3, 64u << 20});
  const nlohmann::json moments = cli::decisive_moments(run.passes(), o);
  std::set<std::int64_t> expected, drawn;
  for (std::size_t k = 0; k < 4; ++k) expected.insert(decided[k * decided.size() / 4]);
  for (const auto& m : moments) {
    drawn.insert(m.at("index").get<std::int64_t>());
    CHECK(m.at("scanned") == 4);
  }
  CHECK(drawn == expected);
}

TEST_CASE("decisive moments: the same over batches of 3 games as over the whole run") {
  const std::vector<GameRecord> all = load_run_records(played_run());
  const nlohmann::json whole = cli::decisive_moments(passes_over(all));
  REQUIRE(whole.size() == 3);
  for (const std::size_t games : {1, 3, 5}) {
    RunRecords run(played_run(), RecordBatching{games, 64u << 20});
    CHECK(cli::decisive_moments(run.passes()) == whole);
  }
}

TEST_CASE("decisive moments: records that lose decided games between passes are refused") {
  std::vector<GameRecord> all = load_run_records(played_run());
  std::vector<GameRecord> drawn = all;
  for (auto& r : drawn) r.returns.assign(r.returns.size(), 0.0);  // every game a draw
  const RecordPasses changing = [&](bool moves, const RecordBatch& take) { take(moves ? drawn : all); };
  CHECK_THROWS_WITH_AS(cli::decisive_moments(changing),
                       doctest::Contains("the run's records changed while the report read them"), Error);
}

// qilab stats over 100,000 records (docs/performance.md, "stats"): the records are 100,000
// copies of 100 real two-player checkers games (greedy against random, played here once),
// each copy with its own game index (agents as played, rotated over the seats), written as a
// games.jsonl. The figures: reading the file, and reading it plus every table, the checkers
// analysis and the sampled trace (2000 games traced), as `qilab stats DIR` does. Both use OpenMP threads: the
// CPU column is the whole process's, the time column wall-clock.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "engine/core/config.h"
#include "experiments/match.h"
#include "experiments/run_records.h"
#include "experiments/run_stats.h"

namespace {

using namespace qilab;

constexpr std::int64_t kRecords = 100'000;

// The scratch folder (1.3 GB of records), removed when the program ends.
struct Scratch {
  std::filesystem::path base =
      std::filesystem::temp_directory_path() / ("qilab_bench_stats_" + std::to_string(::getpid()));
  ~Scratch() {
    std::error_code ec;
    std::filesystem::remove_all(base, ec);
  }
};

// The run directory with its games.jsonl, made once.
const std::string& run_dir() {
  static const Scratch scratch;
  static const std::string dir = [] {
    namespace fs = std::filesystem;
    const fs::path& base = scratch.base;
    fs::remove_all(base);
    experiments::MatchConfig m;
    m.agents = {"greedy", "random"};
    m.games = 100;
    m.seed = 11;
    m.threads = 1;
    m.out_dir = (base / "played").string();
    GameConfig config{"checkers", "bench", {{"players", 2}}};
    experiments::run_match(config, {}, m);
    const auto played = read_records((base / "played" / "games.jsonl").string());
    fs::create_directories(base / "run");
    std::ofstream out(base / "run" / "games.jsonl");
    for (std::int64_t k = 0; k < kRecords; ++k) {
      GameRecord r = played[static_cast<std::size_t>(k) % played.size()];
      r.index = k;
      out << r.to_json().dump() << '\n';
    }
    return (base / "run").string();
  }();
  return dir;
}

void BM_ReadRecords(benchmark::State& bs) {
  const std::string& dir = run_dir();
  for (auto _ : bs) benchmark::DoNotOptimize(experiments::load_run_records(dir));
  bs.counters["records"] = static_cast<double>(kRecords);
}
BENCHMARK(BM_ReadRecords)->Unit(benchmark::kSecond)->Iterations(1)->MeasureProcessCPUTime()->UseRealTime();

void BM_Stats(benchmark::State& bs) {
  const std::string& dir = run_dir();
  for (auto _ : bs) {
    experiments::RunRecords run(dir);  // as `qilab stats` reads it
    experiments::StatsOptions o;
    o.source = run.source();
    benchmark::DoNotOptimize(experiments::run_stats(run.passes(), o));
  }
  std::int64_t actions = 0;
  experiments::RunRecords(dir).read(true, [&](const std::vector<GameRecord>& batch) {
    for (const auto& r : batch) actions += static_cast<std::int64_t>(r.actions.size());
  });
  bs.counters["records"] = static_cast<double>(kRecords);
  bs.counters["actions"] = static_cast<double>(actions);
}
BENCHMARK(BM_Stats)->Unit(benchmark::kSecond)->Iterations(1)->MeasureProcessCPUTime()->UseRealTime();

}  // namespace

BENCHMARK_MAIN();

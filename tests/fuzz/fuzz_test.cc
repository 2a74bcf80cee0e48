// Mutation fuzzing of every reader of untrusted input (readers.h): positions of every game,
// game configs, agent files, game records, and `qilab stats`' loader of a run's records or store. Fixed seeds
// and a bounded budget (at most kInputs inputs and kSeconds per reader and game), so a run is repeatable and
// short; the libFuzzer targets (docs/formats.md) search for longer.
#include <doctest/doctest.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/input.h"
#include "engine/registry.h"
#include "experiments/store.h"
#include "experiments/tournament.h"
#include "tests/fuzz/readers.h"

using namespace qilab;

namespace {

constexpr int kInputs = 4000;
constexpr double kSeconds = 2.0;

// Feeds the inputs `make(i, rng)` makes to `read`: each must be accepted or refused with a
// qilab::Error that has a message. Returns how many were refused.
template <class Make, class F>
int run_inputs(std::uint64_t seed, Make make, F read) {
  Rng rng(seed);
  const auto start = std::chrono::steady_clock::now();
  int refused = 0, tried = 0;
  for (int i = 0; i < kInputs; ++i, ++tried) {
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > kSeconds) break;
    const std::string input = make(i, rng);
    INFO("input ", i, " from fuzz seed ", seed, ": ", brief(nlohmann::json(input), 400));
    try {
      read(input);
    } catch (const Error& e) {
      ++refused;
      if (std::string(e.what()).empty()) FAIL_CHECK("a refusal without a message");
    } catch (const std::exception& e) {
      FAIL_CHECK("not a qilab::Error: " << std::string(e.what()));
    }
  }
  MESSAGE(tried, " inputs, ", refused, " refused");
  return refused;
}

// Mutations of `seeds` (readers.h, mutate).
template <class F>
int run_mutations(const std::vector<std::string>& seeds, std::uint64_t seed, F read) {
  REQUIRE(!seeds.empty());
  return run_inputs(
      seed,
      [&](int i, Rng& rng) { return fuzz::mutate(seeds[static_cast<std::size_t>(i) % seeds.size()], rng); },
      read);
}

std::vector<std::string> files(const std::string& folder) {
  std::vector<std::string> out;
  for (const auto& f : std::filesystem::directory_iterator(std::string(QILAB_SOURCE_DIR) + "/" + folder))
    if (f.path().extension() == ".toml") out.push_back(read_text_file(f.path().string(), "seed"));
  std::sort(out.begin(), out.end());  // directory order varies; the mutations should not
  return out;
}

// One variant of each game small enough that random games end quickly.
std::unique_ptr<AnyGame> small_game(const std::string& id) {
  if (id == "mizong")
    return make_any_game(
        read_game_config(std::string(QILAB_SOURCE_DIR) + "/configs/games/mizong-small.toml"));
  if (id == "checkers") return make_any_game(default_config(id), {"players=2", "max_turns=60"});
  return make_any_game(default_config(id));
}

}  // namespace

TEST_CASE("fuzz: every game's position reader refuses bad positions with an Error") {
  for (const GameInfo& info : game_infos()) {
    CAPTURE(info.id);
    const auto game = make_any_game(default_config(info.id));
    const auto seeds = fuzz::position_seeds(*game, 11);
    for (const auto& s : seeds) CHECK_NOTHROW(fuzz::read_position(*game, s));  // the seeds themselves read
    CHECK(run_mutations(seeds, 1, [&](const std::string& t) { fuzz::read_position(*game, t); }) > 0);
  }
}

TEST_CASE("fuzz: the game config reader refuses bad configs with an Error") {
  const auto seeds = files("configs/games");
  for (const auto& s : seeds) CHECK_NOTHROW(fuzz::read_config(s));
  CHECK(run_mutations(seeds, 2, [](const std::string& t) { fuzz::read_config(t); }) > 0);
}

TEST_CASE("fuzz: the agent file reader refuses bad agent files with an Error") {
  const auto game = small_game("checkers");
  const auto mizong = small_game("mizong");  // every agent builds for mizong, the activation agent only there
  const auto seeds = files("configs/agents");
  for (const auto& s : seeds) {
    CHECK_NOTHROW(fuzz::read_agent(*mizong, s));
    if (s.find("agent = \"activation\"") == std::string::npos) CHECK_NOTHROW(fuzz::read_agent(*game, s));
  }
  CHECK(run_mutations(seeds, 3, [&](const std::string& t) { fuzz::read_agent(*game, t); }) > 0);
  CHECK(run_mutations(seeds, 3, [&](const std::string& t) { fuzz::read_agent(*mizong, t); }) > 0);
}

TEST_CASE("fuzz: the record reader refuses bad records with an Error") {
  for (const GameInfo& info : game_infos()) {
    CAPTURE(info.id);
    const auto game = small_game(info.id);
    const auto seeds = fuzz::record_seeds(*game, 4);
    for (const auto& s : seeds) CHECK_NOTHROW(fuzz::read_record(*game, s));
    CHECK(run_mutations(seeds, 4, [&](const std::string& t) { fuzz::read_record(*game, t); }) > 0);
  }
}

TEST_CASE("fuzz: the stats loader refuses damaged records and stores with an Error") {
  // A small run of both kinds: a store, and the records it exports.
  const std::string base =
      (std::filesystem::temp_directory_path() / ("qilab_fuzz_stats_" + std::to_string(::getpid()))).string();
  std::filesystem::remove_all(base);
  const auto cfg = experiments::parse_tournament_config(
      "game = \"" + std::string(QILAB_SOURCE_DIR) +
          "/configs/games/checkers-2p.toml\"\nset = [\"max_turns=40\"]\nagents = [\"random\", \"greedy\"]\n"
          "games_per_lineup = 6\nseed = 5\n",
      "fuzz.toml");
  experiments::run_tournament(cfg, base + "/seed");
  const std::string seed_db = base + "/seed/tournament.db";
  experiments::export_jsonl(seed_db, base + "/seed.jsonl");
  std::vector<std::string> lines;
  {
    std::istringstream in(read_text_file(base + "/seed.jsonl", "records"));
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  REQUIRE(lines.size() == 6);
  const std::string dir = base + "/run";
  SUBCASE("records: one damaged line among good ones") {
    std::string whole;
    for (const auto& l : lines) whole += l + "\n";
    CHECK_NOTHROW(fuzz::read_run_records(dir, whole));
    CHECK(run_mutations(lines, 5, [&](const std::string& t) {
            fuzz::read_run_records(dir, lines.front() + "\n" + t + "\n" + lines.back() + "\n");
          }) > 0);
  }
  SUBCASE("stores: a damaged row, a missing one, damaged bytes") {
    CHECK_NOTHROW(fuzz::read_run_store(dir, seed_db, ""));
    const auto size = static_cast<std::size_t>(std::filesystem::file_size(seed_db));
    CHECK(run_inputs(
              6, [&](int, Rng& rng) { return fuzz::store_damage(size, rng); },
              [&](const std::string& damage) { fuzz::read_run_store(dir, seed_db, damage); }) > 0);
  }
  std::filesystem::remove_all(base);
}

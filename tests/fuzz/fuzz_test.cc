// Mutation fuzzing of every reader of untrusted input (readers.h): positions of every game,
// game configs, agent files and game records. Fixed seeds and a bounded budget (at most
// kInputs inputs and kSeconds per reader and game), so a run is repeatable and short; the
// libFuzzer targets (docs/formats.md) search for longer.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/input.h"
#include "engine/registry.h"
#include "tests/fuzz/readers.h"

using namespace qilab;

namespace {

constexpr int kInputs = 4000;
constexpr double kSeconds = 2.0;

// Feeds mutations of `seeds` to `read`: each must be accepted or refused with a qilab::Error
// that has a message. Returns how many were refused.
template <class F>
int run_mutations(const std::vector<std::string>& seeds, std::uint64_t seed, F read) {
  REQUIRE(!seeds.empty());
  Rng rng(seed);
  const auto start = std::chrono::steady_clock::now();
  int refused = 0, tried = 0;
  for (int i = 0; i < kInputs; ++i, ++tried) {
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > kSeconds) break;
    const std::string input = fuzz::mutate(seeds[static_cast<std::size_t>(i) % seeds.size()], rng);
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
  const auto seeds = files("configs/agents");
  for (const auto& s : seeds) CHECK_NOTHROW(fuzz::read_agent(*game, s));
  CHECK(run_mutations(seeds, 3, [&](const std::string& t) { fuzz::read_agent(*game, t); }) > 0);
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

// The run loop: files, exact resume from a checkpoint, a run killed by SIGKILL.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/core/input.h"
#include "tests/neural/pebble_game.h"
#include "tests/training/test_config.h"
#include "training/run.h"

using namespace qilab;
using namespace qilab::training;
using qilab::testing::Pebbles;
namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const char* name) {
  const fs::path d = fs::temp_directory_path() / name;
  fs::remove_all(d);
  return d;
}

// step -> total loss, from a run's metrics (a resumed run's later lines win).
std::map<std::int64_t, double> losses(const fs::path& dir) {
  std::map<std::int64_t, double> out;
  std::ifstream in(dir / "metrics.jsonl");
  for (std::string line; std::getline(in, line);) {
    const auto j = nlohmann::json::parse(line);
    if (j["event"] == "train") out[j["step"].get<std::int64_t>()] = j["loss"].get<double>();
  }
  return out;
}

}  // namespace

TEST_CASE("run: an unbroken run writes its files; a resumed one continues with the same losses") {
  const Pebbles game = Pebbles::make(2);
  const auto cfg = parse_train_config(qilab::testing::tiny_train_config(2, 6, 2), "tiny.toml");
  const fs::path a = fresh_dir("qilab_run_a"), b = fresh_dir("qilab_run_b");
  run_training(game, cfg, a.string(), false);
  for (const char* f : {"run.json", "metrics.jsonl", "shards/shard-000001.bin", "shards/shard-000002.bin",
                        "selfplay/games-000002.jsonl", "networks/gen-000000.net", "networks/gen-000002.net",
                        "networks/best.net", "checkpoints/step-00000012.ckpt"})
    CHECK_MESSAGE(fs::exists(a / f), f);
  const auto full = losses(a);
  CHECK(full.size() == 12);

  // Stopped after step 9 (its last checkpoint at step 8, mid-iteration 2), then resumed.
  RunHooks stop;
  stop.stop_after_step = 9;
  run_training(game, cfg, b.string(), false, stop);
  CHECK(latest_checkpoint((b / "checkpoints").string()) ==
        (b / "checkpoints" / "step-00000008.ckpt").string());
  run_training(game, cfg, b.string(), true);
  const auto resumed = losses(b);
  REQUIRE(resumed.size() == 12);
  for (const auto& [step, loss] : full) CHECK(resumed.at(step) == doctest::Approx(loss).epsilon(1e-6));
  CHECK(neural::Network::load((a / "networks/best.net").string())
            .same_weights(neural::Network::load((b / "networks/best.net").string())));

  // Starting over an existing run, or resuming with an edited config, is refused.
  CHECK_THROWS_AS(run_training(game, cfg, b.string(), false), Error);
  const auto edited = parse_train_config(qilab::testing::tiny_train_config(3, 6, 2), "tiny.toml");
  CHECK_THROWS_AS(run_training(game, edited, b.string(), true), Error);
  CHECK_THROWS_AS(run_training(game, cfg, fresh_dir("qilab_run_none").string(), true), Error);
  fs::remove_all(a);
  fs::remove_all(b);
}

TEST_CASE("run: a run killed by SIGKILL while writing checkpoints leaves the last good one loadable") {
  const Pebbles game = Pebbles::make(2);
  const fs::path dir = fresh_dir("qilab_run_killed");
  // The helper checkpoints after every step; kill it at a few moments while it trains.
  int kills = 0;
  for (int attempt = 0; attempt < 2; ++attempt) {
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      const bool resume = fs::exists(dir / "run.json");
      if (resume) {
        execl(QILAB_RUN_HELPER, QILAB_RUN_HELPER, dir.c_str(), "40", "40", "resume",
              static_cast<char*>(nullptr));
      } else {
        execl(QILAB_RUN_HELPER, QILAB_RUN_HELPER, dir.c_str(), "40", "40", static_cast<char*>(nullptr));
      }
      _exit(127);
    }
    // Wait until it has written a few checkpoints, then kill it mid-stride.
    const auto start = std::chrono::steady_clock::now();
    std::size_t seen = 0;
    while (std::chrono::steady_clock::now() - start < std::chrono::seconds(60)) {
      std::error_code ec;
      seen = 0;
      for (const auto& e : fs::directory_iterator(dir / "checkpoints", ec))
        seen += e.path().extension() == ".ckpt";
      if (seen >= static_cast<std::size_t>(3 * (attempt + 1))) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(7 * attempt + 3));
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    kills += WIFSIGNALED(status);
    const std::string last = latest_checkpoint((dir / "checkpoints").string());
    REQUIRE(!last.empty());
    const auto cfg = parse_train_config(qilab::testing::tiny_train_config(40, 40, 1), "helper.toml");
    Trainer t(neural::Network(neural::NetworkConfig::for_specs(
                                  "pebbles", game.encoding_spec(), game.policy_spec(), 2, cfg.network.blocks,
                                  cfg.network.channels, cfg.network.value_hidden),
                              1),
              cfg.optimizer);
    CHECK_NOTHROW(t.load_checkpoint(last));
    CHECK(t.steps() > 0);
  }
  CHECK(kills == 2);
  fs::remove_all(dir);
}

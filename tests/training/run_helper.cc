// A process that runs the training loop on the test game, for the test that kills a run with
// SIGKILL while it writes checkpoints: run_helper OUT_DIR ITERATIONS STEPS [resume]
#include <cstdio>
#include <cstdlib>
#include <string>

#include "tests/neural/pebble_game.h"
#include "tests/training/test_config.h"
#include "training/run.h"

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: run_helper OUT_DIR ITERATIONS STEPS [resume]\n");
    return 2;
  }
  try {
    const auto cfg = qilab::training::parse_train_config(
        qilab::testing::tiny_train_config(std::atoi(argv[2]), std::atoi(argv[3]), 1), "helper.toml");
    qilab::training::run_training(qilab::testing::Pebbles::make(2), cfg, argv[1], argc > 4);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "run_helper: %s\n", e.what());
    return 2;
  }
  return 0;
}

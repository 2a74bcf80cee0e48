#pragma once
// A training config for the test game small enough for a unit test.
#include <string>

namespace qilab::testing {

inline std::string tiny_train_config(int iterations = 2, int steps = 6, int checkpoint_every = 2) {
  return "game = \"pebbles\"\nseed = 5\niterations = " + std::to_string(iterations) +
         "\n[network]\nblocks = 1\nchannels = 8\nvalue_hidden = 16\n"
         "[selfplay]\ngames = 4\nthreads = 1\nsimulations = 8\nbatch = 2\ntemperature_moves = 4\n"
         "[service]\nmax_batch = 16\nmax_wait_us = 0\nthreads = 1\ncache_entries = 0\n"
         "[replay]\nwindow = 200\n"
         "[trainer]\noptimizer = \"sgd\"\nlearning_rate = 0.05\nbatch_size = 16\nsteps_per_iteration = " +
         std::to_string(steps) + "\ncheckpoint_every = " + std::to_string(checkpoint_every) + "\n";
}

}  // namespace qilab::testing

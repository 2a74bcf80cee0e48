#pragma once
// A training sample: what the seat to move saw (its encoding), what the search made of the
// position (the root's visit distribution over the policy index), and how the game ended for
// every seat, in the network's frame (observer first, each value in [-1, 1]).
#include <cstdint>
#include <utility>
#include <vector>

namespace qilab::training {

struct PolicyTarget {
  std::int32_t index;  // PolicySpec index, in the mover's frame
  float probability;
  bool operator==(const PolicyTarget&) const = default;
};

struct Sample {
  std::vector<float> input;          // EncodingSpec::size() floats
  std::vector<PolicyTarget> policy;  // visit shares of the root's children, summing to 1
  std::vector<float> outcome;        // one per seat of the game, observer first, in [-1, 1]
  bool operator==(const Sample&) const = default;
};

// The shapes every sample of a run has.
struct SampleShape {
  int input_size = 0, policy_size = 0, seats = 0;
  bool operator==(const SampleShape&) const = default;
};

// Training batch: dense rows for the trainer.
struct Batch {
  int size = 0;
  std::vector<float> inputs;   // size x input_size
  std::vector<float> policy;   // size x policy_size (targets, each row summing to 1)
  std::vector<float> outcome;  // size x network seats (entries past the game's seats are 0)
  std::vector<float> mask;     // size x network seats: 1 where the game has the seat
};

}  // namespace qilab::training

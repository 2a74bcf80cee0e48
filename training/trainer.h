#pragma once
// The trainer: gradient steps on a network (loss = policy cross-entropy + value MSE over the
// game's seats + L2 on the weights), its optimiser and learning-rate schedule, and checkpoints
// that hold everything an exact resume needs. Plain C++ over training/trainer.cc (LibTorch).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "neural/network.h"
#include "training/sample.h"

namespace qilab::training {

struct OptimizerConfig {
  std::string kind = "sgd";  // sgd (with momentum) | adam
  double learning_rate = 0.02;
  double momentum = 0.9;      // sgd
  double l2 = 1e-4;           // c in c * sum(w^2), over every weight (not biases or norms)
  double value_weight = 1.0;  // weight of the value loss
  // Step schedule: the rate is multiplied by `lr_gamma` at each step count in `lr_steps`.
  std::vector<std::int64_t> lr_steps;
  double lr_gamma = 0.1;
  double learning_rate_at(std::int64_t step) const;
};

struct Losses {
  double policy = 0, value = 0, l2 = 0, total = 0;
};

class Trainer {
 public:
  Trainer(neural::Network net, const OptimizerConfig& config);
  ~Trainer();

  // One gradient step on `batch`; returns the losses before the step.
  Losses step(const Batch& batch);
  // The losses on `batch` without a step (evaluation mode).
  Losses measure(const Batch& batch) const;
  std::int64_t steps() const { return steps_; }
  const neural::Network& network() const { return net_; }

  // Network, optimiser state, step count and `extra` (the caller's state: iteration, best
  // network, buffer position) in one file, written atomically.
  void save_checkpoint(const std::string& path, const nlohmann::json& extra) const;
  // Restores what save_checkpoint wrote and returns its `extra`; Error naming the file.
  nlohmann::json load_checkpoint(const std::string& path);

 private:
  struct Impl;
  neural::Network net_;
  OptimizerConfig config_;
  std::int64_t steps_ = 0;
  std::unique_ptr<Impl> impl_;
};

}  // namespace qilab::training

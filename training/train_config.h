#pragma once
// A training run's config: configs/train/<name>.toml (docs/training.md lists every field).
#include <cstdint>
#include <string>
#include <vector>

#include "neural/service.h"
#include "training/trainer.h"

namespace qilab::training {

struct TrainConfig {
  std::string source;            // the file, for errors
  std::string text_hash;         // of its content: a run resumed with an edited config is refused
  std::string game;              // a game config file (configs/games/...)
  std::vector<std::string> set;  // key=value overrides of the game's options
  std::uint64_t seed = 1;
  int iterations = 10;

  struct {
    int blocks = 4, channels = 32, value_hidden = 64;
  } network;

  struct {
    int games = 32, threads = 1;
    std::int64_t simulations = 100, fast_simulations = 0;
    double full_fraction = 1.0;
    // The game's heuristic in the leaf values: weight heuristic_weight in the first
    // heuristic_hold iterations, then falling linearly to 0 over heuristic_iterations
    // iterations (0: never).
    double heuristic_weight = 0;
    std::int64_t heuristic_hold = 0, heuristic_iterations = 0;
    // One ply of the heuristic in the priors (neural/net_evaluator.h): weight
    // heuristic_prior_weight in iteration 1, fading over heuristic_iterations as the values'
    // weight does; its softmax temperature on values scaled to [0, 1].
    double heuristic_prior_weight = 0;
    double heuristic_prior_temperature = 0.1;
    double root_value_weight = 0;      // of the search's root value in the value target
    std::string value_scale = "game";  // "game" or "tree" (search/config.h)
    int batch = 8;
    double puct = 1.5, fpu_reduction = 0.2;
    double noise_alpha = 0.3, noise_fraction = 0.25;
    double temperature = 1.0;
    int temperature_moves = 20;
    double temperature_after = 0.0;
    double resign_threshold = 0.0;
    int resign_consecutive = 3;
    double resign_check_fraction = 0.1;
    std::int64_t max_nodes = 1'000'000;
  } selfplay;

  neural::ServiceConfig service;

  struct {
    std::int64_t window = 20'000;
    bool symmetries = true;  // augment batches with the game's encoding symmetries, if it has any
  } replay;

  OptimizerConfig optimizer;
  struct {
    int batch_size = 64, steps_per_iteration = 100, checkpoint_every = 50;
  } trainer;

  struct {
    int games = 0;  // candidate against the best network per iteration; 0: no gating
    std::int64_t simulations = 50;
    double threshold = 0.55;                        // promotion: the candidate's score at least this
    std::string baseline = "mcts:simulations=200";  // the fixed pure-MCTS baseline
    int baseline_games = 0;                         // candidate against the baseline per iteration; 0: none
    int threads = 1;
  } gating;
};

// Reads and checks a run config; Error "<file>: field '<table.key>' expects ..., got ...".
TrainConfig read_train_config(const std::string& path);
TrainConfig parse_train_config(const std::string& text, const std::string& source);

// The heuristic's weight in the self-play of iteration `it` (0-based): `weight` in the first
// selfplay.heuristic_hold iterations, then linear from `weight` to 0 over
// selfplay.heuristic_iterations (it is 0 from iteration heuristic_hold + heuristic_iterations on).
inline double heuristic_weight_at(const TrainConfig& cfg, std::int64_t it, double weight) {
  const auto n = cfg.selfplay.heuristic_iterations, hold = cfg.selfplay.heuristic_hold;
  if (it < hold) return weight;
  if (n <= 0 || it - hold >= n) return 0;
  return weight * double(n - (it - hold)) / double(n);
}
inline double heuristic_weight_at(const TrainConfig& cfg, std::int64_t it) {
  return heuristic_weight_at(cfg, it, cfg.selfplay.heuristic_weight);
}

}  // namespace qilab::training

#pragma once
// The self-play settings of iteration `it` (0-based) of a run: the same on every rank of an MPI
// run, which each compute them from the config (training/selfplay_ranks.h).
#include <cstdint>

#include "engine/core/game.h"
#include "training/selfplay.h"
#include "training/train_config.h"

namespace qilab::training {

template <Game G>
SelfPlayConfig selfplay_config_of(const G& game, const TrainConfig& cfg, std::int64_t it) {
  SelfPlayConfig sp;
  sp.search = search_config_for(game);
  sp.search.budget.simulations = cfg.selfplay.simulations;
  sp.search.batch = cfg.selfplay.batch;
  sp.search.puct_c = cfg.selfplay.puct;
  sp.search.fpu_value = cfg.selfplay.fpu_reduction;
  sp.search.noise_alpha = cfg.selfplay.noise_alpha;
  sp.search.noise_fraction = cfg.selfplay.noise_fraction;
  sp.search.temperature = cfg.selfplay.temperature;
  sp.search.temperature_moves = cfg.selfplay.temperature_moves;
  sp.search.temperature_after = cfg.selfplay.temperature_after;
  sp.search.max_nodes = static_cast<std::size_t>(cfg.selfplay.max_nodes);
  sp.fast_simulations = cfg.selfplay.fast_simulations;
  sp.full_fraction = cfg.selfplay.full_fraction;
  sp.search.value_scale =
      cfg.selfplay.value_scale == "tree" ? search::ValueScale::kTree : search::ValueScale::kGame;
  sp.resign_threshold = cfg.selfplay.resign_threshold;
  sp.resign_consecutive = cfg.selfplay.resign_consecutive;
  sp.resign_check_fraction = cfg.selfplay.resign_check_fraction;
  sp.threads = cfg.selfplay.threads;
  sp.heuristic_weight = heuristic_weight_at(cfg, it);
  sp.heuristic_prior_weight = heuristic_weight_at(cfg, it, cfg.selfplay.heuristic_prior_weight);
  sp.heuristic_prior_temperature = cfg.selfplay.heuristic_prior_temperature;
  sp.root_value_weight = cfg.selfplay.root_value_weight;
  return sp;
}

}  // namespace qilab::training

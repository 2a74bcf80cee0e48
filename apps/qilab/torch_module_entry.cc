// qilab-torch.so: the module of the qilab program that holds LibTorch (torch_module.h).
#include <iostream>
#include <string>

#include "apps/qilab/torch_module.h"
#include "engine/core/config.h"
#include "engine/core/error.h"
#include "neural/agents.h"
#include "training/run.h"
#include "training/selfplay_ranks.h"
#include "training/train_config.h"

namespace qilab::cli {
namespace {

void train(const std::string& config_path, const std::string& out_dir, bool resume) {
  const training::TrainConfig cfg = training::read_train_config(config_path);
  const GameConfig game_config = read_game_config(cfg.game);
  with_game(game_config.game, [&]<Game G>() {
    const G game(resolve_options(G::option_specs(), game_config, cfg.set));
    if constexpr (HasEncoding<G>) {
      training::RunHooks hooks;
      hooks.log = &std::cerr;
      training::train_on_ranks(game, cfg, out_dir, resume, hooks);
    } else {
      throw Error(cfg.source + ": field 'game' names " + std::string(G::kId) +
                  ", which has no network encoding (EncodingSpec) in this build");
    }
  });
}

template <Game... Gs>
NetworkAgentMakers<GameList<Gs...>> makers(GameList<Gs...>) {
  return {{neural::network_agent_makers<Gs>()...}};
}

}  // namespace
}  // namespace qilab::cli

extern "C" const qilab::cli::TorchModule* qilab_torch_module() {
  static const qilab::cli::TorchModule module{qilab::cli::makers(qilab::AllGames{}), &qilab::cli::train};
  return &module;
}

// qilab train: the AlphaZero loop (training/run.h) on a game with an encoding; under mpirun
// the self-play games are shared among the ranks (training/selfplay_ranks.h, docs/scale.md).
//   qilab train --config configs/train/checkers-2p.toml --out runs/NAME [--resume]
#include <iostream>
#include <string>

#include "apps/qilab/commands.h"
#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/registry.h"
#include "training/run.h"
#include "training/selfplay_ranks.h"
#include "training/train_config.h"

namespace qilab::cli {

void add_train_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("train", "Train a network by self-play (docs/training.md)");
  auto config = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  auto resume = std::make_shared<bool>(false);
  cmd->add_option("--config", *config, "training config (configs/train/<name>.toml)")->required();
  cmd->add_option("--out", *out, "run directory (runs/NAME)")->required();
  cmd->add_flag("--resume", *resume, "continue the run in --out from its newest checkpoint");
  cmd->callback([config, out, resume]() {
    const training::TrainConfig cfg = training::read_train_config(*config);
    const GameConfig game_config = read_game_config(cfg.game);
    with_game(game_config.game, [&]<Game G>() {
      const G game(resolve_options(G::option_specs(), game_config, cfg.set));
      if constexpr (HasEncoding<G>) {
        training::RunHooks hooks;
        hooks.log = &std::cerr;
        training::train_on_ranks(game, cfg, *out, *resume, hooks);
      } else {
        throw Error(cfg.source + ": field 'game' names " + std::string(G::kId) +
                    ", which has no network encoding (EncodingSpec) in this build");
      }
    });
  });
}

}  // namespace qilab::cli

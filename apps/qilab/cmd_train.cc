// qilab train: the AlphaZero loop (training/run.h) on a game with an encoding; under mpirun
// the self-play games are shared among the ranks (training/selfplay_ranks.h, docs/scale.md).
//   qilab train --config configs/train/checkers-2p.toml --out runs/NAME [--resume]
// The run itself is in the LibTorch module (torch_module.h), loaded when the command runs.
#include <memory>
#include <string>

#include "apps/qilab/commands.h"
#include "apps/qilab/torch_module.h"

namespace qilab::cli {

void add_train_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("train", "Train a network by self-play (docs/training.md)");
  auto config = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  auto resume = std::make_shared<bool>(false);
  cmd->add_option("--config", *config, "training config (configs/train/<name>.toml)")->required();
  cmd->add_option("--out", *out, "run directory (runs/NAME)")->required();
  cmd->add_flag("--resume", *resume, "continue the run in --out from its newest checkpoint");
  cmd->callback([config, out, resume]() { torch_module().train(*config, *out, *resume); });
}

}  // namespace qilab::cli

// run_openings for the game a config names: one instantiation per game of the registry.
#include "engine/registry.h"
#include "experiments/openings.h"

namespace qilab::experiments {

OpeningsReport run_openings(OpeningsConfig cfg, const std::string& out_dir, int threads) {
  if (threads > 0) cfg.base.threads = threads;
  return with_game(cfg.base.game.game, [&]<Game G>() {
    const G game(resolve_options(G::option_specs(), cfg.base.game, cfg.base.sets));
    return run_openings(game, cfg, out_dir);
  });
}

}  // namespace qilab::experiments

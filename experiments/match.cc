#include "experiments/match.h"

#include "engine/registry.h"

namespace qilab::experiments {

MatchReport run_match(const GameConfig& config, const std::vector<std::string>& overrides,
                      const MatchConfig& cfg) {
  return with_game(config.game, [&]<Game G>() {
    const G game(resolve_options(G::option_specs(), config, overrides));
    return run_match(game, cfg);
  });
}

}  // namespace qilab::experiments

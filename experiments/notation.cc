#include "experiments/notation.h"

#include <map>
#include <memory>
#include <string>

#include "engine/core/config.h"
#include "engine/registry.h"
#include "experiments/notation_replay.h"

namespace qilab::experiments {

void write_notation(std::vector<GameRecord>& records) {
  // One game per distinct id and options: building one can read data files.
  std::map<std::string, std::function<void(GameRecord&)>> writers;
  for (GameRecord& r : records) {
    if (!r.notation.empty() || r.actions.empty()) continue;
    const std::string key = r.game + "\n" + r.options.dump();
    auto it = writers.find(key);
    if (it == writers.end()) {
      GameConfig config = default_config(r.game);
      config.options = r.options;
      config.source = "game " + std::to_string(r.index) + " options";
      auto writer = with_game(r.game, [&]<Game G>() -> std::function<void(GameRecord&)> {
        auto game = std::make_shared<const G>(resolve_options(G::option_specs(), config, {}));
        return [game](GameRecord& x) { write_notation_with(*game, x); };
      });
      it = writers.emplace(key, std::move(writer)).first;
    }
    it->second(r);
  }
}

}  // namespace qilab::experiments

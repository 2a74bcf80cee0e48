// neural/agents.h: one inference service per network file, and the registration of the
// network agents for every game of the registry.
#include "neural/agents.h"

#include <limits>
#include <map>
#include <mutex>

#include "engine/registry.h"

namespace qilab::neural {

std::shared_ptr<InferenceService> shared_service(const std::string& path) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<InferenceService>> services;
  std::lock_guard lock(mutex);
  auto& s = services[path];
  if (!s) {
    ServiceConfig config;
    config.max_batch = 64;
    config.max_wait_us = 200;
    config.cache_entries = 1 << 16;
    s = std::make_shared<InferenceService>(Network::load(path), config);
  }
  return s;
}

std::string take_network_option(std::vector<std::string>& overrides, const std::string& where) {
  const std::string key = std::string(kNetworkOption) + "=";
  std::string path;
  for (auto it = overrides.begin(); it != overrides.end();) {
    if (it->starts_with(key)) {
      path = it->substr(key.size());
      it = overrides.erase(it);
    } else {
      ++it;
    }
  }
  if (path.empty())
    throw Error(
        where +
        ": option 'network' expects the path of a network file (network=runs/NAME/networks/best.net)");
  return path;
}

HeuristicMix take_heuristic_options(std::vector<std::string>& overrides, const std::string& where) {
  Options o(
      {number_option("heuristic_weight", 0.0, 0, 1,
                     "weight of the game's heuristic in the leaf values (neural/net_evaluator.h)"),
       number_option("heuristic_prior_weight", 0.0, 0, 1,
                     "weight of one ply of the game's heuristic in the priors (neural/net_evaluator.h)"),
       number_above("heuristic_prior_temperature", 0.1, 0, std::numeric_limits<double>::max(),
                    "softmax temperature of the heuristic priors, on values scaled to [0, 1]")});
  for (auto it = overrides.begin(); it != overrides.end();) {
    const auto eq = it->find('=');
    const std::string key = it->substr(0, eq);
    if (eq != std::string::npos && key.starts_with("heuristic_")) {
      o.set_from_text(key, it->substr(eq + 1), where);
      it = overrides.erase(it);
    } else {
      ++it;
    }
  }
  return {o.get_double("heuristic_weight"), o.get_double("heuristic_prior_weight"),
          o.get_double("heuristic_prior_temperature")};
}

namespace {
template <Game... Gs>
void register_all(GameList<Gs...>) {
  (register_network_agents<Gs>(), ...);
}
}  // namespace

void register_network_agents_for_all_games() { register_all(AllGames{}); }

}  // namespace qilab::neural

#include "experiments/rotation.h"

namespace qilab::experiments {

std::vector<std::string> seat_agents(const std::vector<std::string>& agents, int seats,
                                     std::int64_t game_index) {
  std::vector<std::string> out;
  if (agents.empty()) return out;
  const auto n = static_cast<std::int64_t>(agents.size());
  const bool mirror = n > seats && (game_index / n) % 2 == 1;
  out.reserve(static_cast<std::size_t>(seats));
  for (int s = 0; s < seats; ++s) {
    const std::int64_t place = mirror ? seats - 1 - s : s;
    out.push_back(agents[static_cast<std::size_t>((place + game_index % n) % n)]);
  }
  return out;
}

}  // namespace qilab::experiments

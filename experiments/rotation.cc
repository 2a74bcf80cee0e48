#include "experiments/rotation.h"

#include <algorithm>

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

std::vector<std::string> play_seats(const std::vector<std::string>& agents, const std::vector<int>& teams,
                                    std::int64_t game_index) {
  // Sides in the order their first seats come: side_of[s] for each seat.
  std::vector<int> side_team, side_of;
  for (const int t : teams) {
    const auto it = std::find(side_team.begin(), side_team.end(), t);
    side_of.push_back(static_cast<int>(it - side_team.begin()));
    if (it == side_team.end()) side_team.push_back(t);
  }
  if (side_team.size() == teams.size())
    return seat_agents(agents, static_cast<int>(teams.size()), game_index);
  const auto by_side = seat_agents(agents, static_cast<int>(side_team.size()), game_index);
  std::vector<std::string> out;
  if (by_side.empty()) return out;
  for (const int side : side_of) out.push_back(by_side[static_cast<std::size_t>(side)]);
  return out;
}

}  // namespace qilab::experiments

#include "experiments/rotation.h"

#include <algorithm>
#include <functional>
#include <map>

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

bool play_seats_even(const std::vector<std::string>& agents, const std::vector<int>& teams,
                     std::int64_t games) {
  // The rotation repeats every 2n games (seat_agents: i mod n, mirrored in odd rounds), and a
  // whole 2n is even: only the games past the last whole 2n can tip it.
  const auto cycle = 2 * static_cast<std::int64_t>(agents.size());
  if (cycle == 0 || games < 0) return true;
  std::map<std::string, std::vector<std::int64_t>> held;  // games in each seat, per agent
  for (std::int64_t i = 0; i < games % cycle; ++i) {
    const auto seats = play_seats(agents, teams, i);
    for (std::size_t s = 0; s < seats.size(); ++s) {
      auto& in_seat = held[seats[s]];
      in_seat.resize(seats.size());
      ++in_seat[s];
    }
  }
  return std::all_of(held.begin(), held.end(), [](const auto& agent) {
    const auto& in_seat = agent.second;
    return std::adjacent_find(in_seat.begin(), in_seat.end(), std::not_equal_to<>()) == in_seat.end();
  });
}

std::int64_t play_seats_round(const std::vector<std::string>& agents, const std::vector<int>& teams) {
  std::int64_t k = 1;
  while (!play_seats_even(agents, teams, k)) ++k;  // at most 2n
  return k;
}

}  // namespace qilab::experiments

// A heuristic evaluation for the greedy agent and search: remaining HP, attribute match-ups
// with adjacent enemies, distance to the centre and its hold.
#include <algorithm>
#include <cmath>

#include "engine/mizong/mizong.h"

namespace qilab::mizong {

Values State::returns() const {
  Values v{};
  if (!over_) return v;
  const int teams = num_teams();
  for (Player p = 0; p < players_; ++p) {
    const double place = place2_[static_cast<std::size_t>(team_of(p))] / 2.0;
    v[static_cast<std::size_t>(p)] = teams > 1 ? 1.0 - 2.0 * (place - 1.0) / (teams - 1) : 0.0;
  }
  return v;
}

std::array<double, kMaxPlayers> State::team_scores() const {
  const Geometry& g = *geo_;
  std::array<double, kMaxPlayers> score{};
  const double full = static_cast<double>(home_) * 54.0;  // about an army's HP in sixths
  for (int id = 0; id < players_ * home_; ++id) {
    const Piece& x = piece(id);
    if (x.cell < 0) continue;
    const int team = team_of(owner(id));
    double s = x.hp / full;
    // Closer to the centre is better; the holder counts its quiet rounds.
    s += 0.2 / static_cast<double>(home_) * (1.0 - g.distance(x.cell, g.centre) / (4.0 * g.point));
    // Match-ups with adjacent enemies: beating them is good, being beaten bad.
    for (int d = 0; d < kDirs; ++d) {
      const int c = g.nb[x.cell][d];
      if (c < 0) continue;
      const int y = at_[static_cast<std::size_t>(c)];
      if (y < 0 || team_of(owner(y)) == team) continue;
      const int who = clash(id, y);
      s += (who == 1 ? 0.02 : who == 2 ? -0.02 : 0.0) / static_cast<double>(home_);
    }
    score[static_cast<std::size_t>(team)] += s;
  }
  const int holder = at_[static_cast<std::size_t>(g.centre)];
  if (holder >= 0)
    score[static_cast<std::size_t>(team_of(owner(holder)))] +=
        0.5 * (0.2 + hold_rounds_ / static_cast<double>(rules_.centre_rounds));
  return score;
}

Values State::evaluate() const {
  if (over_) return returns();
  const int teams = num_teams();
  const std::array<double, kMaxPlayers> score = team_scores();
  double mean = 0;
  int live = 0;
  for (int t = 0; t < teams; ++t)
    if (!place2_[static_cast<std::size_t>(t)]) mean += score[static_cast<std::size_t>(t)], ++live;
  mean = live ? mean / live : 0;
  Values v{};
  for (Player p = 0; p < players_; ++p) {
    const int t = team_of(p);
    if (place2_[static_cast<std::size_t>(t)]) {
      const double place = place2_[static_cast<std::size_t>(t)] / 2.0;
      v[static_cast<std::size_t>(p)] = 1.0 - 2.0 * (place - 1.0) / (teams - 1);
    } else {
      v[static_cast<std::size_t>(p)] =
          std::clamp(std::tanh(2.0 * (score[static_cast<std::size_t>(t)] - mean)), -1.0, 1.0);
    }
  }
  return v;
}

}  // namespace qilab::mizong

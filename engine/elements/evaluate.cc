// The heuristic evaluation for greedy play and search leaves.
#include <algorithm>
#include <cmath>

#include "engine/elements/elements.h"

namespace qilab::elements {

Values State::evaluate() const {
  if (is_terminal()) return returns();
  const Rules& r = *rules_;
  double score[2] = {0, 0};
  for (int side = 0; side < 2; ++side) {
    score[side] += 3.0 * base_hp_[side] / r.base_hp;
    const int enemy_base = r.base_cell[1 - side];
    for (int i = side; i < heroes(); i += 2) {
      const Hero& h = heroes_[i];
      if (h.dead) {
        score[side] -= 0.5;
        continue;
      }
      const HeroSpec& s = r.roster[h.spec];
      double energy = 0, max = 0;
      for (int e = 0; e < kElements; ++e) {
        energy += h.energy[e];
        max += s.energy[e];
      }
      score[side] += energy / max - 0.4 * h.zero_energies();
      // Closer to the enemy base, and standing high, is better; so is a tile beside the hero
      // that leads closer (the way across the gap is built one tile at a time).
      const int here = r.grid.distance(h.cell, enemy_base);
      int ahead = here;
      for (int d = 0; d < kDirs; ++d) {
        const int n = r.grid.step(h.cell, d);
        if (n >= 0 && layer_[0].test(n) && !bases_.test(n))
          ahead = std::min(ahead, r.grid.distance(n, enemy_base));
      }
      const double span = 2.0 * r.grid.radius();
      score[side] += 0.12 * (span - here) / span + 0.06 * (span - ahead) / span;
      score[side] += 0.02 * height_[h.cell];
    }
  }
  const double v = std::tanh(0.5 * (score[0] - score[1]));
  Values out{};
  for (int p = 0; p < num_players(); ++p) out[p] = team_of(p) == 0 ? v : -v;
  return out;
}

}  // namespace qilab::elements

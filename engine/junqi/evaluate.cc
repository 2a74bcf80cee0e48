// A heuristic estimate of the returns, for greedy agents and search cut-offs. It reads the
// state it is given: the referee's state, or a world drawn by sample_world for one seat.
#include <algorithm>
#include <cmath>

#include "engine/junqi/deploy_score.h"
#include "engine/junqi/junqi.h"

namespace qilab::junqi {
namespace {

// Material by kind: officers by rank; bombs trade for anything, so they are worth a
// division commander; engineers clear mines and fly on rails.
// Score difference per seat pair at which a deployment's value reaches tanh(1) of its range.
constexpr double kDeploySpread = 20.0;

constexpr std::array<double, kKinds> kWorth = {0, 4, 6, 3, 1, 2, 3, 4, 5, 6, 8, 10};

}  // namespace

Values State::evaluate() const {
  if (phase_ == Phase::kOver) return returns();
  Values v{};
  const double scale = rules_.decapitation ? 1.0 : players_ / 2.0;
  if (phase_ == Phase::kDeploy) {
    // Deployment: each seat's placements by the deployment heuristic (deploy_score.h), summed
    // per side; a seat's own term is the only one its placements change.
    double side[2] = {0, 0};
    for (int p = 0; p < players_; ++p) side[p & 1] += deployment_score(*this, p);
    const double x = 0.9 * scale * std::tanh((side[0] - side[1]) / (kDeploySpread * players_ / 2.0));
    for (int p = 0; p < players_; ++p) v[p] = (p & 1) == 0 ? x : -x;
    return v;
  }
  const auto side = adjudication_scores(false);
  const double total = side[0] + side[1];
  if (total <= 0) return v;
  const double x = 0.9 * scale * (side[0] - side[1]) / total;
  for (int p = 0; p < players_; ++p) v[p] = (p & 1) == 0 ? x : -x;
  return v;
}

std::array<double, 2> State::adjudication_scores(bool material_only) const {
  const Board& b = *board_;
  std::array<double, 2> side = {0, 0};
  for (int p = 0; p < players_; ++p) {
    if (eliminated(p)) continue;
    const Posts enemies = team_occupancy(1 - (p & 1));
    double material = 0;
    for (int post : occ_[p]) {
      const int piece = piece_at_[post];
      const int kind = kind_of_[piece];
      material += kWorth[kind];
      if (material_only) continue;
      if (kind == kFlag) {
        // Flag safety: enemies one step from the flag, and enemies two steps away.
        const Posts near = b.road[post] | b.rail[post];
        Posts ring2;
        for (int q : near) ring2 |= b.road[q];
        material -= 6.0 * (near & enemies).count() +
                    2.0 * (ring2.andnot(near).andnot(Posts::single(post)) & enemies).count();
      } else if (mobile(kind) && !b.camps.test(post)) {
        // Threats: a piece next to a stronger enemy it cannot flee from is half lost.
        for (int q : b.road[post] & enemies) {
          const int other = kind_of_[piece_at_[q]];
          if (mobile(other) && fight(other, kind, rules_.mine_dies_too) == kAttackerWins) {
            material -= 0.5 * kWorth[kind];
            break;
          }
        }
      }
    }
    // A player still in is worth something itself (not in the material count).
    side[p & 1] += material_only ? material : 20 + std::max(0.0, material);
  }
  return side;
}

}  // namespace qilab::junqi

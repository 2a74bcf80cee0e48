// Heuristic evaluation for greedy agents and search cut-offs (docs/rules/guifa.md,
// "Evaluation"): material, scepter safety and distance to the source, live fields and barriers.
#include <algorithm>
#include <cmath>

#include "engine/guifa/guifa.h"

namespace qilab::guifa {
namespace {

// Piece values in pawns of a beast; the scepter is priced by safety, not material.
constexpr double kValue[kKinds] = {3.0, 3.0, 3.5, 0.0, 3.0, 4.0, 4.0, 1.0};
constexpr double kFieldCell = 0.3;
constexpr double kBarrierCell = 0.1;
constexpr double kSourceStep = 0.6;  // per Chebyshev step of the scepter from the source
constexpr double kThreat = 1.5;      // per enemy piece within two squares of the scepter
constexpr double kScale = 8.0;       // score difference that makes a side about 76% sure
// Adjudication at the turn cap (option adjudicate, docs/rules/guifa.md "End and returns"): the
// leading team's lead over the runner-up that wins, by evaluation (in pawns) or by material
// (a share of the two teams' piece counts).
constexpr double kAdjudicatePawns = 1.0;
constexpr double kAdjudicateMargin = 0.1;

}  // namespace

std::array<double, 4> State::team_scores() const {
  const Geometry& g = *geo_;
  const int teams = num_teams();
  std::array<double, kMaxPlayers> seat{};
  for (int p = 0; p < players_; ++p) {
    if (out(p)) continue;
    double s = 0;
    for (int c : own_[p]) s += kValue[sq_[c].kind];
    const int z = cell_of(kScepter, p);
    if (z >= 0) {
      const int d = std::max(std::abs(g.row(z) - g.row(g.centre)), std::abs(g.col(z) - g.col(g.centre)));
      s -= kSourceStep * d;
      int threats = 0;
      const Board enemies = occ_.andnot(team_pieces(team_of(p)));
      for (int c : enemies)
        if (std::abs(g.row(c) - g.row(z)) <= 2 && std::abs(g.col(c) - g.col(z)) <= 2) ++threats;
      s -= kThreat * threats;
    }
    seat[p] = s;
  }
  std::array<double, 4> team{};
  for (int p = 0; p < players_; ++p) team[team_of(p)] += seat[p];
  for (int t = 0; t < teams; ++t)
    team[t] += kFieldCell * field_[t].count() + kBarrierCell * barrier_[t].count();
  return team;
}

Values State::evaluate() const {
  if (is_terminal()) return returns();
  const std::array<double, 4> team = team_scores();
  Values v{};
  if (mode_ != Mode::kFreeForAll) {
    const double x = std::tanh((team[0] - team[1]) / kScale);
    for (int p = 0; p < players_; ++p) v[p] = team_of(p) == 0 ? x : -x;
    return v;
  }
  // Free-for-all: each seat's softmax share of the n-1 : -1 stakes; the values sum to 0.
  double total = 0, best = -1e300;
  for (int p = 0; p < players_; ++p)
    if (!out(p)) best = std::max(best, team[p]);
  std::array<double, kMaxPlayers> w{};
  for (int p = 0; p < players_; ++p) {
    w[p] = out(p) ? 0.0 : std::exp((team[p] - best) / kScale);
    total += w[p];
  }
  for (int p = 0; p < players_; ++p) v[p] = players_ * w[p] / total - 1.0;
  return v;
}

int State::adjudicated_team() const {
  if (adjudicate_ == 0 || winner_team_ >= 0) return -1;
  // The leading team and the runner-up among the teams still in, by the chosen score.
  std::array<double, 4> score{};
  if (adjudicate_ == 1) {
    score = team_scores();
  } else {
    for (int p = 0; p < players_; ++p) score[team_of(p)] += own_[p].count();
  }
  int best = -1, second = -1;
  for (int t = 0; t < num_teams(); ++t) {
    bool in = false;
    for (int p = 0; p < players_; ++p) in |= team_of(p) == t && !out(p);
    if (!in) continue;
    if (best < 0 || score[t] > score[best]) {
      second = best;
      best = t;
    } else if (second < 0 || score[t] > score[second]) {
      second = t;
    }
  }
  if (best < 0 || second < 0) return best;
  const double lead = score[best] - score[second];
  const bool ahead =
      adjudicate_ == 1 ? lead > kAdjudicatePawns : lead > kAdjudicateMargin * (score[best] + score[second]);
  return ahead ? best : -1;
}

}  // namespace qilab::guifa

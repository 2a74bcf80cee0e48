#pragma once
// Confidence intervals for a proportion (win, draw and loss rates).
#include <cstdint>

namespace qilab::experiments {

struct Interval {
  double lo = 0;
  double hi = 1;
};

// The two-sided normal quantile for 95% confidence.
inline constexpr double kZ95 = 1.959963984540054;

// Wilson score interval for `successes` out of `trials` (E. B. Wilson, "Probable inference, the
// law of succession, and statistical inference", J. Amer. Statist. Assoc. 22, 209-212, 1927):
//
//   centre = (p + z²/2n) / (1 + z²/n)
//   half   = z / (1 + z²/n) · sqrt(p(1-p)/n + z²/4n²)        with p = successes / n
//
// Unlike the normal (Wald) interval it stays inside [0, 1] and is not empty at 0 or n successes,
// which matters for seat win rates over a few dozen games. No trials gives [0, 1].
Interval wilson_interval(std::int64_t successes, std::int64_t trials, double z = kZ95);

// The same formula for an observed rate p over an effective number of independent trials
// n_eff (not necessarily whole): what cluster_wilson_interval uses once the correlation inside
// clusters is accounted for. p = 0 (or 1) gives a lower (upper) bound of exactly 0 (1).
Interval wilson_rate_interval(double p, double n_eff, double z = kZ95);

// Counts of one outcome gathered by cluster (a cluster: the seats one agent held in one game).
// Seats of one game are not independent trials: allies win together, and an agent in several
// seats of a game plays against itself. Only whole games are independent.
struct ClusterCounts {
  std::int64_t clusters = 0;                                // G: games
  std::int64_t trials = 0;                                  // n = sum of m_g: seat-games
  std::int64_t successes = 0;                               // k = sum of k_g
  std::int64_t trials_sq = 0, successes_sq = 0, cross = 0;  // sums of m_g^2, k_g^2, k_g m_g
  void add(std::int64_t m, std::int64_t k);
};

// The effective number of independent trials behind the rate k/n of `c`: n divided by the
// design effect, the ratio of the cluster-robust (sandwich) variance of the ratio estimator
// k/n to the variance independent trials would give (no small-sample factor, like Wilson's):
//
//   p = k/n,   V = sum_g (k_g - p m_g)^2 / n^2,   n_eff = p(1-p) / V = k (n-k) n^2 / T,
//   T = sum_g (n k_g - k m_g)^2 = n^2 sum k_g^2 - 2 n k sum k_g m_g + k^2 sum m_g^2,
//
// T computed exactly in integers. Clusters of one trial each give T = n k (n-k), so n_eff = n:
// the plain Wilson interval. Clusters whose m seats always share one outcome (allies; W of G
// games won) give T = m^4 G W (G-W), so n_eff = G: the Wilson interval on games. n_eff is
// never more than n (seats negatively correlated, as an agent playing itself, do not make the
// interval narrower than independent seat-games would), and at p = 0 or 1, where the data
// show no spread to measure, it is G: games are counted.
double effective_trials(const ClusterCounts& c);

// The Wilson interval of k/n on effective_trials(c) trials.
Interval cluster_wilson_interval(const ClusterCounts& c, double z = kZ95);

}  // namespace qilab::experiments

#include "experiments/wilson.h"

#include <algorithm>
#include <cmath>

namespace qilab::experiments {

Interval wilson_rate_interval(double p, double n, double z) {
  if (!(n > 0)) return {0, 1};
  const double z2 = z * z;
  const double denom = 1 + z2 / n;
  const double centre = (p + z2 / (2 * n)) / denom;
  const double half = z / denom * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  // p = 0 (or 1) gives a bound of exactly 0 (or 1); the subtraction leaves ~1e-17 of noise.
  return {p <= 0 ? 0.0 : std::max(0.0, centre - half), p >= 1 ? 1.0 : std::min(1.0, centre + half)};
}

Interval wilson_interval(std::int64_t successes, std::int64_t trials, double z) {
  if (trials <= 0) return {0, 1};
  return wilson_rate_interval(static_cast<double>(successes) / static_cast<double>(trials),
                              static_cast<double>(trials), z);
}

void ClusterCounts::add(std::int64_t m, std::int64_t k) {
  ++clusters;
  trials += m;
  successes += k;
  trials_sq += m * m;
  successes_sq += k * k;
  cross += k * m;
}

double effective_trials(const ClusterCounts& c) {
  __extension__ typedef __int128 Wide;  // n^2 sum k_g^2 passes 2^63 past ~10^5 six-seat games
  const Wide n = c.trials, k = c.successes;
  if (n <= 0) return 0;
  if (k == 0 || k == n) return static_cast<double>(c.clusters);
  const Wide t = n * n * c.successes_sq - 2 * n * k * c.cross + k * k * c.trials_sq;
  const Wide independent = n * k * (n - k);  // T for independent trials: n_eff = n
  if (t <= independent) return static_cast<double>(c.trials);
  return static_cast<double>(k * (n - k)) * static_cast<double>(n * n) / static_cast<double>(t);
}

Interval cluster_wilson_interval(const ClusterCounts& c, double z) {
  if (c.trials <= 0) return {0, 1};
  return wilson_rate_interval(static_cast<double>(c.successes) / static_cast<double>(c.trials),
                              effective_trials(c), z);
}

}  // namespace qilab::experiments

#include "experiments/wilson.h"

#include <algorithm>
#include <cmath>

namespace qilab::experiments {

Interval wilson_interval(std::int64_t successes, std::int64_t trials, double z) {
  if (trials <= 0) return {0, 1};
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(successes) / n;
  const double z2 = z * z;
  const double denom = 1 + z2 / n;
  const double centre = (p + z2 / (2 * n)) / denom;
  const double half = z / denom * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  // 0 (or n) successes give a bound of exactly 0 (or 1); the subtraction leaves ~1e-17 of noise.
  return {successes <= 0 ? 0.0 : std::max(0.0, centre - half), successes >= trials ? 1.0 : std::min(1.0, centre + half)};
}

}  // namespace qilab::experiments

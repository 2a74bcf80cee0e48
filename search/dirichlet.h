#pragma once
// Draws from the Gamma and Dirichlet distributions with the project's Rng (reproducible for a
// seed on every platform, unlike <random>'s distributions), for root noise in self-play.
#include <cmath>
#include <span>

#include "engine/core/rng.h"

namespace qilab::search {

// A standard normal variate (Box-Muller).
inline double normal(Rng& rng) {
  double u = rng.uniform();
  while (u <= 0) u = rng.uniform();
  return std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * rng.uniform());
}

// Gamma(shape, 1), shape > 0: Marsaglia & Tsang (2000), "A simple method for generating gamma
// variables", with Gamma(a) = Gamma(a + 1) * U^(1/a) for a < 1.
inline double gamma(double shape, Rng& rng) {
  if (shape < 1) {
    double u = rng.uniform();
    while (u <= 0) u = rng.uniform();
    return gamma(shape + 1, rng) * std::pow(u, 1.0 / shape);
  }
  const double d = shape - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    double x, v;
    do {
      x = normal(rng);
      v = 1.0 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = rng.uniform();
    if (u < 1.0 - 0.0331 * x * x * x * x) return d * v;
    if (u > 0 && std::log(u) < 0.5 * x * x + d * (1.0 - v + std::log(v))) return d * v;
  }
}

// Fills `out` with one draw of the symmetric Dirichlet(alpha) distribution.
inline void dirichlet(double alpha, Rng& rng, std::span<double> out) {
  double sum = 0;
  for (double& x : out) sum += (x = gamma(alpha, rng));
  if (!(sum > 0)) {  // every draw underflowed (tiny alpha): one coordinate takes it all
    for (double& x : out) x = 0;
    if (!out.empty()) out[rng.below(static_cast<std::uint32_t>(out.size()))] = 1;
    return;
  }
  for (double& x : out) x /= sum;
}

}  // namespace qilab::search

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

}  // namespace qilab::experiments

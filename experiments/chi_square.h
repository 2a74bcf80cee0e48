#pragma once
// Pearson's chi-square test that counts are equally likely across categories.
#include <cstdint>
#include <vector>

namespace qilab::experiments {

// P(X >= statistic) for X chi-square with `df` degrees of freedom: the regularized upper
// incomplete gamma function Q(df/2, statistic/2) (Boost.Math's gamma_q). df >= 1.
double chi_square_upper_tail(double statistic, int df);

struct ChiSquareTest {
  std::int64_t n = 0;    // observations (games)
  int df = 0;            // categories - 1
  double statistic = 0;  // sum (O - E)^2 / E with E = n / categories
  double p_value = 1;
};

// Goodness of fit of `counts` to equal probabilities (K. Pearson, Phil. Mag. 50, 157-175,
// 1900). Fewer than two categories or no observations give df 0 and p 1: nothing to test.
ChiSquareTest chi_square_equal(const std::vector<std::int64_t>& counts);

}  // namespace qilab::experiments

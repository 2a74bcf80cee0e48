#pragma once
// Pearson's chi-square test that counts are equally likely across categories.
#include <cstdint>
#include <vector>

namespace qilab::experiments {

// P(X >= statistic) for X chi-square with `df` degrees of freedom: the regularized upper
// incomplete gamma function Q(df/2, statistic/2) (Boost.Math's gamma_q). df >= 1.
double chi_square_upper_tail(double statistic, int df);

// Below this expected count per category the chi-square approximation is poor (Cochran's rule),
// and the p-value is the exact test's.
inline constexpr double kChiSquareMinExpected = 5;
// The exact test enumerates every way the observations fall into the categories; past this
// many ways it is not tried (the approximation's p stands, and the method says so).
inline constexpr double kExactMaxOutcomes = 5e6;

struct ChiSquareTest {
  std::int64_t n = 0;    // observations (games)
  int df = 0;            // categories - 1
  double statistic = 0;  // sum (O - E)^2 / E with E = n / categories
  double p_value = 1;
  // How p_value was found: "Pearson chi-square"; "exact multinomial" (E under 5); or, E under
  // 5 with too many outcomes to enumerate, "Pearson chi-square (expected under 5: approximate)".
  const char* method = "Pearson chi-square";
};

// Goodness of fit of `counts` to equal probabilities (K. Pearson, Phil. Mag. 50, 157-175,
// 1900). Fewer than two categories or no observations give df 0 and p 1: nothing to test.
// With fewer than kChiSquareMinExpected observations expected per category, p is that of the
// exact multinomial test (exact_equal_p).
ChiSquareTest chi_square_equal(const std::vector<std::int64_t>& counts);

// The exact multinomial goodness-of-fit test of equal probabilities with the same statistic:
// P(X^2 >= the observed X^2) summed over every count vector of the same total, each with its
// probability n! / prod(k_i!) / T^n. Throws Error past kExactMaxOutcomes vectors.
double exact_equal_p(const std::vector<std::int64_t>& counts);

}  // namespace qilab::experiments

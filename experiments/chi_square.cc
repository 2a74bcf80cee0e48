#include "experiments/chi_square.h"

#include <algorithm>
#include <cmath>
#include <string>

#include <boost/math/special_functions/gamma.hpp>

#include "engine/core/error.h"

namespace qilab::experiments {

namespace {

// The number of count vectors of T categories summing to n: C(n + T - 1, T - 1).
double outcomes(std::int64_t n, int categories) {
  double ways = 1;
  for (int i = 1; i < categories; ++i) ways = ways * static_cast<double>(n + i) / i;
  return ways;
}

}  // namespace

double chi_square_upper_tail(double statistic, int df) {
  if (df < 1) throw Error("chi-square: expected at least 1 degree of freedom, got " + std::to_string(df));
  if (!(statistic > 0)) return 1.0;
  return boost::math::gamma_q(0.5 * df, 0.5 * statistic);
}

ChiSquareTest chi_square_equal(const std::vector<std::int64_t>& counts) {
  ChiSquareTest t;
  for (auto c : counts) t.n += c;
  if (counts.size() < 2 || t.n == 0) return t;
  t.df = static_cast<int>(counts.size()) - 1;
  const double expected = static_cast<double>(t.n) / static_cast<double>(counts.size());
  for (auto c : counts) {
    const double d = static_cast<double>(c) - expected;
    t.statistic += d * d / expected;
  }
  t.p_value = chi_square_upper_tail(t.statistic, t.df);
  if (expected < kChiSquareMinExpected) {
    if (outcomes(t.n, static_cast<int>(counts.size())) <= kExactMaxOutcomes) {
      t.p_value = exact_equal_p(counts);
      t.method = "exact multinomial";
    } else {
      t.method = "Pearson chi-square (expected under 5: approximate)";
    }
  }
  return t;
}

double exact_equal_p(const std::vector<std::int64_t>& counts) {
  const int categories = static_cast<int>(counts.size());
  std::int64_t n = 0;
  for (auto c : counts) n += c;
  if (categories < 2 || n == 0) return 1.0;
  if (outcomes(n, categories) > kExactMaxOutcomes)
    throw Error("chi-square: too many outcomes for the exact test (" + std::to_string(n) +
                " observations in " + std::to_string(categories) + " categories)");
  // Compare sums of squares: X^2 = (T / n) sum k^2 - n, so X^2 >= x exactly when sum k^2 >= s.
  std::int64_t observed = 0;
  for (auto c : counts) observed += c * c;
  const double log_norm =
      std::lgamma(static_cast<double>(n) + 1) - static_cast<double>(n) * std::log(categories);
  double p = 0;
  // Each count vector (k_1 .. k_T) summing to n, with the sum of its squares and of log k_i!.
  auto walk = [&](auto&& self, int category, std::int64_t left, std::int64_t squares,
                  double log_fact) -> void {
    if (category == categories - 1) {
      if (squares + left * left >= observed)
        p += std::exp(log_norm - log_fact - std::lgamma(static_cast<double>(left) + 1));
      return;
    }
    for (std::int64_t k = 0; k <= left; ++k)
      self(self, category + 1, left - k, squares + k * k, log_fact + std::lgamma(static_cast<double>(k) + 1));
  };
  walk(walk, 0, n, 0, 0.0);
  return std::min(1.0, p);
}

}  // namespace qilab::experiments

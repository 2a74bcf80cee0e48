#include "experiments/chi_square.h"

#include <boost/math/special_functions/gamma.hpp>

#include "engine/core/error.h"

namespace qilab::experiments {

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
  return t;
}

}  // namespace qilab::experiments

// Gamma and Dirichlet draws (search/dirichlet.h), for root noise.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "search/dirichlet.h"

using namespace qilab;

TEST_CASE("dirichlet: gamma draws have mean and variance equal to the shape") {
  for (double shape : {0.03, 0.3, 1.0, 4.5}) {
    Rng rng(11);
    const int n = 200000;
    double sum = 0, sq = 0;
    for (int i = 0; i < n; ++i) {
      const double x = search::gamma(shape, rng);
      REQUIRE(x >= 0);
      sum += x;
      sq += x * x;
    }
    const double mean = sum / n, var = sq / n - mean * mean;
    INFO("shape " << shape);
    CHECK(mean == doctest::Approx(shape).epsilon(0.03));
    CHECK(var == doctest::Approx(shape).epsilon(0.1));
  }
}

TEST_CASE("dirichlet: each draw sums to 1 and every coordinate has mean 1/k") {
  Rng rng(5);
  std::vector<double> x(4), mean(4, 0.0);
  const int n = 50000;
  for (int i = 0; i < n; ++i) {
    search::dirichlet(0.3, rng, x);
    double s = 0;
    for (int k = 0; k < 4; ++k)
      s += x[static_cast<std::size_t>(k)],
          mean[static_cast<std::size_t>(k)] += x[static_cast<std::size_t>(k)] / n;
    REQUIRE(s == doctest::Approx(1.0));
  }
  for (double m : mean) CHECK(m == doctest::Approx(0.25).epsilon(0.03));
}

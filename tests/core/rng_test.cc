#include <doctest/doctest.h>

#include <array>
#include <cstdlib>

#include "engine/core/rng.h"

using qilab::Rng;

TEST_CASE("rng: same seed, same stream; different seeds differ") {
  Rng a(42), b(42), c(43);
  for (int i = 0; i < 100; ++i) {
    auto x = a.next();
    CHECK(x == b.next());
    CHECK(x != c.next());
  }
}

TEST_CASE("rng: split streams are reproducible and distinct") {
  Rng root(7);
  Rng s0 = root.split(0), s0b = root.split(0), s1 = root.split(1);
  CHECK(s0.next() == s0b.next());
  CHECK(root.split(0).next() != s1.next());
}

TEST_CASE("rng: below() is uniform enough and in range") {
  Rng r(1);
  std::array<int, 6> counts{};
  const int n = 60000;
  for (int i = 0; i < n; ++i) {
    auto x = r.below(6);
    REQUIRE(x < 6);
    ++counts[x];
  }
  // Each bucket expects 10000; 5 sigma is about 456.
  for (int c : counts) CHECK(std::abs(c - 10000) < 456);
  for (int i = 0; i < 1000; ++i) {
    double u = r.uniform();
    REQUIRE(u >= 0.0);
    REQUIRE(u < 1.0);
  }
}

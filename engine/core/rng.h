#pragma once
// Rng: xoshiro256** seeded through splitmix64. Cheap to copy, splittable into
// independent streams (one per game index) so parallel runs stay deterministic.
#include <cstdint>

namespace qilab {

constexpr std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

class Rng {
 public:
  using result_type = std::uint64_t;
  explicit constexpr Rng(std::uint64_t seed = 0) {
    std::uint64_t x = seed;
    for (auto& w : s_) w = splitmix64(x);
  }

  // An independent stream for index i (a game, a thread, a rank).
  constexpr Rng split(std::uint64_t i) const {
    std::uint64_t x = s_[0] ^ (s_[3] * 0xD1B54A32D192ED03ull);
    std::uint64_t a = splitmix64(x);
    std::uint64_t y = i + 0x632BE59BD9B4E019ull;
    return Rng(a ^ splitmix64(y));
  }

  constexpr std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  constexpr std::uint64_t operator()() { return next(); }
  static constexpr std::uint64_t min() { return 0; }
  static constexpr std::uint64_t max() { return ~std::uint64_t{0}; }

  // Uniform integer in [0, n), n > 0 (Lemire's multiply-shift, bias below 2^-32 for n < 2^32).
  constexpr std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>(((next() >> 32) * static_cast<std::uint64_t>(n)) >> 32);
  }
  // Uniform double in [0, 1).
  constexpr double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4]{};
};

}  // namespace qilab

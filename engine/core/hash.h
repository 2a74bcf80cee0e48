#pragma once
// The one hash mixer for keys computed from a state: information keys, position hashes and
// memo keys. Every game folds its fields into a running value with hash_mix, so that a key's
// quality (and its cost: two multiplications per field) is the same in every game, and a
// fix here reaches all of them.
//
//   std::uint64_t h = kHashSeed;
//   h = hash_mix(h, word);       // once per field, in a fixed order
//
// hash_mix is the splitmix64 finaliser applied to the field folded into the running value
// (boost-style h ^ (x + k + (h << 6) + (h >> 2))): every input bit reaches every output bit,
// so keys may be reduced modulo a table size. It is not a cryptographic hash, and keys are not
// stable across versions of the program (records never store them).
#include <cstdint>
#include <cstring>
#include <string_view>

namespace qilab {

inline constexpr std::uint64_t kHashSeed = 0x9E3779B97F4A7C15ull;

constexpr std::uint64_t hash_mix(std::uint64_t h, std::uint64_t x) {
  std::uint64_t z = h ^ (x + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2));
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Folds text into h eight bytes at a time (the last word zero-padded, the length folded in
// last, so that "a" and "a\0" differ).
inline std::uint64_t hash_bytes(std::uint64_t h, std::string_view bytes) {
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, bytes.data() + i, 8);
    h = hash_mix(h, w);
  }
  if (i < bytes.size()) {
    std::uint64_t w = 0;
    std::memcpy(&w, bytes.data() + i, bytes.size() - i);
    h = hash_mix(h, w);
  }
  return hash_mix(h, bytes.size());
}

}  // namespace qilab

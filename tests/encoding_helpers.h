#pragma once
// For the games' encoding tests: a state's input as a vector, and where a named plane or scalar
// of an EncodingSpec (engine/core/encoding.h) sits in it.
#include <doctest/doctest.h>

#include <span>
#include <string>
#include <vector>

#include "engine/core/encoding.h"

namespace qilab::testing {

// What `s.encode(observer, ...)` writes, into a vector first filled with -1 (so that a slot the
// encoder leaves unwritten shows).
template <class G, class S>
std::vector<float> encoded(const G& g, const S& s, Player observer) {
  std::vector<float> out(static_cast<std::size_t>(g.encoding_spec().size()), -1.0f);
  s.encode(observer, std::span<float>(out));
  return out;
}

// The index of plane `name`; fails the test when the spec has none.
inline int plane_of(const EncodingSpec& spec, const std::string& name) {
  for (int k = 0; k < spec.planes; ++k)
    if (spec.plane_names[k] == name) return k;
  FAIL("no plane " << name);
  return -1;
}

// The input index of scalar `name` (after the planes); fails the test when the spec has none.
inline int scalar_of(const EncodingSpec& spec, const std::string& name) {
  for (int k = 0; k < spec.scalars; ++k)
    if (spec.scalar_names[k] == name) return spec.board_size() + k;
  FAIL("no scalar " << name);
  return -1;
}

}  // namespace qilab::testing

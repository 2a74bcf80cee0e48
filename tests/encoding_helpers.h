#pragma once
// For the games' encoding tests: a state's input as a vector, and where a named plane or scalar
// of an EncodingSpec (engine/core/encoding.h) sits in it.
#include <doctest/doctest.h>

#include <span>
#include <string>
#include <vector>

#include "engine/core/action_list.h"
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

// Every legal action of `s` has its own policy index, in range, that gives the action back;
// indices out of range give none; with `every_index`, every other index gives none either.
template <class G, class S>
void check_policy_round_trip(const G& g, const S& s, bool every_index) {
  const PolicySpec& policy = g.policy_spec();
  ActionList legal;
  s.legal_actions(legal);
  std::vector<char> used(static_cast<std::size_t>(policy.size()), 0);
  for (Action a : legal) {
    const int i = s.policy_index(a);
    INFO(s.render_text(), s.action_to_string(a));
    REQUIRE(i >= 0);
    REQUIRE(i < policy.size());
    REQUIRE_FALSE(used[static_cast<std::size_t>(i)]);
    used[static_cast<std::size_t>(i)] = 1;
    REQUIRE(s.policy_action(i) == a);
  }
  if (every_index)
    for (int i = 0; i < policy.size(); ++i)
      if (!used[static_cast<std::size_t>(i)]) REQUIRE(s.policy_action(i) == kInvalidAction);
  CHECK(s.policy_action(-1) == kInvalidAction);
  CHECK(s.policy_action(policy.size()) == kInvalidAction);
}

}  // namespace qilab::testing

#pragma once
// For tests of agent specs: the message make_agent refuses `spec` with for `game`, "" when the
// agent is built.
#include <string>

#include "agents/factory.h"
#include "tests/error_of.h"

namespace qilab::mizong::test {

template <class G>
std::string refusal(const G& game, const std::string& spec) {
  return qilab::testing::error_of([&] { make_agent(game, spec); });
}

}  // namespace qilab::mizong::test

#pragma once
// Determinisation: full states consistent with everything one seat has seen
// (docs/rules/junqi.md, "Hidden information").
#include <cstdint>

#include "engine/core/rng.h"

namespace qilab::junqi {

// How many draws since start-up found no consistent world within their search budget and
// returned the true state instead (tests require 0; a search would see a biased world).
std::uint64_t sampler_fallbacks();

class State;
// Whether some world consistent with what seat p has seen gives `piece` the kind `kind`, by
// exhaustive search (for tests of the sampler's support): 1 yes, 0 no, -1 undecided within
// `max_nodes` search steps. Not for use in search: it can be slow.
int world_exists(const State& s, int p, int piece, int kind, std::int64_t max_nodes);

// sample_world with a chosen number of exchange steps after the search (sample_world uses
// the free pieces' count + 16; 0 gives the bare search's draw), for tests and measurements.
State sample_world_steps(const State& s, int p, Rng& rng, int steps);

}  // namespace qilab::junqi

#pragma once
// Determinisation: full states consistent with everything one seat has seen
// (docs/rules/junqi.md, "Hidden information").
#include <cstdint>

#include "engine/core/rng.h"

namespace qilab::junqi {

// Restarted short searches a draw makes before its fallback (docs/rules/junqi.md,
// "Hidden information").
inline constexpr int kSamplerAttempts = 32;

// How many draws since start-up found no consistent world in their kSamplerAttempts
// restarted searches and needed the fallback: the complete search (world_search.h), which
// finds a consistent world whenever one exists (one always does: the true state). The true
// state is never handed out; a draw whose complete search runs out of its (large) step budget
// throws Error, which the referee takes as the seat's failed decision. Tests require 0
// fallbacks in ordinary random play.
std::uint64_t sampler_fallbacks();

class State;
// Whether some world consistent with what seat p has seen gives `piece` the kind `kind`, by
// exhaustive search (for tests of the sampler's support): 1 yes, 0 no, -1 undecided within
// `max_nodes` search steps. Not for use in search: it can be slow.
int world_exists(const State& s, int p, int piece, int kind, std::int64_t max_nodes);

// sample_world with a chosen number of exchange steps after the search (sample_world uses
// the free pieces' count + 16; 0 gives the bare search's draw), for tests and measurements.
// `attempts`: the restarted short searches before the fallback (0 goes straight to it,
// for tests of the fallback).
State sample_world_steps(const State& s, int p, Rng& rng, int steps, int attempts = kSamplerAttempts);

}  // namespace qilab::junqi

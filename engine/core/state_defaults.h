#pragma once
// The members of the GameState concept that are the same in every game of a kind, written
// once. A state class derives from the ones that fit it and declares nothing of them itself:
//
//   class State : public NoChance, public PerfectInformation<State> { ... };
//
//   NoChance               a deterministic game: is_chance() is false, chance_outcomes()
//                          lists nothing, sample_chance() is kInvalidAction;
//   PerfectInformation<S>  every seat sees the whole state: sample_world(p, rng) is the
//                          state itself.
//
// Both are empty, so a state stays the same size and a flat copy (the empty-base
// optimisation); they compare equal, so a defaulted operator== of the state still compares
// exactly its own members.
#include "engine/core/action_list.h"
#include "engine/core/rng.h"
#include "engine/core/types.h"

namespace qilab {

struct NoChance {
  bool is_chance() const { return false; }
  void chance_outcomes(ChanceList& out) const { out.clear(); }
  Action sample_chance(Rng&) const { return kInvalidAction; }
  friend bool operator==(const NoChance&, const NoChance&) = default;
};

template <class S>
struct PerfectInformation {
  S sample_world(Player, Rng&) const { return static_cast<const S&>(*this); }
  friend bool operator==(const PerfectInformation&, const PerfectInformation&) = default;
};

}  // namespace qilab

#pragma once
// How one game ended, as its game's analysis names it (experiments/analysis/<game>.h).
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "experiments/outcome.h"

namespace qilab::experiments {

struct Ending {
  std::string kind;      // "flag", "elimination", "turn_limit", ...: the game's own words
  bool timeout = false;  // ended by a length cap rather than by play (Ludii's "timeouts")
};

// A game the referee ended at a seat's forfeit (an agent that failed, where the game has no rule
// of its own for it: docs/experiments.md, "Agents that fail"). Its last position is one the
// rules do not end, so no analysis reads an ending from it; nor is it a timeout. The store's
// `ending` says "forfeit" too.
inline const Ending kForfeitEnding{"forfeit", false};

// For games without an analysis of their own: the ending is not known.
struct NoAnalysis {
  template <class S>
  void begin(const S&) {}
  template <class S, class A>
  void before(const S&, A) {}
  template <class S>
  void after(const S&) {}
  template <class S, class R>
  Ending end(const S&, const R&, std::span<const Outcome>) {
    return {"unknown", false};
  }
  void merge(const NoAnalysis&) {}
  nlohmann::json to_json() const { return nullptr; }
  static constexpr bool kKnowsEndings = false;
};

}  // namespace qilab::experiments

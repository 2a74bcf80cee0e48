#pragma once
// Each game's own analysis (experiments/analysis/<game>.h), reached from the game type. The
// stats replay (run_stats.cc) calls, for every record: begin(start), then before(state, a) and
// after(state) around each action, then end(final, record, outcomes), which names the ending.
#include "engine/registry.h"
#include "experiments/analysis/checkers.h"
#include "experiments/analysis/elements.h"
#include "experiments/analysis/ending.h"
#include "experiments/analysis/guifa.h"
#include "experiments/analysis/junqi.h"
#include "experiments/analysis/mizong.h"

namespace qilab::experiments {

template <class G>
struct AnalysisOf {
  using type = NoAnalysis;
};
template <>
struct AnalysisOf<checkers::Checkers> {
  using type = CheckersAnalysis;
};
template <>
struct AnalysisOf<guifa::Guifa> {
  using type = GuifaAnalysis;
};
template <>
struct AnalysisOf<junqi::Junqi6> {
  using type = JunqiAnalysis;
};
template <>
struct AnalysisOf<junqi::Junqi4> {
  using type = JunqiAnalysis;
};
template <>
struct AnalysisOf<elements::Elements> {
  using type = ElementsAnalysis;
};
template <>
struct AnalysisOf<mizong::Mizong> {
  using type = MizongAnalysis;
};

}  // namespace qilab::experiments

#pragma once
// How long one search may think: a number of simulations, a wall-clock time, or both
// (whichever runs out first). Only a simulation budget is reproducible: a time budget
// gives a different number of simulations on a busier machine.
#include <chrono>
#include <cstdint>
#include <limits>

namespace qilab::search {

struct Budget {
  std::int64_t simulations = 1000;  // 0: no limit on simulations
  double time_ms = 0;               // 0: no limit on time

  bool limited() const { return simulations > 0 || time_ms > 0; }
};

class Stopwatch {
 public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  double elapsed_ms() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

// Simulations still allowed after `done` of them, `elapsed_ms` into the search. The clock is
// read by the caller once per batch of leaves, a few hundred nanoseconds against a simulation's
// tens of microseconds.
inline std::int64_t simulations_left(const Budget& b, std::int64_t done, double elapsed_ms) {
  if (b.time_ms > 0 && elapsed_ms >= b.time_ms) return 0;
  if (b.simulations > 0) return b.simulations - done;
  return std::numeric_limits<std::int64_t>::max();
}

}  // namespace qilab::search

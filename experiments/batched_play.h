#pragma once
// The parallel loop of tournaments and opening races: games 0 .. n-1 played on `threads`
// threads (OpenMP, dynamic schedule), their records handed to `write` `batch` at a time. A full
// batch is taken out under a short lock and written under another, so the other threads play
// on while one writes (the store's commit and fsync). Every game finished before a failure is
// written too, so a rerun resumes after them; the failure of the lowest game number (or of the
// last write) is rethrown once the loop is over.
#include <cstdint>
#include <exception>
#include <mutex>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/core/record.h"

namespace qilab::experiments {

// `play(k)` plays game k and returns its record (or whatever a game gives: shards.h's
// Payload); `write(records)` stores a batch (calls are never concurrent with each other).
template <class Play, class Write>
void play_in_batches(std::int64_t n, int threads, int batch, Play&& play, Write&& write) {
  using Result = std::decay_t<std::invoke_result_t<Play&, std::int64_t>>;
  std::mutex lock;        // pending, the failure
  std::mutex write_lock;  // one write at a time
  std::vector<Result> pending;
  std::exception_ptr error;
  std::int64_t error_slot = n + 1;
  bool failed = false;
  auto fail = [&](std::int64_t k, std::exception_ptr e) {  // under `lock`
    if (k < error_slot) {
      error_slot = k;
      error = std::move(e);
    }
    failed = true;
  };
  auto write_out = [&](std::vector<Result>& records, std::int64_t k) {
    std::lock_guard w(write_lock);
    try {
      write(records);
    } catch (...) {
      std::lock_guard guard(lock);
      fail(k, std::current_exception());
    }
  };

#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
  for (std::int64_t k = 0; k < n; ++k) {
    {
      std::lock_guard guard(lock);
      if (failed) continue;
    }
    std::vector<Result> full;
    try {
      Result r = play(k);
      std::lock_guard guard(lock);
      pending.push_back(std::move(r));
      if (static_cast<int>(pending.size()) >= batch) full.swap(pending);
    } catch (...) {
      std::lock_guard guard(lock);
      fail(k, std::current_exception());
    }
    if (!full.empty()) write_out(full, k);
  }
  // Games finished before a failure are written too: a rerun resumes after them.
  if (!pending.empty()) write_out(pending, n);
  if (error) std::rethrow_exception(error);
}

}  // namespace qilab::experiments

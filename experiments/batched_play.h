#pragma once
// The parallel loop of tournaments and opening races: games 0 .. n-1 played on `threads`
// threads (OpenMP, dynamic schedule), their records handed to `write` `batch` at a time, or
// sooner when the last batch is `flush_seconds` old (slow games are not held back until a batch
// fills: a kill loses at most that much finished play). Towards the end the batches shrink
// (batch_due): the loop's end waits for the last write, which is then of a few games.
//
// Who writes: when the game threads leave a core free, a writer thread of its own, so that no
// game thread waits on the store's commits and fsyncs, nor shares its caches with them; at most
// kQueuedBatches wait for it (a game thread that would queue another waits instead). When every
// core plays, the thread that fills a batch writes it, under a lock, while the others play on
// (a writer thread there only takes turns with the game threads: docs/performance.md,
// "Tournaments"). Either way batches are written one at a time, in the order they fill.
//
// Every game finished before a failure is written too, so a rerun resumes after them; the
// failure of the lowest game number (or of the last write) is rethrown once the loop is over.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/core/record.h"

namespace qilab::experiments {

inline constexpr double kFlushSeconds = 2.0;
inline constexpr std::size_t kQueuedBatches = 4;
inline constexpr int kLastBatch = 8;

// The number of finished games written as a batch when `left` games of the loop are still to
// come: `batch`, or near the end a quarter of what is left, down to kLastBatch (or `batch`, if
// smaller). Each batch is written while the games after it play, and the last one, which the
// end of the loop waits for, is of a few games instead of `batch` (a 256-game batch is 3-5 ms
// of writing on the project machine).
inline std::size_t batch_due(int batch, std::int64_t left) {
  const std::int64_t most = batch, least = std::min(batch, kLastBatch);
  return static_cast<std::size_t>(std::clamp(left / 4, least, most));
}

// Whether play_in_batches gives the writing a thread of its own by default: `threads` game
// threads leave a core free.
inline bool spare_core_for_writing(int threads) {
  return static_cast<unsigned>(threads) < std::thread::hardware_concurrency();
}

// `play(k)` plays game k and returns its record (or whatever a game gives: shards.h's
// Payload); `write(records)` stores a batch (calls are never concurrent with each other);
// `flush_seconds`: the age at which a batch is written unfilled; `writer_thread`: whether a
// thread of its own writes (default: spare_core_for_writing).
template <class Play, class Write>
void play_in_batches(std::int64_t n, int threads, int batch, Play&& play, Write&& write,
                     double flush_seconds = kFlushSeconds, std::optional<bool> writer_thread = std::nullopt) {
  using Result = std::decay_t<std::invoke_result_t<Play&, std::int64_t>>;
  using Clock = std::chrono::steady_clock;
  struct Batch {
    std::vector<Result> records;
    std::int64_t slot = 0;  // the game that filled it: a failed write is that game's failure
  };
  const bool own_writer = writer_thread.value_or(spare_core_for_writing(threads));
  std::mutex lock;        // everything below
  std::mutex write_lock;  // one write at a time (when game threads write)
  std::condition_variable queue_changed;
  std::deque<Batch> queue;  // filled batches for the writer thread, oldest first
  bool finished = false;    // no batch will be queued any more
  std::vector<Result> pending;
  Clock::time_point last_batch = Clock::now();
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
  auto write_now = [&](Batch& b) {  // not under `lock`
    try {
      write(b.records);
    } catch (...) {
      std::lock_guard guard(lock);
      fail(b.slot, std::current_exception());
    }
  };
  std::thread writer;
  if (own_writer)
    writer = std::thread([&] {
      std::unique_lock guard(lock);
      for (;;) {
        queue_changed.wait(guard, [&] { return !queue.empty() || finished; });
        if (queue.empty()) return;
        Batch b = std::move(queue.front());
        queue.pop_front();
        queue_changed.notify_all();  // room for a waiting game thread
        guard.unlock();
        write_now(b);
        guard.lock();
      }
    });

#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
  for (std::int64_t k = 0; k < n; ++k) {
    {
      std::lock_guard guard(lock);
      if (failed) continue;
    }
    Batch full;
    try {
      Result r = play(k);
      std::unique_lock guard(lock);
      pending.push_back(std::move(r));
      const Clock::time_point now = Clock::now();
      if (pending.size() >= batch_due(batch, n - 1 - k) ||
          std::chrono::duration<double>(now - last_batch).count() >= flush_seconds) {
        full = {std::move(pending), k};
        pending.clear();
        pending.reserve(static_cast<std::size_t>(batch));
        last_batch = now;
        if (own_writer) {
          queue_changed.wait(guard, [&] { return queue.size() < kQueuedBatches; });
          queue.push_back(std::move(full));
          full.records.clear();
          queue_changed.notify_all();
        }
      }
    } catch (...) {
      std::lock_guard guard(lock);
      fail(k, std::current_exception());
    }
    if (!full.records.empty()) {
      std::lock_guard w(write_lock);
      write_now(full);
    }
  }
  // Games finished before a failure are written too: a rerun resumes after them.
  Batch rest{std::move(pending), n};
  if (own_writer) {
    {
      std::lock_guard guard(lock);
      if (!rest.records.empty()) queue.push_back(std::move(rest));
      finished = true;
      queue_changed.notify_all();
    }
    writer.join();
  } else if (!rest.records.empty()) {
    write_now(rest);
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace qilab::experiments

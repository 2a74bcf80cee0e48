#pragma once
// The replay window: the newest `window` samples of a run, drawn uniformly into training
// batches. Shards enter whole, newest last; a shard leaves once every one of its samples is
// older than the window.
#include <cstdint>
#include <deque>
#include <vector>

#include "engine/core/rng.h"
#include "training/sample.h"

namespace qilab::training {

class ReplayWindow {
 public:
  ReplayWindow(SampleShape shape, std::int64_t window) : shape_(shape), window_(window) {}

  void add(std::vector<Sample> shard);
  // Samples inside the window (at most `window`).
  std::int64_t size() const { return std::min<std::int64_t>(total_, window_); }
  std::int64_t shards() const { return static_cast<std::int64_t>(shards_.size()); }

  // `n` samples drawn uniformly (with replacement) from the window; the value rows get
  // `net_seats` entries, masked past the game's seats. Error when the window is empty.
  Batch draw(int n, int net_seats, Rng& rng) const;
  // The i-th newest sample (0: the newest).
  const Sample& newest(std::int64_t i) const;

 private:
  SampleShape shape_;
  std::int64_t window_;
  std::int64_t total_ = 0;
  std::deque<std::vector<Sample>> shards_;
};

}  // namespace qilab::training

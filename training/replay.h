#pragma once
// The replay window: the newest `window` samples of a run, drawn uniformly into training
// batches. Shards enter whole, newest last; a shard leaves once every one of its samples is
// older than the window.
#include <cstdint>
#include <deque>
#include <vector>

#include "engine/core/encoding.h"
#include "engine/core/rng.h"
#include "training/sample.h"

namespace qilab::training {

class ReplayWindow {
 public:
  // `symmetries`: the game's encoding symmetries for augmentation (none: every sample as played).
  // Error when a symmetry's maps do not fit `shape`.
  ReplayWindow(SampleShape shape, std::int64_t window, std::vector<EncodingSymmetry> symmetries = {});

  void add(std::vector<Sample> shard);
  // Samples inside the window (at most `window`).
  std::int64_t size() const { return std::min<std::int64_t>(total_, window_); }
  std::int64_t shards() const { return static_cast<std::int64_t>(shards_.size()); }

  // `n` samples drawn uniformly (with replacement) from the window, each seen through one of
  // the symmetries or as played, uniformly (both choices from `rng`); the value rows get
  // `net_seats` entries, masked past the game's seats. Error when the window is empty.
  Batch draw(int n, int net_seats, Rng& rng) const;
  // The i-th newest sample (0: the newest).
  const Sample& newest(std::int64_t i) const;

 private:
  SampleShape shape_;
  std::int64_t window_;
  std::int64_t total_ = 0;
  std::deque<std::vector<Sample>> shards_;
  std::vector<EncodingSymmetry> symmetries_;
};

}  // namespace qilab::training

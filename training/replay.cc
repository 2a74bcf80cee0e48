// training/replay.h.
#include "training/replay.h"

#include <algorithm>

#include "engine/core/error.h"

namespace qilab::training {

void ReplayWindow::add(std::vector<Sample> shard) {
  total_ += static_cast<std::int64_t>(shard.size());
  shards_.push_back(std::move(shard));
  while (!shards_.empty() && total_ - static_cast<std::int64_t>(shards_.front().size()) >= window_) {
    total_ -= static_cast<std::int64_t>(shards_.front().size());
    shards_.pop_front();
  }
}

const Sample& ReplayWindow::newest(std::int64_t i) const {
  for (auto it = shards_.rbegin(); it != shards_.rend(); ++it) {
    const auto n = static_cast<std::int64_t>(it->size());
    if (i < n) return (*it)[static_cast<std::size_t>(n - 1 - i)];
    i -= n;
  }
  throw Error("replay window: sample index past the window");
}

Batch ReplayWindow::draw(int n, int net_seats, Rng& rng) const {
  if (size() == 0) throw Error("replay window: no samples to train on (self-play produced none)");
  Batch b;
  b.size = n;
  b.inputs.resize(std::size_t(n) * shape_.input_size);
  b.policy.assign(std::size_t(n) * shape_.policy_size, 0.0f);
  b.outcome.assign(std::size_t(n) * net_seats, 0.0f);
  b.mask.assign(std::size_t(n) * net_seats, 0.0f);
  for (int i = 0; i < n; ++i) {
    const Sample& s = newest(static_cast<std::int64_t>(rng.below(static_cast<std::uint32_t>(size()))));
    std::copy(s.input.begin(), s.input.end(), b.inputs.begin() + std::ptrdiff_t(i) * shape_.input_size);
    for (const auto& t : s.policy)
      b.policy[std::size_t(i) * shape_.policy_size + std::size_t(t.index)] = t.probability;
    for (int k = 0; k < shape_.seats && k < net_seats; ++k) {
      b.outcome[std::size_t(i) * net_seats + std::size_t(k)] = s.outcome[std::size_t(k)];
      b.mask[std::size_t(i) * net_seats + std::size_t(k)] = 1;
    }
  }
  return b;
}

}  // namespace qilab::training

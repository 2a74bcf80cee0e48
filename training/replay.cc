// training/replay.h.
#include "training/replay.h"

#include <algorithm>
#include <string>

#include "engine/core/error.h"

namespace qilab::training {

ReplayWindow::ReplayWindow(SampleShape shape, std::int64_t window, std::vector<EncodingSymmetry> symmetries)
    : shape_(shape), window_(window), symmetries_(std::move(symmetries)) {
  for (const auto& m : symmetries_)
    if (m.input_from.size() != static_cast<std::size_t>(shape_.input_size) ||
        m.policy_to.size() != static_cast<std::size_t>(shape_.policy_size))
      throw Error("replay window: symmetry '" + m.name + "' maps " + std::to_string(m.input_from.size()) +
                  " inputs and " + std::to_string(m.policy_to.size()) + " policy entries, the samples have " +
                  std::to_string(shape_.input_size) + " and " + std::to_string(shape_.policy_size));
}

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
    float* input = b.inputs.data() + std::ptrdiff_t(i) * shape_.input_size;
    float* policy = b.policy.data() + std::ptrdiff_t(i) * shape_.policy_size;
    const std::uint32_t view =
        symmetries_.empty() ? 0 : rng.below(static_cast<std::uint32_t>(symmetries_.size() + 1));
    if (view == 0) {
      std::copy(s.input.begin(), s.input.end(), input);
      for (const auto& t : s.policy) policy[t.index] = t.probability;
    } else {
      const EncodingSymmetry& m = symmetries_[view - 1];
      for (int k = 0; k < shape_.input_size; ++k)
        input[k] = s.input[std::size_t(m.input_from[std::size_t(k)])];
      for (const auto& t : s.policy) policy[m.policy_to[std::size_t(t.index)]] = t.probability;
    }
    for (int k = 0; k < shape_.seats && k < net_seats; ++k) {
      b.outcome[std::size_t(i) * net_seats + std::size_t(k)] = s.outcome[std::size_t(k)];
      b.mask[std::size_t(i) * net_seats + std::size_t(k)] = 1;
    }
  }
  return b;
}

}  // namespace qilab::training

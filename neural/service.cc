// neural/service.h: server threads sharing one network, batches gathered from blocked callers.
#include "neural/service.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <exception>
#include <latch>

#include "engine/core/error.h"

namespace qilab::neural {

InferenceService::InferenceService(Network net, const ServiceConfig& config)
    : config_(config), config_net_(net.config()) {
  if (config_.max_batch < 1)
    throw Error("service: max_batch expects an integer >= 1, got " + std::to_string(config_.max_batch));
  if (config_.max_wait_us < 0)
    throw Error("service: max_wait_us expects an integer >= 0, got " + std::to_string(config_.max_wait_us));
  if (config_.servers < 1)
    throw Error("service: servers expects an integer >= 1, got " + std::to_string(config_.servers));
  if (config_.expected_clients > 0)
    batch_clients_ = (config_.expected_clients + config_.servers - 1) / config_.servers;
  set_torch_threads(config_.threads);
  net.to_device(config_.device);
  net_ = std::make_shared<const Network>(std::move(net));
  // The intra-op thread count is a per-thread setting of LibTorch's OpenMP backend: a new
  // thread starts from the process default (every core), so each server sets its own. The
  // service is ready once every server has: a server still inside LibTorch's set-up when the
  // program exits (a run refused right after its agents were made) deadlocked the exit, its
  // join waiting on a lock the exit's own handlers held.
  std::latch ready(config_.servers);
  for (int i = 0; i < config_.servers; ++i)
    servers_.emplace_back([this, &ready] {
      set_torch_threads(config_.threads);
      ready.count_down();
      serve();
    });
  ready.wait();
}

InferenceService::~InferenceService() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (auto& s : servers_) s.join();
}

std::uint64_t InferenceService::generation() const {
  std::lock_guard lock(mutex_);
  return generation_;
}

ServiceStats InferenceService::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

void InferenceService::swap_network(Network next) {
  if (!(next.config() == config_net_))
    throw Error("service: the new network's config differs from the running one's");
  next.to_device(config_.device);
  auto shared = std::make_shared<const Network>(std::move(next));
  std::lock_guard lock(mutex_);
  // A batch already running keeps its own reference to the old network.
  net_ = std::move(shared);
  ++generation_;
  ++stats_.swaps;
}

bool InferenceService::cache_find(std::uint64_t key, float* policy, float* values) {
  std::lock_guard lock(cache_mutex_);
  auto it = cache_index_.find(key);
  if (it == cache_index_.end()) return false;
  const CacheEntry& e = cache_[it->second];
  {
    std::lock_guard g(mutex_);
    if (e.generation != generation_) return false;
    ++stats_.cache_hits;
  }
  std::copy(e.policy.begin(), e.policy.end(), policy);
  std::copy(e.values.begin(), e.values.end(), values);
  return true;
}

void InferenceService::cache_store(std::uint64_t key, std::uint64_t generation, const float* policy,
                                   const float* values) {
  std::lock_guard lock(cache_mutex_);
  const std::size_t slot = cache_next_;
  cache_next_ = (cache_next_ + 1) % config_.cache_entries;
  if (slot < cache_.size()) {
    cache_index_.erase(cache_keys_[slot]);
  } else {
    cache_.push_back({});
    cache_keys_.push_back(0);
  }
  CacheEntry& e = cache_[slot];
  e.generation = generation;
  e.policy.assign(policy, policy + config_net_.policy_size());
  e.values.assign(values, values + config_net_.seats);
  cache_keys_[slot] = key;
  cache_index_[key] = slot;
}

void InferenceService::infer(const float* inputs, const std::uint64_t* keys, int n, float* policy,
                             float* values) {
  if (n <= 0) return;
  const int in_size = config_net_.input_size(), p_size = config_net_.policy_size(), seats = config_net_.seats;
  const bool cached = config_.cache_entries > 0 && keys != nullptr;
  // Rows the cache does not answer, gathered (only when some were answered) into scratch.
  thread_local std::vector<int> miss;
  thread_local std::vector<float> in_rows, p_rows, v_rows;
  miss.clear();
  if (cached) {
    for (int i = 0; i < n; ++i)
      if (keys[i] == 0 ||
          !cache_find(keys[i], policy + std::size_t(i) * p_size, values + std::size_t(i) * seats))
        miss.push_back(i);
    if (miss.empty()) return;
  }
  const bool compact = cached && static_cast<int>(miss.size()) < n;
  if (compact) {
    const int m = static_cast<int>(miss.size());
    in_rows.resize(std::size_t(m) * in_size);
    p_rows.resize(std::size_t(m) * p_size);
    v_rows.resize(std::size_t(m) * seats);
    for (int j = 0; j < m; ++j)
      std::memcpy(in_rows.data() + std::size_t(j) * in_size, inputs + std::size_t(miss[j]) * in_size,
                  sizeof(float) * in_size);
  }
  Request req(compact ? in_rows.data() : inputs, compact ? static_cast<int>(miss.size()) : n,
              compact ? p_rows.data() : policy, compact ? v_rows.data() : values);
  {
    std::unique_lock lock(mutex_);
    queue_.push_back(&req);
    queued_rows_ += req.n;
    ++stats_.requests;
    wake_.notify_all();
    req.cv.wait(lock, [&] { return req.done; });
  }
  if (req.error) std::rethrow_exception(req.error);
  if (compact) {
    for (std::size_t j = 0; j < miss.size(); ++j) {
      std::memcpy(policy + std::size_t(miss[j]) * p_size, p_rows.data() + j * p_size, sizeof(float) * p_size);
      std::memcpy(values + std::size_t(miss[j]) * seats, v_rows.data() + j * seats, sizeof(float) * seats);
    }
  }
  if (cached)
    for (int i : miss)
      if (keys[i] != 0)
        cache_store(keys[i], req.generation, policy + std::size_t(i) * p_size,
                    values + std::size_t(i) * seats);
}

void InferenceService::serve() {
  const int in_size = config_net_.input_size(), p_size = config_net_.policy_size(), seats = config_net_.seats;
  std::vector<Request*> taken;
  std::vector<float> batch_inputs, batch_policy, batch_values;  // this server's, reused
  for (;;) {
    std::shared_ptr<const Network> net;
    std::uint64_t generation;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stop_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping
      // Wait for a full batch, this server's share of the expected clients, or the deadline.
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::microseconds(config_.max_wait_us);
      auto ready = [&] {
        return stop_ || queued_rows_ >= config_.max_batch ||
               (batch_clients_ > 0 && static_cast<int>(queue_.size()) >= batch_clients_);
      };
      wake_.wait_until(lock, deadline, ready);
      if (queue_.empty()) continue;  // another server took them
      taken.clear();
      int rows = 0;
      while (!queue_.empty() && (taken.empty() || rows + queue_.front()->n <= config_.max_batch)) {
        taken.push_back(queue_.front());
        rows += queue_.front()->n;
        queue_.pop_front();
      }
      queued_rows_ -= rows;
      ++stats_.batches;
      stats_.positions += rows;
      net = net_;
      generation = generation_;
      stats_.most_running = std::max(stats_.most_running, ++running_);
    }
    // The network runs outside the lock; callers keep queueing, other servers keep serving.
    const float* in = taken[0]->inputs;
    float* pol = taken[0]->policy;
    float* val = taken[0]->values;
    int rows = taken[0]->n;
    if (taken.size() > 1) {
      rows = 0;
      for (const Request* r : taken) rows += r->n;
      batch_inputs.resize(std::size_t(rows) * in_size);
      batch_policy.resize(std::size_t(rows) * p_size);
      batch_values.resize(std::size_t(rows) * seats);
      std::size_t at = 0;
      for (const Request* r : taken) {
        std::memcpy(batch_inputs.data() + at * in_size, r->inputs,
                    sizeof(float) * std::size_t(r->n) * in_size);
        at += std::size_t(r->n);
      }
      in = batch_inputs.data(), pol = batch_policy.data(), val = batch_values.data();
    }
    std::exception_ptr error;
    try {
      net->forward(in, rows, pol, val);
    } catch (...) {
      error = std::current_exception();  // handed to every caller of the batch
    }
    std::lock_guard lock(mutex_);
    --running_;
    std::size_t at = 0;
    for (Request* r : taken) {
      r->error = error;
      r->generation = generation;
      if (taken.size() > 1 && !error) {
        std::memcpy(r->policy, pol + at * p_size, sizeof(float) * std::size_t(r->n) * p_size);
        std::memcpy(r->values, val + at * seats, sizeof(float) * std::size_t(r->n) * seats);
      }
      at += std::size_t(r->n);
      r->done = true;
      r->cv.notify_one();
    }
  }
}

}  // namespace qilab::neural

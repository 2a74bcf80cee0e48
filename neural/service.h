#pragma once
// The batched inference service (the KataGo NNEvaluator / lc0 backend pattern): search threads
// hand it positions and block; a server thread gathers the positions of many callers into a
// batch (until `max_batch` rows, or `max_wait_us` after the first arrived, or its share of the
// expected clients is waiting), runs the network once and answers each caller. `servers` such
// threads share one network and run their batches side by side (on a CPU: one a core, so that
// the forward passes of two game threads do not queue behind each other). A cache keyed by
// position hash answers repeated positions without the network. A new network can be swapped in
// while callers keep asking: batches taken after the swap run on it, and the cache's older
// answers are no longer handed out.
//
// Plain C++ over neural/network.h: no LibTorch header here.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "neural/network.h"

namespace qilab::neural {

struct ServiceConfig {
  int max_batch = 256;            // rows per network call (a single larger request is run whole)
  int max_wait_us = 1000;         // how long a batch waits for more rows after its first
  int expected_clients = 0;       // > 0: a server runs as soon as its share of these callers wait
                                  // (ceil(expected_clients / servers); self-play: game threads)
  int servers = 1;                // server threads, each running the network on its own batches
  int threads = 1;                // LibTorch intra-op threads of each server (set_torch_threads)
  std::size_t cache_entries = 0;  // 0: no cache
  std::string device = "cpu";     // cpu | cuda
};

struct ServiceStats {
  std::int64_t requests = 0, positions = 0, batches = 0, cache_hits = 0, swaps = 0;
  int most_running = 0;  // the most batches that ran on the network at once (<= servers)
  double mean_batch() const { return batches ? double(positions) / double(batches) : 0; }
};

// Where a network evaluator sends its leaves: the service, or (tests, single-threaded tools)
// a network called directly.
class InferenceBackend {
 public:
  virtual ~InferenceBackend() = default;
  virtual const NetworkConfig& network_config() const = 0;
  // `n` rows of inputs -> `n` rows of policy logits and of values (observer first). keys[i] is
  // the position's hash for the cache, 0 for none; `keys` may be null.
  virtual void infer(const float* inputs, const std::uint64_t* keys, int n, float* policy, float* values) = 0;
};

// The network itself, one forward call per request, in the caller's thread.
class DirectBackend final : public InferenceBackend {
 public:
  explicit DirectBackend(std::shared_ptr<const Network> net) : net_(std::move(net)) {}
  const NetworkConfig& network_config() const override { return net_->config(); }
  void infer(const float* inputs, const std::uint64_t*, int n, float* policy, float* values) override {
    net_->forward(inputs, n, policy, values);
  }

 private:
  std::shared_ptr<const Network> net_;
};

class InferenceService final : public InferenceBackend {
 public:
  InferenceService(Network net, const ServiceConfig& config);
  ~InferenceService() override;
  InferenceService(const InferenceService&) = delete;
  InferenceService& operator=(const InferenceService&) = delete;

  const NetworkConfig& network_config() const override { return config_net_; }
  const ServiceConfig& config() const { return config_; }
  // Blocks until every row is answered. Thread-safe.
  void infer(const float* inputs, const std::uint64_t* keys, int n, float* policy, float* values) override;

  // Batches taken from now on run on `next` (same shapes, else Error); batches already running
  // finish on the old network, and their answers are not cached as the new one's. Callers of
  // infer() never wait for a swap.
  void swap_network(Network next);
  // How many networks have taken over since the start.
  std::uint64_t generation() const;
  ServiceStats stats() const;

 private:
  struct Request {
    Request(const float* in, int rows, float* p, float* v) : inputs(in), n(rows), policy(p), values(v) {}
    const float* inputs;
    int n;
    float* policy;
    float* values;
    bool done = false;
    std::uint64_t generation = 0;  // of the network that answered
    std::exception_ptr error;
    std::condition_variable cv;
  };
  struct CacheEntry {
    std::uint64_t generation;
    std::vector<float> policy, values;
  };

  void serve();  // one server thread's loop
  bool cache_find(std::uint64_t key, float* policy, float* values);
  void cache_store(std::uint64_t key, std::uint64_t generation, const float* policy, const float* values);

  ServiceConfig config_;
  NetworkConfig config_net_;
  int batch_clients_ = 0;  // callers that make a batch ready at once (0: none)
  int running_ = 0;        // batches on the network now

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Request*> queue_;
  int queued_rows_ = 0;
  bool stop_ = false;
  std::shared_ptr<const Network> net_;  // the network batches taken now run on
  std::uint64_t generation_ = 0;
  ServiceStats stats_;

  std::mutex cache_mutex_;
  std::unordered_map<std::uint64_t, std::size_t> cache_index_;
  std::vector<CacheEntry> cache_;
  std::vector<std::uint64_t> cache_keys_;  // key of each slot, for eviction in FIFO order
  std::size_t cache_next_ = 0;

  std::vector<std::thread> servers_;
};

}  // namespace qilab::neural

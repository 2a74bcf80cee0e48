// Network benchmarks (docs/performance.md): direct batched forward calls against the batched
// inference service on the same network and batch size, and a forward pass's share of the
// machine's measured SGEMM rate.
//
//   bench_neural --benchmark_filter='Direct|Service'   positions/s (items_per_second)
//   bench_neural --benchmark_filter=Sgemm               GFLOP/s of a 1024 x 1024 product and
//                                                        of the forward pass at each batch size
// The network has checkers' shape (a 17 x 17 grid, 4 blocks x 32 channels, 6 policy planes);
// LibTorch runs on one intra-op thread, as self-play on this machine's two cores does.
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "neural/network.h"
#include "neural/service.h"
#include "tests/neural/pebble_game.h"
#include "training/selfplay.h"

using namespace qilab::neural;

namespace {

NetworkConfig bench_config() {
  NetworkConfig c;
  c.game = "bench";
  c.planes = 8, c.height = 17, c.width = 17, c.scalars = 4;
  c.policy_planes = 6, c.policy_extra = 1;
  c.seats = 2, c.blocks = 4, c.channels = 32, c.value_hidden = 64;
  return c;
}

std::vector<float> inputs(int rows) {
  const NetworkConfig c = bench_config();
  std::vector<float> v(static_cast<std::size_t>(rows) * c.input_size());
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>((i * 7919) % 13) / 13.0f;
  return v;
}

void BM_DirectForward(benchmark::State& state) {
  set_torch_threads(1);
  const int batch = static_cast<int>(state.range(0));
  const Network net(bench_config(), 1);
  const auto in = inputs(batch);
  std::vector<float> p(static_cast<std::size_t>(batch) * net.config().policy_size()),
      v(static_cast<std::size_t>(batch) * 2);
  for (auto _ : state) net.forward(in.data(), batch, p.data(), v.data());
  state.SetItemsProcessed(state.iterations() * batch);
  state.counters["GFLOP/s"] = benchmark::Counter(
      net.flops_per_position() * batch / 1e9 * double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DirectForward)->Arg(8)->Arg(32)->Arg(64)->UseRealTime();

// `threads` callers (search threads) each ask for `rows` positions at a time; the service
// batches them to threads x rows, the batch the direct benchmark runs.
std::shared_ptr<InferenceService> service_for(int max_batch, int clients) {
  static std::shared_ptr<InferenceService> s;
  static int key = -1;
  if (key != max_batch * 1000 + clients) {
    s.reset();
    ServiceConfig sc;
    sc.max_batch = max_batch;
    sc.max_wait_us = 2000;
    sc.expected_clients = clients;
    sc.threads = 1;
    s = std::make_shared<InferenceService>(Network(bench_config(), 1), sc);
    key = max_batch * 1000 + clients;
  }
  return s;
}

void BM_Service(benchmark::State& state) {
  const int rows = static_cast<int>(state.range(0));
  static std::shared_ptr<InferenceService> service;
  if (state.thread_index() == 0) service = service_for(rows * state.threads(), state.threads());
  const auto in = inputs(rows);
  std::vector<float> p(static_cast<std::size_t>(rows) * bench_config().policy_size()),
      v(static_cast<std::size_t>(rows) * 2);
  for (auto _ : state) service->infer(in.data(), nullptr, rows, p.data(), v.data());
  state.SetItemsProcessed(state.iterations() * rows);
}
BENCHMARK(BM_Service)->Arg(8)->Threads(4)->UseRealTime();  // batch 32
BENCHMARK(BM_Service)->Arg(8)->Threads(8)->UseRealTime();  // batch 64
BENCHMARK(BM_Service)->Arg(1)->Threads(8)->UseRealTime();  // batch 8

void BM_Sgemm(benchmark::State& state) {
  set_torch_threads(1);
  double gflops = 0;
  for (auto _ : state) gflops = measure_sgemm_gflops(static_cast<int>(state.range(0)), 10);
  state.counters["GFLOP/s"] = gflops;
}
BENCHMARK(BM_Sgemm)->Arg(1024)->Iterations(3)->Unit(benchmark::kMillisecond);

// Self-play on the test game (pebbles, 2 seats, 64 simulations a move, leaves in batches of
// 8) with 1 and 2 game threads on one service: searches per second, for the thread scaling.
// BM_SelfPlay/T/I/S: T game threads, I intra-op threads a server, S server threads (one
// server with 1 or T intra-op threads, or one single-threaded server a game thread).
void BM_SelfPlay(benchmark::State& state) {
  const int threads = static_cast<int>(state.range(0));
  const auto game = qilab::testing::Pebbles::make(2);
  ServiceConfig sc;
  sc.max_batch = 64;
  sc.max_wait_us = 500;
  sc.expected_clients = threads;
  sc.threads = static_cast<int>(state.range(1));
  sc.servers = static_cast<int>(state.range(2));
  InferenceService service(
      Network(NetworkConfig::for_specs("pebbles", game.encoding_spec(), game.policy_spec(), 2, 2, 32, 64), 1),
      sc);
  qilab::training::SelfPlayConfig c;
  c.search = qilab::training::search_config_for(game);
  c.search.budget.simulations = 64;
  c.search.batch = 8;
  c.threads = threads;
  std::int64_t searches = 0;
  std::uint64_t seed = 1;
  for (auto _ : state)
    searches += qilab::training::self_play(game, service, c, seed++, 0, 4 * threads).stats.searches;
  state.SetItemsProcessed(searches);
}
BENCHMARK(BM_SelfPlay)
    ->Args({1, 1, 1})
    ->Args({2, 1, 1})
    ->Args({2, 2, 1})
    ->Args({2, 1, 2})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

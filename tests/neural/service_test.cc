// The inference service: batched answers equal direct calls, the cache, swapping networks.
#include <doctest/doctest.h>

#include <cmath>
#include <thread>
#include <vector>

#include "neural/service.h"
#include "tests/neural/pebble_game.h"

using namespace qilab;
using namespace qilab::neural;
using qilab::testing::Pebbles;

namespace {

NetworkConfig config_for(const Pebbles& game) {
  return NetworkConfig::for_specs("pebbles", game.encoding_spec(), game.policy_spec(), game.num_players(), 2,
                                  8, 16);
}

// `count` encodings of positions from random play, seen by the seat to move.
std::vector<float> random_inputs(const Pebbles& game, int count, std::uint64_t seed) {
  const int size = game.encoding_spec().size();
  std::vector<float> out(static_cast<std::size_t>(count * size));
  Rng rng(seed);
  ActionList legal;
  for (int i = 0; i < count; ++i) {
    auto s = game.initial_state();
    const int plies = static_cast<int>(rng.below(6));
    for (int k = 0; k < plies && !s.is_terminal(); ++k) {
      s.legal_actions(legal);
      s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
    }
    s.encode(
        s.is_terminal() ? 0 : s.current_player(),
        std::span<float>(out.data() + static_cast<std::size_t>(i * size), static_cast<std::size_t>(size)));
  }
  return out;
}

}  // namespace

TEST_CASE("service: answers from batches of many callers equal one-row direct calls") {
  const Pebbles game = Pebbles::make(3);
  const Network net(config_for(game), 5);
  const int rows = 48, in_size = game.encoding_spec().size(), p_size = 12, seats = 3;
  const auto inputs = random_inputs(game, rows, 9);
  std::vector<float> want_p(static_cast<std::size_t>(rows * p_size)),
      want_v(static_cast<std::size_t>(rows * seats));
  for (int i = 0; i < rows; ++i)
    net.forward(inputs.data() + i * in_size, 1, want_p.data() + i * p_size, want_v.data() + i * seats);

  ServiceConfig sc;
  sc.max_batch = 16;
  sc.max_wait_us = 50'000;
  sc.expected_clients = 4;
  InferenceService service(net.clone(), sc);
  std::vector<float> got_p(want_p.size()), got_v(want_v.size());
  std::vector<std::thread> clients;
  for (int t = 0; t < 4; ++t)
    clients.emplace_back([&, t] {
      for (int i = t; i < rows; i += 4)
        service.infer(inputs.data() + i * in_size, nullptr, 1, got_p.data() + i * p_size,
                      got_v.data() + i * seats);
    });
  for (auto& c : clients) c.join();
  for (std::size_t i = 0; i < want_p.size(); ++i) CHECK(got_p[i] == doctest::Approx(want_p[i]).epsilon(1e-5));
  for (std::size_t i = 0; i < want_v.size(); ++i) CHECK(got_v[i] == doctest::Approx(want_v[i]).epsilon(1e-5));
  const ServiceStats st = service.stats();
  CHECK(st.requests == rows);
  CHECK(st.positions == rows);
  CHECK(st.batches < rows);  // callers were batched together
  MESSAGE("48 requests in " << st.batches << " batches");
}

TEST_CASE("service: a multi-row request equals its rows one by one; the cache answers repeats") {
  const Pebbles game = Pebbles::make(2);
  const Network net(config_for(game), 6);
  const int in_size = game.encoding_spec().size();
  const auto inputs = random_inputs(game, 3, 4);
  ServiceConfig sc;
  sc.max_wait_us = 0;
  sc.cache_entries = 2;
  InferenceService service(net.clone(), sc);
  const std::uint64_t keys[3] = {11, 22, 33};
  std::vector<float> p(36), v(6), p2(36, -9), v2(6, -9);
  service.infer(inputs.data(), keys, 3, p.data(), v.data());
  for (int i = 0; i < 3; ++i) {
    std::vector<float> pi(12), vi(2);
    net.forward(inputs.data() + i * in_size, 1, pi.data(), vi.data());
    for (int k = 0; k < 12; ++k)
      CHECK(p[static_cast<std::size_t>(i * 12 + k)] ==
            doctest::Approx(pi[static_cast<std::size_t>(k)]).epsilon(1e-5));
  }
  CHECK(service.stats().cache_hits == 0);
  // Two entries fit: 11 was evicted by 33, 22 and 33 are answered from the cache.
  service.infer(inputs.data(), keys, 3, p2.data(), v2.data());
  CHECK(service.stats().cache_hits == 2);
  CHECK(service.stats().positions == 4);
  // Rows 22 and 33 come back exactly; row 11 is recomputed alone (a batch of one may round
  // differently in the last bits from a batch of three).
  for (std::size_t k = 12; k < 36; ++k) CHECK(p2[k] == p[k]);
  for (std::size_t k = 0; k < 12; ++k) CHECK(p2[k] == doctest::Approx(p[k]).epsilon(1e-5));
  for (std::size_t k = 0; k < 6; ++k) CHECK(v2[k] == doctest::Approx(v[k]).epsilon(1e-5));
}

TEST_CASE("service: a swapped-in network answers the next requests and empties the cache") {
  const Pebbles game = Pebbles::make(2);
  const Network a(config_for(game), 1), b(config_for(game), 2);
  const auto inputs = random_inputs(game, 1, 4);
  ServiceConfig sc;
  sc.max_wait_us = 0;
  sc.cache_entries = 8;
  InferenceService service(a.clone(), sc);
  const std::uint64_t key = 5;
  std::vector<float> pa(12), va(2), pb(12), vb(2), got(12), gv(2);
  a.forward(inputs.data(), 1, pa.data(), va.data());
  b.forward(inputs.data(), 1, pb.data(), vb.data());
  REQUIRE(pa != pb);
  service.infer(inputs.data(), &key, 1, got.data(), gv.data());
  CHECK(got[0] == doctest::Approx(pa[0]).epsilon(1e-5));
  service.swap_network(b.clone());
  service.infer(inputs.data(), &key, 1, got.data(), gv.data());
  CHECK(service.generation() == 1);
  for (int k = 0; k < 12; ++k)
    CHECK(got[static_cast<std::size_t>(k)] == doctest::Approx(pb[static_cast<std::size_t>(k)]).epsilon(1e-5));
  CHECK(service.stats().cache_hits == 0);

  const Network other(
      NetworkConfig::for_specs("pebbles", game.encoding_spec(), game.policy_spec(), 2, 1, 8, 16), 3);
  CHECK_THROWS_AS(service.swap_network(other.clone()), Error);
}

TEST_CASE("service: bad settings are refused") {
  const Pebbles game = Pebbles::make(2);
  ServiceConfig sc;
  sc.max_batch = 0;
  CHECK_THROWS_WITH_AS(InferenceService(Network(config_for(game), 1), sc),
                       "service: max_batch expects an integer >= 1, got 0", Error);
}

TEST_CASE("service: two servers run batches side by side, answer as direct calls, and swap networks") {
  const Pebbles game = Pebbles::make(2);
  // Wide enough that a forward pass of 32 rows takes milliseconds, so that the two callers'
  // batches overlap on the two servers.
  const NetworkConfig cfg =
      NetworkConfig::for_specs("pebbles", game.encoding_spec(), game.policy_spec(), 2, 4, 64, 16);
  const Network a(cfg, 3), b(cfg, 4);
  const int rows = 32, p_size = 12, seats = 2;
  const auto inputs = random_inputs(game, rows, 7);
  std::vector<float> want_a(static_cast<std::size_t>(rows * p_size)), want_b(want_a.size()),
      v(static_cast<std::size_t>(rows * seats));
  a.forward(inputs.data(), rows, want_a.data(), v.data());
  b.forward(inputs.data(), rows, want_b.data(), v.data());

  ServiceConfig sc;
  sc.max_batch = rows;
  sc.max_wait_us = 1'000'000;
  sc.expected_clients = 2;  // one caller makes a batch ready on each of the two servers
  sc.servers = 2;
  InferenceService service(a.clone(), sc);
  auto run = [&](const std::vector<float>& want) {
    std::vector<std::thread> clients;
    for (int t = 0; t < 2; ++t)
      clients.emplace_back([&] {
        std::vector<float> p(want.size()), pv(static_cast<std::size_t>(rows * seats));
        for (int k = 0; k < 20; ++k) {
          service.infer(inputs.data(), nullptr, rows, p.data(), pv.data());
          for (std::size_t i = 0; i < p.size(); ++i) CHECK(p[i] == doctest::Approx(want[i]).epsilon(1e-4));
        }
      });
    for (auto& c : clients) c.join();
  };
  run(want_a);
  CHECK(service.stats().batches == 40);  // a request fills a batch (max_batch)
  CHECK(service.stats().most_running == 2);
  service.swap_network(b.clone());
  run(want_b);
  CHECK(service.generation() == 1);

  sc.servers = 0;
  CHECK_THROWS_WITH_AS(InferenceService(a.clone(), sc), "service: servers expects an integer >= 1, got 0",
                       Error);
}

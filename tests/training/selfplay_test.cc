// Self-play samples and records, root noise and the temperature schedule, gating scores.
#include <doctest/doctest.h>

#include <cmath>
#include <map>

#include "agents/factory.h"
#include "neural/net_evaluator.h"
#include "neural/service.h"
#include "tests/neural/pebble_game.h"
#include "training/gating.h"
#include "training/selfplay.h"

using namespace qilab;
using namespace qilab::training;
using qilab::testing::Pebbles;

namespace {

neural::NetworkConfig net_config(const Pebbles& game) {
  return neural::NetworkConfig::for_specs("pebbles", game.encoding_spec(), game.policy_spec(),
                                          game.num_players(), 1, 8, 16);
}

SelfPlayConfig config_for(const Pebbles& game, int threads) {
  SelfPlayConfig c;
  c.search = search_config_for(game);
  c.search.budget.simulations = 16;
  c.search.batch = 2;
  c.search.noise_alpha = 0.5;
  c.search.temperature_moves = 3;
  c.threads = threads;
  return c;
}

}  // namespace

TEST_CASE("self-play: samples hold the visit distribution and each seat's outcome, observer first") {
  for (int players : {2, 3}) {
    const Pebbles game = Pebbles::make(players);
    neural::ServiceConfig sc;
    sc.max_wait_us = 100;
    sc.expected_clients = 2;
    neural::InferenceService service(neural::Network(net_config(game), 2), sc);
    const SelfPlayOutput out = self_play(game, service, config_for(game, 2), 77, 0, 6);
    REQUIRE(out.records.size() == 6);
    CHECK(out.stats.games == 6);
    std::size_t sample = 0;
    for (const auto& r : out.records) {
      // Replay the record: each sample belongs to one decision, in order.
      auto s = game.initial_state();
      for (Action a : r.actions) {
        REQUIRE(s.is_legal(a));
        const Player mover = s.current_player();
        const Sample& smp = out.samples[sample++];
        std::vector<float> want(static_cast<std::size_t>(game.encoding_spec().size()));
        s.encode(mover, want);
        CHECK(smp.input == want);
        double total = 0;
        for (const auto& t : smp.policy) {
          CHECK(s.policy_action(t.index) != kInvalidAction);
          total += t.probability;
        }
        CHECK(total == doctest::Approx(1.0).epsilon(1e-5));
        REQUIRE(smp.outcome.size() == static_cast<std::size_t>(players));
        for (int k = 0; k < players; ++k) {
          const double ret = r.returns[static_cast<std::size_t>((mover + k) % players)];
          CHECK(smp.outcome[static_cast<std::size_t>(k)] ==
                doctest::Approx(neural::ValueScale{-1.0, players - 1.0}.to_net(ret)));
        }
        s.apply(a);
      }
      CHECK(s.is_terminal());
      for (int p = 0; p < players; ++p) CHECK(r.returns[static_cast<std::size_t>(p)] == s.returns()[p]);
    }
    CHECK(sample == out.samples.size());
    CHECK(service.stats().batches < service.stats().requests + 1);
  }
}

TEST_CASE("self-play: game i is the same with 1 or 2 threads") {
  const Pebbles game = Pebbles::make(2);
  // The network called directly: each search's batch is one forward call whatever the threads.
  neural::DirectBackend direct(std::make_shared<neural::Network>(net_config(game), 2));
  auto run = [&](int threads) { return self_play(game, direct, config_for(game, threads), 5, 10, 4); };
  const auto a = run(1), b = run(2);
  REQUIRE(a.records.size() == b.records.size());
  for (std::size_t i = 0; i < a.records.size(); ++i) {
    CHECK(a.records[i].index == 10 + static_cast<std::int64_t>(i));
    CHECK(a.records[i].actions == b.records[i].actions);
  }
}

TEST_CASE("self-play: two game threads on two servers play the games of direct calls") {
  const Pebbles game = Pebbles::make(2);
  const neural::Network net(net_config(game), 2);
  neural::DirectBackend direct(std::make_shared<neural::Network>(net.clone()));
  const auto want = self_play(game, direct, config_for(game, 1), 5, 10, 4);
  neural::ServiceConfig sc;
  sc.max_batch = 1;  // every forward call holds one request (a search's leaves), as direct calls do
  sc.max_wait_us = 0;
  sc.expected_clients = 2;
  sc.servers = 2;
  neural::InferenceService service(net.clone(), sc);
  const auto got = self_play(game, service, config_for(game, 2), 5, 10, 4);
  REQUIRE(got.records.size() == want.records.size());
  for (std::size_t i = 0; i < got.records.size(); ++i)
    CHECK(got.records[i].actions == want.records[i].actions);
  CHECK(service.stats().positions > 0);
}

TEST_CASE("self-play: playout cap randomisation records only full searches") {
  const Pebbles game = Pebbles::make(2);
  neural::ServiceConfig sc;
  sc.max_wait_us = 0;
  neural::InferenceService service(neural::Network(net_config(game), 2), sc);
  SelfPlayConfig c = config_for(game, 1);
  c.fast_simulations = 2;
  c.full_fraction = 0.25;
  const auto out = self_play(game, service, c, 9, 0, 20);
  MESSAGE(out.stats.samples << " samples of " << out.stats.searches << " searches");
  CHECK(out.stats.samples < out.stats.searches * 0.5);
  CHECK(out.stats.samples > 0);
}

TEST_CASE("self-play: resignation ends games and the check games count false positives") {
  const Pebbles game = Pebbles::make(2);
  neural::ServiceConfig sc;
  sc.max_wait_us = 0;
  neural::InferenceService service(neural::Network(net_config(game), 2), sc);
  SelfPlayConfig c = config_for(game, 1);
  c.resign_threshold = 0.99;  // every seat "would resign" at once
  c.resign_consecutive = 1;
  c.resign_check_fraction = 0.5;
  const auto out = self_play(game, service, c, 3, 0, 20);
  CHECK(out.stats.resigned > 0);
  CHECK(out.stats.resign_checks > 0);
  CHECK(out.stats.resigned + out.stats.resign_checks == 20);
  CHECK(out.stats.resign_false_positives <= out.stats.resign_checks);
}

TEST_CASE("search: root noise changes the root priors; the temperature schedule ends sampling") {
  const Pebbles game = Pebbles::make(2);
  auto backend =
      std::make_shared<neural::DirectBackend>(std::make_shared<neural::Network>(net_config(game), 4));
  using S = qilab::testing::PebbleState;
  auto priors_of = [&](double alpha) {
    auto c = search_config_for(game);
    c.budget.simulations = 4;
    c.noise_alpha = alpha;
    search::Mcts<S, neural::NetEvaluator<S>> m(c, neural::NetEvaluator<S>(game, *backend));
    Rng rng(1);
    m.search(game.initial_state(), rng);
    std::map<Action, float> out;
    for (const auto& ch : m.root_children()) out[ch.action] = ch.prior;
    return out;
  };
  const auto plain = priors_of(0), noisy = priors_of(0.3);
  REQUIRE(plain.size() == 12);
  double diff = 0, sum = 0;
  for (const auto& [a, p] : noisy) diff += std::abs(p - plain.at(a)), sum += p;
  CHECK(diff > 0.05);
  CHECK(sum == doctest::Approx(1.0).epsilon(1e-4));

  // After temperature_moves the most visited move is always played.
  auto c = search_config_for(game);
  c.budget.simulations = 64;
  c.temperature = 1.0;
  c.temperature_moves = 1;
  c.temperature_after = 0;
  search::Mcts<S, neural::NetEvaluator<S>> m(c, neural::NetEvaluator<S>(game, *backend));
  auto s = game.initial_state();
  s.apply(5);  // move 1: past the schedule
  for (int seed = 0; seed < 5; ++seed) {
    Rng rng(static_cast<std::uint64_t>(seed));
    m.clear();
    const Action a = m.search(s, rng);
    std::uint32_t most = 0;
    for (const auto& ch : m.root_children()) most = std::max(most, ch.visits);
    for (const auto& ch : m.root_children())
      if (ch.action == a) CHECK(ch.visits == most);
  }
}

TEST_CASE("gating: scores are per game, seat-rotated, with a Wilson interval") {
  const Pebbles game = Pebbles::make(2);
  using S = qilab::testing::PebbleState;
  const MatchScore strong = play_match<Pebbles>(
      game, [&] { return make_agent(game, "mcts:simulations=300"); },
      [&] { return make_agent(game, "random"); }, 20, 1, 2);
  CHECK(strong.games == 20);
  CHECK(strong.wins + strong.draws + strong.losses == 20);
  MESSAGE("mcts 300 vs random: " << strong.to_json().dump());
  CHECK(strong.rate() > 0.7);
  CHECK(strong.interval().lo < strong.rate());
  CHECK(strong.interval().hi >= strong.rate());
  // The same agent on both sides scores about a half.
  const MatchScore same = play_match<Pebbles>(
      game, [&]() -> AgentPtr<S> { return make_agent(game, "random"); },
      [&]() -> AgentPtr<S> { return make_agent(game, "random"); }, 40, 2, 1);
  CHECK(same.interval().lo < 0.5);
  CHECK(same.interval().hi > 0.5);
}

namespace {
// The network called directly, counting the positions it is asked about.
class CountingBackend final : public neural::InferenceBackend {
 public:
  explicit CountingBackend(const neural::NetworkConfig& c)
      : direct_(std::make_shared<neural::Network>(c, 2)) {}
  const neural::NetworkConfig& network_config() const override { return direct_.network_config(); }
  void infer(const float* inputs, const std::uint64_t* keys, int n, float* policy, float* values) override {
    positions += n;
    direct_.infer(inputs, keys, n, policy, values);
  }
  std::int64_t positions = 0;

 private:
  neural::DirectBackend direct_;
};
}  // namespace

TEST_CASE("self-play: with both heuristic weights at 1 the network is never asked") {
  const Pebbles game = Pebbles::make(2);
  CountingBackend backend(net_config(game));
  SelfPlayConfig c = config_for(game, 1);
  c.heuristic_weight = 1;
  c.heuristic_prior_weight = 0.5;
  self_play(game, backend, c, 4, 0, 3);
  CHECK(backend.positions > 0);  // half the priors are the network's
  backend.positions = 0;
  c.heuristic_prior_weight = 1;
  const auto out = self_play(game, backend, c, 4, 0, 3);
  CHECK(backend.positions == 0);
  CHECK(out.stats.samples > 0);
}

TEST_CASE("self-play: a root value weight blends the search's root values into the value targets") {
  const Pebbles game = Pebbles::make(3);
  neural::DirectBackend direct(std::make_shared<neural::Network>(net_config(game), 2));
  auto run = [&](double w) {
    SelfPlayConfig c = config_for(game, 1);
    c.root_value_weight = w;
    return self_play(game, direct, c, 21, 0, 3);
  };
  const auto zero = run(0), half = run(0.5), one = run(1);
  REQUIRE(zero.samples.size() == one.samples.size());
  REQUIRE(zero.samples.size() == half.samples.size());
  for (std::size_t i = 0; i < zero.records.size(); ++i)
    CHECK(zero.records[i].actions == one.records[i].actions);
  int differ = 0;
  for (std::size_t i = 0; i < zero.samples.size(); ++i)
    for (std::size_t k = 0; k < 3; ++k) {
      const float z = zero.samples[i].outcome[k], r = one.samples[i].outcome[k];
      CHECK(half.samples[i].outcome[k] == doctest::Approx(0.5 * (z + r)).epsilon(1e-5));
      CHECK(std::abs(r) <= 1.0f);
      if (std::abs(z - r) > 1e-3) ++differ;
    }
  CHECK(differ > 0);  // the root values are not the outcomes
}

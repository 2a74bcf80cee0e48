// NetEvaluator and the network agents: values in seat order, priors over the legal moves, and
// the network never receives what the seat to move may not see.
#include <doctest/doctest.h>

#include <filesystem>
#include <cmath>
#include <numeric>
#include <set>
#include <vector>

#include "agents/factory.h"
#include "neural/agents.h"
#include "neural/net_evaluator.h"
#include "tests/neural/pebble_game.h"

using namespace qilab;
using namespace qilab::neural;
using qilab::testing::Pebbles;
using qilab::testing::PebbleState;

namespace {

// A backend that records every row it is sent and answers with fixed outputs: value k is
// 0.1 * k - 0.5, logit i is i (so priors grow with the cell index).
class RecordingBackend final : public InferenceBackend {
 public:
  explicit RecordingBackend(NetworkConfig c) : config_(std::move(c)) {}
  const NetworkConfig& network_config() const override { return config_; }
  void infer(const float* inputs, const std::uint64_t*, int n, float* policy, float* values) override {
    for (int i = 0; i < n; ++i) {
      rows.emplace_back(inputs + i * config_.input_size(), inputs + (i + 1) * config_.input_size());
      for (int k = 0; k < config_.policy_size(); ++k)
        policy[i * config_.policy_size() + k] = static_cast<float>(k);
      for (int k = 0; k < config_.seats; ++k)
        values[i * config_.seats + k] = 0.1f * static_cast<float>(k) - 0.5f;
    }
  }
  std::vector<std::vector<float>> rows;

 private:
  NetworkConfig config_;
};

NetworkConfig config_for(const Pebbles& game) {
  return NetworkConfig::for_specs("pebbles", game.encoding_spec(), game.policy_spec(), game.num_players(), 1,
                                  8, 16);
}

}  // namespace

TEST_CASE("net evaluator: values go to seats from the mover on, priors are a softmax over legal moves") {
  const Pebbles game = Pebbles::make(3);  // returns -1..2
  RecordingBackend backend(config_for(game));
  NetEvaluator<PebbleState> eval(game, backend);
  search::LeafBatch<PebbleState> batch;
  auto s = game.initial_state();
  s.apply(0);  // seat 1 to move
  batch.resize(1, s);
  batch.states[0] = s;
  s.legal_actions(batch.legal[0]);
  batch.layout_priors();
  Rng rng(1);
  eval.evaluate(batch, rng);
  // Network values -0.5, -0.4, -0.3 (observer first) on [-1, 1] -> game scale -1 + (v + 1) * 1.5.
  CHECK(batch.values[0][1] == doctest::Approx(-1 + 0.5 * 1.5));
  CHECK(batch.values[0][2] == doctest::Approx(-1 + 0.6 * 1.5));
  CHECK(batch.values[0][0] == doctest::Approx(-1 + 0.7 * 1.5));
  REQUIRE(batch.has_priors);
  const auto row = batch.prior_row(0);
  REQUIRE(row.size() == 11);
  double sum = 0, expect_sum = 0;
  for (int i = 1; i < 12; ++i) expect_sum += std::exp(i - 11.0);
  for (std::size_t j = 0; j < row.size(); ++j) {
    sum += row[j];
    CHECK(row[j] ==
          doctest::Approx(std::exp(batch.legal[0][static_cast<int>(j)] - 11.0) / expect_sum).epsilon(1e-5));
  }
  CHECK(sum == doctest::Approx(1.0));
  REQUIRE(backend.rows.size() == 1);
  std::vector<float> want(static_cast<std::size_t>(game.encoding_spec().size()));
  s.encode(1, want);
  CHECK(backend.rows[0] == want);
}

TEST_CASE("net evaluator: a heuristic weight mixes State::evaluate() into the values") {
  const Pebbles game = Pebbles::make(3);  // evaluate() is 0 for every seat
  RecordingBackend backend(config_for(game));
  auto s = game.initial_state();
  s.apply(0);  // seat 1 to move
  for (double w : {0.5, 1.0}) {
    CAPTURE(w);
    NetEvaluator<PebbleState> eval(game, backend);
    eval.set_heuristic_weight(w);
    search::LeafBatch<PebbleState> batch;
    batch.resize(1, s);
    batch.states[0] = s;
    s.legal_actions(batch.legal[0]);
    batch.layout_priors();
    Rng rng(1);
    eval.evaluate(batch, rng);
    CHECK(batch.values[0][1] == doctest::Approx((1 - w) * (-1 + 0.5 * 1.5)));
    CHECK(batch.values[0][0] == doctest::Approx((1 - w) * (-1 + 0.7 * 1.5)));
  }
  // The az agent takes it as an option, checked like every other.
  std::vector<std::string> options{"simulations=8", "heuristic_weight=0.25", "heuristic_prior_weight=0.5",
                                   "heuristic_prior_temperature=0.2"};
  const HeuristicMix mix = take_heuristic_options(options, "test");
  CHECK(mix.value_weight == 0.25);
  CHECK(mix.prior_weight == 0.5);
  CHECK(mix.prior_temperature == 0.2);
  CHECK(options == std::vector<std::string>{"simulations=8"});
  std::vector<std::string> none{"simulations=8"};
  const HeuristicMix defaults = take_heuristic_options(none, "test");
  CHECK(defaults.value_weight == 0);
  CHECK(defaults.prior_weight == 0);
  CHECK(defaults.prior_temperature == 0.1);
  for (std::string b : {"heuristic_weight=2", "heuristic_prior_weight=-0.1", "heuristic_prior_temperature=0",
                        "heuristic_typo=1"}) {
    CAPTURE(b);
    std::vector<std::string> bad{b};
    CHECK_THROWS_AS(take_heuristic_options(bad, "test"), Error);
  }
}

TEST_CASE("net evaluator: a heuristic prior weight mixes one ply of the heuristic into the priors") {
  const Pebbles game = Pebbles::make(2);  // returns -1..1; evaluate() is 0, a win 1
  RecordingBackend backend(config_for(game));
  auto s = game.initial_state();
  for (Action a : {0, 4, 1, 5}) s.apply(a);  // seat 0 to move: cell 2 completes 0-1-2
  auto priors_at = [&](double u, double temperature) {
    NetEvaluator<PebbleState> eval(game, backend);
    eval.set_heuristic_priors(u, temperature);
    search::LeafBatch<PebbleState> batch;
    batch.resize(1, s);
    batch.states[0] = s;
    s.legal_actions(batch.legal[0]);
    batch.layout_priors();
    Rng rng(1);
    eval.evaluate(batch, rng);
    CHECK(batch.values[0][0] == doctest::Approx(-1 + 0.5));  // values untouched: network's -0.5
    auto row = batch.prior_row(0);
    return std::make_pair(std::vector<float>(row.begin(), row.end()), batch.legal[0]);
  };
  const auto [net, legal] = priors_at(0, 0.1);
  // One ply at temperature 0.1: the win scores 1 on the [0, 1] scale, every other move 0.5.
  const int moves = legal.size();
  REQUIRE(moves == 8);
  const double others = moves - 1;
  const double win_share = 1 / (1 + others * std::exp(-5.0));
  for (double u : {0.5, 1.0}) {
    CAPTURE(u);
    const auto [mixed, same] = priors_at(u, 0.1);
    for (int j = 0; j < moves; ++j) {
      const double greedy = legal[j] == 2 ? win_share : (1 - win_share) / others;
      CHECK(mixed[std::size_t(j)] ==
            doctest::Approx((1 - u) * net[std::size_t(j)] + u * greedy).epsilon(1e-5));
    }
  }
  // A higher temperature flattens the heuristic's row.
  const auto [warm, again] = priors_at(1, 1.0);
  const double warm_win = 1 / (1 + others * std::exp(-0.5));
  for (int j = 0; j < moves; ++j)
    CHECK(warm[std::size_t(j)] ==
          doctest::Approx(legal[j] == 2 ? warm_win : (1 - warm_win) / others).epsilon(1e-5));
}

TEST_CASE("net evaluator: an ISMCTS search never sends the network another seat's secret") {
  // Seat 1 holds secret 1. Seat 0 searches (ISMCTS, worlds drawn by sample_world(0)); every
  // row the network receives is encoded for its mover. Rows for seat 0 hold seat 0's own
  // secret; rows for seat 1 hold seat 1's secret *in the sampled world*, so both values must
  // appear. A search on the true state (the leak this guards against) shows only the truth.
  const Pebbles game = Pebbles::make(2, true);
  auto truth = game.initial_state();
  truth.apply(0b10);  // seat 0 secret 0, seat 1 secret 1
  REQUIRE(truth.secret(1) == 1);
  const std::size_t filled_at = static_cast<std::size_t>(game.encoding_spec().board_size());
  const std::size_t secret_at = filled_at + 1;
  auto secrets_seen = [&](const std::vector<std::string>& options, const PebbleState& root, int mover) {
    auto backend = std::make_shared<RecordingBackend>(config_for(game));
    auto agent = make_az_agent(game, backend, options, "test");
    Rng rng(42);
    agent->choose(root, rng);
    std::set<float> seen;
    for (const auto& r : backend->rows) {
      const int filled = static_cast<int>(std::lround(r[filled_at] * 12));
      if (filled % 2 == mover) seen.insert(r[secret_at]);
    }
    return seen;
  };
  Rng rng(7);
  const PebbleState view = truth.sample_world(0, rng);
  CHECK(secrets_seen({"simulations=200", "batch=4"}, view, 0) == std::set<float>{0.0f});
  CHECK(secrets_seen({"simulations=200", "batch=4"}, view, 1) == std::set<float>{0.0f, 1.0f});
  // The leak: searching the true position, without worlds, shows seat 1's real secret only.
  CHECK(secrets_seen({"simulations=200", "batch=4", "ismcts=off"}, truth, 1) == std::set<float>{1.0f});
}

TEST_CASE("network agents: az and policy play by network file through the agent factory") {
  const Pebbles game = Pebbles::make(2);
  register_network_agents<Pebbles>();
  const auto dir = std::filesystem::temp_directory_path() / "qilab_agents_test";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "n.net").string();
  Network(config_for(game), 3).save(path);
  auto az = make_agent(game, "az:network=" + path + ",simulations=32");
  auto pol = make_agent(game, "policy:network=" + path);
  CHECK(az->name() == "az");
  CHECK(pol->name() == "policy");
  Rng rng(1);
  auto s = game.initial_state();
  while (!s.is_terminal()) {
    auto& agent = s.current_player() == 0 ? az : pol;
    const Action a = agent->choose(s, rng);
    REQUIRE(s.is_legal(a));
    s.apply(a);
  }
  CHECK_THROWS_WITH_AS(make_agent(game, "az:simulations=3"),
                       "agent 'az:simulations=3': option 'network' expects the path of a network file "
                       "(network=runs/NAME/networks/best.net)",
                       Error);
  CHECK_THROWS_AS(make_agent(game, "policy:network=" + (dir / "missing.net").string()), Error);
  std::filesystem::remove_all(dir);
}

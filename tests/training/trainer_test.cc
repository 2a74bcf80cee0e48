// The trainer, shards, the replay window and run configs.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "engine/core/error.h"
#include "tests/neural/pebble_game.h"
#include "tests/training/test_config.h"
#include "training/replay.h"
#include "training/shard.h"
#include "training/train_config.h"
#include "training/trainer.h"

using namespace qilab;
using namespace qilab::training;
using qilab::testing::Pebbles;

namespace {

neural::NetworkConfig net_config(const Pebbles& game) {
  return neural::NetworkConfig::for_specs("pebbles", game.encoding_spec(), game.policy_spec(),
                                          game.num_players(), 1, 8, 16);
}

// `n` samples from random positions, each with a one-hot policy target and an outcome that
// depends on the position (how full the board is), so a network can fit them.
std::vector<Sample> samples_for(const Pebbles& game, int n, std::uint64_t seed) {
  std::vector<Sample> out;
  Rng rng(seed);
  ActionList legal;
  for (int i = 0; i < n; ++i) {
    auto s = game.initial_state();
    const int plies = static_cast<int>(rng.below(5));
    for (int k = 0; k < plies; ++k) {
      s.legal_actions(legal);
      s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
    }
    Sample smp;
    smp.input.resize(static_cast<std::size_t>(game.encoding_spec().size()));
    s.encode(s.current_player(), smp.input);
    s.legal_actions(legal);
    smp.policy.push_back({legal[0], 0.75f});
    smp.policy.push_back({legal[legal.size() - 1], 0.25f});
    const float v = plies % 2 ? 0.5f : -0.5f;
    smp.outcome = {v, -v};
    out.push_back(smp);
  }
  return out;
}

Batch whole(const std::vector<Sample>& samples, const SampleShape& shape) {
  ReplayWindow w(shape, 1000);
  w.add(samples);
  Rng rng(1);
  return w.draw(static_cast<int>(samples.size()), shape.seats, rng);
}

}  // namespace

TEST_CASE("trainer: the loss falls on a fixed batch") {
  const Pebbles game = Pebbles::make(2);
  const SampleShape shape{game.encoding_spec().size(), 12, 2};
  const Batch batch = whole(samples_for(game, 32, 3), shape);
  OptimizerConfig oc;
  oc.kind = "adam";
  oc.learning_rate = 0.01;
  Trainer trainer(neural::Network(net_config(game), 1), oc);
  const Losses before = trainer.measure(batch);
  for (int i = 0; i < 60; ++i) trainer.step(batch);
  const Losses after = trainer.measure(batch);
  MESSAGE("loss " << before.total << " -> " << after.total << " (policy " << before.policy << " -> "
                  << after.policy << ", value " << before.value << " -> " << after.value << ")");
  CHECK(after.policy < before.policy * 0.8);
  CHECK(after.value < before.value * 0.5);
  CHECK(trainer.steps() == 60);
}

TEST_CASE("trainer: a checkpoint restores the network and optimiser exactly") {
  const Pebbles game = Pebbles::make(2);
  const SampleShape shape{game.encoding_spec().size(), 12, 2};
  const Batch a = whole(samples_for(game, 16, 4), shape), b = whole(samples_for(game, 16, 5), shape);
  OptimizerConfig oc;  // sgd with momentum: the momentum buffers must come back too
  oc.lr_steps = {4};
  const auto dir = std::filesystem::temp_directory_path() / "qilab_trainer_test";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "c.ckpt").string();

  Trainer unbroken(neural::Network(net_config(game), 1), oc);
  for (int i = 0; i < 3; ++i) unbroken.step(a);
  unbroken.save_checkpoint(path, {{"iteration", 7}});
  Trainer resumed(neural::Network(net_config(game), 99), oc);
  CHECK_FALSE(resumed.network().same_weights(unbroken.network()));
  const auto extra = resumed.load_checkpoint(path);
  CHECK(extra["iteration"] == 7);
  CHECK(resumed.steps() == 3);
  CHECK(resumed.network().same_weights(unbroken.network()));
  for (int i = 0; i < 3; ++i) {
    const Losses x = unbroken.step(i % 2 ? a : b), y = resumed.step(i % 2 ? a : b);
    CHECK(x.total == doctest::Approx(y.total).epsilon(1e-6));
    CHECK(x.policy == doctest::Approx(y.policy).epsilon(1e-6));
  }
  CHECK(resumed.network().same_weights(unbroken.network()));

  // Without the optimiser state (a fresh trainer given only the weights) momentum is lost and
  // the next step differs: the test above would catch a checkpoint that dropped it.
  Trainer weights_only(unbroken.network().clone(), oc);
  Trainer reference(unbroken.network().clone(), oc);
  unbroken.save_checkpoint(path, {});
  reference.load_checkpoint(path);
  weights_only.step(a);
  reference.step(a);
  CHECK_FALSE(weights_only.network().same_weights(reference.network()));

  std::ofstream((dir / "bad.ckpt").string()) << "junk";
  CHECK_THROWS_AS(resumed.load_checkpoint((dir / "bad.ckpt").string()), Error);
  OptimizerConfig adam;
  adam.kind = "adam";
  Trainer other(neural::Network(net_config(game), 1), adam);
  CHECK_THROWS_AS(other.load_checkpoint(path), Error);
  std::filesystem::remove_all(dir);
}

TEST_CASE("shards: round trip, and bad files are named with the field") {
  const Pebbles game = Pebbles::make(2);
  const SampleShape shape{game.encoding_spec().size(), 12, 2};
  const auto samples = samples_for(game, 5, 6);
  const auto dir = std::filesystem::temp_directory_path() / "qilab_shard_test";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "s.bin").string();
  write_shard(path, shape, samples);
  CHECK(read_shard(path, shape) == samples);
  SampleShape other = shape;
  other.seats = 3;
  CHECK_THROWS_WITH_AS(read_shard(path, other),
                       (path + ": field 'seats' expects 3 (this run's game), got 2").c_str(), Error);
  // Cut short.
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  std::ofstream(path, std::ios::binary) << bytes.substr(0, bytes.size() - 3);
  CHECK_THROWS_WITH_AS(read_shard(path, shape),
                       (path + ": field 'outcome' cut short (expected a complete sample shard)").c_str(),
                       Error);
  std::ofstream(path, std::ios::binary) << "hello";
  CHECK_THROWS_AS(read_shard(path, shape), Error);
  std::filesystem::remove_all(dir);
}

TEST_CASE("replay window: keeps the newest samples and drops whole old shards") {
  const SampleShape shape{1, 2, 2};
  auto shard = [](int first, int n) {
    std::vector<Sample> v;
    for (int i = 0; i < n; ++i) v.push_back({{float(first + i)}, {{0, 1.0f}}, {0.0f, 0.0f}});
    return v;
  };
  ReplayWindow w(shape, 5);
  w.add(shard(0, 3));
  w.add(shard(3, 3));
  CHECK(w.size() == 5);
  CHECK(w.shards() == 2);  // the first shard still has 2 samples inside the window
  CHECK(w.newest(0).input[0] == 5);
  CHECK(w.newest(4).input[0] == 1);
  w.add(shard(6, 2));
  CHECK(w.shards() == 2);  // shard 0..2 is wholly outside now
  CHECK(w.newest(4).input[0] == 3);
  Rng rng(3);
  const Batch b = w.draw(50, 3, rng);
  for (int i = 0; i < 50; ++i) {
    CHECK(b.inputs[static_cast<std::size_t>(i)] >= 3);
    CHECK(b.mask[static_cast<std::size_t>(i * 3 + 2)] == 0);  // a third seat the game lacks
    CHECK(b.mask[static_cast<std::size_t>(i * 3 + 1)] == 1);
  }
  ReplayWindow empty(shape, 5);
  CHECK_THROWS_AS(empty.draw(1, 2, rng), Error);
}

TEST_CASE("replay window: a symmetry shows a sample mirrored in about half the draws") {
  // Inputs [a, b, c] mirrored to [c, b, a]; policy index 0 <-> 1, 2 stays.
  const SampleShape shape{3, 3, 2};
  EncodingSymmetry flip{"flip", {2, 1, 0}, {1, 0, 2}};
  ReplayWindow w(shape, 10, {flip});
  w.add({Sample{{1.0f, 2.0f, 3.0f}, {{0, 0.75f}, {2, 0.25f}}, {1.0f, -1.0f}}});
  Rng rng(5);
  const Batch b = w.draw(400, 2, rng);
  int as_played = 0, mirrored = 0;
  for (int i = 0; i < 400; ++i) {
    const float* in = &b.inputs[static_cast<std::size_t>(i * 3)];
    const float* pol = &b.policy[static_cast<std::size_t>(i * 3)];
    if (in[0] == 1.0f) {
      ++as_played;
      CHECK((in[2] == 3.0f && pol[0] == 0.75f && pol[1] == 0.0f && pol[2] == 0.25f));
    } else {
      ++mirrored;
      CHECK((in[0] == 3.0f && in[1] == 2.0f && in[2] == 1.0f));
      CHECK((pol[0] == 0.0f && pol[1] == 0.75f && pol[2] == 0.25f));
    }
    CHECK((b.outcome[static_cast<std::size_t>(i * 2)] == 1.0f &&
           b.outcome[static_cast<std::size_t>(i * 2 + 1)] == -1.0f));
  }
  CHECK(as_played > 150);
  CHECK(mirrored > 150);
  // A symmetry that does not fit the samples is refused.
  CHECK_THROWS_AS(ReplayWindow(shape, 10, {EncodingSymmetry{"bad", {0, 1}, {0, 1, 2}}}), Error);
}

TEST_CASE("train configs: fields are typed and ranged, unknown ones refused") {
  const auto c = parse_train_config(qilab::testing::tiny_train_config(3, 7, 2), "t.toml");
  CHECK(c.iterations == 3);
  CHECK(c.trainer.steps_per_iteration == 7);
  CHECK(c.selfplay.simulations == 8);
  CHECK(c.optimizer.kind == "sgd");
  CHECK_THROWS_WITH_AS(parse_train_config("game = \"x\"\n[selfplay]\nsimulations = -3\n", "t.toml"),
                       "t.toml: field 'selfplay.simulations' expects an integer 1 to 1000000, got -3", Error);
  CHECK_THROWS_WITH_AS(parse_train_config("game = \"x\"\n[trainer]\noptimizer = \"rmsprop\"\n", "t.toml"),
                       "t.toml: field 'trainer.optimizer' expects one of sgd adam, got \"rmsprop\"", Error);
  CHECK_THROWS_WITH_AS(parse_train_config("game = \"x\"\n[network]\nlayers = 3\n", "t.toml"),
                       "t.toml: unknown field 'network.layers' (expected blocks, channels, value_hidden)",
                       Error);
  CHECK(c.replay.symmetries);
  CHECK(c.selfplay.heuristic_weight == 0);
  CHECK(c.selfplay.value_scale == "game");
  const auto h = parse_train_config(
      "game = \"x\"\niterations = 8\n[selfplay]\nheuristic_weight = 0.8\nheuristic_iterations = 4\n"
      "heuristic_prior_weight = 0.4\nheuristic_prior_temperature = 0.05\n"
      "value_scale = \"tree\"\n[replay]\nsymmetries = false\n",
      "t.toml");
  CHECK(!h.replay.symmetries);
  CHECK(h.selfplay.value_scale == "tree");
  // The heuristic's weight by iteration: 0.8 at the first, falling to 0 at the fifth.
  CHECK(heuristic_weight_at(h, 0) == doctest::Approx(0.8));
  CHECK(heuristic_weight_at(h, 1) == doctest::Approx(0.6));
  CHECK(heuristic_weight_at(h, 3) == doctest::Approx(0.2));
  CHECK(heuristic_weight_at(h, 4) == 0);
  CHECK(heuristic_weight_at(c, 0) == 0);
  // The priors' weight fades on the same schedule; the temperature stays.
  CHECK(c.selfplay.heuristic_prior_weight == 0);
  CHECK(c.selfplay.heuristic_prior_temperature == 0.1);
  CHECK(h.selfplay.heuristic_prior_temperature == 0.05);
  CHECK(heuristic_weight_at(h, 0, h.selfplay.heuristic_prior_weight) == doctest::Approx(0.4));
  CHECK(heuristic_weight_at(h, 2, h.selfplay.heuristic_prior_weight) == doctest::Approx(0.2));
  CHECK(heuristic_weight_at(h, 4, h.selfplay.heuristic_prior_weight) == 0);
  // Held for heuristic_hold iterations, then the fade.
  const auto held = parse_train_config(
      "game = \"x\"\n[selfplay]\nheuristic_weight = 1\nheuristic_hold = 2\nheuristic_iterations = 4\n"
      "root_value_weight = 0.25\n",
      "t.toml");
  CHECK(held.selfplay.root_value_weight == 0.25);
  CHECK(c.selfplay.root_value_weight == 0);
  CHECK(heuristic_weight_at(held, 0) == 1);
  CHECK(heuristic_weight_at(held, 1) == 1);
  CHECK(heuristic_weight_at(held, 2) == 1);
  CHECK(heuristic_weight_at(held, 3) == doctest::Approx(0.75));
  CHECK(heuristic_weight_at(held, 5) == doctest::Approx(0.25));
  CHECK(heuristic_weight_at(held, 6) == 0);
  CHECK_THROWS_WITH_AS(parse_train_config("game = \"x\"\n[selfplay]\nroot_value_weight = 2\n", "t.toml"),
                       "t.toml: field 'selfplay.root_value_weight' expects a number 0 to 1, got 2", Error);
  CHECK_THROWS_WITH_AS(
      parse_train_config("game = \"x\"\n[selfplay]\nheuristic_prior_temperature = 0\n", "t.toml"),
      "t.toml: field 'selfplay.heuristic_prior_temperature' expects a number 0.001 to any, got 0", Error);
  CHECK(c.service.servers == 1);
  CHECK(parse_train_config("game = \"x\"\n[service]\nservers = 2\n", "t.toml").service.servers == 2);
  CHECK_THROWS_WITH_AS(parse_train_config("game = \"x\"\n[service]\nservers = 0\n", "t.toml"),
                       "t.toml: field 'service.servers' expects an integer 1 to 64, got 0", Error);
  CHECK_THROWS_WITH_AS(parse_train_config("game = \"x\"\n[replay]\nsymmetries = 1\n", "t.toml"),
                       "t.toml: field 'replay.symmetries' expects true or false, got 1", Error);
  CHECK_THROWS_WITH_AS(parse_train_config("game = \"x\"\n[selfplay]\nheuristic_weight = 1.5\n", "t.toml"),
                       "t.toml: field 'selfplay.heuristic_weight' expects a number 0 to 1, got 1.5", Error);
  CHECK_THROWS_WITH_AS(parse_train_config("seed = 1\n", "t.toml"),
                       "t.toml: field 'game' expects a game config file (configs/games/...)", Error);
}

TEST_CASE("train configs: every shipped config in configs/train reads") {
  int n = 0;
  for (const auto& e : std::filesystem::directory_iterator(QILAB_SOURCE_DIR "/configs/train")) {
    INFO(e.path().string());
    CHECK_NOTHROW(read_train_config(e.path().string()));
    ++n;
  }
  CHECK(n >= 6);
}

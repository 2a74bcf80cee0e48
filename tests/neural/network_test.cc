// The network: output shapes for every game that has an encoding, save and load, bad files.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <vector>

#include "engine/core/config.h"
#include "engine/registry.h"
#include "neural/network.h"
#include "tests/neural/pebble_game.h"

using namespace qilab;
using namespace qilab::neural;
using qilab::testing::Pebbles;

static_assert(HasEncoding<Pebbles>);

namespace {

template <class G>
NetworkConfig small_config(const G& game) {
  return NetworkConfig::for_specs(std::string(G::kId), game.encoding_spec(), game.policy_spec(),
                                  game.num_players(), 2, 8, 16);
}

// Runs the initial position (past chance) through a small network built for `game`.
template <class G>
void check_shapes(const G& game) {
  const Network net(small_config(game), 1);
  auto s = game.initial_state();
  Rng rng(3);
  while (s.is_chance()) s.apply(s.sample_chance(rng));
  std::vector<float> in(static_cast<std::size_t>(game.encoding_spec().size()) * 2);
  s.encode(s.current_player(), std::span<float>(in.data(), in.size() / 2));
  s.encode(s.current_player(), std::span<float>(in.data() + in.size() / 2, in.size() / 2));
  CHECK(net.config().input_size() == game.encoding_spec().size());
  CHECK(net.config().policy_size() == game.policy_spec().size());
  std::vector<float> policy(static_cast<std::size_t>(net.config().policy_size()) * 2 + 1, 7.0f);
  std::vector<float> values(static_cast<std::size_t>(game.num_players()) * 2 + 1, 7.0f);
  net.forward(in.data(), 2, policy.data(), values.data());
  CHECK(policy.back() == 7.0f);  // nothing written past the rows
  CHECK(values.back() == 7.0f);
  for (std::size_t i = 0; i + 1 < values.size(); ++i) {
    CHECK(values[i] >= -1.0f);
    CHECK(values[i] <= 1.0f);
  }
  for (std::size_t i = 0; i + 1 < policy.size(); ++i) CHECK(std::isfinite(policy[i]));
  ActionList legal;
  s.legal_actions(legal);
  for (Action a : legal) {
    CHECK(s.policy_index(a) >= 0);
    CHECK(s.policy_index(a) < net.config().policy_size());
  }
}

template <Game... Gs>
int check_registered_games(GameList<Gs...>) {
  int checked = 0;
  auto one = [&]<Game G>() {
    if constexpr (HasEncoding<G>) {
      for (const auto& entry : std::filesystem::directory_iterator(QILAB_SOURCE_DIR "/configs/games")) {
        if (entry.path().extension() != ".toml") continue;  // configs/games/<game>/ holds data files
        const GameConfig config = read_game_config(entry.path().string());
        if (config.game != G::kId) continue;
        const G game(resolve_options(G::option_specs(), config, {}));
        INFO(entry.path().string());
        check_shapes(game);
        ++checked;
      }
    }
  };
  (one.template operator()<Gs>(), ...);
  return checked;
}

}  // namespace

TEST_CASE("network: output shapes for the test game with 2 and 3 players") {
  check_shapes(Pebbles::make(2));
  check_shapes(Pebbles::make(3));
  check_shapes(Pebbles::make(3, true));
}

TEST_CASE("network: output shapes for every game variant in configs/games that has an encoding") {
  const int checked = check_registered_games(AllGames{});
  int shipped = 0;  // every registered game has an encoding, so every shipped variant is checked
  for (const auto& entry : std::filesystem::directory_iterator(QILAB_SOURCE_DIR "/configs/games"))
    shipped += entry.path().extension() == ".toml";
  CHECK(checked == shipped);
  CHECK(checked >= 6);
}

TEST_CASE("network: value k is the seat k places after the observer") {
  // The same board seen by seat 0 and by seat 1 of a 2-player game swaps the pebble planes, so
  // a network's outputs are observer-relative; check the encoding the network reads says so.
  const Pebbles game = Pebbles::make(2);
  auto s = game.initial_state();
  s.apply(0);
  std::vector<float> a(static_cast<std::size_t>(game.encoding_spec().size())), b(a.size());
  s.encode(0, a);
  s.encode(1, b);
  const auto& e = game.encoding_spec();
  CHECK(a[static_cast<std::size_t>(e.at(1, 0, 0))] == 1.0f);  // seat 0 sees its own pebble
  CHECK(b[static_cast<std::size_t>(e.at(2, 0, 0))] == 1.0f);  // seat 1 sees the next seat's
}

TEST_CASE("network: save and load give the same weights and outputs; bad files are named") {
  const Pebbles game = Pebbles::make(3);
  const Network net(small_config(game), 11);
  const auto dir = std::filesystem::temp_directory_path() / "qilab_network_test";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "a.net").string();
  net.save(path);
  const Network back = Network::load(path);
  CHECK(back.config() == net.config());
  CHECK(back.same_weights(net));
  const Network other(small_config(game), 12);
  CHECK_FALSE(other.same_weights(net));

  std::vector<float> in(static_cast<std::size_t>(game.encoding_spec().size()));
  game.initial_state().encode(0, in);
  std::vector<float> p1(12), p2(12), v1(3), v2(3);
  net.forward(in.data(), 1, p1.data(), v1.data());
  back.forward(in.data(), 1, p2.data(), v2.data());
  CHECK(p1 == p2);
  CHECK(v1 == v2);

  const std::string junk = (dir / "junk.net").string();
  std::ofstream(junk) << "not a network";
  try {
    Network::load(junk);
    FAIL("a junk file loaded");
  } catch (const Error& e) {
    CHECK(std::string(e.what()).find(junk) != std::string::npos);
  }
  CHECK_THROWS_AS(Network::load((dir / "missing.net").string()), Error);
  std::filesystem::remove_all(dir);
}

TEST_CASE("network: configs are checked against the game") {
  const Pebbles game = Pebbles::make(3);
  NetworkConfig c = small_config(game);
  CHECK_NOTHROW(c.check_matches(game.encoding_spec(), game.policy_spec(), 3, "here"));
  c.planes += 1;
  CHECK_THROWS_WITH_AS(c.check_matches(game.encoding_spec(), game.policy_spec(), 3, "here"),
                       "here: the network's input planes is 5, the game needs 4", Error);
  NetworkConfig d = small_config(game);
  nlohmann::json j = d.to_json();
  CHECK(NetworkConfig::from_json(j, "x") == d);
  j["channels"] = "wide";
  CHECK_THROWS_WITH_AS(NetworkConfig::from_json(j, "x"),
                       "x: field 'channels' expects an integer 1 to 4096, got \"wide\"", Error);
}

// The bytes self-play travels in between the ranks of an MPI run (training/selfplay_wire.h,
// neural::Network::to_bytes): a game's samples, record and counts and an iteration's notice
// come back equal; damaged bytes are refused.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "neural/network.h"
#include "tests/neural/pebble_game.h"
#include "training/selfplay_wire.h"

using namespace qilab;
using namespace qilab::training;

namespace {

const SampleShape kShape{5, 3, 2};

detail::GameOutput a_game() {
  detail::GameOutput g;
  for (int k = 0; k < 3; ++k) {
    Sample s;
    s.input = {0.5f * float(k), -1.0f, 0.0f, 1e-7f, 3.0f};
    s.policy = {{0, 0.25f}, {2, 0.75f}};
    s.outcome = {1.0f, -1.0f / 3.0f};
    g.samples.push_back(s);
  }
  g.record.index = 42;
  g.record.game = "pebbles";
  g.record.options = {{"players", 2}};
  g.record.seed = 0x0123456789abcdefULL;
  g.record.agents = {"selfplay", "selfplay"};
  g.record.actions = {1, 0, 2, 2};
  g.record.notation = {"1", "0", "2", "2"};
  g.record.returns = {1.0, -1.0};
  g.record.stats = nlohmann::json::array({{{"ply", 3}, {"seat", 1}, {"resigned", true}}});
  g.resigned = true;
  g.checked = false;
  g.false_positive = true;
  g.moves = 4;
  g.searches = 7;
  return g;
}

void same(const detail::GameOutput& a, const detail::GameOutput& b) {
  CHECK(a.samples == b.samples);
  CHECK(a.record.to_json() == b.record.to_json());
  CHECK(a.resigned == b.resigned);
  CHECK(a.checked == b.checked);
  CHECK(a.false_positive == b.false_positive);
  CHECK(a.moves == b.moves);
  CHECK(a.searches == b.searches);
}

}  // namespace

TEST_CASE("self-play wire: a game comes back from its bytes field for field") {
  const detail::GameOutput g = a_game();
  same(game_from_bytes(game_bytes(g, kShape), kShape), g);
  detail::GameOutput none;  // no samples, nothing resigned
  none.record.index = 7;
  same(game_from_bytes(game_bytes(none, kShape), kShape), none);
}

TEST_CASE("self-play wire: a damaged game is refused") {
  const std::string bytes = game_bytes(a_game(), kShape);
  for (std::size_t n : {std::size_t{0}, std::size_t{5}, std::size_t{24}, bytes.size() / 2, bytes.size() - 1})
    CHECK_THROWS_AS(game_from_bytes(bytes.substr(0, n), kShape), std::runtime_error);
  CHECK_THROWS_WITH_AS(game_from_bytes(bytes + "x", kShape), doctest::Contains("bytes after"),
                       std::runtime_error);
  std::string flags = bytes;
  flags[16] = 9;  // the flags field: no such bit
  CHECK_THROWS_WITH_AS(game_from_bytes(flags, kShape), doctest::Contains("flags"), std::runtime_error);
  // Samples of another shape, and a probability out of range, are not bad input but a damaged
  // message: std::runtime_error, not qilab::Error.
  CHECK_THROWS_WITH_AS(game_from_bytes(bytes, SampleShape{6, 3, 2}), doctest::Contains("input_size"),
                       std::runtime_error);
  std::string prob = bytes;
  const std::size_t at = prob.rfind(std::string("\x00\x00\x40\x3f", 4));  // 0.75f, little-endian
  REQUIRE(at != std::string::npos);
  prob[at + 3] = 0x40;  // 3.0f
  CHECK_THROWS_WITH_AS(game_from_bytes(prob, kShape), doctest::Contains("policy"), std::runtime_error);
}

TEST_CASE("self-play wire: an iteration's notice comes back; a damaged one is refused") {
  const IterationNotice n{3, 0xfedcba9876543210ULL, std::string("net\0work", 8)};
  CHECK(notice_from_bytes(notice_bytes(n)) == n);
  const IterationNotice empty{0, 1, {}};
  CHECK(notice_from_bytes(notice_bytes(empty)) == empty);
  const std::string bytes = notice_bytes(n);
  CHECK_THROWS_AS(notice_from_bytes(bytes.substr(0, bytes.size() - 1)), std::runtime_error);
  CHECK_THROWS_AS(notice_from_bytes(bytes + "x"), std::runtime_error);
  std::string negative = bytes;
  negative[7] = static_cast<char>(0x80);  // iteration < 0
  CHECK_THROWS_AS(notice_from_bytes(negative), std::runtime_error);
}

TEST_CASE("a network comes back from its bytes with the same weights; other bytes are refused") {
  const auto game = qilab::testing::Pebbles::make(2);
  const auto config = neural::NetworkConfig::for_specs("pebbles", game.encoding_spec(), game.policy_spec(),
                                                       game.num_players(), 1, 8, 16);
  const neural::Network net(config, 3);
  const std::string bytes = net.to_bytes();
  CHECK(neural::Network::from_bytes(bytes, "test").same_weights(net));
  CHECK_FALSE(neural::Network::from_bytes(bytes, "test").same_weights(neural::Network(config, 4)));
  CHECK_THROWS_WITH_AS(neural::Network::from_bytes(bytes.substr(0, bytes.size() / 2), "the sent network"),
                       doctest::Contains("the sent network"), Error);
  CHECK_THROWS_AS(neural::Network::from_bytes("garbage", "x"), Error);
}

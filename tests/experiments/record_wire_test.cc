// The bytes game records travel in between the ranks of an MPI run (experiments/record_wire.h):
// every field comes back equal, numbers to the bit; bytes cut short are refused.
#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>
#include <limits>
#include <stdexcept>

#include "experiments/record_wire.h"

using namespace qilab;
using namespace qilab::experiments;

namespace {

GameRecord full_record() {
  GameRecord r;
  r.index = 123456789012;
  r.game = "junqi";
  r.options = {{"board", "configs/boards/junqi6.json"}, {"players", 4}, {"komi", 0.1}};
  r.config_hash = "abcdef0123456789";
  r.seed = 0xfedcba9876543210ULL;
  r.agents = {"random", "mcts:simulations=10", "", "greedy"};
  r.setups = nlohmann::json::array({"a,b", nullptr, "c", "d"});
  r.actions = {0, 7, -3, 2147483647, 42};
  r.notation = {"6->14", "", "x"};
  r.returns = {1.0, -1.0, 1.0 / 3.0, std::nextafter(0.0, 1.0)};
  r.ending = "flag";
  r.stats = nlohmann::json::array({{{"visits", 17}, {"value", 0.1 + 0.2}}, nullptr});
  r.program = "qilab 0.1.0 (commit 1234)";
  r.agent_files = {{"configs/agents/x.toml", "hash"}};
  r.lineup = 7;
  r.events = nlohmann::json::array({{{"ply", 3}, {"seat", 1}, {"kind", "timeout"}, {"forfeit", false}}});
  return r;
}

}  // namespace

TEST_CASE("a record comes back from its bytes field for field") {
  const GameRecord a = full_record();
  GameRecord b = a;
  b.index = 5;
  b.setups = nullptr;
  b.actions.clear();
  b.returns.clear();
  b.stats = nlohmann::json::array();
  std::string bytes;
  wire::put_record(bytes, a);
  wire::put_int(bytes, -17);
  wire::put_record(bytes, b);
  wire::Reader in(bytes);
  for (const GameRecord* want : std::initializer_list<const GameRecord*>{&a, nullptr, &b}) {
    if (want == nullptr) {
      CHECK(in.get_int() == -17);
      continue;
    }
    const GameRecord got = in.get_record();
    CHECK(got.index == want->index);
    CHECK(got.game == want->game);
    CHECK(got.options == want->options);
    CHECK(got.config_hash == want->config_hash);
    CHECK(got.seed == want->seed);
    CHECK(got.agents == want->agents);
    CHECK(got.setups == want->setups);
    CHECK(got.actions == want->actions);
    CHECK(got.notation == want->notation);
    CHECK(got.returns == want->returns);  // bit for bit: no decimal text on the way
    CHECK(got.ending == want->ending);
    CHECK(got.stats == want->stats);
    CHECK(got.program == want->program);
    CHECK(got.agent_files == want->agent_files);
    CHECK(got.lineup == want->lineup);
    CHECK(got.events == want->events);
    CHECK(got.to_json().dump() == want->to_json().dump());
  }
  CHECK(in.done());
}

TEST_CASE("bytes cut short are refused, never read past") {
  std::string bytes;
  wire::put_record(bytes, full_record());
  for (const std::size_t keep : {std::size_t{0}, std::size_t{5}, bytes.size() / 2, bytes.size() - 1}) {
    wire::Reader in(std::string_view(bytes).substr(0, keep));
    CHECK_THROWS_AS(in.get_record(), std::exception);
  }
  std::string huge;
  wire::put_int(huge, std::numeric_limits<std::int64_t>::max());
  wire::Reader in(huge);
  CHECK_THROWS_AS(in.get_text(), std::runtime_error);
}

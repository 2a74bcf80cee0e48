// The one spec grammar for games and agents (engine/core/spec.h): NAME[:KEY=VALUE,...].
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/core/spec.h"
#include "tests/error_of.h"

using namespace qilab;
using qilab::testing::error_of;
using V = std::vector<std::string>;

TEST_CASE("a spec is a name and its settings, in order") {
  const Spec plain = parse_spec("checkers", "--game");
  CHECK(plain.name == "checkers");
  CHECK(plain.settings.empty());
  const Spec game = parse_spec("checkers:players=2,max_turns=300", "--game");
  CHECK(game.name == "checkers");
  CHECK(game.settings == V{"players=2", "max_turns=300"});
  const Spec file = parse_spec("configs/agents/mcts.toml:uct=2", "agent");
  CHECK(file.name == "configs/agents/mcts.toml");
  CHECK(file.settings == V{"uct=2"});
  // A value runs to the next comma that starts KEY=: it may hold commas and '='.
  CHECK(parse_spec("mizong:setups=a,b,c,d,e,f,teams=3v3", "g").settings ==
        V{"setups=a,b,c,d,e,f", "teams=3v3"});
  CHECK(parse_settings("heroes=knight,assassin", "s") == V{"heroes=knight,assassin"});
  CHECK(parse_settings("board=x=y", "s") == V{"board=x=y"});
  CHECK(parse_settings("fpu=", "s") == V{"fpu="});
}

TEST_CASE("bad settings are refused with one line naming the source") {
  CHECK(error_of([] { parse_spec("mcts:simulations", "agent 'mcts:simulations'"); }) ==
        "agent 'mcts:simulations': expected key=value, got 'simulations'");
  CHECK(error_of([] { parse_spec("mcts:=3", "agent"); }) == "agent: expected key=value, got '=3'");
  CHECK(error_of([] { parse_spec("mcts:2x=3", "agent"); }) == "agent: expected key=value, got '2x=3'");
  CHECK(error_of([] { parse_spec(":a=1", "--game ':a=1'"); }) ==
        "--game ':a=1': expected a name before the settings");
  CHECK(error_of([] { parse_settings("players", "--set 'players'"); }) ==
        "--set 'players': expected key=value, got 'players'");
  const auto [key, value] = parse_setting("uct=1.5", "w");
  CHECK(key == "uct");
  CHECK(value == "1.5");
  CHECK(starts_setting("a_1=x"));
  CHECK_FALSE(starts_setting("mcts:a=1"));
  CHECK_FALSE(starts_setting("configs/x=1"));
}

TEST_CASE("a list of specs: a KEY= piece continues the spec before it, any other piece starts one") {
  CHECK(split_spec_list("mcts:simulations=400,uct=2,random", "--agents") ==
        V{"mcts:simulations=400,uct=2", "random"});
  CHECK(split_spec_list("greedy,mcts:a=1,b=2", "--agents") == V{"greedy", "mcts:a=1,b=2"});
  CHECK(error_of([] { split_spec_list("random,uct=2", "--agents 'random,uct=2'"); }) ==
        "--agents 'random,uct=2': setting 'uct=2' follows no name with settings");
  CHECK(error_of([] { split_spec_list("random,,greedy", "--agents"); }) ==
        "--agents: empty name in the list");
}

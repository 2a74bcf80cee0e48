// --agents splitting: commas separate agents, key=value pieces continue an agent's options.
#include <doctest/doctest.h>

#include "apps/qilab/agent_list.h"

using qilab::cli::split_agent_list;
using V = std::vector<std::string>;

TEST_CASE("agent lists split on commas, keeping agent options together") {
  CHECK(split_agent_list({"random,greedy"}) == V{"random", "greedy"});
  CHECK(split_agent_list({"random", "greedy"}) == V{"random", "greedy"});
  CHECK(split_agent_list({"mcts:simulations=400,uct=2,random"}) == V{"mcts:simulations=400,uct=2", "random"});
  CHECK(split_agent_list({"greedy,mcts:a=1,b=2"}) == V{"greedy", "mcts:a=1,b=2"});
  CHECK(split_agent_list({"configs/agents/mcts.toml,greedy"}) == V{"configs/agents/mcts.toml", "greedy"});
  CHECK_THROWS_AS(split_agent_list({"random,,greedy"}), qilab::Error);
  CHECK_THROWS_AS(split_agent_list({"random,uct=2"}), qilab::Error);
  CHECK_THROWS_AS(split_agent_list({"uct=2"}), qilab::Error);
}

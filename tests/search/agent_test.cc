// The mcts agent: options and their errors, agent files, statistics, budgets, determinism,
// tree reuse, widening, priors and batched evaluation, on checkers.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "agents/factory.h"
#include "agents/greedy_agent.h"
#include "agents/mcts_agent.h"
#include "agents/random_agent.h"
#include "engine/mizong/mizong.h"
#include "search/mcts.h"
#include "tests/search/hidden_cards.h"
#include "tests/search/play.h"

using namespace qilab;
using checkers::Checkers;
using CheckersState = checkers::State;

namespace {

std::string error_of(const Checkers& game, const std::string& spec) {
  try {
    make_agent(game, spec);
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

std::string config_path(const std::string& name) {
  return std::string(QILAB_SOURCE_DIR) + "/configs/agents/" + name;
}

// A checkers position a few random moves in, so searches are not all from the opening.
CheckersState midgame(const Checkers& game, std::uint64_t seed, int moves = 12) {
  Rng rng(seed);
  CheckersState s = game.initial_state();
  ActionList legal;
  for (int i = 0; i < moves && !s.is_terminal(); ++i) {
    s.legal_actions(legal);
    s.apply(legal[static_cast<int>(rng.below(legal.size()))]);
  }
  return s;
}

}  // namespace

TEST_CASE("bad options are refused with one line naming the key and what it expects") {
  const Checkers game = searchtest::make_checkers(2, 100);
  struct Case {
    std::string spec, expected;
  };
  for (const Case& c : std::vector<Case>{
           {"mcts:simulation=10", "unknown option 'simulation'"},
           {"mcts:simulations=many", "option 'simulations' expects an integer, got 'many'"},
           {"mcts:simulations=-5", "option 'simulations' expects an integer 0 to 1000000000, got -5"},
           {"mcts:simulations=0,time_ms=inf", "option 'time_ms' expects a number 0 to 86400000, got inf"},
           {"mcts:time_ms=nan", "option 'time_ms' expects a number 0 to 86400000, got nan"},
           {"mcts:fpu=nan", "option 'fpu' expects one of auto, inf, parent or a number, got 'nan'"},
           {"mcts:fpu=1e999", "option 'fpu' expects one of auto, inf, parent or a number, got '1e999'"},
           {"mcts:fpu=0.5x", "option 'fpu' expects one of auto, inf, parent or a number, got '0.5x'"},
           {"mcts:fpu_reduction=nan", "option 'fpu_reduction' expects a number -1 to 1, got nan"},
           {"mcts:simulations=0", "'simulations' and 'time_ms' are both 0"},
           {"mcts:uct=big", "option 'uct' expects a number, got 'big'"},
           {"mcts:backup=coalition", "option 'backup' expects one of maxn, paranoid, got 'coalition'"},
           // team was removed: allies get equal values in every game, so it was maxn (docs/search.md)
           {"mcts:backup=team", "option 'backup' expects one of maxn, paranoid, got 'team'"},
           {"mcts:evaluator=oracle", "option 'evaluator' expects one of rollout, heuristic, got 'oracle'"},
           {"mcts:final=best", "option 'final' expects one of visits, value, sample, got 'best'"},
           {"mcts:value_scale=log", "option 'value_scale' expects one of game, tree, got 'log'"},
           {"mcts:fpu=high", "option 'fpu' expects one of auto, inf, parent or a number, got 'high'"},
           {"mcts:widening=yes", "option 'widening' expects a boolean (true/false), got 'yes'"},
           {"mcts:widening_alpha=2", "option 'widening_alpha' expects a number > 0 and <= 1, got 2"},
           {"mcts:widening_alpha=0", "option 'widening_alpha' expects a number > 0 and <= 1, got 0"},
           {"mcts:chance=all", "option 'chance' expects one of sample, expand, got 'all'"},
           {"mcts:ismcts=maybe", "option 'ismcts' expects one of auto, on, off, true, false, got 'maybe'"},
           {"mcts:batch=0", "option 'batch' expects an integer 1 to 4096, got 0"},
           {"mcts:rollout_depth=-2", "option 'rollout_depth' expects an integer -1 to 1000000, got -2"},
           {"mcts:rollout_depth=4294967296",
            "option 'rollout_depth' expects an integer -1 to 1000000, got 4294967296"},
           {"mcts:simulations", "expected key=value"},
           {"mcts:ismcts=on,chance=expand", "option 'chance' expects sample with ISMCTS"},
           {"montecarlo", "unknown agent 'montecarlo' (known: random, greedy, mcts, playout, activation)"},
       }) {
    CAPTURE(c.spec);
    const std::string message = error_of(game, c.spec);
    CHECK(message.find(c.expected) != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
    if (c.spec.starts_with("mcts:") && c.spec.find('=') != std::string::npos)
      CHECK(message.find(c.spec) != std::string::npos);
  }
}

TEST_CASE("the factory builds mcts from a spec or an agent file, extra options winning") {
  const Checkers game = searchtest::make_checkers(2, 100);
  const auto names = agent_names();
  CHECK(std::find(names.begin(), names.end(), "mcts") != names.end());

  auto simulations_of = [&](const std::string& spec) {
    auto agent = make_agent(game, spec);
    CHECK(agent->name() == "mcts");
    Rng rng(1);
    agent->choose(midgame(game, 1), rng);
    return agent->last_stats()["simulations"].get<std::int64_t>();
  };
  CHECK(simulations_of("mcts:simulations=37") == 37);
  CHECK(simulations_of(config_path("mcts.toml") + ":simulations=23") == 23);

  // Every shipped agent file builds an agent for a perfect- and a hidden-information game; the
  // activation agent's (agents/activation_agent.h) builds for mizong and is refused elsewhere.
  Options mizong_options(mizong::Mizong::option_specs());
  mizong_options.set_from_text("point_size", "4", "test");
  const mizong::Mizong mizong_game(mizong_options);
  int files = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(QILAB_SOURCE_DIR) + "/configs/agents")) {
    if (entry.path().extension() != ".toml") continue;
    CAPTURE(entry.path().string());
    ++files;
    if (read_agent_file(entry.path().string()).kind == "activation") {
      CHECK(make_agent(mizong_game, entry.path().string())->name() == "activation");
      CHECK_THROWS_AS(make_agent(game, entry.path().string()), Error);
      continue;
    }
    CHECK(make_agent(game, entry.path().string())->name() == "mcts");
    CHECK(make_agent(hiddencards::HiddenCards::make(), entry.path().string())->name() == "mcts");
  }
  CHECK(files >= 3);

  // configs/agents/mcts.toml writes out every option at its default.
  const AgentSpec all = read_agent_file(config_path("mcts.toml"));
  const Options defaults(mcts_option_specs());
  std::set<std::string> listed;
  for (const auto& kv : all.overrides) {
    const std::string key = kv.substr(0, kv.find('='));
    listed.insert(key);
    Options one(mcts_option_specs());
    one.set_from_text(key, kv.substr(kv.find('=') + 1), "mcts.toml");
    CAPTURE(kv);
    CHECK(one.to_json()[key] == defaults.to_json()[key]);
  }
  CHECK(listed.size() == mcts_option_specs().size());

  const auto dir = std::filesystem::temp_directory_path() / "qilab_search_test";
  std::filesystem::create_directories(dir);
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  };
  const std::string typo = write("typo.toml", "agent = \"mcts\"\n[options]\nsimulatons = 10\n");
  CHECK(error_of(game, typo).find(typo) != std::string::npos);
  CHECK(error_of(game, typo).find("unknown option 'simulatons'") != std::string::npos);
  const std::string typed = write("typed.toml", "agent = \"mcts\"\n[options]\nuct = \"high\"\n");
  CHECK(error_of(game, typed).find("option 'uct' expects a number, got 'high'") != std::string::npos);
  const std::string numbers =
      write("numbers.toml", "agent = \"mcts\"\n[options]\nuct = 0.35\nfpu = 0.5\nwidening = true\n");
  auto agent = make_agent(game, numbers);
  const auto& settings = dynamic_cast<MctsAgent<CheckersState>&>(*agent).settings();
  CHECK(settings.config.uct_c == 0.35);
  CHECK(settings.config.fpu == search::Fpu::kAbsolute);
  CHECK(settings.config.fpu_value == 0.5);
  CHECK(settings.config.widening);
  CHECK(error_of(game, write("nameless.toml", "[options]\nuct = 1\n")).find("missing field 'agent'") !=
        std::string::npos);
  CHECK(error_of(game, write("broken.toml", "agent = \"mcts\n")).find("malformed TOML") != std::string::npos);
  CHECK(error_of(game, (dir / "absent.toml").string()).find("no such agent file") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("last_stats reports simulations, time, depth, tree size and the chosen child") {
  const Checkers game = searchtest::make_checkers(6, 1000);
  MctsAgent<CheckersState> agent(game, {"simulations=300", "rollout_depth=10"});
  Rng rng(5);
  const CheckersState s = midgame(game, 5, 30);
  const Action a = agent.choose(s, rng);
  const nlohmann::json j = agent.last_stats();
  CHECK(j["simulations"] == 300);
  CHECK(j["action"] == a);
  CHECK(j["time_ms"].get<double>() > 0);
  CHECK(j["max_depth"].get<int>() >= 2);
  CHECK(j["tree_size"].get<std::size_t>() > 300);
  CHECK(j["visits"].get<int>() > 300 / 60);
  CHECK(j["value"].get<double>() >= game.min_return());
  CHECK(j["value"].get<double>() <= game.max_return());
  // The chosen child is the most visited one.
  const auto children = agent.root_children();
  std::uint32_t most = 0, total = 0;
  for (const auto& c : children) {
    most = std::max(most, c.visits);
    total += c.visits;
  }
  CHECK(j["visits"] == most);
  CHECK(total == 299);  // the first simulation stopped at the root itself
}

TEST_CASE("a fixed seed gives the same choices and statistics; another seed does not") {
  const Checkers game = searchtest::make_checkers(6, 1000);
  for (const char* evaluator : {"evaluator=rollout", "evaluator=heuristic"}) {
    CAPTURE(evaluator);
    std::vector<nlohmann::json> runs[3];
    for (int run = 0; run < 3; ++run) {
      MctsAgent<CheckersState> agent(game, {"simulations=200", evaluator, "rollout_depth=20"});
      Rng rng(run == 2 ? 99 : 42);
      for (std::uint64_t pos = 0; pos < 6; ++pos) {
        agent.choose(midgame(game, pos, 20), rng);
        nlohmann::json j = agent.last_stats();
        j.erase("time_ms");
        runs[run].push_back(j);
      }
    }
    CHECK(runs[0] == runs[1]);
    CHECK(runs[0] != runs[2]);
  }
  // Whole games, with tree reuse: identical records.
  auto record = [&](std::uint64_t seed) {
    const Checkers g2 = searchtest::make_checkers(2, 40);
    MctsAgent<CheckersState> a(g2, {"simulations=50", "evaluator=heuristic"}),
        b(g2, {"simulations=80", "rollout_depth=8"});
    return searchtest::play_game(g2, {&a, &b}, seed).to_json();
  };
  CHECK(record(3) == record(3));
}

TEST_CASE("a time budget stops the search on time") {
  const Checkers game = searchtest::make_checkers(6, 1000);
  MctsAgent<CheckersState> agent(game, {"simulations=0", "time_ms=40"});
  Rng rng(1);
  agent.choose(midgame(game, 2, 20), rng);
  const auto j = agent.last_stats();
  CHECK(j["time_ms"].get<double>() >= 40);
  CHECK(j["time_ms"].get<double>() < 40 + 50);  // one rollout past the limit at most, on a busy machine
  CHECK(j["simulations"].get<int>() > 0);
}

TEST_CASE("the tree of the moves played is kept for the next search") {
  const Checkers game = searchtest::make_checkers(2, 60);
  MctsAgent<CheckersState> reuse(game, {"simulations=400", "evaluator=heuristic"});
  MctsAgent<CheckersState> fresh(game, {"simulations=400", "evaluator=heuristic", "reuse_tree=false"});
  RandomAgent<CheckersState> random;
  for (auto* agent : {&reuse, &fresh}) {
    agent->reset();
    random.reset();
    CheckersState s = game.initial_state();
    Rng rng(11);
    int searches = 0, reused = 0;
    while (!s.is_terminal()) {
      const bool mine = s.current_player() == 0;
      const Action a = mine ? agent->choose(s, rng) : random.choose(s, rng);
      if (mine && s.move_number() > 0) {
        ++searches;
        if (agent->last_stats()["reused"].get<int>() > 0) ++reused;
      }
      agent->observe(a);
      s.apply(a);
    }
    if (agent == &reuse) {
      CHECK(reused > searches / 2);  // random's reply was usually among the tree's children
    } else {
      CHECK(reused == 0);
    }
  }
}

TEST_CASE("an action the seat did not see drops the kept tree instead of guessing a child") {
  const Checkers game = searchtest::make_checkers(2, 60);
  MctsAgent<CheckersState> agent(game, {"simulations=400", "evaluator=heuristic"});
  RandomAgent<CheckersState> random;
  agent.reset();
  CheckersState s = game.initial_state();
  Rng rng(5);
  auto play = [&](bool hide_reply) {
    const Action mine = agent.choose(s, rng);
    agent.observe(mine);
    s.apply(mine);
    const Action reply = random.choose(s, rng);
    agent.observe(hide_reply ? kHiddenAction : reply);
    s.apply(reply);
    agent.choose(s, rng);
    return agent.last_stats()["reused"].get<int>();
  };
  CHECK(play(false) > 0);  // the reply seen whole: its subtree is kept
  CHECK(play(true) == 0);  // the reply unseen: the search starts afresh
}

TEST_CASE("progressive widening opens children in prior order, a few at a time") {
  const Checkers game = searchtest::make_checkers(2, 100);
  const CheckersState start = game.initial_state();  // 14 moves
  auto visited = [&](std::vector<std::string> options) {
    MctsAgent<CheckersState> agent(game, options);
    Rng rng(2);
    agent.choose(start, rng);
    int count = 0;
    for (const auto& c : agent.root_children()) count += c.visits > 0;
    return std::make_pair(count, agent.root_children());
  };
  CHECK(visited({"simulations=100", "evaluator=heuristic"}).first == 14);
  CHECK(visited({"simulations=100", "evaluator=heuristic", "widening=true", "widening_c=1"}).first <= 10);

  // Greedy priors: a distribution, best one-ply move first; widening then keeps to the best.
  // (From a position where both seats have advanced: at the opening the heuristic gives
  // every first move the same value.)
  CheckersState s = start;
  GreedyAgent<CheckersState> greedy;
  Rng rng(9);
  while (s.turns() < 16) s.apply(greedy.choose(s, rng));
  MctsAgent<CheckersState> agent(
      game, {"simulations=100", "evaluator=heuristic", "priors=greedy", "widening=true", "widening_c=0.5"});
  agent.choose(s, rng);
  const auto children = agent.root_children();
  int count = 0;
  double sum = 0;
  for (const auto& c : children) {
    count += c.visits > 0;
    sum += c.prior;
  }
  CHECK(count <= 5);
  CHECK(sum == doctest::Approx(1.0).epsilon(1e-5));
  for (std::size_t i = 1; i < children.size(); ++i) CHECK(children[i - 1].prior >= children[i].prior);
  auto one_ply = [&](Action a) {
    CheckersState next = s;
    next.apply(a);
    return next.evaluate()[s.current_player()];
  };
  CHECK(children.front().prior > children.back().prior);
  CHECK(one_ply(children.front().action) > one_ply(children.back().action));
  for (const auto& c : children) CHECK(one_ply(c.action) <= one_ply(children.front().action) + 1e-9);
}

TEST_CASE("batched evaluation counts every simulation once and leaves no virtual loss behind") {
  const Checkers game = searchtest::make_checkers(6, 1000);
  for (int batch : {1, 8, 64}) {
    CAPTURE(batch);
    search::SearchConfig c;
    c.num_players = 6;
    c.num_distinct_actions = game.num_distinct_actions();
    c.min_return = game.min_return();
    c.max_return = game.max_return();
    c.budget.simulations = 500;
    c.selection = search::Selection::kPuct;
    c.fpu = search::Fpu::kParent;
    c.batch = batch;
    search::Mcts<CheckersState, search::HeuristicEvaluator<CheckersState>> mcts(c, {});
    Rng rng(4);
    const CheckersState s = midgame(game, 4, 24);
    CHECK(s.is_legal(mcts.search(s, rng)));
    CHECK(mcts.stats().simulations == 500);
    const auto& tree = mcts.tree();
    CHECK(tree[mcts.root()].n == 500);
    std::uint32_t children = 0;
    for (auto ch = tree[mcts.root()].first_child; ch != search::kNoNode; ch = tree[ch].next_sibling)
      children += tree[ch].n;
    CHECK(children == 499);
    bool clean = true;
    for (std::size_t i = 0; i < tree.size(); ++i)
      clean = clean && tree[static_cast<search::NodeIndex>(i)].virtual_loss == 0;
    CHECK(clean);
  }
}

TEST_CASE("final choice by value, by sampling, and ISMCTS on a perfect-information game all play legally") {
  const Checkers game = searchtest::make_checkers(2, 100);
  const CheckersState s = midgame(game, 8);
  std::set<Action> sampled;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Rng rng(seed);
    MctsAgent<CheckersState> hot(game,
                                 {"simulations=60", "evaluator=heuristic", "final=sample", "temperature=50"});
    const Action a = hot.choose(s, rng);
    CHECK(s.is_legal(a));
    sampled.insert(a);
  }
  CHECK(sampled.size() > 3);  // a hot temperature spreads the choices
  for (const char* opt : {"final=value", "ismcts=on", "selection=puct", "fpu=0.5", "fpu=parent"}) {
    CAPTURE(opt);
    MctsAgent<CheckersState> agent(game, {"simulations=100", "evaluator=heuristic", opt});
    Rng rng(1);
    CHECK(s.is_legal(agent.choose(s, rng)));
  }
  // Temperature 0 plays the most visited child, as final=visits does.
  MctsAgent<CheckersState> cold(game,
                                {"simulations=100", "evaluator=heuristic", "final=sample", "temperature=0"});
  MctsAgent<CheckersState> visits(game, {"simulations=100", "evaluator=heuristic"});
  Rng r1(3), r2(3);
  CHECK(cold.choose(s, r1) == visits.choose(s, r2));
}

TEST_CASE("a full tree stops growing at max_nodes and the search still plays") {
  const Checkers game = searchtest::make_checkers(6, 1000);
  MctsAgent<CheckersState> agent(game, {"simulations=2000", "evaluator=heuristic", "max_nodes=1000"});
  Rng rng(1);
  const CheckersState s = midgame(game, 3, 20);
  CHECK(s.is_legal(agent.choose(s, rng)));
  CHECK(agent.last_stats()["tree_size"].get<int>() <= 1000);
  CHECK(agent.last_stats()["simulations"] == 2000);
}

TEST_CASE("every mcts option declares what it allows, and its default is allowed") {
  for (const OptionSpec& s : mcts_option_specs()) {
    CAPTURE(s.name);
    CHECK(option_allows(s, s.default_value));
    if (s.default_value.index() == 1) CHECK(s.expects() != "an integer");
    if (s.default_value.index() == 2) CHECK(s.expects() != "a finite number");
  }
}

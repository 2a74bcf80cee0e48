#pragma once
// MctsAgent: Monte-Carlo tree search (search/mcts.h) as an agent, configured by key=value
// options ("mcts:simulations=400,uct=1.2") or an agent file (configs/agents/mcts.toml).
// docs/search.md describes every option. The evaluator is chosen at construction; the
// search itself is a template over it, so choose() makes one std::visit and no virtual call.
#include <charconv>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/agent.h"
#include "engine/core/error.h"
#include "engine/core/options.h"
#include "search/mcts.h"

namespace qilab {

inline std::vector<OptionSpec> mcts_option_specs() {
  using I = std::int64_t;
  return {
      {"simulations", I{1000}, "simulations per move; 0: no limit (then time_ms must be set)"},
      {"time_ms", 0.0, "thinking time per move in milliseconds; 0: no limit (a time limit is not reproducible)"},
      {"selection", std::string("uct"), "uct (UCB1 on the children) | puct (AlphaZero's, uses the priors)"},
      {"uct", 1.0, "UCT exploration constant c, on values scaled to [0, 1]"},
      {"puct", 1.5, "PUCT exploration constant"},
      {"value_scale", std::string("game"), "what uct/puct are measured against: game (the game's return range) | tree (the range of values seen in the search)"},
      {"fpu", std::string("auto"), "value of an unvisited child: auto (inf for uct, parent for puct) | inf | parent | a number"},
      {"fpu_reduction", 0.0, "with fpu=parent: subtracted from the parent's value"},
      {"backup", std::string("maxn"), "maxn (each seat for itself; allies share values in every game) | paranoid (all against the mover)"},
      {"evaluator", std::string("rollout"), "rollout (random playout) | heuristic (the game's evaluate())"},
      {"rollout_depth", I{-1}, "random actions before the game's heuristic judges the position; -1: to the end"},
      {"priors", std::string("uniform"), "uniform | greedy (softmax of the one-ply heuristic)"},
      {"prior_temperature", 0.1, "with priors=greedy: softmax temperature on values scaled to [0, 1]"},
      {"final", std::string("visits"), "the move played: visits (most visited) | value (best mean) | sample"},
      {"temperature", 1.0, "with final=sample: visits^(1/temperature); 0: most visited"},
      {"widening", false, "progressive widening: consider ceil(widening_c * N^widening_alpha) children, best prior first"},
      {"widening_c", 2.0, "progressive widening: constant"},
      {"widening_alpha", 0.5, "progressive widening: exponent, in (0, 1]"},
      {"reuse_tree", true, "keep the subtree of the moves played (perfect information only)"},
      {"chance", std::string("sample"), "sample (draw outcomes by probability) | expand (list all, visit in proportion)"},
      {"ismcts", std::string("auto"), "information-set MCTS: auto (on for hidden-information games) | on | off"},
      {"batch", I{1}, "leaves gathered under virtual loss per evaluator call"},
      {"max_nodes", I{4000000}, "tree size limit in nodes (about 90 bytes each)"},
  };
}

namespace detail {

template <GameState S>
using MctsVariant = std::variant<search::Mcts<S, search::RolloutEvaluator<S>>,
                                 search::Mcts<S, search::HeuristicEvaluator<S>>,
                                 search::Mcts<S, search::GreedyPriors<S, search::RolloutEvaluator<S>>>,
                                 search::Mcts<S, search::GreedyPriors<S, search::HeuristicEvaluator<S>>>>;

inline std::string one_of(const Options& o, const std::string& key, std::initializer_list<const char*> allowed,
                          const std::string& where) {
  const std::string& v = o.get_string(key);
  std::string list;
  for (const char* a : allowed) {
    if (v == a) return v;
    list += (list.empty() ? "" : ", ") + std::string(a);
  }
  throw Error(where + ": option '" + key + "' expects one of " + list + ", got '" + v + "'");
}

inline void check(bool ok, const std::string& where, const std::string& key, const std::string& expected,
                  const std::string& got) {
  if (!ok) throw Error(where + ": option '" + key + "' expects " + expected + ", got " + got);
}

}  // namespace detail

// The search settings and evaluator choice an agent's options describe.
struct MctsSettings {
  search::SearchConfig config;
  std::string evaluator = "rollout";
  int rollout_depth = -1;
  bool greedy_priors = false;
  double prior_temperature = 0.1;
};

// Checks `options` (of mcts_option_specs) against each other and the game; throws Error
// "<where>: option '<key>' expects ..., got ...".
template <Game G>
MctsSettings mcts_settings(const G& game, const Options& o, const std::string& where) {
  using namespace search;
  using detail::check;
  MctsSettings s;
  SearchConfig& c = s.config;
  c.num_players = game.num_players();
  c.num_distinct_actions = game.num_distinct_actions();
  c.min_return = game.min_return();
  c.max_return = game.max_return();

  c.budget.simulations = o.get_int("simulations");
  c.budget.time_ms = o.get_double("time_ms");
  check(c.budget.simulations >= 0, where, "simulations", "an integer >= 0", std::to_string(c.budget.simulations));
  check(c.budget.time_ms >= 0, where, "time_ms", "a number >= 0", std::to_string(c.budget.time_ms));
  if (!c.budget.limited())
    throw Error(where + ": options 'simulations' and 'time_ms' are both 0; set at least one of them");

  c.selection = detail::one_of(o, "selection", {"uct", "puct"}, where) == "uct" ? Selection::kUct : Selection::kPuct;
  c.uct_c = o.get_double("uct");
  c.puct_c = o.get_double("puct");
  check(c.uct_c >= 0, where, "uct", "a number >= 0", std::to_string(c.uct_c));
  check(c.puct_c >= 0, where, "puct", "a number >= 0", std::to_string(c.puct_c));

  c.value_scale = detail::one_of(o, "value_scale", {"game", "tree"}, where) == "game" ? ValueScale::kGame
                                                                                    : ValueScale::kTree;
  const std::string& fpu = o.get_string("fpu");
  c.fpu_value = o.get_double("fpu_reduction");
  if (fpu == "auto") {
    c.fpu = c.selection == Selection::kUct ? Fpu::kInfinite : Fpu::kParent;
  } else if (fpu == "inf") {
    c.fpu = Fpu::kInfinite;
  } else if (fpu == "parent") {
    c.fpu = Fpu::kParent;
  } else {
    double v = 0;
    auto [p, ec] = std::from_chars(fpu.data(), fpu.data() + fpu.size(), v);
    check(ec == std::errc() && p == fpu.data() + fpu.size(), where, "fpu", "auto, inf, parent or a number",
          "'" + fpu + "'");
    c.fpu = Fpu::kAbsolute;
    c.fpu_value = v;
  }

  c.backup = parse_backup_policy(o.get_string("backup"), where);

  s.evaluator = detail::one_of(o, "evaluator", {"rollout", "heuristic"}, where);
  s.rollout_depth = static_cast<int>(o.get_int("rollout_depth"));
  check(o.get_int("rollout_depth") >= -1, where, "rollout_depth", "-1 (to the end) or a depth >= 0",
        std::to_string(o.get_int("rollout_depth")));
  s.greedy_priors = detail::one_of(o, "priors", {"uniform", "greedy"}, where) == "greedy";
  s.prior_temperature = o.get_double("prior_temperature");
  check(s.prior_temperature > 0, where, "prior_temperature", "a number > 0", std::to_string(s.prior_temperature));

  const std::string final_choice = detail::one_of(o, "final", {"visits", "value", "sample"}, where);
  c.final_choice = final_choice == "visits" ? FinalChoice::kVisits
                   : final_choice == "value" ? FinalChoice::kValue
                                             : FinalChoice::kSample;
  c.temperature = o.get_double("temperature");
  check(c.temperature >= 0, where, "temperature", "a number >= 0", std::to_string(c.temperature));

  c.widening = o.get_bool("widening");
  c.widening_c = o.get_double("widening_c");
  c.widening_alpha = o.get_double("widening_alpha");
  check(c.widening_c > 0, where, "widening_c", "a number > 0", std::to_string(c.widening_c));
  check(c.widening_alpha > 0 && c.widening_alpha <= 1, where, "widening_alpha", "a number in (0, 1]",
        std::to_string(c.widening_alpha));

  const std::string ismcts = detail::one_of(o, "ismcts", {"auto", "on", "off", "true", "false"}, where);
  c.ismcts = ismcts == "auto" ? !game.perfect_information() : (ismcts == "on" || ismcts == "true");
  c.reuse_tree = o.get_bool("reuse_tree") && game.perfect_information() && !c.ismcts;
  c.chance = detail::one_of(o, "chance", {"sample", "expand"}, where) == "sample" ? ChanceMode::kSample
                                                                                   : ChanceMode::kExpand;
  if (c.ismcts && c.chance == ChanceMode::kExpand)
    throw Error(where + ": option 'chance' expects sample with ISMCTS (outcomes hidden from the player cannot be listed), got 'expand'");

  check(o.get_int("batch") >= 1 && o.get_int("batch") <= 4096, where, "batch", "an integer in [1, 4096]",
        std::to_string(o.get_int("batch")));
  c.batch = static_cast<int>(o.get_int("batch"));
  check(o.get_int("max_nodes") >= 1000, where, "max_nodes", "an integer >= 1000", std::to_string(o.get_int("max_nodes")));
  c.max_nodes = static_cast<std::size_t>(o.get_int("max_nodes"));
  return s;
}

// Options from key=value texts; throws Error naming `where` and the key.
inline Options mcts_options(const std::vector<std::string>& overrides, const std::string& where) {
  Options o(mcts_option_specs());
  for (const auto& kv : overrides) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) throw Error(where + ": expected key=value, got '" + kv + "'");
    o.set_from_text(kv.substr(0, eq), kv.substr(eq + 1), where);
  }
  return o;
}

template <GameState S>
class MctsAgent final : public Agent<S> {
 public:
  template <Game G>
    requires std::same_as<typename G::State, S>
  MctsAgent(const G& game, const Options& options, const std::string& where = "agent 'mcts'")
      : settings_(mcts_settings(game, options, where)), search_(make_search(settings_)) {}

  template <Game G>
    requires std::same_as<typename G::State, S>
  MctsAgent(const G& game, const std::vector<std::string>& overrides, const std::string& where = "agent 'mcts'")
      : MctsAgent(game, mcts_options(overrides, where), where) {}

  std::string name() const override { return "mcts"; }

  Action choose(const S& view, Rng& rng) override {
    return std::visit([&](auto& m) { return m.search(view, rng); }, search_);
  }
  void reset() override {
    std::visit([](auto& m) { m.clear(); }, search_);
  }
  // The tree follows the game only through actions the seat saw whole (reuse_tree is on in
  // perfect-information games only, where every view is the action); a hidden one drops it.
  void observe(Action view) override {
    if (!settings_.config.reuse_tree) return;
    if (view == kHiddenAction) {
      reset();
      return;
    }
    std::visit([&](auto& m) { m.advance(view); }, search_);
  }

  nlohmann::json last_stats() const override {
    const search::SearchStats& s = stats();
    return {{"simulations", s.simulations}, {"time_ms", s.time_ms},     {"max_depth", s.max_depth},
            {"tree_size", s.tree_size},     {"reused", s.reused_nodes}, {"action", s.action},
            {"visits", s.visits},           {"value", s.value}};
  }

  const MctsSettings& settings() const { return settings_; }
  const search::SearchStats& stats() const {
    return std::visit([](const auto& m) -> const search::SearchStats& { return m.stats(); }, search_);
  }
  std::vector<search::ChildStats> root_children() const {
    return std::visit([](const auto& m) { return m.root_children(); }, search_);
  }

 private:
  static detail::MctsVariant<S> make_search(const MctsSettings& s) {
    using namespace search;
    const auto& c = s.config;
    const bool rollout = s.evaluator == "rollout";
    if (!s.greedy_priors) {
      if (rollout) return detail::MctsVariant<S>(std::in_place_index<0>, c, RolloutEvaluator<S>(s.rollout_depth));
      return detail::MctsVariant<S>(std::in_place_index<1>, c, HeuristicEvaluator<S>());
    }
    if (rollout)
      return detail::MctsVariant<S>(
          std::in_place_index<2>, c,
          GreedyPriors<S, RolloutEvaluator<S>>(RolloutEvaluator<S>(s.rollout_depth), c.min_return, c.max_return,
                                               s.prior_temperature));
    return detail::MctsVariant<S>(
        std::in_place_index<3>, c,
        GreedyPriors<S, HeuristicEvaluator<S>>(HeuristicEvaluator<S>(), c.min_return, c.max_return, s.prior_temperature));
  }

  MctsSettings settings_;
  detail::MctsVariant<S> search_;
};

}  // namespace qilab

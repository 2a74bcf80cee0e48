#pragma once
// MctsAgent: Monte-Carlo tree search (search/mcts.h) as an agent, configured by key=value
// options ("mcts:simulations=400,uct=1.2") or an agent file (configs/agents/mcts.toml).
// docs/search.md describes every option. The evaluator is chosen at construction; the
// search itself is a template over it, so choose() makes one std::visit and no virtual call.
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/agent.h"
#include "engine/core/error.h"
#include "engine/core/options.h"
#include "engine/core/spec.h"
#include "engine/core/state_defaults.h"
#include "search/mcts.h"

namespace qilab {

inline std::vector<OptionSpec> mcts_option_specs() {
  // Root visits are counted in 32 bits, node indices in 31: the ranges keep both in bounds.
  return {
      int_option("simulations", 1000, 0, 1'000'000'000,
                 "simulations per move; 0: no limit (then time_ms must be set)"),
      number_option("time_ms", 0.0, 0, 86'400'000,
                    "thinking time per move in milliseconds, at most a day; 0: no limit (a time limit is not "
                    "reproducible)"),
      choice_option("selection", "uct", {"uct", "puct"},
                    "uct (UCB1 on the children) | puct (AlphaZero's, uses the priors)"),
      number_option("uct", 1.0, 0, std::numeric_limits<double>::max(),
                    "UCT exploration constant c, on values scaled to [0, 1]"),
      number_option("puct", 1.5, 0, std::numeric_limits<double>::max(), "PUCT exploration constant"),
      choice_option("value_scale", "game", {"game", "tree"},
                    "what uct/puct are measured against: game (the game's return range) | tree (the range of "
                    "values seen in the search)"),
      choice_or_number_option(
          "fpu", "auto", {"auto", "inf", "parent"}, -std::numeric_limits<double>::max(),
          std::numeric_limits<double>::max(),
          "value of an unvisited child: auto (inf for uct, parent for puct) | inf | parent | a number"),
      number_option("fpu_reduction", 0.0, -1, 1,
                    "with fpu=parent: subtracted from the parent's value (values scaled to [0, 1])"),
      choice_option("backup", "maxn", {"maxn", "paranoid"},
                    "maxn (each seat for itself; allies share values in every game) | paranoid (all against "
                    "the mover)"),
      choice_option("evaluator", "rollout", {"rollout", "heuristic"},
                    "rollout (random playout) | heuristic (the game's evaluate())"),
      choice_option("rollout_policy", "random", {"random", "playout"},
                    "rollout moves: random (uniform legal actions) | playout (the game's heuristic playout "
                    "policy, State::playout_action: mizong)"),
      int_option("rollout_depth", -1, -1, 1'000'000,
                 "random actions before the game's heuristic judges the position; -1: to the end"),
      choice_option("priors", "uniform", {"uniform", "greedy"},
                    "uniform | greedy (softmax of the one-ply heuristic)"),
      number_above("prior_temperature", 0.1, 0, std::numeric_limits<double>::max(),
                   "with priors=greedy: softmax temperature on values scaled to [0, 1]"),
      choice_option("final", "visits", {"visits", "value", "sample"},
                    "the move played: visits (most visited) | value (best mean) | sample"),
      number_option("temperature", 1.0, 0, std::numeric_limits<double>::max(),
                    "with final=sample: visits^(1/temperature); 0: most visited"),
      int_option(
          "temperature_moves", 0, 0, 1'000'000,
          "with final=sample: from this move number on the temperature is temperature_after; 0: no schedule"),
      number_option(
          "temperature_after", 0.0, 0, std::numeric_limits<double>::max(),
          "with temperature_moves > 0: the temperature after the schedule's moves; 0: most visited"),
      number_option("noise_alpha", 0.0, 0, 1000,
                    "root Dirichlet noise concentration (AlphaZero: about 10 / legal moves); 0: none"),
      number_option("noise_fraction", 0.25, 0, 1, "share of the root priors replaced by the Dirichlet noise"),
      {"widening", false,
       "progressive widening: consider ceil(widening_c * N^widening_alpha) children, best prior first"},
      number_above("widening_c", 2.0, 0, std::numeric_limits<double>::max(),
                   "progressive widening: constant"),
      number_above("widening_alpha", 0.5, 0, 1, "progressive widening: exponent, in (0, 1]"),
      {"reuse_tree", true, "keep the subtree of the moves played (perfect information only)"},
      choice_option("chance", "sample", {"sample", "expand"},
                    "sample (draw outcomes by probability) | expand (list all, visit in proportion)"),
      choice_option("ismcts", "auto", {"auto", "on", "off", "true", "false"},
                    "information-set MCTS: auto (on for hidden-information games) | on | off"),
      choice_option("solver", "off", {"auto", "on", "off"},
                    "MCTS-Solver, proven wins and losses backed up: auto (on where it applies: perfect "
                    "information, no chance) | on | off"),
      int_option("batch", 1, 1, 4096, "leaves gathered under virtual loss per evaluator call"),
      int_option("max_nodes", 4'000'000, 1000, std::numeric_limits<std::int32_t>::max(),
                 "tree size limit in nodes (about 90 bytes each)"),
  };
}

namespace detail {

template <GameState S>
using MctsVariant =
    std::variant<search::Mcts<S, search::RolloutEvaluator<S>>, search::Mcts<S, search::HeuristicEvaluator<S>>,
                 search::Mcts<S, search::GreedyPriors<S, search::RolloutEvaluator<S>>>,
                 search::Mcts<S, search::GreedyPriors<S, search::HeuristicEvaluator<S>>>,
                 search::Mcts<S, search::SharedEvaluator<S>>>;

}  // namespace detail

// The search settings and evaluator choice an agent's options describe.
struct MctsSettings {
  search::SearchConfig config;
  std::string evaluator = "rollout";
  int rollout_depth = -1;
  bool playout_rollouts = false;  // rollouts follow the game's playout policy
  bool greedy_priors = false;
  double prior_temperature = 0.1;
};

// Checks `options` (of mcts_option_specs) against each other and the game; throws Error
// "<where>: option '<key>' expects ..., got ...".
template <Game G>
MctsSettings mcts_settings(const G& game, const Options& o, const std::string& where) {
  using namespace search;
  MctsSettings s;
  SearchConfig& c = s.config;
  c.num_players = game.num_players();
  c.num_distinct_actions = game.num_distinct_actions();
  c.min_return = game.min_return();
  c.max_return = game.max_return();

  // mcts_option_specs() declares the range or choices of every option, and Options has checked
  // each value against them; what is left here are the checks across options and the game.
  c.budget.simulations = o.get_int("simulations");
  c.budget.time_ms = o.get_double("time_ms");
  if (!c.budget.limited())
    throw Error(where + ": options 'simulations' and 'time_ms' are both 0; set at least one of them");

  c.selection = o.get_string("selection") == "uct" ? Selection::kUct : Selection::kPuct;
  c.uct_c = o.get_double("uct");
  c.puct_c = o.get_double("puct");
  c.value_scale = o.get_string("value_scale") == "game" ? ValueScale::kGame : ValueScale::kTree;

  const std::string& fpu = o.get_string("fpu");
  c.fpu_value = o.get_double("fpu_reduction");
  if (fpu == "auto") {
    c.fpu = c.selection == Selection::kUct ? Fpu::kInfinite : Fpu::kParent;
  } else if (fpu == "inf") {
    c.fpu = Fpu::kInfinite;
  } else if (fpu == "parent") {
    c.fpu = Fpu::kParent;
  } else {  // a finite number, by the option's declaration
    c.fpu = Fpu::kAbsolute;
    c.fpu_value = *option_number(fpu);
  }

  c.backup = o.get_string("backup") == "paranoid" ? BackupPolicy::kParanoid : BackupPolicy::kMaxN;

  s.evaluator = o.get_string("evaluator");
  s.rollout_depth = static_cast<int>(o.get_int("rollout_depth"));
  s.playout_rollouts = o.get_string("rollout_policy") == "playout";
  if (s.playout_rollouts && !search::RolloutEvaluator<typename G::State>::kHasPlayoutAction)
    throw Error(where + ": option 'rollout_policy' expects random for " + std::string(G::kId) +
                " (it has no playout policy), got 'playout'");
  s.greedy_priors = o.get_string("priors") == "greedy";
  s.prior_temperature = o.get_double("prior_temperature");

  const std::string& final_choice = o.get_string("final");
  c.final_choice = final_choice == "visits"  ? FinalChoice::kVisits
                   : final_choice == "value" ? FinalChoice::kValue
                                             : FinalChoice::kSample;
  c.temperature = o.get_double("temperature");
  c.temperature_moves = static_cast<int>(o.get_int("temperature_moves"));
  c.temperature_after = o.get_double("temperature_after");
  c.noise_alpha = o.get_double("noise_alpha");
  c.noise_fraction = o.get_double("noise_fraction");

  c.widening = o.get_bool("widening");
  c.widening_c = o.get_double("widening_c");
  c.widening_alpha = o.get_double("widening_alpha");

  const std::string& ismcts = o.get_string("ismcts");
  c.ismcts = ismcts == "auto" ? !game.perfect_information() : (ismcts == "on" || ismcts == "true");
  c.reuse_tree = o.get_bool("reuse_tree") && game.perfect_information() && !c.ismcts;
  c.chance = o.get_string("chance") == "sample" ? ChanceMode::kSample : ChanceMode::kExpand;
  if (c.ismcts && c.chance == ChanceMode::kExpand)
    throw Error(where +
                ": option 'chance' expects sample with ISMCTS (outcomes hidden from the player cannot be "
                "listed), got 'expand'");

  // The solver proves results of deterministic perfect-information play only: a proof in one
  // sampled world says nothing of the others, and a chance node's result depends on the draw.
  const std::string& solver = o.get_string("solver");
  const bool deterministic = std::derived_from<typename G::State, NoChance>;
  const char* why_not = !game.perfect_information() || c.ismcts ? "hidden information or ISMCTS"
                        : !deterministic                        ? "chance"
                                                                : nullptr;
  if (solver == "on" && why_not)
    throw Error(where + ": option 'solver' expects off or auto for " + std::string(G::kId) +
                " (the solver proves results of deterministic perfect-information play; this search has " +
                why_not + "), got 'on'");
  c.solver = solver == "on" || (solver == "auto" && !why_not);

  c.batch = static_cast<int>(o.get_int("batch"));
  c.max_nodes = static_cast<std::size_t>(o.get_int("max_nodes"));
  return s;
}

// Options from key=value texts; throws Error naming `where` and the key.
inline Options mcts_options(const std::vector<std::string>& overrides, const std::string& where) {
  Options o(mcts_option_specs());
  for (const auto& kv : overrides) {
    const auto [key, value] = parse_setting(kv, where);
    o.set_from_text(key, value, where);
  }
  return o;
}

template <GameState S>
class MctsAgent final : public Agent<S> {
 public:
  template <Game G>
  requires std::same_as<typename G::State, S> MctsAgent(const G& game, const Options& options,
                                                        const std::string& where = "agent 'mcts'")
      : settings_(mcts_settings(game, options, where)), search_(make_search(settings_)) {}

  template <Game G>
  requires std::same_as<typename G::State, S> MctsAgent(const G& game,
                                                        const std::vector<std::string>& overrides,
                                                        const std::string& where = "agent 'mcts'")
      : MctsAgent(game, mcts_options(overrides, where), where) {}

  // The search on an evaluator of the caller's (evaluators are open: search/evaluators.h);
  // the options' evaluator and priors settings are then not used. `name` names the agent.
  template <Game G>
  requires std::same_as<typename G::State, S> MctsAgent(const G& game, const Options& options,
                                                        search::SharedEvaluator<S> evaluator,
                                                        std::string name, const std::string& where)
      : settings_(mcts_settings(game, options, where)),
        search_(std::in_place_index<4>, settings_.config, std::move(evaluator)),
        name_(std::move(name)) {}

  std::string name() const override { return name_; }
  bool trusted() const override { return true; }
  // reset() drops the tree (search::Mcts::clear); the built-in evaluators hold no state. An
  // evaluator of the caller's (neural networks, their caches) is not vouched for.
  bool reusable() const override { return search_.index() < 4; }

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
    nlohmann::json j = {{"simulations", s.simulations}, {"time_ms", s.time_ms},
                        {"max_depth", s.max_depth},     {"tree_size", s.tree_size},
                        {"reused", s.reused_nodes},     {"action", s.action},
                        {"visits", s.visits},           {"value", s.value}};
    if (settings_.config.solver) j["proven"] = s.proven;
    return j;
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
      if (rollout)
        return detail::MctsVariant<S>(std::in_place_index<0>, c,
                                      RolloutEvaluator<S>(s.rollout_depth, s.playout_rollouts));
      return detail::MctsVariant<S>(std::in_place_index<1>, c, HeuristicEvaluator<S>());
    }
    if (rollout)
      return detail::MctsVariant<S>(
          std::in_place_index<2>, c,
          GreedyPriors<S, RolloutEvaluator<S>>(RolloutEvaluator<S>(s.rollout_depth, s.playout_rollouts),
                                               c.min_return, c.max_return, s.prior_temperature));
    return detail::MctsVariant<S>(
        std::in_place_index<3>, c,
        GreedyPriors<S, HeuristicEvaluator<S>>(HeuristicEvaluator<S>(), c.min_return, c.max_return,
                                               s.prior_temperature));
  }

  MctsSettings settings_;
  detail::MctsVariant<S> search_;
  std::string name_ = "mcts";
};

}  // namespace qilab

#pragma once
// ActivationAgent ("activation"): search over whole piece activations, for games whose turn is a
// sequence of activations, each a short sequence of sub-actions (mizong: select a piece, its
// moves, attacks, heals, swaps, done). docs/search.md, "The activation agent".
//
// Where an activation starts (the game's hook: `state.activation().piece < 0`, no activation in
// progress) it chooses among whole activations: candidates built by the game's own policies
// (for each piece: greedy's best continuation, the playout policy's, and greedy continuations
// after the best few alternatives of the first sub-action; the end of the turn), ordered by
// their value after the activation (evaluate()), opened by progressive widening and tried by
// UCB1 on simulations that apply the candidate to the view (or another world drawn for the
// seat), continue the turn and the next seats' turns with a fast policy to a horizon of turn
// ends, and judge with evaluate(). The most visited candidate is played, its first sub-action
// at once and the rest, one per call, without searching again; a planned sub-action that is not
// legal in the view handed, or a game that went elsewhere, makes it plan again from there
// (candidates are then continuations of the activation in progress).
//
// A "decision" is one activation: the budget (time_ms, simulations) is spent where it is
// planned, and the planned sub-actions after the first cost nothing.
#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/agent.h"
#include "engine/core/action_list.h"
#include "engine/core/error.h"
#include "engine/core/options.h"
#include "engine/core/spec.h"
#include "search/budget.h"

namespace qilab {

// The hook: games whose states say whether an activation is in progress (`activation().piece`
// is the active piece, negative between activations) and offer the evaluation after an action
// without a copy, and a playout policy (mizong).
template <class S>
concept HasActivations = requires(const S& s, Action a, Values& v, Rng& rng) {
  { s.activation().piece } -> std::convertible_to<int>;
  { s.evaluate_after(a, v) } -> std::same_as<bool>;
  { s.playout_action(rng) } -> std::same_as<Action>;
};

inline std::vector<OptionSpec> activation_option_specs() {
  return {
      int_option("simulations", 0, 0, 1'000'000'000,
                 "simulations per activation; 0: no limit (then time_ms must be set)"),
      number_option(
          "time_ms", 100.0, 0, 86'400'000,
          "thinking time per activation in milliseconds; 0: no limit (a time limit is not reproducible)"),
      int_option(
          "horizon", 7, 0, 1000,
          "turn ends a simulation plays on after the candidate activation (the own turn's end counts as "
          "the first); 0: judge right after the activation"),
      choice_option(
          "rollout", "playout", {"playout", "greedy"},
          "the policy of every seat in simulations after the candidate: playout (the game's playout "
          "policy) | greedy (one ply on the evaluation)"),
      int_option("max_steps", 400, 1, 1'000'000,
                 "sub-actions a simulation plays at most after the candidate"),
      int_option(
          "pieces", 16, 1, 100'000,
          "activations searched: the pieces with the best first sub-action (one ply), plus the playout "
          "policy's choice"),
      int_option("alternatives", 3, 0, 64,
                 "per piece: greedy continuations after this many further first sub-actions, best first"),
      int_option("worlds", 4, 1, 1024,
                 "worlds simulations cycle through: the view handed and worlds - 1 drawn for the seat "
                 "(sample_world)"),
      number_option("uct", 0.5, 0, std::numeric_limits<double>::max(),
                    "UCB1 exploration constant, on values scaled to the range the search sees"),
      number_above(
          "widening_c", 2.0, 0, std::numeric_limits<double>::max(),
          "progressive widening: ceil(widening_c * N^widening_alpha) candidates open after N simulations"),
      number_above("widening_alpha", 0.5, 0, 1, "progressive widening: exponent, in (0, 1]"),
      int_option(
          "turn_activations", 0, 0, 1'000'000,
          "activations a turn at most: with this many played, it ends the turn where it may; 0: no limit"),
  };
}

struct ActivationSettings {
  search::Budget budget;
  int horizon = 7;
  bool greedy_rollout = false;
  int max_steps = 400;
  int pieces = 16;
  int alternatives = 3;
  int worlds = 4;
  double uct = 0.5;
  double widening_c = 2.0;
  double widening_alpha = 0.5;
  int turn_activations = 0;
};

// Checks the options; throws Error "<where>: option '<key>' expects ..., got ...".
inline ActivationSettings activation_settings(const std::vector<std::string>& overrides,
                                              const std::string& where) {
  Options o(activation_option_specs());
  for (const auto& kv : overrides) {
    const auto [key, value] = parse_setting(kv, where);
    o.set_from_text(key, value, where);
  }
  ActivationSettings s;
  s.budget.simulations = o.get_int("simulations");
  s.budget.time_ms = o.get_double("time_ms");
  if (!s.budget.limited())
    throw Error(where + ": options 'simulations' and 'time_ms' are both 0; set at least one of them");
  s.horizon = static_cast<int>(o.get_int("horizon"));
  s.greedy_rollout = o.get_string("rollout") == "greedy";
  s.max_steps = static_cast<int>(o.get_int("max_steps"));
  s.pieces = static_cast<int>(o.get_int("pieces"));
  s.alternatives = static_cast<int>(o.get_int("alternatives"));
  s.worlds = static_cast<int>(o.get_int("worlds"));
  s.uct = o.get_double("uct");
  s.widening_c = o.get_double("widening_c");
  s.widening_alpha = o.get_double("widening_alpha");
  s.turn_activations = static_cast<int>(o.get_int("turn_activations"));
  return s;
}

template <GameState S>
requires HasActivations<S>
class ActivationAgent final : public Agent<S> {
 public:
  explicit ActivationAgent(ActivationSettings settings, std::string name = "activation")
      : settings_(settings), name_(std::move(name)) {}

  std::string name() const override { return name_; }
  bool trusted() const override { return true; }   // planned steps are checked against the view
  bool reusable() const override { return true; }  // reset() drops the plan; the rest is scratch
  void reset() override { plan_.clear(), next_ = 0, expected_move_ = -1, turn_count_ = 0; }

  // One candidate: its sub-actions (actions_[begin, begin + size)), its prior (the mover's
  // evaluation after it) and its simulations.
  struct Candidate {
    int begin = 0, size = 0;
    double prior = 0;
    std::int64_t visits = 0;
    double sum = 0;
  };

  Action choose(const S& view, Rng& rng) override {
    if (next_ < plan_.size() && view.move_number() == expected_move_ && view.activation().piece >= 0 &&
        view.is_legal(plan_[next_])) {
      last_ = Stats{};
      last_.planned = true;
      ++expected_move_;
      return plan_[next_++];
    }
    replanned_ = next_ < plan_.size();  // a plan left unfinished: a step not legal, or play went elsewhere
    // Activations of this turn: the seat's actions follow each other within a turn, so a view
    // that is not the one after its last action starts another turn.
    if (view.move_number() != expected_move_) turn_count_ = 0;
    if (view.activation().piece < 0) ++turn_count_;
    const search::Stopwatch clock;
    plan(view, rng, clock);
    last_.time_ms = clock.elapsed_ms();
    last_.replanned = replanned_;
    next_ = 1;
    expected_move_ = view.move_number() + 1;
    return plan_[0];
  }

  nlohmann::json last_stats() const override {
    if (last_.planned) return {{"planned", true}};
    return {{"simulations", last_.simulations},
            {"time_ms", last_.time_ms},
            {"candidates", last_.candidates},
            {"opened", last_.opened},
            {"visits", last_.visits},
            {"value", last_.value},
            {"steps", plan_.size()},
            {"replanned", last_.replanned}};
  }

  const ActivationSettings& settings() const { return settings_; }
  // The activation being played (its sub-actions), and the candidates of the last search.
  const std::vector<Action>& plan() const { return plan_; }
  const std::vector<Candidate>& candidates() const { return cands_; }
  // The worlds the last search simulated (none when it had one candidate): the view, then
  // worlds drawn for the seat.
  const std::vector<S>& worlds() const { return worlds_; }
  std::vector<Action> candidate_actions(const Candidate& c) const {
    return {actions_.begin() + c.begin, actions_.begin() + c.begin + c.size};
  }

 private:
  struct Stats {
    bool planned = false, replanned = false;
    std::int64_t simulations = 0;
    double time_ms = 0;
    int candidates = 0, opened = 0;
    std::int64_t visits = 0;
    double value = 0;
  };

  // The mover's value of s: the returns when it is over, else the evaluation.
  static double value_of(const S& s, Player me) {
    return s.is_terminal() ? s.returns()[me] : s.evaluate()[me];
  }

  // The mover's value after a, by the game's delta where it offers one, else on scratch_.
  double value_after(const S& s, Action a, Player me) {
    Values v;
    if (s.evaluate_after(a, v)) return v[me];
    scratch_ = s;
    scratch_.apply(a);
    return value_of(scratch_, me);
  }

  // Greedy's sub-action in s (one ply, the first of the best), and its value.
  Action greedy_step(const S& s, Player me, double* best_value = nullptr) {
    s.legal_actions(step_list_);
    double best = -std::numeric_limits<double>::infinity();
    Action chosen = step_list_[0];
    for (Action a : step_list_) {
      const double v = value_after(s, a, me);
      if (v > best) best = v, chosen = a;
    }
    if (best_value) *best_value = best;
    return chosen;
  }

  // Whether s is still inside the activation that `me` is playing.
  static bool in_activation(const S& s, Player me) {
    return !s.is_terminal() && s.current_player() == me && s.activation().piece >= 0;
  }

  // Appends a candidate: the prefix (actions_[prefix_begin, + prefix_size)) then `first` (when
  // not kInvalidAction) applied to `s`, then the policy's sub-actions to the activation's end.
  void add_continuation(const S& s, int prefix_begin, int prefix_size, Action first, bool playout, Player me,
                        Rng& rng) {
    walk_ = s;
    const int begin = static_cast<int>(actions_.size());
    for (int i = 0; i < prefix_size; ++i)
      actions_.push_back(actions_[static_cast<std::size_t>(prefix_begin + i)]);
    if (first != kInvalidAction) {
      actions_.push_back(first);
      walk_.apply(first);
    }
    for (int steps = 0; in_activation(walk_, me) && steps < kMaxActivationSteps; ++steps) {
      const Action a = playout ? walk_.playout_action(rng) : greedy_step(walk_, me);
      actions_.push_back(a);
      walk_.apply(a);
    }
    Candidate c{begin, static_cast<int>(actions_.size()) - begin, value_of(walk_, me)};
    for (const Candidate& o : cands_)  // the same sub-actions: keep one
      if (o.size == c.size && std::equal(actions_.begin() + o.begin, actions_.begin() + o.begin + o.size,
                                         actions_.begin() + c.begin)) {
        actions_.resize(static_cast<std::size_t>(begin));
        return;
      }
    cands_.push_back(c);
  }

  // The candidates of one activation from `s`, inside it (the prefix already applied): greedy's
  // continuation, the playout policy's, and greedy's after each of the best alternatives of the
  // first sub-action.
  void add_activation(const S& s, int prefix_begin, int prefix_size, Player me, Rng& rng) {
    add_continuation(s, prefix_begin, prefix_size, kInvalidAction, false, me, rng);
    add_continuation(s, prefix_begin, prefix_size, kInvalidAction, true, me, rng);
    if (settings_.alternatives == 0) return;
    s.legal_actions(first_list_);
    firsts_.clear();
    for (Action a : first_list_) firsts_.push_back({value_after(s, a, me), a});
    const auto k = std::min(firsts_.size(), static_cast<std::size_t>(settings_.alternatives) + 1);
    std::partial_sort(firsts_.begin(), firsts_.begin() + static_cast<std::ptrdiff_t>(k), firsts_.end(),
                      [](const auto& x, const auto& y) { return x.first > y.first; });
    for (std::size_t i = 0; i < k; ++i)
      add_continuation(s, prefix_begin, prefix_size, firsts_[i].second, false, me, rng);
  }

  void generate(const S& root, Player me, Rng& rng) {
    cands_.clear();
    actions_.clear();
    if (root.activation().piece >= 0) {  // inside an activation: its continuations from here
      add_activation(root, 0, 0, me, rng);
      return;
    }
    // Between activations: each legal action either starts an activation (the pieces with the
    // best first sub-action, and the playout policy's choice) or is a candidate by itself
    // (end-turn).
    root.legal_actions(root_list_);
    const Action favourite = root.playout_action(rng);
    // With the turn's activations used up, only what starts none (end-turn), where there is one.
    const bool capped = settings_.turn_activations > 0 && turn_count_ > settings_.turn_activations;
    auto scan = [&](bool starts) {
      starts_.clear();
      for (Action a : root_list_) {
        start_ = root;
        start_.apply(a);
        if (!in_activation(start_, me)) {
          actions_.push_back(a);
          cands_.push_back(Candidate{static_cast<int>(actions_.size()) - 1, 1, value_of(start_, me)});
          continue;
        }
        if (!starts) continue;
        double best = 0;
        greedy_step(start_, me, &best);
        starts_.push_back({a == favourite ? std::numeric_limits<double>::infinity() : best, a});
      }
    };
    scan(!capped);
    if (capped) {
      if (!cands_.empty()) return;
      scan(true);
    }
    const auto k = std::min(starts_.size(), static_cast<std::size_t>(settings_.pieces) + 1);
    std::partial_sort(starts_.begin(), starts_.begin() + static_cast<std::ptrdiff_t>(k), starts_.end(),
                      [](const auto& x, const auto& y) { return x.first > y.first; });
    for (std::size_t i = 0; i < k; ++i) {
      start_ = root;
      start_.apply(starts_[i].second);
      actions_.push_back(starts_[i].second);
      add_activation(start_, static_cast<int>(actions_.size()) - 1, 1, me, rng);
    }
  }

  // One simulation of candidate c in world w: the candidate (its steps while legal there), then
  // every seat's policy to the horizon; the mover's value.
  double simulate(const Candidate& c, int w, Player me, Rng& rng) {
    sim_ = worlds_[static_cast<std::size_t>(w)];
    for (int i = 0; i < c.size; ++i) {
      const Action a = actions_[static_cast<std::size_t>(c.begin + i)];
      if (w > 0 && !sim_.is_legal(a)) break;  // another world may not allow it: the policy goes on
      sim_.apply(a);
    }
    int turns = settings_.horizon;
    for (int steps = 0; turns > 0 && steps < settings_.max_steps && !sim_.is_terminal(); ++steps) {
      const Player p = sim_.current_player();
      if (settings_.greedy_rollout)
        sim_.apply(greedy_step(sim_, p));
      else
        sim_.apply(sim_.playout_action(rng));
      if (sim_.is_terminal() || sim_.current_player() != p) --turns;
    }
    return value_of(sim_, me);
  }

  // The budget counts from `clock`, started with the decision: the candidates' generation
  // and the worlds' draws are part of it.
  void plan(const S& view, Rng& rng, const search::Stopwatch& clock) {
    const Player me = view.current_player();
    last_ = Stats{};
    generate(view, me, rng);
    std::stable_sort(cands_.begin(), cands_.end(),
                     [](const Candidate& x, const Candidate& y) { return x.prior > y.prior; });
    last_.candidates = static_cast<int>(cands_.size());
    worlds_.clear();
    const int n = static_cast<int>(cands_.size());
    if (n > 1) {
      worlds_.resize(static_cast<std::size_t>(settings_.worlds));
      worlds_[0] = view;
      for (int w = 1; w < settings_.worlds; ++w)
        worlds_[static_cast<std::size_t>(w)] = view.sample_world(me, rng);
      double lo = std::numeric_limits<double>::infinity(), hi = -lo;
      std::int64_t sims = 0;
      int opened = 1;
      while (search::simulations_left(settings_.budget, sims, clock.elapsed_ms()) > 0) {
        opened = std::min(
            n, static_cast<int>(std::ceil(settings_.widening_c * std::pow(static_cast<double>(sims + 1),
                                                                          settings_.widening_alpha))));
        int pick = -1;
        double best = -std::numeric_limits<double>::infinity();
        const double range = hi > lo ? hi - lo : 1.0;
        const double log_n = std::log(static_cast<double>(sims + 1));
        for (int i = 0; i < opened; ++i) {
          const Candidate& c = cands_[static_cast<std::size_t>(i)];
          if (c.visits == 0) {
            pick = i;  // unvisited ones first, in prior order
            break;
          }
          const double u = (c.sum / static_cast<double>(c.visits) - lo) / range +
                           settings_.uct * std::sqrt(log_n / static_cast<double>(c.visits));
          if (u > best) best = u, pick = i;
        }
        Candidate& c = cands_[static_cast<std::size_t>(pick)];
        const double v = simulate(c, static_cast<int>(sims % settings_.worlds), me, rng);
        ++c.visits, c.sum += v;
        lo = std::min(lo, v), hi = std::max(hi, v);
        ++sims;
      }
      last_.simulations = sims;
      last_.opened = opened;
    }
    // The most visited; ties to the better mean, then the better prior (the order).
    int chosen = 0;
    for (int i = 1; i < n; ++i) {
      const Candidate& c = cands_[static_cast<std::size_t>(i)];
      const Candidate& b = cands_[static_cast<std::size_t>(chosen)];
      if (c.visits > b.visits ||
          (c.visits == b.visits && c.visits > 0 &&
           c.sum / static_cast<double>(c.visits) > b.sum / static_cast<double>(b.visits)))
        chosen = i;
    }
    const Candidate& c = cands_[static_cast<std::size_t>(chosen)];
    plan_.assign(actions_.begin() + c.begin, actions_.begin() + c.begin + c.size);
    last_.visits = c.visits;
    last_.value = c.visits ? c.sum / static_cast<double>(c.visits) : c.prior;
  }

  // Sub-actions of one activation at most, a guard against a policy that never ends one.
  static constexpr int kMaxActivationSteps = 64;

  ActivationSettings settings_;
  std::string name_;
  std::vector<Action> plan_;
  std::size_t next_ = 0;
  int expected_move_ = -1;
  bool replanned_ = false;
  int turn_count_ = 0;  // activations planned in this turn, this one included
  Stats last_;
  // Scratch space, kept between decisions (no allocation once grown).
  std::vector<Candidate> cands_;
  std::vector<Action> actions_;
  std::vector<std::pair<double, Action>> starts_, firsts_;
  std::vector<S> worlds_;
  ActionList root_list_, first_list_, step_list_;
  S start_, walk_, sim_, scratch_;
};

}  // namespace qilab

#pragma once
// Evaluators: what the search learns at a leaf. One call takes a whole batch of leaves, so
// a neural evaluator (training/) can run them through its network together, or hand them to
// an inference service that gathers the leaves of many games and blocks until the batch is
// back (the KataGo/lc0 pattern). The search gathers a batch by descending several times
// under virtual loss before calling the evaluator (option `batch`); with batch = 1 the
// batch holds one leaf.
//
// An evaluator E satisfies Evaluator<E, S>: e.evaluate(LeafBatch<S>&, Rng&) fills, for each
// leaf i,
//   values[i]      estimated returns, one per seat, in the game's own scale
//                  (min_return..max_return, like State::returns());
//   a prior row    (optional) one probability per legal action, in the order of legal[i],
//                  set through prior_row(i), with has_priors = true.
// Priors are given over the legal actions rather than over num_distinct_actions: mizong's
// action range is far larger than any position's move list, and a network evaluator gathers
// its logits at the legal actions anyway before its softmax.
//
// Evaluators are template parameters of the search (no virtual call per leaf).
#include <algorithm>
#include <cmath>
#include <concepts>
#include <memory>
#include <span>
#include <vector>

#include "engine/core/game.h"

namespace qilab::search {

template <GameState S>
class LeafBatch {
 public:
  // Inputs, written by the search: decision states (never terminal, never chance).
  std::vector<S> states;
  std::vector<ActionList> legal;
  // Outputs, written by the evaluator.
  std::vector<Values> values;
  bool has_priors = false;

  int size() const { return size_; }

  // Sets the number of leaves; storage only grows (new slots start as copies of `filler`,
  // since a game state need not be default-constructible), so after the first batches
  // nothing is allocated.
  void resize(int n, const S& filler) {
    size_ = n;
    while (static_cast<int>(states.size()) < n) states.push_back(filler);
    if (static_cast<int>(legal.size()) < n) {
      legal.resize(n);
      values.resize(n);
      offset_.resize(n + 1);
    }
  }
  // Lays out the prior rows once the legal lists are known; called by the search.
  void layout_priors() {
    int total = 0;
    for (int i = 0; i < size_; ++i) {
      offset_[i] = total;
      total += legal[i].size();
    }
    offset_[size_] = total;
    if (static_cast<int>(priors_.size()) < total) priors_.resize(total);
    has_priors = false;
  }
  std::span<float> prior_row(int i) { return {priors_.data() + offset_[i], priors_.data() + offset_[i + 1]}; }
  std::span<const float> prior_row(int i) const {
    return {priors_.data() + offset_[i], priors_.data() + offset_[i + 1]};
  }

 private:
  int size_ = 0;
  std::vector<int> offset_;
  std::vector<float> priors_;
};

template <class E, class S>
concept Evaluator = GameState<S> && requires(E& e, LeafBatch<S>& batch, Rng& rng) {
  {e.evaluate(batch, rng)};
};

// Evaluators are open: a layer above search/ (neural/, a test) hands the search any evaluator of
// its own as a BatchEvaluator, wrapped in SharedEvaluator. That costs one virtual call per
// batch of leaves, not per node; the evaluators listed here stay template parameters.
template <GameState S>
class BatchEvaluator {
 public:
  virtual ~BatchEvaluator() = default;
  virtual void evaluate(LeafBatch<S>& batch, Rng& rng) = 0;
};

template <GameState S>
class SharedEvaluator {
 public:
  explicit SharedEvaluator(std::shared_ptr<BatchEvaluator<S>> inner) : inner_(std::move(inner)) {}
  void evaluate(LeafBatch<S>& batch, Rng& rng) { inner_->evaluate(batch, rng); }
  BatchEvaluator<S>& inner() { return *inner_; }

 private:
  std::shared_ptr<BatchEvaluator<S>> inner_;
};

// Any Evaluator as a BatchEvaluator.
template <GameState S, class E>
requires Evaluator<E, S>
class EvaluatorAdapter final : public BatchEvaluator<S> {
 public:
  explicit EvaluatorAdapter(E e) : e_(std::move(e)) {}
  void evaluate(LeafBatch<S>& batch, Rng& rng) override { e_.evaluate(batch, rng); }
  E& evaluator() { return e_; }

 private:
  E e_;
};

// The game's own heuristic (State::evaluate): cheap, deterministic, as good as the game's
// author made it.
template <GameState S>
struct HeuristicEvaluator {
  void evaluate(LeafBatch<S>& batch, Rng&) {
    for (int i = 0; i < batch.size(); ++i) batch.values[i] = batch.states[i].evaluate();
  }
};

// Uniformly random moves (chance by its exact distribution) from the leaf until the game
// ends, or for `depth` actions, after which the game's heuristic judges the position
// (depth < 0: to the end, as classical UCT and OpenSpiel's random-rollout evaluator do).
template <GameState S>
class RolloutEvaluator {
 public:
  // A game may offer `Action random_action(Rng&) const`, a uniformly random legal action
  // drawn without listing them all; rollouts, nearly all of a rollout search's time, then
  // use it. It is optional and not part of the game concept.
  static constexpr bool kHasRandomAction = requires(const S& s, Rng& rng) {
    { s.random_action(rng) } -> std::same_as<Action>;
  };

  // A game may also offer `Action playout_action(Rng&) const`, a heuristic playout policy
  // (mizong); with `playout` the rollouts follow it instead of uniform moves.
  static constexpr bool kHasPlayoutAction = requires(const S& s, Rng& rng) {
    { s.playout_action(rng) } -> std::same_as<Action>;
  };

  explicit RolloutEvaluator(int depth = -1, bool playout = false) : depth_(depth), playout_(playout) {}
  int depth() const { return depth_; }
  bool playout() const { return playout_; }

  void evaluate(LeafBatch<S>& batch, Rng& rng) {
    for (int i = 0; i < batch.size(); ++i) batch.values[i] = rollout(batch.states[i], rng);
  }

  Values rollout(const S& leaf, Rng& rng) {
    S s = leaf;
    for (int step = 0; depth_ < 0 || step < depth_; ++step) {
      if (s.is_terminal()) return s.returns();
      if (s.is_chance()) {
        s.apply(s.sample_chance(rng));
        continue;
      }
      if constexpr (kHasPlayoutAction) {
        if (playout_) {
          s.apply(s.playout_action(rng));
          continue;
        }
      }
      if constexpr (kHasRandomAction) {
        s.apply(s.random_action(rng));
      } else {
        s.legal_actions(actions_);
        s.apply(actions_[static_cast<int>(rng.below(static_cast<std::uint32_t>(actions_.size())))]);
      }
    }
    return s.is_terminal() ? s.returns() : s.evaluate();
  }

 private:
  int depth_;
  bool playout_;
  ActionList actions_;
};

// One ply of the game's heuristic as priors: each legal action of `s` is tried and scored by
// the mover's evaluate() entry (returns() if it ends the game); the scores, normalised to [0, 1]
// by the game's return range (lo, 1 / (hi - lo)) so that a temperature means the same in every
// game, pass through a softmax at 1 / inv_temperature into `row` (one entry per legal action).
template <GameState S>
void greedy_prior_row(const S& s, const ActionList& legal, double lo, double scale, double inv_temperature,
                      std::span<float> row) {
  const Player mover = s.current_player();
  double best = -1e300;
  for (int k = 0; k < legal.size(); ++k) {
    Values v;
    if constexpr (requires(Values & out) {
                    { s.evaluate_after(legal[k], out) } -> std::same_as<bool>;
                  }) {
      if (s.evaluate_after(legal[k], v)) {  // the game's delta, without a copy (mizong)
        const double score = (v[mover] - lo) * scale * inv_temperature;
        row[k] = static_cast<float>(score);
        best = std::max(best, score);
        continue;
      }
    }
    S next = s;
    next.apply(legal[k]);
    v = next.is_terminal() ? next.returns() : next.evaluate();
    const double score = (v[mover] - lo) * scale * inv_temperature;
    row[k] = static_cast<float>(score);
    best = std::max(best, score);
  }
  double sum = 0;
  for (float& p : row) {
    p = static_cast<float>(std::exp(p - best));
    sum += p;
  }
  for (float& p : row) p = static_cast<float>(p / sum);
}

// Priors from one ply of the game's heuristic (greedy_prior_row at `temperature`); values come
// from the wrapped evaluator. Useful with progressive widening, which opens the actions in
// prior order, when no network is at hand.
template <GameState S, class Inner>
requires Evaluator<Inner, S>
class GreedyPriors {
 public:
  GreedyPriors(Inner inner, double min_return, double max_return, double temperature)
      : inner_(std::move(inner)),
        lo_(min_return),
        scale_(max_return > min_return ? 1.0 / (max_return - min_return) : 1.0),
        inv_temperature_(1.0 / std::max(temperature, 1e-6)) {}

  void evaluate(LeafBatch<S>& batch, Rng& rng) {
    inner_.evaluate(batch, rng);
    for (int i = 0; i < batch.size(); ++i)
      greedy_prior_row(batch.states[i], batch.legal[i], lo_, scale_, inv_temperature_, batch.prior_row(i));
    batch.has_priors = true;
  }

 private:
  Inner inner_;
  double lo_, scale_, inv_temperature_;
};

}  // namespace qilab::search

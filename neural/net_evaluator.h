#pragma once
// NetEvaluator: a network as a search evaluator (search/evaluators.h). Each leaf is encoded
// from the view of the seat to move (State::encode(mover, ...), which holds only what that
// seat may see), the batch goes to an InferenceBackend (the batched service, or the network
// directly) in one call, and the answers come back as
//   values  seat (mover + k) mod n gets the network's value k, mapped from [-1, 1] onto the
//           game's min_return..max_return;
//   priors  the policy logits at each legal action's policy_index, through a softmax.
// With a heuristic weight w > 0 each value is (1 - w) x the network's + w x the game's own
// State::evaluate() (AlphaGo's mixing of its value network with another estimate): training
// runs lean on the heuristic in their first iterations, while the network knows nothing.
// With a heuristic prior weight u > 0 each prior row is (1 - u) x the network's softmax + u x
// one ply of the heuristic (search::greedy_prior_row at the given temperature): an untrained
// network's priors would otherwise decide which few children a short PUCT search tries.
// Plain C++: no LibTorch header.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "engine/core/encoding.h"
#include "engine/core/error.h"
#include "engine/core/game.h"
#include "neural/service.h"
#include "search/evaluators.h"

namespace qilab::neural {

// A game's value for a seat in [min_return, max_return] <-> the network's [-1, 1].
struct ValueScale {
  double lo = -1, hi = 1;
  float to_net(double v) const { return hi > lo ? static_cast<float>(2 * (v - lo) / (hi - lo) - 1) : 0.0f; }
  double to_game(float v) const { return lo + (double(v) + 1) * 0.5 * (hi - lo); }
};

// The cache key of what `mover` sees: its information key, mixed with the seat (never 0).
template <GameState S>
std::uint64_t position_key(const S& s, Player mover) {
  std::uint64_t x =
      s.information_key(mover) ^ (0xA24BAED4963EE407ull * static_cast<std::uint64_t>(mover + 1));
  const std::uint64_t k = splitmix64(x);
  return k == 0 ? 1 : k;
}

// Fills `priors` (one per legal action, in order) with the softmax of `logits` at each legal
// action's policy index.
template <GameState S>
void legal_softmax(const S& s, const ActionList& legal, const float* logits, std::span<float> priors) {
  float best = -std::numeric_limits<float>::infinity();
  for (int j = 0; j < legal.size(); ++j) {
    priors[static_cast<std::size_t>(j)] = logits[s.policy_index(legal[j])];
    best = std::max(best, priors[static_cast<std::size_t>(j)]);
  }
  double sum = 0;
  for (float& p : priors) {
    p = std::exp(p - best);
    sum += p;
  }
  for (float& p : priors) p = static_cast<float>(p / sum);
}

template <GameState S>
class NetEvaluator {
 public:
  // `backend` must outlive the evaluator; `cache`: send position keys (the service may cache).
  template <Game G>
  requires HasEncoding<G> && std::same_as<typename G::State, S> NetEvaluator(const G& game,
                                                                             InferenceBackend& backend,
                                                                             bool cache = true)
      : backend_(&backend),
        players_(game.num_players()),
        input_size_(game.encoding_spec().size()),
        policy_size_(game.policy_spec().size()),
        seats_(backend.network_config().seats),
        scale_{game.min_return(), game.max_return()},
        cache_(cache) {
    backend.network_config().check_matches(game.encoding_spec(), game.policy_spec(), players_,
                                           "network for game '" + std::string(G::kId) + "'");
  }

  // The weight of State::evaluate() in the values, in [0, 1].
  void set_heuristic_weight(double w) { heuristic_weight_ = std::clamp(w, 0.0, 1.0); }
  double heuristic_weight() const { return heuristic_weight_; }
  // The weight of one ply of the heuristic in the priors, in [0, 1], and its softmax
  // temperature on values scaled to [0, 1] (> 0).
  void set_heuristic_priors(double weight, double temperature) {
    prior_weight_ = std::clamp(weight, 0.0, 1.0);
    inv_prior_temperature_ = 1.0 / std::max(temperature, 1e-6);
  }
  double heuristic_prior_weight() const { return prior_weight_; }

  // Whether the network has any say: with both heuristic weights at 1 it is not asked at all
  // (the first iterations of a run can then be heuristic MCTS at full speed).
  bool uses_network() const { return heuristic_weight_ < 1 || prior_weight_ < 1; }

  void evaluate(search::LeafBatch<S>& batch, Rng&) {
    const int n = batch.size();
    const bool net = uses_network();
    if (net) {
      inputs_.resize(std::size_t(n) * input_size_);
      keys_.resize(std::size_t(n));
      policy_.resize(std::size_t(n) * policy_size_);
      values_.resize(std::size_t(n) * seats_);
      for (int i = 0; i < n; ++i) {
        const S& s = batch.states[i];
        const Player mover = s.current_player();
        s.encode(mover,
                 std::span<float>(inputs_.data() + std::size_t(i) * input_size_, std::size_t(input_size_)));
        keys_[std::size_t(i)] = cache_ ? position_key(s, mover) : 0;
      }
      backend_->infer(inputs_.data(), keys_.data(), n, policy_.data(), values_.data());
    }
    for (int i = 0; i < n; ++i) {
      const S& s = batch.states[i];
      const Player mover = s.current_player();
      Values& v = batch.values[i];
      v = {};
      if (net)
        for (int k = 0; k < players_; ++k)
          v[(mover + k) % players_] = scale_.to_game(values_[std::size_t(i) * seats_ + std::size_t(k)]);
      if (heuristic_weight_ > 0) {
        const Values h = s.evaluate();
        for (int p = 0; p < players_; ++p) v[p] = (1 - heuristic_weight_) * v[p] + heuristic_weight_ * h[p];
      }
      const std::span<float> row = batch.prior_row(i);
      if (net) legal_softmax(s, batch.legal[i], policy_.data() + std::size_t(i) * policy_size_, row);
      if (prior_weight_ > 0) {
        greedy_.resize(row.size());
        search::greedy_prior_row(s, batch.legal[i], scale_.lo,
                                 scale_.hi > scale_.lo ? 1 / (scale_.hi - scale_.lo) : 1.0,
                                 inv_prior_temperature_, greedy_);
        for (std::size_t k = 0; k < row.size(); ++k)
          row[k] =
              static_cast<float>((net ? (1 - prior_weight_) * row[k] : 0.0) + prior_weight_ * greedy_[k]);
      }
    }
    batch.has_priors = true;
  }

 private:
  InferenceBackend* backend_;
  int players_, input_size_, policy_size_, seats_;
  ValueScale scale_;
  bool cache_;
  double heuristic_weight_ = 0, prior_weight_ = 0, inv_prior_temperature_ = 10;
  std::vector<float> inputs_, policy_, values_, greedy_;
  std::vector<std::uint64_t> keys_;
};

}  // namespace qilab::neural

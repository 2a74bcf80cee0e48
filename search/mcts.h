#pragma once
// Monte-Carlo tree search over the game concept (engine/core/game.h), for any number of
// seats, chance and hidden information. One simulation:
//
//   1. world     the view itself, or (ISMCTS) a world drawn by view.sample_world(root player);
//   2. descend   from the root, each decision node picks a child by UCT or PUCT on its
//                mover's entry of the children's mean value vectors; chance nodes draw an
//                outcome by its exact probability; stop at a node not yet expanded, or at
//                the end of the game;
//   3. evaluate  the leaf, with the evaluator (rollout, heuristic, network), in batches;
//   4. expand    the leaf: one child per legal action, with the evaluator's priors;
//   5. back up   the value vector, rewritten once by the backup policy (search/backup.h),
//                into every node of the path; with the solver (search/solver.h), proofs of
//                won and lost positions too.
//
// Everything is a template over the state S and the evaluator E: no virtual call in the
// loop. Nodes live in an arena reused from move to move (search/tree.h); the paths, batches
// and scratch lists are members, so after the first searches nothing is allocated.
#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/game.h"
#include "search/backup.h"
#include "search/budget.h"
#include "search/config.h"
#include "search/dirichlet.h"
#include "search/evaluators.h"
#include "search/ismcts.h"
#include "search/solver.h"
#include "search/tree.h"

namespace qilab::search {

// What one search did, for the game record and for tests.
struct SearchStats {
  Action action = kInvalidAction;
  std::int64_t simulations = 0;
  double time_ms = 0;
  int max_depth = 0;             // deepest leaf, in tree edges from the root
  std::size_t tree_size = 0;     // nodes in the tree when the search ended
  std::size_t reused_nodes = 0;  // nodes kept from the previous move's tree
  std::uint32_t visits = 0;      // the chosen child's visits
  double value = 0;              // the chosen child's mean value for the mover, in the game's return scale
  int proven = 0;                // solver: 1 the mover's side has a proven win, -1 a proven loss, 0 neither
};

// One root child, for analysis and for training targets (the visit distribution).
struct ChildStats {
  Action action;
  std::uint32_t visits;
  double value;  // mean value for the root player, in the game's return scale (NaN unvisited)
  float prior;
};

template <GameState S, class E>
requires Evaluator<E, S>
class Mcts {
 public:
  Mcts(const SearchConfig& config, E evaluator)
      : config_(config),
        evaluator_(std::move(evaluator)),
        tree_(config.max_nodes),
        lo_(config.min_return),
        scale_(config.max_return > config.min_return ? 1.0 / (config.max_return - config.min_return) : 1.0) {
    if (!config_.budget.limited()) throw Error("mcts: the search needs a limit on simulations or on time");
    if (config_.batch < 1) throw Error("mcts: batch must be at least 1");
    if (config_.ismcts) available_.resize(config_.num_distinct_actions);
    if (config_.solver && config_.ismcts)
      throw Error("mcts: the solver needs perfect information; a proof in one sampled world proves nothing");
  }

  const SearchConfig& config() const { return config_; }
  E& evaluator() { return evaluator_; }
  const Tree& tree() const { return tree_; }
  NodeIndex root() const { return root_; }
  const SearchStats& stats() const { return stats_; }

  // For the next searches (self-play's playout cap randomisation switches between a full and a
  // fast search, with root noise on the full ones only).
  void set_budget(const Budget& b) {
    if (!b.limited()) throw Error("mcts: the search needs a limit on simulations or on time");
    config_.budget = b;
  }
  void set_noise_alpha(double alpha) { config_.noise_alpha = alpha; }

  // Forgets the tree (a new game starts).
  void clear() {
    root_ = kNoNode;
    root_state_.reset();
  }

  // Searches from `view` (a decision node, not terminal) and returns the chosen action.
  // All randomness comes from `rng`.
  Action search(const S& view, Rng& rng) {
    Stopwatch clock;
    if (view.is_terminal() || view.is_chance())
      throw Error("mcts: a search starts at a decision node, not at a terminal or chance node");
    stats_ = {};
    root_player_ = view.current_player();
    backup_ = Backup(config_.backup, config_.num_players, root_player_);
    if (config_.solver) solver_.reset(view, config_.num_players, config_.min_return, config_.max_return);
    q_min_.fill(std::numeric_limits<double>::infinity());
    q_max_.fill(-std::numeric_limits<double>::infinity());
    prepare_root(view);
    root_move_number_ = view.move_number();
    noise_done_ = false;
    if (tree_[root_].expanded) add_root_noise(rng);

    view.legal_actions(root_legal_);
    if (root_legal_.size() == 1) {  // a forced move needs no thought
      stats_.action = root_legal_[0];
    } else if (config_.ismcts) {
      run<true>(view, rng, clock);
      stats_.action = choose_final(rng);
      // The root's children came from sampled worlds; in each the seat to move must have had
      // the moves it has here, or the game's sample_world is wrong. Say so rather than play it.
      if (!view.is_legal(stats_.action))
        throw Error("mcts: a world drawn by sample_world gave the player to move a move it does not have");
    } else {
      run<false>(view, rng, clock);
      stats_.action = choose_final(rng);
    }
    if (config_.solver) {
      const std::int8_t proof = tree_[root_].proven, mine = solver_.team(root_player_);
      stats_.proven = proof == kUnproven ? 0 : proof == mine ? 1 : -1;
    }
    stats_.time_ms = clock.elapsed_ms();
    stats_.tree_size = tree_.size();
    return stats_.action;
  }

  // Action `a` was played from the current root (by anyone, or chance): keep its subtree.
  void advance(Action a) {
    if (root_ == kNoNode || !root_state_) return;
    const NodeIndex child = tree_.find_child(root_, a);
    if (child == kNoNode || !root_state_->is_legal(a)) {
      clear();
      return;
    }
    root_ = child;
    root_state_->apply(a);
  }

  // The root's mean value for every seat, in the game's return scale (after the backup
  // policy's rewrite); the returns' lower end when the root was never visited.
  Values root_values() const {
    Values out{};
    if (root_ == kNoNode) return out;
    const Node& r = tree_[root_];
    for (int p = 0; p < config_.num_players; ++p) out[p] = to_return_scale(r.n ? r.w[p] / r.n : 0.0);
    return out;
  }

  std::vector<ChildStats> root_children() const {
    std::vector<ChildStats> out;
    if (root_ == kNoNode) return out;
    for (NodeIndex c = tree_[root_].first_child; c != kNoNode; c = tree_[c].next_sibling) {
      const Node& ch = tree_[c];
      out.push_back({ch.action, ch.n, ch.n ? to_return_scale(ch.q(root_player_)) : std::nan(""), ch.prior});
    }
    return out;
  }

 private:
  enum class Descent { kLeaf, kTerminal, kProven, kCollision };

  struct QScale {
    double lo = 0, inv_range = 1;
    double operator()(double q) const { return (q - lo) * inv_range; }
  };

  double to_return_scale(double q) const { return lo_ + q / scale_; }

  Values normalise(const Values& v) const {
    Values out{};
    for (int p = 0; p < config_.num_players; ++p) out[p] = (v[p] - lo_) * scale_;
    return out;
  }

  static bool same_position(const S& a, const S& b, Player p) {
    if constexpr (std::equality_comparable<S>) {
      return a == b;
    } else {
      return a.move_number() == b.move_number() && a.information_key(p) == b.information_key(p);
    }
  }

  // Keeps the subtree the previous moves led to when it matches `view`, else starts afresh.
  // Trees are kept only with perfect information: a view of a hidden-information game is one
  // world among many, and replaying actions on it could walk into what the seat cannot see.
  void prepare_root(const S& view) {
    const bool reuse = config_.reuse_tree && !config_.ismcts && root_ != kNoNode && root_state_ &&
                       same_position(*root_state_, view, root_player_) &&
                       (config_.backup != BackupPolicy::kParanoid || tree_root_player_ == root_player_);
    if (reuse) {
      if (root_ != 0) tree_.keep_subtree(root_);
      root_ = 0;
      stats_.reused_nodes = tree_.size();
    } else {
      root_ = tree_.reset();
    }
    if (config_.reuse_tree && !config_.ismcts) root_state_ = view;
    tree_root_player_ = root_player_;
  }

  template <bool kIsmcts>
  void run(const S& view, Rng& rng, const Stopwatch& clock) {
    std::int64_t done = 0;
    for (;;) {
      const std::int64_t left = simulations_left(config_.budget, done, clock.elapsed_ms());
      if (left <= 0) break;
      if (config_.solver && tree_[root_].proven != kUnproven) break;  // solved: nothing left to learn
      const int want = static_cast<int>(std::min<std::int64_t>(config_.batch, left));
      batch_.resize(want, view);
      path_nodes_.clear();
      path_teams_.clear();
      path_start_.clear();
      leaf_node_.clear();
      int leaves = 0, ended = 0;
      while (leaves + ended < want) {
        S& s = batch_.states[leaves];
        if constexpr (kIsmcts) {
          s = view.sample_world(root_player_, rng);
        } else {
          s = view;
        }
        const auto start = path_nodes_.size();
        path_start_.push_back(start);
        bool expand = true;
        const Descent d = descend<kIsmcts>(s, batch_.legal[leaves], rng, expand);
        if (d == Descent::kTerminal) {
          backup(start, path_nodes_.size(), normalise(s.returns()));
          if (config_.solver) solve(start, path_nodes_.size());
        } else if (d == Descent::kProven) {
          backup(start, path_nodes_.size(), solver_.won_by(tree_[path_nodes_.back()].proven));
        } else if (d == Descent::kCollision) {
          for (auto i = start; i < path_nodes_.size(); ++i) --tree_[path_nodes_[i]].virtual_loss;
        }
        if (d != Descent::kLeaf) {
          path_nodes_.resize(start);
          if (config_.solver) path_teams_.resize(start);
          path_start_.pop_back();
          if (d == Descent::kCollision) break;  // the batch is as wide as the tree allows now
          ++ended;
          continue;
        }
        leaf_node_.push_back(expand ? path_nodes_.back() : kNoNode);
        ++leaves;
      }
      if (leaves > 0) {
        batch_.resize(leaves, view);
        batch_.layout_priors();
        evaluator_.evaluate(batch_, rng);
        path_start_.push_back(path_nodes_.size());
        for (int i = 0; i < leaves; ++i) {
          if (leaf_node_[i] != kNoNode) expand_node(leaf_node_[i], batch_, i, rng);
          backup(path_start_[i], path_start_[i + 1], normalise(batch_.values[i]));
        }
        if (!noise_done_ && tree_[root_].expanded) add_root_noise(rng);
      }
      done += leaves + ended;
    }
    stats_.simulations = done;
  }

  void enter(NodeIndex node, const S& s) {
    path_nodes_.push_back(node);
    if (config_.solver)  // the team that moves at the node, for the proofs (none at chance and at the end)
      path_teams_.push_back(s.is_terminal() || s.is_chance() ? kUnproven : solver_.team(s.current_player()));
    if (config_.batch > 1) ++tree_[node].virtual_loss;
  }

  // After a simulation ended at a terminal node: its proof, if it has one, climbs the path as far
  // as the children of each node decide it (search/solver.h). Stops at a chance node.
  void solve(std::size_t from, std::size_t to) {
    std::int8_t proof = tree_[path_nodes_[to - 1]].proven;
    for (std::size_t i = to - 1; i > from && proof != kUnproven; --i) {
      const std::int8_t mover = path_teams_[i - 1];
      if (mover == kUnproven) break;
      proof = Solver::prove(tree_, path_nodes_[i - 1], mover, proof);
      if (proof != kUnproven) tree_[path_nodes_[i - 1]].proven = proof;
    }
  }

  // One walk from the root to a leaf, applying the path's actions to `s`. On kLeaf, `legal`
  // holds the leaf's legal actions and `expand` says whether the leaf node may grow children
  // (false when a full tree stopped the walk at a chance node).
  template <bool kIsmcts>
  Descent descend(S& s, ActionList& legal, Rng& rng, bool& expand) {
    NodeIndex node = root_;
    int depth = 0;
    for (;; ++depth) {
      enter(node, s);
      if (s.is_terminal()) {
        stats_.max_depth = std::max(stats_.max_depth, depth);
        if (config_.solver) tree_[node].proven = solver_.winner(s.returns());
        return Descent::kTerminal;
      }
      if (config_.solver &&
          tree_[node].proven != kUnproven) {  // its result is known: no need to look further
        stats_.max_depth = std::max(stats_.max_depth, depth);
        return Descent::kProven;
      }
      if (s.is_chance()) {
        const NodeIndex next = chance_child<kIsmcts>(node, s, rng);
        if (next == kNoNode) {  // no room for the outcome's node: finish the walk off the tree
          while (s.is_chance()) s.apply(s.sample_chance(rng));
          stats_.max_depth = std::max(stats_.max_depth, depth);
          if (s.is_terminal()) return Descent::kTerminal;
          s.legal_actions(legal);
          expand = false;
          return Descent::kLeaf;
        }
        node = next;
        continue;
      }
      if (!tree_[node].expanded) {
        stats_.max_depth = std::max(stats_.max_depth, depth);
        if (config_.batch > 1 && tree_[node].virtual_loss > 1) return Descent::kCollision;
        s.legal_actions(legal);
        return Descent::kLeaf;
      }
      NodeIndex next;
      if constexpr (kIsmcts) {
        s.legal_actions(legal);
        next = select_available(node, s.current_player(), legal);
      } else {
        next = select(node, s.current_player());
      }
      if (next == kNoNode) {  // ISMCTS with a full tree and no known child legal here
        stats_.max_depth = std::max(stats_.max_depth, depth);
        if constexpr (!kIsmcts) s.legal_actions(legal);
        expand = false;
        return Descent::kLeaf;
      }
      s.apply(tree_[next].action);
      node = next;
    }
  }

  // The child for a chance outcome, with the outcome applied to `s`; kNoNode (outcome
  // applied) when the tree has no room for a new node.
  template <bool kIsmcts>
  NodeIndex chance_child(NodeIndex node, S& s, Rng& rng) {
    if constexpr (kIsmcts) {
      const Action a = s.sample_chance(rng);
      s.apply(a);
      const std::uint64_t key = s.information_key(root_player_);
      for (NodeIndex c = tree_[node].first_child; c != kNoNode; c = tree_[c].next_sibling)
        if (tree_[c].key == key) return c;
      if (!tree_.room_for(1)) return kNoNode;
      const NodeIndex c = tree_.add_child(node, a, 0);
      tree_[c].key = key;
      return c;
    } else {
      if (config_.chance == ChanceMode::kSample) {
        const Action a = s.sample_chance(rng);
        s.apply(a);
        NodeIndex c = tree_.find_child(node, a);
        if (c == kNoNode) {
          if (!tree_.room_for(1)) return kNoNode;
          c = tree_.add_child(node, a, 0);
        }
        return c;
      }
      if (!tree_[node].expanded) {
        s.chance_outcomes(chances_);
        if (!tree_.room_for(chances_.size())) {
          s.apply(s.sample_chance(rng));
          return kNoNode;
        }
        NodeIndex c = tree_.add_children(node, static_cast<int>(chances_.size()));
        for (const auto& o : chances_) {
          tree_[c].action = o.action;
          tree_[c].prior = static_cast<float>(o.probability);
          c = tree_[c].next_sibling;
        }
        tree_[node].expanded = true;
      }
      // Stratified: the outcome furthest below its share of the visits, so the visits follow
      // the distribution with far less noise than independent draws.
      const Node& nd = tree_[node];
      const double total = nd.n + nd.virtual_loss + 1.0;
      NodeIndex best = kNoNode;
      double best_gap = -std::numeric_limits<double>::infinity();
      for (NodeIndex c = nd.first_child; c != kNoNode; c = tree_[c].next_sibling) {
        const double gap = tree_[c].prior * total - (tree_[c].n + tree_[c].virtual_loss);
        if (gap > best_gap) best_gap = gap, best = c;
      }
      s.apply(tree_[best].action);
      return best;
    }
  }

  // Mixes Dirichlet noise into the priors of the root's children (config noise_alpha > 0).
  void add_root_noise(Rng& rng) {
    noise_done_ = true;
    if (config_.noise_alpha <= 0) return;
    const int k = tree_[root_].num_children;
    if (k < 2) return;
    noise_.resize(static_cast<std::size_t>(k));
    dirichlet(config_.noise_alpha, rng, noise_);
    const double f = config_.noise_fraction;
    int j = 0;
    for (NodeIndex c = tree_[root_].first_child; c != kNoNode; c = tree_[c].next_sibling, ++j)
      tree_[c].prior = static_cast<float>((1 - f) * tree_[c].prior + f * noise_[static_cast<std::size_t>(j)]);
  }

  double widening_limit(double visits) const {
    return std::max(1.0,
                    std::ceil(config_.widening_c * std::pow(std::max(visits, 1.0), config_.widening_alpha)));
  }

  // The value an unvisited child of `parent` is taken to have, for `mover`, on the selection scale.
  double first_play_urgency(const Node& parent, Player mover, const QScale& qs) const {
    switch (config_.fpu) {
      case Fpu::kInfinite:
        return std::numeric_limits<double>::infinity();
      case Fpu::kAbsolute:
        return config_.fpu_value;
      case Fpu::kParent:
        return (parent.n + parent.virtual_loss > 0 ? qs(parent.q(mover)) : 0.5) - config_.fpu_value;
    }
    return 0;
  }

  // Scores child `ch` for `mover`; `parent_visits` is the parent's visits (or, in ISMCTS, the
  // child's availability), `log_n` / `sqrt_n` precomputed from it.
  double score(const Node& ch, Player mover, double log_n, double sqrt_n, double fpu,
               const QScale& qs) const {
    const double visits = ch.n + ch.virtual_loss;
    if (config_.selection == Selection::kUct) {
      if (visits == 0) return fpu;
      return qs(ch.w[mover] / visits) + config_.uct_c * std::sqrt(log_n / visits);
    }
    const double q = visits == 0 ? fpu : qs(ch.w[mover] / visits);
    return q + config_.puct_c * ch.prior * sqrt_n / (1.0 + visits);
  }

  // Maps a mean value (already in [0, 1] by the game's range) for `mover` onto the scale the
  // exploration constant is measured against: itself, or (value_scale = tree) the range of
  // the mover's means seen in this search, MuZero's normalisation. A heuristic whose moves
  // differ by a hundredth of the game's range then explores like win/loss rollouts do.
  QScale q_scale(Player mover) const {
    if (config_.value_scale == ValueScale::kGame) return {};
    const double lo = q_min_[mover], hi = q_max_[mover];
    if (!(hi - lo > 1e-9)) return {};
    return {lo, 1.0 / (hi - lo)};
  }

  NodeIndex select(NodeIndex node, Player mover) const {
    const Node& nd = tree_[node];
    const double parent_visits = std::max(1.0, double(nd.n + nd.virtual_loss));
    int limit = nd.num_children;
    if (config_.widening) limit = static_cast<int>(std::min<double>(limit, widening_limit(parent_visits)));
    const double log_n = std::log(parent_visits), sqrt_n = std::sqrt(parent_visits);
    const QScale qs = q_scale(mover);
    const double fpu = first_play_urgency(nd, mover, qs);
    NodeIndex best = kNoNode;
    double best_score = -std::numeric_limits<double>::infinity();
    NodeIndex c = nd.first_child;
    if (config_.solver) {
      // A child proven lost for the mover is never entered; widening opens the next one in its place.
      const std::int8_t mine = solver_.team(mover);
      for (int i = 0; i < limit; ++i, c = tree_[c].next_sibling) {
        const Node& ch = tree_[c];
        if (ch.proven != kUnproven && ch.proven != mine) {
          if (limit < nd.num_children) ++limit;
          continue;
        }
        const double sc = score(ch, mover, log_n, sqrt_n, fpu, qs);
        if (sc > best_score) best_score = sc, best = c;
      }
      // Every child lost: the node is proven and no descent passes it, but stay total.
      return best == kNoNode ? nd.first_child : best;
    }
    for (int i = 0; i < limit; ++i, c = tree_[c].next_sibling) {
      const double sc = score(tree_[c], mover, log_n, sqrt_n, fpu, qs);
      if (sc > best_score) best_score = sc, best = c;
    }
    return best;
  }

  // ISMCTS selection among the children legal in this world, by availability.
  NodeIndex select_available(NodeIndex node, Player mover, const ActionList& legal) {
    available_.gather(tree_, node, legal, candidates_);
    if (candidates_.empty()) return kNoNode;
    if (config_.widening) {
      const Node& nd = tree_[node];
      const auto limit = static_cast<std::size_t>(widening_limit(double(nd.n + nd.virtual_loss)));
      if (candidates_.size() > limit) {
        std::nth_element(candidates_.begin(), candidates_.begin() + static_cast<std::ptrdiff_t>(limit),
                         candidates_.end(), [this](NodeIndex a, NodeIndex b) {
                           return tree_[a].prior != tree_[b].prior ? tree_[a].prior > tree_[b].prior : a < b;
                         });
        candidates_.resize(limit);
      }
    }
    const QScale qs = q_scale(mover);
    const double fpu = first_play_urgency(tree_[node], mover, qs);
    NodeIndex best = kNoNode;
    double best_score = -std::numeric_limits<double>::infinity();
    for (NodeIndex c : candidates_) {
      Node& ch = tree_[c];
      ++ch.avail;
      const double avail = ch.avail;
      const double sc = score(ch, mover, std::log(avail), std::sqrt(avail), fpu, qs);
      if (sc > best_score) best_score = sc, best = c;
    }
    return best;
  }

  // Creates the children of leaf `node` from batch leaf i. Children are shuffled first so
  // that equal priors (and FPU = inf) try actions in random order, then sorted by prior,
  // which progressive widening relies on.
  void expand_node(NodeIndex node, const LeafBatch<S>& batch, int i, Rng& rng) {
    const ActionList& legal = batch.legal[i];
    const int k = legal.size();
    if (tree_[node].expanded || k == 0 || !tree_.room_for(static_cast<std::size_t>(k))) return;
    order_.clear();
    if (batch.has_priors) {
      const auto row = batch.prior_row(i);
      for (int j = 0; j < k; ++j) order_.push_back({row[j], legal[j]});
    } else {
      const float uniform = 1.0f / static_cast<float>(k);
      for (int j = 0; j < k; ++j) order_.push_back({uniform, legal[j]});
    }
    for (int j = k - 1; j > 0; --j)
      std::swap(order_[j], order_[rng.below(static_cast<std::uint32_t>(j + 1))]);
    if (batch.has_priors)
      std::sort(order_.begin(), order_.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    NodeIndex c = tree_.add_children(node, k);
    for (const auto& [prior, action] : order_) {
      tree_[c].action = action;
      tree_[c].prior = prior;
      c = tree_[c].next_sibling;
    }
    tree_[node].expanded = true;
  }

  void backup(std::size_t from, std::size_t to, const Values& normalised) {
    const Values v = backup_.apply(normalised);
    const int players = config_.num_players;
    const bool virtual_loss = config_.batch > 1;
    const bool track = config_.value_scale == ValueScale::kTree;
    for (std::size_t i = from; i < to; ++i) {
      Node& nd = tree_[path_nodes_[i]];
      ++nd.n;
      for (int p = 0; p < players; ++p) nd.w[p] += v[p];
      if (virtual_loss) --nd.virtual_loss;
      if (track && nd.virtual_loss == 0) {
        for (int p = 0; p < players; ++p) {
          const double q = nd.w[p] / nd.n;
          q_min_[p] = std::min(q_min_[p], q);
          q_max_[p] = std::max(q_max_[p], q);
        }
      }
    }
  }

  // Solver: whether root child `c` is proven lost for the root player's side.
  bool proven_lost(NodeIndex c) const {
    return config_.solver && tree_[c].proven != kUnproven && tree_[c].proven != solver_.team(root_player_);
  }

  Action choose_final(Rng& rng) {
    const Node& root = tree_[root_];
    bool skip_lost = false;
    if (config_.solver) {
      // A proven win is played (the most visited of them); proven losses only when all are lost.
      const std::int8_t mine = solver_.team(root_player_);
      NodeIndex win = kNoNode;
      bool open = false;
      for (NodeIndex c = root.first_child; c != kNoNode; c = tree_[c].next_sibling) {
        if (tree_[c].proven == mine && (win == kNoNode || tree_[c].n > tree_[win].n)) win = c;
        open = open || (tree_[c].n > 0 && !proven_lost(c));
      }
      if (win != kNoNode) {
        stats_.visits = tree_[win].n;
        stats_.value = to_return_scale(tree_[win].n ? tree_[win].q(root_player_) : 1.0);
        return tree_[win].action;
      }
      skip_lost = open;
    }
    // The children the choice may take: all, or with the solver those not proven lost if any
    // visited one is not.
    auto allowed = [&](NodeIndex c) { return !skip_lost || !proven_lost(c); };
    std::uint32_t most = 0;
    for (NodeIndex c = root.first_child; c != kNoNode; c = tree_[c].next_sibling)
      if (allowed(c)) most = std::max(most, tree_[c].n);
    NodeIndex chosen = kNoNode;
    if (most == 0) {  // the budget ran out before any child was tried
      stats_.visits = 0;
      return root_legal_[static_cast<int>(rng.below(static_cast<std::uint32_t>(root_legal_.size())))];
    }
    const Player me = root_player_;
    auto better = [&](NodeIndex a, NodeIndex b) {  // more visits, then higher value
      if (tree_[a].n != tree_[b].n) return tree_[a].n > tree_[b].n;
      return tree_[a].q(me) > tree_[b].q(me);
    };
    switch (config_.final_choice) {
      case FinalChoice::kVisits:
        for (NodeIndex c = root.first_child; c != kNoNode; c = tree_[c].next_sibling)
          if (tree_[c].n > 0 && allowed(c) && (chosen == kNoNode || better(c, chosen))) chosen = c;
        break;
      case FinalChoice::kValue: {
        // Highest mean among children visited at least a tenth as often as the most visited:
        // a mean over a handful of simulations is mostly noise.
        const std::uint32_t floor = std::max<std::uint32_t>(1, most / 10);
        for (NodeIndex c = root.first_child; c != kNoNode; c = tree_[c].next_sibling)
          if (tree_[c].n >= floor && allowed(c) &&
              (chosen == kNoNode || tree_[c].q(me) > tree_[chosen].q(me)))
            chosen = c;
        break;
      }
      case FinalChoice::kSample: {
        const double temperature =
            config_.temperature_moves > 0 && root_move_number_ >= config_.temperature_moves
                ? config_.temperature_after
                : config_.temperature;
        if (temperature <= 0) {
          for (NodeIndex c = root.first_child; c != kNoNode; c = tree_[c].next_sibling)
            if (tree_[c].n > 0 && allowed(c) && (chosen == kNoNode || better(c, chosen))) chosen = c;
          break;
        }
        // Weights visits^(1/T), scaled by the largest so that small temperatures do not overflow.
        const double inv_t = 1.0 / temperature, log_most = std::log(double(most));
        double total = 0;
        for (NodeIndex c = root.first_child; c != kNoNode; c = tree_[c].next_sibling)
          if (tree_[c].n > 0 && allowed(c))
            total += std::exp((std::log(double(tree_[c].n)) - log_most) * inv_t);
        double x = rng.uniform() * total;
        for (NodeIndex c = root.first_child; c != kNoNode; c = tree_[c].next_sibling) {
          if (tree_[c].n == 0 || !allowed(c)) continue;
          chosen = c;
          x -= std::exp((std::log(double(tree_[c].n)) - log_most) * inv_t);
          if (x < 0) break;
        }
        break;
      }
    }
    stats_.visits = tree_[chosen].n;
    stats_.value = to_return_scale(tree_[chosen].q(me));
    return tree_[chosen].action;
  }

  SearchConfig config_;
  E evaluator_;
  Tree tree_;
  double lo_, scale_;
  NodeIndex root_ = kNoNode;
  Player root_player_ = 0;
  Player tree_root_player_ = 0;
  std::optional<S> root_state_;  // the position at root_, kept only to reuse the tree
  Backup backup_;
  Solver solver_;  // the teams and result scale the proofs read (config solver)
  SearchStats stats_;
  int root_move_number_ = 0;  // the temperature schedule counts the game's moves
  bool noise_done_ = false;   // root noise mixed in this search
  std::vector<double> noise_;
  Values q_min_{}, q_max_{};  // value_scale = tree: the range of each seat's node means this search

  // Scratch, reused from simulation to simulation.
  LeafBatch<S> batch_;
  std::vector<NodeIndex> path_nodes_;    // the paths of the batch's leaves, one after another
  std::vector<std::int8_t> path_teams_;  // solver: per path node, the team to move there (kUnproven: none)
  std::vector<std::size_t> path_start_;  // where each leaf's path starts in path_nodes_
  std::vector<NodeIndex> leaf_node_;     // per leaf: the node to expand, or kNoNode
  std::vector<std::pair<float, Action>> order_;
  std::vector<NodeIndex> candidates_;
  ChanceList chances_;
  ActionList root_legal_;
  AvailableChildren available_;
};

}  // namespace qilab::search

#pragma once
// The complete search behind sample_world's fallback (docs/rules/junqi.md, "Hidden
// information"): kinds for a set of pieces under their domains, the fights between them and
// each army's exact composition, found by backtracking with constraint propagation. Unlike
// the sampler's fast search it checks every army's composition at every step (Hall's
// condition over the kinds, which also counts the pieces it does not assign), so a branch
// that cannot be completed is cut where it starts, not after every way of filling it in.
#include <array>
#include <cstdint>
#include <vector>

#include "engine/core/rng.h"
#include "engine/junqi/board.h"
#include "engine/junqi/pieces.h"

namespace qilab::junqi {

class WorldSearch {
 public:
  enum class Result { kFound, kNone, kOutOfBudget };

  // A piece to assign, of army `army` (0 .. kMaxArmies - 1), whose kind is one of `domain`; returns its
  // number (0, 1, ... in the order added).
  int add_var(int army, KindSet domain);
  // A fight between vars a and b: a_given_b[k] holds the kinds a may be when b is of kind k,
  // b_given_a the same the other way.
  void add_fight(int a, int b, const KindSet* a_given_b, const KindSet* b_given_a);
  // `count` pieces of army `army` that are not assigned here but take kinds of its
  // composition, each one of `domain` (the sampler's plain pieces: it deals them after).
  void add_pool(int army, KindSet domain, int count);
  // The kinds army `army` owes to its vars and pool pieces together.
  void set_owed(int army, const std::array<int, kKinds>& owed);

  // Kinds for every var (kinds[var]) consistent with all the above, with the pool pieces
  // able to take exactly what their armies still owe; values are tried in random order and
  // ties in the choice of the next var broken at random; restarted with doubling step budgets. Gives
  // up after `max_nodes` steps in all.
  Result solve(Rng& rng, std::int64_t max_nodes, std::vector<std::uint8_t>& kinds);

  // Search steps taken by the last solve.
  std::int64_t nodes() const { return nodes_; }

 private:
  struct Edge {
    int to;
    const KindSet* allowed;  // allowed[k]: the kinds of this edge's var when `to` is of kind k
  };
  struct Pool {
    int army;
    KindSet domain;
    int count;
  };
  // What changes along a branch: each var's kinds left, and each army's kinds still owed.
  struct Node {
    std::vector<KindSet> domain;
    std::vector<std::uint8_t> value;  // kNoKind: not assigned yet
    std::array<std::array<int, kKinds>, kMaxArmies> owed{};
  };

  bool assign(Node& n, int v, int kind) const;
  bool propagate(Node& n, std::vector<int>& queue, std::uint32_t armies) const;
  bool hall(const Node& n, int army) const;
  bool dfs(Node& n, Rng& rng, int depth);

  std::vector<int> army_;
  std::vector<KindSet> domain_;
  std::vector<std::vector<Edge>> edges_;
  std::vector<Pool> pools_;
  std::array<std::array<int, kKinds>, kMaxArmies> owed_{};
  std::vector<std::uint32_t> tie_;  // a random priority per var, for ties
  std::vector<Node> stack_;         // one node per depth
  std::int64_t nodes_ = 0, budget_ = 0;
  bool out_of_budget_ = false;
};

}  // namespace qilab::junqi

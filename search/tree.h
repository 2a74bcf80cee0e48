#pragma once
// The search tree: nodes in one arena, linked by index.
//
// The arena is a vector whose capacity survives from move to move, so once a game's first
// searches have grown it, expanding a node allocates nothing. Children of a node form a
// sibling list; an expansion that creates all of a node's children at once lays them out
// side by side, so walking them during selection reads consecutive memory. Children that
// appear one at a time (sampled chance outcomes, actions first seen in another ISMCTS world)
// are pushed on the front of the list.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/core/types.h"

namespace qilab::search {

using NodeIndex = std::int32_t;
inline constexpr NodeIndex kNoNode = -1;
inline constexpr std::int8_t kUnproven = -1;  // Node::proven: no proof yet

struct Node {
  // Sum of the backed-up value vectors (normalised to [0, 1] per seat, after the backup
  // policy's transform). The mover at the parent reads its own entry to judge this edge.
  Values w{};
  std::uint32_t n = 0;      // simulations that passed through this node
  std::uint32_t avail = 0;  // ISMCTS: times the parent was visited in a world where this edge was legal
  NodeIndex first_child = kNoNode;
  NodeIndex next_sibling = kNoNode;
  std::int32_t num_children = 0;
  Action action = kInvalidAction;  // the edge from the parent: a move or a chance outcome
  float prior = 0;                 // the policy's prior, or the outcome's probability at a chance node
  std::uint16_t virtual_loss = 0;  // simulations in flight through here (batched evaluation)
  bool expanded = false;           // children created (decision node) or outcomes listed (chance node)
  std::int8_t proven = kUnproven;  // MCTS-Solver: the team proven to win from here (search/solver.h)
  std::uint64_t key = 0;           // ISMCTS chance outcomes: the root player's information key after it

  double q(Player p) const { return w[p] / (n + virtual_loss); }
};
static_assert(sizeof(Node) <= 88, "a node's size bounds the tree's memory (docs/search.md)");

class Tree {
 public:
  // Keeps at most `max_nodes` nodes; expansions past that are refused (see room_for).
  explicit Tree(std::size_t max_nodes = 1 << 22) : max_nodes_(max_nodes) {
    nodes_.reserve(std::min<std::size_t>(max_nodes_, 1 << 14));
  }

  void set_max_nodes(std::size_t m) { max_nodes_ = m; }
  std::size_t max_nodes() const { return max_nodes_; }
  std::size_t size() const { return nodes_.size(); }
  bool empty() const { return nodes_.empty(); }
  bool room_for(std::size_t more) const { return nodes_.size() + more <= max_nodes_; }

  Node& operator[](NodeIndex i) { return nodes_[static_cast<std::size_t>(i)]; }
  const Node& operator[](NodeIndex i) const { return nodes_[static_cast<std::size_t>(i)]; }

  // Drops every node but keeps the arena's capacity; returns the new root.
  NodeIndex reset() {
    nodes_.clear();
    nodes_.emplace_back();
    return 0;
  }

  // Creates `count` children of `parent` side by side, linked in order; returns the first.
  // May move the arena: references to nodes taken before the call are invalid after it.
  NodeIndex add_children(NodeIndex parent, int count) {
    if (count <= 0) return kNoNode;
    const auto first = static_cast<NodeIndex>(nodes_.size());
    nodes_.resize(nodes_.size() + static_cast<std::size_t>(count));
    for (int i = 0; i + 1 < count; ++i) nodes_[first + i].next_sibling = first + i + 1;
    Node& p = nodes_[parent];
    nodes_[first + count - 1].next_sibling = p.first_child;
    p.first_child = first;
    p.num_children += count;
    return first;
  }

  // One more child at the front of `parent`'s list. Same caveat as add_children.
  NodeIndex add_child(NodeIndex parent, Action action, float prior) {
    const NodeIndex c = add_children(parent, 1);
    nodes_[c].action = action;
    nodes_[c].prior = prior;
    return c;
  }

  NodeIndex find_child(NodeIndex parent, Action action) const {
    for (NodeIndex c = nodes_[parent].first_child; c != kNoNode; c = nodes_[c].next_sibling)
      if (nodes_[c].action == action) return c;
    return kNoNode;
  }

  // Keeps only the subtree under `keep`, which becomes node 0. Copies it breadth first into
  // a spare arena (each node's children stay side by side) and swaps: O(subtree), and after
  // the first few moves no allocation either.
  void keep_subtree(NodeIndex keep) {
    spare_.clear();
    spare_.push_back(nodes_[keep]);
    spare_[0].next_sibling = kNoNode;
    for (std::size_t i = 0; i < spare_.size(); ++i) {
      NodeIndex old_child = spare_[i].first_child;
      if (old_child == kNoNode) continue;
      const auto first = static_cast<NodeIndex>(spare_.size());
      for (NodeIndex c = old_child; c != kNoNode; c = nodes_[c].next_sibling) {
        spare_.push_back(nodes_[c]);
        spare_.back().next_sibling = static_cast<NodeIndex>(spare_.size());
      }
      spare_.back().next_sibling = kNoNode;
      spare_[i].first_child = first;
    }
    nodes_.swap(spare_);
  }

  // Nodes in the subtree under `root` (for statistics and tests).
  std::size_t subtree_size(NodeIndex root) const {
    std::size_t count = 0;
    std::vector<NodeIndex> stack{root};
    while (!stack.empty()) {
      NodeIndex i = stack.back();
      stack.pop_back();
      ++count;
      for (NodeIndex c = nodes_[i].first_child; c != kNoNode; c = nodes_[c].next_sibling) stack.push_back(c);
    }
    return count;
  }

 private:
  std::vector<Node> nodes_;
  std::vector<Node> spare_;
  std::size_t max_nodes_;
};

}  // namespace qilab::search

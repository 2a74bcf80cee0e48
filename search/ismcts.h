#pragma once
// Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012), the part that
// differs from plain MCTS: a node's children are not fixed. Each iteration plays in a new
// world drawn by sample_world(root player), and a node reached there offers only the
// actions legal in that world. AvailableChildren links those actions to the node's children
// (creating the ones this world shows for the first time) and counts their availability:
// selection then compares a child against the number of times it could have been chosen,
// not against the parent's visits, so rarely legal actions are not starved.
//
// Decision edges are keyed by action (the observer sees every move's action); chance edges
// by the root player's information key after the outcome, so outcomes the root player
// cannot tell apart (an opponent's hidden draw) share one node, and outcomes it sees (dice)
// get one each. Mcts (search/mcts.h) does the chance side.
#include <algorithm>
#include <vector>

#include "engine/core/action_list.h"
#include "search/tree.h"

namespace qilab::search {

class AvailableChildren {
 public:
  explicit AvailableChildren(int num_distinct_actions = 0) { resize(num_distinct_actions); }
  void resize(int num_distinct_actions) {
    slot_.assign(static_cast<std::size_t>(std::max(num_distinct_actions, 0)), kNoNode);
  }

  // Fills `out` with the children of `node` for the actions in `legal`, adding a child with
  // prior 1/|legal| for each action first seen here (while the tree has room). O(children +
  // legal) through a slot per action, cleared again before returning.
  void gather(Tree& tree, NodeIndex node, const ActionList& legal, std::vector<NodeIndex>& out) {
    out.clear();
    for (NodeIndex c = tree[node].first_child; c != kNoNode; c = tree[c].next_sibling)
      slot_[tree[c].action] = c;
    const float fresh_prior = 1.0f / static_cast<float>(legal.size());
    for (Action a : legal) {
      NodeIndex c = slot_[a];
      if (c == kNoNode) {
        if (!tree.room_for(1)) continue;
        c = tree.add_child(node, a, fresh_prior);
        slot_[a] = c;
      }
      out.push_back(c);
    }
    for (NodeIndex c = tree[node].first_child; c != kNoNode; c = tree[c].next_sibling)
      slot_[tree[c].action] = kNoNode;
  }

 private:
  std::vector<NodeIndex> slot_;  // action -> child of the node being gathered, else kNoNode
};

}  // namespace qilab::search

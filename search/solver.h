#pragma once
// MCTS-Solver (Winands, Björnsson and Saito 2008), for qilab's value vectors and teams. A node
// may carry a proof: the team that wins from it whatever anyone does (Node::proven).
//
//   terminal   proven for team t when every seat of t has the game's max_return and every
//              other seat its min_return (a draw or a graded result proves nothing);
//   decision   proven for the mover's team when one child is proven for it (the mover takes
//              that win); proven for team w when every child is proven for the same w (the
//              mover cannot avoid w's win: a loss for the mover whatever it plays);
//   chance     never proven (search/mcts.h stops the back-up of proofs there).
//
// With two sides this is the published solver: a proven win for the mover's side is a win, and
// a node all of whose children are proven losses for its mover is a proven loss. With more
// teams (free-for-all) the second rule asks that every child give the same winner, so the
// proof still names one team whatever the mover's tie-break among its losing moves.
//
// The search (search/mcts.h) uses the proofs three ways: a descent that reaches a proven node
// stops there and backs up the proven result; selection never enters a child proven lost for
// its mover while another child is not; the final choice takes a proven win. A proven root
// ends the search early.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "engine/core/game.h"
#include "search/tree.h"

namespace qilab::search {

class Solver {
 public:
  // The teams and return range of the game `view` is a position of.
  template <GameState S>
  void reset(const S& view, int players, double min_return, double max_return) {
    players_ = players;
    lo_ = min_return;
    hi_ = max_return;
    for (int p = 0; p < players; ++p)
      team_[static_cast<std::size_t>(p)] = static_cast<std::int8_t>(view.team_of(p));
  }

  std::int8_t team(Player p) const { return team_[static_cast<std::size_t>(p)]; }

  // The team a finished game's returns (in the game's scale) make the sole winner, else kUnproven.
  std::int8_t winner(const Values& returns) const {
    std::int8_t won = kUnproven;
    for (int p = 0; p < players_; ++p)
      if (near(returns[static_cast<std::size_t>(p)], hi_)) won = team(p);
    if (won == kUnproven) return kUnproven;
    for (int p = 0; p < players_; ++p) {
      const double v = returns[static_cast<std::size_t>(p)];
      if (team(p) == won ? !near(v, hi_) : !near(v, lo_)) return kUnproven;
    }
    return won;
  }

  // The values of a game won by `team`, normalised to [0, 1] as the search backs them up.
  Values won_by(std::int8_t winner) const {
    Values v{};
    for (int p = 0; p < players_; ++p) v[static_cast<std::size_t>(p)] = team(p) == winner ? 1.0 : 0.0;
    return v;
  }

  // The proof of expanded decision node `node`, whose mover plays for `mover_team`, now that
  // one of its children is proven for `child_proof`; kUnproven when the children do not decide it.
  static std::int8_t prove(const Tree& tree, NodeIndex node, std::int8_t mover_team,
                           std::int8_t child_proof) {
    if (child_proof == mover_team) return mover_team;
    if (!tree[node].expanded) return kUnproven;
    for (NodeIndex c = tree[node].first_child; c != kNoNode; c = tree[c].next_sibling) {
      const std::int8_t p = tree[c].proven;
      if (p == mover_team) return mover_team;
      if (p != child_proof) return kUnproven;
    }
    return child_proof;
  }

 private:
  bool near(double a, double b) const { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(hi_ - lo_)); }

  int players_ = 0;
  double lo_ = 0, hi_ = 1;
  std::array<std::int8_t, kMaxPlayers> team_{};
};

}  // namespace qilab::search

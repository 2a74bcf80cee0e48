#pragma once
// What the referee does about an agent that fails: one that throws, or that takes longer than
// the per-move time limit `max_timeouts` times, forfeits its seat. A game with its own rule
// for that (a State::forfeit(Player) member: junqi eliminates the seat and play goes on, the
// seed's "escape") applies it; in any other game, or where the game's rule does not apply
// (junqi during deployment), the game ends there and the forfeiting seat's team loses:
// forfeit_returns. Every failure is recorded in GameRecord::events (docs/experiments.md).
#include <span>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/types.h"

namespace qilab::experiments {

struct Referee {
  double move_time_limit_ms = 0;  // 0: no limit
  int max_timeouts = 3;           // moves over the limit that forfeit the seat
  // Whether the record gets each action's notation as it is played. Tournaments keep actions
  // only (their store writes the notation when exporting, by replaying: notation.h).
  bool notation = true;
  // Whether to take the general path for every game: each agent handed a copy of its seat's
  // view, every action checked with is_legal. Off, a game whose seats see the whole state takes
  // the fast path (match.h, play_seated), which plays the same games; tests turn it on to
  // compare.
  bool general = false;
};

// The returns of a game ended by seat `seat`'s forfeit: -1 for every seat of its team, +1 for
// every other seat (so the other side wins; in a free-for-all the others share the top and
// draw among themselves). `teams`: team of each seat (empty: one seat per team).
std::vector<double> forfeit_returns(int seats, std::span<const int> teams, Player seat);

// Whether the game has its own rule for a seat that forfeits (junqi: State::forfeit).
template <class S>
concept HasForfeit = requires(S s, Player p) {
  s.forfeit(p);
};

// Applies the game's own forfeit rule to `state` for `seat`; false when the game has none or
// it does not apply here (junqi during deployment: Error), and the game then ends by
// forfeit_returns.
template <class S>
bool apply_forfeit_rule(S& state, Player seat) {
  if constexpr (HasForfeit<S>) {
    try {
      state.forfeit(seat);
      return true;
    } catch (const Error&) {
      return false;
    }
  } else {
    (void)state;
    (void)seat;
    return false;
  }
}

// "took 812.4 ms, over the limit of 500 ms (2 of 3)".
std::string timeout_message(double ms, const Referee& referee, int strikes);

}  // namespace qilab::experiments

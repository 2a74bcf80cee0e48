#pragma once
// write_notation_with: one record's notation, by replaying it through its game (notation.h
// says why records lack it).
#include <string>

#include "engine/core/error.h"
#include "engine/core/game.h"
#include "engine/core/record.h"
#include "experiments/match.h"

namespace qilab::experiments {

// Replays `r` through `game` and writes its notation; throws Error "game N: ..." where an
// action is not legal in the position it was recorded in.
template <Game G>
void write_notation_with(const G& game, GameRecord& r) {
  auto state = game.initial_state();
  std::size_t next_event = 0;
  r.notation.clear();
  r.notation.reserve(r.actions.size());
  for (std::size_t k = 0; k < r.actions.size(); ++k) {
    // The forfeits before action k that the game's own rule applies (a forfeit that ended the
    // game comes after the last action).
    for (; next_event < r.events.size() && r.events[next_event].value("ply", std::size_t{0}) == k;
         ++next_event)
      if (const auto& e = r.events[next_event]; e.value("forfeit", false))
        apply_forfeit_rule(state, static_cast<Player>(e.value("seat", 0)));
    const Action a = r.actions[k];
    if (state.is_terminal() || a < 0 || a >= game.num_distinct_actions() || !state.is_legal(a))
      throw Error("game " + std::to_string(r.index) + ": action " + std::to_string(k) + " (id " +
                  std::to_string(a) + ") is not legal where it stands; the record is damaged");
    r.notation.push_back(state.action_to_string(a));
    state.apply(a);
  }
}

}  // namespace qilab::experiments

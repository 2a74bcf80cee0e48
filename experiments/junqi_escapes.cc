#include "experiments/junqi_escapes.h"

#include <type_traits>

#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/junqi/junqi.h"
#include "engine/junqi/ladder.h"
#include "engine/registry.h"
#include "experiments/referee.h"

namespace qilab::experiments {

bool has_escape(const GameRecord& r) {
  for (const auto& e : r.events)
    if (e.value("forfeit", false)) return true;
  return false;
}

std::vector<std::int64_t> escape_ladder_points(const GameRecord& r, std::int64_t stake,
                                               const std::string& at) {
  return with_game(r.game, [&]<Game G>() -> std::vector<std::int64_t> {
    if constexpr (!std::is_same_v<typename G::State, junqi::State>) {
      throw Error(at + ": field 'game': '" + r.game + "' has no escape penalties (junqi6 and junqi4 have)");
    } else {
      const G game(
          resolve_options(G::option_specs(), GameConfig{r.game, at + ": field 'options'", r.options}, {}));
      const int players = game.num_players();
      std::vector<std::int64_t> points(static_cast<std::size_t>(players), 0);
      typename G::State s = game.initial_state();
      const bool decapitation = s.rules().decapitation;
      std::size_t k = 0;  // actions applied
      for (std::size_t i = 0; i < r.events.size(); ++i) {
        const auto& e = r.events[i];
        if (!e.value("forfeit", false)) continue;
        const auto ply = e.value("ply", std::size_t{0});
        const int seat = e.value("seat", -1);
        if (ply > r.actions.size() || ply < k)
          throw Error(at + ": field 'events[" + std::to_string(i) + "].ply' is " + std::to_string(ply) +
                      ", expected " + std::to_string(k) + " to " + std::to_string(r.actions.size()) +
                      " (the actions played before it, in play order)");
        if (seat < 0 || seat >= players)
          throw Error(at + ": field 'events[" + std::to_string(i) + "].seat' is " + std::to_string(seat) +
                      ", expected a seat 0 to " + std::to_string(players - 1));
        for (; k < ply; ++k) {
          const Action a = r.actions[k];
          if (s.is_terminal() || a < 0 || a >= game.num_distinct_actions() || !s.is_legal(a))
            throw Error(at + ": field 'actions[" + std::to_string(k) + "]' (id " + std::to_string(a) +
                        ") is not a legal action there");
          s.apply(a);
        }
        // The situation at the escape: who is still in, the escapee counted dead.
        std::vector<bool> alive(static_cast<std::size_t>(players));
        for (int p = 0; p < players; ++p) alive[static_cast<std::size_t>(p)] = !s.eliminated(p);
        const auto charged = junqi::ladder::escape_points(decapitation, players, seat, alive, stake);
        for (int p = 0; p < players; ++p)
          points[static_cast<std::size_t>(p)] += charged[static_cast<std::size_t>(p)];
        apply_forfeit_rule(s, seat);  // junqi eliminates the seat; during deployment the game ended
      }
      return points;
    }
  });
}

}  // namespace qilab::experiments

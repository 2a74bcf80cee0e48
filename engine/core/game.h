#pragma once
// The game concept. A game is two types:
//   G          the rules of one variant (options resolved), cheap to share, immutable;
//   G::State   a plain value type: copying it is a flat copy, applying an action allocates nothing.
// search/ and agents/ are templates over these concepts; engine/core/any_game.h wraps
// them once behind virtual calls for the CLI, configs, records and experiments.
#include <concepts>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/action_list.h"
#include "engine/core/options.h"
#include "engine/core/rng.h"
#include "engine/core/types.h"

namespace qilab {

// Game::max_game_length() where the options allow games without end.
inline constexpr std::int64_t kNoLengthBound = std::numeric_limits<std::int64_t>::max();

template <class S>
concept GameState = std::copyable<S> && requires(S s, const S cs, ActionList& actions, ChanceList& chances,
                                                 Action a, Player p, Rng& rng, std::string_view text) {
  { cs.num_players() } -> std::convertible_to<int>;
  { cs.current_player() } -> std::convertible_to<Player>;  // kChancePlayer, kTerminalPlayer
  { cs.is_terminal() } -> std::convertible_to<bool>;
  { cs.is_chance() } -> std::convertible_to<bool>;
  {cs.legal_actions(actions)};    // clears and fills; chance nodes list outcomes
  {cs.chance_outcomes(chances)};  // exact distribution at a chance node
  { cs.sample_chance(rng) } -> std::same_as<Action>;
  {s.apply(a)};  // a must be legal (checked by is_legal)
  { cs.is_legal(a) } -> std::convertible_to<bool>;
  { cs.returns() } -> std::same_as<Values>;   // final values; 0 before the end
  { cs.evaluate() } -> std::same_as<Values>;  // heuristic estimate of returns()
  { cs.team_of(p) } -> std::convertible_to<int>;
  { cs.move_number() } -> std::convertible_to<int>;
  // Hidden information: what player p may see, and a full state consistent with it.
  { cs.observation_string(p) } -> std::convertible_to<std::string>;
  { cs.sample_world(p, rng) } -> std::same_as<S>;
  { cs.information_key(p) } -> std::convertible_to<std::uint64_t>;
  // Notation and positions.
  { cs.action_to_string(a) } -> std::convertible_to<std::string>;
  { cs.string_to_action(text) } -> std::same_as<Action>;  // throws Error
  { cs.to_json() } -> std::same_as<nlohmann::json>;
  { cs.render_text() } -> std::convertible_to<std::string>;
};

// What seat `observer` learns of action `a`, played from state `s` (asked before a is
// applied): the action itself when it is public, kHiddenAction when the seat sees nothing of
// it, or a coarser action id of the game's choosing. A game with hidden actions defines
// `Action State::action_view(Player observer, Action a) const`; without one every action is
// public, which is right for perfect-information games only (the conformance suite checks
// that every hidden-information game defines it).
template <class S>
concept HasActionView = requires(const S s, Player p, Action a) {
  { s.action_view(p, a) } -> std::same_as<Action>;
};

template <GameState S>
Action action_view(const S& s, Player observer, Action a) {
  if constexpr (HasActionView<S>) {
    return s.action_view(observer, a);
  } else {
    return a;
  }
}

template <class G>
concept Game = GameState<typename G::State> && std::constructible_from<G, const Options&> &&
    requires(const G g, const nlohmann::json& j) {
  { G::kId } -> std::convertible_to<std::string_view>;
  { G::kName } -> std::convertible_to<std::string_view>;
  { G::option_specs() } -> std::same_as<std::vector<OptionSpec>>;
  { g.options() } -> std::same_as<const Options&>;
  { g.num_players() } -> std::convertible_to<int>;
  { g.num_distinct_actions() } -> std::convertible_to<int>;
  { g.min_return() } -> std::convertible_to<double>;
  { g.max_return() } -> std::convertible_to<double>;
  { g.zero_sum() } -> std::convertible_to<bool>;  // returns sum to 0 at every end
  { g.perfect_information() } -> std::convertible_to<bool>;
  // The team of each seat, num_players() entries: allies share a number (teams are
  // numbered from 0), a seat playing for itself is a team of one. State::team_of(p) agrees
  // with it in every state.
  { g.teams() } -> std::same_as<std::vector<int>>;
  // The most actions (chance outcomes included) one game can take, from the rules and options;
  // kNoLengthBound where the options set no limit (junqi with both move limits off). A bound,
  // not the longest game seen: the conformance suite checks every game it plays against it.
  { g.max_game_length() } -> std::same_as<std::int64_t>;
  { g.initial_state() } -> std::same_as<typename G::State>;
  { g.state_from_json(j) } -> std::same_as<typename G::State>;  // throws Error
};

}  // namespace qilab

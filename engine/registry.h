#pragma once
// The games qilab knows. Templates reach a game's concrete type through with_game();
// the CLI and experiments use the type-erased AnyGame from make_any_game().
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/checkers/checkers.h"
#include "engine/core/any_game.h"
#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/elements/elements.h"
#include "engine/guifa/guifa.h"
#include "engine/junqi/junqi.h"
#include "engine/mizong/mizong.h"

namespace qilab {

template <Game... Gs>
struct GameList {
  static_assert((HasEncoding<Gs> && ...),
                "every registered game has a shaped encoding (engine/core/encoding.h)");
};

// Add each new game here, once.
using AllGames = GameList<checkers::Checkers, guifa::Guifa, junqi::Junqi6, junqi::Junqi4, elements::Elements,
                          mizong::Mizong>;

struct GameInfo {
  std::string id;
  std::string name;
  std::vector<OptionSpec> specs;
};

const std::vector<GameInfo>& game_infos();
// Throws Error "unknown game 'x' (known: ...)".
const GameInfo& find_game(std::string_view id);

namespace detail {
template <class F, Game G, Game... Rest>
decltype(auto) with_game_impl(std::string_view id, F&& f) {
  if (id == G::kId) return f.template operator()<G>();
  if constexpr (sizeof...(Rest) > 0) {
    return with_game_impl<F, Rest...>(id, std::forward<F>(f));
  } else {
    find_game(id);  // throws the unknown-game error
    throw Error("unknown game '" + std::string(id) + "'");
  }
}
template <class F, Game... Gs>
decltype(auto) with_game_list(std::string_view id, F&& f, GameList<Gs...>) {
  return with_game_impl<F, Gs...>(id, std::forward<F>(f));
}
}  // namespace detail

// Calls f.template operator()<G>() with G the game whose id is `id`.
template <class F>
decltype(auto) with_game(std::string_view id, F&& f) {
  return detail::with_game_list(id, std::forward<F>(f), AllGames{});
}

// A config naming a game by id alone, with every option at its default.
GameConfig default_config(std::string_view id);

// Builds a game from a config and "key=value" overrides; throws Error on bad input.
std::unique_ptr<AnyGame> make_any_game(const GameConfig& config,
                                       const std::vector<std::string>& overrides = {});

}  // namespace qilab

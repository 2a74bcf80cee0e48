#include "engine/registry.h"

namespace qilab {
namespace {

template <Game... Gs>
std::vector<GameInfo> infos(GameList<Gs...>) {
  return {GameInfo{std::string(Gs::kId), std::string(Gs::kName), Gs::option_specs()}...};
}

}  // namespace

const std::vector<GameInfo>& game_infos() {
  static const std::vector<GameInfo> all = infos(AllGames{});
  return all;
}

const GameInfo& find_game(std::string_view id) {
  for (const auto& g : game_infos())
    if (g.id == id) return g;
  std::string known;
  for (const auto& g : game_infos()) known += (known.empty() ? "" : ", ") + g.id;
  throw Error("unknown game '" + std::string(id) + "' (known: " + known + ")");
}

GameConfig default_config(std::string_view id) {
  find_game(id);
  GameConfig c;
  c.game = std::string(id);
  c.source = "defaults of " + c.game;
  return c;
}

std::unique_ptr<AnyGame> make_any_game(const GameConfig& config, const std::vector<std::string>& overrides) {
  return with_game(config.game, [&]<Game G>() -> std::unique_ptr<AnyGame> {
    Options options = resolve_options(G::option_specs(), config, overrides);  // names its own sources
    try {
      return std::make_unique<GameAdapter<G>>(G(options));
    } catch (const Error& e) {
      // A game's own range checks (players=7, an unreadable board file) learn here where the
      // options came from: the config file and any --set overrides.
      std::string where = config.source;
      if (!overrides.empty()) {
        where += " with overrides";
        for (const auto& o : overrides) where += " '" + o + "'";
      }
      throw Error(where + ": " + e.what());
    }
  });
}

}  // namespace qilab

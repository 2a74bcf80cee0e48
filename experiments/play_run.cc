#include "experiments/play_run.h"

#include <algorithm>
#include <filesystem>

#include "agents/factory.h"
#include "engine/core/error.h"
#include "engine/core/input.h"
#include "engine/registry.h"
#include "experiments/balance.h"
#include "experiments/match.h"
#include "experiments/match_session.h"
#include "experiments/shards.h"
#include "experiments/store.h"

namespace qilab::experiments {
namespace fs = std::filesystem;

namespace {

constexpr const char* kResumeHint =
    "; use another output directory, or repeat the original settings to resume";

std::string join(const nlohmann::json& names) {
  std::string s;
  if (names.is_array())
    for (const auto& n : names)
      s += (s.empty() ? "" : ",") + (n.is_string() ? n.get<std::string>() : n.dump());
  return s;
}

}  // namespace

void check_same_play(const std::string& db, const TournamentPlan& plan,
                     const std::vector<std::string>& agents) {
  std::error_code ec;
  if (!fs::exists(db, ec) || fs::is_directory(db, ec)) return;  // check_tournament_out names a directory
  const nlohmann::json meta = Store::open_for_read(db).meta();
  const nlohmann::json config = parse_json(meta.value("config", std::string("{}")), db + ": meta.config");
  if (meta.value("tournament", std::string()) != "play" || !config.is_object() ||
      config.value("seating", std::string()) != "seats")
    throw Error(db + ": holds tournament '" + brief_text(meta.value("tournament", std::string())) +
                "' (qilab tournament's), not a qilab play run; use another output directory");
  const nlohmann::json& ours = plan.identity.config;
  auto differs = [&](const std::string& what, const std::string& theirs, const std::string& mine) {
    return Error(db + ": was played with " + what + " " + theirs +
                 (mine.empty() ? "" : ", this run has " + mine) + kResumeHint);
  };
  if (config.value("game", nlohmann::json()) != ours["game"])
    throw differs("game", brief(config.value("game", nlohmann::json())), ours["game"].get<std::string>());
  if (config.value("seed", nlohmann::json()) != ours["seed"])
    throw differs("seed", brief(config.value("seed", nlohmann::json())), ours["seed"].dump());
  if (config.value("options", nlohmann::json()) != ours["options"])
    throw differs(
        "other options:", option_difference(config.value("options", nlohmann::json()), ours["options"]), "");
  const nlohmann::json lineups = config.value("lineups", nlohmann::json());
  if (lineups != ours["lineups"]) {
    const nlohmann::json theirs = lineups.is_array() && !lineups.empty() ? lineups[0] : lineups;
    throw differs("agents", join(theirs), join(nlohmann::json(agents)));
  }
  nlohmann::json stored = nlohmann::json::object(), mine = nlohmann::json::object();
  for (const auto& a : Store::open_for_read(db).agents())
    if (!a.file_hash.empty()) stored[a.spec] = a.file_hash;
  for (const auto& a : plan.identity.agents)
    if (!a.file_hash.empty()) mine[a.spec] = a.file_hash;
  if (stored != mine)
    throw differs("other agent files (content hashes)", brief(stored, 200), brief(mine, 200));
  Store::check_resumable(db, plan.identity);  // anything else
}

TournamentConfig play_tournament_config(const GameConfig& game, const std::vector<std::string>& overrides,
                                        const MatchConfig& cfg) {
  TournamentConfig c;
  c.source = "qilab play";
  c.name = "play";
  c.game = game;
  c.sets = overrides;
  for (const auto& spec : cfg.agents)
    if (std::none_of(c.agents.begin(), c.agents.end(), [&](const PoolAgent& a) { return a.spec == spec; }))
      c.agents.push_back({spec, spec});
  c.all_play_all = false;
  c.lineups = {cfg.agents};
  c.games_per_lineup = cfg.games;
  c.seed = cfg.seed;
  c.threads = cfg.threads;
  c.seating = Seating::kSeats;
  c.on_progress = cfg.on_progress;
  // What the store keeps as the run's config text: the settings as given.
  c.text = nlohmann::json({{"command", "play"},
                           {"game", game.game},
                           {"options", game.options},
                           {"set", overrides},
                           {"agents", cfg.agents},
                           {"seed", cfg.seed}})
               .dump();
  return c;
}

PlayReport run_play(const GameConfig& config, const std::vector<std::string>& overrides,
                    const MatchConfig& cfg) {
  check_match_config(cfg);
  const TournamentConfig tc = play_tournament_config(config, overrides, cfg);
  return with_game(config.game, [&]<Game G>() {
    const G game(resolve_options(G::option_specs(), config, overrides));
    return run_play(game, tc, cfg, [](const G& g, const std::string& spec) { return make_agent(g, spec); });
  });
}

}  // namespace qilab::experiments

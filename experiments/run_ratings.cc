#include "experiments/run_ratings.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "engine/core/error.h"
#include "engine/junqi/ladder.h"
#include "engine/registry.h"
#include "experiments/junqi_escapes.h"
#include "experiments/outcome.h"
#include "experiments/ratings.h"
#include "experiments/wilson.h"

namespace qilab::experiments {

namespace {

// Team of each seat for a record's game and options (cached per variant).
const std::vector<int>& teams_of(const GameRecord& r, const std::string& at,
                                 std::map<std::pair<std::string, std::string>, std::vector<int>>& cache) {
  auto key = std::make_pair(r.game, r.options.dump());
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  std::vector<int> teams = with_game(r.game, [&]<Game G>() {
    const G game(
        resolve_options(G::option_specs(), GameConfig{r.game, at + ": field 'options'", r.options}, {}));
    const auto s = game.initial_state();
    std::vector<int> t;
    for (Player p = 0; p < game.num_players(); ++p) t.push_back(s.team_of(p));
    return t;
  });
  return cache.emplace(key, std::move(teams)).first->second;
}

nlohmann::json fit_json(const RatingFit& f, const std::vector<std::string>& names,
                        const std::vector<std::int64_t>& games) {
  using nlohmann::json;
  json players = json::array();
  for (std::size_t i = 0; i < names.size(); ++i) {
    json row = {{"agent", names[i]}, {"games", games[i]}};
    if (f.fitted) {
      const double t = f.theta[i], se = f.se[i];
      row["theta"] = t;
      row["se"] = se;
      row["ci95"] = {t - kZ95 * se, t + kZ95 * se};
      row["elo"] = t * kEloPerNat;
      row["elo_ci95"] = {(t - kZ95 * se) * kEloPerNat, (t + kZ95 * se) * kEloPerNat};
    }
    players.push_back(std::move(row));
  }
  json out = {{"fitted", f.fitted}, {"players", std::move(players)}};
  if (!names.empty()) out["reference"] = names[static_cast<std::size_t>(f.reference)];
  if (f.fitted) {
    out["log_likelihood"] = f.log_likelihood;
    out["iterations"] = f.iterations;
  } else {
    std::string why = f.reason;
    // Name the agent rather than its number.
    for (std::size_t i = names.size(); i-- > 0;) {
      const std::string tag = "player " + std::to_string(i);
      const std::string name = "agent '" + names[i] + "'";
      for (auto pos = why.find(tag); pos != std::string::npos; pos = why.find(tag, pos + name.size()))
        why.replace(pos, tag.size(), name);
    }
    out["reason"] = why;
  }
  return out;
}

struct PerGame {
  std::vector<std::string> agents;
  std::map<std::string, int> index;
  std::vector<PairResult> pairs;
  std::vector<Placing> placings;
  std::vector<std::int64_t> pair_games, placing_games;
  std::int64_t games = 0, mixed = 0, one_agent = 0;
  // Junqi ladder, per agent.
  std::vector<junqi::ladder::Standing> ladder;
  std::vector<std::int64_t> ladder_games;
  int id(const std::string& a) {
    auto [it, fresh] = index.emplace(a, static_cast<int>(agents.size()));
    if (fresh) {
      agents.push_back(a);
      pair_games.push_back(0);
      placing_games.push_back(0);
      ladder.push_back({});
      ladder_games.push_back(0);
    }
    return it->second;
  }
};

bool is_junqi(const std::string& game) { return game == "junqi6" || game == "junqi4"; }

// One junqi game on the ladder, seat by seat (an agent in several seats takes each seat's
// points): `points` gives each seat's points at the game's stake.
template <class Points>
void ladder_game(PerGame& pg, const std::vector<int>& seat_agent, Points&& points) {
  std::vector<int> levels;
  for (int a : seat_agent) levels.push_back(pg.ladder[static_cast<std::size_t>(a)].level);
  const std::vector<std::int64_t> p = points(junqi::ladder::stake(levels));
  for (std::size_t s = 0; s < seat_agent.size(); ++s) {
    auto& st = pg.ladder[static_cast<std::size_t>(seat_agent[s])];
    st = junqi::ladder::after_game(st, p[s]);
    ++pg.ladder_games[static_cast<std::size_t>(seat_agent[s])];
  }
}

}  // namespace

nlohmann::json run_ratings(const RecordPasses& passes, const std::string& source) {
  using nlohmann::json;
  std::map<std::pair<std::string, std::string>, std::vector<int>> cache;
  std::vector<std::pair<std::string, PerGame>> games;
  std::size_t records = 0;
  bool escapes = false;  // a junqi game with an escape: the ladder is made again with the moves
  auto per_game = [&](const std::string& game) -> PerGame& {
    return std::find_if(games.begin(), games.end(), [&](const auto& x) { return x.first == game; })->second;
  };
  passes(false, [&](const std::vector<GameRecord>& batch) {
    for (const GameRecord& r : batch) {
      const std::size_t k = records++;
      const std::string at =
          source + ": record " + std::to_string(k + 1) + " (game index " + std::to_string(r.index) + ")";
      try {
        find_game(r.game);
      } catch (const Error& e) {
        throw Error(at + ": field 'game': " + e.what());
      }
      const std::vector<int>& teams = teams_of(r, at, cache);
      if (r.returns.size() != teams.size())
        throw Error(at + ": field 'returns' has " + std::to_string(r.returns.size()) + " values, expected " +
                    std::to_string(teams.size()) + " (one per seat)");
      if (r.agents.size() != teams.size())
        throw Error(at + ": field 'agents' has " + std::to_string(r.agents.size()) + " names, expected " +
                    std::to_string(teams.size()) + " (one per seat)");
      auto g = std::find_if(games.begin(), games.end(), [&](const auto& x) { return x.first == r.game; });
      if (g == games.end()) {
        games.push_back({r.game, {}});
        g = games.end() - 1;
      }
      PerGame& pg = g->second;
      ++pg.games;
      std::vector<int> seat_agent;
      for (const auto& a : r.agents) seat_agent.push_back(pg.id(a));

      // Junqi: the ladder, from the returns; a game with an escape needs its moves (below).
      if (is_junqi(r.game)) {
        if (has_escape(r))
          escapes = true;
        else
          ladder_game(pg, seat_agent,
                      [&](std::int64_t stake) { return junqi::ladder::game_points(r.returns, stake); });
      }

      // Sides: one agent each, or the game is left out.
      const int sides = *std::max_element(teams.begin(), teams.end()) + 1;
      std::vector<int> side_agent(static_cast<std::size_t>(sides), -1);
      std::vector<double> side_return(static_cast<std::size_t>(sides));
      bool mixed = false;
      for (std::size_t s = 0; s < teams.size(); ++s) {
        int& a = side_agent[static_cast<std::size_t>(teams[s])];
        if (a >= 0 && a != seat_agent[s]) mixed = true;
        a = seat_agent[s];
        side_return[static_cast<std::size_t>(teams[s])] = r.returns[s];
      }
      if (mixed) {
        ++pg.mixed;
        continue;
      }
      if (std::all_of(side_agent.begin(), side_agent.end(), [&](int a) { return a == side_agent[0]; })) {
        ++pg.one_agent;
        continue;
      }
      if (sides == 2) {
        const auto outcomes = seat_outcomes(r.returns, teams);
        // Seat of side 0: its outcome is the side's.
        const std::size_t s0 =
            static_cast<std::size_t>(std::find(teams.begin(), teams.end(), 0) - teams.begin());
        const double score = outcomes[s0] == Outcome::kWin ? 1.0 : outcomes[s0] == Outcome::kDraw ? 0.5 : 0.0;
        pg.pairs.push_back({side_agent[0], side_agent[1], score});
        ++pg.pair_games[static_cast<std::size_t>(side_agent[0])];
        ++pg.pair_games[static_cast<std::size_t>(side_agent[1])];
      } else {
        // Sides ordered by return, best first; equal returns tie.
        std::vector<int> order(static_cast<std::size_t>(sides));
        for (int t = 0; t < sides; ++t) order[static_cast<std::size_t>(t)] = t;
        std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
          return side_return[static_cast<std::size_t>(x)] > side_return[static_cast<std::size_t>(y)];
        });
        Placing pl;
        for (std::size_t i = 0; i < order.size(); ++i) {
          const auto t = static_cast<std::size_t>(order[i]);
          if (i == 0 || side_return[t] != side_return[static_cast<std::size_t>(order[i - 1])])
            pl.groups.emplace_back();
          pl.groups.back().push_back(side_agent[t]);
        }
        pg.placings.push_back(std::move(pl));
        std::vector<bool> seen(pg.agents.size());
        for (int a : side_agent)
          if (!seen[static_cast<std::size_t>(a)]) {
            seen[static_cast<std::size_t>(a)] = true;
            ++pg.placing_games[static_cast<std::size_t>(a)];
          }
      }
    }
  });

  // The seed's escape penalties are charged at the position of each escape (junqi_escapes.h):
  // the junqi ladders made again, in record order, with the moves.
  if (escapes) {
    for (auto& [id, pg] : games) {
      std::fill(pg.ladder.begin(), pg.ladder.end(), junqi::ladder::Standing{});
      std::fill(pg.ladder_games.begin(), pg.ladder_games.end(), 0);
    }
    std::size_t k = 0;
    passes(true, [&](const std::vector<GameRecord>& batch) {
      for (const GameRecord& r : batch) {
        const std::string at =
            source + ": record " + std::to_string(++k) + " (game index " + std::to_string(r.index) + ")";
        if (!is_junqi(r.game)) continue;
        PerGame& pg = per_game(r.game);
        std::vector<int> seat_agent;
        for (const auto& a : r.agents) {
          const auto it = pg.index.find(a);
          if (it == pg.index.end()) throw Error(at + ": the records changed between the ratings' two passes");
          seat_agent.push_back(it->second);
        }
        ladder_game(pg, seat_agent, [&](std::int64_t stake) {
          return has_escape(r) ? escape_ladder_points(r, stake, at)
                               : junqi::ladder::game_points(r.returns, stake);
        });
      }
    });
  }

  json out = json::array();
  for (auto& [id, pg] : games) {
    const int n = static_cast<int>(pg.agents.size());
    json g = {{"game", id},
              {"games", pg.games},
              {"left_out", {{"mixed_sides", pg.mixed}, {"one_agent_on_every_side", pg.one_agent}}},
              {"agents", pg.agents}};
    g["bradley_terry"] =
        pg.pairs.empty() ? json(nullptr) : fit_json(fit_bradley_terry(n, pg.pairs), pg.agents, pg.pair_games);
    if (!pg.pairs.empty()) g["bradley_terry"]["games"] = pg.pairs.size();
    g["plackett_luce"] = pg.placings.empty()
                             ? json(nullptr)
                             : fit_json(fit_plackett_luce(n, pg.placings), pg.agents, pg.placing_games);
    if (!pg.placings.empty()) g["plackett_luce"]["games"] = pg.placings.size();
    if (id == "junqi6" || id == "junqi4") {
      json ladder = json::array();
      for (int a = 0; a < n; ++a) {
        const auto& st = pg.ladder[static_cast<std::size_t>(a)];
        ladder.push_back(
            {{"agent", pg.agents[static_cast<std::size_t>(a)]},
             {"level", st.level},
             {"title", std::string(junqi::ladder::kLevelNames[static_cast<std::size_t>(st.level)])},
             {"points", st.points},
             {"seat_games", pg.ladder_games[static_cast<std::size_t>(a)]}});
      }
      g["junqi_ladder"] = std::move(ladder);
    }
    out.push_back(std::move(g));
  }
  return {{"records", records}, {"games", std::move(out)}};
}

nlohmann::json run_ratings(const std::vector<GameRecord>& records, const std::string& source) {
  return run_ratings(passes_over(records), source);
}

namespace {

std::string fit_text(const char* title, const nlohmann::json& f) {
  if (f.is_null()) return {};
  std::string out = fmt::format("{} ({} games, reference {}):\n", title, f["games"].get<std::int64_t>(),
                                f.value("reference", std::string("-")));
  if (!f["fitted"].get<bool>()) return out + "  " + f["reason"].get<std::string>() + "\n";
  out += fmt::format("  {:<24} {:>8} {:>20} {:>8} {:>9}\n", "agent", "elo", "(95% CI)", "theta", "games");
  for (const auto& p : f["players"]) {
    const bool has_se = p["se"].is_number();
    out += fmt::format(
        "  {:<24} {:>8.1f} {:>20} {:>8.3f} {:>9}\n", p["agent"].get<std::string>(), p["elo"].get<double>(),
        has_se
            ? fmt::format("[{:.1f}, {:.1f}]", p["elo_ci95"][0].get<double>(), p["elo_ci95"][1].get<double>())
            : std::string("not determined"),
        p["theta"].get<double>(), p["games"].get<std::int64_t>());
  }
  return out;
}

}  // namespace

std::string format_ratings(const nlohmann::json& ratings) {
  std::string out;
  for (const auto& g : ratings["games"]) {
    out += fmt::format("== {}: {} games ({} with a mixed side, {} with one agent on every side left out)\n",
                       g["game"].get<std::string>(), g["games"].get<std::int64_t>(),
                       g["left_out"]["mixed_sides"].get<std::int64_t>(),
                       g["left_out"]["one_agent_on_every_side"].get<std::int64_t>());
    out += fit_text("Bradley-Terry, two sides", g["bradley_terry"]);
    out += fit_text("Plackett-Luce, three or more sides", g["plackett_luce"]);
    if (g.contains("junqi_ladder")) {
      out += "junqi ladder (seed's 计分方法, replayed in record order):\n";
      for (const auto& l : g["junqi_ladder"])
        out +=
            fmt::format("  {:<24} {} (level {}), {} points, {} seat-games\n", l["agent"].get<std::string>(),
                        l["title"].get<std::string>(), l["level"].get<int>(), l["points"].get<std::int64_t>(),
                        l["seat_games"].get<std::int64_t>());
    }
    out += '\n';
  }
  return out;
}

}  // namespace qilab::experiments

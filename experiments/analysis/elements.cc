#include "experiments/analysis/elements.h"

#include <algorithm>
#include <vector>

namespace qilab::experiments {

namespace {

void add(std::map<std::string, ElementsAnalysis::Tally>& to,
         const std::vector<std::pair<std::string, int>>& picks, const int result[2]) {
  // picks: (name, side); result[side]: 1 won, 0 drew, -1 lost.
  std::map<std::string, std::array<std::int64_t, 3>> game;  // name -> picks, wins, draws
  for (const auto& [name, side] : picks) {
    auto& g = game[name];
    ++g[0];
    g[1] += result[side] > 0;
    g[2] += result[side] == 0;
  }
  for (const auto& [name, g] : game) {
    to[name].win.add(g[0], g[1]);
    to[name].draw.add(g[0], g[2]);
  }
}

void merge_counts(ClusterCounts& a, const ClusterCounts& b) {
  a.clusters += b.clusters;
  a.trials += b.trials;
  a.successes += b.successes;
  a.trials_sq += b.trials_sq;
  a.successes_sq += b.successes_sq;
  a.cross += b.cross;
}

nlohmann::json rows(const std::map<std::string, ElementsAnalysis::Tally>& m, std::int64_t games,
                    const char* key) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [name, t] : m) {
    const Interval w = cluster_wilson_interval(t.win);
    const double n = static_cast<double>(t.win.trials);
    out.push_back({{key, name},
                   {"picked_in", games_rate(t.win.clusters, games)},
                   {"sides", t.win.trials},
                   {"wins", t.win.successes},
                   {"draws", t.draw.successes},
                   {"win_rate", n > 0 ? static_cast<double>(t.win.successes) / n : 0.0},
                   {"win_ci95", {w.lo, w.hi}},
                   {"effective_n", effective_trials(t.win)}});
  }
  return out;
}

}  // namespace

Ending ElementsAnalysis::end(const elements::State& s, const GameRecord&, std::span<const Outcome> outcomes) {
  ++games;
  int result[2] = {-1, -1};
  for (std::size_t p = 0; p < outcomes.size(); ++p) {
    const int side = s.team_of(static_cast<Player>(p));
    if (outcomes[p] == Outcome::kWin)
      result[side] = 1;
    else if (outcomes[p] == Outcome::kDraw)
      result[side] = std::max(result[side], 0);
  }
  std::vector<std::pair<std::string, int>> picks, duos;
  std::array<std::vector<std::string>, 2> by_side;
  for (int i = 0; i < s.heroes(); ++i) {
    picks.emplace_back(s.spec(i).id, i % 2);
    by_side[static_cast<std::size_t>(i % 2)].push_back(s.spec(i).id);
  }
  for (int side = 0; side < 2; ++side) {
    auto& ids = by_side[static_cast<std::size_t>(side)];
    std::sort(ids.begin(), ids.end());
    for (std::size_t a = 0; a < ids.size(); ++a)
      for (std::size_t b = a + 1; b < ids.size(); ++b) duos.emplace_back(ids[a] + "+" + ids[b], side);
  }
  add(heroes, picks, result);
  add(pairs, duos, result);
  Ending e;
  if (!s.is_terminal()) {
    e = kForfeitEnding;
  } else if (s.base_hp(0) == 0 || s.base_hp(1) == 0) {
    e = {"base_destroyed", false};
  } else {
    e = {s.winner() == 2 ? "round_cap_draw" : "round_cap_by_base_hp", true};
  }
  bump(endings, e.kind);
  return e;
}

void ElementsAnalysis::merge(const ElementsAnalysis& o) {
  games += o.games;
  for (const auto& [k, t] : o.heroes) {
    merge_counts(heroes[k].win, t.win);
    merge_counts(heroes[k].draw, t.draw);
  }
  for (const auto& [k, t] : o.pairs) {
    merge_counts(pairs[k].win, t.win);
    merge_counts(pairs[k].draw, t.draw);
  }
  for (const auto& [k, n] : o.endings) bump(endings, k, n);
}

nlohmann::json ElementsAnalysis::to_json() const {
  nlohmann::json ends = nlohmann::json::object();
  for (const auto& [k, n] : endings) ends[k] = games_rate(n, games);
  return {
      {"games", games},
      {"heroes", rows(heroes, games, "hero")},
      {"pairs", rows(pairs, games, "pair")},
      {"endings", std::move(ends)},
      {"intervals", "win rates per side fielding the hero (or pair); 95% Wilson intervals counted by game"}};
}

}  // namespace qilab::experiments

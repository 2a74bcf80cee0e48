#include "apps/qilab/report_moments.h"

#include <algorithm>
#include <limits>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/core/svg.h"
#include "engine/registry.h"
#include "experiments/outcome.h"

namespace qilab::cli {
namespace {

struct Candidate {
  GameRecord record;  // without notation and stats
  int winner_team = -1;
  std::int64_t lead_changes = 0;
  std::int64_t positions = 0;
  bool turning = false;  // the winner took the lead for good at `ply` (else: its largest swing)
  std::size_t ply = 0;   // the action drawn (the board after it)
  double before = 0, after = 0;
};

// The winner's margin over the best other team, from evaluate() (a team's value: its best seat).
double margin(const AnyState& s, const std::vector<int>& teams, int winner_team, int* leader) {
  const Values v = s.evaluate();
  const int num_teams = *std::max_element(teams.begin(), teams.end()) + 1;
  std::vector<double> team(static_cast<std::size_t>(num_teams), -std::numeric_limits<double>::infinity());
  for (std::size_t p = 0; p < teams.size(); ++p)
    team[static_cast<std::size_t>(teams[p])] = std::max(team[static_cast<std::size_t>(teams[p])], v[p]);
  double best_other = -std::numeric_limits<double>::infinity();
  int lead = 0;
  bool tie = false;
  for (int t = 0; t < num_teams; ++t) {
    const double x = team[static_cast<std::size_t>(t)];
    if (t != winner_team) best_other = std::max(best_other, x);
    if (t == 0) continue;
    if (x > team[static_cast<std::size_t>(lead)]) {
      lead = t;
      tie = false;
    } else if (x == team[static_cast<std::size_t>(lead)]) {
      tie = true;
    }
  }
  *leader = tie ? -1 : lead;
  return team[static_cast<std::size_t>(winner_team)] - best_other;
}

// The game each record was played with, built once per game and options while at most
// kKept are held (a run drawing options per game has as many variants as games).
class Games {
 public:
  const AnyGame& of(const GameRecord& r) {
    std::string key = r.game + " " + r.options.dump();
    if (games_.size() >= kKept && !games_.contains(key)) games_.clear();
    auto& game = games_[std::move(key)];
    if (!game) {
      GameConfig config;
      config.game = r.game;
      config.source = fmt::format("game {} of the run", r.index);
      config.options = r.options;
      game = make_any_game(config);
    }
    return *game;
  }

 private:
  static constexpr std::size_t kKept = 64;
  std::map<std::string, std::unique_ptr<AnyGame>> games_;
};

// The winning team of a decided game (one team alone at the top return), else -1.
int winning_team(const GameRecord& r, const std::vector<int>& teams) {
  if (r.returns.size() != teams.size()) return -1;
  const auto outcomes = experiments::seat_outcomes(r.returns, teams);
  for (std::size_t p = 0; p < outcomes.size(); ++p)
    if (outcomes[p] == experiments::Outcome::kWin) return teams[p];
  return -1;
}

// The game replayed with the evaluator: where the winner took the lead for good, or its
// largest swing.
Candidate replayed(const AnyGame& game, const GameRecord& record, int winner_team) {
  const std::vector<int> teams = game.teams();
  auto s = game.initial_state();
  Candidate c{record, winner_team};
  // The margin and the leader at every position, the start included.
  std::vector<double> margins;
  std::vector<int> leaders;
  int leader = -1;
  margins.push_back(margin(*s, teams, winner_team, &leader));
  leaders.push_back(leader);
  for (const Action a : record.actions) {
    s->apply(a);
    margins.push_back(margin(*s, teams, winner_team, &leader));
    leaders.push_back(leader);
  }
  int last_leader = -1;
  std::size_t last_behind = margins.size();  // none
  for (std::size_t p = 0; p < leaders.size(); ++p) {
    if (leaders[p] >= 0) {
      if (last_leader >= 0 && leaders[p] != last_leader) ++c.lead_changes;
      last_leader = leaders[p];
    }
    if (leaders[p] != winner_team) last_behind = p;
  }
  if (last_behind + 1 < margins.size()) {
    c.turning = true;  // the action from position last_behind on gave the winner the lead for good
    c.ply = last_behind;
  } else {
    for (std::size_t k = 0; k + 1 < margins.size(); ++k)
      if (margins[k + 1] - margins[k] > margins[c.ply + 1] - margins[c.ply]) c.ply = k;
  }
  if (!record.actions.empty()) {
    c.before = margins[c.ply];
    c.after = margins[c.ply + 1];
  }
  c.positions = static_cast<std::int64_t>(record.actions.size()) + 1;
  return c;
}

}  // namespace

nlohmann::json decisive_moments(const experiments::RecordPasses& passes, const MomentOptions& options) {
  Games games;
  // First pass, without moves: how many games were decided.
  std::size_t n = 0;
  passes(false, [&](const std::vector<GameRecord>& batch) {
    for (const auto& r : batch)
      if (winning_team(r, games.of(r).teams()) >= 0) ++n;
  });
  // Second pass: the decided games k * n / scan (k < scan), evenly over the run, replayed.
  const std::size_t scan = std::min(n, options.scanned);
  std::vector<Candidate> candidates;
  std::size_t decided = 0, k = 0;
  passes(true, [&](const std::vector<GameRecord>& batch) {
    for (const auto& r : batch) {
      if (k == scan) return;
      const AnyGame& game = games.of(r);
      const int winner_team = winning_team(r, game.teams());
      if (winner_team < 0) continue;
      if (decided++ != k * n / scan) continue;
      ++k;
      if (!r.actions.empty()) candidates.push_back(replayed(game, r, winner_team));
    }
  });
  if (k != scan)
    throw Error(fmt::format("the run's records changed while the report read them: {} decided games, then {}",
                            n, decided));
  // Games with a turning point first, then the most lead changes, the larger swing, the earlier game.
  std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    if (a.turning != b.turning) return a.turning;
    if (a.lead_changes != b.lead_changes) return a.lead_changes > b.lead_changes;
    return a.after - a.before > b.after - b.before;
  });
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t i = 0; i < std::min(options.moments, candidates.size()); ++i) {
    const Candidate& c = candidates[i];
    const GameRecord& r = c.record;
    auto s = games.of(r).initial_state();
    for (std::size_t ply = 0; ply < c.ply; ++ply) s->apply(r.actions[ply]);
    const Player mover = s->current_player();
    const std::string move = s->action_to_string(r.actions[c.ply]);
    s->apply(r.actions[c.ply]);
    out.push_back({{"game", r.game},
                   {"index", r.index},
                   {"ply", c.ply + 1},
                   {"mover", mover == kChancePlayer ? -1 : mover},
                   {"move", move},
                   {"rule", c.turning ? "took the lead for good" : "largest swing"},
                   {"winner_team", c.winner_team},
                   {"agents", r.agents},
                   {"returns", r.returns},
                   {"margin_before", c.before},
                   {"margin_after", c.after},
                   {"swing", c.after - c.before},
                   {"lead_changes", c.lead_changes},
                   {"positions", c.positions},
                   {"scanned", scan},
                   {"svg", s->render_svg(svg::kReferee)}});
  }
  return out;
}

}  // namespace qilab::cli

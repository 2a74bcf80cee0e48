#include "experiments/run_tables.h"

#include <algorithm>
#include <array>
#include <utility>

#include <fmt/format.h>

#include "engine/core/error.h"
#include "experiments/analysis/counts.h"
#include "experiments/chi_square.h"
#include "experiments/outcome.h"

namespace qilab::experiments {

namespace {

int count_teams(const std::vector<int>& teams) {
  int n = 0;
  for (int t : teams) n = std::max(n, t + 1);
  return n;
}

double ratio(double a, std::int64_t n) { return n > 0 ? a / static_cast<double>(n) : 0.0; }

}  // namespace

RunTables::RunTables(std::vector<int> teams, std::vector<std::string> agents, bool endings_known)
    : teams_(std::move(teams)),
      teams_count_(count_teams(teams_)),
      endings_known_(endings_known),
      balance_(static_cast<int>(teams_.size()), agents, teams_),
      team_tallies_(static_cast<std::size_t>(teams_count_)),
      team_wins_(static_cast<std::size_t>(teams_count_)),
      team_score_(static_cast<std::size_t>(teams_count_)),
      first_mover_seat_(teams_.size()) {}

void RunTables::add(const GameRow& row) {
  const std::size_t seats = teams_.size();
  if (row.returns.size() != seats || row.agents.size() != seats)
    throw Error("stats: a game with " + std::to_string(row.returns.size()) + " returns and " +
                std::to_string(row.agents.size()) + " agents, expected " + std::to_string(seats) +
                " of each");
  if (row.first_mover < 0 || static_cast<std::size_t>(row.first_mover) >= seats)
    throw Error("stats: first mover seat " + std::to_string(row.first_mover) + " is not a seat");
  const auto outcomes = seat_outcomes(row.returns, teams_);
  balance_.add(GameResult{row.returns, row.agents, row.length});

  // Per team: its seats' outcomes (allies share one) and returns.
  std::vector<std::array<std::int64_t, 3>> wdl(static_cast<std::size_t>(teams_count_));
  std::vector<double> returns(static_cast<std::size_t>(teams_count_));
  for (std::size_t s = 0; s < seats; ++s) {
    const auto t = static_cast<std::size_t>(teams_[s]);
    ++wdl[t][static_cast<std::size_t>(outcomes[s])];
    returns[t] += row.returns[s];
  }
  int winner = -1, sharing = 0;
  for (int t = 0; t < teams_count_; ++t) {
    const auto& c = wdl[static_cast<std::size_t>(t)];
    team_tallies_[static_cast<std::size_t>(t)].add_game(c[0], c[1], c[2],
                                                        returns[static_cast<std::size_t>(t)]);
    if (c[0] > 0) winner = t;
    if (c[1] > 0) ++sharing;
  }
  // Each team's share of the game: 1 to a lone winner, 1/m to each of m teams sharing the top.
  std::vector<double> share(static_cast<std::size_t>(teams_count_));
  for (int t = 0; t < teams_count_; ++t) {
    const auto& c = wdl[static_cast<std::size_t>(t)];
    share[static_cast<std::size_t>(t)] = c[0] > 0 ? 1.0 : c[1] > 0 ? 1.0 / sharing : 0.0;
    team_score_[static_cast<std::size_t>(t)] += share[static_cast<std::size_t>(t)];
  }
  ++games_;
  const bool timeout = endings_known_ && row.ending.timeout;
  if (winner >= 0) {
    ++decided_;
    ++team_wins_[static_cast<std::size_t>(winner)];
  } else if (!timeout) {
    ++drawn_not_timeout_;
  }
  timeouts_ += timeout;

  const int first_team = teams_[static_cast<std::size_t>(row.first_mover)];
  ++first_mover_seat_[static_cast<std::size_t>(row.first_mover)];
  first_wins_ += winner == first_team;
  first_draws_ += wdl[static_cast<std::size_t>(first_team)][1] > 0;
  first_score_ += share[static_cast<std::size_t>(first_team)];
  length_sum_ += row.length;
  decisions_sum_ += row.decisions;

  const TraceFacts& tr = row.trace;
  if (tr.traced) {
    ++traced_;
    trace_decisions_ += tr.decisions;
    trace_legal_ += tr.legal;
    lead_change_rate_sum_ +=
        ratio(static_cast<double>(tr.lead_changes), std::max<std::int64_t>(1, tr.positions - 1));
    if (winner >= 0) {
      ++traced_decided_;
      drama_sum_ += tr.drama;
      behind_rate_sum_ += ratio(static_cast<double>(tr.behind), tr.positions);
      decisiveness_sum_ += ratio(static_cast<double>(tr.settled), tr.positions);
    }
  }
}

nlohmann::json RunTables::to_json() const {
  using nlohmann::json;
  json by_team = json::array();
  for (int t = 0; t < teams_count_; ++t) {
    json row = team_tallies_[static_cast<std::size_t>(t)].to_json();
    json seats = json::array();
    for (std::size_t s = 0; s < teams_.size(); ++s)
      if (teams_[s] == t) seats.push_back(s);
    row["team"] = t;
    row["seats"] = std::move(seats);
    row["team_games"] = games_;
    by_team.push_back(std::move(row));
  }

  const bool seats_are_teams = teams_count_ == static_cast<int>(teams_.size());
  const ChiSquareTest chi = chi_square_equal(team_wins_);
  json equality = {
      {"tests",
       seats_are_teams ? "every seat equally likely to win" : "every team (side) equally likely to win"},
      {"observations", "games with one winning team; each game counts once (draws left out)"},
      {"categories", seats_are_teams ? "seat" : "team"},
      {"wins", team_wins_},
      {"games", chi.n},
      {"left_out", games_ - chi.n},
      {"expected_per_category", teams_count_ > 0 ? static_cast<double>(chi.n) / teams_count_ : 0.0},
      {"statistic", chi.statistic},
      {"df", chi.df},
      {"p_value", chi.p_value},
      {"method", chi.method}};

  const double equal_share = teams_count_ > 0 ? 1.0 / teams_count_ : 0.0;
  const Interval first_ci = wilson_interval(first_wins_, decided_);
  json first = {
      {"games", games_},
      {"by_seat", first_mover_seat_},
      {"win", games_rate(first_wins_, games_)},
      {"draw", games_rate(first_draws_, games_)},
      {"decided_games", decided_},
      {"win_given_decided", ratio(static_cast<double>(first_wins_), decided_)},
      {"equal_share", equal_share},
      {"advantage", decided_ > 0 ? ratio(static_cast<double>(first_wins_), decided_) - equal_share : 0.0},
      {"advantage_ci95", {first_ci.lo - equal_share, first_ci.hi - equal_share}}};

  double lo = 1, hi = 0;
  json scores = json::array();
  for (double s : team_score_) {
    const double r = ratio(s, games_);
    lo = std::min(lo, r);
    hi = std::max(hi, r);
    scores.push_back(r);
  }
  json metrics = {
      {"games", games_},
      {"balance",
       {{"value", games_ > 0 ? 1.0 - (hi - lo) : 0.0},
        {"team_scores", std::move(scores)},
        {"games", games_}}},
      {"advantage_p1", {{"value", ratio(first_score_, games_)}, {"games", games_}}},
      {"completion", games_rate(decided_, games_)},
      {"drawishness", games_rate(drawn_not_timeout_, games_)},
      {"timeouts", endings_known_ ? games_rate(timeouts_, games_) : json(nullptr)},
      {"duration",
       {{"actions", ratio(static_cast<double>(length_sum_), games_)},
        {"decisions", ratio(static_cast<double>(decisions_sum_), games_)},
        {"games", games_}}},
      {"branching_factor",
       {{"value", ratio(static_cast<double>(trace_legal_), trace_decisions_)},
        {"decisions", trace_decisions_},
        {"games", traced_}}},
      {"decisiveness", {{"value", ratio(decisiveness_sum_, traced_decided_)}, {"games", traced_decided_}}},
      {"lead_changes", {{"value", ratio(lead_change_rate_sum_, traced_)}, {"games", traced_}}},
      {"drama",
       {{"value", ratio(drama_sum_, traced_decided_)},
        {"behind", ratio(behind_rate_sum_, traced_decided_)},
        {"games", traced_decided_}}}};

  return {{"games", games_},
          {"teams", teams_},
          {"balance", balance_.to_json()},
          {"by_team", std::move(by_team)},
          {"seat_equality", std::move(equality)},
          {"first_mover", std::move(first)},
          {"outcome_metrics", std::move(metrics)}};
}

namespace {

std::string ci(const nlohmann::json& r) {
  return fmt::format("[{:.3f}, {:.3f}]", r["ci95"][0].get<double>(), r["ci95"][1].get<double>());
}

std::string tally_row(const std::string& label, const nlohmann::json& t) {
  return fmt::format("{:<16} {:>10} {:>8}  {:>5.3f} {:<15}  {:>5.3f} {:<15}  {:>5.3f} {:<15}\n", label,
                     t["games"].get<std::int64_t>(), t["in_games"].get<std::int64_t>(),
                     t["win"]["rate"].get<double>(), ci(t["win"]), t["draw"]["rate"].get<double>(),
                     ci(t["draw"]), t["loss"]["rate"].get<double>(), ci(t["loss"]));
}

std::string header(const char* first) {
  return fmt::format("{:<16} {:>10} {:>8}  {:>5} {:<15}  {:>5} {:<15}  {:>5} {:<15}\n", first, "seat-games",
                     "games", "win", "(95% CI)", "draw", "(95% CI)", "loss", "(95% CI)");
}

std::string rate_text(const nlohmann::json& r) {
  if (r.is_null()) return "not known";
  return fmt::format("{:.3f} {} ({} of {} games)", r["rate"].get<double>(), ci(r),
                     r["count"].get<std::int64_t>(), r["games"].get<std::int64_t>());
}

}  // namespace

std::string format_tables(const nlohmann::json& t) {
  std::string out;
  const auto& b = t["balance"];
  out += header("seat");
  for (const auto& r : b["by_seat"]) out += tally_row(std::to_string(r["seat"].get<int>()), r);
  out += '\n' + header("team");
  for (const auto& r : t["by_team"]) {
    std::string seats;
    for (const auto& s : r["seats"]) seats += fmt::format("{}{}", seats.empty() ? "" : ",", s.get<int>());
    out += tally_row(fmt::format("{} (seats {})", r["team"].get<int>(), seats), r);
  }
  out += '\n' + header("agent");
  for (const auto& r : b["by_agent"]) out += tally_row(r["agent"].get<std::string>(), r);
  out += "intervals: 95% Wilson, counted by game (a game's seats are not independent trials)\n\n";

  const auto& eq = t["seat_equality"];
  const std::string method = eq.value("method", std::string("Pearson chi-square"));
  out += fmt::format(
      "{} equality: chi-square {:.3f}, df {}, p = {:.4g} over {} games with one winner ({} left out); "
      "expected wins per {} {:.3g}{}\n",
      eq["categories"].get<std::string>(), eq["statistic"].get<double>(), eq["df"].get<int>(),
      eq["p_value"].get<double>(), eq["games"].get<std::int64_t>(), eq["left_out"].get<std::int64_t>(),
      eq["categories"].get<std::string>(), eq["expected_per_category"].get<double>(),
      method == "exact multinomial"    ? ", under 5: p from the exact multinomial test"
      : method == "Pearson chi-square" ? ""
                                       : ", under 5: p approximate");
  const auto& fm = t["first_mover"];
  out += fmt::format(
      "first mover: wins {}; advantage over the equal share {:.3f}: {:+.3f} [{:+.3f}, {:+.3f}] ({} decided "
      "games)\n\n",
      rate_text(fm["win"]), fm["equal_share"].get<double>(), fm["advantage"].get<double>(),
      fm["advantage_ci95"][0].get<double>(), fm["advantage_ci95"][1].get<double>(),
      fm["decided_games"].get<std::int64_t>());
  const auto& m = t["outcome_metrics"];
  out += "outcome metrics (Ludii):\n";
  out += fmt::format("  balance        {:.3f} ({} games)\n", m["balance"]["value"].get<double>(),
                     m["balance"]["games"].get<std::int64_t>());
  out += fmt::format("  advantage P1   {:.3f} ({} games)\n", m["advantage_p1"]["value"].get<double>(),
                     m["advantage_p1"]["games"].get<std::int64_t>());
  out += "  completion     " + rate_text(m["completion"]) + "\n";
  out += "  drawishness    " + rate_text(m["drawishness"]) + "\n";
  out += "  timeouts       " + rate_text(m["timeouts"]) + "\n";
  out += fmt::format("  duration       {:.1f} actions, {:.1f} decisions ({} games)\n",
                     m["duration"]["actions"].get<double>(), m["duration"]["decisions"].get<double>(),
                     m["duration"]["games"].get<std::int64_t>());
  out += fmt::format("  branching      {:.2f} ({} decisions in {} traced games)\n",
                     m["branching_factor"]["value"].get<double>(),
                     m["branching_factor"]["decisions"].get<std::int64_t>(),
                     m["branching_factor"]["games"].get<std::int64_t>());
  out +=
      fmt::format("  decisiveness   {:.3f} ({} traced decided games)\n",
                  m["decisiveness"]["value"].get<double>(), m["decisiveness"]["games"].get<std::int64_t>());
  out +=
      fmt::format("  lead changes   {:.4f} per position ({} traced games)\n",
                  m["lead_changes"]["value"].get<double>(), m["lead_changes"]["games"].get<std::int64_t>());
  out +=
      fmt::format("  drama          {:.4f}, winner behind in {:.3f} of positions ({} traced decided games)\n",
                  m["drama"]["value"].get<double>(), m["drama"]["behind"].get<double>(),
                  m["drama"]["games"].get<std::int64_t>());
  return out;
}

}  // namespace qilab::experiments

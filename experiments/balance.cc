#include "experiments/balance.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "experiments/wilson.h"

namespace qilab::experiments {

const char* const kIntervals =
    "95% Wilson score intervals counted by game: an agent's seats in one game are one cluster, "
    "on the effective number of games of the cluster-robust variance (experiments/wilson.h)";

namespace {

nlohmann::json rate(const ClusterCounts& c) {
  const Interval ci = cluster_wilson_interval(c);
  return {{"count", c.successes},
          {"rate", c.trials > 0 ? static_cast<double>(c.successes) / static_cast<double>(c.trials) : 0.0},
          {"ci95", {ci.lo, ci.hi}},
          {"effective_n", effective_trials(c)}};
}

}  // namespace

void Tally::add_game(std::int64_t wins, std::int64_t draws, std::int64_t losses, double returns) {
  const std::int64_t seats = wins + draws + losses;
  win.add(seats, wins);
  draw.add(seats, draws);
  loss.add(seats, losses);
  return_sum += returns;
}

nlohmann::json Tally::to_json() const {
  const std::int64_t n = seat_games();
  return {{"games", n},         {"in_games", win.clusters},
          {"win", rate(win)},   {"draw", rate(draw)},
          {"loss", rate(loss)}, {"mean_return", n > 0 ? return_sum / static_cast<double>(n) : 0.0}};
}

Balance::Balance(int seats, const std::vector<std::string>& agents, std::vector<int> teams)
    : seats_(static_cast<std::size_t>(seats)), teams_(std::move(teams)) {
  for (const auto& a : agents)
    if (std::find(agent_names_.begin(), agent_names_.end(), a) == agent_names_.end())
      agent_names_.push_back(a);
  agents_.resize(agent_names_.size());
}

void Balance::add(const GameResult& g) {
  const auto outcomes = seat_outcomes(g.returns, teams_);
  bool decided = false;
  // Per agent, this game's seats: wins, draws, losses, returns; added as one cluster below.
  struct Held {
    std::int64_t outcome[3] = {0, 0, 0};  // indexed by Outcome
    double returns = 0;
  };
  std::vector<Held> held(agents_.size());
  for (std::size_t s = 0; s < outcomes.size() && s < seats_.size(); ++s) {
    const auto o = static_cast<std::size_t>(outcomes[s]);
    Held one;
    one.outcome[o] = 1;
    seats_[s].add_game(one.outcome[0], one.outcome[1], one.outcome[2], g.returns[s]);
    decided = decided || outcomes[s] == Outcome::kWin;
    auto it = std::find(agent_names_.begin(), agent_names_.end(), g.agents[s]);
    if (it == agent_names_.end()) continue;
    Held& h = held[static_cast<std::size_t>(it - agent_names_.begin())];
    ++h.outcome[o];
    h.returns += g.returns[s];
  }
  for (std::size_t a = 0; a < held.size(); ++a) {
    const Held& h = held[a];
    if (h.outcome[0] + h.outcome[1] + h.outcome[2] > 0)
      agents_[a].add_game(h.outcome[0], h.outcome[1], h.outcome[2], h.returns);
  }
  length_min_ = games_ == 0 ? g.length : std::min(length_min_, g.length);
  length_max_ = games_ == 0 ? g.length : std::max(length_max_, g.length);
  length_sum_ += g.length;
  ++games_;
  decisive_ += decided ? 1 : 0;
}

nlohmann::json Balance::to_json() const {
  nlohmann::json by_seat = nlohmann::json::array();
  for (std::size_t s = 0; s < seats_.size(); ++s) {
    auto j = seats_[s].to_json();
    j["seat"] = s;
    by_seat.push_back(std::move(j));
  }
  nlohmann::json by_agent = nlohmann::json::array();
  for (std::size_t a = 0; a < agents_.size(); ++a) {
    auto j = agents_[a].to_json();
    j["agent"] = agent_names_[a];
    by_agent.push_back(std::move(j));
  }
  return {{"games", games_},
          {"decisive", decisive_},
          {"drawn", games_ - decisive_},
          {"length",
           {{"unit", "actions"},
            {"mean", games_ > 0 ? static_cast<double>(length_sum_) / static_cast<double>(games_) : 0.0},
            {"min", length_min_},
            {"max", length_max_}}},
          {"by_seat", std::move(by_seat)},
          {"by_agent", std::move(by_agent)},
          {"intervals", kIntervals}};
}

namespace {

std::string tally_row(const std::string& label, const nlohmann::json& t) {
  auto ci = [](const nlohmann::json& r) {
    return fmt::format("[{:.3f}, {:.3f}]", r["ci95"][0].get<double>(), r["ci95"][1].get<double>());
  };
  return fmt::format("{:<14} {:>10}  {:>5.3f} {:<15}  {:>5.3f} {:<15}  {:>5.3f}  {:>11.3f}\n", label,
                     t["games"].get<std::int64_t>(), t["win"]["rate"].get<double>(), ci(t["win"]),
                     t["draw"]["rate"].get<double>(), ci(t["draw"]), t["loss"]["rate"].get<double>(),
                     t["mean_return"].get<double>());
}

// Agent rows count seat-games (an agent holding two seats of a game counts it twice), but their
// intervals count games: those seats are not independent (allies win together).
std::string header(const char* first, const char* games, const char* ci) {
  return fmt::format("{:<14} {:>10}  {:>5} {:<15}  {:>5} {:<15}  {:>5}  {:>11}\n", first, games, "win", ci,
                     "draw", ci, "loss", "mean return");
}

}  // namespace

std::string format_summary_table(const nlohmann::json& s) {
  std::string agents;
  for (const auto& a : s["agents"]) agents += (agents.empty() ? "" : ", ") + a.get<std::string>();
  const auto& len = s["length"];
  std::string out = fmt::format("{} ({} seats), agents {}, seed {}, config {}\n",
                                s["game"].get<std::string>(), s["seats"].get<int>(), agents,
                                s["seed"].get<std::uint64_t>(), s["config_hash"].get<std::string>());
  out += fmt::format(
      "{} games: {} with a winner, {} drawn; length {:.1f} actions on average (min {}, max {})\n\n",
      s["games"].get<std::int64_t>(), s["decisive"].get<std::int64_t>(), s["drawn"].get<std::int64_t>(),
      len["mean"].get<double>(), len["min"].get<std::int64_t>(), len["max"].get<std::int64_t>());
  out += header("seat", "games", "(95% CI)");
  for (const auto& t : s["by_seat"]) out += tally_row(std::to_string(t["seat"].get<int>()), t);
  out += '\n';
  out += header("agent", "seat-games", "(95% CI, games)");
  for (const auto& t : s["by_agent"]) out += tally_row(t["agent"].get<std::string>(), t);
  out += "agent intervals count games, not seat-games: an agent's seats in one game are not independent\n";
  return out;
}

}  // namespace qilab::experiments

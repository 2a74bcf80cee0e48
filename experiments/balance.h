#pragma once
// Balance statistics of a run: win/draw/loss rates per seat and per agent, with 95% Wilson
// intervals counted by game (experiments/wilson.h: an agent's seats in one game are one
// cluster, not independent trials), and game lengths. Fed one finished game at a time, in game-index order,
// so the floating-point sums (and summary.json) are the same whatever order the games finished in.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/outcome.h"
#include "experiments/wilson.h"

namespace qilab::experiments {

// How the intervals are counted, as summary.json's "intervals" says it.
extern const char* const kIntervals;

// What the statistics need of one game.
struct GameResult {
  std::vector<double> returns;      // per seat
  std::vector<std::string> agents;  // per seat
  std::int64_t length = 0;          // number of actions in the record (see docs/formats.md)
};

// Outcomes of one seat, or of one agent over every seat it held; each game is one cluster.
struct Tally {
  ClusterCounts win, draw, loss;  // trials: seat-games; clusters: games
  double return_sum = 0;
  // The seats held in one game: how many won, drew and lost, and their returns' sum.
  void add_game(std::int64_t wins, std::int64_t draws, std::int64_t losses, double returns);
  std::int64_t seat_games() const { return win.trials; }
  nlohmann::json to_json() const;
};

class Balance {
 public:
  // `agents`: the run's agent list; per-agent rows follow its order, duplicates merged.
  // `teams`: team of each seat (outcome.h); empty for one seat per team.
  Balance(int seats, const std::vector<std::string>& agents, std::vector<int> teams = {});
  void add(const GameResult& g);
  // {"games", "decisive", "drawn", "length", "by_seat", "by_agent"}: see docs/formats.md.
  nlohmann::json to_json() const;

 private:
  std::vector<Tally> seats_;
  std::vector<int> teams_;
  std::vector<std::string> agent_names_;
  std::vector<Tally> agents_;
  std::int64_t games_ = 0, decisive_ = 0;
  std::int64_t length_sum_ = 0, length_min_ = 0, length_max_ = 0;
};

// The summary.json object printed as a plain-text table (for the terminal).
std::string format_summary_table(const nlohmann::json& summary);

}  // namespace qilab::experiments

#include "experiments/analysis/checkers.h"

namespace qilab::experiments {

void CheckersAnalysis::begin(const checkers::State& s) {
  for (Player p = 0; p < s.num_players(); ++p) best_[static_cast<std::size_t>(p)] = s.distance_to_target(p);
  last_progress_ = s.turns();
}

void CheckersAnalysis::after(const checkers::State& s) {
  for (Player p = 0; p < s.num_players(); ++p) {
    const int d = s.distance_to_target(p);
    if (d < best_[static_cast<std::size_t>(p)]) {
      best_[static_cast<std::size_t>(p)] = d;
      last_progress_ = s.turns();
    }
  }
}

Ending CheckersAnalysis::end(const checkers::State& s, const GameRecord&, std::span<const Outcome>) {
  ++games;
  games_with_pass += passes > passes_before_;
  passes_before_ = passes;
  Ending e;
  // A deadlock as detected here is a game the turn cap ended with a seat's target held by
  // others and no progress for kStallRounds rounds. The game option blocked_target = win
  // (docs/rules/checkers.md) ends the commonest case at once, as the ending "blocked_target".
  if (!s.is_terminal()) {
    e = kForfeitEnding;
  } else if (s.winner() >= 0) {
    e = {s.ending() == "blocked_target" ? "blocked_target" : "target_filled", false};
  } else {
    ++turn_limit;
    int blocked = 0, blocking = 0;
    for (Player p = 0; p < s.num_players(); ++p) {
      const checkers::Board target = checkers::kStar.triangle_board(s.target_triangle(p));
      int others = 0;
      for (Player q = 0; q < s.num_players(); ++q)
        if (q != p) others += (target & s.pieces(q)).count();
      if (others > 0) {
        ++blocked;
        blocking += others;
      }
    }
    const bool stall = s.turns() - last_progress_ >= kStallRounds * s.num_players();
    stalled += stall;
    if (stall && blocked > 0) {
      blocked_seats += blocked;
      ++deadlocked;
      blocking_pieces += blocking;
      e = {"deadlock", true};
    } else {
      e = {"turn_limit", true};
    }
  }
  bump(endings, e.kind);
  return e;
}

void CheckersAnalysis::merge(const CheckersAnalysis& o) {
  games += o.games;
  turn_limit += o.turn_limit;
  stalled += o.stalled;
  deadlocked += o.deadlocked;
  blocked_seats += o.blocked_seats;
  blocking_pieces += o.blocking_pieces;
  passes += o.passes;
  passes_before_ += o.passes;
  games_with_pass += o.games_with_pass;
  for (const auto& [k, n] : o.endings) bump(endings, k, n);
}

nlohmann::json CheckersAnalysis::to_json() const {
  nlohmann::json ends = nlohmann::json::object();
  for (const auto& [k, n] : endings) ends[k] = games_rate(n, games);
  return {{"games", games},
          {"turn_limit", games_rate(turn_limit, games)},
          {"stalled", games_rate(stalled, games)},
          {"deadlocks",
           {{"games", games_rate(deadlocked, games)},
            {"blocked_seats", per_game(blocked_seats, deadlocked)},
            {"blocking_pieces", per_game(blocking_pieces, deadlocked)}}},
          {"forced_passes",
           {{"passes", per_game(passes, games)}, {"games_with_a_pass", games_rate(games_with_pass, games)}}},
          {"endings", std::move(ends)}};
}

}  // namespace qilab::experiments

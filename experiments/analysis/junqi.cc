#include "experiments/analysis/junqi.h"

#include <algorithm>

namespace qilab::experiments {

void JunqiAnalysis::begin(const junqi::State& s) {
  seen_fights_ = s.num_fights();
  first_flag_ = -1;
  last_took_flag_ = false;
}

void JunqiAnalysis::after(const junqi::State& s) {
  last_took_flag_ = false;
  for (; seen_fights_ < s.num_fights(); ++seen_fights_) {
    const junqi::Fight& f = s.fights_begin()[seen_fights_];
    const int a = s.kind_of(f.attacker), d = s.kind_of(f.defender);
    if (a >= 0 && d >= 0) ++fights[a][d][f.outcome & 3];
    if (f.outcome & junqi::kFlagTaken) {
      last_took_flag_ = true;
      if (first_flag_ < 0) first_flag_ = s.play_moves();
    }
  }
}

Ending JunqiAnalysis::end(const junqi::State& s, const GameRecord& r, std::span<const Outcome>) {
  ++games;
  if (first_flag_ >= 0) {
    first_flag_min = flag_games == 0 ? first_flag_ : std::min<std::int64_t>(first_flag_min, first_flag_);
    first_flag_max = flag_games == 0 ? first_flag_ : std::max<std::int64_t>(first_flag_max, first_flag_);
    ++flag_games;
    first_flag_sum += first_flag_;
  }
  if (!s.is_terminal()) {  // a forfeit during deployment (during play the seat escapes, 逃跑)
    bump(endings, kForfeitEnding.kind);
    return kForfeitEnding;
  }
  std::array<std::int64_t, 2> alive{};
  for (int piece = 0; piece < s.num_players() * junqi::kSlots; ++piece)
    if (s.post_of(piece) >= 0) ++alive[(piece / junqi::kSlots) & 1];
  Ending e;
  const junqi::Rules& rules = s.rules();
  if (s.drawn()) {
    ++drawn;
    drawn_survivors += alive[0] + alive[1];
    if (s.play_moves() >= rules.max_moves) {
      e = {"move_cap", true};
    } else if (s.quiet_moves() >= rules.no_capture_limit) {
      e = {"no_capture_limit", false};
    } else if (!r.actions.empty() && r.actions.back() == s.draw_action()) {
      e = {"agreed_draw", false};
    } else {
      e = {"draw", false};
    }
  } else {
    const int w = s.winner_side();
    ++decided;
    winner_survivors += alive[static_cast<std::size_t>(w)];
    for (Player p = 0; p < s.num_players(); ++p) winner_armies += s.team_of(p) == w && !s.eliminated(p);
    loser_survivors += alive[static_cast<std::size_t>(1 - w)];
    if (!r.actions.empty() && r.actions.back() == s.resign_action()) {
      e = {"resignation", false};
    } else if (last_took_flag_) {
      e = {rules.decapitation ? "decapitation_flag" : "flag", false};
    } else {
      e = {"elimination", false};
    }
  }
  bump(endings, e.kind);
  return e;
}

void JunqiAnalysis::merge(const JunqiAnalysis& o) {
  for (int a = 0; a < junqi::kKinds; ++a)
    for (int d = 0; d < junqi::kKinds; ++d)
      for (int k = 0; k < 3; ++k) fights[a][d][k] += o.fights[a][d][k];
  if (o.flag_games > 0) {
    first_flag_min = flag_games == 0 ? o.first_flag_min : std::min(first_flag_min, o.first_flag_min);
    first_flag_max = flag_games == 0 ? o.first_flag_max : std::max(first_flag_max, o.first_flag_max);
  }
  games += o.games;
  flag_games += o.flag_games;
  first_flag_sum += o.first_flag_sum;
  decided += o.decided;
  winner_survivors += o.winner_survivors;
  winner_armies += o.winner_armies;
  loser_survivors += o.loser_survivors;
  drawn += o.drawn;
  drawn_survivors += o.drawn_survivors;
  for (const auto& [k, n] : o.endings) bump(endings, k, n);
}

nlohmann::json JunqiAnalysis::to_json() const {
  using nlohmann::json;
  json takes = json::array();
  for (int a = 0; a < junqi::kKinds; ++a)
    for (int d = 0; d < junqi::kKinds; ++d) {
      const auto& f = fights[a][d];
      const std::int64_t n = f[0] + f[1] + f[2];
      if (n == 0) continue;
      takes.push_back({{"attacker", junqi::kChinese[a]},
                       {"defender", junqi::kChinese[d]},
                       {"fights", n},
                       {"attacker_wins", f[0]},
                       {"defender_wins", f[1]},
                       {"both_die", f[2]}});
    }
  json ends = json::object();
  for (const auto& [k, n] : endings) ends[k] = games_rate(n, games);
  return {
      {"games", games},
      {"takes", std::move(takes)},
      {"flag_falls",
       {{"games_with_a_flag_fall", games_rate(flag_games, games)},
        {"first_fall_play_move",
         {{"games", flag_games},
          {"mean", flag_games ? static_cast<double>(first_flag_sum) / static_cast<double>(flag_games) : 0.0},
          {"min", first_flag_min},
          {"max", first_flag_max}}}}},
      {"survivors",
       {{"decided_games", decided},
        {"winning_side_armies", per_game(winner_armies, decided)},
        {"winning_side", per_game(winner_survivors, decided)},
        {"losing_side", per_game(loser_survivors, decided)},
        {"drawn_games", drawn},
        {"both_sides_in_draws", per_game(drawn_survivors, drawn)}}},
      {"endings", std::move(ends)}};
}

}  // namespace qilab::experiments

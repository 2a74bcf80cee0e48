#include "experiments/analysis/mizong.h"

#include <algorithm>

namespace qilab::experiments {

namespace {

int pair_of(const mizong::Piece& p) { return p.attr1 * 2 + p.attr2; }
int hp_of(const mizong::State& s, int id) { return s.piece(id).cell >= 0 ? s.piece(id).hp : 0; }
const char* pair_name(int k) {
  static constexpr const char* kNames[6] = {"rock_yin",      "rock_yang", "scissors_yin",
                                            "scissors_yang", "paper_yin", "paper_yang"};
  return kNames[k];
}

}  // namespace

void MizongAnalysis::begin(const mizong::State&) {
  last_centre_win_ = false;
  centre_wins_now_ = 0;
  longest_ = 0;
}

void MizongAnalysis::before(const mizong::State& s, Action a) {
  const mizong::Layout& l = s.layout();
  attacker_ = defender_ = -1;
  if (a >= l.attack && a < l.heal) {
    attacker_ = s.activation().piece;
    defender_ = s.piece_at(a - l.attack);
    if (attacker_ >= 0 && defender_ >= 0) {
      attacker_hp_ = hp_of(s, attacker_);
      defender_hp_ = hp_of(s, defender_);
    }
  }
  const int holder = s.piece_at(s.geo().centre);
  holder_team_ = holder >= 0 ? s.team_of(s.owner(holder)) : -1;
  holder_unplaced_ = holder_team_ >= 0 && s.place(holder_team_) == 0;
  hold_rounds_ = s.hold_rounds();
}

void MizongAnalysis::after(const mizong::State& s) {
  if (attacker_ >= 0 && defender_ >= 0) {
    const int ap = pair_of(s.piece(attacker_)), dp = pair_of(s.piece(defender_));
    ++attacks[ap][dp];
    dealt[ap][dp] += defender_hp_ - hp_of(s, defender_);
    countered[ap][dp] += attacker_hp_ - hp_of(s, attacker_);
  }
  longest_ = std::max(longest_, s.hold_rounds());
  // A team that held the centre through the last round of the hold and is placed now has
  // won by the centre (elimination places a team last, but needs its pieces gone first).
  last_centre_win_ =
      holder_unplaced_ && s.place(holder_team_) != 0 && hold_rounds_ + 1 >= s.rules().centre_rounds;
  if (last_centre_win_) {
    ++centre_wins;
    ++centre_wins_now_;
    longest_ = std::max(longest_, static_cast<int>(s.rules().centre_rounds));
  }
}

Ending MizongAnalysis::end(const mizong::State& s, const GameRecord&, std::span<const Outcome>) {
  ++games;
  games_with_centre_win += centre_wins_now_ > 0;
  longest_hold_sum += longest_;
  // The game's own word for its end: centre, annihilation or round_cap (a timeout).
  const Ending e =
      s.is_terminal() ? Ending{std::string(s.ending()), s.ending() == "round_cap"} : kForfeitEnding;
  bump(endings, e.kind);
  return e;
}

void MizongAnalysis::merge(const MizongAnalysis& o) {
  games += o.games;
  for (int a = 0; a < kPairs; ++a)
    for (int d = 0; d < kPairs; ++d) {
      attacks[a][d] += o.attacks[a][d];
      dealt[a][d] += o.dealt[a][d];
      countered[a][d] += o.countered[a][d];
    }
  centre_wins += o.centre_wins;
  games_with_centre_win += o.games_with_centre_win;
  longest_hold_sum += o.longest_hold_sum;
  for (const auto& [k, n] : o.endings) bump(endings, k, n);
}

nlohmann::json MizongAnalysis::to_json() const {
  using nlohmann::json;
  json damage = json::array();
  for (int a = 0; a < kPairs; ++a)
    for (int d = 0; d < kPairs; ++d) {
      if (attacks[a][d] == 0) continue;
      const double n = static_cast<double>(attacks[a][d]);
      damage.push_back({{"attacker", pair_name(a)},
                        {"defender", pair_name(d)},
                        {"attacks", attacks[a][d]},
                        {"dealt_sixths", dealt[a][d]},
                        {"countered_sixths", countered[a][d]},
                        {"dealt_per_attack", static_cast<double>(dealt[a][d]) / n},
                        {"countered_per_attack", static_cast<double>(countered[a][d]) / n}});
    }
  json ends = json::object();
  for (const auto& [k, n] : endings) ends[k] = games_rate(n, games);
  return {{"games", games},
          {"damage_by_attributes", std::move(damage)},
          {"centre",
           {{"wins_by_holding", per_game(centre_wins, games)},
            {"games_with_a_centre_win", games_rate(games_with_centre_win, games)},
            {"longest_hold_rounds", per_game(longest_hold_sum, games)}}},
          {"endings", std::move(ends)}};
}

}  // namespace qilab::experiments

// A heuristic evaluation for the greedy agent and search: remaining HP, attribute match-ups
// with adjacent enemies, distance to the centre and its hold, kept incrementally.
#include <algorithm>
#include <cmath>

#include "engine/mizong/mizong.h"

namespace qilab::mizong {

Values State::returns() const {
  Values v{};
  if (!over_) return v;
  const int teams = num_teams();
  for (Player p = 0; p < players_; ++p) {
    const double place = place2_[static_cast<std::size_t>(team_of(p))] / 2.0;
    v[static_cast<std::size_t>(p)] = teams > 1 ? 1.0 - 2.0 * (place - 1.0) / (teams - 1) : 0.0;
  }
  return v;
}

// The evaluation is kept as integers per team (EvalTally): remaining HP, pieces, their summed
// distance to the centre and the match-ups with adjacent enemies. Every change of a piece's
// cell, HP or stun takes its part away and adds it back (contribute), so evaluate() costs a
// few operations per team, and the same integers give the same doubles whether they were
// kept or recounted.
namespace {
int matchup(int who) { return who == 1 ? 1 : who == 2 ? -1 : 0; }
}  // namespace

void State::contribute(EvalTally& t, int id, const Piece& x, int cell, int sign) const {
  const Geometry& g = *geo_;
  const auto team = static_cast<std::size_t>(team_of(owner(id)));
  t.hp[team] += sign * x.hp;
  t.pieces[team] += sign;
  t.distance[team] += sign * g.distance(cell, g.centre);
  for (int d = 0; d < kDirs; ++d) {
    const int c = g.nb[static_cast<std::size_t>(cell)][d];
    if (c < 0) continue;
    const int y = at_[static_cast<std::size_t>(c)];
    if (y < 0 || y == id) continue;
    const auto other = static_cast<std::size_t>(team_of(owner(y)));
    if (other == team) continue;
    // Both ordered pairs: x attacking y counts for x's team, y attacking x for y's.
    t.matchups[team] += sign * matchup(clash_of(x, piece(y), rules_.same_attribute_clash));
    t.matchups[other] += sign * matchup(clash_of(piece(y), x, rules_.same_attribute_clash));
  }
}

EvalTally State::recount_tally() const {
  const Geometry& g = *geo_;
  EvalTally t;
  for (int id = 0; id < players_ * home_; ++id) {
    const Piece& x = piece(id);
    if (x.cell < 0) continue;
    const auto team = static_cast<std::size_t>(team_of(owner(id)));
    t.hp[team] += x.hp;
    ++t.pieces[team];
    t.distance[team] += g.distance(x.cell, g.centre);
    for (int d = 0; d < kDirs; ++d) {
      const int c = g.nb[static_cast<std::size_t>(x.cell)][d];
      if (c < 0) continue;
      const int y = at_[static_cast<std::size_t>(c)];
      if (y < 0 || team_of(owner(y)) == static_cast<int>(team)) continue;
      t.matchups[team] += matchup(clash(id, y));
    }
  }
  return t;
}

// Per team: its HP as a share of about a full army's (54 sixths a piece), 0.2 / home for each
// piece scaled by its closeness to the centre (1 at the centre, 0 at 4 point sizes away), 0.02
// / home for each adjacent enemy it beats (less each that beats it), and the centre's holder
// 0.5 * (0.2 + its quiet rounds / centre_rounds).
std::array<double, kMaxPlayers> State::scores_of(const EvalTally& t, int holder) const {
  const Geometry& g = *geo_;
  std::array<double, kMaxPlayers> score{};
  const double home = static_cast<double>(home_);
  const double full = home * 54.0;
  for (int team = 0; team < num_teams(); ++team) {
    const auto k = static_cast<std::size_t>(team);
    score[k] = t.hp[k] / full + 0.2 / home * (t.pieces[k] - t.distance[k] / (4.0 * g.point)) +
               0.02 / home * t.matchups[k];
  }
  if (holder >= 0)
    score[static_cast<std::size_t>(team_of(owner(holder)))] +=
        0.5 * (0.2 + hold_rounds_ / static_cast<double>(rules_.centre_rounds));
  return score;
}

std::array<double, kMaxPlayers> State::team_scores() const {
  return scores_of(tally_, at_[static_cast<std::size_t>(geo_->centre)]);
}

Values State::values_of(const std::array<double, kMaxPlayers>& score) const {
  const int teams = num_teams();
  double mean = 0;
  int live = 0;
  for (int t = 0; t < teams; ++t)
    if (!place2_[static_cast<std::size_t>(t)]) mean += score[static_cast<std::size_t>(t)], ++live;
  mean = live ? mean / live : 0;
  Values v{};
  for (Player p = 0; p < players_; ++p) {
    const int t = team_of(p);
    if (place2_[static_cast<std::size_t>(t)]) {
      const double place = place2_[static_cast<std::size_t>(t)] / 2.0;
      v[static_cast<std::size_t>(p)] = 1.0 - 2.0 * (place - 1.0) / (teams - 1);
    } else {
      v[static_cast<std::size_t>(p)] =
          std::clamp(std::tanh(2.0 * (score[static_cast<std::size_t>(t)] - mean)), -1.0, 1.0);
    }
  }
  return v;
}

Values State::evaluate() const {
  if (over_) return returns();
  return values_of(team_scores());
}

bool State::evaluate_after(Action a, Values& value) const {
  if (over_) return false;
  const Layout& L = layout_;
  const int holder = at_[static_cast<std::size_t>(geo_->centre)];
  if (act_.piece < 0) {
    if (a == L.end_turn) return false;  // passive healing, the centre's hold, the next seat's stuns
    value = evaluate();                 // a selection changes nothing the evaluation reads
    return true;
  }
  if (a == L.done) {
    if (out(current_)) return false;
    value = evaluate();
    return true;
  }
  const int id = act_.piece;
  const Piece& x = piece(id);
  EvalTally t = tally_;
  if (a >= L.move && a < L.attack) {  // the piece stands on another cell
    const int to = a - L.move;
    contribute(t, id, x, x.cell, -1);
    contribute(t, id, x, to, 1);
    const int holder_after = x.cell == geo_->centre ? -1 : to == geo_->centre ? id : holder;
    value = values_of(scores_of(t, holder_after));
    return true;
  }
  if (a >= L.heal && a < L.swap) {  // one piece gains 1 HP (up to its maximum)
    const Piece& y = piece(at_[static_cast<std::size_t>(a - L.heal)]);
    t.hp[static_cast<std::size_t>(team_of(owner(at_[static_cast<std::size_t>(a - L.heal)])))] +=
        std::min(max_hp(y.kind), y.hp + 6) - y.hp;
    value = values_of(scores_of(t, holder));
    return true;
  }
  if (a >= L.swap && a < L.area_heal) {  // two own pieces trade cells; ordinary pieces are stunned
    const int other = at_[static_cast<std::size_t>(a - L.swap)];
    const Piece& y = piece(other);
    Piece x2 = x, y2 = y;
    if (!is_hero(x.kind)) {
      x2.flags |= kStunned;
      y2.flags |= kStunned;
    }
    contribute(t, id, x, x.cell, -1);
    contribute(t, other, y, y.cell, -1);
    contribute(t, id, x2, y.cell, 1);
    contribute(t, other, y2, x.cell, 1);
    value = values_of(scores_of(t, holder));  // the holder's cell holds a piece of the same seat
    return true;
  }
  return false;  // attacks (kills can place teams) and area heals are applied by the caller
}

}  // namespace qilab::mizong

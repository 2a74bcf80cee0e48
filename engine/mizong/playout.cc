// The heuristic playout policy (docs/search.md, "mizong's playout policy"): a fast, rule-aware
// choice of the next sub-action for rollouts and the `playout` agent. Between activations it
// activates, out of a few drawn pieces, the one with the most to gain (a favourable attack in
// reach, closeness to the centre), never the centre's holder, and ends the turn after a quarter
// of the army has acted; within an activation it scores every legal sub-action: favourable
// attacks first (more for a kill or a hit on the centre's holder), heals of the own centre
// holder, then steps towards the centre and a guard ring around an own holder, away from
// enemies that beat the piece.
#include <algorithm>

#include "engine/mizong/mizong.h"

namespace qilab::mizong {
namespace {

// Pieces drawn between activations; the best of them is activated.
constexpr int kCandidates = 6;
// Draws of the seat's slots (the dead, stunned, acted and those with nothing to do rejected);
// with fewer than kCandidates found in them, every selectable piece is considered.
constexpr int kMaxDraws = 48;

// Sub-action scores (higher first; ties drawn uniformly).
constexpr double kTakeCentre = 1000;    // a move onto the empty centre
constexpr double kHealHolder = 400;     // a heal of the own centre holder
constexpr double kHitHolder = 300;      // any attack on an enemy centre holder (it restarts the hold)
constexpr double kFavourable = 100;     // an attack where the defender loses HP
constexpr double kKill = 50;            // ... and dies
constexpr double kHeal = 40;            // a heal of another friendly piece
constexpr double kAreaHeal = 60;        // the healer's area heal
constexpr double kGuard = 30;           // a move to within 2 of the centre while the own team holds it
constexpr double kStep = 10;            // each step closer to the centre
constexpr double kNeighbour = 8;        // each enemy next to the end: + if the piece beats it, - if beaten
constexpr double kSwap = -20;           // swaps stun both pieces: rarely worth it
constexpr double kEvenAttack = -10;     // an attack where nobody loses
constexpr double kLosingAttack = -100;  // an attack where the attacker loses HP

}  // namespace

Action State::playout_action(Rng& rng) const {
  const Geometry& g = *geo_;
  const Layout& L = layout_;
  const int holder = at_[static_cast<std::size_t>(g.centre)];
  const int my_team = team_of(current_);
  const bool we_hold = holder >= 0 && team_of(owner(holder)) == my_team;
  auto beats_me = [&](int attacker, int defender) { return clash(attacker, defender) == 1; };

  if (act_.piece < 0) {
    // A quarter of the army (at least 4 pieces) acts each turn; heroes count once they acted.
    const int first = current_ * home_;
    int acted = 0;
    for (int id = first; id < first + home_; ++id) acted += acted_.test(id);
    if (acted >= std::max(4, (home_ + 3) / 4)) return L.end_turn;
    // A piece's worth of activating: favourable attacks in reach now, heroes near an own
    // holder (to heal it), then closeness to the centre (the front moves first). Pieces that
    // could only swap (stunning two of the seat's own) are left alone, and so is the holder.
    auto worth = [&](int id, double& score) {
      const Piece& x = piece(id);
      if (id == holder) return false;
      score = -g.distance(x.cell, g.centre);
      const int radius = attack_radius(x.kind);
      bool attack = false;
      if (radius > 0)
        g.for_disc(x.cell, radius, [&](int c) {
          const int y = at_[static_cast<std::size_t>(c)];
          if (y >= 0 && team_of(owner(y)) != my_team && beats_me(id, y)) {
            score += y == holder ? kHitHolder : kFavourable;
            attack = true;
          }
        });
      if (we_hold && is_hero(x.kind) && g.distance(x.cell, g.centre) <= 5) score += kHealHolder;
      return attack || is_hero(x.kind) ||
             any_move(Activation{static_cast<std::int16_t>(id), x.cell, 0, 0, 0, false});
    };
    int best = -1, ties = 0;
    double best_score = -1e300;
    auto consider = [&](int id) {
      double score = 0;
      if (!worth(id, score)) return;
      if (score > best_score) {
        best_score = score, best = id, ties = 1;
      } else if (score == best_score && rng.below(static_cast<std::uint32_t>(++ties)) == 0) {
        best = id;
      }
    };
    // Up to kCandidates selectable pieces drawn from the seat's slots.
    int found = 0;
    for (int draw = 0; draw < kMaxDraws && found < kCandidates; ++draw) {
      const int id = first + static_cast<int>(rng.below(static_cast<std::uint32_t>(home_)));
      const Piece& x = piece(id);
      if (x.cell < 0 || x.stunned() || acted_.test(id) || !selectable(id)) continue;
      ++found;
      consider(id);
    }
    if (found < kCandidates || best < 0) {  // few left to act, or none drawn worth it: every one
      thread_local ActionList list;
      legal_actions(list);
      for (Action a : list)
        if (a != L.end_turn) consider(at_[static_cast<std::size_t>(a - L.select)]);
    }
    return best >= 0 ? L.select + piece(best).cell : L.end_turn;
  }

  const int id = act_.piece;
  const Piece& x = piece(id);
  const int from_distance = g.distance(x.cell, g.centre);
  thread_local ActionList list;
  legal_actions(list);
  Action chosen = list[0];
  double best = -1e300;
  int ties = 0;
  for (Action a : list) {
    double score = 0;
    if (a == L.done) {
      score = 0;
    } else if (a < L.attack) {  // move
      const int to = a - L.move;
      if (to == g.centre) {
        score = kTakeCentre;
      } else {
        const int d = g.distance(to, g.centre);
        score = kStep * (from_distance - d);
        if (we_hold && d <= 2) score += kGuard;
        for (int k = 0; k < kDirs; ++k) {
          const int c = g.nb[static_cast<std::size_t>(to)][k];
          if (c < 0) continue;
          const int y = at_[static_cast<std::size_t>(c)];
          if (y < 0 || y == id || team_of(owner(y)) == my_team) continue;
          if (clash_of(x, piece(y), rules_.same_attribute_clash) == 1) score += kNeighbour;
          if (clash_of(piece(y), x, rules_.same_attribute_clash) == 1) score -= kNeighbour;
        }
      }
    } else if (a < L.heal) {  // attack
      const int y = at_[static_cast<std::size_t>(a - L.attack)];
      const int who = clash(id, y);
      const Piece& d = piece(y);
      if (who == 1) {
        score = kFavourable + kDamage[class_of(x.kind)][class_of(d.kind)];
        if (d.hp <= kDamage[class_of(x.kind)][class_of(d.kind)]) score += kKill;
      } else {
        score = who == 0 ? kEvenAttack : kLosingAttack;
      }
      if (y == holder) score = std::max(score, kHitHolder);  // any attack restarts its hold
    } else if (a < L.swap) {                                 // heal
      const int y = at_[static_cast<std::size_t>(a - L.heal)];
      score = y == holder ? kHealHolder : kHeal + (max_hp(piece(y).kind) - piece(y).hp) / 6.0;
    } else if (a < L.area_heal) {
      score = kSwap;
    } else {
      score = kAreaHeal;
    }
    if (score > best) {
      best = score, chosen = a, ties = 1;
    } else if (score == best && rng.below(static_cast<std::uint32_t>(++ties)) == 0) {
      chosen = a;
    }
  }
  return chosen;
}

}  // namespace qilab::mizong

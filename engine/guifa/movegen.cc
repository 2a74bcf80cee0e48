// Legal actions: moves and captures along straight lines, and each piece's abilities (manual
// 一 and 二 as docs/rules/guifa.md reads them). Along a line, corpses never block; an
// illusionist's square may be passed by anyone but occupied by nobody (it is taken only where
// revealed, or by a prophet); cells of an opposing force field may be neither passed nor
// entered, except by a prophet, who ignores fields (manual B, C, F).
//
// Speed: every line of squares out of a cell is precomputed (Geometry::rays, at most four
// squares since no range exceeds 4), and what each square means to the side to move is read
// from two bitboards built once per call: `stop_on` (the mover may end there: an open square
// or a square it may capture on) and `run_past` (the line goes on beyond it). A line is then
// walked without a branch: each square's action is written, and kept when the square is
// reached and in `stop_on`.
#include <algorithm>
#include <array>

#include "engine/guifa/guifa.h"

namespace qilab::guifa {

// The squares of the board as the side to move sees them, for each way a piece may walk.
struct State::LineMasks {
  // Attacking pieces other than the prophet: open squares (empty and outside any hostile
  // field) and squares with an enemy they may take, outside hostile fields.
  Board stop_attack;
  // A summoner with live beasts cannot attack: open squares only.
  Board stop_quiet;
  // A line runs on past open squares and past illusionists outside hostile fields.
  Board run;
  // The prophet ignores fields and takes any enemy, illusionists included (manual C, F).
  Board stop_prophet, run_prophet;
  // The illusionist lands only on open squares (stop_quiet), passes through pieces, and stops
  // at a hostile field (before it) or a hostile holy barrier (on it) (manual B).
  Board run_illusionist;
};

namespace {

constexpr int kMaxPieceActions = 6 * kMaxCells + kDirections * 4 + 1;

// Writes the actions of the rays from `from` for a piece of range R; returns how many.
// A square past the ray's end or past the first square that stops the line is written and
// not kept; `slot` has room for every write.
template <int R>
inline int walk(const Geometry::Ray* rays, int count, const Board& stop_on, const Board& run, Action base,
                Action* slot) {
  int n = 0;
  for (int i = 0; i < count; ++i) {
    const Geometry::Ray& ray = rays[i];
    unsigned alive = 1;
    for (int k = 0; k < R; ++k) {
      const int c = ray.cell[k];  // kOffBoard past the ray's end: in neither board
      slot[n] = base + c;
      n += static_cast<int>(alive & unsigned(stop_on.test(c)));
      if (k + 1 < R) alive &= unsigned(run.test(c));
    }
  }
  return n;
}

inline int walk_range(int range, const Geometry::Ray* rays, int count, const Board& stop_on, const Board& run,
                      Action base, Action* slot) {
  switch (range) {
    case 1:
      return walk<1>(rays, count, stop_on, run, base, slot);
    case 2:
      return walk<2>(rays, count, stop_on, run, base, slot);
    case 3:
      return walk<3>(rays, count, stop_on, run, base, slot);
    default:
      return walk<4>(rays, count, stop_on, run, base, slot);
  }
}

}  // namespace

// The centred elementalist captures along the centre cross at any distance, ignoring fields
// and barriers and the illusionist's immunity (manual G, metamagic); within its range and
// outside hostile fields it also moves as usual. Its diagonals (the holy city) are ordinary.
int State::gen_centre_cross(int from, const Board& wall, Action* slot) const {
  const Geometry& g = *geo_;
  const int team = team_of(sq_[from].owner);
  const int range = kRange[kElementalist];
  const Action base = from * g.cells;
  int n = 0;
  for (int d = 0; d < 4; ++d) {
    bool ordinary = true;  // still on an ordinary move's path (range, fields)
    for (int k = 1, c = g.step[from][d];; ++k, c = g.step[c][d]) {
      if (c < 0) break;
      if (k > range || wall.test(c)) ordinary = false;
      if (!occ_.test(c)) {
        if (ordinary) slot[n++] = base + c;
        continue;
      }
      const Piece& q = sq_[c];
      if (team_of(q.owner) != team) slot[n++] = base + c;
      if (q.kind != kIllusionist) break;
    }
  }
  return n;
}

// The squares a piece's lines may stop on and run past, and its range.
inline State::Walker State::walker(int from, const LineMasks& m) const {
  const Piece& p = sq_[from];
  switch (p.kind) {
    case kSummoner:
      // Attacks only while none of its beasts lives (manual A).
      if ((beasts_ & own_[p.owner]).any() && has_beasts(p.id)) return {&m.stop_quiet, &m.run, 4};
      return {&m.stop_attack, &m.run, 4};
    case kIllusionist:
      return {&m.stop_quiet, &m.run_illusionist, 3};
    case kProphet:
      return {&m.stop_prophet, &m.run_prophet, 3};
    default:
      return {&m.stop_attack, &m.run, kRange[p.kind]};
  }
}

// Every action of a piece of kind K on `from` that is not a move along a line: summoning,
// swaps, the clone, revivals, strengthened barriers, annihilation.
template <int K>
inline int State::abilities(int from, Action* slot) const {
  const Geometry& g = *geo_;
  const Piece& p = sq_[from];
  const int team = team_of(p.owner);
  const bool centred = from == g.centre;
  int n = 0;
  if constexpr (K == kSummoner) {
    // Only with no beast alive; not inside a hostile barrier, except for the centre's
    // metamagic (manual A, F).
    if ((centred || !enemy_barrier_[team].test(from)) &&
        !((beasts_ & own_[p.owner]).any() && has_beasts(p.id)) && summon_targets(from).any())
      slot[n++] = layout_.summon + from;
  } else if constexpr (K == kIllusionist) {
    const bool clone = p.flags & kClone;
    // The swap is an ordinary ability: a hostile barrier on the illusionist suppresses it.
    if (!enemy_barrier_[team].test(from)) {
      // Swap with any own piece but the scepter, wherever it stands; never between a clone
      // and its own master (the clone lives only while its master holds the centre). Neither
      // piece may land on a hostile force field square, which enemies cannot occupy; only
      // the prophet, who ignores fields, may be swapped onto one.
      const Board& wall = enemy_field_[team];
      Board partners = own_[p.owner].andnot(kind_[kScepter]).andnot(wall);
      if (wall.test(from)) partners &= kind_[kProphet];
      partners.reset(from);
      const Action base = from * g.cells;
      partners.for_each([&](int c) {
        const Piece& q = sq_[c];
        const bool kin = (clone && q.id == p.master) || ((q.flags & kClone) && q.master == p.id);
        slot[n] = base + c;
        n += !kin;
      });
    }
    // The clone is metamagic: a barrier never suppresses it on the centre, it only keeps the
    // clone off barrier squares (docs/rules/guifa.md, F).
    if (centred && !clone) {
      bool has_clone = false;
      for (int c : illusions_)
        if ((sq_[c].flags & kClone) && sq_[c].master == p.id) has_clone = true;
      if (!has_clone)
        g.all.andnot(occ_).andnot(enemy_field_[team]).andnot(enemy_barrier_[team]).for_each([&](int c) {
          slot[n++] = layout_.clone + c;
        });
    }
  } else if constexpr (K == kNecromancer) {
    if (corpse_cells_.none()) return n;
    // The corpses a necromancer on cell c reaches (none while a hostile barrier holds it off
    // the centre).
    auto reach = [&](int c) {
      if (enemy_barrier_[team].test(c) && c != g.centre) return Board{};
      return (c == g.centre ? corpse_cells_ : corpse_cells_ & g.ring[c])
          .andnot(occ_)
          .andnot(enemy_field_[team])
          .andnot(enemy_barrier_[team]);
    };
    Board area = reach(from);
    // A revival names the corpse, not the necromancer: a corpse that an earlier necromancer of
    // the seat (in cell order) reaches is listed by that one only, so no action is listed twice.
    (kind_[kNecromancer] & own_[p.owner]).for_each([&](int c) {
      if (c < from) area = area.andnot(reach(c));
    });
    area.for_each([&](int c) {
      for (int k = 0; k < 6; ++k)
        if (corpses(c, kRevivable[k])) slot[n++] = layout_.revive + c * 6 + k;
    });
  } else if constexpr (K == kProphet) {
    if (!centred) return n;
    occ_.for_each([&](int c) {
      if (!(ward_kind_ == 1 && sq_[c].id == ward_piece_)) slot[n++] = layout_.ward + c;
    });
    for (int c = 0; c < g.cells; ++c)
      if (g.row(c) < g.n - 1 && g.col(c) < g.n - 1 && !(ward_kind_ == 2 && ward_cell_ == c))
        slot[n++] = layout_.ward_block + c;
  } else if constexpr (K == kElementalist) {
    if (corpses_[from] && !enemy_barrier_[team].test(from)) slot[n++] = layout_.annihilate + from;
  }
  return n;
}

int State::gen_abilities(int from, Action* slot) const {
  switch (sq_[from].kind) {
    case kSummoner:
      return abilities<kSummoner>(from, slot);
    case kIllusionist:
      return abilities<kIllusionist>(from, slot);
    case kNecromancer:
      return abilities<kNecromancer>(from, slot);
    case kProphet:
      return abilities<kProphet>(from, slot);
    case kElementalist:
      return abilities<kElementalist>(from, slot);
    default:
      return 0;
  }
}

// A piece's actions: its lines first, then its abilities.
int State::gen_piece(int from, const LineMasks& m, Action* slot) const {
  const Geometry& g = *geo_;
  const Piece& p = sq_[from];
  const Geometry::Ray* rays = g.rays[from].data();
  const int count = g.ray_count[from];
  const Action base = from * g.cells;
  int n;
  switch (p.kind) {
    case kSummoner: {
      const Walker w = walker(from, m);
      n = walk<4>(rays, count, *w.stop_on, *w.run_past, base, slot);
      return n + abilities<kSummoner>(from, slot + n);
    }
    case kIllusionist:
      n = walk<3>(rays, count, m.stop_quiet, m.run_illusionist, base, slot);
      return n + abilities<kIllusionist>(from, slot + n);
    case kNecromancer:
      n = walk<2>(rays, count, m.stop_attack, m.run, base, slot);
      return n + abilities<kNecromancer>(from, slot + n);
    case kProphet:
      n = walk<3>(rays, count, m.stop_prophet, m.run_prophet, base, slot);
      return n + abilities<kProphet>(from, slot + n);
    case kElementalist:
      if (from == g.centre) {
        n = gen_centre_cross(from, enemy_field_[team_of(p.owner)], slot);
        // The holy city's diagonals from the centre are ordinary lines.
        const Geometry::Ray* diagonals =
            std::find_if(rays, rays + count, [](const Geometry::Ray& r) { return r.dir >= 4; });
        n += walk<4>(diagonals, static_cast<int>(rays + count - diagonals), m.stop_attack, m.run, base,
                     slot + n);
      } else {
        n = walk<4>(rays, count, m.stop_attack, m.run, base, slot);
      }
      return n + abilities<kElementalist>(from, slot + n);
    default:
      return walk_range(kRange[p.kind], rays, count, m.stop_attack, m.run, base, slot);
  }
}

State::LineMasks State::line_masks() const {
  const int team = team_of(current_);
  const Board& wall = enemy_field_[team];
  const Board mine = team_pieces(team);
  const Board enemies = occ_.andnot(mine);
  // An enemy illusionist may be taken by an ordinary attack only inside a holy barrier that
  // is not its own side's (manual B, F).
  Board revealed;
  const Board enemy_illusions = illusions_ & enemies;
  if (enemy_illusions.any()) {
    if (mode_ == Mode::kFreeForAll) {
      for (int u = 0; u < num_teams(); ++u)
        if (u != team) revealed |= enemy_illusions & own_[u] & enemy_barrier_[u];
    } else {
      revealed = enemy_illusions & barrier_[team];  // two sides: the only barriers not theirs are ours
    }
  }
  // (Complements are taken within the board: Bitboard's operator~ trims its last word, which
  // costs a store-forwarding stall here.)
  const Board empty = geo_->all.andnot(occ_);
  LineMasks m;
  m.stop_quiet = empty.andnot(wall);
  m.stop_attack = (empty | enemies.andnot(illusions_) | revealed).andnot(wall);
  m.run = (empty | illusions_).andnot(wall);
  m.stop_prophet = empty | enemies;
  m.run_prophet = empty | illusions_;
  m.run_illusionist = geo_->all.andnot(wall | enemy_barrier_[team]);
  return m;
}

void State::legal_actions(ActionList& out) const {
  out.clear();
  if (is_terminal()) return;
  if (summon_left_ > 0) {
    summon_targets(summon_cell_).for_each([&](int c) { out.push_back(layout_.place + c); });
    if (summon_left_ < 4) out.push_back(layout_.end_summon);
    return;
  }
  const LineMasks m = line_masks();
  own_[current_].for_each([&](int c) {
    Action* slot = out.reserve_back(kMaxPieceActions);
    out.commit(gen_piece(c, m, slot));
  });
  if (out.empty()) out.push_back(layout_.pass);
}

// Rejection sampling. Every square of every line of every piece (up to its range) is a slot,
// and so is every ability action, listed exactly; a legal action has exactly one slot. A slot
// drawn uniformly is returned when it is legal, else the draw is repeated; after 16 misses
// the full list is drawn from. Each way returns every legal action with the same chance.
// Positions whose ability lists can be long (a centred piece, more than 16 pieces) go to the
// full list at once. The game must not be over.
Action State::random_action(Rng& rng) const {
  constexpr int kMaxPieces = 16;
  constexpr int kMaxAbilities =
      kMaxPieces * (kMaxPieces + 6 * 8);  // swaps and nearby revivals bound the rest
  const Geometry& g = *geo_;
  if (summon_left_ > 0) {  // the next beast's square, or the end of the summoning
    const Board targets = summon_targets(summon_cell_);
    const int count = targets.count();
    int u = static_cast<int>(rng.below(static_cast<std::uint32_t>(count + (summon_left_ < 4))));
    if (u == count) return layout_.end_summon;
    int cell = -1;
    targets.for_each([&](int c) {
      if (u-- == 0) cell = c;
    });
    return layout_.place + cell;
  }
  const Board& mine = own_[current_];
  int pieces = 0;
  mine.for_each([&](int) { ++pieces; });
  if (!mine.test(g.centre) && pieces <= kMaxPieces) {
    const LineMasks m = line_masks();
    std::array<std::uint8_t, kMaxPieces> cells;
    std::array<Walker, kMaxPieces> walkers;
    std::array<int, kMaxPieces> ends;  // running total of line slots
    Action abilities[kMaxAbilities];
    int i = 0, slots = 0, extra = 0;
    mine.for_each([&](int c) {
      cells[i] = static_cast<std::uint8_t>(c);
      walkers[i] = walker(c, m);
      slots += g.ray_count[c] * walkers[i].range;
      ends[i++] = slots;
      extra += gen_abilities(c, abilities + extra);
    });
    for (int attempt = 0; attempt < 16 && slots + extra > 0; ++attempt) {
      const int u = static_cast<int>(rng.below(static_cast<std::uint32_t>(slots + extra)));
      if (u >= slots) return abilities[u - slots];
      int k = 0;
      while (u >= ends[k]) ++k;
      const int r = u - (k ? ends[k - 1] : 0);
      const Walker& w = walkers[k];
      const Geometry::Ray& ray = g.rays[cells[k]][r / w.range];
      const int step = r % w.range;
      bool reached = true;
      for (int j = 0; j < step; ++j) reached &= w.run_past->test(ray.cell[j]);
      if (reached && w.stop_on->test(ray.cell[step])) return cells[k] * g.cells + ray.cell[step];
    }
  }
  thread_local ActionList all;  // allocates only while it grows to the largest list seen
  legal_actions(all);
  return all[static_cast<int>(rng.below(static_cast<std::uint32_t>(all.size())))];
}

bool State::is_legal(Action a) const {
  if (is_terminal() || a < 0 || a >= layout_.total) return false;
  ActionList all;
  legal_actions(all);
  return all.contains(a);
}

}  // namespace qilab::guifa

// Move generation and the effects of actions: the manual's sections 一 and 二 as
// docs/rules/guifa.md reads them (each rule there names its manual line).
#include <cassert>
#include <algorithm>
#include <bit>

#include "engine/guifa/guifa.h"

namespace qilab::guifa {

Layout::Layout(int c) : cells(c) {
  summon = c * c;
  place = summon + c;
  end_summon = place + c;
  revive = end_summon + 1;
  clone = revive + 6 * c;
  annihilate = clone + c;
  ward = annihilate + c;
  ward_block = ward + c;
  pass = ward_block + c;
  total = pass + 1;
}

int State::corpses(int cell, Kind k) const { return (corpses_[cell] >> (4 * k)) & 15; }

int State::corpse_count(int cell) const {
  int n = 0;
  for (int k = 0; k < 8; ++k) n += (corpses_[cell] >> (4 * k)) & 15;
  return n;
}

int State::cell_of(Kind k, Player p) const {
  const Board b = kind_[k] & own_[p];
  return b.any() ? b.lsb() : -1;
}

Board State::team_pieces(int team) const {
  if (mode_ != Mode::kAlliance) return own_[team];
  return own_[team] | own_[team + 2];
}

bool State::has_beasts(std::uint16_t summoner_id) const {
  bool found = false;
  beasts_.for_each([&](int b) { found |= sq_[b].master == summoner_id; });
  return found;
}

Board State::summon_targets(int summoner) const {
  const Geometry& g = *geo_;
  const int team = team_of(sq_[summoner].owner);
  const Board area = summoner == g.centre ? g.all : g.ring[summoner];
  return area.andnot(occ_).andnot(enemy_field_[team]).andnot(enemy_barrier_[team]);
}

// ---------------------------------------------------------------------------------------
// Placement on the board (keeps the bitboards in step with the squares).

namespace {
// Pieces whose squares shape barriers and fields.
constexpr unsigned kEffectKinds = (1u << kForceMage) | (1u << kScepter) | (1u << kProphet);
}  // namespace

void State::place(int cell, Piece p) {
  if (((kEffectKinds >> p.kind) & 1) || cell == geo_->centre || (ward_kind_ == 1 && p.id == ward_piece_))
    effects_dirty_ = true;
  sq_[cell] = p;
  occ_.set(cell);
  own_[p.owner].set(cell);
  kind_[p.kind].set(cell);
  if (p.kind == kIllusionist) illusions_.set(cell);
  if (p.kind == kBeast) beasts_.set(cell);
}

void State::lift(int cell) {
  const Piece& p = sq_[cell];
  if (((kEffectKinds >> p.kind) & 1) || cell == geo_->centre || (ward_kind_ == 1 && p.id == ward_piece_))
    effects_dirty_ = true;
  occ_.reset(cell);
  own_[p.owner].reset(cell);
  kind_[p.kind].reset(cell);
  illusions_.reset(cell);
  beasts_.reset(cell);
  sq_[cell] = Piece{};
}

// ---------------------------------------------------------------------------------------
// Effects.

void State::kill(int cell, bool elemental) {
  const Piece q = sq_[cell];
  lift(cell);
  bool corpse = !elemental && q.kind != kBeast && !(q.flags & kClone);
  if (q.kind == kIllusionist && !(q.flags & kClone)) {
    // A centred illusionist destroyed with a clone on the board passes into it: no corpse,
    // the clone becomes the true illusionist (manual B, metamagic).
    for (int c : illusions_)
      if ((sq_[c].flags & kClone) && sq_[c].master == q.id) {
        sq_[c].flags &= static_cast<std::uint8_t>(~kClone);
        sq_[c].master = 0;
        corpse = false;
      }
  }
  if (corpse) {
    const int nibble = (q.flags & kRevived) || q.kind == kScepter ? kSpentNibble : q.kind;
    if (((corpses_[cell] >> (4 * nibble)) & 15) < 15) corpses_[cell] += std::uint32_t{1} << (4 * nibble);
    corpse_cells_.set(cell);
  }
  if (q.kind == kSummoner)  // the beasts die with their summoner, leaving nothing
    for (int b : beasts_)
      if (sq_[b].master == q.id) lift(b);
  if (q.kind == kScepter) eliminate(q.owner);
}

// A player whose scepter falls: all its pieces vanish, the corpses on the board stay.
void State::eliminate(Player p) {
  for (int c : own_[p]) lift(c);
  out_mask_ |= static_cast<std::uint8_t>(1u << p);
  if (hold_player_ == p) hold_player_ = -1;
}

// The three field cells of a force mage standing on x, if its field is on there: next to its
// own scepter and not inside a hostile barrier (manual C). Used along the mage's move.
void State::sweep_field(int x, Player owner) {
  const Geometry& g = *geo_;
  if (x == g.centre) return;  // the sanctuary is applied by settle()
  const int team = team_of(owner);
  if (enemy_barrier_[team].test(x)) return;
  if ((g.ring[x] & kind_[kScepter] & own_[owner]).none()) return;
  Board cells = g.line[x][side_of(owner)].andnot(enemy_barrier_[team]);
  cells.reset(x);
  // Pieces inside an opposing field are out of reach: fields neither overlap nor cross.
  cells = (cells & occ_).andnot(team_pieces(team)).andnot(enemy_field_[team]);
  for (int c : cells)
    if (occ_.test(c)) kill(c, false);
}

void State::do_move(int from, int to) {
  const Geometry& g = *geo_;
  const Piece m = sq_[from];
  if (occ_.test(to) && sq_[to].owner == m.owner) {  // the illusionist's swap
    const Piece q = sq_[to];
    lift(from);
    lift(to);
    place(from, q);
    place(to, m);
    return;
  }
  const int team = team_of(m.owner);
  // The elemental force leaves no corpse; like every ability it is suppressed in a hostile barrier.
  const bool elemental = m.kind == kElementalist && !enemy_barrier_[team].test(from);
  lift(from);
  if (m.kind == kForceMage) {
    // Every square the mage steps on carries its field, which takes the pieces it covers.
    const int dr = (g.row(to) > g.row(from)) - (g.row(to) < g.row(from));
    const int dc = (g.col(to) > g.col(from)) - (g.col(to) < g.col(from));
    for (int c = from; c != to;) {
      c += dr * g.n + dc;
      if (c != to) sweep_field(c, m.owner);
    }
  }
  if (occ_.test(to)) kill(to, elemental);
  if (!out(m.owner)) {
    place(to, m);
    if (m.kind == kForceMage) sweep_field(to, m.owner);
  }
}

void State::compute_barriers() {
  const Geometry& g = *geo_;
  for (auto& b : barrier_) b = Board{};
  // The strengthened barrier lasts while its prophet holds the centre (manual F, metamagic).
  Board ward;
  int ward_team = -1;
  if (ward_kind_) {
    const Piece& caster = sq_[g.centre];
    if (!occ_.test(g.centre) || caster.kind != kProphet || caster.id != ward_caster_) {
      ward_kind_ = 0;
    } else {
      ward_team = team_of(caster.owner);
      if (ward_kind_ == 2) {
        ward.set(ward_cell_);
        ward.set(ward_cell_ + 1);
        ward.set(ward_cell_ + g.n);
        ward.set(ward_cell_ + g.n + 1);
      } else {
        for (int c : occ_)
          if (sq_[c].id == ward_piece_) ward.set(c);
        if (ward.none()) ward_kind_ = 0;  // its piece is gone
      }
    }
  }
  if (!ward_kind_) ward_team = -1;
  kind_[kProphet].for_each([&](int c) {
    const int t = team_of(sq_[c].owner);
    Board area = g.block[c];
    if (ward_team >= 0 && ward_team != t) {
      if (ward.test(c)) return;  // an enemy prophet under the strengthened barrier is locked out
      area = area.andnot(ward);
    }
    barrier_[t] |= area;
  });
  if (ward_team >= 0) barrier_[ward_team] |= ward;
  const int teams = num_teams();
  for (int t = 0; t < teams; ++t) {
    enemy_barrier_[t] = Board{};
    for (int u = 0; u < teams; ++u)
      if (u != t) enemy_barrier_[t] |= barrier_[u];
  }
}

void State::compute_fields(Player actor) {
  const Geometry& g = *geo_;
  const int teams = num_teams();
  std::array<Board, 4> next{};
  kind_[kForceMage].for_each([&](int c) {
    const Player o = sq_[c].owner;
    const int t = team_of(o);
    const Board& hostile = enemy_barrier_[t];
    Board cells;
    if (c == g.centre) {
      cells = g.block[c];  // the sanctuary: metamagic, on whatever the scepter does
    } else {
      if (hostile.test(c) || (g.ring[c] & kind_[kScepter] & own_[o]).none()) return;
      cells = g.line[c][side_of(o)];
    }
    next[t] |= cells.andnot(hostile);  // inside a hostile barrier no field exists
  });
  // Opposing fields neither overlap nor cross: a contested cell stays with the side that
  // held it before this action, else goes to the side that acted, else to the lower team.
  Board seen, twice;
  for (int t = 0; t < teams; ++t) {
    twice |= seen & next[t];
    seen |= next[t];
  }
  for (int c : twice) {
    int keep = -1;
    for (int t = 0; t < teams && keep < 0; ++t)
      if (next[t].test(c) && field_[t].test(c)) keep = t;
    if (keep < 0 && next[team_of(actor)].test(c)) keep = team_of(actor);
    for (int t = 0; t < teams && keep < 0; ++t)
      if (next[t].test(c)) keep = t;
    for (int t = 0; t < teams; ++t)
      if (t != keep) next[t].reset(c);
  }
  for (int t = 0; t < teams; ++t) {
    field_[t] = next[t];
    enemy_field_[t] = Board{};
  }
  for (int t = 0; t < teams; ++t)
    for (int u = 0; u < teams; ++u)
      if (u != t) enemy_field_[t] |= next[u];
}

// After every action: clones without a centred master vanish, then barriers and fields are
// recomputed; a sanctuary on the centre destroys the enemies under it, which may change
// barriers and fields again, so the pass repeats until nothing more dies.
void State::settle(Player actor) {
  const Geometry& g = *geo_;
  for (int round = 0; round < 16 && effects_dirty_; ++round) {
    effects_dirty_ = false;
    const Piece& mid = sq_[g.centre];
    const bool centred_illusionist = occ_.test(g.centre) && mid.kind == kIllusionist && !(mid.flags & kClone);
    const Board illusions = illusions_;  // lift() changes illusions_
    illusions.for_each([&](int c) {
      if ((sq_[c].flags & kClone) && !(centred_illusionist && sq_[c].master == mid.id)) lift(c);
    });
    compute_barriers();
    compute_fields(actor);
    if (!occ_.test(g.centre) || sq_[g.centre].kind != kForceMage) return;
    const int t = team_of(sq_[g.centre].owner);
    const Board victims = (field_[t] & g.block[g.centre] & occ_).andnot(team_pieces(t));
    if (victims.none()) return;
    for (int c : victims)
      if (occ_.test(c)) kill(c, false);
  }
}

void State::check_winners() {
  const Geometry& g = *geo_;
  // Teams with a seat still in: in 2v2 team 0 is seats 0 and 2, team 1 seats 1 and 3;
  // otherwise a team is a seat.
  const unsigned in = ~unsigned(out_mask_) & ((1u << players_) - 1);
  int alive, last;
  if (mode_ == Mode::kAlliance) {
    alive = int((in & 5u) != 0) + int((in & 10u) != 0);
    last = (in & 10u) ? 1 : 0;
  } else {
    alive = in == 0 ? 0 : (in & (in - 1)) == 0 ? 1 : 2;  // none, one, or more
    last = in ? 31 - std::countl_zero(in) : -1;
  }
  if (alive == 1) {
    winner_team_ = static_cast<std::int8_t>(last);
    return;
  }
  if (occ_.test(g.centre) && sq_[g.centre].kind == kScepter) {
    const Player p = sq_[g.centre].owner;
    const int t = team_of(p);
    // The alliance that moved first must hold the source through one full round; the other
    // wins at once; in free-for-all the first scepter there wins (manual 一, D).
    if (mode_ == Mode::kFreeForAll || !hold_rule_ || t == 1) {
      winner_team_ = static_cast<std::int8_t>(t);
    } else if (hold_player_ != p) {
      hold_player_ = static_cast<std::int8_t>(p);
    }
  } else {
    hold_player_ = -1;
  }
}

void State::end_turn() {
  summon_left_ = 0;
  summon_cell_ = -1;
  ++turns_;
  if (winner_team_ != kNoWinner) return;
  int next = current_;
  for (int k = 0; k < players_; ++k) {
    next = (next + 1) % players_;
    if (!out(next)) break;
  }
  current_ = static_cast<std::int8_t>(next);
  if (hold_player_ == current_) winner_team_ = static_cast<std::int8_t>(team_of(current_));
}

void State::apply(Action a) {
  assert(is_legal(a));  // Debug builds: applying an illegal action is the caller's bug, caught here
  ++moves_;
  const Player actor = current_;
  const Layout& L = layout_;
  bool turn_goes_on = false;
  if (a < L.summon) {
    do_move(a / L.cells, a % L.cells);
  } else if (a < L.place) {
    summon_cell_ = static_cast<std::int16_t>(a - L.summon);
    summon_left_ = 4;
    turn_goes_on = true;
  } else if (a < L.end_summon) {
    const Piece& s = sq_[summon_cell_];
    place(a - L.place, Piece{kBeast, s.owner, 0, new_id(), s.id});
    --summon_left_;
    turn_goes_on = summon_left_ > 0;
  } else if (a < L.revive) {
    // end of summoning
  } else if (a < L.clone) {
    const int cell = (a - L.revive) / 6;
    const Kind k = kRevivable[(a - L.revive) % 6];
    corpses_[cell] -= std::uint32_t{1} << (4 * k);
    if (!corpses_[cell]) corpse_cells_.reset(cell);
    place(cell, Piece{k, static_cast<std::int8_t>(actor), kRevived, new_id(), 0});
  } else if (a < L.annihilate) {
    place(a - L.clone,
          Piece{kIllusionist, static_cast<std::int8_t>(actor), kClone, new_id(), sq_[geo_->centre].id});
  } else if (a < L.ward) {
    const int cell = a - L.annihilate;
    corpses_[cell] = 0;
    corpse_cells_.reset(cell);
  } else if (a < L.ward_block) {
    effects_dirty_ = true;
    ward_kind_ = 1;
    ward_caster_ = sq_[geo_->centre].id;
    ward_piece_ = sq_[a - L.ward].id;
  } else if (a < L.pass) {
    effects_dirty_ = true;
    ward_kind_ = 2;
    ward_caster_ = sq_[geo_->centre].id;
    ward_cell_ = static_cast<std::int16_t>(a - L.ward_block);
  }
  settle(actor);
  check_winners();
  if (turn_goes_on && winner_team_ == kNoWinner && !out(actor) && summon_targets(summon_cell_).any()) return;
  end_turn();
}

Values State::returns() const {
  Values v{};
  const int winner = winner_team_ >= 0 ? winner_team_ : is_terminal() ? adjudicated_team() : -1;
  if (winner < 0) return v;
  for (int p = 0; p < players_; ++p) {
    if (mode_ == Mode::kFreeForAll)
      v[p] = p == winner ? players_ - 1.0 : -1.0;
    else
      v[p] = team_of(p) == winner ? 1.0 : -1.0;
  }
  return v;
}

std::string_view State::ending() const {
  if (winner_team_ >= 0) {
    int teams_in = 0;
    for (int t = 0; t < num_teams(); ++t)
      for (int p = 0; p < players_; ++p)
        if (team_of(p) == t && !out(p)) {
          ++teams_in;
          break;
        }
    return teams_in == 1 ? "scepter" : "source";
  }
  return turns_ >= max_turns_ ? "cap" : "";
}

}  // namespace qilab::guifa

// The rules of play: sub-action generation, combat, healing, turns, rounds and placings.
#include <algorithm>
#include <array>
#include <atomic>

#include "engine/mizong/mizong.h"
#include "engine/mizong/paths.h"
#include "engine/mizong/proposals.h"
#include "engine/mizong/zone.h"

namespace qilab::mizong {
namespace {

// Whether attribute x beats y: yang uses rock > scissors > paper > rock, yin the reverse cycle.
bool beats(int x, int y, bool yang) { return y == (x + (yang ? 1 : 2)) % 3; }

// Radius of a hero's or the healer's single heal (options; docs/rules/mizong.md, "Heroes").
int heal_radius(const Rules& r, int kind) {
  return kind == kHealer      ? r.healer_heal_radius
         : kind == kMeleeHero ? r.melee_hero_heal_radius
                              : r.ranged_hero_heal_radius;
}

// Passive healing radius of a healing piece: 1, or (option) its attack radius, the healer's as ranged.
int passive_radius(const Rules& r, int kind) {
  return r.passive_heal_attack_radius && !is_melee(kind) ? 3 : 1;
}

// Rejected move proposals (MoveTable ends with no free walk) after which a draw walks the
// moves instead (a walk costs about as much as this many proposals).
constexpr int kMoveMisses = 16;

// At least as many ends as a walk of the pattern (row_walk_handles) can have anywhere: its
// ends on an empty board from the centre of the point-24 board, whose every cell within 14
// steps is on the board. (For the patterns no MoveTable covers: more than six steps and more
// than two turns.) A pure function of the pattern, kept for the program's life in one slot per
// pattern shared by every thread, like the MoveTables: two threads that race compute the same
// number.
int move_bound(const Pattern& pat) {
  constexpr int kSteps = 15, kTurns = 6;
  static std::array<std::atomic<int>, kSteps * kSteps * kTurns * kTurns * 2> slots{};  // bound + 1
  const bool keyed =
      pat.min_steps >= 0 && pat.max_steps < kSteps && pat.min_turns >= 0 && pat.max_turns < kTurns;
  const std::size_t key =
      keyed ? static_cast<std::size_t>(
                  (((pat.min_steps * kSteps + pat.max_steps) * kTurns + pat.min_turns) * kTurns +
                   pat.max_turns) *
                      2 +
                  (pat.reversal ? 1 : 0))
            : 0;
  if (keyed)
    if (const int b = slots[key].load(std::memory_order_relaxed)) return b - 1;
  const Geometry& g = geometry(24);
  EndRows e;
  walk_end_rows(g, g.centre, pat, Board{}, e);
  const int bound = e.count();
  if (keyed) slots[key].store(bound + 1, std::memory_order_relaxed);
  return bound;
}

}  // namespace

int State::pattern_turns(int id) const {
  const Piece& x = piece(id);
  const int k = x.dark() ? round_ : x.moves + 1;
  return (k - 1) % 3;
}

bool State::visible(Player p, int id) const {
  const Piece& x = piece(id);
  if (!x.dark() || (x.flags & kRevealed) || owner(id) == p) return true;
  return !rules_.hidden_from_teammates && team_of(owner(id)) == team_of(p);
}

bool State::team_visible(Player viewer, int id) const { return visible(viewer, id); }

Board State::team_board(int team) const {
  Board b;
  for (Player q = 0; q < players_; ++q)
    if (team_of(q) == team) b |= own_[static_cast<std::size_t>(q)];
  return b;
}

int clash_of(const Piece& a, const Piece& d, Clash same_attribute_clash) {
  if (d.stunned()) return 1;
  if (a.stunned()) return 2;
  if (a.attr2 == d.attr2) {
    if (a.attr1 == d.attr1) return static_cast<int>(same_attribute_clash);
    return beats(a.attr1, d.attr1, a.attr2 == kYang) ? 1 : 2;
  }
  const bool same = a.attr1 == d.attr1;
  if (a.attr2 == kYang) return same ? 1 : 2;  // yang attacks yin
  return same ? 2 : 1;                        // yin attacks yang
}

int State::clash(int attacker, int defender) const {
  return clash_of(piece(attacker), piece(defender), rules_.same_attribute_clash);
}

bool State::heal_target(int healer, int target) const {
  if (target == healer || target < 0) return false;
  const Piece& h = piece(healer);
  const Piece& x = piece(target);
  if (x.cell < 0 || x.stunned() || h.stunned() || x.hp >= max_hp(x.kind)) return false;
  if (team_of(owner(target)) != team_of(owner(healer))) return false;
  if (!visible(owner(healer), target)) return false;
  return rules_.hero_heal_any_attributes || (x.attr1 == h.attr1 && x.attr2 != h.attr2);
}

// The cells of the healer's side that heal_target may accept (its own seat or its team, not
// stunned), bits first .. first+n-1 of them: discs of heal targets only look at these.
std::uint64_t State::heal_candidates(int healer, int first, int n) const {
  const Player p = owner(healer);
  std::uint64_t v = 0;
  if (rules_.teams == Teams::kFreeForAll) {
    v = Geometry::bits_at(own_[static_cast<std::size_t>(p)], first, n);
  } else {
    const int team = team_of(p);
    for (Player q = 0; q < players_; ++q)
      if (team_of(q) == team) v |= Geometry::bits_at(own_[static_cast<std::size_t>(q)], first, n);
  }
  return v & ~Geometry::bits_at(stunned_, first, n);
}

int State::area_heal_count(int healer) const {
  int n = 0;
  geo_->for_disc_bits(
      piece(healer).cell, rules_.area_heal_radius,
      [&](int first, int k) { return heal_candidates(healer, first, k); },
      [&](int c) { n += heal_target(healer, at_[static_cast<std::size_t>(c)]); });
  return n;
}

std::uint64_t State::zone_enemies(int w) const {
  const Player p = owner(act_.piece);
  std::uint64_t f = own_[static_cast<std::size_t>(p)].word(w);
  if (rules_.teams != Teams::kFreeForAll)
    for (Player q = 0; q < players_; ++q)
      if (q != p && team_of(q) == team_of(p)) f |= own_[static_cast<std::size_t>(q)].word(w);
  return zone_.word(w) & occ_.word(w) & ~f;
}

int State::zone_enemy_count() const {
  int n = 0;
  for (int w = zone_lo_; w < zone_hi_; ++w) n += bit_count(zone_enemies(w));
  return n;
}

int State::zone_enemy_at(int k) const {
  for (int w = zone_lo_; w < zone_hi_; ++w) {
    std::uint64_t v = zone_enemies(w);
    const int n = bit_count(v);
    if (k >= n) {
      k -= n;
      continue;
    }
    for (; k > 0; --k) v &= v - 1;
    return 64 * w + std::countr_zero(v);
  }
  return -1;
}

std::vector<int> State::move_ends(int id) const {
  std::vector<int> out;
  Activation a{static_cast<std::int16_t>(id), piece(id).cell, 0, 0, 0, false};
  gen_sub(a, false, [&](Action x) {
    if (x >= layout_.move && x < layout_.attack) out.push_back(x - layout_.move);
    return false;
  });
  std::sort(out.begin(), out.end());
  return out;
}

// Sub-actions of activation `a`, fed to sink(action) until it returns true (then true).
template <class Sink>
bool State::gen_sub(const Activation& a, bool include_done, Sink&& sink, int only) const {
  const Geometry& g = *geo_;
  const int id = a.piece;
  const Piece& x = piece(id);
  const int c = x.cell;
  const Player p = owner(id);
  const int team = team_of(p);
  const int kind = x.kind;
  const bool hero = is_hero(kind);
  bool stop = false;
  auto emit = [&](Action act) {
    if (!stop) stop = sink(act);
    return stop;
  };
  const Board& own = own_[static_cast<std::size_t>(p)];
  const bool ffa = rules_.teams == Teams::kFreeForAll;
  auto enemy = [&](int cell) {
    if (!occ_.test(cell) || own.test(cell)) return false;
    return ffa || team_of(owner(at_[static_cast<std::size_t>(cell)])) != team;
  };
  auto others = [&](int first, int n) {
    return Geometry::bits_at(occ_, first, n) & ~Geometry::bits_at(own, first, n);
  };
  auto attacks = [&](int radius) {
    return g.for_disc_bits(c, radius, others, [&](int t) { return enemy(t) && emit(layout_.attack + t); });
  };
  // Own pieces that are not stunned (stunned_ mirrors the kStunned flags).
  auto swappable = [&](int first, int n) {
    return Geometry::bits_at(own, first, n) & ~Geometry::bits_at(stunned_, first, n);
  };
  auto swaps = [&](int radius) {
    return g.for_disc_bits(c, radius, swappable, [&](int t) { return emit(layout_.swap + t); });
  };
  auto moves = [&](const Pattern& pat) {
    walk_ends(g, c, pat, occ_, [&](int e) { return emit(layout_.move + e); });
    return stop;
  };
  const int steps = rules_.steps;
  if (!hero) {
    const bool melee = is_melee(kind);
    // A swap is the whole activation, or (swap_after_acting) may close it after moves and attacks.
    if ((only & kOnlySwap) && (a.acts == 0 || rules_.swap_after_acting) && swaps(rules_.swap_radius))
      return true;
    if (!a.moved) {
      if ((only & kOnlyAttack) && a.before < (melee ? 3 : 2) && attacks(attack_radius(kind))) return true;
      if ((only & kOnlyMove) && a.before <= 1) {
        const int t = pattern_turns(id);
        if (moves(Pattern{rules_.exact_steps ? steps : 1, steps, t, t, rules_.allow_reversal})) return true;
      }
    } else if ((only & kOnlyAttack) && a.after == 0) {
      if (melee) {
        if (attacks(1)) return true;
      } else if (a.before == 0) {
        for (int w = zone_lo_; w < zone_hi_ && !stop; ++w)
          for (std::uint64_t v = zone_enemies(w); v && !stop; v &= v - 1)
            emit(layout_.attack + 64 * w + std::countr_zero(v));
        if (stop) return true;
      }
    }
  } else {
    const int ap = x.ap;
    if ((only & kOnlySwap) && ap >= kApSwap && swaps(rules_.hero_swap_radius)) return true;
    if ((only & kOnlyAttack) && kind != kHealer && ap >= kApAttack[kind] && attacks(attack_radius(kind)))
      return true;
    if ((only & kOnlyHeal) && ap >= kApHeal[kind]) {
      if (g.for_disc_bits(
              c, heal_radius(rules_, kind), [&](int first, int n) { return heal_candidates(id, first, n); },
              [&](int t) {
                return heal_target(id, at_[static_cast<std::size_t>(t)]) && emit(layout_.heal + t);
              }))
        return true;
    }
    if ((only & kOnlyArea) && kind == kHealer) {
      const int n = area_heal_count(id);
      if (n > 0 && ap >= kApAreaPerPiece * n && emit(layout_.area_heal)) return true;
    }
    if ((only & kOnlyMove) && ap >= kApMove[kind]) {
      const int lo = kind == kMeleeHero ? 1 : (rules_.exact_steps ? steps : 1);
      const int hi = kind == kMeleeHero ? 2 * steps : steps;
      if (moves(Pattern{lo, hi, 0, kHeroMaxTurns[kind], rules_.allow_reversal})) return true;
    }
  }
  if (include_done && a.acts > 0 && emit(layout_.done)) return true;
  return stop;
}

bool State::selectable(int id) const {
  const Piece& x = piece(id);
  if (x.cell < 0 || x.stunned()) return false;
  if (!is_hero(x.kind) && acted_.test(id)) return false;
  // Most pieces stand next to an own unstunned piece (a swap, radius >= 1) or an enemy (an
  // attack, radius >= 1, open to an ordinary piece before it acts and to a hero with the AP).
  const bool can_swap = !is_hero(x.kind) || x.ap >= kApSwap;
  const bool can_attack = !is_hero(x.kind) || (x.kind != kHealer && x.ap >= kApAttack[x.kind]);
  if (can_swap || can_attack) {
    const Player p = owner(id);
    const Board& own = own_[static_cast<std::size_t>(p)];
    const auto& nb = geo_->nb[static_cast<std::size_t>(x.cell)];
    for (int d = 0; d < kDirs; ++d) {
      const int y = nb[static_cast<std::size_t>(d)];
      if (y < 0 || !occ_.test(y)) continue;
      if (own.test(y)) {
        if (can_swap && !stunned_.test(y)) return true;
      } else if (can_attack && (rules_.teams == Teams::kFreeForAll ||
                                team_of(owner(at_[static_cast<std::size_t>(y)])) != team_of(p))) {
        return true;
      }
    }
  }
  Activation a{static_cast<std::int16_t>(id), x.cell, 0, 0, 0, false};
  // The cheap sub-actions first (a swap with a neighbour settles most pieces in a few
  // lookups; a walk that may stop after one step is a look at the neighbours), the move walk last.
  if (quick_move_test(x) && any_move(a)) return true;
  return gen_sub(
             a, false, [](Action) { return true; }, kOnlyAll & ~kOnlyMove) ||
         any_move(a);
}

// Whether activation `a` may move now: gen_sub's move family is not empty, asked without the
// whole walk where a cheaper test is exact.
bool State::any_move(const Activation& a) const {
  const Piece& x = piece(a.piece);
  if (!is_hero(x.kind)) {
    if (a.moved || a.before > 1) return false;
    if (rules_.exact_steps) {  // depth first: stops at the first end
      bool found = false;
      segment_ends(
          *geo_, x.cell, rules_.steps, pattern_turns(a.piece), rules_.allow_reversal,
          [&](int y) { return occ_.test(y); }, [&](int) { return found = true; });
      return found;
    }
  } else {
    if (x.ap < kApMove[x.kind]) return false;
    // A walk that may stop after one step has an end exactly when a neighbour is empty.
    if (x.kind == kMeleeHero || !rules_.exact_steps) {
      for (int d = 0; d < kDirs; ++d) {
        const int y = geo_->nb[static_cast<std::size_t>(x.cell)][static_cast<std::size_t>(d)];
        if (y >= 0 && !occ_.test(y)) return true;
      }
      return false;
    }
  }
  return gen_sub(
      a, false, [](Action) { return true; }, kOnlyMove);
}

bool State::any_left_to_do() const {
  if (quick_move_test(piece(act_.piece)) && any_move(act_)) return true;
  return gen_sub(
             act_, false, [](Action) { return true; }, kOnlyAll & ~kOnlyMove) ||
         any_move(act_);
}

bool State::left_to_do_as(int kind) {
  Piece& x = pc_[static_cast<std::size_t>(act_.piece)];
  const std::uint8_t real = x.kind;
  x.kind = static_cast<std::uint8_t>(kind);
  const bool zone_needed =
      kind == kRanged && real != kRanged && act_.moved && act_.before == 0 && act_.after == 0;
  Board saved;
  const std::int16_t saved_lo = zone_lo_, saved_hi = zone_hi_;
  if (zone_needed) {
    saved = zone_;
    compute_zone(act_.start, x.cell, pattern_turns(act_.piece));
  }
  const bool left = any_left_to_do();
  if (zone_needed) {
    zone_ = saved;
    zone_lo_ = saved_lo;
    zone_hi_ = saved_hi;
  }
  x.kind = real;
  return left;
}

// What a sub-action of an unrevealed dark ordinary piece shows everyone (heroes reveal
// themselves by spending action points). Before it: the kind of sub-action and, for an
// attack, its distance and the attacks made so far.
void State::note_evidence_before(Action a) {
  Piece& x = pc_[static_cast<std::size_t>(act_.piece)];
  if (is_hero(x.kind) || public_identity(act_.piece)) return;
  x.may_kinds &= kOrdinaryKinds;  // it acts without action points
  if (a >= layout_.attack && a < layout_.heal) {
    const int target = a - layout_.attack;
    if (geo_->distance(x.cell, target) > 1) {
      x.may_kinds &= 1 << kRanged;  // melee reach is 1
    } else if ((act_.moved && act_.before >= 1) || (!act_.moved && act_.before == 2)) {
      x.may_kinds &= 1 << kMelee;  // attacks before and after a move, or a third standing attack
    }
  }
}

// After it: whether the activation goes on (the piece has something left to do) or ends by
// itself; when the other ordinary kind would have done otherwise, the kind is proven.
void State::note_evidence_after(bool left) {
  const int id = act_.piece;
  Piece& x = pc_[static_cast<std::size_t>(id)];
  if (is_hero(x.kind) || public_identity(id) || (x.may_kinds & kOrdinaryKinds) != kOrdinaryKinds) return;
  const int other = x.kind == kMelee ? kRanged : kMelee;
  if (left_to_do_as(other) != left) x.may_kinds &= static_cast<std::uint8_t>(1 << x.kind);
}

void State::legal_actions(ActionList& out) const {
  out.clear();
  if (over_) return;
  if (act_.piece >= 0) {
    // Written in place: an activation has fewer than kMaxSubActions sub-actions.
    Action* p = out.reserve_back(kMaxSubActions);
    int n = 0;
    gen_sub(act_, true, [&](Action a) {
      p[n++] = a;
      return false;
    });
    out.commit(n);
    return;
  }
  const int first = current_ * home_;
  Action* p = out.reserve_back(home_ + 1);
  int n = 0;
  for (int id = first; id < first + home_; ++id)
    if (selectable(id)) p[n++] = layout_.select + piece(id).cell;
  p[n++] = layout_.end_turn;
  out.commit(n);
}

// The sub-actions of the activation in progress without their list: each family of gen_sub
// (swaps, attacks, heals, area heal, moves, done) is counted (bit counts of disc rows, of the
// attack zone, of the walk's end rows) and the action at index k is read from its family, in
// gen_sub's order, so index k is legal_actions()[k] (tests/mizong/generators_test.cc). With
// rng, k is drawn uniformly over the total; `count` receives the total.
Action State::pick_sub(Rng* rng, int k, int* count) const {
  const Geometry& g = *geo_;
  const Activation& a = act_;
  const int id = a.piece;
  const Piece& x = piece(id);
  const int c = x.cell;
  const Player p = owner(id);
  const int kind = x.kind;
  const int team = team_of(p);
  const Board& own = own_[static_cast<std::size_t>(p)];
  const bool ffa = rules_.teams == Teams::kFreeForAll;
  auto friends = [&](int first, int n) {
    if (ffa) return Geometry::bits_at(own, first, n);
    std::uint64_t v = 0;
    for (Player q = 0; q < players_; ++q)
      if (team_of(q) == team) v |= Geometry::bits_at(own_[static_cast<std::size_t>(q)], first, n);
    return v;
  };
  auto enemies = [&](int first, int n) { return Geometry::bits_at(occ_, first, n) & ~friends(first, n); };
  auto swappable = [&](int first, int n) {
    return Geometry::bits_at(own, first, n) & ~Geometry::bits_at(stunned_, first, n);
  };
  auto healable = [&](int first, int n) {
    std::uint64_t v = 0;
    for (std::uint64_t w = heal_candidates(id, first, n); w; w &= w - 1) {
      const int b = std::countr_zero(w);
      if (heal_target(id, at_[static_cast<std::size_t>(first + b)])) v |= std::uint64_t{1} << b;
    }
    return v;
  };
  // Which families are open (radius -1: none), as in gen_sub.
  int swap_r = -1, attack_r = -1, heal_r = -1;
  bool zone = false, area = false, moves = false;
  Pattern pat{};
  const int steps = rules_.steps;
  if (!is_hero(kind)) {
    const bool melee = is_melee(kind);
    if (a.acts == 0 || rules_.swap_after_acting) swap_r = rules_.swap_radius;
    if (!a.moved) {
      if (a.before < (melee ? 3 : 2)) attack_r = attack_radius(kind);
      if (a.before <= 1) {
        const int t = pattern_turns(id);
        moves = true;
        pat = Pattern{rules_.exact_steps ? steps : 1, steps, t, t, rules_.allow_reversal};
      }
    } else if (a.after == 0) {
      if (melee)
        attack_r = 1;
      else
        zone = a.before == 0;
    }
  } else {
    const int ap = x.ap;
    if (ap >= kApSwap) swap_r = rules_.hero_swap_radius;
    if (kind != kHealer && ap >= kApAttack[kind]) attack_r = attack_radius(kind);
    if (ap >= kApHeal[kind]) heal_r = heal_radius(rules_, kind);
    area = kind == kHealer && ap >= kApAreaPerPiece;  // (and only if it heals someone it can pay for)
    if (ap >= kApMove[kind]) {
      moves = true;
      pat = Pattern{kind == kMeleeHero ? 1 : (rules_.exact_steps ? steps : 1),
                    kind == kMeleeHero ? 2 * steps : steps, 0, kHeroMaxTurns[kind], rules_.allow_reversal};
    }
  }
  if (moves && !row_walk_handles(pat)) {  // (reversal allowed: the general walk, through the list)
    thread_local ActionList list;
    legal_actions(list);
    if (count) *count = list.size();
    if (rng) k = static_cast<int>(rng->below(static_cast<std::uint32_t>(list.size())));
    return k >= 0 && k < list.size() ? list[k] : kInvalidAction;
  }
  // A walk's ends lie on empty cells: none when every neighbour is taken (no walk needed).
  if (moves) {
    bool open = false;
    for (int d = 0; d < kDirs && !open; ++d) {
      const int y = g.nb[static_cast<std::size_t>(c)][static_cast<std::size_t>(d)];
      open = y >= 0 && !occ_.test(y);
    }
    moves = open;
  }
  const int n_done = a.acts > 0 ? 1 : 0;
  // Area heal: legal when it heals at least one piece and the healer can pay 3 AP for each.
  auto area_legal = [&] {
    const int n = area_heal_count(id);
    return n > 0 && x.ap >= kApAreaPerPiece * n;
  };
  if (rng) {
    int n_area = area ? 1 : 0;  // tested only when the draw lands on it
    // The draw proposes and rejects; it counts a family only when that is cheaper. Families:
    // swaps, attacks, heals (each standing for its disc's 3r(r+1) cells until counted), moves
    // (the ends of the pattern's MoveTable, i.e. its ends on an empty board, until walked),
    // area heal (tested when drawn) and done. An index is drawn over the current sizes; in a
    // family not yet counted its cell is proposed and tested (a disc cell for a member; a
    // move's end for a free walk there, ReachProbe); a proposal that is not a legal action is
    // rejected and the index drawn again, over sizes that may have shrunk to a family's real
    // count. Every legal action has exactly one index in every round, so the action taken is
    // uniform over the legal actions (rejection sampling with sizes that only shrink to exact
    // counts). After 32 rounds every family is counted (only area heal is still tested when drawn).
    // Moves (every pattern move_table_handles: no reversal, at most two turns or at most six
    // steps) are proposed: index u is end u of the pattern's MoveTable, kept when ReachProbe
    // finds a free walk to it (exact); after kMoveMisses rejected ends they are walked.
    const MoveTable* table = moves && move_table_handles(pat) ? &move_table(pat) : nullptr;
    const ReachProbe probe(g, c, occ_, table);  // (cheap: rays are read when first needed)
    int move_misses = 0;                        // after kMoveMisses rejected proposals the moves are walked
    int size[4] = {swap_r >= 0 ? 3 * swap_r * (swap_r + 1) : 0, 0,
                   heal_r >= 0 ? 3 * heal_r * (heal_r + 1) : 0, 0};
    bool exact[4] = {swap_r < 0, true, heal_r < 0, !moves};
    if (attack_r >= 0) {
      size[1] = 3 * attack_r * (attack_r + 1);
      exact[1] = false;
    } else if (zone) {
      size[1] = zone_enemy_count();
    }
    if (moves) size[3] = table ? table->ends() : move_bound(pat);
    EndRows ends;
    auto walk = [&] {
      walk_end_rows(g, c, pat, occ_, ends);
      size[3] = ends.count();
      exact[3] = true;
    };
    // Swaps, attacks and heals within their discs are proposed: index u of a family not yet
    // counted is the u-th cell of its disc (kDiscOffsets, ring by ring), kept when it holds a
    // member and rejected otherwise (no scan); after 2r + 1 rejections in one family (about
    // the cost of scanning its 2r + 1 rows) that family is counted.
    const int radius[3] = {swap_r, attack_r, heal_r};
    int misses[3] = {};
    const int q0 = g.q[static_cast<std::size_t>(c)], r0 = g.r[static_cast<std::size_t>(c)];
    auto disc_draw = [&](int f, auto&& bits, Action base, int u) {
      const int rad = radius[f];
      if (exact[f]) return base + g.disc_nth(c, rad, bits, u);
      const Offset o = kDiscOffsets[static_cast<std::size_t>(u)];
      const int y = g.at(q0 + o.dq, r0 + o.dr);
      if (y >= 0 && (bits(y, 1) & 1)) return base + y;
      if (++misses[f] > 2 * rad + 1) {
        size[f] = g.disc_count(c, rad, bits);
        exact[f] = true;
      }
      return kInvalidAction;
    };
    auto count_disc = [&](int f, auto&& bits) {
      if (exact[f]) return;
      size[f] = g.disc_count(c, radius[f], bits);
      exact[f] = true;
    };
    // (radii past the offset table: counted at once)
    if (radius[0] > kMaxOffsetRadius) count_disc(0, swappable);
    if (radius[1] > kMaxOffsetRadius) count_disc(1, enemies);
    if (radius[2] > kMaxOffsetRadius) count_disc(2, healable);
    for (int round = 0;; ++round) {
      if (round == 32) {
        count_disc(0, swappable);
        count_disc(1, enemies);
        count_disc(2, healable);
        if (!exact[3]) walk();
      }
      const int total = size[0] + size[1] + size[2] + size[3] + n_area + n_done;
      if (total == 0) return kInvalidAction;
      int u = static_cast<int>(rng->below(static_cast<std::uint32_t>(total)));
      if (u < size[0]) {
        const Action x = disc_draw(0, swappable, layout_.swap, u);
        if (x != kInvalidAction) return x;
        continue;
      }
      u -= size[0];
      if (u < size[1]) {
        if (!zone) {
          const Action x = disc_draw(1, enemies, layout_.attack, u);
          if (x != kInvalidAction) return x;
          continue;
        }
        return layout_.attack + zone_enemy_at(u);
      }
      u -= size[1];
      if (u < size[2]) {
        const Action x = disc_draw(2, healable, layout_.heal, u);
        if (x != kInvalidAction) return x;
        continue;
      }
      u -= size[2];
      if (u < size[3]) {
        if (exact[3]) return layout_.move + ends.nth(g, u);
        if (table) {
          // The proposed end: kept when a walk ends there; off the board, taken or out of
          // reach: rejected.
          const int y = probe.cell(u);
          if (probe.reaches(u, y)) return layout_.move + y;
          if (++move_misses >= kMoveMisses) walk();
          continue;
        }
        walk();
        if (u < size[3]) return layout_.move + ends.nth(g, u);
        continue;
      }
      u -= size[3];
      if (u < n_area) {
        if (area_legal()) return layout_.area_heal;
        n_area = 0;
        continue;
      }
      return layout_.done;
    }
  }
  const int n_swap = swap_r >= 0 ? g.disc_count(c, swap_r, swappable) : 0;
  const int n_attack = attack_r >= 0 ? g.disc_count(c, attack_r, enemies) : zone ? zone_enemy_count() : 0;
  const int n_heal = heal_r >= 0 ? g.disc_count(c, heal_r, healable) : 0;
  const int n_area = area && area_legal() ? 1 : 0;
  const int n_exact = n_swap + n_attack + n_heal + n_area + n_done;
  EndRows ends;
  int n_move = 0;
  if (moves) {
    walk_end_rows(g, c, pat, occ_, ends);
    n_move = ends.count();
  }
  const int total = n_exact + n_move;
  if (count) *count = total;
  if (rng && total > 0) k = static_cast<int>(rng->below(static_cast<std::uint32_t>(total)));
  if (k < 0 || k >= total) return kInvalidAction;
  if (k < n_swap) return layout_.swap + g.disc_nth(c, swap_r, swappable, k);
  k -= n_swap;
  if (k < n_attack) {
    if (!zone) return layout_.attack + g.disc_nth(c, attack_r, enemies, k);
    return layout_.attack + zone_enemy_at(k);
  }
  k -= n_attack;
  if (k < n_heal) return layout_.heal + g.disc_nth(c, heal_r, healable, k);
  k -= n_heal;
  if (n_area) {
    if (k == 0) return layout_.area_heal;
    --k;
  }
  if (k < n_move) return layout_.move + ends.nth(g, k);
  return layout_.done;
}

int State::sub_action_count() const {
  if (over_ || act_.piece < 0) return 0;
  int n = 0;
  pick_sub(nullptr, -1, &n);
  return n;
}

Action State::sub_action_at(int k) const {
  return over_ || act_.piece < 0 ? kInvalidAction : pick_sub(nullptr, k, nullptr);
}

Action State::random_action(Rng& rng) const {
  if (over_) return kInvalidAction;
  if (act_.piece >= 0) return pick_sub(&rng, -1, nullptr);
  // Every piece slot of the seat and end-turn equally likely; a draw that is not legal is
  // drawn again, so each legal action is equally likely. After many misses (few selectable
  // pieces among many that are slow to rule out) the list is built instead: still uniform.
  const int first = current_ * home_;
  for (int tries = 0; tries < 4 * home_; ++tries) {
    const int u = static_cast<int>(rng.below(static_cast<std::uint32_t>(home_ + 1)));
    if (u == home_) return layout_.end_turn;
    const int id = first + u;
    if (selectable(id)) return layout_.select + piece(id).cell;
  }
  thread_local ActionList list;
  legal_actions(list);
  return list[static_cast<int>(rng.below(static_cast<std::uint32_t>(list.size())))];
}

bool State::is_legal(Action a) const {
  if (a < 0 || a >= layout_.total || over_) return false;
  const Layout& L = layout_;
  if (act_.piece < 0) {
    if (a == L.end_turn) return true;
    if (a >= L.move) return false;
    const int id = at_[static_cast<std::size_t>(a)];
    return id >= 0 && owner(id) == current_ && selectable(id);
  }
  if (a < L.move || a == L.end_turn) return false;
  if (a == L.done) return act_.acts > 0;
  // Only the sub-actions of a's kind are generated, stopping at a.
  const int kind = a == L.area_heal ? kOnlyArea : kOnlyMove << ((a - L.move) / L.cells);
  if (kind == kOnlyMove) {
    const Piece& x = piece(act_.piece);
    if (geo_->distance(x.cell, a - L.move) > 2 * rules_.steps) return false;
  }
  return gen_sub(
      act_, false, [&](Action x) { return x == a; }, kind);
}

// ---- effects ----

void State::remove_piece(int id) {
  Piece& x = pc_[static_cast<std::size_t>(id)];
  if (x.cell < 0) return;
  tally_piece(id, -1);
  if (x.cell == geo_->centre) centre_disturbed_ = true;
  at_[static_cast<std::size_t>(x.cell)] = -1;
  occ_.reset(x.cell);
  own_[static_cast<std::size_t>(owner(id))].reset(x.cell);
  stunned_.reset(x.cell);
  x.cell = -1;
}

void State::move_piece(int id, int to) {
  Piece& x = pc_[static_cast<std::size_t>(id)];
  const int from = x.cell;
  tally_piece(id, -1);
  if (from == geo_->centre || to == geo_->centre) centre_disturbed_ = true;
  auto& own = own_[static_cast<std::size_t>(owner(id))];
  at_[static_cast<std::size_t>(from)] = -1;
  occ_.reset(from);
  own.reset(from);
  at_[static_cast<std::size_t>(to)] = static_cast<std::int16_t>(id);
  occ_.set(to);
  own.set(to);
  if (stunned_.test(from)) {
    stunned_.reset(from);
    stunned_.set(to);
  }
  x.cell = static_cast<std::int16_t>(to);
  tally_piece(id, 1);
}

void State::swap_pieces(int a, int b) {
  Piece& x = pc_[static_cast<std::size_t>(a)];
  Piece& y = pc_[static_cast<std::size_t>(b)];
  tally_piece(a, -1);  // (two pieces of one seat: no match-up between them)
  tally_piece(b, -1);
  if (x.cell == geo_->centre || y.cell == geo_->centre) centre_disturbed_ = true;
  if (stunned_.test(x.cell) != stunned_.test(y.cell)) {
    stunned_.flip(x.cell);
    stunned_.flip(y.cell);
  }
  std::swap(x.cell, y.cell);
  at_[static_cast<std::size_t>(x.cell)] = static_cast<std::int16_t>(a);
  at_[static_cast<std::size_t>(y.cell)] = static_cast<std::int16_t>(b);
  tally_piece(a, 1);
  tally_piece(b, 1);
}

// A hero's heal shows the target's attributes: the healer's attr1, the other attr2.
void State::note_healed(int healer, int target) {
  if (rules_.hero_heal_any_attributes || public_identity(target)) return;
  const Piece& h = piece(healer);
  pc_[static_cast<std::size_t>(target)].may_attrs &=
      static_cast<std::uint8_t>(attribute_bit(h.attr1, 1 - h.attr2));
}

void State::heal_piece(int id) {
  Piece& x = pc_[static_cast<std::size_t>(id)];
  const int hp = std::min(max_hp(x.kind), x.hp + 6);
  tally_.hp[static_cast<std::size_t>(team_of(owner(id)))] += hp - x.hp;
  x.hp = static_cast<std::uint8_t>(hp);
}

void State::hurt(int id, int sixths) {
  Piece& x = pc_[static_cast<std::size_t>(id)];
  tally_.hp[static_cast<std::size_t>(team_of(owner(id)))] -= std::min<int>(x.hp, sixths);
  if (x.hp <= sixths) {
    x.hp = 0;
    kill(id);
  } else {
    x.hp = static_cast<std::uint8_t>(x.hp - sixths);
  }
}

void State::attack(int attacker, int defender) {
  const int who = clash(attacker, defender);
  Piece& a = pc_[static_cast<std::size_t>(attacker)];
  Piece& d = pc_[static_cast<std::size_t>(defender)];
  if (a.cell == geo_->centre || d.cell == geo_->centre) centre_disturbed_ = true;
  if (who != 0 && rules_.reveal_on_combat) {
    if (a.dark()) a.flags |= kRevealed;
    if (d.dark()) d.flags |= kRevealed;
  }
  if (who == 0) {  // nobody loses: both attribute pairs are equal (neither is stunned)
    if (public_identity(attacker) && !public_identity(defender))
      d.may_attrs &= static_cast<std::uint8_t>(attribute_bit(a.attr1, a.attr2));
    if (public_identity(defender) && !public_identity(attacker))
      a.may_attrs &= static_cast<std::uint8_t>(attribute_bit(d.attr1, d.attr2));
  }
  const int ca = class_of(a.kind), cd = class_of(d.kind);
  if (who == 1)
    hurt(defender, kDamage[ca][cd]);
  else if (who == 2)
    hurt(attacker, rules_.counter_defender_class ? kDamage[cd][ca] : kDamage[ca][cd]);
}

void State::kill(int id) {
  remove_piece(id);
  const Player p = owner(id);
  if (--alive_[static_cast<std::size_t>(p)] > 0) return;
  out_mask_ |= static_cast<std::uint8_t>(1u << p);
  const int team = team_of(p);
  for (Player q = 0; q < players_; ++q)
    if (team_of(q) == team && !out(q)) return;
  place_team(team, false);
}

void State::leave(Player p) {
  out_mask_ |= static_cast<std::uint8_t>(1u << p);
  const int first = p * home_;
  for (int id = first; id < first + home_; ++id) remove_piece(id);
}

int State::team_hp(int team) const {
  int hp = 0;
  for (Player p = 0; p < players_; ++p)
    if (team_of(p) == team)
      for (int id = p * home_; id < (p + 1) * home_; ++id)
        if (piece(id).cell >= 0) hp += piece(id).hp;
  return hp;
}

void State::place_team(int team, bool winner) {
  if (place2_[static_cast<std::size_t>(team)] != 0) return;
  place2_[static_cast<std::size_t>(team)] =
      static_cast<std::uint8_t>(2 * (winner ? next_top_++ : next_bottom_--));
  for (Player p = 0; p < players_; ++p)
    if (team_of(p) == team) leave(p);
  int unplaced = 0, last = -1;
  for (int t = 0; t < num_teams(); ++t)
    if (place2_[static_cast<std::size_t>(t)] == 0) ++unplaced, last = t;
  if (unplaced == 1) {  // the only player (team) neither won nor lost has lost
    place2_[static_cast<std::size_t>(last)] = static_cast<std::uint8_t>(2 * next_top_);
    for (Player p = 0; p < players_; ++p)
      if (team_of(p) == last) leave(p);
    over_ = true;
  } else if (unplaced == 0) {
    over_ = true;
  } else if (winner && rules_.stop_at_first_winner) {
    rank_rest(false);
  }
  if (over_ && ending_ == Ending::kNone) ending_ = winner ? Ending::kCentre : Ending::kAnnihilation;
}

void State::rank_rest(bool at_cap) {
  // Each unplaced team's score: remaining HP (sixths), its evaluation score, or 0 for all.
  const int how = at_cap ? rules_.adjudicate : 0;
  const std::array<double, kMaxPlayers> eval = how == 1 ? team_scores() : std::array<double, kMaxPlayers>{};
  const double margin = how == 1 ? kAdjudicateMargin : 0.0;
  std::array<std::pair<double, int>, kMaxPlayers> rest{};
  int n = 0;
  for (int t = 0; t < num_teams(); ++t)
    if (place2_[static_cast<std::size_t>(t)] == 0)
      rest[static_cast<std::size_t>(n++)] = {how == 0   ? double(team_hp(t))
                                             : how == 1 ? eval[static_cast<std::size_t>(t)]
                                                        : 0.0,
                                             t};
  for (int i = 1; i < n; ++i)  // insertion sort: highest score first, then team order
    for (int k = i;
         k > 0 && rest[static_cast<std::size_t>(k)].first > rest[static_cast<std::size_t>(k - 1)].first; --k)
      std::swap(rest[static_cast<std::size_t>(k)], rest[static_cast<std::size_t>(k - 1)]);
  for (int i = 0; i < n;) {
    // A group: teams each within the margin of the one before it (equal scores with margin 0).
    int j = i + 1;
    while (j < n &&
           rest[static_cast<std::size_t>(j - 1)].first - rest[static_cast<std::size_t>(j)].first <= margin)
      ++j;
    // places next_top_+i .. next_top_+j-1 shared: twice their mean
    const int twice_mean = 2 * (next_top_ + i) + (j - i - 1);
    for (int k = i; k < j; ++k)
      place2_[static_cast<std::size_t>(rest[static_cast<std::size_t>(k)].second)] =
          static_cast<std::uint8_t>(twice_mean);
    i = j;
  }
  over_ = true;
}

void State::finish_activation() {
  if (act_.piece >= 0 && !is_hero(piece(act_.piece).kind)) acted_.set(act_.piece);
  act_ = Activation{};
  for (int w = zone_lo_; w < zone_hi_; ++w) zone_.set_word(w, 0);  // (every set word lies in [lo, hi))
  zone_lo_ = zone_hi_ = 0;
  if (!over_ && out(current_)) end_turn();
}

void State::start_turn() {
  acted_ = PieceSet{};
  const int first = current_ * home_;
  stunned_ &= ~own_[static_cast<std::size_t>(current_)];  // (the cells of the seat's pieces)
  for (int id = first; id < first + home_; ++id) {
    Piece& x = pc_[static_cast<std::size_t>(id)];
    if (x.stunned() && x.cell >= 0) {  // the stun ends: its match-ups change
      tally_piece(id, -1);
      x.flags &= static_cast<std::uint8_t>(~kStunned);
      tally_piece(id, 1);
    }
    x.flags &= static_cast<std::uint8_t>(~kStunned);
    if (is_hero(x.kind)) x.ap = static_cast<std::uint8_t>(kApBudget[x.kind]);
  }
}

void State::end_turn() {
  int s = current_;
  for (int guard = 0; guard <= 2 * players_; ++guard) {
    if (++s == players_) {
      s = 0;
      end_round();
      if (over_) return;
    }
    if (!out(s)) break;
  }
  current_ = static_cast<std::int8_t>(s);
  start_turn();
}

void State::end_round() {
  const Geometry& g = *geo_;
  // Passive healing: a damaged piece next to a compatible friendly piece.
  for (int id = 0; id < players_ * home_; ++id) {
    Piece& x = pc_[static_cast<std::size_t>(id)];
    if (x.cell < 0) continue;
    if (x.hp >= max_hp(x.kind) || x.stunned()) {
      x.heal = 0;
      continue;
    }
    const int team = team_of(owner(id));
    int period = 0;
    g.for_disc(x.cell, rules_.passive_heal_attack_radius ? 3 : 1, [&](int c) {
      const int y = at_[static_cast<std::size_t>(c)];
      if (y < 0) return;
      const Piece& h = piece(y);
      if (h.stunned() || team_of(owner(y)) != team || h.attr1 != x.attr1 || h.attr2 == x.attr2) return;
      // Heroes and the healer heal with action points; passively only with hero_passive_heal.
      if (is_hero(h.kind) && !rules_.hero_passive_heal) return;
      if (g.distance(c, x.cell) > passive_radius(rules_, h.kind)) return;
      const int per = rules_.heal_rate_by_healed ? (is_melee(x.kind) ? 3 : 5) : (is_melee(h.kind) ? 3 : 5);
      if (period == 0 || per < period) period = per;
    });
    if (period == 0) {
      x.heal = 0;
    } else if (++x.heal >= period) {
      x.heal = 0;
      heal_piece(id);
    }
  }
  // The centre: 23 quiet rounds win.
  const int holder = at_[static_cast<std::size_t>(g.centre)];
  if (holder < 0 || centre_disturbed_)
    hold_rounds_ = 0;
  else
    ++hold_rounds_;
  centre_disturbed_ = false;
  if (holder >= 0 && hold_rounds_ >= rules_.centre_rounds) {
    hold_rounds_ = 0;
    place_team(team_of(owner(holder)), true);
    centre_disturbed_ = false;
    if (over_) return;
  }
  if (round_ >= rules_.round_cap) {
    ending_ = Ending::kRoundCap;
    rank_rest(true);
    return;
  }
  ++round_;
}

void State::compute_zone(int start, int end, int turns) {
  // zone.cc: tabled walks of the default patterns, the depth-first walk otherwise; only the
  // words the last zone used are cleared.
  int lo = zone_lo_, hi = zone_hi_;
  attack_zone(
      *geo_, start, end,
      Pattern{rules_.exact_steps ? rules_.steps : 1, rules_.steps, turns, turns, rules_.allow_reversal}, occ_,
      zone_, lo, hi);
  zone_lo_ = static_cast<std::int16_t>(lo);
  zone_hi_ = static_cast<std::int16_t>(hi);
}

void State::play(Action a) {
  ++moves_;
  if (act_.piece < 0) {
    if (a == layout_.end_turn) {
      end_turn();
      return;
    }
    const int c = a - layout_.select;
    act_ = Activation{at_[static_cast<std::size_t>(c)], static_cast<std::int16_t>(c), 0, 0, 0, false};
    return;
  }
  if (a == layout_.done) {
    finish_activation();
    return;
  }
  const int id = act_.piece;
  note_evidence_before(a);
  Piece& x = pc_[static_cast<std::size_t>(id)];
  const int kind = x.kind;
  const bool hero = is_hero(kind);
  bool ends = false;
  if (a < layout_.attack) {  // move
    const int to = a - layout_.move;
    if (!hero && !is_melee(kind) && act_.before == 0) compute_zone(x.cell, to, pattern_turns(id));
    move_piece(id, to);
    ++x.moves;
    act_.moved = true;
    if (hero) x.ap = static_cast<std::uint8_t>(x.ap - kApMove[kind]);
  } else if (a < layout_.heal) {  // attack
    const int target = at_[static_cast<std::size_t>(a - layout_.attack)];
    if (hero)
      x.ap = static_cast<std::uint8_t>(x.ap - kApAttack[kind]);
    else if (act_.moved)
      ++act_.after;
    else
      ++act_.before;
    attack(id, target);
  } else if (a < layout_.swap) {  // heal
    const int target = at_[static_cast<std::size_t>(a - layout_.heal)];
    note_healed(id, target);
    heal_piece(target);
    x.ap = static_cast<std::uint8_t>(x.ap - kApHeal[kind]);
  } else if (a < layout_.area_heal) {  // swap
    const int other = at_[static_cast<std::size_t>(a - layout_.swap)];
    swap_pieces(id, other);
    if (hero) {
      x.ap = static_cast<std::uint8_t>(x.ap - kApSwap);
    } else {
      tally_piece(id, -1);  // the stun takes their attributes: their match-ups change
      tally_piece(other, -1);
      x.flags |= kStunned;
      pc_[static_cast<std::size_t>(other)].flags |= kStunned;
      tally_piece(id, 1);
      tally_piece(other, 1);
      stunned_.set(x.cell);
      stunned_.set(pc_[static_cast<std::size_t>(other)].cell);
      ends = true;
    }
  } else {  // area heal
    int n = 0;
    geo_->for_disc(x.cell, rules_.area_heal_radius, [&](int c) {
      const int y = at_[static_cast<std::size_t>(c)];
      if (heal_target(id, y)) {
        note_healed(id, y);
        heal_piece(y);
        ++n;
      }
    });
    x.ap = static_cast<std::uint8_t>(x.ap - kApAreaPerPiece * n);
  }
  ++act_.acts;
  // A dark hero or healer shows what it is by spending action points (project rule).
  if (hero && x.dark()) x.flags |= kRevealed;
  if (over_) {
    act_ = Activation{};
    return;
  }
  if (ends || x.cell < 0 || out(current_)) {
    finish_activation();
    return;
  }
  const bool left = any_left_to_do();
  note_evidence_after(left);
  if (!left) finish_activation();
}

// ---- building positions ----

void State::clear_board() {
  for (int id = 0; id < players_ * home_; ++id) {
    Piece& x = pc_[static_cast<std::size_t>(id)];
    if (x.cell >= 0) {
      at_[static_cast<std::size_t>(x.cell)] = -1;
      x.cell = -1;
    }
    x.hp = 0;
  }
  occ_ = Board{};
  stunned_ = Board{};
  for (auto& b : own_) b = Board{};
  alive_.fill(0);
  tally_ = EvalTally{};
}

void State::put(int id, int cell, const Identity& who) {
  Piece& x = pc_[static_cast<std::size_t>(id)];
  if (x.cell >= 0)
    remove_piece(id);
  else
    ++alive_[static_cast<std::size_t>(owner(id))];
  x.kind = who.kind;
  x.attr1 = who.attr1;
  x.attr2 = who.attr2;
  x.flags = who.dark ? kDark : 0;
  x.may_kinds = kAnyKind;
  x.may_attrs = kAnyAttributes;
  x.hp = static_cast<std::uint8_t>(max_hp(who.kind));
  x.heal = 0;
  x.ap = static_cast<std::uint8_t>(kApBudget[who.kind]);
  x.cell = static_cast<std::int16_t>(cell);
  at_[static_cast<std::size_t>(cell)] = static_cast<std::int16_t>(id);
  stunned_.reset(cell);
  occ_.set(cell);
  own_[static_cast<std::size_t>(owner(id))].set(cell);
  tally_piece(id, 1);
}

void State::set_hp(int id, int sixths) {
  Piece& x = pc_[static_cast<std::size_t>(id)];
  if (x.cell >= 0) tally_.hp[static_cast<std::size_t>(team_of(owner(id)))] += sixths - x.hp;
  x.hp = static_cast<std::uint8_t>(sixths);
}

void State::set_current(Player p) {
  current_ = static_cast<std::int8_t>(p);
  act_ = Activation{};
  start_turn();
}

}  // namespace qilab::mizong

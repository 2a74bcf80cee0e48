// The rules: turn structure, legal actions, movement, tiles, combat, death and respawn, as
// docs/rules/elements.md states them.
#include <cassert>
#include <algorithm>
#include <bit>
#include <cmath>

#include "engine/core/error.h"
#include "engine/elements/elements.h"

namespace qilab::elements {

int Hero::sum(Effect kind) const {
  int s = 0;
  for (int i = 0; i < n_status; ++i)
    if (status[i].kind == kind) s += status[i].amount;
  return s;
}

int Hero::zero_energies() const {
  int z = 0;
  for (auto e : energy) z += e == 0;
  return z;
}

// ---- board upkeep ----

void State::refresh_element(int cell) {
  int e = tile_elem_[cell];
  for (int i = 0; i < n_terrain_; ++i)
    if (terrain_[i].cell == cell) e = terrain_[i].element;
  eff_elem_[cell] = static_cast<std::uint8_t>(e);
  for (int k = 0; k < kElements; ++k) elem_bb_[k].reset(cell);
  if (height_[cell] > 0 && !bases_.test(cell)) elem_bb_[e].set(cell);
}

void State::refresh_cell(int cell) {
  const Grid& g = grid();
  for (int k = 0; k < kMaxHeight; ++k) {
    if (height_[cell] > k)
      layer_[k].set(cell);
    else
      layer_[k].reset(cell);
  }
  refresh_element(cell);
  for (int d = 0; d < kDirs; ++d) {
    const int n = g.step(cell, d);
    const bool closed = edge(cell, d) == kBlockMark || (n >= 0 && edge(n, opposite(d)) == kBlockMark);
    if (closed)
      blocked_[d].set(cell);
    else
      blocked_[d].reset(cell);
    if (n >= 0) {
      if (closed)
        blocked_[opposite(d)].set(n);
      else
        blocked_[opposite(d)].reset(n);
    }
  }
}

void State::set_cell_tile(int cell, const Tile& t, int rot) {
  tile_elem_[cell] = t.element;
  std::uint32_t packed = 0;
  for (int d = 0; d < kDirs; ++d) packed |= static_cast<std::uint32_t>(t.edges[(d - rot + 6) % 6]) << (3 * d);
  edges_[cell] = packed;
  refresh_cell(cell);
}

void State::remove_terrain(int cell) {
  for (int i = 0; i < n_terrain_;)
    if (terrain_[i].cell == cell)
      terrain_[i] = terrain_[--n_terrain_];
    else
      ++i;
  refresh_element(cell);
}

int State::deck_left() const { return std::popcount(deck_[0]) + std::popcount(deck_[1]); }

int State::deck_left(int design) const {
  const auto& m = rules_->design_mask[design];
  return std::popcount(deck_[0] & m[0]) + std::popcount(deck_[1] & m[1]);
}

// ---- geometry of moves and ranges ----

int State::step_cost(int from, int d) const {
  const Rules& r = *rules_;
  const int to = r.grid.step(from, d);
  if (to < 0 || !layer_[0].test(to) || bases_.test(to) || occ_.test(to) || blocked_[d].test(from)) return -1;
  const int dh = height_[to] - height_[from];
  if (dh > r.move_height_limit || -dh > r.move_height_limit) return -1;
  int cost;
  switch (dh) {
    case 0:
      cost = 2;
      break;
    case 1:
      cost = 3;
      break;
    case -1:
      cost = 1;
      break;
    case 2:
      cost = r.up2_cost;
      break;
    case -2:
      cost = r.down2_cost;
      break;
    default:
      cost = -1;
  }
  if (cost < 0) return -1;
  if (edge(from, d) == kMoveMark) cost = std::max(0, cost - 1);
  return cost;
}

Board State::reach(int from, int side, int range, bool line, int height_limit) const {
  const Rules& r = *rules_;
  const Grid& g = r.grid;
  if (height_limit < 0) height_limit = r.range_height_limit;
  const Board stops = bases_ | side_occ_[1 - side];  // reached, but nothing passes them
  Board reached;
  auto can_step = [&](int u, int d, int v) {
    if (v < 0 || blocked_[d].test(u)) return false;
    const int dh = height_[v] - height_[u];
    return dh <= height_limit && -dh <= height_limit;
  };
  if (line) {
    for (int d = 0; d < kDirs; ++d) {
      int u = from;
      for (int k = 0; k < range; ++k) {
        const int v = g.step(u, d);
        if (!can_step(u, d, v)) break;
        reached.set(v);
        if (stops.test(v)) break;
        u = v;
      }
    }
  } else {
    std::array<std::int16_t, kMaxCells> frontier{}, next{};
    int nf = 1, nn = 0;
    frontier[0] = static_cast<std::int16_t>(from);
    Board seen = Board::single(from);
    for (int k = 0; k < range && nf > 0; ++k) {
      nn = 0;
      for (int i = 0; i < nf; ++i) {
        const int u = frontier[i];
        for (int d = 0; d < kDirs; ++d) {
          const int v = g.step(u, d);
          if (!can_step(u, d, v)) continue;
          reached.set(v);
          if (seen.test(v)) continue;
          seen.set(v);
          if (!stops.test(v)) next[nn++] = static_cast<std::int16_t>(v);
        }
      }
      std::swap(frontier, next);
      nf = nn;
    }
  }
  reached.reset(from);
  return reached;
}

Board State::attack_targets(int h) const {
  const Hero& hero = heroes_[h];
  const HeroSpec& s = rules_->roster[hero.spec];
  Board enemy = side_occ_[1 - hero.side];
  enemy.set(rules_->base_cell[1 - hero.side]);
  // A melee hero (range 1) follows the melee rule, a ranged one the range rule (docs/rules/elements.md,
  // Ranges).
  const int limit = s.range == 1 ? rules_->melee_height_limit : rules_->range_height_limit;
  Board targets = reach(hero.cell, hero.side, s.range, s.line, limit) & enemy;
  // No attack through a blocked edge, whatever the range: a radius path that goes round the
  // block does not make the neighbour behind it a target (docs/rules/elements.md, Combat).
  for (int d = 0; d < kDirs; ++d)
    if (blocked_[d].test(hero.cell)) {
      const int n = rules_->grid.step(hero.cell, d);
      if (n >= 0) targets.reset(n);
    }
  return targets;
}

Board State::spell_targets(int h, int k) const {
  const Hero& hero = heroes_[h];
  const Skill& s = rules_->roster[hero.spec].skills[k];
  Board area = Board::single(hero.cell);
  if (s.target != Target::kSelf && s.range > 0) area |= reach(hero.cell, hero.side, s.range, s.line);
  switch (s.target) {
    case Target::kSelf:
      return Board::single(hero.cell);
    case Target::kAlly:
      return area & side_occ_[hero.side];
    case Target::kEnemy:
      return area & side_occ_[1 - hero.side];
    case Target::kTile: {
      Board tiles = layer_[0].andnot(bases_) & area;
      if (n_terrain_ >= kMaxTerrain) {  // only cells already under an effect may be recast
        Board under;
        for (int i = 0; i < n_terrain_; ++i) under.set(terrain_[i].cell);
        tiles &= under;
      }
      return tiles;
    }
  }
  return {};
}

bool State::can_pay(int h, const Skill& s) const {
  const Hero& hero = heroes_[h];
  if (hero.mana < s.cost_mana) return false;
  if (s.cost_energy > 0) {
    if (hero.energy[s.cost_element] < s.cost_energy) return false;
    // Paying may not kill the caster: at most one energy at 0 afterwards.
    const int zeros = hero.zero_energies() + (hero.energy[s.cost_element] == s.cost_energy ? 1 : 0);
    if (zeros >= 2) return false;
  }
  return true;
}

bool State::can_place(int, int cell) const {
  if (cell < 0 || bases_.test(cell) || occ_.test(cell) || height_[cell] >= kMaxHeight) return false;
  if (height_[cell] > 0) return true;  // a stack is never an island
  const Grid& g = grid();
  for (int d = 0; d < kDirs; ++d) {
    const int n = g.step(cell, d);
    if (n >= 0 && layer_[0].test(n)) return true;
  }
  return false;
}

// ---- turn structure ----

bool State::side_has_unacted(int side) const {
  for (int i = side; i < heroes(); i += 2)
    if (!heroes_[i].acted) return true;
  return false;
}

int State::chooser() const {
  int best = kMaxPlayers;
  for (int i = side_; i < heroes(); i += 2)
    if (!heroes_[i].acted) best = std::min<int>(best, heroes_[i].owner);
  return best;
}

int State::team_alive(int side) const {
  int n = 0;
  for (int i = side; i < heroes(); i += 2) n += !heroes_[i].dead;
  return n;
}

Player State::current_player() const {
  switch (phase_) {
    case Phase::kOver:
      return kTerminalPlayer;
    case Phase::kDraw:
    case Phase::kAttackRoll:
    case Phase::kDefenceRoll:
      return kChancePlayer;
    case Phase::kSelect:
      return chooser();
    default:
      return heroes_[active_].owner;
  }
}

void State::select(int h) {
  Hero& hero = heroes_[h];
  active_ = static_cast<std::int8_t>(h);
  if (hero.dead && !hero.skipped) {
    // The activation that comes while dead is skipped (docs/rules/elements.md, Death and respawn).
    hero.skipped = true;
    end_activation();
    return;
  }
  if (hero.dead) {
    phase_ = Phase::kRespawn;
    return;
  }
  begin_activation(h);
}

void State::begin_activation(int h) {
  const Hero& hero = heroes_[h];
  phase_ = Phase::kAct;
  move_left_ = static_cast<std::int8_t>(
      std::clamp(rules_->roster[hero.spec].move + hero.sum(Effect::kMoveUp), 0, 127));
  creates_ = 0;
  returned_ = false;
  major_done_ = false;
  casts_ = {};
}

void State::end_activation() {
  Hero& hero = heroes_[active_];
  // A status counts down when its bearer's activation ends (docs/rules/elements.md, Statuses) ...
  for (int i = 0; i < hero.n_status;) {
    if (--hero.status[i].duration == 0)
      hero.status[i] = hero.status[--hero.n_status];
    else
      ++i;
  }
  // ... and an effect on terrain when its caster's activation ends.
  for (int i = 0; i < n_terrain_;) {
    if (terrain_[i].caster == active_ && --terrain_[i].duration == 0) {
      const int cell = terrain_[i].cell;
      terrain_[i] = terrain_[--n_terrain_];
      refresh_element(cell);
    } else {
      ++i;
    }
  }
  hero.acted = true;
  active_ = -1;
  returned_ = false;  // between activations the flag is false, as the position reader expects
  next_turn();
}

void State::next_turn() {
  if (phase_ == Phase::kOver) return;
  phase_ = Phase::kSelect;
  if (side_has_unacted(1 - side_))
    side_ = static_cast<std::int8_t>(1 - side_);
  else if (!side_has_unacted(side_))
    start_round();
}

void State::start_round() {
  const Rules& r = *rules_;
  if (round_ >= r.max_rounds) {
    winner_ = 2;
    if (r.cap_by_hp && base_hp_[0] != base_hp_[1]) winner_ = base_hp_[0] > base_hp_[1] ? 0 : 1;
    if (r.cap_by_evaluation) {  // side 0's estimate in [-1, 1]: a lead above 0.1 of the range 2
      const double v = evaluate()[0];
      if (std::abs(v) > kAdjudicateMargin) winner_ = v > 0 ? 0 : 1;
    }
    phase_ = Phase::kOver;
    return;
  }
  ++round_;
  for (int i = 0; i < heroes(); ++i) {
    Hero& h = heroes_[i];
    h.acted = false;
    if (!h.dead)
      h.mana = static_cast<std::uint8_t>(std::min(h.mana + r.mana_per_round, r.roster[h.spec].mana));
  }
  if (r.alternate_first) first_side_ = static_cast<std::int8_t>(1 - first_side_);
  side_ = first_side_;
}

// ---- legal actions ----

void State::gen_act(ActionList& out) const {
  const Rules& r = *rules_;
  const Layout& L = r.layout;
  const Hero& hero = heroes_[active_];
  const int cell = hero.cell;
  for (int d = 0; d < kDirs; ++d) {
    const int c = step_cost(cell, d);
    if (c >= 0 && c <= move_left_) out.push_back(L.move + d);
  }
  // Create and spells repeat while their conditions hold; the caps are options (0: none).
  // After a return the hero may not create again: drawing and returning leaves the position as
  // it was, and a search that likes keeping the turn would repeat it without end.
  const bool may_create =
      !returned_ && (r.creates_per_activation == 0 || creates_ < r.creates_per_activation);
  if (may_create && (deck_[0] | deck_[1])) out.push_back(L.create);
  if (!major_done_) {
    attack_targets(active_).for_each([&](int t) { out.push_back(L.attack + t); });
    if (tokens_.test(cell))
      for (int d = 0; d < kDirs; ++d) {
        const int n = r.grid.step(cell, d);
        if (edge(cell, d) == kGatherMark && n >= 0 && layer_[0].test(n) && !bases_.test(n))
          out.push_back(L.gather + d);
      }
  }
  const auto& skills = r.roster[hero.spec].skills;
  for (int k = 0; k < static_cast<int>(skills.size()); ++k) {
    if ((r.casts_per_skill > 0 && casts_[k] >= r.casts_per_skill) || !can_pay(active_, skills[k])) continue;
    spell_targets(active_, k).for_each([&](int t) { out.push_back(L.spell + k * L.cells + t); });
  }
  out.push_back(L.end);
}

void State::gen_place(ActionList& out) const {
  const Rules& r = *rules_;
  const Layout& L = r.layout;
  const int cell = heroes_[active_].cell;
  const int rots = r.rotate_tiles ? 6 : 1;
  for (int d = 0; d < kDirs; ++d) {
    const int target = r.grid.step(cell, d);
    if (!can_place(0, target)) continue;
    for (int slot = 0; slot < 2; ++slot) {
      if (drawn_[slot] < 0) continue;
      for (int rot = 0; rot < rots; ++rot) out.push_back(L.place + (slot * 6 + d) * 6 + rot);
    }
  }
  out.push_back(L.ret);
}

void State::legal_actions(ActionList& out) const {
  out.clear();
  const Layout& L = layout();
  switch (phase_) {
    case Phase::kOver:
      return;
    case Phase::kSelect:
      for (int i = side_; i < heroes(); i += 2)
        if (!heroes_[i].acted) out.push_back(L.select + i);
      return;
    case Phase::kRespawn: {
      const int base = rules_->base_cell[heroes_[active_].side];
      bool any = false;
      for (int d = 0; d < kDirs; ++d) {
        const int c = grid().step(base, d);
        if (c >= 0 && layer_[0].test(c) && !occ_.test(c)) {
          out.push_back(L.respawn + c);
          any = true;
        }
      }
      if (!any) out.push_back(L.end);  // nowhere to stand: stays dead this activation
      return;
    }
    case Phase::kAct:
      gen_act(out);
      return;
    case Phase::kPlace:
      gen_place(out);
      return;
    case Phase::kDraw:
    case Phase::kAttackRoll:
    case Phase::kDefenceRoll: {
      static thread_local ChanceList chances;
      chance_outcomes(chances);
      for (const auto& c : chances) out.push_back(c.action);
      return;
    }
  }
}

bool State::is_legal(Action a) const {
  if (a < 0 || a >= layout().total || phase_ == Phase::kOver) return false;
  static thread_local ActionList legal;
  legal_actions(legal);
  return legal.contains(a);
}

// ---- chance ----

void State::chance_outcomes(ChanceList& out) const {
  out.clear();
  const Rules& r = *rules_;
  if (phase_ == Phase::kDraw) {
    const double total = deck_left();
    for (int k = 0; k < static_cast<int>(r.deck.designs.size()); ++k) {
      const int n = deck_left(k);
      if (n > 0) out.push_back({r.layout.draw + k, n / total});
    }
  } else if (phase_ == Phase::kAttackRoll || phase_ == Phase::kDefenceRoll) {
    const bool att = phase_ == Phase::kAttackRoll;
    const int n = att ? att_dice_ : def_dice_;
    const int thr = att ? att_thr_ : def_thr_;
    for (int k = 0; k <= n; ++k) out.push_back({r.layout.roll + k, roll_probability(r, n, thr, k)});
  }
}

Action State::sample_chance(Rng& rng) const {
  const Rules& r = *rules_;
  if (phase_ == Phase::kDraw) {
    int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(deck_left())));
    const int low = std::popcount(deck_[0]);
    int word = k < low ? 0 : 1;
    if (word == 1) k -= low;
    std::uint64_t w = deck_[word];
    for (int i = 0; i < k; ++i) w &= w - 1;
    const int tile = word * 64 + std::countr_zero(w);
    return r.layout.draw + r.deck.design_of[tile];
  }
  if (phase_ == Phase::kAttackRoll || phase_ == Phase::kDefenceRoll) {
    const bool att = phase_ == Phase::kAttackRoll;
    const int n = att ? att_dice_ : def_dice_;
    const int thr = att ? att_thr_ : def_thr_;
    int k = 0;
    for (int i = 0; i < n; ++i) k += static_cast<int>(rng.below(6)) + 1 >= thr;
    return r.layout.roll + k;
  }
  return kInvalidAction;
}

// ---- applying actions ----

void State::apply(Action a) {
  assert(is_legal(a));  // Debug builds: applying an illegal action is the caller's bug, caught here
  const Layout& L = layout();
  ++moves_;
  switch (phase_) {
    case Phase::kSelect:
      select(a - L.select);
      return;
    case Phase::kRespawn: {
      Hero& h = heroes_[active_];
      if (a == L.end) {
        end_activation();
        return;
      }
      const HeroSpec& s = rules_->roster[h.spec];
      h.dead = false;
      h.skipped = false;
      for (int e = 0; e < kElements; ++e) h.energy[e] = static_cast<std::uint8_t>(s.energy[e]);
      put_hero(active_, a - L.respawn);
      begin_activation(active_);
      return;
    }
    case Phase::kDraw:
      draw_tile(a - L.draw);
      return;
    case Phase::kPlace:
      if (a == L.ret) {
        for (int slot = 0; slot < 2; ++slot)
          if (drawn_[slot] >= 0) deck_[drawn_[slot] >> 6] |= std::uint64_t{1} << (drawn_[slot] & 63);
        drawn_ = {-1, -1};
        returned_ = true;
        phase_ = Phase::kAct;
      } else {
        const int x = a - L.place;
        do_place(x / 36, (x / 6) % 6, x % 6);
      }
      return;
    case Phase::kAttackRoll: {
      att_succ_ = static_cast<std::int8_t>(a - L.roll);
      if (att_succ_ == 0 || def_dice_ == 0)
        resolve_attack(0);
      else
        phase_ = Phase::kDefenceRoll;
      return;
    }
    case Phase::kDefenceRoll:
      resolve_attack(a - L.roll);
      return;
    case Phase::kAct:
      break;
    case Phase::kOver:
      return;
  }
  if (a == L.end)
    end_activation();
  else if (a >= L.move && a < L.move + kDirs)
    do_move(a - L.move);
  else if (a == L.create) {
    if (creates_ < 127) ++creates_;
    to_draw_ = static_cast<std::int8_t>(std::min(2, deck_left()));
    drawn_ = {-1, -1};
    phase_ = Phase::kDraw;
  } else if (a >= L.attack && a < L.attack + L.cells)
    begin_attack(a - L.attack);
  else if (a >= L.gather && a < L.gather + kDirs)
    do_gather(a - L.gather);
  else if (a >= L.spell && a < L.spell + kMaxSkills * L.cells)
    do_spell((a - L.spell) / L.cells, (a - L.spell) % L.cells);
}

void State::do_move(int d) {
  Hero& h = heroes_[active_];
  move_left_ = static_cast<std::int8_t>(move_left_ - step_cost(h.cell, d));
  put_hero(active_, grid().step(h.cell, d));
}

void State::draw_tile(int design) {
  const auto& m = rules_->design_mask[design];
  const int word = (deck_[0] & m[0]) ? 0 : 1;
  const int tile = word * 64 + std::countr_zero(deck_[word] & m[word]);
  deck_[word] &= ~(std::uint64_t{1} << (tile & 63));
  drawn_[drawn_[0] < 0 ? 0 : 1] = static_cast<std::int8_t>(tile);
  if (--to_draw_ == 0) phase_ = Phase::kPlace;
}

void State::do_place(int slot, int d, int rot) {
  const Rules& r = *rules_;
  const int cell = r.grid.step(heroes_[active_].cell, d);
  const int tile = drawn_[slot];
  const int other = drawn_[1 - slot];
  if (other >= 0 && r.return_unchosen) deck_[other >> 6] |= std::uint64_t{1} << (other & 63);
  drawn_ = {-1, -1};
  tokens_.reset(cell);  // a stacked-over token is discarded
  remove_terrain(cell);
  ++height_[cell];
  const Tile& t = r.deck.tiles[tile];
  set_cell_tile(cell, t, rot);
  bool gather = false;
  for (auto m : t.edges) gather |= m == kGatherMark;
  if (gather && tokens_.count() < r.gather_tokens) tokens_.set(cell);
  phase_ = Phase::kAct;
}

void State::do_gather(int d) {
  const Rules& r = *rules_;
  Hero& h = heroes_[active_];
  const int n = r.grid.step(h.cell, d);
  tokens_.reset(h.cell);
  const int e = eff_elem_[n];
  h.energy[e] =
      static_cast<std::uint8_t>(std::min(h.energy[e] + r.gather_amount, r.roster[h.spec].energy[e]));
  major_done_ = true;
}

void State::do_spell(int k, int cell) {
  const Rules& r = *rules_;
  Hero& h = heroes_[active_];
  const Skill& s = r.roster[h.spec].skills[k];
  if (casts_[k] < 127) ++casts_[k];
  h.mana = static_cast<std::uint8_t>(h.mana - s.cost_mana);
  if (s.cost_energy > 0)
    h.energy[s.cost_element] = static_cast<std::uint8_t>(h.energy[s.cost_element] - s.cost_energy);
  const int caster_elem = eff_elem_[h.cell];
  switch (s.effect) {
    case Effect::kHeal: {
      Hero& t = heroes_[hero_at_[cell]];
      const int e = s.element >= 0 ? s.element : caster_elem;
      t.energy[e] = static_cast<std::uint8_t>(std::min(t.energy[e] + s.amount, r.roster[t.spec].energy[e]));
      return;
    }
    case Effect::kStrike: {
      const int t = hero_at_[cell];
      damage(t, static_cast<Element>(caster_elem), std::max(0, s.amount - heroes_[t].sum(Effect::kWard)));
      return;
    }
    case Effect::kTerrain:
      add_terrain(cell, static_cast<Element>(s.element), s.duration, active_);
      return;
    default: {
      const int t = hero_at_[cell];
      add_status(t, s.effect, s.amount, s.duration);
      if (s.effect == Effect::kMoveUp && t == active_)
        move_left_ = static_cast<std::int8_t>(std::min(127, move_left_ + s.amount));
      return;
    }
  }
}

void State::begin_attack(int cell) {
  const Rules& r = *rules_;
  const Hero& h = heroes_[active_];
  major_done_ = true;
  target_ = static_cast<std::int16_t>(cell);
  if (bases_.test(cell)) {
    // Attacking a base: fixed successes, no markers, no cycle; defence dice = living heroes.
    att_dice_ = 0;
    att_thr_ = 5;
    att_succ_ = static_cast<std::int8_t>(r.base_attack_successes);
    def_dice_ = static_cast<std::int8_t>(team_alive(1 - h.side));
    def_thr_ = 5;
    if (def_dice_ == 0)
      resolve_attack(0);
    else
      phase_ = Phase::kDefenceRoll;
    return;
  }
  const Hero& t = heroes_[hero_at_[cell]];
  // The markers on the edges the straight line leaves and enters by; a blocked edge carries
  // none that counts (docs/rules/elements.md, Combat).
  const int dir = r.grid.line_dir(h.cell, cell);
  const bool marker = dir >= 0 && !blocked_[dir].test(h.cell) && edge(h.cell, dir) == kAttackMark;
  const bool shield =
      dir >= 0 && !blocked_[opposite(dir)].test(cell) && edge(cell, opposite(dir)) == kShieldMark;
  const int mine = eff_elem_[h.cell], theirs = eff_elem_[cell];
  const int base = r.roster[h.spec].attack * (kBeats[mine] == theirs ? 2 : 1);
  att_dice_ = static_cast<std::int8_t>(
      std::clamp(base + h.sum(Effect::kAttackUp) - h.sum(Effect::kAttackDown), 0, kMaxDice));
  att_thr_ = marker ? 4 : 5;
  def_dice_ = static_cast<std::int8_t>(std::clamp(
      r.roster[t.spec].defence + t.sum(Effect::kDefenceUp) - t.sum(Effect::kDefenceDown) + (shield ? 2 : 0),
      0, kMaxDice));
  def_thr_ = shield ? 4 : 5;
  dmg_elem_ = static_cast<std::int8_t>(mine);
  att_succ_ = 0;
  if (att_dice_ == 0)
    resolve_attack(0);
  else
    phase_ = Phase::kAttackRoll;
}

void State::resolve_attack(int defence_successes) {
  phase_ = Phase::kAct;
  const int dmg = std::max(0, att_succ_ - defence_successes);
  const int cell = target_;
  target_ = -1;
  if (bases_.test(cell)) {
    hit_base(cell == rules_->base_cell[0] ? 0 : 1, dmg);
    return;
  }
  const int t = hero_at_[cell];
  damage(t, static_cast<Element>(dmg_elem_), std::max(0, dmg - heroes_[t].sum(Effect::kWard)));
}

void State::damage(int h, Element e, int amount) {
  Hero& hero = heroes_[h];
  hero.energy[e] = static_cast<std::uint8_t>(std::max(0, hero.energy[e] - amount));
  if (hero.zero_energies() >= 2) die(h);
}

void State::die(int h) {
  Hero& hero = heroes_[h];
  put_hero(h, -1);
  hero.dead = true;
  hero.skipped = false;
  hero.n_status = 0;
  hit_base(hero.side, rules_->death_penalty);
}

void State::hit_base(int side, int amount) {
  base_hp_[side] = static_cast<std::int8_t>(std::max(0, base_hp_[side] - amount));
  if (base_hp_[side] == 0) {
    winner_ = static_cast<std::int8_t>(1 - side);
    phase_ = Phase::kOver;
  }
}

// ---- results ----

std::string_view State::ending() const {
  if (phase_ != Phase::kOver) return "";
  return base_hp_[0] == 0 || base_hp_[1] == 0 ? "base" : "cap";
}

Values State::returns() const {
  Values v{};
  if (phase_ != Phase::kOver || winner_ == 2 || winner_ < 0) return v;
  for (int p = 0; p < num_players(); ++p) v[p] = team_of(p) == winner_ ? 1.0 : -1.0;
  return v;
}

// ---- editing ----

void State::put_hero(int i, int cell) {
  Hero& h = heroes_[i];
  if (h.cell >= 0) {
    occ_.reset(h.cell);
    side_occ_[h.side].reset(h.cell);
    hero_at_[h.cell] = -1;
  }
  h.cell = static_cast<std::int16_t>(cell);
  if (cell >= 0) {
    occ_.set(cell);
    side_occ_[h.side].set(cell);
    hero_at_[cell] = static_cast<std::int8_t>(i);
  }
}

void State::add_status(int i, Effect kind, int amount, int duration) {
  Hero& h = heroes_[i];
  for (int k = 0; k < h.n_status; ++k)
    if (h.status[k].kind == kind) {
      h.status[k].amount = static_cast<std::int8_t>(std::max<int>(h.status[k].amount, amount));
      h.status[k].duration = static_cast<std::uint8_t>(std::max<int>(h.status[k].duration, duration));
      return;
    }
  int slot = h.n_status;
  if (slot == kMaxStatus) {
    slot = 0;
    for (int k = 1; k < kMaxStatus; ++k)
      if (h.status[k].duration < h.status[slot].duration) slot = k;
  } else {
    ++h.n_status;
  }
  h.status[slot] = {kind, static_cast<std::int8_t>(amount), static_cast<std::uint8_t>(duration)};
}

void State::add_terrain(int cell, Element e, int duration, int caster) {
  int slot = -1;
  for (int i = 0; i < n_terrain_; ++i)
    if (terrain_[i].cell == cell) slot = i;
  if (slot < 0) {
    if (n_terrain_ == kMaxTerrain) throw Error("elements: no room for another terrain effect");
    slot = n_terrain_++;
  }
  terrain_[slot] = {static_cast<std::int16_t>(cell), static_cast<std::uint8_t>(e),
                    static_cast<std::uint8_t>(duration), static_cast<std::int8_t>(caster)};
  refresh_element(cell);
}

void State::clear_tiles() {
  n_terrain_ = 0;
  tokens_ = Board();
  for (int c = 0; c < grid().cells(); ++c) {
    if (bases_.test(c)) continue;
    height_[c] = 0;
    tile_elem_[c] = 0;
    edges_[c] = 0;
  }
  for (int c = 0; c < grid().cells(); ++c) refresh_cell(c);
}

void State::put_tile(int cell, int height, Element e, std::string_view edges, bool token) {
  if (cell < 0 || bases_.test(cell) || height < 0 || height > kMaxHeight || edges.size() != 6)
    throw Error("elements: put_tile: bad cell, height or edges");
  Tile t;
  t.element = e;
  for (int d = 0; d < 6; ++d) {
    const int m = parse_marker(edges[d]);
    if (m < 0) throw Error("elements: put_tile: edges expects letters from . A S M G B");
    t.edges[d] = static_cast<Marker>(m);
  }
  height_[cell] = static_cast<std::uint8_t>(height);
  set_cell_tile(cell, t, 0);
  if (token)
    tokens_.set(cell);
  else
    tokens_.reset(cell);
}

void State::set_energy(int i, Element e, int value) {
  heroes_[i].energy[e] = static_cast<std::uint8_t>(value);
}
void State::set_mana(int i, int value) { heroes_[i].mana = static_cast<std::uint8_t>(value); }
void State::set_base_hp(int side, int hp) { base_hp_[side] = static_cast<std::int8_t>(hp); }
void State::set_acted(int i, bool acted) { heroes_[i].acted = acted; }
void State::kill_for_test(int i) {
  put_hero(i, -1);
  heroes_[i].dead = true;
  heroes_[i].skipped = false;
  heroes_[i].n_status = 0;
}
void State::revive_at(int i, int cell) {
  heroes_[i].dead = false;
  heroes_[i].skipped = false;
  put_hero(i, cell);
}
void State::remove_from_deck(int tile) { deck_[tile >> 6] &= ~(std::uint64_t{1} << (tile & 63)); }

}  // namespace qilab::elements

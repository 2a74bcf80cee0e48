// elements' shaped encoding and policy index (docs/encoding/elements.md): the hex board on its
// axial square grid, seen by each side in its own frame (blue mirrored onto red), heroes listed
// from the observer's side on; the policy in the frame of the side to move.
#include "engine/elements/encoding.h"

#include <algorithm>

#include "engine/core/error.h"

namespace qilab::elements {
namespace {

constexpr const char* kPhaseFeature[7] = {"select", "respawn",     "act",         "draw",
                                          "place",  "attack_roll", "defence_roll"};
constexpr const char* kMarkerName[kMarkers + 1] = {"none", "attack", "shield", "move", "gather", "block"};

// The slot of hero i for an observer on side `mine`: the own side's heroes first, in order.
inline int hero_slot(int i, int mine, int heroes) { return (i % 2 != mine) * (heroes / 2) + i / 2; }

}  // namespace

EncodingSpec make_encoding_spec(const Rules& r) {
  const EncodingLayout e(r);
  EncodingSpec spec;
  spec.version = kEncodingVersion;
  spec.planes = e.planes();
  spec.height = spec.width = e.side;
  spec.scalars = e.scalars();
  auto& p = spec.plane_names;
  p.assign(static_cast<std::size_t>(e.planes()), "");
  p[EncodingLayout::kValid] = "valid";
  for (int k = 0; k < kMaxHeight; ++k) p[EncodingLayout::height(k)] = "height_" + std::to_string(k + 1);
  for (int x = 0; x < kElements; ++x) {
    p[EncodingLayout::element(x)] = std::string("element_") + kElementName[x];
    p[EncodingLayout::printed(x)] = std::string("printed_") + kElementName[x];
  }
  p[EncodingLayout::terrain(0)] = "terrain_effect_own_side";
  p[EncodingLayout::terrain(1)] = "terrain_effect_enemy_side";
  for (int d = 0; d < kDirs; ++d)
    for (int m = 1; m <= kMarkers; ++m)
      p[EncodingLayout::edge(d, m)] = std::string("edge_") + kDirName[d] + "_" + kMarkerName[m];
  p[EncodingLayout::kToken] = "gather_token";
  p[EncodingLayout::kOwnBase] = "own_base";
  p[EncodingLayout::kEnemyBase] = "enemy_base";
  p[EncodingLayout::kActive] = "active_hero";
  p[EncodingLayout::kTarget] = "attack_target";
  for (int s = 0; s < e.heroes; ++s) p[EncodingLayout::hero(s)] = "hero" + std::to_string(s);

  auto& f = spec.scalar_names;
  f.assign(static_cast<std::size_t>(e.scalars()), "");
  for (int s = 0; s < e.heroes; ++s) {
    const std::string h = "hero" + std::to_string(s) + "_";
    for (int x = 0; x < kElements; ++x) f[e.hero_scalar(s, x)] = h + "energy_" + kElementName[x];
    f[e.hero_scalar(s, 4)] = h + "mana";
    f[e.hero_scalar(s, 5)] = h + "dead";
    f[e.hero_scalar(s, 6)] = h + "acted";
    f[e.hero_scalar(s, 7)] = h + "skipped";
    f[e.hero_scalar(s, 8)] = h + "observer_owns";
    for (int k = 0; k < kStatusKinds; ++k) f[e.hero_scalar(s, 9 + k)] = h + "status_" + kEffectName[k];
    for (int k = 0; k < e.roster; ++k) f[e.hero_scalar(s, 15 + k)] = h + "is_" + r.roster[k].id;
  }
  using L = EncodingLayout;
  f[e.global(L::kRound)] = "round";
  f[e.global(L::kOwnBaseHp)] = "own_base_hp";
  f[e.global(L::kEnemyBaseHp)] = "enemy_base_hp";
  f[e.global(L::kOwnSideToMove)] = "own_side_to_move";
  f[e.global(L::kOwnSideStarts)] = "own_side_starts_rounds";
  f[e.global(L::kObserverToMove)] = "observer_to_move";
  for (int k = 0; k < 7; ++k) f[e.global(L::kPhase + k)] = std::string("phase_") + kPhaseFeature[k];
  f[e.global(L::kMoveLeft)] = "movement_left";
  f[e.global(L::kCreates)] = "creates_this_activation";
  f[e.global(L::kReturned)] = "tiles_returned";
  f[e.global(L::kMajorDone)] = "attacked_or_gathered";
  for (int k = 0; k < kMaxSkills; ++k) f[e.global(L::kCasts + k)] = "casts_of_skill" + std::to_string(k);
  f[e.global(L::kToDraw)] = "tiles_to_draw";
  f[e.global(L::kDeckLeft)] = "deck_left";
  f[e.global(L::kAttackDice)] = "attack_dice";
  f[e.global(L::kAttackOnFour)] = "attack_succeeds_on_4";
  f[e.global(L::kDefenceDice)] = "defence_dice";
  f[e.global(L::kDefenceOnFour)] = "defence_succeeds_on_4";
  f[e.global(L::kAttackSuccesses)] = "attack_successes";
  for (int x = 0; x < kElements; ++x)
    f[e.global(L::kDamageElement + x)] = std::string("damage_") + kElementName[x];
  for (int slot = 0; slot < 2; ++slot) {
    const int base = L::kDrawn + slot * L::kDrawnSize;
    const std::string t = "drawn" + std::to_string(slot) + "_";
    f[e.global(base)] = t + "present";
    for (int x = 0; x < kElements; ++x) f[e.global(base + 1 + x)] = t + kElementName[x];
    for (int j = 0; j < kDirs; ++j)
      for (int m = 1; m <= kMarkers; ++m)
        f[e.global(base + 1 + kElements + j * kMarkers + m - 1)] =
            t + "edge" + std::to_string(j) + "_" + kMarkerName[m];
  }
  for (int k = 0; k < e.designs; ++k) f[e.global(L::kDesigns + k)] = "deck_design" + std::to_string(k);
  return spec;
}

PolicySpec make_policy_spec(const Rules& r) {
  const EncodingLayout e(r);
  using L = EncodingLayout;
  PolicySpec spec;
  spec.planes = L::kPolicyPlanes;
  spec.height = spec.width = e.side;
  spec.extra = L::kExtras;
  auto& p = spec.plane_names;
  p.assign(static_cast<std::size_t>(L::kPolicyPlanes), "");
  p[L::kRespawn] = "respawn";
  for (int d = 0; d < kDirs; ++d) {
    p[L::move(d)] = std::string("move_") + kDirName[d];
    p[L::gather(d)] = std::string("gather_") + kDirName[d];
  }
  p[L::kCreate] = "create";
  for (int slot = 0; slot < 2; ++slot)
    for (int rot = 0; rot < 6; ++rot)
      p[L::place(slot, rot)] = "place_tile" + std::to_string(slot) + "_turn" + std::to_string(rot);
  p[L::kAttack] = "attack";
  for (int k = 0; k < kMaxSkills; ++k) p[L::skill(k)] = "skill" + std::to_string(k);
  spec.extra_names = {"select_hero0", "select_hero1", "select_hero2", "return_tiles", "end"};
  return spec;
}

void State::encode(Player p, std::span<float> planes) const {
  const Rules& r = *rules_;
  const Grid& g = r.grid;
  const EncodingLayout e(r);
  using L = EncodingLayout;
  if (static_cast<int>(planes.size()) != e.size())
    throw Error("elements encode: expected room for " + std::to_string(e.size()) + " floats, got " +
                std::to_string(planes.size()));
  std::fill(planes.begin(), planes.end(), 0.0f);
  const int mine = team_of(p);
  const Frame frame{&g, mine == 1};
  const int S = e.side * e.side;
  auto put = [&](int plane, int cell, float v) {
    planes[static_cast<std::size_t>(plane * S + frame.square(cell))] = v;
  };
  for (int c = 0; c < g.cells(); ++c) {
    put(L::kValid, c, 1.0f);
    for (int k = 0; k < height_[c] && k < kMaxHeight; ++k) put(L::height(k), c, 1.0f);
    if (height_[c] > 0 && !bases_.test(c)) {
      put(L::element(eff_elem_[c]), c, 1.0f);
      put(L::printed(tile_elem_[c]), c, 1.0f);
      for (int d = 0; d < kDirs; ++d) {
        const int m = edge(c, d);
        if (m >= kAttackMark && m <= kBlockMark) put(L::edge(frame.dir(d), m), c, 1.0f);
      }
    }
  }
  for (int i = 0; i < n_terrain_; ++i) {
    const TerrainEffect& t = terrain_[i];
    const bool own = t.caster >= 0 && t.caster < heroes() && heroes_[t.caster].side == mine;
    put(L::terrain(own ? 0 : 1), t.cell, static_cast<float>(t.duration));
  }
  for (int c : tokens_) put(L::kToken, c, 1.0f);
  put(L::kOwnBase, r.base_cell[mine], 1.0f);
  put(L::kEnemyBase, r.base_cell[1 - mine], 1.0f);
  if (active_ >= 0 && heroes_[active_].cell >= 0) put(L::kActive, heroes_[active_].cell, 1.0f);
  const bool rolling = phase_ == Phase::kAttackRoll || phase_ == Phase::kDefenceRoll;
  if (rolling && target_ >= 0) put(L::kTarget, target_, 1.0f);

  float* f = planes.data() + static_cast<std::size_t>(e.planes() * S);
  for (int i = 0; i < heroes(); ++i) {
    const Hero& h = heroes_[i];
    const int s = hero_slot(i, mine, heroes());
    if (h.cell >= 0) put(L::hero(s), h.cell, 1.0f);
    for (int x = 0; x < kElements; ++x) f[e.hero_scalar(s, x)] = h.energy[x] / 10.0f;
    f[e.hero_scalar(s, 4)] = h.mana / 10.0f;
    f[e.hero_scalar(s, 5)] = h.dead;
    f[e.hero_scalar(s, 6)] = h.acted;
    f[e.hero_scalar(s, 7)] = h.skipped;
    f[e.hero_scalar(s, 8)] = h.owner == p;
    for (int k = 0; k < h.n_status; ++k) {
      const int kind = static_cast<int>(h.status[k].kind);
      if (kind < kStatusKinds) f[e.hero_scalar(s, 9 + kind)] += h.status[k].amount;
    }
    f[e.hero_scalar(s, 15 + h.spec)] = 1.0f;
  }
  auto at = [&](int k) -> float& { return f[e.global(k)]; };
  at(L::kRound) = static_cast<float>(round_) / static_cast<float>(r.max_rounds);
  at(L::kOwnBaseHp) = static_cast<float>(base_hp_[mine]) / static_cast<float>(r.base_hp);
  at(L::kEnemyBaseHp) = static_cast<float>(base_hp_[1 - mine]) / static_cast<float>(r.base_hp);
  if (!is_terminal()) {
    at(L::kOwnSideToMove) = side_ == mine;
    at(L::kObserverToMove) = current_player() == p;
  }
  at(L::kOwnSideStarts) = first_side_ == mine;
  if (phase_ != Phase::kOver) at(L::kPhase + static_cast<int>(phase_)) = 1.0f;
  at(L::kMoveLeft) = move_left_ / 10.0f;
  at(L::kCreates) = creates_ / 4.0f;
  at(L::kReturned) = returned_;
  at(L::kMajorDone) = major_done_;
  for (int k = 0; k < kMaxSkills; ++k) at(L::kCasts + k) = casts_[k] / 4.0f;
  at(L::kToDraw) = to_draw_ / 2.0f;
  at(L::kDeckLeft) = static_cast<float>(deck_left()) / static_cast<float>(r.deck.tiles.size());
  if (rolling) {
    at(L::kAttackDice) = att_dice_ / 10.0f;
    at(L::kAttackOnFour) = att_thr_ == 4;
    at(L::kDefenceDice) = def_dice_ / 10.0f;
    at(L::kDefenceOnFour) = def_thr_ == 4;
    at(L::kAttackSuccesses) = att_succ_ / 10.0f;
    if (dmg_elem_ >= 0 && dmg_elem_ < kElements) at(L::kDamageElement + dmg_elem_) = 1.0f;
  }
  for (int slot = 0; slot < 2; ++slot) {
    if (drawn_[slot] < 0) continue;
    const Tile& t = r.deck.tiles[drawn_[slot]];
    const int base = L::kDrawn + slot * L::kDrawnSize;
    at(base) = 1.0f;
    at(base + 1 + t.element) = 1.0f;
    for (int j = 0; j < kDirs; ++j) {
      const int m = t.edges[frame.tile_edge(j)];
      if (m >= kAttackMark && m <= kBlockMark) at(base + 1 + kElements + j * kMarkers + m - 1) = 1.0f;
    }
  }
  for (int k = 0; k < e.designs; ++k) at(L::kDesigns + k) = static_cast<float>(deck_left(k));
}

int State::policy_index(Action a) const {
  const Rules& r = *rules_;
  const Layout& A = r.layout;
  using L = EncodingLayout;
  if (is_chance() || is_terminal() || a < 0 || a >= A.total) return -1;
  const EncodingLayout e(r);
  const Frame frame{&r.grid, team_of(current_player()) == 1};
  const int S = e.side * e.side, extra = L::kPolicyPlanes * S;
  const int hero_cell = active_ >= 0 ? heroes_[active_].cell : -1;
  auto at = [&](int plane, int cell) { return cell < 0 ? -1 : plane * S + frame.square(cell); };
  if (a < A.respawn) {
    const int i = a - A.select;
    return i < heroes() && i % 2 == team_of(current_player()) ? extra + L::select(i / 2) : -1;
  }
  if (a < A.move) return at(L::kRespawn, a - A.respawn);
  if (a < A.create) return at(L::move(frame.dir(a - A.move)), hero_cell);
  if (a < A.place) return at(L::kCreate, hero_cell);
  if (a < A.ret) {
    const int x = a - A.place, slot = x / 36, d = (x / 6) % 6, rot = x % 6;
    if (hero_cell < 0) return -1;
    return at(L::place(slot, frame.rot(rot)), r.grid.step(hero_cell, d));
  }
  if (a < A.attack) return extra + L::kReturn;
  if (a < A.gather) return at(L::kAttack, a - A.attack);
  if (a < A.spell) return at(L::gather(frame.dir(a - A.gather)), hero_cell);
  if (a < A.end) return at(L::skill((a - A.spell) / A.cells), (a - A.spell) % A.cells);
  if (a == A.end) return extra + L::kEnd;
  return -1;  // chance outcomes have no policy index
}

Action State::policy_action(int index) const {
  const Rules& r = *rules_;
  const Layout& A = r.layout;
  using L = EncodingLayout;
  const EncodingLayout e(r);
  if (is_chance() || is_terminal() || index < 0 || index >= e.policy_size()) return kInvalidAction;
  const int mover_side = team_of(current_player());
  const Frame frame{&r.grid, mover_side == 1};
  const int S = e.side * e.side;
  const int hero_cell = active_ >= 0 ? heroes_[active_].cell : -1;
  Action a = kInvalidAction;
  if (index >= L::kPolicyPlanes * S) {
    const int x = index - L::kPolicyPlanes * S;
    if (x == L::kReturn)
      a = A.ret;
    else if (x == L::kEnd)
      a = A.end;
    else
      a = A.select + mover_side + 2 * x;
  } else {
    const int plane = index / S, cell = frame.cell(index % S);
    if (cell < 0) return kInvalidAction;
    if (plane == L::kRespawn) {
      a = A.respawn + cell;
    } else if (plane < L::kCreate) {
      if (cell == hero_cell) a = A.move + frame.dir(plane - L::move(0));
    } else if (plane == L::kCreate) {
      if (cell == hero_cell) a = A.create;
    } else if (plane < L::kAttack) {
      const int slot = (plane - L::place(0, 0)) / 6, rot = frame.rot((plane - L::place(0, 0)) % 6);
      for (int d = 0; d < kDirs && hero_cell >= 0; ++d)
        if (r.grid.step(hero_cell, d) == cell) a = A.place + (slot * 6 + d) * 6 + rot;
    } else if (plane == L::kAttack) {
      a = A.attack + cell;
    } else if (plane < L::skill(0)) {
      if (cell == hero_cell) a = A.gather + frame.dir(plane - L::gather(0));
    } else {
      a = A.spell + (plane - L::skill(0)) * A.cells + cell;
    }
  }
  if (a == kInvalidAction || a >= A.total || policy_index(a) != index || !is_legal(a)) return kInvalidAction;
  return a;
}

}  // namespace qilab::elements

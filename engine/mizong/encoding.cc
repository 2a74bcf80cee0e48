// The shaped encoding and the policy index of mizong (docs/encoding/mizong.md). One pass over
// the pieces, each written through the cell -> grid offset table of the observer's turn
// (Geometry::turn_at); nothing is allocated.
#include "engine/mizong/encoding.h"

#include <algorithm>
#include <string>

#include "engine/core/error.h"
#include "engine/mizong/mizong.h"
#include "engine/star/turn.h"

namespace qilab::mizong {
namespace {

int grid_cells(int point) { return star::grid_side(point) * star::grid_side(point); }

}  // namespace

EncodingSpec encoding_spec_for(int point) {
  EncodingSpec spec;
  spec.version = kEncodingVersion;
  spec.planes = kEncodingPlanes;
  spec.height = spec.width = star::grid_side(point);
  spec.plane_names = {"valid"};
  for (int i = 0; i < 6; ++i) spec.plane_names.push_back("pieces+" + std::to_string(i));
  for (const char* name : {"ally", "dark", "revealed", "stunned"}) spec.plane_names.push_back(name);
  for (const char* name : kKindName) spec.plane_names.push_back(name);
  for (const char* name : kAttr1Name) spec.plane_names.push_back(name);
  for (const char* name : kAttr2Name) spec.plane_names.push_back(name);
  for (const char* name : {"hp", "damage", "ap", "heal", "path_turns_0", "path_turns_1", "path_turns_2",
                           "acted", "active", "activation_start"})
    spec.plane_names.push_back(name);
  for (const char* name : kKindName) spec.plane_names.push_back(std::string("may_") + name);
  for (int a1 = 0; a1 < 3; ++a1)
    for (int a2 = 0; a2 < 2; ++a2)
      spec.plane_names.push_back(std::string("may_") + kAttr1Name[a1] + "_" + kAttr2Name[a2]);
  spec.scalar_names = {"round", "centre_hold", "centre_disturbed"};
  for (const char* group : {"to_move+", "out+", "place+"})
    for (int i = 0; i < 6; ++i) spec.scalar_names.push_back(group + std::to_string(i));
  for (const char* name : {"activation", "attacks_before", "attacks_after", "activation_acts", "moved"})
    spec.scalar_names.push_back(name);
  spec.scalars = static_cast<int>(spec.scalar_names.size());
  return spec;
}

PolicySpec policy_spec_for(int point) {
  PolicySpec spec;
  spec.planes = kPolicyPlanes;
  spec.height = spec.width = star::grid_side(point);
  spec.extra = kPolicyExtras;
  spec.plane_names = {"select", "move", "attack", "heal", "swap"};
  spec.extra_names = {"area_heal", "done", "end_turn"};
  return spec;
}

void State::encode(Player observer, std::span<float> out) const {
  const Geometry& g = *geo_;
  const int G = grid_cells(g.point);
  const std::size_t size = static_cast<std::size_t>(kEncodingPlanes * G + kEncodingScalars);
  if (out.size() != size)
    throw Error("mizong encode: expected a buffer of " + std::to_string(size) + " floats, got " +
                std::to_string(out.size()));
  if (observer < 0 || observer >= players_)
    throw Error("mizong encode: observer " + std::to_string(observer) + " is not a seat 0-" +
                std::to_string(players_ - 1));
  std::fill(out.begin(), out.end(), 0.0f);
  float* planes = out.data();
  const std::int16_t* at = g.turn_at[static_cast<std::size_t>(star::turn_to_south(observer))].data();
  auto put = [&](int plane, int offset, float v) { planes[plane * G + offset] = v; };
  for (int c = 0; c < g.cells; ++c) planes[at[c]] = 1.0f;  // the valid plane (the star turns onto itself)

  const int my_team = team_of(observer);
  for (int id = 0; id < players_ * home_; ++id) {
    const Piece& x = pc_[static_cast<std::size_t>(id)];
    if (x.cell < 0) continue;
    const int o = at[x.cell];
    const int seat = owner(id);
    // Public: where it stands, whose it is, dark or open, stunned, damage, path, evidence.
    put(kSeatPlanes + (seat - observer + players_) % players_, o, 1.0f);
    if (team_of(seat) == my_team) put(kAllyPlane, o, 1.0f);
    if (x.stunned()) put(kStunnedPlane, o, 1.0f);
    put(kDamagePlane, o, static_cast<float>(max_hp(x.kind) - x.hp) / 66.0f);
    put(kPathPlanes + pattern_turns(id), o, 1.0f);
    if (acted_.test(id)) put(kActedPlane, o, 1.0f);
    if (x.dark()) {
      put(kDarkPlane, o, 1.0f);
      if (x.flags & kRevealed) put(kRevealedPlane, o, 1.0f);
      for (int k = 0; k < kKinds; ++k)
        if ((x.may_kinds >> k) & 1) put(kMayKindPlanes + k, o, 1.0f);
      for (int a = 0; a < 6; ++a)
        if ((x.may_attrs >> a) & 1) put(kMayAttrPlanes + a, o, 1.0f);
    }
    // What only some seats see: identity, HP, action points; heal counts to the owner.
    if (!visible(observer, id)) continue;
    put(kKindPlanes + x.kind, o, 1.0f);
    put(kAttr1Planes + x.attr1, o, 1.0f);
    put(kAttr2Planes + x.attr2, o, 1.0f);
    put(kHpPlane, o, static_cast<float>(x.hp) / static_cast<float>(max_hp(x.kind)));
    if (is_hero(x.kind)) put(kApPlane, o, static_cast<float>(x.ap) / static_cast<float>(kApBudget[x.kind]));
    if (seat == observer) put(kHealPlane, o, static_cast<float>(x.heal) / 5.0f);
  }
  if (act_.piece >= 0) {
    const int c = pc_[static_cast<std::size_t>(act_.piece)].cell;
    if (c >= 0) put(kActivePlane, at[c], 1.0f);
    if (act_.start >= 0) put(kStartPlane, at[act_.start], 1.0f);
  }

  float* scalars = planes + kEncodingPlanes * G;
  scalars[kRoundScalar] = static_cast<float>(round_) / static_cast<float>(rules_.round_cap);
  scalars[kHoldScalar] = static_cast<float>(hold_rounds_) / static_cast<float>(rules_.centre_rounds);
  scalars[kDisturbedScalar] = centre_disturbed_ ? 1.0f : 0.0f;
  if (!over_) scalars[kToMoveScalars + (current_ - observer + players_) % players_] = 1.0f;
  for (int i = 0; i < players_; ++i) {
    const int seat = (observer + i) % players_;
    scalars[kOutScalars + i] = this->out(seat) ? 1.0f : 0.0f;
    scalars[kPlaceScalars + i] = static_cast<float>(place(team_of(seat))) / 6.0f;
  }
  if (act_.piece >= 0) {
    scalars[kActivationScalar] = 1.0f;
    scalars[kBeforeScalar] = static_cast<float>(act_.before) / 3.0f;
    scalars[kAfterScalar] = static_cast<float>(act_.after) / 3.0f;
    scalars[kActsScalar] = static_cast<float>(std::min<int>(act_.acts, 36)) / 36.0f;
    scalars[kMovedScalar] = act_.moved ? 1.0f : 0.0f;
  }
}

// Turned to the seat to move: select:c, move:c, attack:c, heal:c and swap:c at the turned cell
// c on their verb's plane; area-heal, done and end-turn are the extras.
int State::policy_index(Action a) const {
  const Layout& L = layout_;
  if (a < 0 || a >= L.total) return -1;
  const int G = grid_cells(geo_->point);
  if (a >= L.area_heal) return kPolicyPlanes * G + (a - L.area_heal);
  const auto& at = geo_->turn_at[static_cast<std::size_t>(star::turn_to_south(current_))];
  return (a / L.cells) * G + at[static_cast<std::size_t>(a % L.cells)];
}

Action State::policy_action(int index) const {
  const Layout& L = layout_;
  const int G = grid_cells(geo_->point);
  if (index < 0 || index >= kPolicyPlanes * G + kPolicyExtras) return kInvalidAction;
  Action a = L.area_heal + (index - kPolicyPlanes * G);
  if (index < kPolicyPlanes * G) {
    const auto& cell_of = geo_->turn_cell[static_cast<std::size_t>(star::turn_to_south(current_))];
    const int c = cell_of[static_cast<std::size_t>(index % G)];
    if (c < 0) return kInvalidAction;
    a = (index / G) * L.cells + c;
  }
  return is_legal(a) ? a : kInvalidAction;
}

}  // namespace qilab::mizong

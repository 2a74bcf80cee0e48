// The junqi encoding's specs and the policy index (encoding.h, docs/encoding/junqi.md); the
// planes themselves are filled in view.cc, next to what each seat sees.
#include "engine/junqi/encoding.h"

#include <string>

#include "engine/junqi/junqi.h"

namespace qilab::junqi {
namespace {

constexpr const char* kKindName[kKinds] = {"flag",    "mine",     "bomb",      "engineer",
                                           "platoon", "company",  "battalion", "regiment",
                                           "brigade", "division", "corps",     "marshal"};
constexpr const char* kStepName[kSteps] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};

std::string seat(int k) {
  std::string s = "seat +";
  s += std::to_string(k);
  return s;
}

}  // namespace

EncodingSpec junqi_encoding_spec(const Board& b) {
  const EncodingIndex x{b.armies};
  EncodingSpec s;
  s.version = kEncodingVersion;
  s.planes = x.planes();
  s.height = b.layout.height;
  s.width = b.layout.width;
  s.scalars = x.scalars();
  s.plane_names = {"valid", "rail post", "camp", "headquarters", "station", "airport"};
  for (int k = 0; k < x.n; ++k) s.plane_names.push_back(seat(k) + " home");
  for (int k = 0; k < x.n; ++k) s.plane_names.push_back(seat(k) + " pieces");
  for (int k = 0; k < kKinds; ++k) s.plane_names.push_back(std::string("known ") + kKindName[k]);
  for (int k = 0; k < kKinds; ++k) s.plane_names.push_back(std::string("may be ") + kKindName[k]);
  s.plane_names.push_back("last move from");
  s.plane_names.push_back("last move to");
  s.scalar_names = {"deploying", "playing"};
  for (int k = 0; k < x.n; ++k) s.scalar_names.push_back(seat(k) + " to move");
  for (int k = 0; k < x.n; ++k) s.scalar_names.push_back(seat(k) + " out");
  for (int k = 0; k < x.n; ++k) s.scalar_names.push_back(seat(k) + " deployed");
  for (int k = 0; k < kKinds; ++k) s.scalar_names.push_back(std::string("next placement ") + kKindName[k]);
  for (int k = 0; k < x.n; ++k) s.scalar_names.push_back(seat(k) + " draw offer answered");
  for (int k = 0; k < x.n; ++k) s.scalar_names.push_back(seat(k) + " has offered a draw");
  for (const char* f : {"quiet moves", "play moves", "may resign", "bright", "allies visible", "decapitation",
                        "mine dies too", "draw offers"})
    s.scalar_names.push_back(f);
  return s;
}

PolicySpec junqi_policy_spec(const Board& b) {
  PolicySpec s;
  s.planes = b.layout.kinds();
  s.height = b.layout.height;
  s.width = b.layout.width;
  s.extra = kExtras;
  s.plane_names.push_back("place");
  for (const char* d : kStepName) s.plane_names.push_back(std::string("step ") + d);
  for (int k = 0; k < b.layout.far_kinds; ++k) s.plane_names.push_back("far " + std::to_string(k + 1));
  s.extra_names = {"resign", "draw", "no-draw"};
  return s;
}

int State::policy_index(Action a) const {
  const Board& b = *board_;
  const Layout& l = b.layout;
  const int P = b.posts, grid = l.height * l.width, m = current_player();
  if (m < 0 || a < 0 || a > refuse_action()) return -1;
  if (a >= resign_action()) return l.kinds() * grid + (a - resign_action());
  if (a >= P * P) return kPlaceKind * grid + l.cell[m * P + (a - P * P)];
  const int from = l.turn[m * P + a / P], to = l.turn[m * P + a % P];
  const int kind = l.move_kind[from * P + to];
  return kind < 0 ? -1 : kind * grid + l.cell[from];  // seat 0's cell of the turned post
}

Action State::policy_action(int index) const {
  const Board& b = *board_;
  const Layout& l = b.layout;
  const int P = b.posts, grid = l.height * l.width, m = current_player();
  if (m < 0 || index < 0 || index >= l.kinds() * grid + kExtras) return kInvalidAction;
  Action a = kInvalidAction;
  if (index >= l.kinds() * grid) {
    a = resign_action() + (index - l.kinds() * grid);
  } else {
    const int kind = index / grid, cell = index % grid;
    const int from = l.post_at_cell[cell];  // as seat 0 sees it
    if (from < 0) return kInvalidAction;
    int to = -1;
    if (kind == kPlaceKind) {
      a = place_action(l.unturn[m * P + from]);
    } else if (kind < kFirstFarKind) {
      const int r = cell / l.width + kStepRow[kind - kFirstStepKind],
                c = cell % l.width + kStepCol[kind - kFirstStepKind];
      if (r < 0 || r >= l.height || c < 0 || c >= l.width) return kInvalidAction;
      to = l.post_at_cell[r * l.width + c];
    } else {
      to = l.far_target[from * l.far_kinds + (kind - kFirstFarKind)];
    }
    if (kind != kPlaceKind) {
      if (to < 0 || l.move_kind[from * P + to] != kind) return kInvalidAction;
      a = move_action(l.unturn[m * P + from], l.unturn[m * P + to]);
    }
  }
  return is_legal(a) ? a : kInvalidAction;
}

}  // namespace qilab::junqi

// The shaped encoding and the policy index of checkers (docs/encoding/checkers.md).
#include "engine/checkers/encoding.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "engine/checkers/checkers.h"
#include "engine/core/error.h"
#include "engine/star/turn.h"

namespace qilab::checkers {
namespace {

constexpr int kPoint = 4;
static_assert(star::grid_side(kPoint) == kGridSide);

// kHoleAt[k][h]: grid offset of hole h with the board turned k*60 degrees clockwise;
// kHoleOf[k][o]: the hole at grid offset o under that turn, -1 on the padding.
struct Grid {
  std::array<std::array<std::int16_t, kCells>, star::kTriangles> hole_at{};
  std::array<std::array<std::int16_t, kGridCells>, star::kTriangles> hole_of{};
  std::array<float, kGridCells> valid{};
  constexpr Grid() {
    for (auto& row : hole_of) row.fill(-1);
    for (int k = 0; k < star::kTriangles; ++k)
      for (int h = 0; h < kCells; ++h) {
        const int o = star::grid_offset(kPoint, star::turned(star::Axial{kStar.q[h], kStar.r[h]}, k));
        hole_at[k][h] = static_cast<std::int16_t>(o);
        hole_of[k][o] = static_cast<std::int16_t>(h);
      }
    for (int h = 0; h < kCells; ++h) valid[hole_at[0][h]] = 1.0f;
  }
};
constexpr Grid kGrid{};

// Plane indices past the seats' planes (n = players).
constexpr int hop_plane(int n) { return n + 1; }
constexpr int visited_plane(int n) { return n + 2; }
constexpr int planes_for(int n) { return n + 3; }

}  // namespace

EncodingSpec encoding_spec_for(int players) {
  EncodingSpec spec;
  spec.version = kEncodingVersion;
  spec.planes = planes_for(players);
  spec.height = spec.width = kGridSide;
  spec.plane_names.push_back("valid");
  for (int i = 0; i < players; ++i) spec.plane_names.push_back("pieces+" + std::to_string(i));
  spec.plane_names.push_back("hopping");
  spec.plane_names.push_back("visited");
  for (int i = 0; i < players; ++i) spec.scalar_names.push_back("to_move+" + std::to_string(i));
  spec.scalar_names.push_back("turns");
  spec.scalars = static_cast<int>(spec.scalar_names.size());
  return spec;
}

PolicySpec policy_spec_for() {
  PolicySpec spec;
  spec.planes = star::kDirections;
  spec.height = spec.width = kGridSide;
  spec.extra = 1;
  spec.plane_names = {"up_left", "up_right", "left", "right", "down_left", "down_right"};
  spec.extra_names = {"pass"};
  return spec;
}

std::vector<EncodingSymmetry> encoding_symmetries_for(int players) {
  if (players != 2) return {};
  // The mirror on the unturned grid: hole (q, r) to (-q - r, r); padding stays in place.
  std::array<int, kGridCells> grid_from{};
  for (int o = 0; o < kGridCells; ++o) {
    grid_from[o] = o;
    const int h = kGrid.hole_of[0][o];
    if (h < 0) continue;
    const star::Axial m{-kStar.q[h] - kStar.r[h], kStar.r[h]};
    grid_from[o] = star::grid_offset(kPoint, m);
  }
  // Direction d mirrored: (dq, dr) to (-dq - dr, dr).
  std::array<int, star::kDirections> direction_to{};
  for (int d = 0; d < star::kDirections; ++d)
    for (int e = 0; e < star::kDirections; ++e)
      if (star::Star<kPoint>::kDq[e] == -star::Star<kPoint>::kDq[d] - star::Star<kPoint>::kDr[d] &&
          star::Star<kPoint>::kDr[e] == star::Star<kPoint>::kDr[d])
        direction_to[d] = e;
  const EncodingSpec spec = encoding_spec_for(players);
  const PolicySpec policy = policy_spec_for();
  EncodingSymmetry mirror;
  mirror.name = "mirror";
  mirror.input_from.resize(static_cast<std::size_t>(spec.size()));
  for (int i = 0; i < spec.size(); ++i)
    mirror.input_from[i] =
        i < spec.board_size() ? i - i % kGridCells + grid_from[i % kGridCells] : i;  // scalars stay
  mirror.policy_to.resize(static_cast<std::size_t>(policy.size()));
  for (int j = 0; j < policy.size(); ++j)
    mirror.policy_to[j] = j < policy.board_size()
                              ? direction_to[j / kGridCells] * kGridCells + grid_from[j % kGridCells]
                              : j;  // pass
  return {mirror};
}

void State::encode(Player observer, std::span<float> out) const {
  const int n = players_;
  const std::size_t size = static_cast<std::size_t>(planes_for(n) * kGridCells + n + 1);
  if (out.size() != size)
    throw Error("checkers encode: expected a buffer of " + std::to_string(size) + " floats, got " +
                std::to_string(out.size()));
  if (observer < 0 || observer >= n)
    throw Error("checkers encode: observer " + std::to_string(observer) + " is not a seat 0-" +
                std::to_string(n - 1));
  std::fill(out.begin(), out.end(), 0.0f);
  std::copy(kGrid.valid.begin(), kGrid.valid.end(), out.begin());
  const auto& at = kGrid.hole_at[static_cast<std::size_t>(star::turn_to_south(triangle_[observer]))];
  float* planes = out.data();
  for (int i = 0; i < n; ++i) {
    float* plane = planes + (1 + i) * kGridCells;
    for (int h : own_[(observer + i) % n]) plane[at[h]] = 1.0f;
  }
  if (hop_from_ >= 0) planes[hop_plane(n) * kGridCells + at[hop_from_]] = 1.0f;
  for (int h : visited_) planes[visited_plane(n) * kGridCells + at[h]] = 1.0f;
  float* scalars = planes + planes_for(n) * kGridCells;
  if (!is_terminal()) scalars[(current_ - observer + n) % n] = 1.0f;
  scalars[n] = static_cast<float>(turns_) / static_cast<float>(max_turns_);
}

// Turned to the seat to move: plane = the turned direction, grid point = the turned hole the
// piece starts from; pass is the one extra index.
int State::policy_index(Action a) const {
  if (a == kPass) return star::kDirections * kGridCells;
  if (a < 0 || a > kPass) return -1;
  const int k = star::turn_to_south(triangle_[current_]);
  const int from = a / star::kDirections, d = a % star::kDirections;
  return star::kTurnedDirection[k][d] * kGridCells + kGrid.hole_at[k][from];
}

Action State::policy_action(int index) const {
  if (index < 0 || index > star::kDirections * kGridCells) return kInvalidAction;
  Action a = kPass;
  if (index < star::kDirections * kGridCells) {
    const int k = star::turn_to_south(triangle_[current_]);
    const int hole = kGrid.hole_of[k][index % kGridCells];
    if (hole < 0) return kInvalidAction;
    const int d = star::kTurnedDirection[(star::kTriangles - k) % star::kTriangles][index / kGridCells];
    a = hole * star::kDirections + d;
  }
  return is_legal(a) ? a : kInvalidAction;
}

}  // namespace qilab::checkers

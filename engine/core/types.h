#pragma once
// Basic vocabulary shared by every game: players, actions, per-player values.
#include <array>
#include <cstdint>

namespace qilab {

using Action = std::int32_t;
using Player = int;

inline constexpr Player kChancePlayer = -1;
inline constexpr Player kTerminalPlayer = -2;
inline constexpr Action kInvalidAction = -1;
// What a seat observes of an action it may not see at all (an enemy's secret placement):
// State::action_view returns it. Never legal, never in a record.
inline constexpr Action kHiddenAction = -3;
inline constexpr int kMaxPlayers = 6;

// One value per seat (returns, evaluations); entries past num_players() are 0.
using Values = std::array<double, kMaxPlayers>;

}  // namespace qilab

#pragma once
// The seed's rating ladder (计分方法) and escape penalties (逃跑计分方法), as pure scoring
// logic for matches (docs/rules/junqi.md, "Rating"). Points are in units of 1 (a 小兵's base).
#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace qilab::junqi::ladder {

inline constexpr int kLevels = 29;  // 小兵 (level 0) .. 军神 (level 28)
extern const std::array<std::string_view, kLevels> kLevelNames;
// The seed's table column 下一级升级分, verbatim (level 0's "15以下" as 0). It is the total
// 15 x (2^level - 1) except 1920 where that gives 1905 (a slip in the seed), and it stops
// doubling past 元帅; the ladder below promotes by the seed's text rule instead (5 x base).
extern const std::array<std::int64_t, kLevels> kSeedThresholds;

// 2 to the level: 1 for 小兵, 2 for 副班长, 4 for 班长 ...
std::int64_t base(int level);
// The stake of a game: the base of the lowest level at the table.
std::int64_t stake(const std::vector<int>& levels);
// Points that take a player from `level` to the next: 5 times its base.
std::int64_t promotion_points(int level);

struct Standing {
  int level = 0;
  std::int64_t points = 0;
  friend bool operator==(const Standing&, const Standing&) = default;
};

// Adds one game's points. Reaching 5 x base promotes (points start again from 0); a loss
// that takes the points below 0 demotes to the level below with 5 x its base less that
// game's loss, which may itself be below 0 (the seed sets no floor). 小兵 has no level
// below: its points may go negative.
Standing after_game(Standing s, std::int64_t delta);

// Points of each seat for one finished game in base units (the engine's returns) times the
// stake: standard room 3/2/1 x base by survivors, decapitation 1 x base.
std::vector<std::int64_t> game_points(const std::vector<double>& returns, std::int64_t stake);

// Escapes (an agent that times out three times or crashes counts as escaping). Standard
// room: N = the other side's survivors minus the escaping side's (the escapee counted dead);
// N <= 0 costs 6 x base, N = 1 costs 9, N = 2 costs 12 (N = 3, which the seed does not list,
// 15: the same step). Decapitation room: 3 x base. The escapee bears its side's whole loss;
// its allies score 0 and the other side shares the penalty equally (the seed's 补偿加分).
std::int64_t escape_multiplier(bool decapitation, int other_side_survivors, int own_side_survivors);
std::vector<std::int64_t> escape_points(bool decapitation, int players, int escapee,
                                        const std::vector<bool>& alive, std::int64_t stake);

}  // namespace qilab::junqi::ladder

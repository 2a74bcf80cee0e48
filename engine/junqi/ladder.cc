#include "engine/junqi/ladder.h"

#include <algorithm>
#include <cmath>

#include "engine/core/error.h"

namespace qilab::junqi::ladder {

const std::array<std::string_view, kLevels> kLevelNames = {
    "小兵",     "副班长",   "班长",     "副排长",   "排长",   "副连长",   "连长",     "副营长",
    "营长",     "副团长",   "团长",     "副旅长",   "旅长",   "副师长",   "师长",     "副军长",
    "军长",     "副司令",   "司令",     "元帅",     "大元帅", "三军统帅", "帝国元帅", "一星军旗",
    "二星军旗", "三星军旗", "四星军旗", "五星军旗", "军神"};

const std::array<std::int64_t, kLevels> kSeedThresholds = {
    0,        15,       45,       105,      225,       465,       945,       1920,       3825,      7665,
    15345,    30705,    61425,    122865,   245745,    491505,    983025,    1966065,    3932145,   7864305,
    10000000, 20000000, 40000000, 80000000, 160000000, 320000000, 640000000, 1280000000, 2000000000};

std::int64_t base(int level) {
  if (level < 0 || level >= kLevels) throw Error("ladder: level " + std::to_string(level) + " is not 0-28");
  return std::int64_t{1} << level;
}

std::int64_t stake(const std::vector<int>& levels) {
  if (levels.empty()) throw Error("ladder: a table needs players");
  return base(*std::min_element(levels.begin(), levels.end()));
}

std::int64_t promotion_points(int level) { return 5 * base(level); }

Standing after_game(Standing s, std::int64_t delta) {
  base(s.level);
  s.points += delta;
  if (delta > 0 && s.points >= promotion_points(s.level) && s.level + 1 < kLevels) {
    ++s.level;  // 玩家升到上一级后积分为０分
    s.points = 0;
  } else if (delta < 0 && s.points < 0 && s.level > 0) {
    // 如果降级则变为下一级基础分的五倍减去最后一盘的失分: exactly that, with no floor, so a
    // loss bigger than 5 x the lower base leaves the demoted player below 0 (and its next
    // loss demotes it again). Only a loss demotes: a win never takes a player down, even
    // one still below 0 (docs/rules/junqi.md, "Rating").
    --s.level;
    s.points = promotion_points(s.level) + delta;
  }
  return s;
}

std::vector<std::int64_t> game_points(const std::vector<double>& returns, std::int64_t stake) {
  std::vector<std::int64_t> out;
  for (double r : returns) out.push_back(static_cast<std::int64_t>(std::llround(r)) * stake);
  return out;
}

std::int64_t escape_multiplier(bool decapitation, int other_side_survivors, int own_side_survivors) {
  if (decapitation) return 3;
  const int n = other_side_survivors - own_side_survivors;
  return 6 + 3 * std::max(0, n);
}

std::vector<std::int64_t> escape_points(bool decapitation, int players, int escapee,
                                        const std::vector<bool>& alive, std::int64_t stake) {
  if (players < 2 || players % 2 || escapee < 0 || escapee >= players ||
      static_cast<int>(alive.size()) != players)
    throw Error("ladder: escape_points needs an even table, a seat on it and one alive flag per seat");
  int own = 0, other = 0;
  for (int p = 0; p < players; ++p) {
    if (p == escapee || !alive[p]) continue;  // the escapee counts as dead
    (p % 2 == escapee % 2 ? own : other) += 1;
  }
  const std::int64_t penalty = escape_multiplier(decapitation, other, own) * stake;
  std::vector<std::int64_t> out(players, 0);
  out[escapee] = -penalty;
  // The other side shares the penalty; a remainder goes to the lowest seats first.
  const int opponents = players / 2;
  for (int k = 0, p = 1 - escapee % 2; p < players; p += 2, ++k)
    out[p] = penalty / opponents + (k < penalty % opponents ? 1 : 0);
  return out;
}

}  // namespace qilab::junqi::ladder

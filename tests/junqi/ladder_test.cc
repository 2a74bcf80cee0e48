// The seed's rating ladder and escape penalties.
#include <doctest/doctest.h>

#include "engine/core/error.h"
#include "engine/junqi/ladder.h"

using namespace qilab::junqi::ladder;

TEST_CASE("levels, bases and stakes: 2 to the level, the lowest level at the table") {
  CHECK(kLevelNames[0] == "小兵");
  CHECK(kLevelNames[19] == "元帅");
  CHECK(kLevelNames[28] == "军神");
  CHECK(base(0) == 1);  // 六个小兵之间 1 分
  CHECK(base(1) == 2);  // 副班长 2 分
  CHECK(base(2) == 4);  // 班长 4 分
  CHECK(stake({5, 3, 7, 9, 3, 4}) == 8);
  CHECK_THROWS_AS(base(29), qilab::Error);
}

TEST_CASE("promotion at 5 x base, from 0 again; demotion to 5 x the lower base less the loss") {
  CHECK(promotion_points(0) == 5);   // 小兵到副班长为5分
  CHECK(promotion_points(1) == 10);  // 再到班长为10分
  // The seed's example: to reach 团长 beat 5 副团长, 10 营长, 20 副营长 ... or 2560 小兵.
  CHECK(promotion_points(9) / base(9) == 5);
  CHECK(promotion_points(9) / base(8) == 10);
  CHECK(promotion_points(9) / base(7) == 20);
  CHECK(promotion_points(9) / base(0) == 2560);
  Standing s;
  for (int i = 0; i < 4; ++i) s = after_game(s, 1);
  CHECK(s == Standing{0, 4});
  s = after_game(s, 1);
  CHECK(s == Standing{1, 0});
  s = after_game(s, -2);
  CHECK(s == Standing{0, 3});  // 5 x 1 - 2
  s = after_game(Standing{0, 0}, -3);
  CHECK(s == Standing{0, -3});
}

TEST_CASE("demotion: 5 x the lower level's base less the last game's loss, with no floor at 0") {
  // 如果降级则变为下一级基础分的五倍减去最后一盘的失分. Six 副班长 (base 2) play a standard
  // game; the winners keep 3 survivors, so each loser loses 3 x 2 = 6 (胜利方有3人存活每人得3倍底分
  // ... 失败方相应扣分). A 副班长 on 1 point falls to 1 - 6 < 0: 小兵 with 5 x 1 - 6 = -1.
  const auto loss = game_points({3, -3, 3, -3, 3, -3}, stake({1, 1, 1, 1, 1, 1}))[1];
  CHECK(loss == -6);
  CHECK(after_game(Standing{1, 1}, loss) == Standing{0, -1});
  // A 班长 (base 4) on 3 points escapes; its side keeps one survivor (the escapee counts as
  // dead), the other side three: N = 2, 12 x 4 = 48 (N=2，扣12倍). It becomes a 副班长 with
  // 5 x 2 - 48 = -38.
  const auto escape = escape_points(false, 6, 0, {true, true, true, true, false, true}, base(2))[0];
  CHECK(escape == -48);
  CHECK(after_game(Standing{2, 3}, escape) == Standing{1, -38});
  // Only a loss demotes: a win leaves a player below 0 at its level.
  CHECK(after_game(Standing{1, -38}, 2) == Standing{1, -36});
  // The next loss that ends below 0 demotes again, by the same rule: 5 x 1 - 2.
  CHECK(after_game(Standing{1, -36}, -2) == Standing{0, 3});
}

TEST_CASE("the seed's thresholds table is kept verbatim") {
  CHECK(kSeedThresholds[1] == 15);
  CHECK(kSeedThresholds[7] == 1920);
  for (int l = 1; l < 20; ++l)
    if (l != 7) CHECK(kSeedThresholds[l] == 15 * ((std::int64_t{1} << l) - 1));
}

TEST_CASE("game points: returns times the stake") {
  CHECK(game_points({3, -3, 3, -3, 3, -3}, 4) == std::vector<std::int64_t>{12, -12, 12, -12, 12, -12});
}

TEST_CASE("escapes: 6, 9 or 12 times base by the survivor difference; 3 in decapitation") {
  // A, C, E (seats 0, 2, 4) against B, D, F. A escapes with everyone alive: N = 3 - 2 = 1.
  CHECK(escape_multiplier(false, 3, 2) == 9);
  CHECK(escape_multiplier(false, 2, 2) == 6);
  CHECK(escape_multiplier(false, 1, 2) == 6);
  CHECK(escape_multiplier(false, 3, 1) == 12);
  CHECK(escape_multiplier(true, 3, 0) == 3);
  auto pts = escape_points(false, 6, 0, {true, true, true, true, true, true}, 2);
  CHECK(pts == std::vector<std::int64_t>{-18, 6, 0, 6, 0, 6});
  pts = escape_points(true, 4, 1, {true, true, true, true}, 1);
  CHECK(pts == std::vector<std::int64_t>{2, -3, 1, 0});
}

#include <doctest/doctest.h>

#include "engine/star/star.h"

using namespace qilab::star;

namespace {
constexpr Star<24> kStar24{};
}

TEST_CASE("star sizes: 121 holes for point 4, 3601 vertices for point 24") {
  static_assert(Star<4>::kCells == 121);
  static_assert(Star<24>::kCells == 3601);
  CHECK(kStar4.triangle_cells[0].size() == 10);
  CHECK(kStar24.triangle_cells[0].size() == 300);
  // Rows 1,2,3,4,13,12,...,9,...,13,4,3,2,1 (the reference's numbering).
  const int sizes[17] = {1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1};
  for (int r = 0; r < 17; ++r) CHECK(Star<4>::row_size(r) == sizes[r]);
  CHECK(kStar4.centre == 60);
  CHECK(kStar24.distance(kStar24.centre, kStar24.triangle_cells[0][0]) == 48);
}

TEST_CASE("star neighbours and hops follow the reference numbering") {
  // Directions: UL, UR, L, R, DL, DR.
  CHECK(kStar4.neighbour[0] == std::array<std::int16_t, 6>{-1, -1, -1, -1, 1, 2});
  CHECK(kStar4.neighbour[4] == std::array<std::int16_t, 6>{1, 2, 3, 5, 7, 8});
  CHECK(kStar4.neighbour[10] == std::array<std::int16_t, 6>{-1, -1, -1, 11, -1, 23});
  CHECK(kStar4.neighbour[60] == std::array<std::int16_t, 6>{50, 51, 59, 61, 69, 70});
  CHECK(kStar4.neighbour[120] == std::array<std::int16_t, 6>{118, 119, -1, -1, -1, -1});
  CHECK(kStar4.hop[0] == std::array<std::int16_t, 6>{-1, -1, -1, -1, 3, 5});
  CHECK(kStar4.hop[16] == std::array<std::int16_t, 6>{3, 5, 14, 18, 39, 41});
  CHECK(kStar4.hop[6] == std::array<std::int16_t, 6>{-1, 1, -1, 8, 26, 28});
  // Symmetry: b is a's neighbour in d iff a is b's in the opposite direction.
  const int opposite[6] = {5, 4, 3, 2, 1, 0};
  for (int c = 0; c < 121; ++c)
    for (int d = 0; d < 6; ++d) {
      int n = kStar4.neighbour[c][d];
      if (n >= 0) CHECK(kStar4.neighbour[n][opposite[d]] == c);
    }
}

TEST_CASE("star triangles match the reference's cell lists") {
  using T = std::array<std::int16_t, 10>;
  CHECK(kStar4.triangle_cells[0] == T{0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  CHECK(kStar4.triangle_cells[1] == T{19, 20, 21, 22, 32, 33, 34, 44, 45, 55});
  CHECK(kStar4.triangle_cells[2] == T{74, 84, 85, 95, 96, 97, 107, 108, 109, 110});
  CHECK(kStar4.triangle_cells[3] == T{111, 112, 113, 114, 115, 116, 117, 118, 119, 120});
  CHECK(kStar4.triangle_cells[4] == T{65, 75, 76, 86, 87, 88, 98, 99, 100, 101});
  CHECK(kStar4.triangle_cells[5] == T{10, 11, 12, 13, 23, 24, 25, 35, 36, 46});
}

TEST_CASE("star rotations map triangle t onto t+k") {
  for (int k = 0; k < 6; ++k)
    for (int t = 0; t < 6; ++t)
      for (int c : kStar24.triangle_cells[t]) REQUIRE(kStar24.triangle[kStar24.rotated[k][c]] == (t + k) % 6);
  CHECK(kStar4.rotated[1][0] == 22);  // north tip -> north-east tip
  CHECK(kStar4.rotated[3][0] == 120);
  for (int c = 0; c < 121; ++c) CHECK(kStar4.rotated[0][c] == c);
}

TEST_CASE("star discs and rays") {
  CHECK(kStar4.disc(60, 1).count() == 7);
  CHECK(kStar4.disc(60, 4).count() == 61);  // the hexagon
  CHECK(kStar4.disc(0, 1).count() == 3);
  CHECK(kStar24.disc(kStar24.centre, 3).count() == 37);
  CHECK(kStar24.disc(kStar24.centre, 24).count() == 1801);  // the central hexagon
  CHECK(kStar4.ray(0, kDownRight).count() == 12);
  CHECK(kStar4.ray(60, kRight).count() == 4);
  CHECK(kStar4.ray(60, kRight).test(64));
}

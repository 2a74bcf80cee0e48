#include <doctest/doctest.h>

#include <vector>

#include "engine/core/bitboard.h"

using qilab::Bitboard;

TEST_CASE("bitboard set, test, count across word boundaries") {
  Bitboard<130> b;
  CHECK(b.none());
  for (int i : {0, 63, 64, 127, 128, 129}) b.set(i);
  CHECK(b.count() == 6);
  CHECK(b.test(63));
  CHECK(b.test(129));
  CHECK_FALSE(b.test(1));
  b.reset(63);
  CHECK_FALSE(b.test(63));
  CHECK(b.lsb() == 0);
  std::vector<int> cells(b.begin(), b.end());
  CHECK(cells == std::vector<int>{0, 64, 127, 128, 129});
}

TEST_CASE("bitboard all() and complement stay inside N bits") {
  constexpr auto all = Bitboard<121>::all();
  static_assert(all.count() == 121);
  CHECK((~Bitboard<121>{}).count() == 121);
  CHECK((~all).none());
  Bitboard<3601> big = Bitboard<3601>::all();
  CHECK(big.count() == 3601);
}

TEST_CASE("bitboard algebra") {
  Bitboard<200> a, b;
  a.set(5);
  a.set(150);
  b.set(150);
  b.set(199);
  CHECK((a & b).count() == 1);
  CHECK((a | b).count() == 3);
  CHECK((a ^ b).count() == 2);
  CHECK(a.andnot(b) == Bitboard<200>::single(5));
  Bitboard<200> c = a;
  CHECK(c.pop_lsb() == 5);
  CHECK(c.pop_lsb() == 150);
  CHECK(c.none());
  CHECK(c.pop_lsb() == -1);
}

TEST_CASE("bitboard shifts move cells across words and drop them past the ends") {
  Bitboard<200> b;
  for (int i : {0, 63, 64, 150, 199}) b.set(i);
  auto up = b.shifted<18>();
  std::vector<int> cells(up.begin(), up.end());
  CHECK(cells == std::vector<int>{18, 81, 82, 168});
  auto down = b.shifted<-64>();
  cells.assign(down.begin(), down.end());
  CHECK(cells == std::vector<int>{0, 86, 135});
  auto far = b.shifted<-1>();
  cells.assign(far.begin(), far.end());
  CHECK(cells == std::vector<int>{62, 63, 149, 198});
  CHECK(b.shifted<0>() == b);
  CHECK(b.shifted<200>().none());
}

TEST_CASE("bitboard words: read whole, a board made from words drops the bits past N") {
  Bitboard<193> b;
  for (int i : {0, 64, 130, 192}) b.set(i);
  const Bitboard<193>::Words& w = b.words();
  CHECK(w[0] == 1);
  CHECK(w[1] == 1);
  CHECK(w[2] == std::uint64_t{1} << 2);
  CHECK(w[3] == 1);
  CHECK(Bitboard<193>::from_words(w) == b);
  Bitboard<193>::Words all{~0ull, ~0ull, ~0ull, ~0ull};
  const auto full = Bitboard<193>::from_words(all);
  CHECK(full == Bitboard<193>::all());
  CHECK(full.count() == 193);
  std::vector<int> seen;
  b.for_each([&](int c) { seen.push_back(c); });
  CHECK(seen == std::vector<int>{0, 64, 130, 192});
}

#pragma once
// Bitboard<N>: a fixed set of N cells in ceil(N/64) words, usable in constexpr code.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>

namespace qilab {

template <int N>
class Bitboard {
 public:
  static constexpr int kBits = N;
  static constexpr int kWords = (N + 63) / 64;

  constexpr Bitboard() = default;

  static constexpr Bitboard single(int cell) {
    Bitboard b;
    b.set(cell);
    return b;
  }
  static constexpr Bitboard all() {
    Bitboard b;
    for (int w = 0; w < kWords; ++w) b.w_[w] = ~std::uint64_t{0};
    b.trim();
    return b;
  }

  constexpr bool test(int i) const { return (w_[i >> 6] >> (i & 63)) & 1; }
  constexpr void set(int i) { w_[i >> 6] |= std::uint64_t{1} << (i & 63); }
  constexpr void reset(int i) { w_[i >> 6] &= ~(std::uint64_t{1} << (i & 63)); }
  constexpr void flip(int i) { w_[i >> 6] ^= std::uint64_t{1} << (i & 63); }

  constexpr int count() const {
    int c = 0;
    for (auto w : w_) c += std::popcount(w);
    return c;
  }
  constexpr bool any() const {
    for (auto w : w_)
      if (w) return true;
    return false;
  }
  constexpr bool none() const { return !any(); }
  // Lowest set cell; undefined on an empty board.
  constexpr int lsb() const {
    for (int w = 0; w < kWords; ++w)
      if (w_[w]) return w * 64 + std::countr_zero(w_[w]);
    return -1;
  }
  constexpr int pop_lsb() {
    for (int w = 0; w < kWords; ++w)
      if (w_[w]) {
        int i = w * 64 + std::countr_zero(w_[w]);
        w_[w] &= w_[w] - 1;
        return i;
      }
    return -1;
  }

  constexpr Bitboard& operator&=(const Bitboard& o) {
    for (int w = 0; w < kWords; ++w) w_[w] &= o.w_[w];
    return *this;
  }
  constexpr Bitboard& operator|=(const Bitboard& o) {
    for (int w = 0; w < kWords; ++w) w_[w] |= o.w_[w];
    return *this;
  }
  constexpr Bitboard& operator^=(const Bitboard& o) {
    for (int w = 0; w < kWords; ++w) w_[w] ^= o.w_[w];
    return *this;
  }
  // Cells in this set and not in o.
  constexpr Bitboard andnot(const Bitboard& o) const {
    Bitboard r = *this;
    for (int w = 0; w < kWords; ++w) r.w_[w] &= ~o.w_[w];
    return r;
  }
  constexpr Bitboard operator~() const {
    Bitboard r;
    for (int w = 0; w < kWords; ++w) r.w_[w] = ~w_[w];
    r.trim();
    return r;
  }
  friend constexpr Bitboard operator&(Bitboard a, const Bitboard& b) { return a &= b; }
  friend constexpr Bitboard operator|(Bitboard a, const Bitboard& b) { return a |= b; }
  friend constexpr Bitboard operator^(Bitboard a, const Bitboard& b) { return a ^= b; }
  friend constexpr bool operator==(const Bitboard&, const Bitboard&) = default;

  using Words = std::array<std::uint64_t, kWords>;
  // The words themselves (bits past N clear), for word-at-a-time work in hot loops.
  constexpr const Words& words() const { return w_; }
  // The board of these words; bits past N are dropped.
  static constexpr Bitboard from_words(const Words& words) {
    Bitboard b;
    b.w_ = words;
    b.trim();
    return b;
  }
  constexpr std::uint64_t word(int w) const { return w_[w]; }
  // Replaces word w (bits 64w .. 64w+63); bits past N must stay clear.
  constexpr void set_word(int w, std::uint64_t v) { w_[w] = v; }

  // Every cell i moved to i + S (S < 0: toward lower cells); cells pushed past either end drop.
  template <int S>
  constexpr Bitboard shifted() const {
    Bitboard r;
    if constexpr (S > 0) {
      constexpr int kw = S / 64, kb = S % 64;
      for (int w = kWords - 1; w >= kw; --w) {
        std::uint64_t v = w_[w - kw] << kb;
        if constexpr (kb != 0) v |= (w - kw - 1 >= 0) ? w_[w - kw - 1] >> (64 - kb) : 0;
        r.w_[w] = v;
      }
      r.trim();
    } else if constexpr (S < 0) {
      constexpr int kw = (-S) / 64, kb = (-S) % 64;
      for (int w = 0; w + kw < kWords; ++w) {
        std::uint64_t v = w_[w + kw] >> kb;
        if constexpr (kb != 0) v |= (w + kw + 1 < kWords) ? w_[w + kw + 1] << (64 - kb) : 0;
        r.w_[w] = v;
      }
    } else {
      r = *this;
    }
    return r;
  }

  // Calls f(cell) for each set cell in increasing order; the fastest way through a board.
  template <class F>
  constexpr void for_each(F&& f) const {
    for (int w = 0; w < kWords; ++w)
      for (std::uint64_t x = w_[w]; x; x &= x - 1) f(w * 64 + std::countr_zero(x));
  }

  // Iterates over set cells in increasing order: for (int c : board) ...
  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = int;
    using difference_type = std::ptrdiff_t;
    using pointer = const int*;
    using reference = int;
    constexpr explicit Iterator(const Bitboard& b) : rest_(b), cur_(rest_.pop_lsb()) {}
    constexpr Iterator() = default;
    constexpr int operator*() const { return cur_; }
    constexpr Iterator& operator++() {
      cur_ = rest_.pop_lsb();
      return *this;
    }
    constexpr Iterator operator++(int) {
      Iterator old = *this;
      ++*this;
      return old;
    }
    constexpr bool operator==(const Iterator& o) const { return cur_ == o.cur_; }
    constexpr bool operator!=(const Iterator& o) const { return cur_ != o.cur_; }

   private:
    Bitboard rest_;
    int cur_ = -1;
  };
  constexpr Iterator begin() const { return Iterator(*this); }
  constexpr Iterator end() const { return Iterator(); }

 private:
  constexpr void trim() {
    if constexpr (N % 64 != 0) w_[kWords - 1] &= (std::uint64_t{1} << (N % 64)) - 1;
  }
  std::array<std::uint64_t, kWords> w_{};
};

}  // namespace qilab

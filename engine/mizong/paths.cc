#include "engine/mizong/paths.h"

#include <cstring>

namespace qilab::mizong {
namespace detail {

WalkScratch& walk_scratch() {
  thread_local WalkScratch w;
  return w;
}

}  // namespace detail

namespace {

// Four window rows at a time (GCC/Clang vector extension: SSE2 on plain x86-64).
using Quad = std::uint32_t __attribute__((vector_size(16)));
inline Quad load(const std::uint32_t* p) {
  Quad v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void store(std::uint32_t* p, Quad v) { std::memcpy(p, &v, sizeof v); }
inline bool any_bit(Quad v) { return (v[0] | v[1] | v[2] | v[3]) != 0; }

constexpr int kMaxLevels = 5;
constexpr int axis_of(int d) { return d < kDirs - 1 - d ? d : kDirs - 1 - d; }

// kR window rows (a multiple of 4, at least 2L + 2) at index kPad + row of each array, so a
// four-row load one row above or below the rows in use stays in the array (reading zeros).
template <int kR>
void walk_rows(const Geometry& g, int start, const Pattern& pat, const Board& occupied, EndRows& out) {
  constexpr int kPad = 4, kN = kR + 2 * kPad;
  using Rows = std::uint32_t[kN];
  const int L = pat.max_steps, W = 2 * L + 1, c = L + 1;
  const int q0 = g.q[static_cast<std::size_t>(start)], r0 = g.r[static_cast<std::size_t>(start)];
  alignas(16) Rows freeb{};
  alignas(16) Rows ends{};
  // Window row i (1..W) is lattice row r0 - L + i - 1.
  for (int i = 1; i <= W; ++i) freeb[kPad + i] = detail::free_row(g, occupied, r0 - L + i - 1, q0, L);
  freeb[kPad + c] |= std::uint32_t{1} << L;  // the start counts as empty

  const bool track = !(pat.min_turns == 0 && pat.max_turns >= pat.max_steps - 1);
  const int T = track ? pat.max_turns : 1;  // levels of sets; untracked: one level, any turns
  const int min_turns = track ? pat.min_turns : 0;
  alignas(16) Rows S[kMaxLevels][kDirs];
  std::memset(S, 0, sizeof(Rows) * kDirs * static_cast<std::size_t>(T));
  alignas(16) Rows turn[3];  // per axis: what turns into a direction of that axis this step
  std::memset(turn, 0, sizeof turn);
  unsigned live[kMaxLevels + 1] = {};  // live[t]: bit d when S[t-1][d] has a vertex

  // Rays (no turn yet): direction d is live while its first `step` vertices are empty.
  unsigned rays = 0;
  auto ray_row = [&](int d, int step) { return kPad + c + step * detail::kDr[d]; };
  auto ray_bit = [&](int d, int step) { return std::uint32_t{1} << (L + step * detail::kDq[d]); };
  for (int d = 0; d < kDirs; ++d)
    if (freeb[ray_row(d, 1)] & ray_bit(d, 1)) {
      rays |= 1u << d;
      if (pat.min_steps <= 1 && min_turns == 0) ends[ray_row(d, 1)] |= ray_bit(d, 1);
    }
  if (L - 1 < min_turns) rays = 0;

  for (int step = 2; step <= L && (rays || live[1] || live[2] || live[3] || live[4] || live[5]); ++step) {
    const int klo = (c - step) >> 2, khi = (c + step) >> 2;  // four-row blocks that may change
    const int room = L - step;
    const bool collect = step >= pat.min_steps;
    // Levels from the most turns down: each reads the level below as it was after the last step.
    for (int t = T; t >= 1; --t) {
      unsigned& lv = live[t];
      if (t + room < min_turns) {  // cannot turn often enough any more
        lv = 0;
        continue;
      }
      // Turn sources: the level below (the rays for level 1) or, untracked, this level too.
      const int from = track ? t - 1 : 1;
      const unsigned fl = from >= 1 ? live[from] : 0;
      const unsigned rl = t == 1 ? rays : 0;
      if (!lv && !fl && !rl) continue;
      unsigned axes = 0;  // axes with a turn source
      if (fl) {
        const auto& F = S[from - 1];
        for (int k = klo; k <= khi; ++k) {
          const int i = kPad + 4 * k;
          const Quad u0 = load(F[0] + i) | load(F[5] + i);
          const Quad u1 = load(F[1] + i) | load(F[4] + i);
          const Quad u2 = load(F[2] + i) | load(F[3] + i);
          store(turn[0] + i, u1 | u2);
          store(turn[1] + i, u0 | u2);
          store(turn[2] + i, u0 | u1);
        }
        const unsigned a0 = fl & 0x21, a1 = fl & 0x12, a2 = fl & 0x0C;
        axes = (a1 || a2 ? 1u : 0u) | (a0 || a2 ? 2u : 0u) | (a0 || a1 ? 4u : 0u);
      } else if (rl) {
        for (auto& tr : turn)
          for (int k = klo; k <= khi; ++k) store(tr + kPad + 4 * k, Quad{});
      }
      for (int d = 0; d < kDirs; ++d) {  // a ray turns into the two other axes
        if (!(rl >> d & 1)) continue;
        const int row = ray_row(d, step - 1);
        const std::uint32_t bit = ray_bit(d, step - 1);
        for (int k = 0; k < 3; ++k)
          if (k != axis_of(d)) {
            turn[k][row] |= bit;
            axes |= 1u << k;
          }
      }
      const bool collect_t = collect && t >= min_turns;
      auto& Sl = S[t - 1];
      unsigned next = 0;
      auto advance = [&]<int d>() {
        const int k = axis_of(d);
        const bool has_turn = axes >> k & 1;
        if (!(lv >> d & 1) && !has_turn) return;
        constexpr int dr = detail::kDr[d], dq = detail::kDq[d];
        std::uint32_t* set = Sl[d];
        const std::uint32_t* tr = turn[k];
        Quad acc{};
        auto block = [&](int b) {
          const int i = kPad + 4 * b;
          Quad x = load(set + i - dr);
          if (has_turn) x |= load(tr + i - dr);
          if constexpr (dq > 0) x <<= 1;
          if constexpr (dq < 0) x >>= 1;
          x &= load(freeb + i);
          store(set + i, x);
          acc |= x;
          if (collect_t) store(ends + i, load(ends + i) | x);
        };
        // In place: a row is read (one row towards -dr) before its block is overwritten.
        if constexpr (dr > 0) {
          for (int b = khi; b >= klo; --b) block(b);
        } else {
          for (int b = klo; b <= khi; ++b) block(b);
        }
        if (any_bit(acc)) next |= 1u << d;
      };
      advance.template operator()<0>();
      advance.template operator()<1>();
      advance.template operator()<2>();
      advance.template operator()<3>();
      advance.template operator()<4>();
      advance.template operator()<5>();
      lv = next;
    }
    // The rays one step further.
    if (room < min_turns) {
      rays = 0;
    } else {
      for (int d = 0; d < kDirs; ++d) {
        if (!(rays >> d & 1)) continue;
        if (!(freeb[ray_row(d, step)] & ray_bit(d, step))) {
          rays &= ~(1u << d);
        } else if (collect && min_turns == 0) {
          ends[ray_row(d, step)] |= ray_bit(d, step);
        }
      }
    }
  }
  ends[kPad + c] &= ~(std::uint32_t{1} << L);
  out.r_lo = r0 - L;
  out.q_lo = q0 - L;
  out.rows = W;
  for (int i = 0; i < W; ++i) out.bits[static_cast<std::size_t>(i)] = ends[kPad + 1 + i];
}

}  // namespace

void walk_end_rows(const Geometry& g, int start, const Pattern& pat, const Board& occupied, EndRows& out) {
  if (pat.max_steps <= 6)
    walk_rows<16>(g, start, pat, occupied, out);
  else
    walk_rows<32>(g, start, pat, occupied, out);
}

}  // namespace qilab::mizong

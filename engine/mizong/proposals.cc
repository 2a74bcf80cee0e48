#include "engine/mizong/proposals.h"

#include <algorithm>
#include <atomic>
#include <bitset>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <utility>

namespace qilab::mizong {
namespace {

using detail::kDq;
using detail::kDr;

constexpr int axis_of(int d) { return d < kDirs - 1 - d ? d : kDirs - 1 - d; }

// Vertices of a window of offsets (dq, dr) in -14..14, one bit each.
constexpr int kSpan = 29;
using CellSet = std::bitset<kSpan * kSpan>;

// Ends by offset (dq, dr) in -14..14, row by row (dr, then dq, ascending).
std::size_t end_slot(int dq, int dr) { return static_cast<std::size_t>((dr + 14) * kSpan + dq + 14); }
std::array<std::int8_t, 2> end_offset(std::size_t slot) {
  const int i = static_cast<int>(slot);
  return {static_cast<std::int8_t>(i % kSpan - 14), static_cast<std::int8_t>(i / kSpan - 14)};
}

// Disc masks: row dr (-6..6) holds 13 - |dr| vertices from dq = max(-6, -6 - dr) on.
constexpr int disc_qlo(int dr) { return dr < 0 ? -kMaskRadius - dr : -kMaskRadius; }
constexpr int disc_len(int dr) { return 2 * kMaskRadius + 1 - (dr < 0 ? -dr : dr); }
constexpr int disc_row_start(int dr) {
  int n = 0;
  for (int k = -kMaskRadius; k < dr; ++k) n += disc_len(k);
  return n;
}
struct DiscRow {
  int qlo, len, at;
};
constexpr std::array<DiscRow, 2 * kMaskRadius + 1> kDiscRows = [] {
  std::array<DiscRow, 2 * kMaskRadius + 1> rows{};
  for (int dr = -kMaskRadius; dr <= kMaskRadius; ++dr)
    rows[static_cast<std::size_t>(dr + kMaskRadius)] =
        DiscRow{disc_qlo(dr), disc_len(dr), disc_row_start(dr)};
  return rows;
}();
constexpr int disc_index(int dq, int dr) {
  const DiscRow& row = kDiscRows[static_cast<std::size_t>(dr + kMaskRadius)];
  return row.at + dq - row.qlo;
}
static_assert(disc_index(0, kMaskRadius) == 3 * kMaskRadius * (kMaskRadius + 1));  // the last of 127
void mask_set(DiscMask& m, int i) { m[static_cast<std::size_t>(i >> 6)] |= std::uint64_t{1} << (i & 63); }
bool mask_within(const DiscMask& a, const DiscMask& b) { return (a[0] & ~b[0]) == 0 && (a[1] & ~b[1]) == 0; }
int mask_count(const DiscMask& m) { return bit_count(m[0]) + bit_count(m[1]); }

// A table of masks: every walk of the pattern (at most 6 steps, depth first), its vertex set
// per end, the minimal sets kept.
std::unique_ptr<MoveTable> build_masks(const Pattern& pat) {
  auto t = std::make_unique<MoveTable>();
  t->pat = pat;
  t->by_mask = true;
  struct Set {
    DiscMask m;
    int n;  // vertices
  };
  std::vector<std::vector<Set>> by_end(kSpan * kSpan);  // end_slot(dq, dr): row by row
  auto rec = [&](auto&& self, int q, int r, int dir, int steps, int turns, DiscMask cells) -> void {
    if (steps >= pat.min_steps && turns >= pat.min_turns && (q != 0 || r != 0))
      by_end[end_slot(q, r)].push_back(Set{cells, mask_count(cells)});
    if (steps == pat.max_steps) return;
    for (int d = 0; d < kDirs; ++d) {
      if (steps > 0 && d == opposite(dir)) continue;
      const int tt = turns + (steps > 0 && d != dir);
      if (tt > pat.max_turns) continue;
      const int nq = q + kDq[d], nr = r + kDr[d];
      DiscMask next = cells;
      if (nq != 0 || nr != 0) mask_set(next, disc_index(nq, nr));
      self(self, nq, nr, d, steps + 1, tt, next);
    }
  };
  rec(rec, 0, 0, 0, 0, 0, DiscMask{});
  t->first.push_back(0);
  for (std::size_t e = 0; e < by_end.size(); ++e) {
    auto& sets = by_end[e];
    if (sets.empty()) continue;
    std::stable_sort(sets.begin(), sets.end(), [](const Set& x, const Set& y) { return x.n < y.n; });
    const std::size_t begin = t->masks.size();
    for (const Set& x : sets) {
      bool covered = false;
      for (std::size_t k = begin; k < t->masks.size() && !covered; ++k)
        covered = mask_within(t->masks[k], x.m);
      if (!covered) t->masks.push_back(x.m);
    }
    t->offset.push_back(end_offset(e));
    t->first.push_back(static_cast<std::uint32_t>(t->masks.size()));
  }
  return t;
}

std::unique_ptr<MoveTable> build_table(const Pattern& pat) {
  if (pat.max_turns > 2) return build_masks(pat);
  auto t = std::make_unique<MoveTable>();
  t->pat = pat;
  const int L = pat.max_steps;
  struct Walk {
    Segments s;
    CellSet cells;
    std::uint64_t sig = 0;  // bit (cell index % 64) for each cell: a quick subset filter
  };
  std::vector<std::vector<Walk>> by_end(kSpan * kSpan);  // end_slot(dq, dr): row by row
  // Adds the walk of segments (dir, len) when its length and turns fit the pattern.
  auto add = [&](int turns, const int* dir, const int* len) {
    int steps = 0;
    for (int i = 0; i <= turns; ++i) steps += len[i];
    if (steps < pat.min_steps || steps > L) return;
    Walk w{};
    int q = 0, r = 0;
    for (int i = 0; i <= turns; ++i)
      for (int k = 0; k < len[i]; ++k) {
        q += kDq[dir[i]];
        r += kDr[dir[i]];
        if (q != 0 || r != 0) {
          const int bit = (q + 14) * kSpan + r + 14;
          w.cells.set(static_cast<std::size_t>(bit));
          w.sig |= std::uint64_t{1} << (bit % 64);
        }
      }
    if (q == 0 && r == 0) return;  // never the start
    w.s.turns = static_cast<std::uint8_t>(turns);
    w.s.d1 = static_cast<std::uint8_t>(dir[0]);
    w.s.a = static_cast<std::uint8_t>(len[0]);
    w.s.d2 = static_cast<std::uint8_t>(turns >= 1 ? dir[1] : 0);
    w.s.b = static_cast<std::uint8_t>(turns >= 1 ? len[1] : 0);
    w.s.d3 = static_cast<std::uint8_t>(turns >= 2 ? dir[2] : 0);
    w.s.c = static_cast<std::uint8_t>(turns >= 2 ? len[2] : 0);
    w.s.cells = static_cast<std::uint8_t>(w.cells.count());
    by_end[end_slot(q, r)].push_back(w);
  };
  for (int turns = pat.min_turns; turns <= pat.max_turns; ++turns) {
    int dir[3] = {}, len[3] = {};
    for (dir[0] = 0; dir[0] < kDirs; ++dir[0])
      for (len[0] = 1; len[0] <= L; ++len[0]) {
        if (turns == 0) {
          add(0, dir, len);
          continue;
        }
        for (dir[1] = 0; dir[1] < kDirs; ++dir[1]) {
          if (axis_of(dir[1]) == axis_of(dir[0])) continue;
          for (len[1] = 1; len[0] + len[1] <= L; ++len[1]) {
            if (turns == 1) {
              add(1, dir, len);
              continue;
            }
            for (dir[2] = 0; dir[2] < kDirs; ++dir[2]) {
              if (axis_of(dir[2]) == axis_of(dir[1])) continue;
              for (len[2] = 1; len[0] + len[1] + len[2] <= L; ++len[2]) add(2, dir, len);
            }
          }
        }
      }
  }
  t->first.push_back(0);
  for (std::size_t e = 0; e < by_end.size(); ++e) {
    auto& walks = by_end[e];
    if (walks.empty()) continue;
    std::stable_sort(walks.begin(), walks.end(),
                     [](const Walk& x, const Walk& y) { return x.s.cells < y.s.cells; });
    std::vector<const Walk*> kept;
    for (const Walk& w : walks) {
      // Left out when a kept walk's vertices are all among its own (the kept walks visit no
      // more vertices, so a walk containing a left-out one contains a kept one too).
      const bool covered = std::any_of(kept.begin(), kept.end(), [&](const Walk* k) {
        return (k->sig & ~w.sig) == 0 && (k->cells & ~w.cells).none();
      });
      if (covered) continue;
      kept.push_back(&w);
      t->segs.push_back(w.s);
      t->max_a = std::max(t->max_a, static_cast<int>(w.s.a));
      if (w.s.turns == 1) t->max_back = std::max(t->max_back, static_cast<int>(w.s.b));
      if (w.s.turns == 2) t->max_back = std::max(t->max_back, w.s.c + 1);
    }
    t->offset.push_back(end_offset(e));
    t->first.push_back(static_cast<std::uint32_t>(t->segs.size()));
  }
  return t;
}

}  // namespace

namespace detail {

std::array<std::atomic<const MoveTable*>, kMoveTableSlots> move_table_slot{};

const MoveTable& build_move_table(const Pattern& p) {
  if (!move_table_handles(p))
    throw std::logic_error(
        "mizong move_table: a pattern without reversal, of at most 14 steps and two turns or 6 steps and "
        "five turns "
        "expected");
  Pattern pat = p;
  pat.min_steps = std::max(pat.min_steps, 1);  // a walk of no step ends on the start: never a move
  static std::mutex build_lock;
  static std::vector<std::unique_ptr<MoveTable>> tables;
  auto& slot = move_table_slot[static_cast<std::size_t>(move_table_key(pat))];
  const std::lock_guard<std::mutex> lock(build_lock);
  if (const MoveTable* t = slot.load(std::memory_order_acquire)) return *t;
  tables.push_back(build_table(pat));
  slot.store(tables.back().get(), std::memory_order_release);
  return *tables.back();
}

}  // namespace detail

ReachProbe::ReachProbe(const Geometry& g, int start, const Board& occupied, const MoveTable* table)
    : g_(&g), occupied_(&occupied), table_(table), start_(start) {
  const int q0 = g.q[static_cast<std::size_t>(start)], r0 = g.r[static_cast<std::size_t>(start)];
  row0_ = r0 + 2 * g.point;
  col0_ = 2 * q0 + 3 * g.point + r0;
  run_.fill(-1);
}

int ReachProbe::read_ray(int d) const {
  int x = start_, n = 0;
  auto& ray = ray_[static_cast<std::size_t>(d)];
  while (n < table_->max_a) {
    x = g_->nb[static_cast<std::size_t>(x)][static_cast<std::size_t>(d)];
    if (x < 0 || occupied_->test(x)) break;  // (a ray never meets the start again)
    ray[static_cast<std::size_t>(++n)] = static_cast<std::int16_t>(x);
  }
  run_[static_cast<std::size_t>(d)] = static_cast<std::int8_t>(n);
  return n;
}

void ReachProbe::read_disc() const {
  const Geometry& g = *g_;
  const int P2 = 2 * g.point;
  const int q0 = g.q[static_cast<std::size_t>(start_)], r0 = g.r[static_cast<std::size_t>(start_)];
  DiscMask b{};
  for (int dr = -kMaskRadius; dr <= kMaskRadius; ++dr) {
    const DiscRow& row = kDiscRows[static_cast<std::size_t>(dr + kMaskRadius)];
    const int len = row.len, qa = q0 + row.qlo, rr = r0 + dr;
    std::uint64_t v = (std::uint64_t{1} << len) - 1;  // blocked: all, less the empty vertices on the board
    if (rr >= -P2 && rr <= P2) {
      const auto ri = static_cast<std::size_t>(rr + P2);
      const int lo = std::max(qa, static_cast<int>(g.row_qmin[ri])),
                hi = std::min(qa + len - 1, static_cast<int>(g.row_qmax[ri]));
      if (lo <= hi) {
        const int n = hi - lo + 1;
        const std::uint64_t empty =
            ~Geometry::bits_at(*occupied_, g.row_first[ri] + (lo - g.row_qmin[ri]), n) &
            ((std::uint64_t{1} << n) - 1);
        v &= ~(empty << (lo - qa));
      }
    }
    const int at = row.at;
    if (at < 64) {
      b[0] |= v << at;
      if (at + len > 64) b[1] |= v >> (64 - at);
    } else {
      b[1] |= v << (at - 64);
    }
  }
  disc_blocked_ = b;
  disc_read_ = true;
}

bool ReachProbe::reaches(int j, int y) const {
  if (y < 0 || occupied_->test(y)) return false;  // (an end is never the start)
  const MoveTable& t = *table_;
  if (t.by_mask) {
    if (!disc_read_) read_disc();
    const std::uint64_t b0 = disc_blocked_[0], b1 = disc_blocked_[1];
    const DiscMask* m = t.masks.data() + t.first[static_cast<std::size_t>(j)];
    const DiscMask* e = t.masks.data() + t.first[static_cast<std::size_t>(j) + 1];
    for (; m < e; ++m)
      if (((*m)[0] & b0) == 0 && ((*m)[1] & b1) == 0) return true;
    return false;
  }
  const auto& nb = g_->nb;
  // back[d]: the empty vertices y, y + u_d, ... (at most max_back), read when first needed.
  std::array<int, kDirs> back;
  back.fill(-1);
  auto back_run = [&](int d) {
    int& n = back[static_cast<std::size_t>(d)];
    if (n < 0) {
      int x = y;
      n = 1;
      while (n < t.max_back) {
        x = nb[static_cast<std::size_t>(x)][static_cast<std::size_t>(d)];
        if (blocked(x)) break;
        ++n;
      }
    }
    return n;
  };
  const Segments* s = t.segs.data() + t.first[static_cast<std::size_t>(j)];
  const Segments* e = t.segs.data() + t.first[static_cast<std::size_t>(j) + 1];
  for (; s < e; ++s) {
    if (s->a > run(s->d1)) continue;
    if (s->turns == 0) return true;
    if (s->turns == 1) {
      if (back_run(opposite(s->d2)) >= s->b) return true;
      continue;
    }
    // Two turns: the last segment and the second corner back from y, then the middle.
    if (back_run(opposite(s->d3)) < s->c + 1) continue;
    int x = ray_[s->d1][s->a];
    bool free = true;
    for (int k = 1; k < s->b && free; ++k) {
      x = nb[static_cast<std::size_t>(x)][s->d2];
      free = !blocked(x);
    }
    if (free) return true;
  }
  return false;
}

bool reach_test(const Geometry& g, int start, int target, const Pattern& pat, const Board& occupied) {
  const MoveTable& t = move_table(pat);
  const int dq = g.q[static_cast<std::size_t>(target)] - g.q[static_cast<std::size_t>(start)];
  const int dr = g.r[static_cast<std::size_t>(target)] - g.r[static_cast<std::size_t>(start)];
  const std::array<std::int8_t, 2> key{static_cast<std::int8_t>(dq), static_cast<std::int8_t>(dr)};
  // (the offsets are row by row: dr, then dq, ascending)
  const auto it = std::lower_bound(t.offset.begin(), t.offset.end(), key, [](const auto& x, const auto& y) {
    return x[1] != y[1] ? x[1] < y[1] : x[0] < y[0];
  });
  if (it == t.offset.end() || *it != key) return false;
  const ReachProbe probe(g, start, occupied, &t);
  return probe.reaches(static_cast<int>(it - t.offset.begin()), target);
}

}  // namespace qilab::mizong

// sample_world: a randomised backtracking search over the kinds of the pieces the observer
// cannot see. Each hidden piece has a public domain (setup rules, moved, engineer turns,
// revealed 司令 and flags: State::evidence); each fight is a constraint between its two
// pieces (the combat table must give the outcome everyone saw); each army must be the
// 25-piece composition. Values are tried in random order and every check is only a
// necessary condition, so any assignment the evidence allows can be drawn.
#include "engine/junqi/sampler.h"

#include <algorithm>
#include <atomic>
#include <bit>

#include "engine/junqi/junqi.h"

namespace qilab::junqi {
namespace {
std::atomic<std::uint64_t> g_fallbacks{0};

// Kind sets have 12 bits; a table beats a libgcc popcount call where -mpopcnt is off.
constexpr auto kBits = [] {
  std::array<std::uint8_t, 1 << kKinds> t{};
  for (int i = 1; i < (1 << kKinds); ++i) t[i] = static_cast<std::uint8_t>(t[i >> 1] + (i & 1));
  return t;
}();

// kAllowed[m][role][outcome][half][d]: the kinds a piece may be, given that its fight partner
// is one of the kinds in d (half 0: kinds 0-5 as d, half 1: kinds 6-11 as d >> 6) and the
// fight had that outcome; role 0: the piece attacked, 1: it defended. The union over both
// halves is the arc-consistency step of one fight, two lookups in place of a loop.
constexpr auto kAllowed = [] {
  std::array<std::array<std::array<std::array<std::array<KindSet, 64>, 2>, kOutcomes>, 2>, 2> t{};
  for (int m = 0; m < 2; ++m)
    for (int o = 0; o < kOutcomes; ++o)
      for (int half = 0; half < 2; ++half)
        for (int d = 0; d < 64; ++d)
          for (int i = 0; i < 6; ++i) {
            if (!((d >> i) & 1) || 6 * half + i >= kKinds) continue;
            t[m][0][o][half][d] |= kFightTable.attacker[m][o][6 * half + i];
            t[m][1][o][half][d] |= kFightTable.defender[m][o][6 * half + i];
          }
  return t;
}();

// Per-kind counters of one army packed in one word, five bits per kind (kind k in bits
// 5k .. 5k+4), so that adding or taking one for a whole set of kinds is one addition or
// subtraction. The sampler's counters (slack, below) stay in 0 .. 25 wherever it reads
// them; in between, a counter taken below 0 borrows from the next kind's, and giving the
// same amounts back in reverse order restores the word exactly.
using Lanes = std::uint64_t;
constexpr Lanes kLaneLow = [] {
  Lanes x = 0;
  for (int k = 0; k < kKinds; ++k) x |= Lanes{1} << (5 * k);
  return x;
}();
constexpr auto kSpread = [] {  // kSpread[half][d]: 1 in the lanes of the kinds of d (as in kAllowed)
  std::array<std::array<Lanes, 64>, 2> t{};
  for (int half = 0; half < 2; ++half)
    for (int d = 0; d < 64; ++d)
      for (int i = 0; i < 6; ++i)
        if (((d >> i) & 1) && 6 * half + i < kKinds) t[half][d] |= Lanes{1} << (5 * (6 * half + i));
  return t;
}();
inline Lanes spread(KindSet d) { return kSpread[0][d & 63] | kSpread[1][d >> 6]; }
// The low bit of every lane that holds 0.
inline Lanes zero_lanes(Lanes x) { return ~(x | x >> 1 | x >> 2 | x >> 3 | x >> 4) & kLaneLow; }
inline KindSet kinds_of_lanes(Lanes x) {
  KindSet k = 0;
  for (; x; x &= x - 1) k |= bit(std::countr_zero(x) / 5);
  return k;
}

// A uniform integer in [0, n) from 32 random bits (Lemire's multiply-shift, as Rng::below).
inline std::uint32_t below(std::uint64_t bits32, std::uint32_t n) {
  return static_cast<std::uint32_t>((bits32 * n) >> 32);
}

// kSelect[d][n]: the n-th lowest set bit of the 6-bit set d.
constexpr auto kSelect = [] {
  std::array<std::array<std::uint8_t, 6>, 64> t{};
  for (int d = 0; d < 64; ++d)
    for (int i = 0, n = 0; i < 6; ++i)
      if ((d >> i) & 1) t[d][n++] = static_cast<std::uint8_t>(i);
  return t;
}();

// A kind of `set` chosen uniformly at random.
int random_bit(KindSet set, Rng& rng) {
  const int n = static_cast<int>(rng.below(kBits[set]));
  const int low = kBits[set & 63];
  const int high = n >= low;  // in kinds 6-11 (no branch: it cannot be foreseen)
  return 6 * high + kSelect[(set >> (6 * high)) & 63][n - (low & -high)];
}
}  // namespace

std::uint64_t sampler_fallbacks() { return g_fallbacks.load(); }

class Sampler {
 public:
  Sampler(const State& s, Player p) : s_(s), p_(p), m_(s.rules_.mine_dies_too ? 1 : 0) {}

  // Whether some world consistent with p's view gives `piece` kind `kind`: the same search
  // without a budget cut (exhaustive), up to `max_nodes` steps. -1: undecided in that many.
  int exists(int piece, int kind, std::int64_t max_nodes) {
    if (s_.phase_ == Phase::kOver || (s_.rules_.bright && s_.phase_ != Phase::kDeploy)) return s_.kind_of_[piece] == kind;
    setup();
    if (var_of_[piece] < 0) return s_.kind_of_[piece] == kind;
    domain_[var_of_[piece]] &= bit(kind);
    propagate();
    for (int v = 0; v < vars_; ++v)
      if (!domain_[v]) return 0;
    Rng rng(1);
    sort_by_size();
    order(rng);
    count_candidates();
    budget_ = static_cast<int>(std::min<std::int64_t>(max_nodes, 1 << 30));
    reset_counts();
    const bool found = search(rng);
    return found ? 1 : budget_ < 0 ? -1 : 0;
  }

  State draw(Rng& rng, int steps) {
    State world = s_;
    if (s_.phase_ == Phase::kOver) return world;
    if (s_.rules_.bright && s_.phase_ != Phase::kDeploy) return world;
    if (s_.phase_ == Phase::kDeploy && s_.current_ != p_) redeploy_partial(world, rng);
    setup();
    if (vars_ == 0) return world;
    propagate();
    count_candidates();
    sort_by_size();
    for (int attempt = 0; attempt < 400; ++attempt) {
      order(rng);
      // Short runs first: an attempt that needs more than 50 steps back is most often
      // thrashing, and a restart (new order, new values) cuts that heavy tail. The budget
      // doubles every 8 failed attempts (up to 64 times), so a position that needs a long
      // search gets one.
      budget_ = vars_ + (50 << std::min(attempt / 8, 6));
      reset_counts();
      if (search(rng)) {
        shuffle_kinds(rng, steps < 0 ? free_vars() + 16 : steps);
        for (int v = 0; v < vars_; ++v) world.kind_of_[piece_[v]] = value_[v];
        return world;
      }
    }
    ++g_fallbacks;
    return world;
  }

 private:
  // The seat placing its pieces now: its placements so far are secret, so draw a fresh
  // legal partial deployment of the same pieces.
  void redeploy_partial(State& w, Rng& rng) {
    const Board& b = *s_.board_;
    const int q = s_.current_;
    for (int i = q * kSlots; i < (q + 1) * kSlots; ++i) {
      if (w.post_of_[i] != kNone) w.piece_at_[w.post_of_[i]] = kNone;
      w.post_of_[i] = kNone;
      w.kind_of_[i] = kNone;
      w.evidence_[i] = kAllKinds;
    }
    w.occ_[q] = Posts{};
    for (int n = 0; n < s_.deployed_[q]; ++n) {
      const int kind = kDeployOrder[n];
      int options[kSlots], count = 0;
      for (int post : b.home[q].andnot(b.camps).andnot(w.occ_[q]))
        if (w.setup_mask(q * kSlots + b.post_slot[post]) & bit(kind)) options[count++] = post;
      const int post = options[rng.below(static_cast<std::uint32_t>(count))];
      const int piece = q * kSlots + b.post_slot[post];
      w.kind_of_[piece] = static_cast<std::uint8_t>(kind);
      w.post_of_[piece] = static_cast<std::uint8_t>(post);
      w.piece_at_[post] = static_cast<std::uint8_t>(piece);
      w.evidence_[piece] = w.setup_mask(piece);
      w.occ_[q].set(post);
    }
  }

  void setup() {
    var_of_.fill(-1);
    head_.fill(-1);
    int vars = 0;
    for (int q = 0; q < s_.players_; ++q) {
      if (s_.sees(p_, q * kSlots)) continue;  // a seat's pieces are all seen or all hidden
      if (s_.phase_ == Phase::kDeploy && s_.deployed_[q] < kSlots) continue;  // redrawn above
      for (int i = q * kSlots; i < (q + 1) * kSlots; ++i) {
        if (s_.kind_of_[i] == kNone) continue;
        var_of_[i] = static_cast<std::int16_t>(vars);
        piece_[vars] = static_cast<std::uint8_t>(i);
        army_[vars] = static_cast<std::uint8_t>(q);
        domain_[vars] = s_.evidence_[i];
        ++vars;
      }
    }
    vars_ = vars;
    edges_ = 0;
    for (int f = 0; f < s_.fights_count_; ++f) {
      const Fight& x = s_.fights_[f];
      const int va = var_of_[x.attacker], vd = var_of_[x.defender];
      if (va < 0 && vd < 0) continue;
      if (va < 0) {  // the attacker is known to the observer: a bound on the defender
        domain_[vd] &= kFightTable.defender[m_][x.outcome][s_.kind_of_[x.attacker]];
      } else if (vd < 0) {
        domain_[va] &= kFightTable.attacker[m_][x.outcome][s_.kind_of_[x.defender]];
      } else {
        for (int v : {va, vd})
          if (head_[v] < 0) fighter_[fighters_++] = static_cast<std::int16_t>(v);
        add_edge(va, vd, x.outcome, true);
        add_edge(vd, va, x.outcome, false);
      }
    }
  }

  // Arc consistency over the fights: drop kinds that no kind of the other piece could
  // have fought to the outcome seen. Only impossible kinds go, so nothing allowed is lost;
  // the narrower domains put the most constrained pieces first.
  void propagate() {
    // AC-3 over a queue of vars (each at most once in it): a var whose domain shrinks
    // queues its partners again. The fixpoint does not depend on the order of revisions.
    std::int16_t queue[kMaxPieces];
    bool queued[kMaxPieces] = {};
    int head = 0, size = fighters_;
    for (int i = 0; i < fighters_; ++i) {
      queue[i] = fighter_[i];
      queued[fighter_[i]] = true;
    }
    while (size > 0) {
      const int v = queue[head];
      head = head + 1 == kMaxPieces ? 0 : head + 1;
      --size;
      queued[v] = false;
      KindSet dv = domain_[v];
      for (int e = head_[v]; e >= 0; e = edge_next_[e]) {
        const KindSet d = domain_[edge_to_[e]];
        const auto& table = kAllowed[m_][edge_attacks_[e] ? 0 : 1][edge_outcome_[e]];
        dv &= table[0][d & 63] | table[1][d >> 6];
      }
      if (dv == domain_[v]) continue;
      domain_[v] = dv;
      for (int e = head_[v]; e >= 0; e = edge_next_[e]) {
        const int u = edge_to_[e];
        if (queued[u]) continue;
        queued[u] = true;
        int tail = head + size;
        if (tail >= kMaxPieces) tail -= kMaxPieces;
        queue[tail] = static_cast<std::int16_t>(u);
        ++size;
      }
    }
  }

  void add_edge(int from, int to, std::uint8_t outcome, bool from_attacks) {
    edge_to_[edges_] = static_cast<std::int16_t>(to);
    edge_outcome_[edges_] = outcome;
    edge_attacks_[edges_] = from_attacks;
    edge_kinds_[edges_] = from_attacks ? kFightTable.attacker[m_][outcome].data() : kFightTable.defender[m_][outcome].data();
    edge_next_[edges_] = head_[from];
    head_[from] = static_cast<std::int16_t>(edges_++);
  }

  // Once the domains are final: each var's domain size and where each size class starts
  // in the order (order() sorts by size).
  void sort_by_size() {
    int start[kKinds + 2] = {};
    for (int v = 0; v < vars_; ++v) {
      size_[v] = kBits[domain_[v]];
      ++start[size_[v] + 1];
    }
    for (int b = 1; b <= kKinds + 1; ++b) start[b] += start[b - 1];
    for (int b = 0; b <= kKinds; ++b) size_start_[b] = static_cast<std::int16_t>(start[b]);
  }

  // Most constrained first, fight partners right after each other (breadth first), ties at random.
  void order(Rng& rng) {
    int idx[kMaxPieces];
    int shuffled[kMaxPieces];
    std::uint64_t r = 0;
    for (int v = 0; v < vars_; ++v) {  // Fisher-Yates, two 32-bit draws per generator call
      if (!(v & 1)) r = rng.next();
      const int j = static_cast<int>(below((v & 1) ? r & 0xFFFFFFFFu : r >> 32, static_cast<std::uint32_t>(v + 1)));
      shuffled[v] = shuffled[j];
      shuffled[j] = v;
    }
    std::array<std::int16_t, kKinds + 1> start = size_start_;
    for (int k = 0; k < vars_; ++k) idx[start[size_[shuffled[k]]]++] = shuffled[k];
    bool placed[kMaxPieces] = {};
    int n = 0;
    for (int k = 0; k < vars_; ++k) {
      if (head_[idx[k]] < 0) {  // no fight with another hidden piece: nothing to queue
        seq_[n++] = static_cast<std::int16_t>(idx[k]);
        continue;
      }
      if (placed[idx[k]]) continue;
      int queue_start = n;
      seq_[n++] = static_cast<std::int16_t>(idx[k]);
      placed[idx[k]] = true;
      while (queue_start < n) {
        const int v = seq_[queue_start++];
        for (int e = head_[v]; e >= 0; e = edge_next_[e])
          if (!placed[edge_to_[e]]) {
            placed[edge_to_[e]] = true;
            seq_[n++] = edge_to_[e];
          }
      }
    }
  }

  // Once the domains are final: each army's slack, per kind, the pieces that may take it
  // less the pieces that must.
  void count_candidates() {
    slack0_.fill(0);
    for (int v = 0; v < vars_; ++v) slack0_[piece_[v] / kSlots] += spread(domain_[v]);
    Lanes owed = 0;  // each kind's count in an army, in lanes
    for (int k = 0; k < kKinds; ++k) owed += Lanes{kArmyCount[k]} << (5 * k);
    // Below 0 only where no world exists (then any pruning is sound).
    for (auto& x : slack0_) x -= owed;
  }

  void reset_counts() {
    for (int q = 0; q < kMaxArmies; ++q) {
      open_[q] = kAllKinds;
      for (int k = 0; k < kKinds; ++k) remaining_[q][k] = kArmyCount[k];
    }
    slack_ = slack0_;
    for (int v = 0; v < vars_; ++v) value_[v] = kNone;
  }

  // Kinds piece v may take now: its domain, kinds its army still has, fights with
  // pieces already drawn.
  KindSet options(int v) const {
    KindSet m = domain_[v] & open_[army_[v]];
    for (int e = head_[v]; e >= 0 && m; e = edge_next_[e]) {
      const int w = edge_to_[e];
      if (value_[w] == kNone) continue;
      // The edge from w to v tells what v may be given w's kind; find it by symmetry.
      m &= edge_kinds_[e][value_[w]];
    }
    return m;
  }

  // Depth first over the vars in seq_ order, each var's values in random order; iterative,
  // with the values still to try at each depth in left_. Gives up (false) when the budget
  // runs out; the caller resets the counts before searching again.
  bool search(Rng& rng) {
    int depth = 0;
    for (;;) {
      if (depth == vars_) return true;
      if (--budget_ < 0) return false;
      {
        const int v = seq_[depth];
        const int q = army_[v];
        KindSet m = options(v);
        // With v drawn, a kind its army still owes more of than undrawn pieces could take
        // (its slack, undrawn candidates less pieces still owed, was 0 and v was a
        // candidate) must be v's own kind; two such kinds and this branch is dead. Slack
        // never falls below 0 on the way down: a kind whose slack would is v's kind, which
        // gives it back.
        const Lanes dom = spread(domain_[v]);
        const Lanes owed = dom & zero_lanes(slack_[q]);
        slack_[q] -= dom;
        if (owed) m &= (owed & (owed - 1)) == 0 ? kinds_of_lanes(owed) : 0;
        left_[depth] = m;
      }
      for (;;) {  // the next value at this depth, or back up
        const int v = seq_[depth];
        const int q = army_[v];
        KindSet& m = left_[depth];
        bool down = false;
        while (m) {
          const int k = random_bit(m, rng);
          m &= ~bit(k);
          value_[v] = static_cast<std::uint8_t>(k);
          if (--remaining_[q][k] == 0) open_[q] &= ~bit(k);
          slack_[q] += Lanes{1} << (5 * k);
          if (consistent(v)) {
            down = true;
            break;
          }
          slack_[q] -= Lanes{1} << (5 * k);
          if (remaining_[q][k]++ == 0) open_[q] |= bit(k);
          value_[v] = kNone;
        }
        if (down) break;
        slack_[q] += spread(domain_[v]);
        if (depth == 0) return false;
        const int u = seq_[--depth];  // undo the parent's value
        const int r = army_[u], k = value_[u];
        slack_[r] -= Lanes{1} << (5 * k);
        if (remaining_[r][k]++ == 0) open_[r] |= bit(k);
        value_[u] = kNone;
        if (budget_ < 0) return false;
      }
      ++depth;
    }
  }


  // Pieces whose domain holds more than one kind, army by army: the only ones a step moves.
  int free_vars() {
    free_ = 0;
    for (int v = 0; v < vars_; ++v)
      if (domain_[v] & (domain_[v] - 1)) free_list_[free_++] = static_cast<std::int16_t>(v);
    return free_;
  }

  // Whether v's kind fits its domain and every fight of v with its partners' kinds now.
  bool fits(int v) const {
    if (!(domain_[v] & bit(value_[v]))) return false;
    for (int e = head_[v]; e >= 0; e = edge_next_[e]) {
      const int w = edge_to_[e];
      const KindSet m = edge_kinds_[e][value_[w]];
      if (!(m & bit(value_[v]))) return false;
    }
    return true;
  }

  // Metropolis steps over consistent worlds: pick free pieces u, v (and w) of one army
  // uniformly at random, propose exchanging their kinds (a transposition, or a 3-cycle
  // u <- v <- w <- u), keep the change if the world stays consistent. Each proposal is as
  // likely as its reverse and the army counts never change, so the uniform distribution
  // over consistent worlds is stationary: every step can only bring the draw closer to it
  // (docs/rules/junqi.md, "Hidden information").
  void shuffle_kinds(Rng& rng, int steps) {
    if (free_ < 2) return;
    const auto n = static_cast<std::uint32_t>(free_);
    for (int step = 0; step < steps; ++step) {
      // u, v, the kind of step and w, each uniform and independent (32 random bits each,
      // two draws per generator call); a step whose pieces cannot all be of one army is
      // refused before the rest of it is drawn, which changes nothing in its law.
      const std::uint64_t r = rng.next();
      const int u = free_list_[below(r >> 32, n)];
      const int v = free_list_[below(r & 0xFFFFFFFFu, n)];
      const int q = army_[u];
      if (u == v || army_[v] != q) continue;
      const std::uint64_t r2 = rng.next();
      const bool cycle = (r2 >> 63) != 0;
      const int w = cycle ? free_list_[below(r2 & 0xFFFFFFFFu, n)] : v;
      if (u == w || (cycle && v == w) || army_[w] != q) continue;
      const std::uint8_t ku = value_[u], kv = value_[v], kw = value_[w];
      if (cycle) {
        value_[u] = kv, value_[v] = kw, value_[w] = ku;
        if (fits(u) && fits(v) && fits(w)) continue;
        value_[u] = ku, value_[v] = kv, value_[w] = kw;
      } else {
        if (ku == kv) continue;
        value_[u] = kv, value_[v] = ku;
        if (fits(u) && fits(v)) continue;
        value_[u] = ku, value_[v] = kv;
      }
    }
  }

  // After drawing v (its army's counts already checked in search): every undrawn fight
  // partner keeps an option.
  bool consistent(int v) const {
    for (int e = head_[v]; e >= 0; e = edge_next_[e]) {
      const int w = edge_to_[e];
      if (value_[w] == kNone && !options(w)) return false;
    }
    return true;
  }

  const State& s_;
  const Player p_;
  const int m_;
  int vars_ = 0, edges_ = 0, budget_ = 0, fighters_ = 0;
  // The arrays below are written before they are read (setup, reset_counts, free_vars);
  // left uninitialised, a draw does not pay for clearing them.
  std::array<std::int16_t, kMaxPieces> fighter_;  // vars with a fight against another var
  std::array<std::int16_t, kMaxPieces> var_of_;
  std::array<std::uint8_t, kMaxPieces> piece_, value_, army_;
  std::array<KindSet, kMaxPieces> left_;  // search: the values still to try at each depth
  std::array<KindSet, kMaxPieces> domain_;
  std::array<std::int16_t, kMaxPieces> seq_, head_;
  std::array<std::int16_t, 2 * kMaxPieces> edge_to_, edge_next_;
  std::array<std::uint8_t, 2 * kMaxPieces> edge_outcome_;
  std::array<bool, 2 * kMaxPieces> edge_attacks_;
  // edge_kinds_[e][k]: the kinds the edge's piece may be if its partner is of kind k.
  std::array<const KindSet*, 2 * kMaxPieces> edge_kinds_;
  std::array<std::array<int, kKinds>, kMaxArmies> remaining_;
  // Per army, per kind (packed Lanes): undrawn pieces that may take the kind, less the
  // pieces of that kind still to draw; slack0_ before the search.
  std::array<Lanes, kMaxArmies> slack_, slack0_;
  std::array<KindSet, kMaxArmies> open_;
  int free_ = 0;
  std::array<std::int16_t, kMaxPieces> free_list_;
  std::array<std::uint8_t, kMaxPieces> size_;  // each var's domain size (sort_by_size)
  std::array<std::int16_t, kKinds + 1> size_start_;  // where vars of each domain size start in order()

};

State State::sample_world(Player p, Rng& rng) const { return Sampler(*this, p).draw(rng, -1); }

State sample_world_steps(const State& s, int p, Rng& rng, int steps) { return Sampler(s, p).draw(rng, steps); }

int world_exists(const State& s, Player p, int piece, int kind, std::int64_t max_nodes) {
  return Sampler(s, p).exists(piece, kind, max_nodes);
}

}  // namespace qilab::junqi

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

int random_bit(KindSet set, Rng& rng) {
  int n = static_cast<int>(rng.below(kBits[set]));
  while (n--) set &= set - 1;
  return std::countr_zero(set);
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
    order(rng);
    budget_ = static_cast<int>(std::min<std::int64_t>(max_nodes, 1 << 30));
    reset_counts();
    const bool found = search(0, rng);
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
    for (int attempt = 0; attempt < 400; ++attempt) {
      order(rng);
      budget_ = 3 * vars_ + 50;  // short runs: restarts cut the heavy tail of thrashing searches
      reset_counts();
      if (search(0, rng)) {
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
    for (int i = 0; i < s_.players_ * kSlots; ++i) {
      if (i % kSlots == 0 && s_.sees(p_, i)) {  // a seat's pieces are all seen or all hidden
        i += kSlots - 1;
        continue;
      }
      if (s_.kind_of_[i] == kNone) continue;
      if (s_.phase_ == Phase::kDeploy && s_.deployed_[i / kSlots] < kSlots) continue;  // redrawn above
      var_of_[i] = static_cast<std::int16_t>(vars_);
      piece_[vars_] = static_cast<std::uint8_t>(i);
      domain_[vars_] = s_.evidence_[i];
      ++vars_;
    }
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
    for (bool changed = true; changed;) {
      changed = false;
      for (int i = 0; i < fighters_; ++i)
        for (int v = fighter_[i], e = head_[v]; e >= 0; e = edge_next_[e]) {
          KindSet allowed = 0;
          for (KindSet d = domain_[edge_to_[e]]; d; d &= d - 1) {
            const int k = std::countr_zero(d);
            allowed |= edge_attacks_[e] ? kFightTable.attacker[m_][edge_outcome_[e]][k]
                                        : kFightTable.defender[m_][edge_outcome_[e]][k];
          }
          if ((domain_[v] & allowed) != domain_[v]) {
            domain_[v] &= allowed;
            changed = true;
          }
        }
    }
  }

  void add_edge(int from, int to, std::uint8_t outcome, bool from_attacks) {
    edge_to_[edges_] = static_cast<std::int16_t>(to);
    edge_outcome_[edges_] = outcome;
    edge_attacks_[edges_] = from_attacks;
    edge_next_[edges_] = head_[from];
    head_[from] = static_cast<std::int16_t>(edges_++);
  }

  // Most constrained first, fight partners right after each other (breadth first), ties at random.
  void order(Rng& rng) {
    int idx[kMaxPieces];
    int shuffled[kMaxPieces];
    for (int v = 0; v < vars_; ++v) {
      const int j = static_cast<int>(rng.below(static_cast<std::uint32_t>(v + 1)));
      shuffled[v] = shuffled[j];
      shuffled[j] = v;
    }
    int start[kKinds + 2] = {};
    for (int v = 0; v < vars_; ++v) ++start[kBits[domain_[v]] + 1];
    for (int b = 1; b <= kKinds + 1; ++b) start[b] += start[b - 1];
    for (int k = 0; k < vars_; ++k) idx[start[kBits[domain_[shuffled[k]]]]++] = shuffled[k];
    bool placed[kMaxPieces] = {};
    int n = 0;
    for (int k = 0; k < vars_; ++k) {
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

  void reset_counts() {
    for (int q = 0; q < kMaxArmies; ++q) {
      open_[q] = kAllKinds;
      for (int k = 0; k < kKinds; ++k) {
        remaining_[q][k] = kArmyCount[k];
        candidates_[q][k] = 0;
      }
    }
    for (int v = 0; v < vars_; ++v) value_[v] = kNone;
    // Pieces that may take each kind, per army (vars run army by army; a plain loop the
    // compiler vectorises, where per-bit increments stall on the same counters).
    for (int lo = 0; lo < vars_;) {
      const int q = piece_[lo] / kSlots;
      int hi = lo;
      while (hi < vars_ && piece_[hi] / kSlots == q) ++hi;
      for (int k = 0; k < kKinds; ++k) {
        int n = 0;
        for (int v = lo; v < hi; ++v) n += (domain_[v] >> k) & 1;
        candidates_[q][k] = n;
      }
      lo = hi;
    }
  }

  KindSet open_kinds(int q) const { return open_[q]; }

  // Kinds piece v may take now: its domain, kinds its army still has, fights with
  // pieces already drawn.
  KindSet options(int v) const {
    KindSet m = domain_[v] & open_kinds(piece_[v] / kSlots);
    for (int e = head_[v]; e >= 0 && m; e = edge_next_[e]) {
      const int w = edge_to_[e];
      if (value_[w] == kNone) continue;
      // The edge from w to v tells what v may be given w's kind; find it by symmetry.
      m &= edge_attacks_[e] ? kFightTable.attacker[m_][edge_outcome_[e]][value_[w]]
                            : kFightTable.defender[m_][edge_outcome_[e]][value_[w]];
    }
    return m;
  }

  bool search(int depth, Rng& rng) {
    if (depth == vars_) return true;
    if (--budget_ < 0) return false;
    const int v = seq_[depth];
    const int q = piece_[v] / kSlots;
    KindSet m = options(v);
    // With v drawn, a kind its army still owes more of than undrawn pieces could take must
    // be v's own kind; two such kinds and this branch is dead.
    KindSet owed = 0;
    for (KindSet d = domain_[v]; d; d &= d - 1) {
      const int k = std::countr_zero(d);
      if (--candidates_[q][k] < remaining_[q][k]) owed |= bit(k);
    }
    if (owed) m &= kBits[owed] == 1 ? owed : 0;
    while (m) {
      const int k = random_bit(m, rng);
      m &= ~bit(k);
      value_[v] = static_cast<std::uint8_t>(k);
      if (--remaining_[q][k] == 0) open_[q] &= ~bit(k);
      if (consistent(v) && search(depth + 1, rng)) return true;
      if (remaining_[q][k]++ == 0) open_[q] |= bit(k);
      value_[v] = kNone;
      if (budget_ < 0) break;
    }
    for (KindSet d = domain_[v]; d; d &= d - 1) ++candidates_[q][std::countr_zero(d)];
    return false;
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
      const KindSet m = edge_attacks_[e] ? kFightTable.attacker[m_][edge_outcome_[e]][value_[w]]
                                         : kFightTable.defender[m_][edge_outcome_[e]][value_[w]];
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
    for (int step = 0; step < steps; ++step) {
      const int u = free_list_[rng.below(static_cast<std::uint32_t>(free_))];
      const int v = free_list_[rng.below(static_cast<std::uint32_t>(free_))];
      const bool cycle = rng.below(2) != 0;
      const int w = cycle ? free_list_[rng.below(static_cast<std::uint32_t>(free_))] : v;
      const int q = piece_[u] / kSlots;
      if (u == v || u == w || (cycle && v == w) || piece_[v] / kSlots != q || piece_[w] / kSlots != q) continue;
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
  std::array<std::int16_t, kMaxPieces> fighter_{};  // vars with a fight against another var
  std::array<std::int16_t, kMaxPieces> var_of_{};
  std::array<std::uint8_t, kMaxPieces> piece_{}, value_{};
  std::array<KindSet, kMaxPieces> domain_{};
  std::array<std::int16_t, kMaxPieces> seq_{}, head_{};
  std::array<std::int16_t, 2 * kMaxPieces> edge_to_{}, edge_next_{};
  std::array<std::uint8_t, 2 * kMaxPieces> edge_outcome_{};
  std::array<bool, 2 * kMaxPieces> edge_attacks_{};
  std::array<std::array<int, kKinds>, kMaxArmies> remaining_{}, candidates_{};
  std::array<KindSet, kMaxArmies> open_{};
  int free_ = 0;
  std::array<std::int16_t, kMaxPieces> free_list_{};

};

State State::sample_world(Player p, Rng& rng) const { return Sampler(*this, p).draw(rng, -1); }

State sample_world_steps(const State& s, int p, Rng& rng, int steps) { return Sampler(s, p).draw(rng, steps); }

int world_exists(const State& s, Player p, int piece, int kind, std::int64_t max_nodes) {
  return Sampler(s, p).exists(piece, kind, max_nodes);
}

}  // namespace qilab::junqi

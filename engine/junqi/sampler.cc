// sample_world: a randomised backtracking search over the kinds of the pieces the observer
// cannot see. Each hidden piece has a public domain (setup rules, moved, engineer turns,
// revealed 司令 and flags: State::evidence); each fight is a constraint between its two
// pieces (the combat table must give the outcome everyone saw); each army must be the
// 25-piece composition. Values are tried in random order and every check is only a
// necessary condition, so any assignment the evidence allows can be drawn. Pieces whose
// kind is known (one kind left) are set before the search; pieces in no fight with another
// hidden piece whose domain is one of the setup-rule sets (below: "plain") are not searched
// but dealt as one block per army, exactly uniformly over the ways to complete the army.
#include "engine/junqi/sampler.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <stdexcept>
#include <vector>

#include "engine/core/error.h"
#include "engine/junqi/junqi.h"
#include "engine/junqi/world_search.h"

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

// Plain pieces: in no fight with another hidden piece, and a domain that, the 司令 aside,
// is one of the nested sets the setup rules and moves leave: the ranks 工兵 .. 军长 (level 1),
// with the bomb (2), with the mine too (3), everything (4: an unmoved headquarters piece).
// Each kind has the lowest level whose pieces may take it: flag 4, mine 3, bomb 2, ranks 1;
// the 司令 goes where the domain has it. kPlace[d]: where a piece of domain d goes if it is in
// no fight with another hidden piece: its plain bucket 2 (4 - level) + (0 if it may be the
// 司令, else 1), kKnown (one kind), or kSearched; kPlace[1 << kKinds | d]: the same for a
// piece in such a fight (never plain).
constexpr KindSet kRanks = 0x7F8;  // 工兵 .. 军长
constexpr std::uint8_t kKnown = 8, kSearched = 9;
constexpr auto kPlace = [] {
  std::array<std::uint8_t, 2 << kKinds> t{};
  constexpr KindSet kLevels[4] = {kRanks, kRanks | bit(kBomb), kRanks | bit(kBomb) | bit(kMine),
                                  kRanks | bit(kBomb) | bit(kMine) | bit(kFlag)};
  for (int d = 0; d < (1 << kKinds); ++d) {
    int level = 0;
    for (int l = 1; l <= 4; ++l)
      if ((d & ~bit(kMarshal)) == kLevels[l - 1]) level = l;
    const int plain = 2 * (4 - level) + ((d & bit(kMarshal)) ? 0 : 1);
    t[d] = d && !(d & (d - 1)) ? kKnown : level ? static_cast<std::uint8_t>(plain) : kSearched;
    t[(1 << kKinds) | d] = t[d] == kKnown ? kKnown : kSearched;
  }
  return t;
}();

// kChoose[n][k]: n choose k for the flag, mine and bomb counts (k <= 3).
constexpr auto kChoose = [] {
  std::array<std::array<std::uint32_t, 4>, kSlots + 1> t{};
  for (int n = 0; n <= kSlots; ++n) {
    t[n][0] = 1;
    for (int k = 1; k < 4 && k <= n; ++k) t[n][k] = t[n - 1][k - 1] + (k <= n - 1 ? t[n - 1][k] : 0);
  }
  return t;
}();
inline std::uint64_t choose(int n, int k) { return n < k ? 0 : kChoose[n][k]; }

// The ways to give f flags, m mines and b bombs to pieces of which n4 are of level 4, n3 of
// level 3 or more, n2 of level 2 or more (the ranks then fill the rest in a number of ways
// that does not depend on where these went): flags first among the level-4 pieces, then
// mines among the level-3-or-more pieces left, then bombs. Each count is the same whatever
// the earlier choices were, because the levels are nested.
inline std::uint64_t ways(int n4, int n3, int n2, int f, int m, int b) {
  if (n3 < f || n2 < f + m) return 0;
  return choose(n4, f) * choose(n3 - f, m) * choose(n2 - f - m, b);
}

constexpr auto kArmyOf = [] {  // each piece's army
  std::array<std::uint8_t, kMaxPieces> t{};
  for (int i = 0; i < kMaxPieces; ++i) t[i] = static_cast<std::uint8_t>(i / kSlots);
  return t;
}();

// A kind of `set` chosen uniformly at random, from 32 random bits.
int random_bit(KindSet set, std::uint64_t bits32) {
  const int n = static_cast<int>(below(bits32, kBits[set]));
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
  // Exhaustive over the searched pieces, and exact over the plain blocks (blocks_fit).
  int exists(int piece, int kind, std::int64_t max_nodes) {
    if (s_.phase_ == Phase::kOver || (s_.rules_.bright && s_.phase_ != Phase::kDeploy))
      return s_.kind_of_[piece] == kind;
    setup();
    if (!((hidden_ >> kArmyOf[piece]) & 1)) return s_.kind_of_[piece] == kind;
    domain_[piece] &= bit(kind);
    propagate();
    for (int i = 0; i < armies_; ++i)
      for (int v = army_first_[army_list_[i]]; v < army_end_[army_list_[i]]; ++v)
        if (!domain_[v]) return 0;
    Rng rng(1);
    classify();
    if (!known_fit_) return 0;
    order(rng);
    budget_ = static_cast<int>(std::min<std::int64_t>(max_nodes, 1 << 30));
    reset_counts();
    const bool found = search(rng);
    return found ? 1 : budget_ < 0 ? -1 : 0;
  }

  State draw(Rng& rng, int steps, int attempts) {
    State world = s_;
    if (s_.phase_ == Phase::kOver) return world;
    if (s_.rules_.bright && s_.phase_ != Phase::kDeploy) return world;
    if (s_.phase_ == Phase::kDeploy && s_.current_ != p_) redeploy_partial(world, rng);
    setup();
    if (armies_ == 0) return world;
    propagate();
    classify();
    // Pieces of a known kind beyond their army's count: no world fits what p has seen,
    // which the true state does, so the position's evidence contradicts itself.
    if (!known_fit_) throw no_world("the evidence leaves more pieces of a kind than the army has");
    const int fill = steps < 0 ? searched_ + 16 : steps;
    for (int attempt = 0; attempt < attempts; ++attempt) {
      order(rng);
      // Short runs first: an attempt that needs more than 50 steps back is most often
      // thrashing, and a restart (new order, new values) cuts that heavy tail. The budget
      // doubles every 8 failed attempts (up to 64 times), so a position that needs a long
      // search gets one.
      budget_ = searched_ + (50 << std::min(attempt / 8, 6));
      reset_counts();
      if (search(rng)) {
        finish(world, rng, fill);
        return world;
      }
    }
    // The fallback: the complete search (world_search.h), which also checks every army's
    // composition at every step, so it finds a world whenever one exists, and one does: the
    // true state. It is never handed out instead: a search would then see the hidden ranks.
    ++g_fallbacks;
    complete_search(rng);
    finish(world, rng, fill);
    return world;
  }

 private:
  // The complete search's step budget: far beyond what the positions of play need (docs/rules/junqi.md,
  // "Hidden information"), a bound only so that a draw cannot run for ever.
  static constexpr std::int64_t kCompleteBudget = std::int64_t{1} << 22;

  // The searched pieces' kinds by WorldSearch, the plain pieces as pools of their armies;
  // then the counts as search() leaves them, for the deal. Throws if there is no world.
  void complete_search(Rng& rng) {
    WorldSearch ws;
    std::array<std::int16_t, kMaxPieces> var;
    for (int i = 0; i < searched_; ++i) {
      const int v = searched_list_[i];
      var[v] = static_cast<std::int16_t>(ws.add_var(kArmyOf[v], domain_[v]));
    }
    for (int f = 0; f < s_.fights_count_; ++f) {
      const Fight& x = s_.fights_[f];
      const int a = x.attacker, d = x.defender;
      if (!((hidden_ >> kArmyOf[a]) & 1) || !((hidden_ >> kArmyOf[d]) & 1)) continue;  // in the domains
      const bool sa = bucket_of_[a] == kSearched, sd = bucket_of_[d] == kSearched;
      if (sa && sd)
        ws.add_fight(var[a], var[d], kFightTable.attacker[m_][x.outcome].data(),
                     kFightTable.defender[m_][x.outcome].data());
      // A partner of a known kind (plain pieces have no fights with hidden pieces) is in
      // the domain already, after propagate().
    }
    for (int i = 0; i < armies_; ++i) {
      const int q = army_list_[i];
      ws.set_owed(q, remaining0_[q]);
      for (int v = army_first_[q]; v < army_end_[q]; ++v)
        if (bucket_of_[v] < kKnown) ws.add_pool(q, domain_[v], 1);
    }
    std::vector<std::uint8_t> kinds;
    const auto result = ws.solve(rng, kCompleteBudget, kinds);
    if (result == WorldSearch::Result::kNone) throw no_world("the complete search finds none");
    if (result == WorldSearch::Result::kOutOfBudget)
      throw no_world("the complete search found none within " + std::to_string(kCompleteBudget) + " steps");
    reset_counts();
    for (int i = 0; i < searched_; ++i) {
      const int v = searched_list_[i], k = kinds[static_cast<std::size_t>(var[v])];
      value_[v] = static_cast<std::uint8_t>(k);
      --remaining_[kArmyOf[v]][k];
    }
    // Hall's condition held for the pools with every var assigned: the blocks fit.
    if (!blocks_fit())
      throw std::logic_error("junqi sample_world: the complete search's world leaves no deal");
  }

  // The drawn kinds into `world`, after the deal of the plain pieces and the exchange steps.
  void finish(State& world, Rng& rng, int steps) {
    for (int i = 0; i < armies_; ++i) deal(army_list_[i], rng);
    shuffle_kinds(rng, steps);
    for (int i = 0; i < armies_; ++i) {
      const int q = army_list_[i];
      std::copy(&value_[army_first_[q]], &value_[army_end_[q]], &world.kind_of_[army_first_[q]]);
    }
  }

  Error no_world(const std::string& why) const {
    return Error("junqi sample_world: no world consistent with what seat " + std::to_string(p_) +
                 " has seen (" + why + "); the seat cannot decide");
  }

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

  // The pieces p cannot see are the vars, numbered as the pieces: the 25 of each hidden
  // army (all placed: a seat still deploying is redrawn above), dead ones included.
  void setup() {
    head_.fill(-1);
    armies_ = 0;
    hidden_ = 0;
    for (int q = 0; q < s_.players_; ++q) {
      if (s_.sees(p_, q * kSlots)) continue;  // a seat's pieces are all seen or all hidden
      if (s_.phase_ == Phase::kDeploy && s_.deployed_[q] < kSlots) continue;  // redrawn above
      army_first_[q] = static_cast<std::int16_t>(q * kSlots);
      army_end_[q] = static_cast<std::int16_t>((q + 1) * kSlots);
      std::copy(&s_.evidence_[q * kSlots], &s_.evidence_[(q + 1) * kSlots], &domain_[q * kSlots]);
      army_list_[armies_++] = static_cast<std::uint8_t>(q);
      hidden_ |= 1u << q;
    }
    edges_ = 0;
    for (int f = 0; f < s_.fights_count_; ++f) {
      const Fight& x = s_.fights_[f];
      const int va = x.attacker, vd = x.defender;
      const bool ha = (hidden_ >> kArmyOf[va]) & 1, hd = (hidden_ >> kArmyOf[vd]) & 1;
      if (!ha && !hd) continue;
      if (!ha) {  // the attacker is known to the observer: a bound on the defender
        domain_[vd] &= kFightTable.defender[m_][x.outcome][s_.kind_of_[va]];
      } else if (!hd) {
        domain_[va] &= kFightTable.attacker[m_][x.outcome][s_.kind_of_[vd]];
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
        const auto& table = *edge_allowed_[e];
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
    edge_allowed_[edges_] = &kAllowed[m_][from_attacks ? 0 : 1][outcome];
    edge_kinds_[edges_] =
        from_attacks ? kFightTable.attacker[m_][outcome].data() : kFightTable.defender[m_][outcome].data();
    edge_next_[edges_] = head_[from];
    head_[from] = static_cast<std::int16_t>(edges_++);
  }

  // Once the domains are final, army by army: pieces of one kind left take it now (their
  // army's counts start without them; known_fit_ false if they are more than the army
  // has); plain pieces go into their army's block, sorted by level (4 first) and, within
  // a level, those that may be the 司令 first; the rest are searched (searched_ of them).
  // Each army's free pieces (more than one kind possible) for the exchange steps: its
  // searched pieces, then its plain ones. Each army's slack, and the search's size classes.
  void classify() {
    searched_ = 0;
    known_fit_ = true;
    Lanes owed = 0;  // each kind's count in an army, in lanes
    for (int k = 0; k < kKinds; ++k) owed += Lanes{kArmyCount[k]} << (5 * k);
    // The searched pieces' domain sizes, and where each size class starts in the order
    // (order() sorts by size).
    int start[kKinds + 2] = {};
    for (int i = 0; i < armies_; ++i) {
      const int q = army_list_[i], first = army_first_[q], end = army_end_[q];
      std::array<std::uint8_t, 8> count{};     // plain pieces by bucket
      std::array<std::int16_t, kSlots> plain;  // the army's plain vars and their buckets
      std::array<std::uint8_t, kSlots> plain_bucket;
      std::array<int, kKinds> remaining;
      for (int k = 0; k < kKinds; ++k) remaining[k] = kArmyCount[k];
      KindSet open = kAllKinds;
      // The army's slack: per kind, the pieces that may take it less the pieces that
      // must. Pieces of a known kind count on both sides: 0.
      Lanes slack = 0;
      int searched = 0, plains = 0;
      for (int v = first; v < end; ++v) {
        const KindSet d = domain_[v];
        slack += spread(d);
        const int b = kPlace[(head_[v] >= 0) << kKinds | d];
        bucket_of_[v] = static_cast<std::uint8_t>(b);
        if (b == kKnown) {  // few
          const int k = std::countr_zero(d);
          value_[v] = static_cast<std::uint8_t>(k);
          if (remaining[k] == 0)
            known_fit_ = false;
          else if (--remaining[k] == 0)
            open &= static_cast<KindSet>(~bit(k));
          continue;
        }
        if (b == kSearched) {
          searched_list_[searched_++] = static_cast<std::int16_t>(v);
          free_list_[first + searched++] = static_cast<std::int16_t>(v);
          size_[v] = kBits[d];
          ++start[kBits[d] + 1];
          continue;
        }
        ++count[b];
        plain_bucket[plains] = static_cast<std::uint8_t>(b);
        plain[plains++] = static_cast<std::int16_t>(v);
      }
      // Below 0 only where no world exists (then any pruning is sound).
      slack0_[q] = slack - owed;
      remaining0_[q] = remaining;
      open0_[q] = open;
      std::array<int, 8> at;
      for (int b = 0, sum = first; b < 8; ++b) {
        at[b] = sum;
        sum += count[b];
      }
      for (int j = 0; j < plains; ++j) {
        plain_list_[at[plain_bucket[j]]++] = plain[j];
        free_list_[first + searched + j] = plain[j];
      }
      bucket_[q] = count;
      free_count_[q] = static_cast<std::int16_t>(searched + plains);
    }
    for (int b = 1; b <= kKinds + 1; ++b) start[b] += start[b - 1];
    for (int b = 0; b <= kKinds; ++b) size_start_[b] = static_cast<std::int16_t>(start[b]);
  }

  // The searched pieces, most constrained first, fight partners right after each other
  // (breadth first), ties at random.
  void order(Rng& rng) {
    int idx[kMaxPieces];
    int shuffled[kMaxPieces];
    std::uint64_t r = 0;
    for (int i = 0; i < searched_; ++i) {  // Fisher-Yates, two 32-bit draws per generator call
      if (!(i & 1)) r = rng.next();
      const int j =
          static_cast<int>(below((i & 1) ? r & 0xFFFFFFFFu : r >> 32, static_cast<std::uint32_t>(i + 1)));
      shuffled[i] = shuffled[j];
      shuffled[j] = searched_list_[i];
    }
    std::array<std::int16_t, kKinds + 1> start = size_start_;
    for (int k = 0; k < searched_; ++k) idx[start[size_[shuffled[k]]]++] = shuffled[k];
    bool placed[kMaxPieces];
    for (int i = 0; i < searched_; ++i) placed[searched_list_[i]] = false;
    // Fight partners are searched pieces or pieces of a known kind (set already, not queued).
    int n = 0;
    for (int k = 0; k < searched_; ++k) {
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
        for (int e = head_[v]; e >= 0; e = edge_next_[e]) {
          const int u = edge_to_[e];
          if (bucket_of_[u] == kSearched && !placed[u]) {
            placed[u] = true;
            seq_[n++] = static_cast<std::int16_t>(u);
          }
        }
      }
    }
  }

  void reset_counts() {
    for (int i = 0; i < armies_; ++i) {
      const int q = army_list_[i];
      remaining_[q] = remaining0_[q];
      open_[q] = open0_[q];
      slack_[q] = slack0_[q];
    }
    for (int i = 0; i < searched_; ++i) value_[searched_list_[i]] = kNone;
  }

  // Kinds piece v may take now: its domain, kinds its army still has, fights with
  // pieces already drawn.
  KindSet options(int v) const {
    KindSet m = domain_[v] & open_[kArmyOf[v]];
    for (int e = head_[v]; e >= 0 && m; e = edge_next_[e]) {
      const int w = edge_to_[e];
      if (value_[w] == kNone) continue;
      // The edge from w to v tells what v may be given w's kind; find it by symmetry.
      m &= edge_kinds_[e][value_[w]];
    }
    return m;
  }

  void undo(int u) {
    const int r = kArmyOf[u], k = value_[u];
    slack_[r] -= Lanes{1} << (5 * k);
    if (remaining_[r][k]++ == 0) open_[r] |= bit(k);
    value_[u] = kNone;
  }

  // 32 random bits: the halves of one generator call in turn.
  std::uint64_t random32(Rng& rng) {
    if (spare_half_) {
      spare_half_ = false;
      return spare_ & 0xFFFFFFFFu;
    }
    spare_ = rng.next();
    spare_half_ = true;
    return spare_ >> 32;
  }

  // Depth first over the searched pieces in seq_ order, each one's values in random
  // order; iterative, with the values still to try at each depth in left_. With all of
  // them drawn, the plain blocks must have a completion (blocks_fit), else it backs up as
  // from a dead end. Gives up (false) when the budget runs out; the caller resets the
  // counts before searching again.
  bool search(Rng& rng) {
    int depth = 0;
    for (;;) {
      if (depth == searched_) {
        if (blocks_fit()) return true;
        if (depth == 0 || --budget_ < 0) return false;
        undo(seq_[--depth]);
      } else {
        if (--budget_ < 0) return false;
        const int v = seq_[depth];
        const int q = kArmyOf[v];
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
        const int q = kArmyOf[v];
        KindSet& m = left_[depth];
        bool down = false;
        while (m) {
          const int k = random_bit(m, random32(rng));
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
        undo(seq_[--depth]);  // the parent's value
        if (budget_ < 0) return false;
      }
      ++depth;
    }
  }

  // A plain block with the kinds its army still owes: the pieces at each level and at or
  // above it (n4 >= ... as in ways()), and the ways to complete it with the 司令 on a piece
  // of each level (weight[L - 1]; all 0 if the 司令 is not owed).
  struct Block {
    int n4, n3, n2, n, f, m, b, marshal;
    std::array<std::uint64_t, 4> weight;
    std::uint64_t total;
  };
  Block block(int q) const {
    const auto& c = bucket_[q];
    const auto& r = remaining_[q];
    Block k;
    k.n4 = c[0] + c[1];
    k.n3 = k.n4 + c[2] + c[3];
    k.n2 = k.n3 + c[4] + c[5];
    k.n = k.n2 + c[6] + c[7];
    k.f = r[kFlag], k.m = r[kMine], k.b = r[kBomb], k.marshal = r[kMarshal];
    int owed = 0;
    for (int kind = 0; kind < kKinds; ++kind) owed += r[kind];
    if (owed != k.n) {  // never with 25 pieces an army (a guard for deal())
      k.total = 0;
      return k;
    }
    if (!k.marshal) {
      k.total = ways(k.n4, k.n3, k.n2, k.f, k.m, k.b);
      return k;
    }
    // The 司令 on one of the c[2(4 - L)] pieces of level L that may take it: one piece
    // fewer at levels L and below.
    k.weight[3] = c[0] ? c[0] * ways(k.n4 - 1, k.n3 - 1, k.n2 - 1, k.f, k.m, k.b) : 0;
    k.weight[2] = c[2] ? c[2] * ways(k.n4, k.n3 - 1, k.n2 - 1, k.f, k.m, k.b) : 0;
    k.weight[1] = c[4] ? c[4] * ways(k.n4, k.n3, k.n2 - 1, k.f, k.m, k.b) : 0;
    k.weight[0] = c[6] ? c[6] * ways(k.n4, k.n3, k.n2, k.f, k.m, k.b) : 0;
    k.total = k.weight[0] + k.weight[1] + k.weight[2] + k.weight[3];
    return k;
  }

  // Whether every army's plain block can take the kinds its army still owes. The counts
  // add up (every army has 25 pieces, each searched or known piece has taken one; block()
  // checks it) and every plain piece may be any rank from 工兵 to 军长, so only the flag,
  // mines, bombs and 司令 need places: exact, by the count of ways. Keeps each army's
  // Block for deal().
  bool blocks_fit() {
    for (int i = 0; i < armies_; ++i) {
      const int q = army_list_[i];
      blocks_[q] = block(q);
      if (blocks_[q].total == 0) return false;
    }
    return true;
  }

  // Gives the plain pieces of army q the kinds it still owes, uniformly at random among
  // all the ways allowed: the 司令's piece with probability proportional to the ways to
  // complete the rest, then the flag among the level-4 pieces left, the mines among the
  // level-3-or-more pieces left, the bombs among the level-2-or-more pieces left, then the
  // ranks in a random order over the rest. Each of these counts does not depend on the
  // choices before it (the levels are nested), so every completion is as likely.
  void deal(int q, Rng& rng) {
    const Block& k = blocks_[q];
    if (k.n == 0) return;
    std::int16_t* list = &plain_list_[army_first_[q]];  // reordered in place
    int n = k.n, n4 = k.n4, n3 = k.n3, n2 = k.n2;
    if (k.marshal) {
      std::uint64_t x = rng.below(static_cast<std::uint32_t>(k.total));
      int level = 1;
      while (level < 4 && x >= k.weight[level - 1]) x -= k.weight[level++ - 1];
      // x / (ways per piece): a uniform index among the level's 司令-capable pieces, which
      // come first in the level's group.
      const int count = bucket_[q][2 * (4 - level)];
      const std::array<int, 4> ends = {n4, n3, n2, n};  // the groups of levels 4, 3, 2, 1
      int hole = (level == 4 ? 0 : ends[3 - level]) +
                 static_cast<int>(x / (k.weight[level - 1] / static_cast<std::uint64_t>(count)));
      // Out of the list, keeping the levels grouped: to the end of its group, swapped
      // with the last piece of each lower group in turn.
      for (int g = 4 - level; g < 4; ++g) {
        std::swap(list[hole], list[ends[g] - 1]);
        hole = ends[g] - 1;
      }
      value_[list[hole]] = kMarshal;
      --n;
      n2 -= level >= 2;
      n3 -= level >= 3;
      n4 -= level >= 4;
    }
    // The kinds to give, flag, mines, bombs, then the ranks, each with the end of the
    // list[] range its pieces come from; written without branches on the counts (three
    // places per kind, the next kind starting where the count ends).
    std::array<std::uint8_t, kSlots + 3> kinds, ends;
    int nk = 0;
    kinds[0] = kFlag, ends[0] = static_cast<std::uint8_t>(n4);
    nk += k.f;
    for (int i = 0; i < 3; ++i) kinds[nk + i] = kMine, ends[nk + i] = static_cast<std::uint8_t>(n3);
    nk += k.m;
    for (int i = 0; i < 3; ++i) kinds[nk + i] = kBomb, ends[nk + i] = static_cast<std::uint8_t>(n2);
    nk += k.b;
    for (int kind = kEngineer; kind < kMarshal; ++kind) {
      for (int i = 0; i < 3; ++i)
        kinds[nk + i] = static_cast<std::uint8_t>(kind), ends[nk + i] = static_cast<std::uint8_t>(n);
      nk += remaining_[q][kind];
    }
    // A partial Fisher-Yates shuffle: the piece at i is drawn from list[i, ends[i]).
    std::uint64_t r = 0;
    for (int i = 0; i < n; ++i) {
      if (!(i & 1)) r = rng.next();
      const std::uint64_t bits32 = (i & 1) ? r & 0xFFFFFFFFu : r >> 32;
      const int j = i + static_cast<int>(below(bits32, static_cast<std::uint32_t>(ends[i] - i)));
      std::swap(list[i], list[j]);
      value_[list[i]] = kinds[i];
    }
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

  // Metropolis steps over consistent worlds: pick a searched piece u uniformly at random
  // and free pieces v (and w) of its army uniformly, propose exchanging their kinds (a
  // transposition, or a 3-cycle u <- v <- w <- u), keep the change if the world stays
  // consistent. Each proposal is as likely as its reverse (the reverse cycle starts from
  // the same searched pieces) and the army counts never change, so the uniform
  // distribution over consistent worlds is stationary: every step can only bring the draw
  // closer to it (docs/rules/junqi.md, "Hidden information"). Exchanges among plain
  // pieces alone are not proposed: given the other pieces, the deal has made the plain
  // blocks exactly uniform already.
  void shuffle_kinds(Rng& rng, int steps) {
    if (searched_ == 0) return;
    const auto n = static_cast<std::uint32_t>(searched_);
    for (int step = 0; step < steps; ++step) {
      // u, v, the kind of step and w, each uniform and independent (32 random bits each,
      // two draws per generator call); a step that repeats a piece is refused before the
      // rest of it is drawn, which changes nothing in its law.
      const std::uint64_t r = rng.next();
      const int u = searched_list_[below(r >> 32, n)];
      const int q = kArmyOf[u];
      const std::int16_t* list = &free_list_[army_first_[q]];
      const auto f = static_cast<std::uint32_t>(free_count_[q]);
      const int v = list[below(r & 0xFFFFFFFFu, f)];
      if (u == v) continue;
      const std::uint64_t r2 = rng.next();
      const bool cycle = (r2 >> 63) != 0;
      const int w = cycle ? list[below(r2 & 0xFFFFFFFFu, f)] : v;
      if (u == w || (cycle && v == w)) continue;
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
  int edges_ = 0, budget_ = 0, fighters_ = 0, armies_ = 0, searched_ = 0;
  bool known_fit_ = true;
  std::uint64_t spare_ = 0;  // random32: the generator call whose low half is still unused
  bool spare_half_ = false;  // the pieces of a known kind do not exceed their armies' counts
  // The arrays below are written before they are read (setup, classify, reset_counts,
  // deal); left uninitialised, a draw does not pay for clearing them.
  std::array<std::int16_t, kMaxPieces> fighter_;  // vars with a fight against another var
  std::uint32_t hidden_ = 0;                      // bit per hidden army
  std::array<std::uint8_t, kMaxPieces> value_;
  std::array<KindSet, kMaxPieces> left_;  // search: the values still to try at each depth
  std::array<KindSet, kMaxPieces> domain_;
  std::array<std::int16_t, kMaxPieces> seq_, head_;
  std::array<std::int16_t, 2 * kMaxPieces> edge_to_, edge_next_;
  // edge_allowed_[e]: the kAllowed tables of the edge's fight, outcome and role.
  std::array<const std::array<std::array<KindSet, 64>, 2>*, 2 * kMaxPieces> edge_allowed_;
  // edge_kinds_[e][k]: the kinds the edge's piece may be if its partner is of kind k.
  std::array<const KindSet*, 2 * kMaxPieces> edge_kinds_;
  // Per army: the kinds still owed and the kinds with some still owed (remaining0_ and
  // open0_ once the pieces of a known kind have taken theirs).
  std::array<std::array<int, kKinds>, kMaxArmies> remaining_, remaining0_;
  std::array<KindSet, kMaxArmies> open_, open0_;
  // Per army, per kind (packed Lanes): undrawn pieces that may take the kind, less the
  // pieces of that kind still to draw; slack0_ before the search.
  std::array<Lanes, kMaxArmies> slack_, slack0_;
  // The hidden armies (armies_ of them), each army's vars [army_first_, army_end_).
  std::array<std::uint8_t, kMaxArmies> army_list_;
  std::array<std::int16_t, kMaxArmies> army_first_, army_end_;
  // Each var's place: a plain bucket 2 (4 - level) + (0 if it may be the 司令, else 1),
  // kKnown or kSearched; per army the plain bucket sizes.
  std::array<std::uint8_t, kMaxPieces> bucket_of_;
  std::array<std::array<std::uint8_t, 8>, kMaxArmies> bucket_;
  std::array<Block, kMaxArmies> blocks_;  // blocks_fit: each army's block after the search
  // Per army from army_first_: its plain vars by bucket; its free vars (searched, then plain).
  std::array<std::int16_t, kMaxPieces> plain_list_, free_list_;
  std::array<std::int16_t, kMaxArmies> free_count_;
  std::array<std::int16_t, kMaxPieces> searched_list_;  // the searched vars, all armies
  std::array<std::uint8_t, kMaxPieces> size_;           // each searched var's domain size (classify)
  std::array<std::int16_t, kKinds + 1> size_start_;     // where vars of each domain size start in order()
};

State State::sample_world(Player p, Rng& rng) const {
  return Sampler(*this, p).draw(rng, -1, kSamplerAttempts);
}

State sample_world_steps(const State& s, int p, Rng& rng, int steps, int attempts) {
  return Sampler(s, p).draw(rng, steps, attempts);
}

int world_exists(const State& s, Player p, int piece, int kind, std::int64_t max_nodes) {
  return Sampler(s, p).exists(piece, kind, max_nodes);
}

}  // namespace qilab::junqi

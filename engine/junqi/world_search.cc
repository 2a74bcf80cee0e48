// WorldSearch: depth first, the var with the fewest kinds left first, each step followed by
// arc consistency over the fights and Hall's condition for the armies it touched. Every
// check only removes kinds no completion can use, so the search is complete: kNone means no
// assignment exists, and a step budget is the only way it stops short.
#include "engine/junqi/world_search.h"

#include <algorithm>
#include <bit>

namespace qilab::junqi {
namespace {

constexpr int kSets = 1 << kKinds;

// A kind of `set` (not empty) chosen uniformly at random.
int random_kind(KindSet set, Rng& rng) {
  int n = static_cast<int>(rng.below(static_cast<std::uint32_t>(std::popcount(set))));
  for (; n > 0; --n) set &= static_cast<KindSet>(set - 1);
  return std::countr_zero(set);
}

}  // namespace

int WorldSearch::add_var(int army, KindSet domain) {
  army_.push_back(army);
  domain_.push_back(domain);
  edges_.emplace_back();
  return static_cast<int>(army_.size()) - 1;
}

void WorldSearch::add_fight(int a, int b, const KindSet* a_given_b, const KindSet* b_given_a) {
  edges_[static_cast<std::size_t>(a)].push_back({b, a_given_b});
  edges_[static_cast<std::size_t>(b)].push_back({a, b_given_a});
}

void WorldSearch::add_pool(int army, KindSet domain, int count) {
  for (Pool& p : pools_)
    if (p.army == army && p.domain == domain) {
      p.count += count;
      return;
    }
  if (count > 0) pools_.push_back({army, domain, count});
}

void WorldSearch::set_owed(int army, const std::array<int, kKinds>& owed) {
  owed_[static_cast<std::size_t>(army)] = owed;
}

// Hall's condition for army `army`: its unassigned vars and pool pieces can take exactly the
// kinds it still owes if and only if, for every set S of kinds, the pieces whose kinds all
// lie in S are no more than the kinds of S owed (a perfect matching of pieces to the owed
// kinds; the totals are equal by construction). within[S]: pieces whose kinds lie in S, by
// summing over subsets one kind at a time.
bool WorldSearch::hall(const Node& n, int army) const {
  alignas(64) std::array<std::int16_t, kSets> within{};
  for (std::size_t v = 0; v < army_.size(); ++v)
    if (army_[v] == army && n.value[v] == kNoKind) ++within[n.domain[v]];
  for (const Pool& p : pools_)
    if (p.army == army) within[p.domain] = static_cast<std::int16_t>(within[p.domain] + p.count);
  // Sums over subsets, kind by kind, in contiguous blocks (the sets with kind k are the upper
  // half of every block of 2^(k+1)), so that the compiler vectorises them; this check is most
  // of the complete search's time.
  for (int k = 0; k < kKinds; ++k) {
    const int half = 1 << k;
    for (int base = 0; base < kSets; base += 2 * half) {
      std::int16_t* hi = &within[static_cast<std::size_t>(base + half)];
      const std::int16_t* lo = &within[static_cast<std::size_t>(base)];
      for (int i = 0; i < half; ++i) hi[i] = static_cast<std::int16_t>(hi[i] + lo[i]);
    }
  }
  // owed[S]: the kinds of S the army still owes, built the same way.
  alignas(64) std::array<std::int16_t, kSets> owed;
  owed[0] = 0;
  const auto& o = n.owed[static_cast<std::size_t>(army)];
  for (int k = 0; k < kKinds; ++k) {
    const int half = 1 << k;
    const auto add = static_cast<std::int16_t>(o[static_cast<std::size_t>(k)]);
    for (int i = 0; i < half; ++i)
      owed[static_cast<std::size_t>(half + i)] =
          static_cast<std::int16_t>(owed[static_cast<std::size_t>(i)] + add);
  }
  int over = 0;
  for (int s = 0; s < kSets; ++s)
    over |= within[static_cast<std::size_t>(s)] > owed[static_cast<std::size_t>(s)];
  return !over && within[kSets - 1] == owed[kSets - 1];
}

// Arc consistency from the vars in `queue` (their kinds changed): each partner keeps only
// the kinds some kind left to the changed var allows; then Hall's condition for every army
// in the bit set `armies` and every army whose vars lost kinds here.
bool WorldSearch::propagate(Node& n, std::vector<int>& queue, std::uint32_t armies) const {
  while (!queue.empty()) {
    const int w = queue.back();
    queue.pop_back();
    for (const Edge& back : edges_[static_cast<std::size_t>(w)]) {
      const int u = back.to;
      KindSet d = n.domain[static_cast<std::size_t>(u)];
      for (const Edge& e : edges_[static_cast<std::size_t>(u)]) {
        KindSet allowed = 0;
        for (KindSet k = n.domain[static_cast<std::size_t>(e.to)]; k; k &= static_cast<KindSet>(k - 1))
          allowed |= e.allowed[std::countr_zero(k)];
        d &= allowed;
      }
      if (d == n.domain[static_cast<std::size_t>(u)]) continue;
      if (!d) return false;
      n.domain[static_cast<std::size_t>(u)] = d;
      armies |= 1u << army_[static_cast<std::size_t>(u)];
      queue.push_back(u);
    }
  }
  for (int a = 0; a < kMaxArmies; ++a)
    if (((armies >> a) & 1) && !hall(n, a)) return false;
  return true;
}

// Var v takes `kind`: its army owes one fewer; a kind no longer owed leaves the domains of
// the army's other vars; then propagation.
bool WorldSearch::assign(Node& n, int v, int kind) const {
  const auto sv = static_cast<std::size_t>(v);
  const int army = army_[sv];
  auto& owed = n.owed[static_cast<std::size_t>(army)];
  if (owed[static_cast<std::size_t>(kind)] <= 0) return false;
  n.value[sv] = static_cast<std::uint8_t>(kind);
  n.domain[sv] = bit(kind);
  std::vector<int> queue = {v};
  if (--owed[static_cast<std::size_t>(kind)] == 0)
    for (std::size_t u = 0; u < army_.size(); ++u) {
      if (army_[u] != army || n.value[u] != kNoKind || !(n.domain[u] & bit(kind))) continue;
      n.domain[u] = static_cast<KindSet>(n.domain[u] & ~bit(kind));
      if (!n.domain[u]) return false;
      queue.push_back(static_cast<int>(u));
    }
  return propagate(n, queue, 1u << army);
}

bool WorldSearch::dfs(Node& n, Rng& rng, int depth) {
  int v = -1;
  for (std::size_t u = 0; u < army_.size(); ++u) {
    if (n.value[u] != kNoKind) continue;
    if (v < 0) {
      v = static_cast<int>(u);
      continue;
    }
    const int a = std::popcount(n.domain[u]), b = std::popcount(n.domain[static_cast<std::size_t>(v)]);
    if (a < b || (a == b && tie_[u] < tie_[static_cast<std::size_t>(v)])) v = static_cast<int>(u);
  }
  if (v < 0) return true;  // every var assigned: n is the answer
  auto& child = stack_[static_cast<std::size_t>(depth) + 1];
  for (KindSet left = n.domain[static_cast<std::size_t>(v)]; left;) {
    if (++nodes_ > budget_) {
      out_of_budget_ = true;
      return false;
    }
    const int kind = random_kind(left, rng);
    left = static_cast<KindSet>(left & ~bit(kind));
    child = n;
    if (assign(child, v, kind) && dfs(child, rng, depth + 1)) {
      n = child;
      return true;
    }
    if (out_of_budget_) return false;
  }
  return false;
}

WorldSearch::Result WorldSearch::solve(Rng& rng, std::int64_t max_nodes, std::vector<std::uint8_t>& kinds) {
  const std::size_t vars = army_.size();
  nodes_ = 0;
  budget_ = max_nodes;
  out_of_budget_ = false;
  tie_.resize(vars);
  stack_.assign(vars + 1, Node{});
  Node& root = stack_[0];
  root.domain = domain_;
  root.value.assign(vars, kNoKind);
  root.owed = owed_;
  // Kinds an army does not owe leave its vars' domains; then every var's fights and every
  // army's composition are checked once.
  std::vector<int> queue;
  std::uint32_t armies = 0;
  for (std::size_t v = 0; v < vars; ++v) {
    KindSet open = 0;
    for (int k = 0; k < kKinds; ++k)
      if (root.owed[static_cast<std::size_t>(army_[v])][static_cast<std::size_t>(k)] > 0) open |= bit(k);
    root.domain[v] &= open;
    if (!root.domain[v]) return Result::kNone;
    queue.push_back(static_cast<int>(v));
  }
  for (const Pool& p : pools_) armies |= 1u << p.army;
  for (std::size_t v = 0; v < vars; ++v) armies |= 1u << army_[v];
  if (!propagate(root, queue, armies)) return Result::kNone;
  // Restarts with a new var order and new value orders, each with twice the steps of the
  // one before, cut the heavy tail of an unlucky early choice; the last run has whatever
  // budget is left, and a run that ends within its steps has searched its tree to the end.
  const Node start = root;
  for (std::int64_t run = 1024;; run *= 2) {
    const std::int64_t spent = nodes_;
    budget_ = std::min(max_nodes, spent + run);
    out_of_budget_ = false;
    for (auto& t : tie_) t = static_cast<std::uint32_t>(rng.next());
    stack_[0] = start;
    if (dfs(stack_[0], rng, 0)) {
      kinds = stack_[0].value;
      return Result::kFound;
    }
    if (!out_of_budget_) return Result::kNone;
    if (budget_ >= max_nodes) return Result::kOutOfBudget;
  }
}

}  // namespace qilab::junqi

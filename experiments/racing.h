#pragma once
// Best-arm identification by racing: successive elimination (E. Even-Dar, S. Mannor and
// Y. Mansour, "Action elimination and stopping conditions for the multi-armed bandit and
// reinforcement learning problems", JMLR 7, 1079-1105, 2006) with Wilson score bounds
// (wilson.h) made simultaneous by a union bound (Bonferroni) over arms and looks.
//
// Arms are candidates with a Bernoulli success (a win). In round r every arm still racing
// plays `round` more trials; after the round an arm whose upper bound is below the largest
// lower bound of the arms still racing is eliminated. The race ends when one arm remains (the
// answer is decided) or when the budget cannot pay for another round (the arm with the best
// rate among the survivors is the answer, undecided). Each bound is a two-sided Wilson
// interval at z = Phi^-1(1 - delta / (2 K L)), delta = 1 - confidence, K arms, L the most looks
// at one arm that the budget allows while two arms race (ceil(budget / (2 round))): if every
// interval covers its arm's rate at every look, which happens with probability at least
// 1 - delta (as far as Wilson's interval keeps its level), the best arm is never eliminated.
//
// Pure: no games, no files. experiments/openings.h plays the trials.
#include <cstdint>
#include <string>
#include <vector>

#include "experiments/wilson.h"

namespace qilab::experiments {

struct RacingRule {
  double confidence = 0.95;  // 1 - delta, in (0, 1)
  std::int64_t budget = 0;   // trials in all, over every arm and round
  std::int64_t round = 1;    // trials per racing arm per round
  // false: uniform allocation, the reference: every arm plays every round, and the race ends
  // when the bounds of the current data leave one arm (nothing is dropped from play).
  bool adaptive = true;
};

struct ArmCount {
  std::int64_t wins = 0, games = 0;
};

struct RaceArm {
  ArmCount count;
  int eliminated_round = -1;  // the round after which it was eliminated, -1 while racing
};

// The z of the race's bounds (see the top of this file).
double racing_z(const RacingRule& rule, int arms);
// The most looks at one arm while two race: ceil(budget / (2 round)), at least 1.
std::int64_t racing_looks(const RacingRule& rule);

class Race {
 public:
  // Throws Error on a rule out of range (no arms, confidence outside (0, 1), round < 1, budget
  // below one round of every arm).
  Race(int arms, const RacingRule& rule);

  // Whether the race is over: one arm left, or no budget for another round.
  bool finished() const;
  // The arms that play the next round (every arm in uniform allocation while unfinished);
  // empty when the race is over.
  std::vector<int> next_round() const;
  // Adds a round's results (indexed by arm; arms that did not play must have zero) and applies
  // the elimination rule. Throws std::logic_error when called after the race is over.
  void finish_round(const std::vector<ArmCount>& added);

  int rounds() const { return rounds_; }
  std::int64_t games_used() const { return used_; }
  double z() const { return z_; }
  const RacingRule& rule() const { return rule_; }
  const std::vector<RaceArm>& arms() const { return arms_; }
  // The simultaneous bound of an arm on its current count.
  Interval bound(int arm) const;
  // Arms not eliminated.
  std::vector<int> survivors() const;
  // The answer: the survivor with the highest rate (ties: the lower index).
  int best() const;
  // One survivor left.
  bool decided() const { return survivors().size() == 1; }

 private:
  RacingRule rule_;
  double z_ = 0;
  std::vector<RaceArm> arms_;
  int rounds_ = 0;
  std::int64_t used_ = 0;
};

// The best arm against each other arm: a one-sided two-proportion z test (pooled variance) of
// "the best's rate is no higher", with Holm's step-down correction over the K - 1 comparisons
// (S. Holm, "A simple sequentially rejective multiple test procedure", Scand. J. Statist. 6,
// 65-70, 1979). The data of a race are collected adaptively, so these p-values are descriptive;
// the race's own guarantee is its elimination (see the top of this file).
struct Comparison {
  int arm = 0;
  double p = 1;              // the test's p-value
  double p_holm = 1;         // Holm-adjusted
  bool significant = false;  // p_holm < 1 - confidence
};
std::vector<Comparison> compare_to_best(const std::vector<ArmCount>& arms, int best, double confidence);

// The upper-tail probability of the standard normal distribution.
double normal_upper_tail(double z);

}  // namespace qilab::experiments

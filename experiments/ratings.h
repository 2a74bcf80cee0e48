#pragma once
// Rating models fitted by maximum likelihood with Eigen (docs/statistics.md, "Ratings"):
//   Bradley-Terry for two-sided results, by Newton's method, standard errors from the Hessian;
//   Plackett-Luce for placings of three or more sides, by Hunter's MM algorithm.
// Strengths are log-scale (theta; gamma = exp(theta)) relative to a reference player whose
// theta is 0; Elo = theta * 400 / ln 10.
#include <string>
#include <vector>

namespace qilab::experiments {

inline constexpr double kEloPerNat = 173.71779276130073;  // 400 / ln 10

// One game between two players: score_a is 1 (a won), 0.5 (drawn) or 0 (b won).
struct PairResult {
  int a = 0, b = 0;
  double score_a = 0;
};

struct RatingFit {
  bool fitted = false;
  std::string reason;         // why there is no finite fit, when fitted is false
  int reference = 0;          // theta[reference] = 0 by definition, se 0
  std::vector<double> theta;  // log-strength per player
  std::vector<double> se;     // standard error of theta - theta[reference]
  double log_likelihood = 0;
  int iterations = 0;
};

// Bradley-Terry: P(a beats b) = 1 / (1 + exp(theta_b - theta_a)); a draw counts half a win to
// each (the usual binomial treatment). The maximum exists when the players form one strongly
// connected "scored against" graph (L. R. Ford, Amer. Math. Monthly 64, 28-33, 1957); otherwise
// fitted is false and `reason` names a player who never scored or never conceded.
RatingFit fit_bradley_terry(int players, const std::vector<PairResult>& results, int reference = 0);

// One placing: groups of players, best first; players in one group tied. A player may appear
// more than once (one agent in several seats). The last group (the rest) adds nothing.
struct Placing {
  std::vector<std::vector<int>> groups;
};

// Plackett-Luce: each group in turn is chosen from the players still unplaced, a player with
// probability gamma / (sum of gamma still unplaced); a tied group of d players is the product
// of d such choices from the same set (Breslow's approximation for ties, N. Breslow,
// Biometrics 30, 89-99, 1974). Fitted by the MM algorithm of D. R. Hunter, "MM algorithms
// for generalized Bradley-Terry models", Ann. Statist. 32, 384-406, 2004 (section 5);
// standard errors from the Hessian of the log-likelihood at the fit.
RatingFit fit_plackett_luce(int players, const std::vector<Placing>& placings, int reference = 0);

}  // namespace qilab::experiments

#include "experiments/ratings.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/Dense>

#include "engine/core/error.h"

namespace qilab::experiments {

namespace {

// Standard errors of theta - theta[ref] from the information matrix (minus the Hessian) over
// all players: the reference's row and column are dropped, the rest inverted.
std::vector<double> standard_errors(const Eigen::MatrixXd& information, int ref) {
  const int n = static_cast<int>(information.rows());
  std::vector<double> se(static_cast<std::size_t>(n), 0.0);
  if (n < 2) return se;
  Eigen::MatrixXd reduced(n - 1, n - 1);
  for (int i = 0, ri = 0; i < n; ++i) {
    if (i == ref) continue;
    for (int j = 0, rj = 0; j < n; ++j) {
      if (j == ref) continue;
      reduced(ri, rj++) = information(i, j);
    }
    ++ri;
  }
  const Eigen::FullPivLU<Eigen::MatrixXd> lu(reduced);
  if (lu.rank() < n - 1) {  // some strengths are not pinned down by the games: no standard error
    for (int i = 0; i < n; ++i)
      if (i != ref) se[static_cast<std::size_t>(i)] = std::numeric_limits<double>::quiet_NaN();
    return se;
  }
  const Eigen::MatrixXd cov = lu.inverse();
  for (int i = 0, ri = 0; i < n; ++i) {
    if (i == ref) continue;
    se[static_cast<std::size_t>(i)] = std::sqrt(std::max(0.0, cov(ri, ri)));
    ++ri;
  }
  return se;
}

// Whether every player reaches every other along "scored against" edges.
std::string strongly_connected(int n, const std::vector<std::vector<bool>>& edge) {
  auto reach = [&](int from, bool forward) {
    std::vector<bool> seen(static_cast<std::size_t>(n));
    std::vector<int> stack{from};
    seen[static_cast<std::size_t>(from)] = true;
    while (!stack.empty()) {
      const int i = stack.back();
      stack.pop_back();
      for (int j = 0; j < n; ++j) {
        const bool e = forward ? edge[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]
                               : edge[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)];
        if (e && !seen[static_cast<std::size_t>(j)]) {
          seen[static_cast<std::size_t>(j)] = true;
          stack.push_back(j);
        }
      }
    }
    return seen;
  };
  const auto out = reach(0, true), in = reach(0, false);
  for (int i = 0; i < n; ++i) {
    if (!out[static_cast<std::size_t>(i)])
      return "player " + std::to_string(i) +
             " never lost or drew against player 0, nor against anyone player 0 scored against";
    if (!in[static_cast<std::size_t>(i)])
      return "player " + std::to_string(i) +
             " never won or drew against player 0, nor against anyone who scored against player 0";
  }
  return {};
}

void check_players(int players, int reference) {
  if (players < 1) throw Error("ratings: expected at least 1 player, got " + std::to_string(players));
  if (reference < 0 || reference >= players)
    throw Error("ratings: reference player " + std::to_string(reference) + " is not one of the " +
                std::to_string(players));
}

}  // namespace

RatingFit fit_bradley_terry(int n, const std::vector<PairResult>& results, int reference) {
  check_players(n, reference);
  RatingFit fit;
  fit.reference = reference;
  fit.theta.assign(static_cast<std::size_t>(n), 0.0);
  fit.se.assign(static_cast<std::size_t>(n), 0.0);
  // Sufficient statistics: games and score per ordered pair.
  Eigen::MatrixXd games = Eigen::MatrixXd::Zero(n, n), score = Eigen::MatrixXd::Zero(n, n);
  std::vector<std::vector<bool>> scored(static_cast<std::size_t>(n),
                                        std::vector<bool>(static_cast<std::size_t>(n)));
  for (const auto& r : results) {
    if (r.a < 0 || r.a >= n || r.b < 0 || r.b >= n || r.a == r.b || !(r.score_a >= 0 && r.score_a <= 1))
      throw Error("ratings: a two-sided result needs two different players of " + std::to_string(n) +
                  " and a score 0 to 1");
    games(r.a, r.b) += 1;
    games(r.b, r.a) += 1;
    score(r.a, r.b) += r.score_a;
    score(r.b, r.a) += 1 - r.score_a;
    if (r.score_a > 0) scored[static_cast<std::size_t>(r.a)][static_cast<std::size_t>(r.b)] = true;
    if (r.score_a < 1) scored[static_cast<std::size_t>(r.b)][static_cast<std::size_t>(r.a)] = true;
  }
  if (n == 1) {
    fit.fitted = true;
    return fit;
  }
  if (std::string why = strongly_connected(n, scored); !why.empty()) {
    fit.reason = "no finite maximum-likelihood fit: " + why;
    return fit;
  }
  Eigen::VectorXd theta = Eigen::VectorXd::Zero(n);
  auto log_likelihood = [&](const Eigen::VectorXd& t) {
    double ll = 0;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (score(i, j) > 0) ll -= score(i, j) * std::log1p(std::exp(t(j) - t(i)));
    return ll;
  };
  Eigen::MatrixXd information(n, n);
  double ll = log_likelihood(theta);
  for (fit.iterations = 1; fit.iterations <= 200; ++fit.iterations) {
    Eigen::VectorXd gradient = Eigen::VectorXd::Zero(n);
    information.setZero();
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        if (i == j || games(i, j) == 0) continue;
        const double p = 1 / (1 + std::exp(theta(j) - theta(i)));
        gradient(i) += score(i, j) - games(i, j) * p;
        const double w = games(i, j) * p * (1 - p);
        information(i, i) += w;
        information(i, j) -= w;
      }
    // Newton step on every theta but the reference's.
    Eigen::VectorXd g(n - 1);
    Eigen::MatrixXd h(n - 1, n - 1);
    for (int i = 0, ri = 0; i < n; ++i) {
      if (i == reference) continue;
      g(ri) = gradient(i);
      for (int j = 0, rj = 0; j < n; ++j) {
        if (j == reference) continue;
        h(ri, rj++) = information(i, j);
      }
      ++ri;
    }
    const Eigen::VectorXd step = h.ldlt().solve(g);
    Eigen::VectorXd next = theta;
    for (int i = 0, ri = 0; i < n; ++i)
      if (i != reference) next(i) += step(ri++);
    double next_ll = log_likelihood(next);
    for (int halve = 0; halve < 30 && next_ll < ll; ++halve) {  // damped when a full step overshoots
      next = (theta + next) / 2;
      next_ll = log_likelihood(next);
    }
    const double moved = (next - theta).cwiseAbs().maxCoeff();
    theta = next;
    ll = next_ll;
    if (moved < 1e-12) break;
  }
  // The information at the fit.
  information.setZero();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (i == j || games(i, j) == 0) continue;
      const double p = 1 / (1 + std::exp(theta(j) - theta(i)));
      const double w = games(i, j) * p * (1 - p);
      information(i, i) += w;
      information(i, j) -= w;
    }
  for (int i = 0; i < n; ++i) fit.theta[static_cast<std::size_t>(i)] = theta(i);
  fit.se = standard_errors(information, reference);
  fit.log_likelihood = ll;
  fit.fitted = true;
  return fit;
}

RatingFit fit_plackett_luce(int n, const std::vector<Placing>& placings, int reference) {
  check_players(n, reference);
  RatingFit fit;
  fit.reference = reference;
  fit.theta.assign(static_cast<std::size_t>(n), 0.0);
  fit.se.assign(static_cast<std::size_t>(n), 0.0);
  // A stage: the group chosen (its players) and the players still unplaced (with multiplicity).
  struct Stage {
    std::vector<int> chosen;
    std::vector<double> count;  // multiplicity per player in the unplaced set
  };
  std::vector<Stage> stages;
  std::vector<double> wins(static_cast<std::size_t>(n)), losses(static_cast<std::size_t>(n));
  for (const auto& pl : placings) {
    std::vector<double> left(static_cast<std::size_t>(n));
    for (const auto& g : pl.groups)
      for (int p : g) {
        if (p < 0 || p >= n)
          throw Error("ratings: a placing names player " + std::to_string(p) + " of " + std::to_string(n));
        ++left[static_cast<std::size_t>(p)];
      }
    for (std::size_t k = 0; k + 1 < pl.groups.size(); ++k) {
      const auto& g = pl.groups[k];
      if (g.empty()) continue;
      stages.push_back({g, left});
      for (int p : g) ++wins[static_cast<std::size_t>(p)];
      std::vector<double> chosen(static_cast<std::size_t>(n));
      for (int p : g) ++chosen[static_cast<std::size_t>(p)];
      for (int p = 0; p < n; ++p) {
        // Chosen d times out of the set: every other unplaced player "lost" this stage.
        if (left[static_cast<std::size_t>(p)] > chosen[static_cast<std::size_t>(p)])
          ++losses[static_cast<std::size_t>(p)];
        left[static_cast<std::size_t>(p)] -= chosen[static_cast<std::size_t>(p)];
      }
    }
  }
  for (int p = 0; p < n; ++p) {
    if (wins[static_cast<std::size_t>(p)] == 0) {
      fit.reason = "no finite maximum-likelihood fit: player " + std::to_string(p) +
                   " is never placed ahead of anyone";
      return fit;
    }
    if (losses[static_cast<std::size_t>(p)] == 0 && n > 1) {
      fit.reason =
          "no finite maximum-likelihood fit: player " + std::to_string(p) + " is never placed behind anyone";
      return fit;
    }
  }
  std::vector<double> gamma(static_cast<std::size_t>(n), 1.0);
  auto log_likelihood = [&](const std::vector<double>& gm) {
    double ll = 0;
    for (const auto& s : stages) {
      double sum = 0;
      for (int p = 0; p < n; ++p)
        sum += s.count[static_cast<std::size_t>(p)] * gm[static_cast<std::size_t>(p)];
      for (int p : s.chosen) ll += std::log(gm[static_cast<std::size_t>(p)]);
      ll -= static_cast<double>(s.chosen.size()) * std::log(sum);
    }
    return ll;
  };
  bool converged = false;
  for (fit.iterations = 1; fit.iterations <= 100000; ++fit.iterations) {
    // MM: gamma_p <- wins_p / sum over stages of |chosen| * count_p / (sum of gamma unplaced).
    std::vector<double> denom(static_cast<std::size_t>(n));
    for (const auto& s : stages) {
      double sum = 0;
      for (int p = 0; p < n; ++p)
        sum += s.count[static_cast<std::size_t>(p)] * gamma[static_cast<std::size_t>(p)];
      const double d = static_cast<double>(s.chosen.size()) / sum;
      for (int p = 0; p < n; ++p)
        denom[static_cast<std::size_t>(p)] += d * s.count[static_cast<std::size_t>(p)];
    }
    std::vector<double> next(static_cast<std::size_t>(n));
    for (int p = 0; p < n; ++p)
      next[static_cast<std::size_t>(p)] =
          wins[static_cast<std::size_t>(p)] / denom[static_cast<std::size_t>(p)];
    const double scale = next[static_cast<std::size_t>(reference)];
    double moved = 0;
    for (int p = 0; p < n; ++p) {
      next[static_cast<std::size_t>(p)] /= scale;
      moved = std::max(
          moved, std::abs(std::log(next[static_cast<std::size_t>(p)] / gamma[static_cast<std::size_t>(p)])));
    }
    gamma = next;
    if (moved < 1e-11) {
      converged = true;
      break;
    }
  }
  if (!converged) {
    fit.reason =
        "the MM iterations did not converge in 100000 steps (strengths drifting apart: no finite fit)";
    return fit;
  }
  // Information matrix: each stage adds |chosen| (diag(q) - q q^T), q_p = count_p gamma_p / sum.
  Eigen::MatrixXd information = Eigen::MatrixXd::Zero(n, n);
  for (const auto& s : stages) {
    double sum = 0;
    for (int p = 0; p < n; ++p)
      sum += s.count[static_cast<std::size_t>(p)] * gamma[static_cast<std::size_t>(p)];
    Eigen::VectorXd q(n);
    for (int p = 0; p < n; ++p)
      q(p) = s.count[static_cast<std::size_t>(p)] * gamma[static_cast<std::size_t>(p)] / sum;
    information +=
        static_cast<double>(s.chosen.size()) * (Eigen::MatrixXd(q.asDiagonal()) - q * q.transpose());
  }
  for (int p = 0; p < n; ++p)
    fit.theta[static_cast<std::size_t>(p)] = std::log(gamma[static_cast<std::size_t>(p)]);
  fit.se = standard_errors(information, reference);
  fit.log_likelihood = log_likelihood(gamma);
  fit.fitted = true;
  return fit;
}

}  // namespace qilab::experiments

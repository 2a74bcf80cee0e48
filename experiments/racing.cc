#include "experiments/racing.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include <boost/math/distributions/normal.hpp>

#include "engine/core/error.h"

namespace qilab::experiments {

std::int64_t racing_looks(const RacingRule& rule) {
  return std::max<std::int64_t>(1, (rule.budget + 2 * rule.round - 1) / (2 * rule.round));
}

double racing_z(const RacingRule& rule, int arms) {
  const double delta = 1 - rule.confidence;
  const double tail = delta / (2.0 * arms * static_cast<double>(racing_looks(rule)));
  return boost::math::quantile(boost::math::complement(boost::math::normal(), tail));
}

double normal_upper_tail(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }

Race::Race(int arms, const RacingRule& rule) : rule_(rule) {
  if (arms < 1) throw Error("racing: no arms");
  if (!(rule.confidence > 0 && rule.confidence < 1))
    throw Error("racing: confidence " + std::to_string(rule.confidence) + ", expected a number in (0, 1)");
  if (rule.round < 1) throw Error("racing: a round of " + std::to_string(rule.round) + " games");
  if (rule.budget < rule.round * arms)
    throw Error("racing: a budget of " + std::to_string(rule.budget) + " games is less than one round of " +
                std::to_string(arms) + " arms x " + std::to_string(rule.round) + " games");
  arms_.resize(static_cast<std::size_t>(arms));
  z_ = racing_z(rule, arms);
}

std::vector<int> Race::survivors() const {
  std::vector<int> out;
  for (std::size_t a = 0; a < arms_.size(); ++a)
    if (arms_[a].eliminated_round < 0) out.push_back(static_cast<int>(a));
  return out;
}

bool Race::finished() const {
  const auto alive = static_cast<std::int64_t>(survivors().size());
  if (alive <= 1 && rounds_ > 0) return true;
  const std::int64_t players = rule_.adaptive ? alive : static_cast<std::int64_t>(arms_.size());
  return used_ + players * rule_.round > rule_.budget;
}

std::vector<int> Race::next_round() const {
  if (finished()) return {};
  if (rule_.adaptive) return survivors();
  std::vector<int> all(arms_.size());
  std::iota(all.begin(), all.end(), 0);
  return all;
}

Interval Race::bound(int arm) const {
  const ArmCount& c = arms_[static_cast<std::size_t>(arm)].count;
  return wilson_interval(c.wins, c.games, z_);
}

void Race::finish_round(const std::vector<ArmCount>& added) {
  if (finished()) throw std::logic_error("racing: a round after the race is over");
  if (added.size() != arms_.size()) throw std::logic_error("racing: a round's results for the wrong arms");
  const auto playing = next_round();
  for (std::size_t a = 0; a < arms_.size(); ++a) {
    const bool plays = std::find(playing.begin(), playing.end(), static_cast<int>(a)) != playing.end();
    if (!plays && (added[a].games != 0 || added[a].wins != 0))
      throw std::logic_error("racing: results for an arm that did not play");
    if (added[a].wins < 0 || added[a].wins > added[a].games)
      throw std::logic_error("racing: more wins than games");
    arms_[a].count.wins += added[a].wins;
    arms_[a].count.games += added[a].games;
    used_ += added[a].games;
  }
  ++rounds_;
  // Adaptive: the survivors are compared, and the eliminated stay out. Uniform: every arm is
  // compared afresh on the current data (nothing stays out), and the first time one is left
  // the race ends.
  std::vector<int> field = rule_.adaptive ? survivors() : next_round();
  if (!rule_.adaptive)
    for (auto& arm : arms_) arm.eliminated_round = -1;
  double best_lower = 0;
  for (int a : field) best_lower = std::max(best_lower, bound(a).lo);
  for (int a : field)
    if (bound(a).hi < best_lower) arms_[static_cast<std::size_t>(a)].eliminated_round = rounds_;
}

int Race::best() const {
  int best = -1;
  double rate = -1;
  for (int a : survivors()) {
    const ArmCount& c = arms_[static_cast<std::size_t>(a)].count;
    const double r = c.games > 0 ? static_cast<double>(c.wins) / static_cast<double>(c.games) : 0;
    if (r > rate) {
      rate = r;
      best = a;
    }
  }
  return best;
}

std::vector<Comparison> compare_to_best(const std::vector<ArmCount>& arms, int best, double confidence) {
  std::vector<Comparison> out;
  const ArmCount& b = arms.at(static_cast<std::size_t>(best));
  for (std::size_t a = 0; a < arms.size(); ++a) {
    if (static_cast<int>(a) == best) continue;
    const ArmCount& o = arms[a];
    Comparison c;
    c.arm = static_cast<int>(a);
    if (b.games > 0 && o.games > 0) {
      const double nb = static_cast<double>(b.games), no = static_cast<double>(o.games);
      const double pb = static_cast<double>(b.wins) / nb, po = static_cast<double>(o.wins) / no;
      const double pool = static_cast<double>(b.wins + o.wins) / (nb + no);
      const double se = std::sqrt(pool * (1 - pool) * (1 / nb + 1 / no));
      c.p = se > 0 ? normal_upper_tail((pb - po) / se) : (pb > po ? 0.0 : 1.0);
    }
    out.push_back(c);
  }
  // Holm: the i-th smallest p (from 0) times (m - i), made monotone, capped at 1.
  std::vector<std::size_t> order(out.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return out[x].p < out[y].p; });
  double running = 0;
  const double m = static_cast<double>(out.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    running = std::max(running, std::min(1.0, out[order[i]].p * (m - static_cast<double>(i))));
    out[order[i]].p_holm = running;
    out[order[i]].significant = running < 1 - confidence;
  }
  return out;
}

}  // namespace qilab::experiments

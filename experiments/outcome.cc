#include "experiments/outcome.h"

#include <algorithm>

namespace qilab::experiments {

std::vector<Outcome> seat_outcomes(std::span<const double> returns, std::span<const int> teams) {
  const std::size_t n = returns.size();
  std::vector<Outcome> out(n, Outcome::kDraw);
  if (n == 0) return out;
  auto team = [&](std::size_t s) { return s < teams.size() ? teams[s] : static_cast<int>(s); };
  const double top = *std::max_element(returns.begin(), returns.end());
  const double bottom = *std::min_element(returns.begin(), returns.end());
  int top_team = 0;
  bool seen = false, one_team = true;
  for (std::size_t s = 0; s < n; ++s) {
    if (returns[s] < top) continue;
    if (!seen) top_team = team(s);
    seen = true;
    one_team = one_team && team(s) == top_team;
  }
  const Outcome at_top = one_team && top > bottom ? Outcome::kWin : Outcome::kDraw;
  for (std::size_t s = 0; s < n; ++s) out[s] = returns[s] < top ? Outcome::kLoss : at_top;
  return out;
}

std::string_view outcome_name(Outcome o) {
  switch (o) {
    case Outcome::kWin:
      return "win";
    case Outcome::kDraw:
      return "draw";
    default:
      return "loss";
  }
}

}  // namespace qilab::experiments

#include "experiments/referee.h"

#include <fmt/format.h>

namespace qilab::experiments {

std::vector<double> forfeit_returns(int seats, std::span<const int> teams, Player seat) {
  auto team = [&](int s) {
    return s < static_cast<int>(teams.size()) ? teams[static_cast<std::size_t>(s)] : s;
  };
  std::vector<double> v(static_cast<std::size_t>(seats), 1.0);
  for (int s = 0; s < seats; ++s)
    if (team(s) == team(seat)) v[static_cast<std::size_t>(s)] = -1.0;
  return v;
}

std::string timeout_message(double ms, const Referee& referee, int strikes) {
  return fmt::format("took {:.1f} ms, over the limit of {} ms ({} of {})", ms, referee.move_time_limit_ms,
                     strikes, referee.max_timeouts);
}

}  // namespace qilab::experiments

#pragma once
// What a game's returns mean for each seat: win, draw or loss.
#include <span>
#include <string_view>
#include <vector>

namespace qilab::experiments {

enum class Outcome { kWin, kDraw, kLoss };

// The seats holding the maximum return win when they are all on one team and that maximum is
// above the minimum; seats sharing the maximum across teams draw (so a game whose returns are
// all equal is a draw for every seat); every seat below the maximum loses. With one seat per
// team (no `teams`, or teams[s] == s) this is: a seat wins when its return is the unique
// maximum. Allies share their team's return, which is why "unique" is counted in teams.
// Comparisons are exact: returns are small integers in our games, and a tolerance would make
// "unique" depend on its size.
std::vector<Outcome> seat_outcomes(std::span<const double> returns, std::span<const int> teams = {});

std::string_view outcome_name(Outcome o);

}  // namespace qilab::experiments

#pragma once
// Which agent sits in which seat, game by game, in a `play` run (a tournament's line-ups are
// seated by tournament.h's side rotation).
//
// The agents of a run are a list (as given on the command line). In game i, seat s is played
// by agents[(s + i) mod n_agents]. With one agent per seat this rotates the line-up by one seat
// each game, so over a multiple of n games every agent has sat in every seat equally often and
// seat advantages cancel out of agent comparisons. A shorter list fills the seats cyclically
// (one agent → every seat). A longer one slides a window over it, and every other round of n
// games mirrors the seats (seat s plays agents[(seats - 1 - s + i) mod n]): without the mirror,
// two agents that meet (a and b of a, b, c on two seats) would always meet in the same order;
// with it, over 2n games every agent sits in every seat equally often and every pairing meets
// in both orders.
#include <cstdint>
#include <string>
#include <vector>

namespace qilab::experiments {

std::vector<std::string> seat_agents(const std::vector<std::string>& agents, int seats,
                                     std::int64_t game_index);

}  // namespace qilab::experiments

#pragma once
// Which agent sits in which seat, game by game, in a `play` run (a tournament's line-ups are
// seated by tournament.h's side rotation; play_seats below keeps teams together the same way).
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

// The agent of each seat in game i of a `play` run, whose seats form `teams` (the team of each
// seat). Where a team holds several seats (junqi, guifa 2v2, elements, mizong 3v3 and 2v2v2)
// the rotation above turns over the sides, in the order their first seats come, instead of the
// seats, and every seat of a side is held by the side's agent: teams stay together, and over a
// multiple of n games (2n with more agents than sides) every agent holds every side, and so
// every seat, equally often. Where every team is one seat this is seat_agents over the seats.
std::vector<std::string> play_seats(const std::vector<std::string>& agents, const std::vector<int>& teams,
                                    std::int64_t game_index);

// Whether games 0..games-1 of a `play` run seat every agent in every seat equally often (each
// agent, by name, the same number of games in every seat). Whole rounds of 2n games always do;
// other counts may not (7 games of two agents on two seats: one holds seat 0 four times).
bool play_seats_even(const std::vector<std::string>& agents, const std::vector<int>& teams,
                     std::int64_t games);

// The fewest games (at least 1) that seat every agent in every seat equally often; every
// multiple of it does too.
std::int64_t play_seats_round(const std::vector<std::string>& agents, const std::vector<int>& teams);

}  // namespace qilab::experiments

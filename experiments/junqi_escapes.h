#pragma once
// The seed's escape penalties (逃跑计分方法) on the junqi ladder, for a recorded game. The
// referee's forfeits (an agent that threw, or ran over the time limit too often; its events)
// are the escapes. The seed compares "the situation at the escape" (比较逃跑时的局势), so each
// escape is charged with the seats alive just before it, found by replaying the record up to it.
// Project ruling (docs/rules/junqi.md, "Rating"): a game with an escape is scored on the ladder
// by its escapes alone, summed (engine/junqi/ladder.h, escape_points: the escapee bears its
// side's loss, its allies score 0, the other side shares the penalty); the play after an escape
// decides the game's returns, and with them the other ratings and the tables, not the ladder.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/record.h"

namespace qilab::experiments {

// Whether the record holds an escape: an event that forfeited a seat.
bool has_escape(const GameRecord& r);

// The ladder points of each seat for a junqi6 or junqi4 record with escapes, at `stake` (the
// base of the table's lowest level). Throws Error naming `at` where the record does not replay
// (an action not legal where it stands, a forfeit of a seat out of range).
std::vector<std::int64_t> escape_ladder_points(const GameRecord& r, std::int64_t stake,
                                               const std::string& at);

}  // namespace qilab::experiments

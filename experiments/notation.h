#pragma once
// The notation of records kept with actions only (a tournament store keeps no notation: its
// exports write it). Each record is replayed through its game, built from the options it was
// played with, the forfeits of its events applied where they fall.
#include <functional>
#include <vector>

#include "engine/core/record.h"

namespace qilab::experiments {

// What fills records' notation: write_notation for the registered games; tests of games outside
// the registry pass their own.
using NotationWriter = std::function<void(std::vector<GameRecord>&)>;

// Fills the notation of every record that has none, each replayed through its registered game
// (built once per distinct options); records that have notation are left as they are.
void write_notation(std::vector<GameRecord>& records);

}  // namespace qilab::experiments

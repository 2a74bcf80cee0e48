#pragma once
// Inside shards: one rank's play of a list of games (play_in_batches).
#include "experiments/shards.h"

namespace qilab::experiments::shards {

void play_here(const std::vector<std::int64_t>& games, int threads, int batch, const PlayFn& play,
               const WriteFn& write);
void play_bytes_here(const std::vector<std::int64_t>& games, int threads, int batch, const PlayBytesFn& play,
                     const WriteBytesFn& write);

}  // namespace qilab::experiments::shards

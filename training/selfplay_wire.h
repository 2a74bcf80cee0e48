#pragma once
// Self-play between the ranks of an MPI run (training/selfplay_ranks.h) as bytes: one game's
// output (its counts, its record as experiments/record_wire.h writes it, its samples as a
// shard, training/shard.h), and the notice rank 0 sends before each iteration's games. Like
// record_wire.h, private to one run of one program: never stored.
#include <cstdint>
#include <string>

#include "training/sample.h"
#include "training/selfplay.h"

namespace qilab::training {

std::string game_bytes(const detail::GameOutput& game, const SampleShape& shape);
// std::runtime_error naming the field on bytes cut short, garbled, or of another shape (a
// damaged message: an internal failure, not bad input).
detail::GameOutput game_from_bytes(const std::string& bytes, const SampleShape& shape);

// What the ranks need to play an iteration's games: its number (0-based: the settings,
// selfplay_config_of), its seed, and the network to play with when it changed.
struct IterationNotice {
  std::int64_t iteration = 0;
  std::uint64_t seed = 0;
  std::string network;  // neural::Network::to_bytes(), or empty: the one of the last notice
  bool operator==(const IterationNotice&) const = default;
};

std::string notice_bytes(const IterationNotice& notice);
IterationNotice notice_from_bytes(const std::string& bytes);  // std::runtime_error as above

}  // namespace qilab::training

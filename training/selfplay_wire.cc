// training/selfplay_wire.h: a self-play game and an iteration's notice as bytes.
#include "training/selfplay_wire.h"

#include <stdexcept>

#include "engine/core/error.h"
#include "experiments/record_wire.h"
#include "training/shard.h"

namespace qilab::training {
namespace {

namespace wire = experiments::wire;

constexpr std::int64_t kResigned = 1, kChecked = 2, kFalsePositive = 4;

std::int64_t count_of(wire::Reader& in, const char* field) {
  const std::int64_t v = in.get_int();
  if (v < 0)
    throw std::runtime_error(std::string("MPI message: self-play game field '") + field + "' is negative");
  return v;
}

}  // namespace

std::string game_bytes(const detail::GameOutput& game, const SampleShape& shape) {
  std::string out;
  wire::put_int(out, game.moves);
  wire::put_int(out, game.searches);
  wire::put_int(out, (game.resigned ? kResigned : 0) | (game.checked ? kChecked : 0) |
                         (game.false_positive ? kFalsePositive : 0));
  wire::put_record(out, game.record);
  wire::put_text(out, shard_bytes(shape, game.samples));
  return out;
}

detail::GameOutput game_from_bytes(const std::string& bytes, const SampleShape& shape) {
  wire::Reader in(bytes);
  detail::GameOutput g;
  g.moves = count_of(in, "moves");
  g.searches = count_of(in, "searches");
  const std::int64_t flags = in.get_int();
  if (flags < 0 || flags > (kResigned | kChecked | kFalsePositive))
    throw std::runtime_error("MPI message: self-play game field 'flags' holds " + std::to_string(flags));
  g.resigned = (flags & kResigned) != 0;
  g.checked = (flags & kChecked) != 0;
  g.false_positive = (flags & kFalsePositive) != 0;
  g.record = in.get_record();
  const std::string samples = in.get_text();
  try {
    g.samples =
        samples_from_bytes(samples, shape, "MPI message: self-play game " + std::to_string(g.record.index));
  } catch (const Error& e) {
    throw std::runtime_error(e.what());  // a damaged message, not the user's input
  }
  if (!in.done()) throw std::runtime_error("MPI message: bytes after a self-play game");
  return g;
}

std::string notice_bytes(const IterationNotice& notice) {
  std::string out;
  wire::put_int(out, notice.iteration);
  wire::put_int(out, static_cast<std::int64_t>(notice.seed));
  wire::put_text(out, notice.network);
  return out;
}

IterationNotice notice_from_bytes(const std::string& bytes) {
  wire::Reader in(bytes);
  IterationNotice n;
  n.iteration = count_of(in, "iteration");
  n.seed = static_cast<std::uint64_t>(in.get_int());
  n.network = in.get_text();
  if (!in.done()) throw std::runtime_error("MPI message: bytes after an iteration's notice");
  return n;
}

}  // namespace qilab::training

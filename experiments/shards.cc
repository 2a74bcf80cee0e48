// What both builds of shards.h share: the exit code of a failure, and one rank's play.
#include <nlohmann/json.hpp>

#include "engine/core/error.h"
#include "experiments/batched_play.h"
#include "experiments/shards.h"
#include "experiments/shards_local.h"

namespace qilab::experiments::shards {

int exit_code_of(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const Quiet& q) {
    return q.code;
  } catch (const Error&) {
    return 2;
  } catch (const nlohmann::json::exception&) {
    return 2;
  } catch (...) {
    return 1;
  }
}

void play_here(const std::vector<std::int64_t>& games, int threads, int batch, const PlayFn& play,
               const WriteFn& write) {
  play_in_batches(
      static_cast<std::int64_t>(games.size()), threads, batch,
      [&](std::int64_t k) { return play(games[static_cast<std::size_t>(k)]); }, write);
}

void play_bytes_here(const std::vector<std::int64_t>& games, int threads, int batch, const PlayBytesFn& play,
                     const WriteBytesFn& write) {
  play_in_batches(
      static_cast<std::int64_t>(games.size()), threads, batch,
      [&](std::int64_t k) {
        const std::int64_t g = games[static_cast<std::size_t>(k)];
        return Payload{g, play(g)};
      },
      [&](std::vector<Payload>& batch_out) { write(batch_out); });
}

}  // namespace qilab::experiments::shards

// shards.h for a build without MPI: always rank 0 of 1.
#include <stdexcept>

#include "experiments/shards.h"
#include "experiments/shards_local.h"

namespace qilab::experiments::shards {

Session::Session(int*, char***) {}
Session::~Session() = default;
int rank() { return 0; }
int size() { return 1; }
bool built_with_mpi() { return false; }
void ready() {}

int settle(int code, std::string&, bool* print) {
  *print = true;
  return code;
}

void play(const std::vector<std::int64_t>& games, int threads, int batch, const PlayFn& play,
          const WriteFn& write) {
  play_here(games, threads, batch, play, write);
}

void play_bytes(const std::vector<std::int64_t>& games, int threads, int batch, const PlayBytesFn& play,
                const WriteBytesFn& write) {
  play_bytes_here(games, threads, batch, play, write);
}

void broadcast(const std::string&) {}

std::vector<std::int64_t> games_by_rank() { return {}; }

void serve(int, int, const PlayFn&) {
  throw std::logic_error("shards::serve: a run of one rank has no workers");
}
void serve_bytes(int, int, const PlayBytesFn&, const BroadcastFn&) {
  throw std::logic_error("shards::serve_bytes: a run of one rank has no workers");
}
void finish(int) {}

}  // namespace qilab::experiments::shards

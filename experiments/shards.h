#pragma once
// Runs past one machine: the ranks of an MPI job (mpirun -np K qilab tournament|openings ...)
// share one run's games. Rank 0 owns the store: it opens it, decides which games remain,
// hands out game indices a chunk at a time to the ranks that ask (and plays some itself), takes
// back their records and writes them a batch at a time; the other ranks never touch the output
// directory. Game g draws its randomness from the run's seed and g alone, so the store holds
// the same games whichever rank played them (docs/scale.md).
//
// This is the only door to MPI: shards_mpi.cc, built when QILAB_WITH_MPI, is the one file that
// includes <mpi.h>; shards_single.cc is the same interface for one rank. MPI is started only
// when an MPI launcher started the program (its environment says so): a plain run is rank 0 of
// 1 and plays exactly as before (play_in_batches, batched_play.h).
//
// A sharded command runs on every rank: each reads the config and checks it, then calls
// ready(); rank 0 then opens the store and calls ready() again, as the others do. A rank that
// fails before the games begin calls settle() instead (main does, for every error), so that one
// failure anywhere ends every rank with its exit code, rank 0 alone prints it, and nothing is
// written when any rank meets bad input in the config.
#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "engine/core/record.h"

namespace qilab::experiments::shards {

// MPI_Init_thread (MPI_THREAD_FUNNELED: only the main thread calls MPI) when an MPI launcher
// started the program; MPI_Finalize when it ends.
class Session {
 public:
  Session(int* argc, char*** argv);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
};

int rank();
int size();
inline bool root() { return rank() == 0; }
// Whether this program was built with MPI.
bool built_with_mpi();

// A worker rank's end when rank 0 failed: main exits with `code` and prints nothing.
struct Quiet : std::exception {
  explicit Quiet(int c) : code(c) {}
  const char* what() const noexcept override { return "a rank ends with rank 0's failure"; }
  int code;
};

// Collective, before the games: every rank's setup so far went well. When some rank failed
// (settle() there), rank 0 throws that failure (the lowest failing rank's: qilab::Error for bad
// input, else std::runtime_error) and every other rank throws Quiet.
void ready();

// A failure before the games begin takes part in the ready() that the other ranks wait in;
// returns the code and message the process ends with, the lowest failing rank's, and sets
// *print for rank 0 alone. Later (and for one rank) it returns `code`, and every rank prints
// its own failure, named by its rank.
int settle(int code, std::string& message, bool* print);

using PlayFn = std::function<GameRecord(std::int64_t)>;
using WriteFn = std::function<void(const std::vector<GameRecord>&)>;

// Rank 0: plays the games `games` (ascending indices) on its `threads` threads and on every
// other rank, handing `write` the records `batch` or more at a time from its main thread. As
// play_in_batches: after a failure no game is started, every game finished is written, and
// the failure of the lowest game index (or of a write) is rethrown.
void play(const std::vector<std::int64_t>& games, int threads, int batch, const PlayFn& play,
          const WriteFn& write);

// Games whose result is bytes of the command's own instead of a record (training's self-play:
// a game's samples, record and counts, training/selfplay_wire.h), shared the same way; rank 0
// can send every other rank bytes between two plays (training: the network to play with).
struct Payload {
  std::int64_t game = 0;  // the game's index
  std::string bytes;      // what playing it gave
};
using PlayBytesFn = std::function<std::string(std::int64_t)>;
using WriteBytesFn = std::function<void(std::vector<Payload>&)>;
using BroadcastFn = std::function<void(const std::string&)>;

// Rank 0: play() for games that give bytes; `write` gets them in the order they come back.
void play_bytes(const std::vector<std::int64_t>& games, int threads, int batch, const PlayBytesFn& play,
                const WriteBytesFn& write);

// Rank 0, outside play_bytes(): every serving rank hands `bytes` to its serve_bytes()'s
// `on_broadcast`, which runs before any game handed out later starts there. Nothing for one rank.
void broadcast(const std::string& bytes);

// Rank 0: the games each rank has played in this process's play() calls (empty for one rank).
std::vector<std::int64_t> games_by_rank();

// Every rank but 0: plays the games rank 0 hands out, on `threads` threads, sending their
// records back `batch` at a time (and whenever it has no game left), until rank 0 calls
// finish(); throws Quiet when rank 0 finished with a failure.
void serve(int threads, int batch, const PlayFn& play);

// Every rank but 0: serve() for games that give bytes; `on_broadcast` runs on the main thread
// while no game is in play here, for each broadcast() of rank 0, in order.
void serve_bytes(int threads, int batch, const PlayBytesFn& play, const BroadcastFn& on_broadcast);

// Rank 0: the run is over (code 0), or failed with exit code `code`: every serving rank
// returns. Once per run; nothing for one rank.
void finish(int code);

// 2 for bad input (qilab::Error, a JSON error), 1 for anything else.
int exit_code_of(const std::exception_ptr& e);

// Rank 0's part of a run after ready(): `body` (which calls play() and returns a value), then
// finish() with the exit code of how it ended.
template <class F>
auto lead(F&& body) -> decltype(body()) {
  try {
    auto result = body();
    finish(0);
    return result;
  } catch (...) {
    finish(exit_code_of(std::current_exception()));
    throw;
  }
}

}  // namespace qilab::experiments::shards

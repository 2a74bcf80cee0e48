// shards.h over MPI: the one file that includes <mpi.h>. Only the main thread calls MPI
// (MPI_THREAD_FUNNELED); the games are played on other threads. Every wait polls with a short
// sleep instead of blocking in MPI, whose implementations spin a core while they wait: on a
// node with as many threads playing as cores that time would be taken from the games.
//
// Messages (tags below) between rank 0 and each other rank r, bytes of record_wire.h:
//   r -> 0 kRequest: one more chunk of games, please (r asks again once it has one in reserve)
//   0 -> r kWork:    a chunk of game indices
//   r -> 0 kResult:  entries, one per game of a chunk: 0 and the game's result as text (a
//                    record, or a payload's index and bytes), or 1, the game, the exit code
//                    and the message of its failure
//   0 -> r kCast:    bytes of broadcast(), handed to serve_bytes()'s on_broadcast
//   0 -> r kStop:    the run is over, with rank 0's exit code; r answers kBye and returns
//   r -> 0 kSettle:  the message of a setup failure (ready(), settle())
// MPI keeps the order of messages from one rank to another, so a kCast sent before a kWork is
// taken before it.
#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <limits>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <type_traits>
#include <utility>

#include "engine/core/error.h"
#include "experiments/record_wire.h"
#include "experiments/shards.h"
#include "experiments/shards_local.h"

namespace qilab::experiments::shards {
namespace {

enum Tag : int { kRequest = 1, kWork = 2, kResult = 3, kStop = 4, kBye = 5, kSettle = 6, kCast = 7 };

struct World {
  bool active = false;  // MPI started
  int rank = 0, size = 1;
  bool setup_over = false;              // a failure was settled, or the games began: no more ready() rounds
  bool finished = false;                // rank 0: finish() done
  std::vector<int> credits;             // rank 0: chunks each rank asked for and was not sent
  std::vector<std::int64_t> in_flight;  // rank 0: games handed to each rank and not returned
  std::vector<std::int64_t> played;     // rank 0: games each rank has played (records taken)
};

World& world() {
  static World w;
  return w;
}

bool many() { return world().active && world().size > 1; }

bool launched_by_mpi() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMI_RANK", "PMIX_RANK", "MPI_LOCALNRANKS"})
    if (std::getenv(v) != nullptr) return true;
  return false;
}

// Sleeps 20 us, then twice as long each time up to 1 ms, until reset.
class Backoff {
 public:
  void reset() { us_ = 0; }
  void wait() {
    us_ = us_ == 0 ? 20 : std::min(us_ * 2, 1000);
    std::this_thread::sleep_for(std::chrono::microseconds(us_));
  }

 private:
  int us_ = 0;
};

void send(int dest, int tag, const std::string& bytes) {
  if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw std::runtime_error("MPI message of " + std::to_string(bytes.size()) + " bytes: too long");
  MPI_Request req{};
  MPI_Isend(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, dest, tag, MPI_COMM_WORLD, &req);
  Backoff b;
  for (int done = 0;;) {
    MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    if (done) return;
    b.wait();
  }
}

struct Message {
  int source = 0, tag = 0;
  std::string bytes;
};

std::optional<Message> poll(int source) {
  int flag = 0;
  MPI_Status st{};
  MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
  if (!flag) return std::nullopt;
  int n = 0;
  MPI_Get_count(&st, MPI_BYTE, &n);
  Message m{st.MPI_SOURCE, st.MPI_TAG, std::string(static_cast<std::size_t>(n), '\0')};
  MPI_Recv(m.bytes.data(), n, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return m;
}

Message wait_for(int source) {
  Backoff b;
  while (true) {
    if (auto m = poll(source)) return std::move(*m);
    b.wait();
  }
}

std::string int_message(std::int64_t v) {
  std::string s;
  wire::put_int(s, v);
  return s;
}

// Every rank's exit code so far (0: set up well); returns the lowest failing rank, or -1.
int lowest_failing(int code, int* its_code) {
  World& w = world();
  std::vector<int> codes(static_cast<std::size_t>(w.size));
  MPI_Request req{};
  MPI_Iallgather(&code, 1, MPI_INT, codes.data(), 1, MPI_INT, MPI_COMM_WORLD, &req);
  Backoff b;
  for (int done = 0;;) {
    MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    if (done) break;
    b.wait();
  }
  for (int r = 0; r < w.size; ++r)
    if (codes[static_cast<std::size_t>(r)] != 0) {
      *its_code = codes[static_cast<std::size_t>(r)];
      return r;
    }
  return -1;
}

[[noreturn]] void throw_failure(int code, const std::string& message) {
  if (code == 2) throw Error(message);
  throw std::runtime_error(message);
}

std::exception_ptr failure(int code, const std::string& message) {
  try {
    throw_failure(code, message);
  } catch (...) {
    return std::current_exception();
  }
}

std::string message_of(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& x) {
    return x.what();
  } catch (...) {
    return "unknown exception";
  }
}

// A game's result as the text of a kResult entry, and back.
std::string result_bytes(const GameRecord& r) {
  std::string out;
  wire::put_record(out, r);
  return out;
}
std::string result_bytes(const Payload& p) {
  std::string out;
  wire::put_int(out, p.game);
  return out + p.bytes;
}
template <class T>
T result_of(const std::string& bytes) {
  wire::Reader in(bytes);
  if constexpr (std::is_same_v<T, GameRecord>) {
    GameRecord r = in.get_record();
    if (!in.done()) throw std::runtime_error("MPI message: bytes after a game record");
    return r;
  } else {
    const std::int64_t g = in.get_int();
    return Payload{g, bytes.substr(sizeof g)};
  }
}

// Rank 0: the entries of a kResult message from `source`; results go to `out` (none kept for
// std::string), failures to `fail`.
template <class T, class Fail>
void take_results(const Message& m, std::vector<T>& out, Fail&& fail) {
  wire::Reader in(m.bytes);
  while (!in.done()) {
    if (in.get_int() == 0) {
      const std::string bytes = in.get_text();
      if constexpr (!std::is_same_v<T, std::string>) out.push_back(result_of<T>(bytes));
      ++world().played[static_cast<std::size_t>(m.source)];
    } else {
      const std::int64_t g = in.get_int();
      const auto code = static_cast<int>(in.get_int());
      fail(g, failure(code, in.get_text()));
    }
    --world().in_flight[static_cast<std::size_t>(m.source)];
  }
}

}  // namespace

Session::Session(int* argc, char*** argv) {
  if (!launched_by_mpi()) return;
  int provided = 0;
  MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
  World& w = world();
  w.active = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &w.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &w.size);
  w.credits.assign(static_cast<std::size_t>(w.size), 0);
  w.in_flight.assign(static_cast<std::size_t>(w.size), 0);
  w.played.assign(static_cast<std::size_t>(w.size), 0);
}

Session::~Session() {
  if (world().active) MPI_Finalize();
}

int rank() { return world().rank; }
int size() { return world().size; }
bool built_with_mpi() { return true; }

void ready() {
  World& w = world();
  if (!many() || w.setup_over) return;
  int code = 0;
  const int r = lowest_failing(0, &code);
  if (r < 0) return;
  w.setup_over = true;
  if (w.rank != 0) throw Quiet(code);
  const Message m = wait_for(r);
  throw_failure(code, m.bytes);
}

int settle(int code, std::string& message, bool* print) {
  World& w = world();
  if (!many()) {
    *print = true;
    return code;
  }
  if (w.setup_over) {  // a failure while playing: rank 0's own, or a rank's that rank 0 cannot know
    *print = true;
    if (w.rank != 0) message = "rank " + std::to_string(w.rank) + ": " + message;
    return code;
  }
  w.setup_over = true;
  int its_code = code;
  const int r = lowest_failing(code, &its_code);
  *print = w.rank == 0;
  if (w.rank == r && r != 0) send(0, kSettle, message);
  if (w.rank == 0 && r != 0) message = wait_for(r).bytes;
  return its_code;
}

namespace {

// play() and play_bytes() on many ranks: T is what a game gives (a record or a Payload).
template <class T, class Play, class Write>
void play_on_ranks(const std::vector<std::int64_t>& games, int threads, int batch, const Play& play,
                   const Write& write) {
  World& w = world();
  w.setup_over = true;
  std::mutex lock;  // everything below up to `running`
  std::size_t next = 0;
  std::vector<T> local;  // played here, not yet taken by the main thread
  std::int64_t error_game = std::numeric_limits<std::int64_t>::max();
  std::exception_ptr error;
  bool failed = false;
  auto fail = [&](std::int64_t g, std::exception_ptr e) {  // under `lock`
    if (!error || g < error_game) {
      error_game = g;
      error = std::move(e);
    }
    failed = true;
  };
  std::atomic<int> running{threads};
  auto player = [&] {
    while (true) {
      std::int64_t g = 0;
      {
        std::lock_guard l(lock);
        if (failed || next >= games.size()) break;
        g = games[next++];
      }
      try {
        T r = play(g);
        std::lock_guard l(lock);
        local.push_back(std::move(r));
      } catch (...) {
        std::lock_guard l(lock);
        fail(g, std::current_exception());
      }
    }
    running.fetch_sub(1, std::memory_order_release);
  };
  // Chunks shrink as the games run out (guided scheduling), so that the ranks finish together.
  const auto players = static_cast<std::size_t>(threads) * static_cast<std::size_t>(w.size);
  auto take_chunk = [&] {
    std::vector<std::int64_t> chunk;
    std::lock_guard l(lock);
    if (failed || next >= games.size()) return chunk;
    const std::size_t left = games.size() - next;
    const std::size_t n = std::clamp<std::size_t>(left / (4 * players), 1, static_cast<std::size_t>(batch));
    chunk.assign(games.begin() + static_cast<std::ptrdiff_t>(next),
                 games.begin() + static_cast<std::ptrdiff_t>(next + n));
    next += n;
    return chunk;
  };
  // The writer: batches are written on a thread of their own, so that the main thread keeps
  // answering the other ranks while the store commits (an fsync can take milliseconds).
  std::mutex write_lock;  // batches, writing, no_more_batches
  std::condition_variable have_batch;
  std::deque<std::vector<T>> batches;
  bool writing = false, no_more_batches = false;
  auto writer = [&] {
    std::unique_lock l(write_lock);
    while (true) {
      have_batch.wait(l, [&] { return no_more_batches || !batches.empty(); });
      if (batches.empty()) return;
      std::vector<T> records = std::move(batches.front());
      batches.pop_front();
      writing = true;
      l.unlock();
      try {
        write(records);
      } catch (...) {
        std::lock_guard g(lock);
        fail(std::numeric_limits<std::int64_t>::max(), std::current_exception());
      }
      l.lock();
      writing = false;
    }
  };
  {
    std::vector<std::jthread> team;
    struct StopTeam {  // on any way out: no more games start or batches come, and all are joined
      std::mutex& lock;
      bool& failed;
      std::mutex& write_lock;
      bool& no_more_batches;
      std::condition_variable& have_batch;
      ~StopTeam() {
        {
          std::lock_guard l(lock);
          failed = true;
        }
        {
          std::lock_guard l(write_lock);
          no_more_batches = true;
        }
        have_batch.notify_all();
      }
    };
    for (int t = 0; t < threads; ++t) team.emplace_back(player);
    team.emplace_back(writer);
    StopTeam stop{lock, failed, write_lock, no_more_batches, have_batch};
    std::vector<T> out;  // to hand to the writer
    Backoff b;
    while (true) {
      bool busy = false;
      while (auto m = poll(MPI_ANY_SOURCE)) {
        busy = true;
        if (m->tag == kRequest) {
          ++w.credits[static_cast<std::size_t>(m->source)];
        } else if (m->tag == kResult) {
          take_results(*m, out, [&](std::int64_t g, std::exception_ptr e) {
            std::lock_guard l(lock);
            fail(g, std::move(e));
          });
        } else {
          throw std::logic_error("MPI: rank 0 got message " + std::to_string(m->tag) + " while playing");
        }
      }
      for (int r = 1; r < w.size; ++r)
        while (w.credits[static_cast<std::size_t>(r)] > 0) {
          const std::vector<std::int64_t> chunk = take_chunk();
          if (chunk.empty()) break;
          std::string bytes;
          for (const std::int64_t g : chunk) wire::put_int(bytes, g);
          send(r, kWork, bytes);
          --w.credits[static_cast<std::size_t>(r)];
          w.in_flight[static_cast<std::size_t>(r)] += static_cast<std::int64_t>(chunk.size());
          busy = true;
        }
      const bool here_done = running.load(std::memory_order_acquire) == 0;
      {
        std::lock_guard l(lock);
        for (auto& r : local) out.push_back(std::move(r));
        w.played[0] += static_cast<std::int64_t>(local.size());
        local.clear();
      }
      const bool all_back = here_done && std::all_of(w.in_flight.begin(), w.in_flight.end(),
                                                     [](std::int64_t n) { return n == 0; });
      bool written = false;
      {
        std::lock_guard l(write_lock);
        if (!out.empty() && (static_cast<int>(out.size()) >= batch || all_back)) {
          batches.push_back(std::move(out));
          out.clear();
          busy = true;
        }
        written = batches.empty() && !writing;
      }
      have_batch.notify_one();
      // Players end only when every game is handed out; then the writer has written them all.
      if (all_back && out.empty() && written) break;
      if (busy)
        b.reset();
      else
        b.wait();
    }
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace

void play(const std::vector<std::int64_t>& games, int threads, int batch, const PlayFn& play,
          const WriteFn& write) {
  if (!many()) return play_here(games, threads, batch, play, write);
  play_on_ranks<GameRecord>(games, threads, batch, play, write);
}

void play_bytes(const std::vector<std::int64_t>& games, int threads, int batch, const PlayBytesFn& play,
                const WriteBytesFn& write) {
  if (!many()) return play_bytes_here(games, threads, batch, play, write);
  play_on_ranks<Payload>(
      games, threads, batch,
      [&](std::int64_t g) {
        return Payload{g, play(g)};
      },
      write);
}

void broadcast(const std::string& bytes) {
  World& w = world();
  if (!many()) return;
  if (w.rank != 0 || w.finished) throw std::logic_error("shards::broadcast: not rank 0 of a running job");
  for (int r = 1; r < w.size; ++r) send(r, kCast, bytes);
}

std::vector<std::int64_t> games_by_rank() { return many() ? world().played : std::vector<std::int64_t>{}; }

namespace {

// serve() and serve_bytes(): `play` gives what the game gives (a record or a Payload).
template <class Play>
void serve_rank(int threads, int batch, const Play& play, const BroadcastFn& on_broadcast) {
  if (!many() || world().rank == 0) throw std::logic_error("shards::serve: not a serving rank");
  world().setup_over = true;
  std::mutex lock;  // everything below up to the team
  std::condition_variable more;
  std::deque<std::int64_t> stock;  // handed to this rank, not started
  int in_play = 0;
  bool stopping = false;
  std::string outbox;  // entries of finished games
  int outbox_count = 0;
  auto player = [&] {
    std::unique_lock l(lock);
    while (true) {
      more.wait(l, [&] { return stopping || !stock.empty(); });
      if (stock.empty()) return;
      const std::int64_t g = stock.front();
      stock.pop_front();
      ++in_play;
      l.unlock();
      std::string entry;
      try {
        const std::string bytes = result_bytes(play(g));
        wire::put_int(entry, 0);
        wire::put_text(entry, bytes);
      } catch (...) {
        entry.clear();
        wire::put_int(entry, 1);
        wire::put_int(entry, g);
        wire::put_int(entry, exit_code_of(std::current_exception()));
        wire::put_text(entry, message_of(std::current_exception()));
      }
      l.lock();
      outbox += entry;
      ++outbox_count;
      --in_play;
    }
  };
  int stop_code = -1;
  {
    std::vector<std::jthread> team;
    struct StopTeam {  // on any way out: the team stops waiting for games and is joined
      std::mutex& lock;
      bool& stopping;
      std::condition_variable& more;
      ~StopTeam() {
        {
          std::lock_guard l(lock);
          stopping = true;
        }
        more.notify_all();
      }
    };
    for (int t = 0; t < threads; ++t) team.emplace_back(player);
    StopTeam stop{lock, stopping, more};
    int asked = 0;
    std::size_t last_chunk = 1;
    Backoff b;
    while (stop_code < 0) {
      bool busy = false;
      while (auto m = poll(0)) {
        busy = true;
        wire::Reader in(m->bytes);
        if (m->tag == kWork) {
          std::vector<std::int64_t> chunk;
          while (!in.done()) chunk.push_back(in.get_int());
          {
            std::lock_guard l(lock);
            stock.insert(stock.end(), chunk.begin(), chunk.end());
          }
          more.notify_all();
          --asked;
          last_chunk = chunk.size();
        } else if (m->tag == kCast) {
          // Sent between two plays of rank 0, once every game handed out came back: nothing
          // is in play here.
          on_broadcast(m->bytes);
        } else if (m->tag == kStop) {
          stop_code = static_cast<int>(in.get_int());
        } else {
          throw std::logic_error("MPI: rank " + std::to_string(world().rank) + " got message " +
                                 std::to_string(m->tag));
        }
      }
      std::string results;
      std::size_t unstarted = 0;
      {
        std::lock_guard l(lock);
        unstarted = stock.size();
        if (outbox_count >= batch || (outbox_count > 0 && unstarted == 0 && in_play == 0)) {
          results.swap(outbox);
          outbox_count = 0;
        }
      }
      if (!results.empty()) {
        send(0, kResult, results);
        busy = true;
      }
      // Two chunks in reserve: one to play while the next one comes.
      if (stop_code < 0 && asked == 0 &&
          unstarted < 2 * std::max(static_cast<std::size_t>(threads), last_chunk)) {
        send(0, kRequest, {});
        ++asked;
        busy = true;
      }
      if (busy)
        b.reset();
      else
        b.wait();
    }
  }
  send(0, kBye, {});
  if (stop_code != 0) throw Quiet(stop_code);
}

}  // namespace

void serve(int threads, int batch, const PlayFn& play) {
  serve_rank(threads, batch, play, [](const std::string&) {
    throw std::logic_error("MPI: rank " + std::to_string(world().rank) + " got a broadcast it does not take");
  });
}

void serve_bytes(int threads, int batch, const PlayBytesFn& play, const BroadcastFn& on_broadcast) {
  serve_rank(
      threads, batch,
      [&](std::int64_t g) {
        return Payload{g, play(g)};
      },
      on_broadcast);
}

void finish(int code) {
  World& w = world();
  if (!many() || w.rank != 0 || w.finished) return;
  w.finished = true;
  w.setup_over = true;
  // Games still out (play() left early): their results are taken and dropped.
  std::vector<std::string> dropped;
  auto ignore = [](std::int64_t, std::exception_ptr) {};
  while (std::any_of(w.in_flight.begin(), w.in_flight.end(), [](std::int64_t n) { return n > 0; })) {
    const Message m = wait_for(MPI_ANY_SOURCE);
    if (m.tag == kResult) take_results(m, dropped, ignore);
    dropped.clear();
  }
  for (int r = 1; r < w.size; ++r) send(r, kStop, int_message(code));
  for (int byes = 0; byes < w.size - 1;) {
    const Message m = wait_for(MPI_ANY_SOURCE);
    byes += m.tag == kBye ? 1 : 0;  // requests sent before the stop arrived are dropped
  }
}

}  // namespace qilab::experiments::shards

#pragma once
// The checkpoints of a store's write-ahead log on a thread and a connection of their own
// (SQLite's pattern for a busy writer): the writer's commits only append to the WAL, and never
// wait while a checkpoint copies it back into the database and syncs the disk. With both cores
// playing, the thread that writes a batch is a game thread (batched_play.h), which would
// otherwise stop playing for every checkpoint's syncs.
//
// A checkpoint is due each time the WAL has grown by `due_bytes` (a hook on the writer's
// commits counts its frames). Checkpoints are PASSIVE: they copy what has been committed and
// never block the writer; once one has caught up, the writer's next transaction starts the WAL
// over. Should the WAL reach twice `due_bytes` before one has caught up (a writer faster than
// the disk), the writer waits for a checkpoint of everything it has committed, so the WAL stays
// bounded. A checkpoint that fails (a full disk) is reported by the next write. Closing the
// writer's connection, the last, checkpoints what is left; a writer that knows it is near its
// end (a run's last, smaller batches) asks for checkpoints sooner, so that little is left.
#include <sqlite3.h>

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace qilab::experiments {

class WalCheckpointer {
 public:
  static constexpr std::int64_t kDueBytes = std::int64_t{4} << 20;

  // Takes over the checkpoints of `writer` (a connection in WAL mode; its automatic ones stop)
  // with `own`, a second connection to the same database, which it closes. `path` names the
  // database in errors; `page_bytes` is its page size.
  WalCheckpointer(sqlite3* writer, sqlite3* own, std::string path, std::int64_t page_bytes,
                  std::int64_t due_bytes = kDueBytes);
  ~WalCheckpointer();  // waits for a checkpoint under way
  WalCheckpointer(const WalCheckpointer&) = delete;
  WalCheckpointer& operator=(const WalCheckpointer&) = delete;

  // Before a write: throws Error "PATH: cannot checkpoint ..." if a checkpoint failed.
  void check();
  // After each of the writer's commits, on the writer's thread: asks for a checkpoint when one
  // is due (or, `soon`, whenever the WAL holds anything and none is under way), and waits for
  // one when the WAL has grown to twice the due size.
  void committed(bool soon = false);

 private:
  static int on_commit(void* self, sqlite3*, const char*, int frames);
  void run();

  sqlite3* writer_;
  sqlite3* own_;
  std::string path_;
  std::int64_t due_frames_;
  std::int64_t frames_ = 0;  // the WAL's frames after the writer's last commit (writer's thread)
  std::mutex lock_;          // everything below
  std::condition_variable changed_;
  std::int64_t requested_ = 0;  // checkpoints asked for, and finished (the last one asked for
  std::int64_t completed_ = 0;  // when it started)
  bool stop_ = false;
  std::string failure_;  // SQLite's message for the first checkpoint that failed
  std::thread thread_;   // last: started once everything above is set
};

}  // namespace qilab::experiments

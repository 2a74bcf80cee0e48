#include "experiments/wal_checkpointer.h"

#include <algorithm>
#include <utility>

#include "engine/core/error.h"

namespace qilab::experiments {

WalCheckpointer::WalCheckpointer(sqlite3* writer, sqlite3* own, std::string path, std::int64_t page_bytes,
                                 std::int64_t due_bytes)
    : writer_(writer),
      own_(own),
      path_(std::move(path)),
      due_frames_(std::max<std::int64_t>(1, due_bytes / std::max<std::int64_t>(1, page_bytes))),
      thread_([this] { run(); }) {
  sqlite3_wal_hook(writer_, &WalCheckpointer::on_commit, this);  // replaces the automatic checkpoints
}

WalCheckpointer::~WalCheckpointer() {
  sqlite3_wal_hook(writer_, nullptr, nullptr);
  {
    std::lock_guard guard(lock_);
    stop_ = true;
  }
  changed_.notify_all();
  thread_.join();
  sqlite3_close(own_);
}

int WalCheckpointer::on_commit(void* self, sqlite3*, const char*, int frames) {
  static_cast<WalCheckpointer*>(self)->frames_ = frames;
  return SQLITE_OK;
}

void WalCheckpointer::check() {
  std::lock_guard guard(lock_);
  if (!failure_.empty()) throw Error(path_ + ": cannot checkpoint the write-ahead log (" + failure_ + ")");
}

void WalCheckpointer::committed(bool soon) {
  if (frames_ < (soon ? 1 : due_frames_)) return;
  std::unique_lock guard(lock_);
  if (frames_ >= 2 * due_frames_) {
    // One that starts after this commit, and so copies all of it, while nothing more is written.
    const std::int64_t wanted = ++requested_;
    changed_.notify_all();
    changed_.wait(guard, [&] { return completed_ >= wanted; });
  } else if (completed_ == requested_) {
    ++requested_;
    changed_.notify_all();
  }
}

void WalCheckpointer::run() {
  std::unique_lock guard(lock_);
  for (;;) {
    changed_.wait(guard, [&] { return stop_ || requested_ > completed_; });
    if (stop_) return;
    const std::int64_t asked = requested_;
    guard.unlock();
    const int rc = sqlite3_wal_checkpoint_v2(own_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    const std::string message = rc == SQLITE_OK || rc == SQLITE_BUSY ? "" : sqlite3_errmsg(own_);
    guard.lock();
    if (failure_.empty()) failure_ = message;
    completed_ = asked;
    changed_.notify_all();
  }
}

}  // namespace qilab::experiments

#include "apps/qilab/progress.h"

#include <unistd.h>

#include <cstdio>
#include <string>

namespace qilab::cli {
namespace {

std::string clock_text(double seconds) {
  const auto s = static_cast<long>(seconds + 0.5);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

}  // namespace

ProgressLine::ProgressLine()
    : enabled_(::isatty(STDERR_FILENO) == 1), start_(std::chrono::steady_clock::now()) {}

void ProgressLine::update(std::int64_t done, std::int64_t total) {
  if (!enabled_ || total <= 0) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && done < total && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  drawn_ = true;
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(kWidth * done / total);
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.append(static_cast<std::size_t>(kWidth - filled), '.');
  std::fprintf(stderr, "\r[%s] %lld/%lld games, %s elapsed\033[K", bar.c_str(), static_cast<long long>(done),
               static_cast<long long>(total), clock_text(elapsed).c_str());
  std::fflush(stderr);
}

void ProgressLine::finish() {
  if (drawn_) std::fputc('\n', stderr);
  drawn_ = false;
}

}  // namespace qilab::cli

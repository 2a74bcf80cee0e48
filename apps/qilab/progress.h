#pragma once
// A one-line progress bar on stderr, drawn only when stderr is a terminal (logs and pipes stay
// clean). Debian has no C++ progress-bar package (no libindicators-dev), hence this.
#include <chrono>
#include <cstdint>

namespace qilab::cli {

class ProgressLine {
 public:
  ProgressLine();
  // Redraws at most ten times a second, and always for the last game.
  void update(std::int64_t done, std::int64_t total);
  // Ends the line if one was drawn.
  void finish();

 private:
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace qilab::cli

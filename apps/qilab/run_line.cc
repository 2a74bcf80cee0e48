#include "apps/qilab/run_line.h"

#include <fmt/format.h>

namespace qilab::cli {

std::string run_line(std::int64_t played, std::int64_t resumed, const nlohmann::json& run) {
  const int threads = run["threads"].get<int>();
  const int ranks = run.value("ranks", 1);
  return fmt::format("{} games played now, {} already in the store (resumed); {:.1f} s on {} thread{}{}\n",
                     played, resumed, run["seconds"].get<double>(), threads, threads == 1 ? "" : "s",
                     ranks > 1 ? fmt::format(" a rank, {} ranks", ranks) : "");
}

}  // namespace qilab::cli

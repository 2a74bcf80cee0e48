#pragma once
// The line that ends the report of tournament and openings: games played now and resumed, the
// time, the threads (a rank, and the ranks of an MPI run: docs/scale.md).
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace qilab::cli {

// `run`: the summary's "run" object {"seconds", "threads", "ranks"}.
std::string run_line(std::int64_t played, std::int64_t resumed, const nlohmann::json& run);

}  // namespace qilab::cli

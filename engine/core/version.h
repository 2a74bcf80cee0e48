#pragma once
// The program's identity for `qilab --version`, records and summaries: the release version
// (CMake's project version) and the git commit it was built from ("-dirty" when the work
// tree had uncommitted changes, "unknown" outside git). Defined in a file written at build time.
#include <string_view>

namespace qilab {

std::string_view version();
std::string_view git_commit();

}  // namespace qilab

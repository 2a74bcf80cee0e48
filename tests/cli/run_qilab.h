#pragma once
// What the end-to-end CLI tests share: a scratch directory, and running the built binary
// (QILAB_BIN, from QILAB_SOURCE_DIR so configs/ paths resolve) with its exit code and output.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace cli_test {

namespace fs = std::filesystem;

// One directory per test program and process, emptied when first asked for.
inline const fs::path& scratch() {
  static const fs::path dir = [] {
    fs::path p = fs::temp_directory_path() /
                 ("qilab_" + std::string(program_invocation_short_name) + "_" + std::to_string(::getpid()));
    fs::remove_all(p);
    fs::create_directories(p);
    return p;
  }();
  return dir;
}

inline std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Result {
  int code = -1;
  std::string out, err;
  int err_lines() const {
    int n = 0;
    for (char c : err) n += c == '\n';
    return n;
  }
};

// Runs `qilab ARGS` through the shell (ARGS may hold quotes and redirections), with `env`
// ("NAME=VALUE ...") set for it.
inline Result qilab(const std::string& args, const std::string& stdin_text = "",
                    const std::string& env = "") {
  static int calls = 0;
  const auto base = scratch() / ("call" + std::to_string(++calls));
  // A run that never ends (a search without a budget) fails with 124 instead of hanging ctest.
  std::string cmd = "cd '" QILAB_SOURCE_DIR "' && " + env + " timeout 120 '" QILAB_BIN "' " + args;
  if (!stdin_text.empty()) {
    std::ofstream(base.string() + ".in") << stdin_text;
    cmd += " < '" + base.string() + ".in'";
  }
  cmd += " > '" + base.string() + ".out' 2> '" + base.string() + ".err'";
  const int status = std::system(cmd.c_str());
  Result r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(base.string() + ".out");
  r.err = slurp(base.string() + ".err");
  return r;
}

// Bad input: exit 2, one line on stderr naming `names`, nothing on stdout.
inline void check_bad_input(const Result& r, const std::string& names) {
  CHECK(r.code == 2);
  CHECK(r.err_lines() == 1);
  CHECK(r.err.starts_with("qilab: error: "));
  CHECK_MESSAGE(r.err.find(names) != std::string::npos, "stderr: ", r.err);
  CHECK(r.out.empty());
}

}  // namespace cli_test

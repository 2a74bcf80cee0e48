// libFuzzer target: an agent file (TOML), as `--agents FILE.toml` reads it, made into an agent
// for 2-player checkers. Build with -DQILAB_FUZZ=ON (docs/formats.md, "Fuzzing").
#include <cstddef>
#include <cstdint>

#include "engine/core/error.h"
#include "engine/registry.h"
#include "tests/fuzz/readers.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto game = qilab::make_any_game(qilab::default_config("checkers"), {"players=2"});
  try {
    qilab::fuzz::read_agent(*game, {reinterpret_cast<const char*>(data), size});
  } catch (const qilab::Error& e) {
    if (*e.what() == '\0') __builtin_trap();  // a refusal must say why
  }
  return 0;
}

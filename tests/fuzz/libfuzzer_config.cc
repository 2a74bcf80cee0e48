// libFuzzer target: a game config (TOML), as `--game FILE` reads it, and the game it makes.
// Build with -DQILAB_FUZZ=ON (docs/formats.md, "Fuzzing").
#include <cstddef>
#include <cstdint>

#include "engine/core/error.h"
#include "tests/fuzz/readers.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    qilab::fuzz::read_config({reinterpret_cast<const char*>(data), size});
  } catch (const qilab::Error& e) {
    if (*e.what() == '\0') __builtin_trap();  // a refusal must say why
  }
  return 0;
}

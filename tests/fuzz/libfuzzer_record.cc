// libFuzzer target: one games.jsonl line, read and replayed through game QILAB_FUZZ_GAME
// (default options) as resume does. Build with -DQILAB_FUZZ=ON (docs/formats.md, "Fuzzing").
#include <cstddef>
#include <cstdint>

#include "engine/core/error.h"
#include "engine/registry.h"
#include "tests/fuzz/readers.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto game = qilab::make_any_game(qilab::default_config(QILAB_FUZZ_GAME));
  try {
    qilab::fuzz::read_record(*game, {reinterpret_cast<const char*>(data), size});
  } catch (const qilab::Error& e) {
    if (*e.what() == '\0') __builtin_trap();  // a refusal must say why
  }
  return 0;
}

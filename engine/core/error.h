#pragma once
// The one exception type for bad input: configs, positions, records, notation.
// Its message is a single line naming where (file, field) and what was expected.
#include <stdexcept>
#include <string>

namespace qilab {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// An action that is not legal in the given state.
struct IllegalAction : Error {
  using Error::Error;
};

}  // namespace qilab

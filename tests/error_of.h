#pragma once
// For tests of refusals: the message of the qilab::Error that f throws, "" when it throws none.
#include <string>

#include "engine/core/error.h"

namespace qilab::testing {

template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace qilab::testing

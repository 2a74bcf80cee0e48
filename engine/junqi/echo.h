#pragma once
// Bad input is quoted in error messages only as a short prefix, so that a huge value (a
// position field holding a 5-million-element array, a layout of a megabyte) still gives a
// one-line error of a readable size: junqi's names for engine/core/input.h's brief().
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/core/input.h"

namespace qilab::junqi {

inline constexpr std::size_t kEchoChars = 60;

// `text` itself if it has at most kEchoChars bytes, else its first kEchoChars bytes (whole
// UTF-8 characters) and "...".
inline std::string echo(std::string_view text) { return brief_text(text, kEchoChars); }

// A JSON value as written in the input, shortened the same way.
inline std::string echo_json(const nlohmann::json& v) { return brief(v, kEchoChars); }

}  // namespace qilab::junqi

#pragma once
// TOML files for configs, agents and data: read, checked for nesting (input.h), then parsed.
#include <string>
#include <string_view>

#include <toml.hpp>

namespace qilab {

// Parses TOML text; `where` (the file) starts every error: "WHERE: malformed TOML (line N): ..."
// or "WHERE: line N: nested deeper than ...".
toml::value parse_toml(std::string_view text, const std::string& where);
// The same for the file `path` (which must exist; callers name what it is when it does not).
toml::value parse_toml_file(const std::string& path);

}  // namespace qilab

#pragma once
// Reading untrusted text: JSON (positions, boards, records) and TOML (game configs, agent
// files, data files). The parsers and the code after them recurse once per nesting level, so
// a hostile file of 60000 brackets would overflow the stack: nesting is limited before any
// recursion, and a bad value is echoed in errors as a short prefix, never whole.
#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace qilab {

// No real position, board or record nests deeper than a handful of levels.
inline constexpr int kMaxJsonDepth = 64;
// No real config nests deeper than a few levels ([options] then an array of arrays).
inline constexpr int kMaxTomlDepth = 32;

// Throws Error "<path>: no such <what>", "<path>: <what> expected, found a directory" or
// "<path>: cannot read <what> (<reason>)" unless `path` is a regular file that can be opened;
// the reason covers names the system refuses (too long).
void check_readable_file(const std::string& path, const std::string& what);
// The whole content of the text file at `path`, checked as above.
std::string read_text_file(const std::string& path, const std::string& what);

// Parses JSON text; throws Error naming `where` for malformed text or nesting deeper than
// kMaxJsonDepth arrays and objects.
nlohmann::json parse_json(std::string_view text, const std::string& where);

// Throws Error naming `where` and the line when `text` (TOML) nests arrays, inline tables
// and dotted keys deeper than kMaxTomlDepth. Strings and comments are skipped.
void check_toml_nesting(std::string_view text, const std::string& where);

// A short stable hash of `text` (FNV-1a, 16 hex digits): the same across runs and machines,
// for identifying a config's options or an agent file's content in records.
std::string text_hash(std::string_view text);

// At most about `limit` characters of `v` as JSON, "..." marking what was left out: for
// error messages that echo a bad value.
std::string brief(const nlohmann::json& v, std::size_t limit = 60);
// The same for text: `text` itself when short, else its first `limit` bytes (whole UTF-8
// characters) and "...".
std::string brief_text(std::string_view text, std::size_t limit = 60);

}  // namespace qilab

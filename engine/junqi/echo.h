#pragma once
// Bad input is quoted in error messages only as a short prefix, so that a huge value (a
// position field holding a 5-million-element array, a layout of a megabyte) still gives a
// one-line error of a readable size.
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace qilab::junqi {

inline constexpr std::size_t kEchoChars = 60;

// `text` itself if it has at most kEchoChars bytes, else its first kEchoChars bytes (cut
// back to the start of a UTF-8 character) and "...".
inline std::string echo(std::string_view text) {
  if (text.size() <= kEchoChars) return std::string(text);
  std::size_t n = kEchoChars;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;  // a continuation byte
  return std::string(text.substr(0, n)) + "...";
}

namespace detail {
// Writes v as JSON into out, stopping once out is longer than `limit`: a huge array is
// never written out in full.
inline void write_json_prefix(const nlohmann::json& v, std::string& out, std::size_t limit) {
  if (v.is_array() || v.is_object()) {
    out += v.is_array() ? '[' : '{';
    bool first = true;
    for (auto it = v.begin(); it != v.end(); ++it) {
      if (out.size() > limit) return;
      if (!first) out += ',';
      first = false;
      if (v.is_object()) out += nlohmann::json(it.key()).dump() + ':';
      write_json_prefix(*it, out, limit);
    }
    out += v.is_array() ? ']' : '}';
    return;
  }
  out += v.dump();
}
}  // namespace detail

// A JSON value as written in the input, shortened the same way.
inline std::string echo_json(const nlohmann::json& v) {
  std::string out;
  detail::write_json_prefix(v, out, kEchoChars);
  return echo(out);
}

}  // namespace qilab::junqi

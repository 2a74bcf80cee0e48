#include "engine/core/input.h"

#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/toml_input.h"

namespace qilab {

void check_readable_file(const std::string& path, const std::string& what) {
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  if (ec && ec != std::errc::no_such_file_or_directory)
    throw Error(path + ": cannot read " + what + " (" + ec.message() + ")");
  if (!std::filesystem::exists(st)) throw Error(path + ": no such " + what);
  if (std::filesystem::is_directory(st)) throw Error(path + ": " + what + " expected, found a directory");
  if (::access(path.c_str(), R_OK) != 0)
    throw Error(path + ": cannot read " + what + " (" + std::strerror(errno) + ")");
}

std::string read_text_file(const std::string& path, const std::string& what) {
  check_readable_file(path, what);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path + ": cannot read " + what + " (" + std::strerror(errno) + ")");
  std::stringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw Error(path + ": cannot read " + what);
  return ss.str();
}

nlohmann::json parse_json(std::string_view text, const std::string& where) {
  // nlohmann parses without recursion, but dump(), comparison and copies recurse: the parser
  // callback sees each array and object open with its depth and stops the parse in time.
  const auto limit = [&where](int depth, nlohmann::json::parse_event_t event, nlohmann::json&) {
    if (depth >= kMaxJsonDepth && (event == nlohmann::json::parse_event_t::object_start ||
                                   event == nlohmann::json::parse_event_t::array_start))
      throw Error(where + ": JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    return true;
  };
  try {
    return nlohmann::json::parse(text.begin(), text.end(), limit);
  } catch (const nlohmann::json::exception& e) {
    throw Error(where + ": malformed JSON: " + e.what());
  }
}

void check_toml_nesting(std::string_view text, const std::string& where) {
  // Arrays and inline tables nest values, and a dotted key "a.b.c = ..." nests tables just as
  // deep, with the value inside the last of them. `levels` holds, per open bracket, how deep
  // its contents sit; `value_at` is where a value starting here would sit. Strings (basic,
  // literal, multi-line) and comments are skipped: "[[[" in a string or comment counts nothing.
  std::vector<int> levels{0};
  int dots = 0, value_at = 0, line = 1;
  const auto check = [&](int deep) {
    if (deep > kMaxTomlDepth)
      throw Error(where + ": line " + std::to_string(line) + ": nested deeper than " +
                  std::to_string(kMaxTomlDepth) + " levels of arrays, inline tables or dotted keys");
  };
  const std::size_t n = text.size();
  // Skips the string opened by `quote` at text[i] (one quote or three); returns the index after it.
  const auto skip_string = [&](std::size_t i, char quote) {
    const bool multi = i + 2 < n && text[i + 1] == quote && text[i + 2] == quote;
    i += multi ? 3 : 1;
    while (i < n) {
      const char c = text[i];
      if (c == '\\' && quote == '"') {
        if (i + 1 < n && text[i + 1] == '\n') ++line;
        i += 2;
        continue;
      }
      if (c == quote) {
        if (!multi) return i + 1;
        std::size_t run = 0;
        while (i + run < n && text[i + run] == quote) ++run;
        if (run >= 3) return i + run;  // up to two quotes before the closing three are content
        i += run;
        continue;
      }
      if (c == '\n') {
        if (!multi) return i;  // unterminated: the parser will say so
        ++line;
      }
      ++i;
    }
    return n;
  };
  for (std::size_t i = 0; i < n;) {
    const char c = text[i];
    switch (c) {
      case '"':
      case '\'':
        i = skip_string(i, c);
        continue;
      case '#':
        while (i < n && text[i] != '\n') ++i;
        continue;
      case '[':
      case '{':
        check(value_at + 1);
        levels.push_back(value_at + 1);
        value_at = levels.back();
        dots = 0;
        break;
      case ']':
      case '}':
        if (levels.size() > 1) levels.pop_back();
        value_at = levels.back();
        dots = 0;
        break;
      case '.':
        check(levels.back() + ++dots + 1);
        break;
      case '=':
        value_at = levels.back() + dots + 1;
        dots = 0;
        break;
      case '\n':
        ++line;
        [[fallthrough]];
      case ',':
        value_at = levels.back();
        dots = 0;
        break;
      default:
        break;
    }
    ++i;
  }
}

toml::value parse_toml_file(const std::string& path) {
  return parse_toml(read_text_file(path, "TOML file"), path);
}

toml::value parse_toml(std::string_view text, const std::string& path) {
  check_toml_nesting(text, path);
  try {
    std::istringstream in{std::string(text)};
    return toml::parse(in, path);
  } catch (const std::exception& e) {
    // toml11 reports "[error] toml::parse_...: what" then a location; keep it on one line.
    // It puts the line number in its excerpt, "  2 | [options", below the "-->" line.
    const std::string msg = e.what();
    std::string loc;
    static const std::regex numbered(R"(\n\s*(\d+)\s*\|)");
    std::smatch m;
    if (std::regex_search(msg, m, numbered)) loc = " (line " + m[1].str() + ")";
    throw Error(path + ": malformed TOML" + loc + ": " + msg.substr(0, msg.find('\n')));
  }
}

namespace {

void brief_into(const nlohmann::json& v, std::string& out, std::size_t limit, int depth) {
  constexpr auto kReplace = nlohmann::json::error_handler_t::replace;  // a cut may split a UTF-8 sequence
  if (out.size() > limit) return;
  if (v.is_string()) {
    const auto& s = v.get_ref<const std::string&>();
    out += nlohmann::json(s.substr(0, limit + 1 - out.size())).dump(-1, ' ', false, kReplace);
  } else if (v.is_array() || v.is_object()) {
    if (depth >= 8) {
      out += v.is_array() ? "[...]" : "{...}";
      return;
    }
    out += v.is_array() ? '[' : '{';
    bool first = true;
    for (auto it = v.begin(); it != v.end() && out.size() <= limit; ++it) {
      if (!first) out += ',';
      first = false;
      if (v.is_object()) out += nlohmann::json(it.key()).dump(-1, ' ', false, kReplace) + ':';
      brief_into(*it, out, limit, depth + 1);
    }
    out += v.is_array() ? ']' : '}';
  } else {
    out += v.dump();
  }
}

}  // namespace

std::string text_hash(std::string_view text) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::string brief(const nlohmann::json& v, std::size_t limit) {
  std::string out;
  brief_into(v, out, limit, 0);
  return brief_text(out, limit);
}

std::string brief_text(std::string_view text, std::size_t limit) {
  if (text.size() <= limit) return std::string(text);
  while (limit > 0 && (static_cast<unsigned char>(text[limit]) & 0xC0) == 0x80) --limit;  // whole characters
  return std::string(text.substr(0, limit)) + "...";
}

}  // namespace qilab

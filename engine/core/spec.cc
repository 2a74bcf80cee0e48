#include "engine/core/spec.h"

#include "engine/core/error.h"
#include "engine/core/input.h"

namespace qilab {
namespace {

bool key_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool key_char(char c) { return key_start(c) || (c >= '0' && c <= '9'); }

// The pieces of `text` between commas, `joins(piece)` saying which join the piece before.
template <class Joins>
std::vector<std::string> split_joined(std::string_view text, Joins joins) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t comma = text.find(',', pos);
    if (comma == std::string_view::npos) comma = text.size();
    const std::string_view piece = text.substr(pos, comma - pos);
    if (!out.empty() && joins(piece))
      (out.back() += ',') += piece;
    else
      out.emplace_back(piece);
    pos = comma + 1;
  }
  return out;
}

}  // namespace

bool starts_setting(std::string_view text) {
  if (text.empty() || !key_start(text[0])) return false;
  std::size_t i = 1;
  while (i < text.size() && key_char(text[i])) ++i;
  return i < text.size() && text[i] == '=';
}

std::pair<std::string, std::string> parse_setting(std::string_view text, const std::string& where) {
  if (!starts_setting(text)) throw Error(where + ": expected key=value, got '" + brief_text(text) + "'");
  const std::size_t eq = text.find('=');
  return {std::string(text.substr(0, eq)), std::string(text.substr(eq + 1))};
}

std::vector<std::string> parse_settings(std::string_view text, const std::string& where) {
  // A piece that does not start a setting is more of the value before it.
  std::vector<std::string> out =
      split_joined(text, [](std::string_view piece) { return !starts_setting(piece); });
  for (const auto& s : out) parse_setting(s, where);
  return out;
}

Spec parse_spec(std::string_view text, const std::string& where) {
  Spec spec;
  const std::size_t colon = text.find(':');
  spec.name = std::string(text.substr(0, colon));
  if (spec.name.empty()) throw Error(where + ": expected a name before the settings");
  if (colon != std::string_view::npos) spec.settings = parse_settings(text.substr(colon + 1), where);
  return spec;
}

std::vector<std::string> split_spec_list(std::string_view text, const std::string& where) {
  // A piece that starts a setting continues the spec before it, if that one has settings.
  bool open = false;
  std::vector<std::string> out;
  for (std::string& piece : split_joined(text, [](std::string_view) { return false; })) {
    if (piece.empty()) throw Error(where + ": empty name in the list");
    if (starts_setting(piece)) {
      if (!open) throw Error(where + ": setting '" + brief_text(piece) + "' follows no name with settings");
      (out.back() += ',') += piece;
      continue;
    }
    open = piece.find(':') != std::string::npos;
    out.push_back(std::move(piece));
  }
  return out;
}

}  // namespace qilab

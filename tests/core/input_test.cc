// Reading untrusted JSON and TOML text (engine/core/input.h): nesting limits, short echoes.
#include <doctest/doctest.h>

#include <string>

#include "engine/core/error.h"
#include "engine/core/input.h"
#include "tests/error_of.h"

using namespace qilab;

namespace {

std::string nested(int levels, char open, char close) {
  return std::string(static_cast<std::size_t>(levels), open) +
         std::string(static_cast<std::size_t>(levels), close);
}

using qilab::testing::error_of;

}  // namespace

TEST_CASE("parse_json reads 64 levels and refuses 65, naming where") {
  CHECK(parse_json(nested(kMaxJsonDepth, '[', ']'), "f.json").is_array());
  CHECK(parse_json("{\"a\":" + nested(kMaxJsonDepth - 1, '[', ']') + "}", "f.json").is_object());
  CHECK(error_of([] { parse_json(nested(kMaxJsonDepth + 1, '[', ']'), "f.json"); }) ==
        "f.json: JSON nested deeper than 64 levels");
  CHECK(error_of([] { parse_json(nested(100000, '[', ']'), "f.json"); }) ==
        "f.json: JSON nested deeper than 64 levels");
  std::string objects;
  for (int i = 0; i < 100000; ++i) objects += "{\"a\":";
  CHECK(error_of([&] { parse_json(objects + "1" + std::string(100000, '}'), "o.json"); }) ==
        "o.json: JSON nested deeper than 64 levels");
  // Unbalanced: still refused for depth before the parser reaches the end.
  CHECK(error_of([] {
          parse_json(std::string(100000, '['), "u.json");
        }).starts_with("u.json: JSON nested deeper"));
  CHECK(error_of([] { parse_json("{\"a\": ", "m.json"); }).starts_with("m.json: malformed JSON: "));
}

TEST_CASE("check_toml_nesting counts brackets, inline tables and dotted keys, not strings or comments") {
  CHECK_NOTHROW(check_toml_nesting("a = " + nested(kMaxTomlDepth - 1, '[', ']') + "\n", "c.toml"));
  CHECK(error_of([] {
          check_toml_nesting("x = 1\na = " + nested(kMaxTomlDepth, '[', ']') + "\n", "c.toml");
        }) == "c.toml: line 2: nested deeper than 32 levels of arrays, inline tables or dotted keys");
  std::string keys = "a";
  for (int i = 0; i < kMaxTomlDepth; ++i) keys += ".b";
  CHECK(error_of([&] { check_toml_nesting(keys + " = 1", "k.toml"); }).starts_with("k.toml: line 1: nested"));
  CHECK(error_of([&] {
          check_toml_nesting("[" + keys + "]\n", "h.toml");
        }).starts_with("h.toml: line 1: nested"));
  // A dotted key's value sits inside its tables: 16 keys deep, then 16 brackets, is 33 levels.
  std::string half = "a";
  for (int i = 0; i < 15; ++i) half += ".b";
  CHECK(error_of([&] {
          check_toml_nesting(half + " = " + nested(17, '[', ']'), "v.toml");
        }).starts_with("v.toml"));
  CHECK_NOTHROW(check_toml_nesting(half + " = " + nested(16, '[', ']'), "v.toml"));
  std::string inline_tables = "a = ";
  for (int i = 0; i < 20; ++i) inline_tables += "{b.c = ";
  CHECK(error_of([&] { check_toml_nesting(inline_tables, "i.toml"); }).starts_with("i.toml: line 1: nested"));
  // Not counted: strings of every kind, escaped quotes, comments; floats and dates are one level.
  const std::string many(500, '[');
  CHECK_NOTHROW(check_toml_nesting("a = \"" + many + "\\\"" + many + "\" # " + many + "\nb = '" + many +
                                       "'\n" + "c = \"\"\"\n" + many + "\"\"\"\"\nd = '''" + many +
                                       "\n'''\n" + "e = [1.5, 2.5, 1979-05-27T07:32:00.999]\n[[t.u]]\nf = 1",
                                   "s.toml"));
  // Line numbers count the lines inside multi-line strings.
  CHECK(error_of([] {
          check_toml_nesting("a = \"\"\"\n\n\"\"\"\nb = " + nested(40, '[', ']'), "l.toml");
        }).starts_with("l.toml: line 4: "));
}

TEST_CASE("brief echoes at most a short prefix of a value") {
  CHECK(brief(nlohmann::json(5)) == "5");
  CHECK(brief(nlohmann::json("six")) == "\"six\"");
  CHECK(brief(nlohmann::json::parse(R"({"a":[1,2],"b":null})")) == R"({"a":[1,2],"b":null})");
  const std::string long_text(100000, 'x');
  CHECK(brief(nlohmann::json(long_text)) == std::string("\"") + std::string(59, 'x') + "...");
  nlohmann::json wide = nlohmann::json::array();
  for (int i = 0; i < 100000; ++i) wide.push_back(i);
  CHECK(brief(wide, 10) == "[0,1,2,3,4...");
  // Values built in memory may nest without limit: brief stops descending.
  nlohmann::json deep = 1;
  for (int i = 0; i < 100000; ++i) deep = nlohmann::json::array({std::move(deep)});
  CHECK(brief(deep, 1000) == "[[[[[[[[[...]]]]]]]]]");
  // A cut inside a UTF-8 sequence is replaced, not thrown on.
  CHECK(brief(nlohmann::json(std::string(59, 'x') + "\xe5\x85\xb5")) ==
        std::string("\"") + std::string(59, 'x') + "...");
  CHECK(brief(nlohmann::json(std::string(56, 'x') + "\xe5\x85\xb5")) ==
        std::string("\"") + std::string(56, 'x') + "\xe5\x85\xb5...");
}

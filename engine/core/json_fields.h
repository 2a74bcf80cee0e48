#pragma once
// Reading a JSON document (a position, a board) field by field. A JsonField is one value of
// the document with its JSON pointer; its typed readers check the value and refuse anything
// else with one error format, naming the document and the path:
//
//   checkers position: /pieces/3/hp: expected an integer in [1, 12], got "x"
//   checkers position: /colour: unknown field (expected one of game, players, board)
//   checkers position: /board: missing
//
//   const JsonField root(j, "checkers position");
//   root.object({"game", "players", "board"});        // an object with only these keys
//   const int players = root["players"].int_in(2, 6);  // required, range-checked
//   if (auto moves = root.find("moves")) ...           // optional
//   for (std::size_t i = 0, n = root["pieces"].array(); i < n; ++i) root["pieces"][i] ...
//
// Integers are compared as the 64-bit values JSON holds before anything narrows them; an
// unsigned value above the signed range is out of range, never wrapped. Bad values are echoed
// with brief() (engine/core/input.h), keys with brief_text(), so an error line stays short.
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/core/error.h"

namespace qilab {

class JsonField {
 public:
  // The root of a document; `document` names it in errors ("checkers position").
  JsonField(const nlohmann::json& root, std::string_view document);

  const nlohmann::json& json() const { return *v_; }
  // The JSON pointer of this value ("/pieces/3/hp"; "" for the root).
  const std::string& path() const { return path_; }
  // Error "<document>: <path>: <what>" (the root: "<document>: <what>").
  Error error(std::string_view what) const;
  [[noreturn]] void fail(std::string_view what) const;

  bool is_null() const { return v_->is_null(); }

  // Objects. object(keys) checks that this is an object whose keys are all among `keys`.
  const JsonField& object(std::initializer_list<std::string_view> keys) const;
  const JsonField& object() const;
  JsonField operator[](std::string_view key) const;           // a required member
  std::optional<JsonField> find(std::string_view key) const;  // an optional member (absent: none)
  bool has(std::string_view key) const;

  // Arrays: the size after checking that this is an array (of exactly `size`, or of `min` to
  // `max` entries).
  std::size_t array() const;
  std::size_t array(std::size_t size) const;
  std::size_t array(std::size_t min, std::size_t max) const;
  JsonField operator[](std::size_t index) const;  // index < array()
  JsonField operator[](int index) const { return (*this)[static_cast<std::size_t>(index)]; }

  // Scalars. `meaning` names an entry whose path alone does not (a tuple's third entry):
  // "expected hp, an integer in [0, 6], got ...".
  std::int64_t integer(std::int64_t min, std::int64_t max, std::string_view meaning = {}) const;
  int int_in(int min, int max, std::string_view meaning = {}) const {
    return static_cast<int>(integer(min, max, meaning));
  }
  bool boolean(std::string_view meaning = {}) const;
  const std::string& string() const;
  // The index of the string among `names`: "expected one of a, b, c, got ...".
  int one_of(std::span<const std::string_view> names) const;
  int one_of(std::initializer_list<std::string_view> names) const {
    return one_of(std::span<const std::string_view>(names.begin(), names.size()));
  }
  // Refuses anything but `want` ("expected \"checkers\", got ...").
  void expect(const nlohmann::json& want) const;

 private:
  JsonField(const nlohmann::json* v, const std::string& document, std::string path)
      : v_(v), document_(document), path_(std::move(path)) {}
  [[noreturn]] void expected(std::string_view what) const;  // "expected <what>, got <value>"

  const nlohmann::json* v_;  // into the document, which outlives every field read from it
  std::string document_;
  std::string path_;
};

}  // namespace qilab

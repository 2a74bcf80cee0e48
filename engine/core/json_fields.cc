#include "engine/core/json_fields.h"

#include <algorithm>

#include "engine/core/input.h"

namespace qilab {
namespace {

// A key as a JSON pointer token (RFC 6901: '~' as "~0", '/' as "~1"), cut short when long.
std::string pointer_token(std::string_view key) {
  std::string t;
  for (char c : brief_text(key, 40)) {
    if (c == '~')
      t += "~0";
    else if (c == '/')
      t += "~1";
    else
      t += c;
  }
  return t;
}

std::string names_text(auto names) {
  std::string list;
  for (std::string_view n : names) (list += list.empty() ? "" : ", ") += n;
  return list;
}

}  // namespace

JsonField::JsonField(const nlohmann::json& root, std::string_view document)
    : v_(&root), document_(document) {}

Error JsonField::error(std::string_view what) const {
  return Error(document_ + ": " + (path_.empty() ? "" : path_ + ": ") + std::string(what));
}

void JsonField::fail(std::string_view what) const { throw error(what); }

void JsonField::expected(std::string_view what) const {
  fail("expected " + std::string(what) + ", got " + brief(*v_));
}

const JsonField& JsonField::object() const {
  if (!v_->is_object()) expected("an object");
  return *this;
}

const JsonField& JsonField::object(std::initializer_list<std::string_view> keys) const {
  object();
  for (const auto& [k, v] : v_->items())
    if (std::find(keys.begin(), keys.end(), std::string_view(k)) == keys.end())
      JsonField(&v, document_, path_ + "/" + pointer_token(k))
          .fail("unknown field (expected " + std::string(keys.size() == 1 ? "" : "one of ") +
                names_text(keys) + ")");
  return *this;
}

bool JsonField::has(std::string_view key) const { return v_->is_object() && v_->contains(key); }

std::optional<JsonField> JsonField::find(std::string_view key) const {
  object();
  const auto it = v_->find(key);
  if (it == v_->end()) return std::nullopt;
  return JsonField(&*it, document_, path_ + "/" + pointer_token(key));
}

JsonField JsonField::operator[](std::string_view key) const {
  if (auto f = find(key)) return *std::move(f);
  // The missing member's own path: "/pieces/3/hp: missing".
  throw JsonField(v_, document_, path_ + "/" + pointer_token(key)).error("missing");
}

std::size_t JsonField::array() const {
  if (!v_->is_array()) expected("an array");
  return v_->size();
}

std::size_t JsonField::array(std::size_t size) const {
  const std::string want = "an array of " + std::to_string(size) + (size == 1 ? " entry" : " entries");
  if (!v_->is_array()) expected(want);
  if (v_->size() != size) fail("expected " + want + ", got " + std::to_string(v_->size()));
  return size;
}

std::size_t JsonField::array(std::size_t min, std::size_t max) const {
  const std::string want = "an array of " + std::to_string(min) + " to " + std::to_string(max) + " entries";
  if (!v_->is_array()) expected(want);
  if (v_->size() < min || v_->size() > max) fail("expected " + want + ", got " + std::to_string(v_->size()));
  return v_->size();
}

JsonField JsonField::operator[](std::size_t index) const {
  if (index >= array())
    fail("expected an array of more than " + std::to_string(index) + " entries, got " +
         std::to_string(v_->size()));
  return JsonField(&(*v_)[index], document_, path_ + "/" + std::to_string(index));
}

std::int64_t JsonField::integer(std::int64_t min, std::int64_t max, std::string_view meaning) const {
  const nlohmann::json& v = *v_;
  const bool fits =
      v.is_number_integer() &&
      !(v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) &&
      v.get<std::int64_t>() >= min && v.get<std::int64_t>() <= max;
  if (!fits)
    expected((meaning.empty() ? "" : std::string(meaning) + ", ") + "an integer in [" + std::to_string(min) +
             ", " + std::to_string(max) + "]");
  return v.get<std::int64_t>();
}

bool JsonField::boolean(std::string_view meaning) const {
  if (!v_->is_boolean()) expected((meaning.empty() ? "" : std::string(meaning) + ", ") + "true or false");
  return v_->get<bool>();
}

const std::string& JsonField::string() const {
  if (!v_->is_string()) expected("a string");
  return v_->get_ref<const std::string&>();
}

int JsonField::one_of(std::span<const std::string_view> names) const {
  if (v_->is_string()) {
    const auto& s = v_->get_ref<const std::string&>();
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == s) return static_cast<int>(i);
  }
  expected("one of " + names_text(names));
}

void JsonField::expect(const nlohmann::json& want) const {
  if (*v_ != want) expected(want.dump());
}

}  // namespace qilab

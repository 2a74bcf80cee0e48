#include "engine/core/options.h"

#include <charconv>
#include <cstdio>

#include "engine/core/error.h"
#include "engine/core/input.h"

namespace qilab {
namespace {

const char* type_name(const OptionValue& v) {
  switch (v.index()) {
    case 0: return "a boolean (true/false)";
    case 1: return "an integer";
    case 2: return "a number";
    default: return "a string";
  }
}

}  // namespace

Options::Options(const std::vector<OptionSpec>& specs) : specs_(specs) {
  for (const auto& s : specs_) values_[s.name] = s.default_value;
}

const OptionSpec& Options::spec(const std::string& name, const std::string& where) const {
  for (const auto& s : specs_)
    if (s.name == name) return s;
  std::string known;
  for (const auto& s : specs_) known += (known.empty() ? "" : ", ") + s.name;
  throw Error(where + ": unknown option '" + name + "' (known: " + known + ")");
}

void Options::set_from_text(const std::string& name, const std::string& text, const std::string& where) {
  const OptionSpec& s = spec(name, where);
  auto bad = [&]() {
    return Error(where + ": option '" + name + "' expects " + type_name(s.default_value) + ", got '" + text + "'");
  };
  switch (s.default_value.index()) {
    case 0:
      if (text == "true" || text == "1") values_[name] = true;
      else if (text == "false" || text == "0") values_[name] = false;
      else throw bad();
      break;
    case 1: {
      std::int64_t v{};
      auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc() || p != text.data() + text.size()) throw bad();
      values_[name] = v;
      break;
    }
    case 2: {
      try {
        std::size_t used = 0;
        double v = std::stod(text, &used);
        if (used != text.size()) throw bad();
        values_[name] = v;
      } catch (const std::logic_error&) {
        throw bad();
      }
      break;
    }
    default: values_[name] = text;
  }
}

void Options::set_from_json(const std::string& name, const nlohmann::json& v, const std::string& where) {
  const OptionSpec& s = spec(name, where);
  auto bad = [&]() {
    return Error(where + ": option '" + name + "' expects " + type_name(s.default_value) + ", got " + brief(v));
  };
  switch (s.default_value.index()) {
    case 0:
      if (!v.is_boolean()) throw bad();
      values_[name] = v.get<bool>();
      break;
    case 1:
      if (!v.is_number_integer()) throw bad();
      values_[name] = v.get<std::int64_t>();
      break;
    case 2:
      if (!v.is_number()) throw bad();
      values_[name] = v.get<double>();
      break;
    default:
      if (!v.is_string()) throw bad();
      values_[name] = v.get<std::string>();
  }
}

const OptionValue& Options::value(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw Error("option '" + name + "' is not declared");
  return it->second;
}

bool Options::get_bool(const std::string& name) const { return std::get<bool>(value(name)); }
std::int64_t Options::get_int(const std::string& name) const { return std::get<std::int64_t>(value(name)); }
double Options::get_double(const std::string& name) const { return std::get<double>(value(name)); }
const std::string& Options::get_string(const std::string& name) const {
  return std::get<std::string>(value(name));
}

nlohmann::json Options::to_json() const {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [k, v] : values_) std::visit([&](const auto& x) { j[k] = x; }, v);
  return j;
}

std::string Options::hash() const {
  // FNV-1a over the canonical JSON text: stable across runs and machines.
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : to_json().dump()) h = (h ^ c) * 1099511628211ull;
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace qilab

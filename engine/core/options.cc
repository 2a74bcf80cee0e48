#include "engine/core/options.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <regex>

#include "engine/core/error.h"
#include "engine/core/input.h"

namespace qilab {
namespace {

constexpr auto kIntLowest = std::numeric_limits<std::int64_t>::min();
constexpr auto kIntHighest = std::numeric_limits<std::int64_t>::max();
constexpr double kNumberHighest = std::numeric_limits<double>::max();

const char* type_name(const OptionValue& v) {
  switch (v.index()) {
    case 0:
      return "a boolean (true/false)";
    case 1:
      return "an integer";
    case 2:
      return "a number";
    default:
      return "a string";
  }
}

std::string number_text(double x) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, x);  // shortest text that reads back exactly
  return std::string(buf, end);
}

// Every source ends here: the one place that refuses a value out of the declared range, so that
// a game may narrow get_int() to its own field type without cutting the value.
void store(std::map<std::string, OptionValue>& values, const OptionSpec& s, OptionValue v,
           const std::string& got, const std::string& where) {
  if (!option_allows(s, v))
    throw Error(where + ": option '" + s.name + "' expects " + s.expects() + ", got " + brief_text(got));
  values[s.name] = std::move(v);
}

}  // namespace

std::string OptionSpec::expects() const {
  switch (default_value.index()) {
    case 0:
      return "a boolean (true/false)";
    case 1: {
      if (!int_values.empty()) {
        std::string list;
        for (auto v : int_values) list += (list.empty() ? "" : ", ") + std::to_string(v);
        return "one of " + list;
      }
      const bool low = int_min != kIntLowest, high = int_max != kIntHighest;
      if (low && high) return "an integer " + std::to_string(int_min) + " to " + std::to_string(int_max);
      if (low) return "an integer >= " + std::to_string(int_min);
      if (high) return "an integer <= " + std::to_string(int_max);
      return "an integer";
    }
    case 2: {
      const bool low = min != -kNumberHighest, high = max != kNumberHighest;
      if (min_open) return "a number > " + number_text(min) + (high ? " and <= " + number_text(max) : "");
      if (low && high) return "a number " + number_text(min) + " to " + number_text(max);
      if (low) return "a number >= " + number_text(min);
      if (high) return "a number <= " + number_text(max);
      return "a finite number";
    }
    default: {
      if (!pattern.empty()) return pattern_expects;
      if (choices.empty()) return "a string";
      std::string list;
      for (const auto& c : choices) list += (list.empty() ? "" : ", ") + c;
      if (!or_number) return "one of " + list;
      const bool low = min != -kNumberHighest, high = max != kNumberHighest;
      std::string number = "a number";
      if (low && high)
        number += " " + number_text(min) + " to " + number_text(max);
      else if (low)
        number += " >= " + number_text(min);
      else if (high)
        number += " <= " + number_text(max);
      return "one of " + list + " or " + number;
    }
  }
}

OptionSpec int_option(std::string name, std::int64_t default_value, std::int64_t min, std::int64_t max,
                      std::string help) {
  OptionSpec s{std::move(name), default_value, std::move(help)};
  s.int_min = min;
  s.int_max = max;
  return s;
}

OptionSpec number_option(std::string name, double default_value, double min, double max, std::string help) {
  OptionSpec s{std::move(name), default_value, std::move(help)};
  s.min = min;
  s.max = max;
  return s;
}

OptionSpec number_above(std::string name, double default_value, double min, double max, std::string help) {
  OptionSpec s = number_option(std::move(name), default_value, min, max, std::move(help));
  s.min_open = true;
  return s;
}

OptionSpec choice_option(std::string name, std::string default_value, std::vector<std::string> choices,
                         std::string help) {
  OptionSpec s{std::move(name), std::move(default_value), std::move(help)};
  s.choices = std::move(choices);
  return s;
}

OptionSpec int_choice_option(std::string name, std::int64_t default_value, std::vector<std::int64_t> values,
                             std::string help) {
  OptionSpec s{std::move(name), default_value, std::move(help)};
  s.int_min = *std::min_element(values.begin(), values.end());
  s.int_max = *std::max_element(values.begin(), values.end());
  s.int_values = std::move(values);
  return s;
}

OptionSpec choice_or_number_option(std::string name, std::string default_value,
                                   std::vector<std::string> choices, double min, double max,
                                   std::string help) {
  OptionSpec s =
      choice_option(std::move(name), std::move(default_value), std::move(choices), std::move(help));
  s.or_number = true;
  s.min = min;
  s.max = max;
  return s;
}

OptionSpec pattern_option(std::string name, std::string default_value, std::string pattern,
                          std::string expects, std::string help) {
  OptionSpec s{std::move(name), std::move(default_value), std::move(help)};
  s.pattern = std::move(pattern);
  s.pattern_expects = std::move(expects);
  return s;
}

std::optional<double> option_number(const std::string& text) {
  double x = 0;
  const char* last = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), last, x);
  // from_chars reads "nan" and "inf" too; neither is a number an option may hold.
  if (text.empty() || p != last || ec != std::errc() || !std::isfinite(x)) return std::nullopt;
  return x;
}

bool option_allows(const OptionSpec& s, const OptionValue& v) {
  if (v.index() != s.default_value.index()) return false;
  switch (v.index()) {
    case 1: {
      const auto x = std::get<std::int64_t>(v);
      if (!s.int_values.empty())
        return std::find(s.int_values.begin(), s.int_values.end(), x) != s.int_values.end();
      return x >= s.int_min && x <= s.int_max;
    }
    case 2: {
      const double x = std::get<double>(v);
      return std::isfinite(x) && (s.min_open ? x > s.min : x >= s.min) && x <= s.max;
    }
    case 3: {
      const auto& text = std::get<std::string>(v);
      if (!s.pattern.empty()) return std::regex_match(text, std::regex(s.pattern));
      if (s.choices.empty() || std::find(s.choices.begin(), s.choices.end(), text) != s.choices.end())
        return true;
      if (!s.or_number) return false;
      const auto x = option_number(text);
      return x && *x >= s.min && *x <= s.max;
    }
    default:
      return true;
  }
}

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
    return Error(where + ": option '" + name + "' expects " + type_name(s.default_value) + ", got '" +
                 brief_text(text) + "'");
  };
  const char* first = text.data();
  const char* last = text.data() + text.size();
  switch (s.default_value.index()) {
    case 0:
      if (text == "true" || text == "1")
        values_[name] = true;
      else if (text == "false" || text == "0")
        values_[name] = false;
      else
        throw bad();
      break;
    case 1: {
      std::int64_t v{};
      auto [p, ec] = std::from_chars(first, last, v);
      if (p != last || (ec != std::errc() && ec != std::errc::result_out_of_range)) throw bad();
      // Digits beyond 64 bits are an integer out of any declared range, not a type error.
      if (ec == std::errc::result_out_of_range)
        throw Error(where + ": option '" + name + "' expects " + s.expects() + ", got " + brief_text(text));
      store(values_, s, v, text, where);
      break;
    }
    case 2: {
      double v{};
      auto [p, ec] = std::from_chars(first, last, v);
      if (p != last || (ec != std::errc() && ec != std::errc::result_out_of_range)) throw bad();
      if (ec == std::errc::result_out_of_range)  // 1e999: no finite double
        throw Error(where + ": option '" + name + "' expects " + s.expects() + ", got " + brief_text(text));
      store(values_, s, v, text, where);  // inf and nan are read, then refused as out of range
      break;
    }
    default:
      store(values_, s, text, "'" + text + "'", where);
  }
}

void Options::set_from_json(const std::string& name, const nlohmann::json& v, const std::string& where) {
  const OptionSpec& s = spec(name, where);
  auto bad = [&]() {
    return Error(where + ": option '" + name + "' expects " + type_name(s.default_value) + ", got " +
                 brief(v));
  };
  switch (s.default_value.index()) {
    case 0:
      if (!v.is_boolean()) throw bad();
      values_[name] = v.get<bool>();
      break;
    case 1:
      if (!v.is_number_integer()) throw bad();
      // An unsigned JSON number above 2^63-1 would wrap to a negative int64.
      if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(kIntHighest))
        throw Error(where + ": option '" + name + "' expects " + s.expects() + ", got " + brief(v));
      store(values_, s, v.get<std::int64_t>(), v.dump(), where);
      break;
    case 2:
      if (!v.is_number()) throw bad();
      // A TOML inf or nan reaches here as a JSON double that dump() would print as null.
      store(values_, s, v.get<double>(), number_text(v.get<double>()), where);
      break;
    default:
      if (!v.is_string()) throw bad();
      store(values_, s, v.get<std::string>(), v.dump(), where);
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

std::string Options::hash() const { return text_hash(to_json().dump()); }  // over the canonical JSON text

}  // namespace qilab

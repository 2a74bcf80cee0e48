#pragma once
// Rule options: every game declares its options (name, default, help, and what values it
// allows); a config file (TOML) and key=value overrides are checked against that declaration.
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

namespace qilab {

using OptionValue = std::variant<bool, std::int64_t, double, std::string>;

struct OptionSpec {
  std::string name;
  OptionValue default_value;
  std::string help;
  // The values allowed besides the type, checked by Options for every source (config file,
  // --set, agent spec) before any game narrows a value to its own field: a closed range for
  // integers, a range for numbers (always finite; `min_open` excludes `min` itself), a list of
  // choices for strings (empty: any text).
  std::int64_t int_min = std::numeric_limits<std::int64_t>::min();
  std::int64_t int_max = std::numeric_limits<std::int64_t>::max();
  double min = -std::numeric_limits<double>::max();
  double max = std::numeric_limits<double>::max();
  bool min_open = false;
  std::vector<std::string> choices = {};

  // What the option accepts, as the error messages and `qilab games` say it: "an integer 2 to
  // 6", "a number >= 0", "one of uct, puct", "a boolean (true/false)", "a string".
  std::string expects() const;
};

// Declarations with their allowed values (like lc0's IntOption(min, max) and ChoiceOption).
OptionSpec int_option(std::string name, std::int64_t default_value, std::int64_t min, std::int64_t max,
                      std::string help);
OptionSpec number_option(std::string name, double default_value, double min, double max, std::string help);
// A number above `min` (not equal to it), at most `max`.
OptionSpec number_above(std::string name, double default_value, double min, double max, std::string help);
OptionSpec choice_option(std::string name, std::string default_value, std::vector<std::string> choices,
                         std::string help);

class Options {
 public:
  Options() = default;
  // Defaults of every spec.
  explicit Options(const std::vector<OptionSpec>& specs);

  // Sets `name` from text ("6", "true", "1.5", "melee_front"), typed and range-checked by the
  // spec. `where` names the source in errors (a file, "--set"):
  //   "<where>: option 'players' expects an integer 2 to 6, got 4294967298".
  void set_from_text(const std::string& name, const std::string& text, const std::string& where);
  // Sets `name` from a JSON value (TOML values are converted to JSON first); checked the same way.
  void set_from_json(const std::string& name, const nlohmann::json& value, const std::string& where);

  bool get_bool(const std::string& name) const;
  std::int64_t get_int(const std::string& name) const;
  double get_double(const std::string& name) const;
  const std::string& get_string(const std::string& name) const;

  const std::vector<OptionSpec>& specs() const { return specs_; }
  nlohmann::json to_json() const;
  // A short stable hash of the option values, for game records.
  std::string hash() const;

 private:
  const OptionSpec& spec(const std::string& name, const std::string& where) const;
  const OptionValue& value(const std::string& name) const;
  std::vector<OptionSpec> specs_;
  std::map<std::string, OptionValue> values_;
};

// Whether `value` is one `spec` allows (its type, range or choices): for tests that every
// declared default is allowed.
bool option_allows(const OptionSpec& spec, const OptionValue& value);

}  // namespace qilab

#pragma once
// Rule options: every game declares its options (name, default, help, and what values it
// allows); a config file (TOML) and key=value overrides are checked against that declaration.
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
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
  // Integers: the allowed values (empty: the whole range); players 2, 3, 4 or 6.
  std::vector<std::int64_t> int_values = {};
  // Strings: a finite number in [min, max] is allowed besides `choices` (fpu: auto | 0.5).
  bool or_number = false;
  // Strings: a regular expression (ECMAScript) the whole text must match, and what it means in
  // words for the messages ("6 letters from F, E, W, A"); empty: no pattern.
  std::string pattern = {};
  std::string pattern_expects = {};

  // What the option accepts, as the error messages and `qilab games` say it: "an integer 2 to
  // 6", "one of 2, 3, 4, 6", "a number >= 0", "one of uct, puct", "one of auto, inf, parent or a
  // number", "6 letters from F, E, W, A", "a boolean (true/false)", "a string".
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
// An integer from a set of values ("players": 2, 3, 4 or 6).
OptionSpec int_choice_option(std::string name, std::int64_t default_value, std::vector<std::int64_t> values,
                             std::string help);
// A string that is one of `choices` or a finite number (the text of a double) in [min, max].
OptionSpec choice_or_number_option(std::string name, std::string default_value,
                                   std::vector<std::string> choices, double min, double max,
                                   std::string help);
// A string matching the regular expression `pattern` as a whole; `expects` says it in words.
OptionSpec pattern_option(std::string name, std::string default_value, std::string pattern,
                          std::string expects, std::string help);

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
// The finite number a text spells exactly ("0.5", "-1e3"), or nothing ("nan", "inf", "0.5x"): how
// a choice-or-number option's number is read, by option_allows and by its user.
std::optional<double> option_number(const std::string& text);

}  // namespace qilab

#pragma once
// Rule options: every game declares its options (name, default, help); a config
// file (TOML) and key=value overrides are checked against that declaration.
#include <cstdint>
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
};

class Options {
 public:
  Options() = default;
  // Defaults of every spec.
  explicit Options(const std::vector<OptionSpec>& specs);

  // Sets `name` from text ("6", "true", "1.5", "melee_front"), typed by the spec.
  // `where` names the source in errors (a file, "--set").
  void set_from_text(const std::string& name, const std::string& text, const std::string& where);
  // Sets `name` from a JSON value (TOML values are converted to JSON first).
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

}  // namespace qilab

// training/train_config.h: a strict reader (every field typed and ranged, unknown fields refused).
#include "training/train_config.h"

#include <cmath>
#include <limits>
#include <set>

#include <toml.hpp>

#include "engine/core/data.h"
#include "engine/core/error.h"
#include "engine/core/input.h"
#include "engine/core/toml_input.h"

namespace qilab::training {

namespace {

// One TOML table: typed, ranged reads by key, and a check that nothing else was written.
class Table {
 public:
  Table(const toml::value* v, std::string prefix, const std::string& source)
      : v_(v), prefix_(std::move(prefix)), source_(source) {
    if (v_ && !v_->is_table()) throw Error(source_ + ": field '" + name("") + "' expects a table");
  }
  std::string name(const std::string& key) const {
    if (prefix_.empty()) return key;
    return key.empty() ? prefix_ : prefix_ + "." + key;
  }
  const toml::value* find(const std::string& key) {
    seen_.insert(key);
    if (!v_) return nullptr;
    const auto& t = v_->as_table();
    auto it = t.find(key);
    return it == t.end() ? nullptr : &it->second;
  }
  template <class Int>
  void integer(const std::string& key, Int& out, std::int64_t lo, std::int64_t hi) {
    const toml::value* x = find(key);
    if (!x) return;
    if (!x->is_integer() || x->as_integer() < lo || x->as_integer() > hi)
      fail(key, "an integer " + std::to_string(lo) + " to " + std::to_string(hi), *x);
    out = static_cast<Int>(x->as_integer());
  }
  void number(const std::string& key, double& out, double lo, double hi) {
    const toml::value* x = find(key);
    if (!x) return;
    double v = 0;
    if (x->is_floating()) {
      v = x->as_floating();
    } else if (x->is_integer()) {
      v = static_cast<double>(x->as_integer());
    } else {
      fail(key, "a number " + num(lo) + " to " + num(hi), *x);
    }
    if (!std::isfinite(v) || v < lo || v > hi) fail(key, "a number " + num(lo) + " to " + num(hi), *x);
    out = v;
  }
  void boolean(const std::string& key, bool& out) {
    const toml::value* x = find(key);
    if (!x) return;
    if (!x->is_boolean()) fail(key, "true or false", *x);
    out = x->as_boolean();
  }
  void text(const std::string& key, std::string& out, const std::vector<std::string>& choices = {}) {
    const toml::value* x = find(key);
    if (!x) return;
    std::string expected = "a string";
    if (!choices.empty()) {
      expected = "one of";
      for (const auto& c : choices) expected += " " + c;
    }
    if (!x->is_string()) fail(key, expected, *x);
    out = x->as_string().str;
    if (!choices.empty() && std::find(choices.begin(), choices.end(), out) == choices.end())
      fail(key, expected, *x);
  }
  void strings(const std::string& key, std::vector<std::string>& out) {
    const toml::value* x = find(key);
    if (!x) return;
    if (!x->is_array()) fail(key, "an array of strings", *x);
    out.clear();
    for (const auto& e : x->as_array()) {
      if (!e.is_string()) fail(key, "an array of strings", *x);
      out.push_back(e.as_string().str);
    }
  }
  void integers(const std::string& key, std::vector<std::int64_t>& out) {
    const toml::value* x = find(key);
    if (!x) return;
    if (!x->is_array()) fail(key, "an array of integers >= 0", *x);
    out.clear();
    for (const auto& e : x->as_array()) {
      if (!e.is_integer() || e.as_integer() < 0) fail(key, "an array of integers >= 0", *x);
      out.push_back(e.as_integer());
    }
  }
  // Refuses any key not read above.
  void done() {
    if (!v_) return;
    for (const auto& [k, x] : v_->as_table()) {
      if (seen_.count(k)) continue;
      std::string known;
      for (const auto& s : seen_) known += (known.empty() ? "" : ", ") + s;
      throw Error(source_ + ": unknown field '" + name(k) + "' (expected " + known + ")");
    }
  }

 private:
  [[noreturn]] void fail(const std::string& key, const std::string& expected, const toml::value& got) {
    throw Error(source_ + ": field '" + name(key) + "' expects " + expected + ", got " +
                brief_text(toml::format(got)));
  }
  static std::string num(double x) {
    if (x == std::numeric_limits<double>::max()) return "any";
    std::string s = std::to_string(x);
    while (s.size() > 1 && s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
  }
  const toml::value* v_;
  std::string prefix_;
  const std::string& source_;
  std::set<std::string> seen_;
};

}  // namespace

TrainConfig parse_train_config(const std::string& text, const std::string& source) {
  const toml::value root = parse_toml(text, source);
  if (!root.is_table()) throw Error(source + ": expected a TOML table");
  TrainConfig c;
  c.source = source;
  c.text_hash = text_hash(text);
  Table top(&root, "", source);
  top.find("description");
  top.text("game", c.game);
  if (c.game.empty()) throw Error(source + ": field 'game' expects a game config file (configs/games/...)");
  top.strings("set", c.set);
  top.integer("seed", c.seed, 0, std::numeric_limits<std::int64_t>::max());
  top.integer("iterations", c.iterations, 1, 1'000'000);

  constexpr double kAny = std::numeric_limits<double>::max();
  Table net(top.find("network"), "network", source);
  net.integer("blocks", c.network.blocks, 0, 64);
  net.integer("channels", c.network.channels, 1, 1024);
  net.integer("value_hidden", c.network.value_hidden, 1, 4096);
  net.done();

  auto& sp = c.selfplay;
  Table self(top.find("selfplay"), "selfplay", source);
  self.integer("games", sp.games, 1, 1'000'000);
  self.integer("threads", sp.threads, 1, 1024);
  self.integer("simulations", sp.simulations, 1, 1'000'000);
  self.integer("fast_simulations", sp.fast_simulations, 0, 1'000'000);
  self.number("full_fraction", sp.full_fraction, 0, 1);
  self.number("heuristic_weight", sp.heuristic_weight, 0, 1);
  self.integer("heuristic_hold", sp.heuristic_hold, 0, 1'000'000);
  self.integer("heuristic_iterations", sp.heuristic_iterations, 0, 1'000'000);
  self.number("heuristic_prior_weight", sp.heuristic_prior_weight, 0, 1);
  self.number("heuristic_prior_temperature", sp.heuristic_prior_temperature, 0.001, kAny);
  self.number("root_value_weight", sp.root_value_weight, 0, 1);
  self.text("value_scale", sp.value_scale, {"game", "tree"});
  self.integer("batch", sp.batch, 1, 4096);
  self.number("puct", sp.puct, 0, kAny);
  self.number("fpu_reduction", sp.fpu_reduction, -1, 1);
  self.number("noise_alpha", sp.noise_alpha, 0, 1000);
  self.number("noise_fraction", sp.noise_fraction, 0, 1);
  self.number("temperature", sp.temperature, 0, kAny);
  self.integer("temperature_moves", sp.temperature_moves, 0, 1'000'000);
  self.number("temperature_after", sp.temperature_after, 0, kAny);
  self.number("resign_threshold", sp.resign_threshold, 0, 1);
  self.integer("resign_consecutive", sp.resign_consecutive, 1, 1000);
  self.number("resign_check_fraction", sp.resign_check_fraction, 0, 1);
  self.integer("max_nodes", sp.max_nodes, 1000, std::numeric_limits<std::int32_t>::max());
  self.done();
  if (sp.fast_simulations > 0 && sp.full_fraction <= 0)
    throw Error(source +
                ": field 'selfplay.full_fraction' expects a number above 0 with fast_simulations, got 0");

  auto& sv = c.service;
  Table svc(top.find("service"), "service", source);
  svc.integer("max_batch", sv.max_batch, 1, 65536);
  svc.integer("max_wait_us", sv.max_wait_us, 0, 10'000'000);
  svc.integer("servers", sv.servers, 1, 64);
  svc.integer("threads", sv.threads, 1, 1024);
  svc.integer("cache_entries", sv.cache_entries, 0, 100'000'000);
  svc.text("device", sv.device, {"cpu", "cuda"});
  svc.done();

  Table rep(top.find("replay"), "replay", source);
  rep.integer("window", c.replay.window, 1, std::int64_t{1} << 40);
  rep.boolean("symmetries", c.replay.symmetries);
  rep.done();

  auto& o = c.optimizer;
  Table tr(top.find("trainer"), "trainer", source);
  tr.text("optimizer", o.kind, {"sgd", "adam"});
  tr.number("learning_rate", o.learning_rate, 1e-12, 100);
  tr.number("momentum", o.momentum, 0, 1);
  tr.number("l2", o.l2, 0, 1);
  tr.number("value_weight", o.value_weight, 0, 1000);
  tr.integers("lr_steps", o.lr_steps);
  tr.number("lr_gamma", o.lr_gamma, 0, 1);
  tr.integer("batch_size", c.trainer.batch_size, 1, 65536);
  tr.integer("steps_per_iteration", c.trainer.steps_per_iteration, 1, 100'000'000);
  tr.integer("checkpoint_every", c.trainer.checkpoint_every, 1, 100'000'000);
  tr.done();

  auto& g = c.gating;
  Table gate(top.find("gating"), "gating", source);
  gate.integer("games", g.games, 0, 1'000'000);
  gate.integer("simulations", g.simulations, 1, 1'000'000);
  gate.number("threshold", g.threshold, 0, 1);
  gate.text("baseline", g.baseline);
  gate.integer("baseline_games", g.baseline_games, 0, 1'000'000);
  gate.integer("threads", g.threads, 1, 1024);
  gate.done();
  top.done();
  return c;
}

TrainConfig read_train_config(const std::string& given) {
  const std::string path = user_or_data_path(given);
  return parse_train_config(read_text_file(path, "training config"), path);
}

}  // namespace qilab::training

#pragma once
// Hand-built elements positions for the rule tests.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/error.h"
#include "engine/elements/elements.h"

namespace elements_test {

using namespace qilab;
using namespace qilab::elements;

inline Elements make(int players = 2, const std::vector<std::pair<std::string, std::string>>& opts = {}) {
  Options o(Elements::option_specs());
  o.set_from_text("players", std::to_string(players), "test");
  for (const auto& [k, v] : opts) o.set_from_text(k, v, "test");
  return Elements(o);
}

inline int cell(const State& s, int q, int r) {
  const int c = s.grid().at(q, r);
  REQUIRE(c >= 0);
  return c;
}

// No tiles but the bases; every hero dead, off the board and marked as acted (so it is not
// selectable); tests bring in the heroes they need with `bring`.
inline State blank(const Elements& g) {
  State s = g.initial_state();
  s.clear_tiles();
  for (int i = 0; i < s.heroes(); ++i) {
    s.kill_for_test(i);
    s.set_acted(i, true);
  }
  return s;
}

inline void bring(State& s, int i, int c, bool acted = false) {
  s.revive_at(i, c);
  s.set_acted(i, acted);
}

inline std::set<std::string> legal_strings(const State& s) {
  ActionList l;
  s.legal_actions(l);
  std::set<std::string> out;
  for (Action a : l) out.insert(s.action_to_string(a));
  return out;
}

inline bool has(const State& s, const std::string& action) { return legal_strings(s).count(action) == 1; }

inline void play(State& s, const std::string& action) {
  const Action a = s.string_to_action(action);
  INFO("action " << action << " in\n" << s.render_text());
  REQUIRE(s.is_legal(a));
  s.apply(a);
}

// Outcome -> probability at a chance node.
inline std::vector<std::pair<std::string, double>> chances(const State& s) {
  ChanceList c;
  s.chance_outcomes(c);
  std::vector<std::pair<std::string, double>> out;
  for (const auto& o : c) out.emplace_back(s.action_to_string(o.action), o.probability);
  return out;
}

inline double choose(int n, int k) {
  double r = 1;
  for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

}  // namespace elements_test

#pragma once
// Building mizong positions by hand: a game at point size 4 (or 24) with chosen options, an
// empty board, and pieces put on named cells.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/options.h"
#include "engine/mizong/mizong.h"
#include "engine/mizong/paths.h"

namespace qilab::mizong::test {

inline Mizong make_game(std::vector<std::pair<std::string, std::string>> overrides = {}, int point = 4) {
  Options o(Mizong::option_specs());
  o.set_from_text("point_size", std::to_string(point), "test");
  for (const auto& [k, v] : overrides) o.set_from_text(k, v, "test");
  return Mizong(o);
}

inline Identity who(Kind kind, Attr1 a1, Attr2 a2, bool dark = false) {
  return Identity{static_cast<std::uint8_t>(kind), static_cast<std::uint8_t>(a1),
                  static_cast<std::uint8_t>(a2), dark};
}

// An empty board, seat 0 to move in round 1.
inline State empty(const Mizong& g) {
  State s = g.initial_state();
  s.clear_board();
  return s;
}

inline int cell(const State& s, const std::string& name) {
  const int c = s.geo().parse(name);
  if (c < 0) throw std::runtime_error("no cell " + name);
  return c;
}

// Piece id of seat p's k-th piece.
inline int pid(const State& s, int p, int k) { return p * s.home_size() + k; }

inline std::vector<std::string> names(const State& s, std::vector<int> cells) {
  std::sort(cells.begin(), cells.end());
  std::vector<std::string> out;
  for (int c : cells) out.push_back(s.geo().name(c));
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> legal_strings(const State& s) {
  ActionList l;
  s.legal_actions(l);
  std::vector<std::string> out;
  for (Action a : l) out.push_back(s.action_to_string(a));
  std::sort(out.begin(), out.end());
  return out;
}

inline void play(State& s, const std::string& text) {
  const Action a = s.string_to_action(text);
  if (!s.is_legal(a)) throw std::runtime_error("illegal: " + text);
  s.apply(a);
}

}  // namespace qilab::mizong::test

namespace qilab::mizong::test {

// Ends seat p's turns until seat `p` is to move again... simply: k end-turns (between activations).
inline void end_turns(State& s, int k) {
  for (int i = 0; i < k; ++i) play(s, "end-turn");
}

// Oracle for move tests, independent of the engine's walkers: every walk of min..max steps
// from `start` through empty vertices, turns in [min_turns, max_turns], no reversal unless
// allowed, ending off the start. Returns the end cells' names, sorted.
inline std::vector<std::string> oracle_ends(const State& s, int start, int min_steps, int max_steps,
                                            int min_turns, int max_turns, bool reversal = false) {
  const Geometry& g = s.geo();
  std::vector<int> ends;
  auto rec = [&](auto&& self, int cell, int dir, int steps, int turns) -> void {
    if (steps >= min_steps && turns >= min_turns && turns <= max_turns && cell != start) ends.push_back(cell);
    if (steps == max_steps) return;
    for (int d = 0; d < 6; ++d) {
      if (steps > 0 && d == 5 - dir && !reversal) continue;
      const int t = turns + (steps > 0 && d != dir);
      if (t > max_turns) continue;
      const int x = g.nb[cell][d];
      if (x < 0 || (x != start && s.piece_at(x) >= 0)) continue;
      self(self, x, d, steps + 1, t);
    }
  };
  rec(rec, start, 0, 0, 0);
  std::sort(ends.begin(), ends.end());
  ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
  return names(s, ends);
}

inline std::vector<std::string> engine_ends(const State& s, int id) { return names(s, s.move_ends(id)); }

// Every end of a walk of `pat` from start through the empty vertices of `occupied` (the start
// counting as empty), by the engine's walk (window_ends), in cell order.
inline std::set<int> walk_end_set(const Geometry& g, int start, const Pattern& pat, const Board& occupied) {
  std::set<int> ends;
  window_ends(g, start, pat, occupied, [&](int e) {
    ends.insert(e);
    return false;
  });
  return ends;
}

}  // namespace qilab::mizong::test

#pragma once
// Hand-built guifa positions for the rule tests: pieces by cell name, kind letter and seat.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/guifa/guifa.h"

namespace guifa_test {

using namespace qilab;
using namespace qilab::guifa;

inline Guifa make(int players = 2, const std::string& teams = "alliance", int size = 9, bool hold = true,
                  int max_turns = 400) {
  Options o(Guifa::option_specs());
  o.set_from_text("players", std::to_string(players), "test");
  o.set_from_text("teams", teams, "test");
  o.set_from_text("board_size", std::to_string(size), "test");
  o.set_from_text("hold_round", hold ? "true" : "false", "test");
  o.set_from_text("max_turns", std::to_string(max_turns), "test");
  return Guifa(o);
}

// One piece: its id is its place in the list, from 1.
struct P {
  std::string cell;
  char kind;  // S H F Z N P E B
  int owner;
  int master = 0;  // beasts and clones: the master's id
  bool clone = false;
  bool revived = false;
};

struct Corpse {
  std::string cell;
  std::string kind;  // a kind name or "spent"
  int count = 1;
};

inline std::string kind_name(char letter) {
  for (int k = 0; k < kKinds; ++k)
    if (kLetter[k] == letter) return kKindName[k];
  FAIL("bad letter");
  return "";
}

inline nlohmann::json position_json(const Guifa& g, const std::vector<P>& pieces, int current = 0,
                                    const std::vector<Corpse>& corpses = {}) {
  nlohmann::json ps = nlohmann::json::array();
  int id = 1;
  for (const auto& p : pieces)
    ps.push_back({{"cell", p.cell},
                  {"kind", kind_name(p.kind)},
                  {"owner", p.owner},
                  {"id", id++},
                  {"revived", p.revived},
                  {"clone", p.clone},
                  {"master", p.master}});
  nlohmann::json cs = nlohmann::json::array();
  for (const auto& c : corpses) cs.push_back({{"cell", c.cell}, {"counts", {{c.kind, c.count}}}});
  nlohmann::json out = nlohmann::json::array();
  for (int p = 0; p < g.num_players(); ++p) out.push_back(false);
  const std::string mode = g.num_players() == 2 ? "two_players" : g.options().get_string("teams");
  return {{"game", "guifa"},
          {"size", g.options().get_int("board_size")},
          {"players", g.num_players()},
          {"mode", mode},
          {"current", current},
          {"turns", 0},
          {"moves", 0},
          {"pieces", ps},
          {"corpses", cs},
          {"out", out},
          {"hold", nullptr},
          {"summoning", nullptr},
          {"ward", nullptr},
          {"next_id", id},
          {"winner", nullptr}};
}

inline State position(const Guifa& g, const std::vector<P>& pieces, int current = 0,
                      const std::vector<Corpse>& corpses = {}) {
  return g.state_from_json(position_json(g, pieces, current, corpses));
}

inline std::set<std::string> legal(const State& s) {
  ActionList list;
  s.legal_actions(list);
  std::set<std::string> out;
  for (Action a : list) out.insert(s.action_to_string(a));
  return out;
}

// Legal actions that mention `cell` as their origin ("e1-e2", "summon e1", "annihilate e1").
inline std::set<std::string> legal_from(const State& s, const std::string& cell) {
  std::set<std::string> out;
  for (const auto& a : legal(s)) {
    const auto space = a.find(' ');
    if (a.rfind(cell, 0) == 0 && a.size() > cell.size() &&
        !std::isdigit(static_cast<unsigned char>(a[cell.size()])))
      out.insert(a);
    else if (space != std::string::npos && a.substr(space + 1) == cell && a.rfind("summon", 0) == 0)
      out.insert(a);
    else if (space != std::string::npos && a.substr(space + 1) == cell && a.rfind("annihilate", 0) == 0)
      out.insert(a);
  }
  return out;
}

// Applies a legal action written in notation.
inline void play(State& s, const std::string& text) {
  const Action a = s.string_to_action(text);
  INFO("action ", text, "\n", s.render_text());
  REQUIRE(s.is_legal(a));
  s.apply(a);
}

inline bool is_legal(const State& s, const std::string& text) { return s.is_legal(s.string_to_action(text)); }

inline char kind_at(const State& s, const std::string& cell) {
  const Piece& p = s.at(s.geo().parse(cell));
  return p.kind == kEmpty ? '.' : kLetter[p.kind];
}
inline int owner_at(const State& s, const std::string& cell) { return s.at(s.geo().parse(cell)).owner; }
inline int cell(const State& s, const std::string& name) { return s.geo().parse(name); }

}  // namespace guifa_test

namespace doctest {
template <>
struct StringMaker<std::set<std::string>> {
  static String convert(const std::set<std::string>& s) {
    std::string out = "{";
    for (const auto& x : s) out += x + " ";
    return (out + "}").c_str();
  }
};
}  // namespace doctest

#include "engine/elements/data.h"

#include <filesystem>
#include <map>
#include <set>
#include <toml.hpp>

#include "engine/core/data.h"
#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/core/toml_input.h"

namespace qilab::elements {

int parse_element(std::string_view name) {
  for (int e = 0; e < kElements; ++e)
    if (name == kElementName[e]) return e;
  return -1;
}

int parse_marker(char c) {
  for (int m = 0; m < 6; ++m)
    if (c == kMarkerLetter[m]) return m;
  return -1;
}

std::string Tile::edge_string() const {
  std::string s(6, '.');
  for (int d = 0; d < 6; ++d) s[d] = kMarkerLetter[edges[d]];
  return s;
}

std::string default_data_path(std::string_view name) {
  return data_path("configs/games/elements/" + std::string(name));
}

namespace {

// A TOML table with checked field access; every error names the file, the entry and the field.
class Fields {
 public:
  Fields(const toml::value& v, std::string where) : where_(std::move(where)) {
    if (!v.is_table()) throw Error(where_ + ": expected a table");
    table_ = &v.as_table();
  }
  const std::string& where() const { return where_; }
  const toml::value* find(const std::string& key) const {
    auto it = table_->find(key);
    return it == table_->end() ? nullptr : &it->second;
  }
  void only(const std::set<std::string>& known) const {
    for (const auto& [k, v] : *table_)
      if (!known.count(k)) throw Error(where_ + ": unknown field '" + k + "'");
  }
  std::string str(const std::string& key, const std::string& fallback, bool required) const {
    const auto* v = find(key);
    if (!v) {
      if (required) throw Error(where_ + ": missing field '" + key + "' (expected a string)");
      return fallback;
    }
    if (!v->is_string()) throw Error(where_ + ": field '" + key + "' expects a string");
    return v->as_string().str;
  }
  int integer(const std::string& key, int fallback, bool required, int lo, int hi) const {
    const auto* v = find(key);
    if (!v) {
      if (required)
        throw Error(where_ + ": missing field '" + key + "' (expected an integer " + std::to_string(lo) +
                    " to " + std::to_string(hi) + ")");
      return fallback;
    }
    if (!v->is_integer() || v->as_integer() < lo || v->as_integer() > hi)
      throw Error(where_ + ": field '" + key + "' expects an integer " + std::to_string(lo) + " to " +
                  std::to_string(hi));
    return static_cast<int>(v->as_integer());
  }

 private:
  std::string where_;
  const toml::table* table_ = nullptr;
};

toml::value parse_file(const std::string& path) {
  return parse_toml(read_text_file(path, "data file"), path);  // nesting checked before toml11 recurses
}

const toml::array& entries(const toml::value& root, const std::string& path, const std::string& key) {
  Fields top(root, path);
  top.only({key, "description"});
  const auto* list = top.find(key);
  if (!list || !list->is_array() || list->as_array().empty())
    throw Error(path + ": expected a non-empty array of tables [[" + key + "]]");
  return list->as_array();
}

int element_field(const Fields& f, const std::string& key, bool required) {
  std::string s = f.str(key, "", required);
  if (s.empty() && !required) return -1;
  int e = parse_element(s);
  if (e < 0)
    throw Error(f.where() + ": field '" + key + "' expects fire, earth, water or wind, not '" + s + "'");
  return e;
}

Skill read_skill(const toml::value& v, const std::string& where) {
  Fields f(v, where);
  f.only({"id", "name", "effect", "target", "amount", "duration", "range", "range_kind", "element",
          "cost_mana", "cost_element", "cost_energy", "text"});
  Skill s;
  s.id = f.str("id", "", true);
  s.name = f.str("name", s.id, false);
  const std::string effect = f.str("effect", "", true);
  int e = -1;
  for (int k = 0; k < kEffects; ++k)
    if (effect == kEffectName[k]) e = k;
  if (e < 0)
    throw Error(where +
                ": field 'effect' expects one of attack_up, attack_down, defence_up, defence_down, move_up, "
                "ward, heal, strike, terrain, not '" +
                effect + "'");
  s.effect = static_cast<Effect>(e);
  const std::string target = f.str("target", "", true);
  int t = -1;
  for (int k = 0; k < 4; ++k)
    if (target == kTargetName[k]) t = k;
  if (t < 0) throw Error(where + ": field 'target' expects self, ally, enemy or tile, not '" + target + "'");
  s.target = static_cast<Target>(t);
  s.amount = f.integer("amount", 1, false, 1, 9);
  const bool instant = s.effect == Effect::kHeal || s.effect == Effect::kStrike;
  s.duration = f.integer("duration", instant ? 0 : 1, false, instant ? 0 : 1, 9);
  s.range = f.integer("range", 0, false, 0, 6);
  const std::string kind = f.str("range_kind", "radius", false);
  if (kind != "radius" && kind != "line") throw Error(where + ": field 'range_kind' expects radius or line");
  s.line = kind == "line";
  s.element = element_field(f, "element", s.effect == Effect::kTerrain);
  s.cost_mana = f.integer("cost_mana", 0, false, 0, 9);
  s.cost_element = element_field(f, "cost_element", false);
  s.cost_energy = f.integer("cost_energy", 0, false, 0, 9);
  if ((s.cost_element >= 0) != (s.cost_energy > 0))
    throw Error(where + ": fields 'cost_element' and 'cost_energy' go together");
  if (s.cost_mana == 0 && s.cost_energy == 0)
    throw Error(where + ": a skill needs a cost (cost_mana or cost_energy)");
  if (s.target == Target::kSelf && s.range != 0) throw Error(where + ": a self skill has range 0");
  if (s.target == Target::kTile && s.effect != Effect::kTerrain)
    throw Error(where + ": target 'tile' goes with effect 'terrain'");
  if (s.effect == Effect::kTerrain && s.target != Target::kTile)
    throw Error(where + ": effect 'terrain' goes with target 'tile'");
  return s;
}

}  // namespace

Deck read_deck(const std::string& path) {
  const toml::value root = parse_file(path);
  Deck deck;
  int i = 0;
  for (const auto& v : entries(root, path, "tile")) {
    const std::string where = path + ": tile " + std::to_string(i++);
    Fields f(v, where);
    f.only({"element", "edges", "count"});
    Tile t;
    t.element = static_cast<Element>(element_field(f, "element", true));
    const std::string edges = f.str("edges", "......", false);
    if (edges.size() != 6)
      throw Error(where + ": field 'edges' expects 6 letters from . A S M G B (E NE NW W SW SE)");
    for (int d = 0; d < 6; ++d) {
      int m = parse_marker(edges[d]);
      if (m < 0)
        throw Error(where + ": field 'edges' expects 6 letters from . A S M G B, not '" + edges + "'");
      t.edges[d] = static_cast<Marker>(m);
    }
    const int count = f.integer("count", 1, false, 1, kMaxDeck);
    int design = -1;
    for (int k = 0; k < static_cast<int>(deck.designs.size()); ++k)
      if (deck.designs[k] == t) design = k;
    if (design < 0) {
      design = static_cast<int>(deck.designs.size());
      deck.designs.push_back(t);
    }
    for (int c = 0; c < count; ++c) {
      deck.tiles.push_back(t);
      deck.design_of.push_back(design);
    }
  }
  if (deck.tiles.size() > static_cast<std::size_t>(kMaxDeck))
    throw Error(path + ": " + std::to_string(deck.tiles.size()) + " tiles (expected at most 128)");
  return deck;
}

std::vector<HeroSpec> read_roster(const std::string& path) {
  const toml::value root = parse_file(path);
  std::vector<HeroSpec> out;
  std::set<std::string> ids;
  int i = 0;
  for (const auto& v : entries(root, path, "hero")) {
    std::string where = path + ": hero " + std::to_string(i++);
    Fields f(v, where);
    f.only({"id", "name", "title", "energy", "attack", "defence", "move", "range", "range_kind", "mana",
            "skill", "text"});
    HeroSpec h;
    h.id = f.str("id", "", true);
    where += " (" + h.id + ")";
    Fields g(v, where);
    if (!ids.insert(h.id).second) throw Error(where + ": field 'id' repeats an earlier hero");
    h.name = g.str("name", h.id, false);
    h.title = g.str("title", "", false);
    const auto* energy = g.find("energy");
    if (!energy) throw Error(where + ": missing field 'energy' (a table fire, earth, water, wind)");
    Fields e(*energy, where + ": energy");
    e.only({"fire", "earth", "water", "wind"});
    for (int k = 0; k < kElements; ++k) h.energy[k] = e.integer(kElementName[k], 0, true, 1, 9);
    h.attack = g.integer("attack", 0, true, 0, 9);
    h.defence = g.integer("defence", 0, true, 0, 9);
    h.move = g.integer("move", 0, true, 0, 20);
    h.range = g.integer("range", 1, false, 1, 6);
    const std::string kind = g.str("range_kind", "radius", false);
    if (kind != "radius" && kind != "line")
      throw Error(where + ": field 'range_kind' expects radius or line");
    h.line = kind == "line";
    h.mana = g.integer("mana", 0, false, 0, 9);
    if (const auto* skills = g.find("skill")) {
      if (!skills->is_array())
        throw Error(where + ": field 'skill' expects an array of tables [[hero.skill]]");
      int k = 0;
      for (const auto& s : skills->as_array())
        h.skills.push_back(read_skill(s, where + ": skill " + std::to_string(k++)));
      if (h.skills.size() > static_cast<std::size_t>(kMaxSkills))
        throw Error(where + ": field 'skill' has more than 3 skills");
    }
    for (const auto& s : h.skills)
      if (s.cost_mana > h.mana)
        throw Error(where + ": skill " + s.id + " costs more mana than the hero has (field 'mana')");
    out.push_back(std::move(h));
  }
  return out;
}

}  // namespace qilab::elements

// Action notation, positions as JSON, the text view and the network encoding.
#include <functional>
#include <sstream>

#include "engine/core/error.h"
#include "engine/core/hash.h"
#include "engine/core/input.h"
#include "engine/core/json_fields.h"
#include "engine/elements/elements.h"

namespace qilab::elements {

namespace {

constexpr const char* kPhaseName[] = {"select", "respawn",     "act",          "draw",
                                      "place",  "attack_roll", "defence_roll", "over"};

int parse_dir(std::string_view s) {
  for (int d = 0; d < kDirs; ++d)
    if (s == kDirName[d]) return d;
  return -1;
}

int parse_small(std::string_view s) {
  if (s.empty() || s.size() > 3) return -1;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return -1;
    v = v * 10 + (c - '0');
  }
  return v;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    auto p = s.find(sep, start);
    if (p == std::string_view::npos) {
      out.push_back(s.substr(start));
      return out;
    }
    out.push_back(s.substr(start, p - start));
    start = p + 1;
  }
}

}  // namespace

std::string State::action_to_string(Action a) const {
  const Rules& r = *rules_;
  const Layout& L = r.layout;
  const Grid& g = r.grid;
  if (a < 0 || a >= L.total) return "invalid:" + std::to_string(a);
  if (a < L.respawn) {
    const int h = a - L.select;
    return h < heroes() ? "select:" + r.roster[heroes_[h].spec].id : "select:#" + std::to_string(h);
  }
  if (a < L.move) return "respawn:" + g.name(a - L.respawn);
  if (a < L.create) return std::string("move:") + kDirName[a - L.move];
  if (a == L.create) return "create";
  if (a < L.ret) {
    const int x = a - L.place;
    return "place:" + std::to_string(x / 36) + ":" + kDirName[(x / 6) % 6] + ":" + std::to_string(x % 6);
  }
  if (a == L.ret) return "return";
  if (a < L.gather) return "attack:" + g.name(a - L.attack);
  if (a < L.spell) return std::string("gather:") + kDirName[a - L.gather];
  if (a < L.end) {
    const int k = (a - L.spell) / L.cells, cell = (a - L.spell) % L.cells;
    std::string skill = "#" + std::to_string(k);
    if (active_ >= 0) {
      const auto& skills = r.roster[heroes_[active_].spec].skills;
      if (k < static_cast<int>(skills.size())) skill = skills[k].id;
    }
    return "spell:" + skill + ":" + g.name(cell);
  }
  if (a == L.end) return "end";
  if (a < L.roll) {
    const int d = a - L.draw;
    if (d >= static_cast<int>(r.deck.designs.size())) return "draw:#" + std::to_string(d);
    const Tile& t = r.deck.designs[d];
    return std::string("draw:") + kElementName[t.element] + ":" + t.edge_string();
  }
  return "roll:" + std::to_string(a - L.roll);
}

Action State::string_to_action(std::string_view text) const {
  const Rules& r = *rules_;
  const Layout& L = r.layout;
  const Grid& g = r.grid;
  auto bad = [&]() {
    return Error(
        "elements: cannot read action '" + std::string(text) +
        "' (expected select:<hero>, respawn:q,r, move:<dir>, create, place:<slot>:<dir>:<rot>, return, "
        "attack:q,r, gather:<dir>, spell:<skill>:q,r, end, draw:<element>:<edges>, roll:<n>; dirs E NE NW W "
        "SW SE)");
  };
  if (text == "create") return L.create;
  if (text == "return") return L.ret;
  if (text == "end") return L.end;
  auto parts = split(text, ':');
  if (parts.size() < 2) throw bad();
  const auto head = parts[0];
  if (head == "select" && parts.size() == 2) {
    for (int h = 0; h < heroes(); ++h)
      if (parts[1] == r.roster[heroes_[h].spec].id) return L.select + h;
    if (parts[1].size() > 1 && parts[1][0] == '#') {
      int h = parse_small(parts[1].substr(1));
      if (h >= 0 && h < kMaxHeroes) return L.select + h;
    }
    throw bad();
  }
  if ((head == "respawn" || head == "attack") && parts.size() == 2) {
    const int c = g.parse(parts[1]);
    if (c < 0) throw bad();
    return (head == "respawn" ? L.respawn : L.attack) + c;
  }
  if ((head == "move" || head == "gather") && parts.size() == 2) {
    const int d = parse_dir(parts[1]);
    if (d < 0) throw bad();
    return (head == "move" ? L.move : L.gather) + d;
  }
  if (head == "place" && parts.size() == 4) {
    const int slot = parse_small(parts[1]), d = parse_dir(parts[2]), rot = parse_small(parts[3]);
    if (slot < 0 || slot > 1 || d < 0 || rot < 0 || rot > 5) throw bad();
    return L.place + (slot * 6 + d) * 6 + rot;
  }
  if (head == "spell" && parts.size() == 3) {
    const int c = g.parse(parts[2]);
    if (c < 0) throw bad();
    int k = -1;
    if (parts[1].size() > 1 && parts[1][0] == '#')
      k = parse_small(parts[1].substr(1));
    else if (active_ >= 0) {
      const auto& skills = r.roster[heroes_[active_].spec].skills;
      for (int i = 0; i < static_cast<int>(skills.size()); ++i)
        if (parts[1] == skills[i].id) k = i;
    }
    if (k < 0 || k >= kMaxSkills) throw bad();
    return L.spell + k * L.cells + c;
  }
  if (head == "draw" && parts.size() == 3) {
    for (int d = 0; d < static_cast<int>(r.deck.designs.size()); ++d) {
      const Tile& t = r.deck.designs[d];
      if (parts[1] == kElementName[t.element] && parts[2] == t.edge_string()) return L.draw + d;
    }
    throw bad();
  }
  if (head == "draw" && parts.size() == 2 && parts[1].size() > 1 && parts[1][0] == '#') {
    const int d = parse_small(parts[1].substr(1));
    if (d < 0 || d >= kMaxDeck) throw bad();
    return L.draw + d;
  }
  if (head == "roll" && parts.size() == 2) {
    const int n = parse_small(parts[1]);
    if (n < 0 || n > kMaxDice) throw bad();
    return L.roll + n;
  }
  throw bad();
}

// ---- JSON ----

nlohmann::json State::to_json() const {
  const Rules& r = *rules_;
  const Grid& g = r.grid;
  nlohmann::json j;
  j["game"] = "elements";
  j["players"] = r.players;
  j["round"] = round_;
  j["moves"] = moves_;
  j["phase"] = kPhaseName[static_cast<int>(phase_)];
  j["side"] = side_;
  j["first_side"] = first_side_;
  j["active"] = active_;
  j["move_left"] = move_left_;
  j["creates"] = creates_;
  j["returned"] = returned_;
  j["major_done"] = major_done_;
  j["casts"] = {casts_[0], casts_[1], casts_[2]};
  j["base_hp"] = {base_hp_[0], base_hp_[1]};
  j["winner"] = winner_;
  nlohmann::json deck = nlohmann::json::array();
  for (int t = 0; t < static_cast<int>(r.deck.tiles.size()); ++t)
    if ((deck_[t >> 6] >> (t & 63)) & 1) deck.push_back(t);
  j["deck"] = deck;
  j["drawn"] = {drawn_[0], drawn_[1]};
  j["to_draw"] = to_draw_;
  j["combat"] = {target_, att_dice_, att_thr_, def_dice_, def_thr_, att_succ_, dmg_elem_};
  nlohmann::json tiles = nlohmann::json::array();
  for (int c = 0; c < g.cells(); ++c) {
    if (height_[c] == 0 || bases_.test(c)) continue;
    std::string edges(6, '.');
    for (int d = 0; d < kDirs; ++d) edges[d] = kMarkerLetter[edge(c, d)];
    tiles.push_back({g.name(c), height_[c], kElementName[tile_elem_[c]], edges, tokens_.test(c)});
  }
  j["tiles"] = tiles;
  nlohmann::json heroes = nlohmann::json::array();
  for (int i = 0; i < this->heroes(); ++i) {
    const Hero& h = heroes_[i];
    nlohmann::json status = nlohmann::json::array();
    for (int k = 0; k < h.n_status; ++k)
      status.push_back(
          {kEffectName[static_cast<int>(h.status[k].kind)], h.status[k].amount, h.status[k].duration});
    heroes.push_back({{"id", r.roster[h.spec].id},
                      {"cell", h.cell >= 0 ? g.name(h.cell) : std::string("")},
                      {"energy", {h.energy[0], h.energy[1], h.energy[2], h.energy[3]}},
                      {"mana", h.mana},
                      {"acted", h.acted},
                      {"dead", h.dead},
                      {"skipped", h.skipped},
                      {"status", status}});
  }
  j["heroes"] = heroes;
  nlohmann::json terrain = nlohmann::json::array();
  for (int i = 0; i < n_terrain_; ++i)
    terrain.push_back({g.name(terrain_[i].cell), kElementName[terrain_[i].element], terrain_[i].duration,
                       terrain_[i].caster});
  j["terrain"] = terrain;
  return j;
}

// Reads a position written by to_json for this game, and refuses one that play cannot reach
// in ways the rules code relies on (docs/formats.md lists the checks). Every error names the
// JSON pointer of the field (/heroes/1/energy/0) and what was expected (engine/core/json_fields.h).
State state_from_json_impl(const Elements& game, const nlohmann::json& j) {
  const Rules& r = game.rules();
  const Grid& g = r.grid;
  const JsonField root(j, "elements position");
  root.object({"game",      "players", "round",    "moves",      "phase",  "side",    "first_side", "active",
               "move_left", "creates", "returned", "major_done", "casts",  "base_hp", "winner",     "deck",
               "drawn",     "to_draw", "combat",   "tiles",      "heroes", "terrain"});
  root["game"].expect("elements");
  // The player count first: every later range (heroes, active) depends on it.
  const int players = root["players"].int_in(2, 6);
  if (players != r.players)
    root["players"].fail("the position is for " + std::to_string(players) + " players and the game has " +
                         std::to_string(r.players) + " (option players)");
  State s = game.initial_state();
  s.round_ = static_cast<std::int16_t>(root["round"].int_in(1, r.max_rounds));
  s.moves_ = root["moves"].int_in(0, 1 << 30);
  s.phase_ = static_cast<Phase>(root["phase"].one_of(
      {"select", "respawn", "act", "draw", "place", "attack_roll", "defence_roll", "over"}));
  s.side_ = static_cast<std::int8_t>(root["side"].int_in(0, 1));
  s.first_side_ = static_cast<std::int8_t>(root["first_side"].int_in(0, 1));
  s.active_ = static_cast<std::int8_t>(root["active"].int_in(-1, r.heroes - 1));
  s.move_left_ = static_cast<std::int8_t>(root["move_left"].int_in(0, 127));
  const int create_cap = r.creates_per_activation > 0 ? r.creates_per_activation : 127;
  s.creates_ = static_cast<std::int8_t>(root["creates"].int_in(0, create_cap));
  s.returned_ = root["returned"].boolean();
  s.major_done_ = root["major_done"].boolean();
  const int cast_cap = r.casts_per_skill > 0 ? r.casts_per_skill : 127;
  const JsonField casts = root["casts"];
  casts.array(kMaxSkills);
  for (int k = 0; k < kMaxSkills; ++k) s.casts_[k] = static_cast<std::uint8_t>(casts[k].int_in(0, cast_cap));
  const JsonField hp = root["base_hp"];
  hp.array(2);
  for (int k = 0; k < 2; ++k) s.base_hp_[k] = static_cast<std::int8_t>(hp[k].int_in(0, r.base_hp));
  s.winner_ = static_cast<std::int8_t>(root["winner"].int_in(-1, 2));

  // The deck: each tile at most once, and never both in the deck and drawn.
  const int deck_size = static_cast<int>(r.deck.tiles.size());
  s.deck_ = {0, 0};
  const JsonField deck = root["deck"];
  for (std::size_t i = 0, n = deck.array(); i < n; ++i) {
    const int tile = deck[i].int_in(0, deck_size - 1);
    if ((s.deck_[tile >> 6] >> (tile & 63)) & 1)
      deck[i].fail("tile " + std::to_string(tile) + " is listed twice");
    s.deck_[tile >> 6] |= std::uint64_t{1} << (tile & 63);
  }
  const JsonField drawn = root["drawn"];
  drawn.array(2);
  int n_drawn = 0;
  for (int k = 0; k < 2; ++k) {
    const int tile = drawn[k].int_in(-1, deck_size - 1);
    s.drawn_[k] = static_cast<std::int8_t>(tile);
    if (tile < 0) continue;
    ++n_drawn;
    if ((s.deck_[tile >> 6] >> (tile & 63)) & 1)
      drawn[k].fail("tile " + std::to_string(tile) + " is drawn and also in 'deck'");
    if (k == 1 && tile == s.drawn_[0]) drawn[k].fail("tile " + std::to_string(tile) + " is drawn twice");
    if (s.phase_ != Phase::kDraw && s.phase_ != Phase::kPlace)
      drawn[k].fail("expected -1 outside the draw and place phases");
  }
  if (s.phase_ == Phase::kPlace && n_drawn == 0) drawn.fail("expected a drawn tile while placing");
  const JsonField to_draw = root["to_draw"];
  s.to_draw_ = static_cast<std::int8_t>(to_draw.int_in(0, 2));
  if (s.phase_ == Phase::kDraw && (s.to_draw_ == 0 || s.to_draw_ > s.deck_left() || s.to_draw_ + n_drawn > 2))
    to_draw.fail("expected 1 or 2 while drawing, no more than the deck holds and the two a create draws");
  if (s.phase_ != Phase::kDraw && s.to_draw_ != 0) to_draw.fail("expected 0 outside the draw phase");

  const JsonField combat = root["combat"];
  combat.array(7);  // [target, attack dice, threshold, defence dice, threshold, successes, element]
  s.target_ = static_cast<std::int16_t>(combat[0].int_in(-1, g.cells() - 1, "the target cell"));
  s.att_dice_ = static_cast<std::int8_t>(combat[1].int_in(0, kMaxDice, "the attack dice"));
  s.att_thr_ = static_cast<std::int8_t>(combat[2].int_in(4, 5, "the attack threshold"));
  s.def_dice_ = static_cast<std::int8_t>(combat[3].int_in(0, kMaxDice, "the defence dice"));
  s.def_thr_ = static_cast<std::int8_t>(combat[4].int_in(4, 5, "the defence threshold"));
  s.att_succ_ = static_cast<std::int8_t>(combat[5].int_in(0, kMaxDice, "the attack successes"));
  s.dmg_elem_ = static_cast<std::int8_t>(combat[6].int_in(0, 3, "the damage element"));

  s.clear_tiles();
  auto cell_of = [&](const JsonField& v) {
    const int c = g.parse(v.string());
    if (c < 0) v.fail("expected a cell \"q,r\" on the grid, got " + brief(v.json()));
    return c;
  };
  auto element_of = [&](const JsonField& v) {
    const int e = parse_element(v.string());
    if (e < 0) v.fail("expected fire, earth, water or wind, got " + brief(v.json()));
    return static_cast<Element>(e);
  };
  Board seen;
  int placed = 0;  // tiles from the deck on the map: every tile but the starting patches' own
  const JsonField tiles = root["tiles"];
  for (std::size_t i = 0, n = tiles.array(); i < n; ++i) {
    const JsonField t = tiles[i];
    t.array(5);  // [cell, height, element, edges, token]
    const int c = cell_of(t[0]);
    if (s.bases_.test(c)) t[0].fail("cell " + g.name(c) + " is a base; no tile lies on it");
    if (seen.test(c)) t[0].fail("a second entry for cell " + g.name(c) + " (one entry per stack)");
    seen.set(c);
    const int h = t[1].int_in(1, kMaxHeight, "a height");
    const Element e = element_of(t[2]);
    const std::string& edges = t[3].string();
    bool ok = edges.size() == 6;
    for (char ch : edges) ok = ok && parse_marker(ch) >= 0;
    if (!ok) t[3].fail("expected 6 edge letters from . A S M G B, got " + brief(t[3].json()));
    const bool token = t[4].boolean("a token flag");
    if (token && edges.find('G') == std::string::npos)
      t[4].fail("a gather token on a tile with no gather marker");
    bool patch = false;
    for (int side = 0; side < 2; ++side) patch = patch || g.distance(c, r.base_cell[side]) == 1;
    placed += h - (patch ? 1 : 0);
    s.put_tile(c, h, e, edges, token);
  }
  if (s.tokens_.count() > r.gather_tokens)
    tiles.fail(std::to_string(s.tokens_.count()) + " gather tokens, and the box holds " +
               std::to_string(r.gather_tokens) + " (option gather_tokens)");
  if (placed + s.deck_left() + n_drawn > deck_size)
    tiles.fail(std::to_string(placed) + " tiles placed beyond the starting patches, with " +
               std::to_string(s.deck_left()) + " in 'deck' and " + std::to_string(n_drawn) +
               " drawn: more than the deck's " + std::to_string(deck_size));

  const JsonField heroes = root["heroes"];
  heroes.array(static_cast<std::size_t>(r.heroes));
  for (int i = 0; i < r.heroes; ++i) s.put_hero(i, -1);
  for (int i = 0; i < r.heroes; ++i) {
    const JsonField hj = heroes[i];
    hj.object({"id", "cell", "energy", "mana", "acted", "dead", "skipped", "status"});
    Hero& h = s.heroes_[i];
    const HeroSpec& spec = r.roster[h.spec];
    hj["id"].expect(spec.id);  // the option heroes
    const JsonField energy = hj["energy"];
    energy.array(4);
    for (int e = 0; e < kElements; ++e)
      h.energy[e] = static_cast<std::uint8_t>(energy[e].int_in(0, spec.energy[e]));
    h.mana = static_cast<std::uint8_t>(hj["mana"].int_in(0, spec.mana));
    h.acted = hj["acted"].boolean();
    h.dead = hj["dead"].boolean();
    h.skipped = hj["skipped"].boolean();
    if (h.skipped && !h.dead) hj["skipped"].fail("only a dead hero has a skip served");
    if (!h.dead && h.zero_energies() >= 2)
      energy.fail("two energies at 0 on a living hero (it would have died)");
    h.n_status = 0;
    const JsonField status = hj["status"];
    const std::size_t n_status = status.array(0, kMaxStatus);
    std::array<std::string_view, kEffects> effect_names;
    for (int x = 0; x < kEffects; ++x) effect_names[x] = kEffectName[x];
    for (std::size_t k = 0; k < n_status; ++k) {
      const JsonField st = status[k];
      st.array(3);  // [kind, amount, rounds]
      const int e = st[0].one_of(effect_names);
      for (int x = 0; x < h.n_status; ++x)
        if (h.status[x].kind == static_cast<Effect>(e))
          st[0].fail("a second status " + st[0].string() + " (they merge)");
      h.status[h.n_status++] = {static_cast<Effect>(e),
                                static_cast<std::int8_t>(st[1].int_in(-9, 9, "an amount")),
                                static_cast<std::uint8_t>(st[2].int_in(1, 9, "rounds"))};
    }
    const JsonField cell = hj["cell"];
    const std::string& name = cell.string();
    if (!name.empty()) {
      const int c = cell_of(cell);
      if (s.occ_.test(c) || s.bases_.test(c) || s.height_[c] == 0)
        cell.fail("expected a free tile, got " + name);
      s.put_hero(i, c);
    }
    if (h.dead != name.empty()) cell.fail("expected \"\" exactly when the hero is dead");
  }

  Board under;
  const JsonField terrain = root["terrain"];
  for (std::size_t i = 0, n = terrain.array(0, kMaxTerrain); i < n; ++i) {
    const JsonField t = terrain[i];
    t.array(4);  // [cell, element, duration, caster]
    const int c = cell_of(t[0]);
    if (s.height_[c] == 0 || s.bases_.test(c)) t[0].fail("cell " + g.name(c) + " holds no tile");
    if (under.test(c)) t[0].fail("a second effect on cell " + g.name(c));
    under.set(c);
    const Element e = element_of(t[1]);
    const int duration = t[2].int_in(1, 9, "a duration");
    s.add_terrain(c, e, duration, t[3].int_in(0, r.heroes - 1, "the caster"));
  }

  // The phase against the rest.
  const bool over = s.phase_ == Phase::kOver;
  if (over != (s.winner_ >= 0))
    root["winner"].fail(over ? "expected 0, 1 or 2 when the game is over"
                             : "expected -1 while the game is on");
  for (int k = 0; k < 2; ++k)
    if (s.base_hp_[k] == 0 && !over) hp[k].fail("a base at 0 HP ends the game");
  const JsonField active = root["active"];
  if (s.phase_ == Phase::kSelect) {
    if (s.active_ >= 0) active.fail("expected -1 between activations");
    if (!s.side_has_unacted(s.side_))
      root["side"].fail("the side to move has no hero left to act this round");
  } else if (!over) {
    if (s.active_ < 0) active.fail("expected a hero during an activation");
    const Hero& a = s.heroes_[s.active_];
    if (s.phase_ == Phase::kRespawn ? !(a.dead && a.skipped) : a.dead)
      active.fail(s.phase_ == Phase::kRespawn ? "expected a dead hero whose skip is served"
                                              : "expected a living hero");
    if (a.side != s.side_) active.fail("expected a hero of the side to move");
  }
  const bool rolling = s.phase_ == Phase::kAttackRoll || s.phase_ == Phase::kDefenceRoll;
  // A return ends the create that made it and bars the next: it lies within an activation
  // (or one the game ended), after a create, and never while a create is drawing or placing.
  const JsonField returned = root["returned"];
  if (s.returned_) {
    if (s.creates_ == 0) returned.fail("expected false when 'creates' is 0 (a return follows a create)");
    if (s.phase_ != Phase::kAct && !rolling && !over)
      returned.fail(
          "expected false outside an activation's act and attack phases (a return bars the next create)");
  }
  if (rolling) {
    const int t = s.target_;
    const int enemy = 1 - s.heroes_[s.active_].side;
    if (t < 0 || !(t == r.base_cell[enemy] || s.side_occ_[enemy].test(t)))
      combat[0].fail("expected the cell of the enemy hero or base under attack");
  } else if (s.target_ != -1) {
    combat[0].fail("expected -1 outside the attack rolls");
  }
  return s;
}

State Elements::state_from_json(const nlohmann::json& j) const { return state_from_json_impl(*this, j); }

// ---- text, encoding, keys ----

std::string State::render_text() const {
  const Rules& r = *rules_;
  const Grid& g = r.grid;
  std::ostringstream o;
  o << "elements round " << round_ << "/" << r.max_rounds << ", " << kPhaseName[static_cast<int>(phase_)];
  if (phase_ == Phase::kOver)
    o << (winner_ == 2 ? ", draw" : winner_ == 0 ? ", red wins" : ", blue wins");
  else
    o << ", " << (side_ == 0 ? "red" : "blue") << " to move";
  o << "; base HP red " << int(base_hp_[0]) << " blue " << int(base_hp_[1]) << "; deck " << deck_left()
    << "\n";
  // The map: each cell as element letter + height (lower case with a gather token), bases as
  // [R]/[B], heroes as r0, b1 ... (side letter and hero index).
  for (int row = -g.radius(); row <= g.radius(); ++row) {
    o << std::string(static_cast<std::size_t>(std::abs(row)) * 2, ' ');
    for (int q = -g.radius(); q <= g.radius(); ++q) {
      const int c = g.at(q, row);
      if (c < 0) continue;
      std::string cellt = " .  ";
      if (bases_.test(c))
        cellt = c == r.base_cell[0] ? "[R] " : "[B] ";
      else if (hero_at_[c] >= 0) {
        const int h = hero_at_[c];
        cellt = std::string(1, heroes_[h].side == 0 ? 'r' : 'b') + std::to_string(h) +
                std::to_string(height_[c]) + " ";
      } else if (height_[c] > 0) {
        char e = kElementLetter[eff_elem_[c]];
        if (tokens_.test(c)) e = static_cast<char>(e - 'A' + 'a');
        cellt = std::string(" ") + e + std::to_string(height_[c]) + " ";
      }
      o << cellt;
    }
    o << "\n";
  }
  o << "markers:";
  for (int c = 0; c < g.cells(); ++c)
    if (height_[c] > 0 && !bases_.test(c) && edges_[c]) {
      o << " " << g.name(c) << "=";
      for (int d = 0; d < kDirs; ++d) o << kMarkerLetter[edge(c, d)];
    }
  o << "\n";
  for (int i = 0; i < heroes(); ++i) {
    const Hero& h = heroes_[i];
    const HeroSpec& s = r.roster[h.spec];
    o << (h.side == 0 ? "r" : "b") << i << " " << s.id << " (" << s.name << ", seat " << int(h.owner) << ") "
      << (h.dead ? "dead" : "at " + g.name(h.cell)) << " F" << int(h.energy[0]) << " E" << int(h.energy[1])
      << " W" << int(h.energy[2]) << " A" << int(h.energy[3]) << " mana " << int(h.mana)
      << (h.acted ? " acted" : "") << (h.skipped ? " skipped" : "");
    for (int k = 0; k < h.n_status; ++k)
      o << " " << kEffectName[static_cast<int>(h.status[k].kind)] << int(h.status[k].amount) << "x"
        << int(h.status[k].duration);
    o << "\n";
  }
  for (int i = 0; i < n_terrain_; ++i)
    o << "terrain " << g.name(terrain_[i].cell) << " " << kElementName[terrain_[i].element] << " x"
      << int(terrain_[i].duration) << " by " << int(terrain_[i].caster) << "\n";
  if (active_ >= 0)
    o << "active " << r.roster[heroes_[active_].spec].id << ": move " << int(move_left_) << ", creates "
      << int(creates_) << (returned_ ? " (tiles returned: no more creates)" : "")
      << (major_done_ ? ", attacked/gathered" : "") << "\n";
  if (drawn_[0] >= 0 || drawn_[1] >= 0) {
    o << "drawn:";
    for (int k = 0; k < 2; ++k)
      if (drawn_[k] >= 0) {
        const Tile& t = r.deck.tiles[drawn_[k]];
        o << " " << k << "=" << kElementName[t.element] << ":" << t.edge_string();
      }
    o << "\n";
  }
  if (phase_ == Phase::kAttackRoll || phase_ == Phase::kDefenceRoll)
    o << "attack on " << g.name(target_) << ": " << int(att_dice_) << " dice (" << int(att_thr_)
      << "+) against " << int(def_dice_) << " (" << int(def_thr_) << "+), " << int(att_succ_)
      << " successes so far\n";
  return o.str();
}

std::uint64_t State::information_key(Player p) const {
  return hash_mix(hash_bytes(kHashSeed, to_json().dump()), static_cast<std::uint64_t>(p));
}

}  // namespace qilab::elements

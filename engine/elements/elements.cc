// Options, the variant's fixed rules and the initial position.
#include "engine/elements/elements.h"

#include <cmath>
#include <set>
#include <sstream>

#include "engine/core/error.h"

namespace qilab::elements {

Layout::Layout(int c) : cells(c) {
  select = 0;
  respawn = select + kMaxHeroes;
  move = respawn + c;
  create = move + kDirs;
  place = create + 1;
  ret = place + 2 * kDirs * 6;
  attack = ret + 1;
  gather = attack + c;
  spell = gather + kDirs;
  end = spell + kMaxSkills * c;
  draw = end + 1;
  roll = draw + kMaxDeck;
  total = roll + kMaxDice + 1;
}

std::vector<OptionSpec> Elements::option_specs() {
  return {
      {"players", std::int64_t{2}, "2 (two heroes a side), 4 (2v2) or 6 (3v3); seats alternate red and blue"},
      {"radius", std::int64_t{7}, "radius of the hex grid, 5 to 8"},
      {"heroes", std::string(""),
       "roster ids of the heroes in play, comma separated, hero i on side i % 2 (empty: the default pick)"},
      {"base_hp", std::int64_t{0}, "base HP (0: the seed's 10, or 15 with 6 players)"},
      {"base_attack_successes", std::int64_t{0}, "successes of an attack on a base (0: the seed's 2, or 3 with 6 players)"},
      {"death_penalty", std::int64_t{0}, "base HP a side loses when its hero dies (0: the seed's 2, or 3 with 6 players)"},
      {"max_rounds", std::int64_t{40}, "rounds after which the game ends (ranked by base HP)"},
      {"creates_per_activation", std::int64_t{2},
       "create actions (drawing two tiles) one activation may take, 1 to 9, or 0 for no cap (the seed's letter; "
       "search agents then loop draw-and-return without end)"},
      {"casts_per_skill", std::int64_t{0},
       "casts of each skill one activation may take: 0 no cap beyond its cost (the seed), or 1 to 9 (1: the capped setting)"},
      {"climb_two_cost", std::int64_t{4}, "movement points to climb two levels at once (-1: not allowed)"},
      {"descend_two_cost", std::int64_t{1}, "movement points to descend two levels at once (-1: not allowed)"},
      {"move_height_limit", std::int64_t{2}, "a move may cross a height difference of at most this, 0 to 2 (seed: more than 2 blocks)"},
      {"melee_height_limit", std::int64_t{2},
       "a melee (range 1) attack may cross a height difference of at most this (seed: at most 2)"},
      {"range_height_limit", std::int64_t{1},
       "each step of a ranged attack's or a spell's range may cross a height difference of at most this (seed Q&A 1: 2 or more blocks)"},
      {"gather_amount", std::int64_t{2}, "energy a gather gives"},
      {"gather_tokens", std::int64_t{24}, "gather tokens in the box; none is placed when all are on the board"},
      {"mana_per_round", std::int64_t{1}, "mana every living hero regains at the start of each round (up to its mana)"},
      {"rotate_tiles", true, "a placed tile may be turned to any of its six orientations"},
      {"return_unchosen", true, "the drawn tile not chosen goes back into the deck (false: it is discarded)"},
      {"round_start", std::string("same"), "side that starts each round: same (red) or alternate"},
      {"cap_result", std::string("base_hp"), "at the round cap: base_hp (higher base HP wins) or draw"},
      {"patch", std::string("FEWAEW"),
       "elements of the base's six starting neighbours, directions E NE NW W SW SE, letters F E W A (fire earth water wind)"},
      {"deck", std::string(""), "deck file (empty: configs/games/elements/deck.toml)"},
      {"roster", std::string(""), "roster file (empty: configs/games/elements/heroes.toml)"},
  };
}

namespace {

std::vector<std::string> split_ids(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, ',')) {
    while (!item.empty() && item.front() == ' ') item.erase(item.begin());
    while (!item.empty() && item.back() == ' ') item.pop_back();
    out.push_back(item);
  }
  return out;
}

int ranged(const Options& o, const std::string& name, int lo, int hi, const std::string& expected) {
  const auto v = o.get_int(name);
  if (v < lo || v > hi) throw Error("elements: option " + name + " = " + std::to_string(v) + " (expected " + expected + ")");
  return static_cast<int>(v);
}

}  // namespace

Elements::Elements(const Options& options) : options_(options) {
  auto r = std::make_shared<Rules>();
  r->grid = Grid(ranged(options, "radius", kMinRadius, kMaxRadius, "5 to 8"));
  r->layout = Layout(r->grid.cells());
  r->players = ranged(options, "players", 2, 6, "2, 4 or 6");
  if (r->players != 2 && r->players != 4 && r->players != 6)
    throw Error("elements: option players = " + std::to_string(r->players) + " (expected 2, 4 or 6)");
  r->heroes = r->players == 6 ? 6 : 4;
  const bool six = r->players == 6;
  auto seed_default = [&](const std::string& name, int normal, int with_six, int hi) {
    int v = ranged(options, name, 0, hi, "0 for the seed's value, or 1 to " + std::to_string(hi));
    return v == 0 ? (six ? with_six : normal) : v;
  };
  r->base_hp = seed_default("base_hp", 10, 15, 99);
  r->base_attack_successes = seed_default("base_attack_successes", 2, 3, 9);
  r->death_penalty = seed_default("death_penalty", 2, 3, 99);
  r->max_rounds = ranged(options, "max_rounds", 1, 1000, "1 to 1000");
  r->creates_per_activation = ranged(options, "creates_per_activation", 0, 9, "0 for no cap, or 1 to 9");
  r->casts_per_skill = ranged(options, "casts_per_skill", 0, 9, "0 for no cap, or 1 to 9");
  r->up2_cost = ranged(options, "climb_two_cost", -1, 20, "-1 to 20");
  r->down2_cost = ranged(options, "descend_two_cost", -1, 20, "-1 to 20");
  r->move_height_limit = ranged(options, "move_height_limit", 0, 2, "0 to 2");
  r->melee_height_limit = ranged(options, "melee_height_limit", 0, 3, "0 to 3");
  r->range_height_limit = ranged(options, "range_height_limit", 0, 3, "0 to 3");
  r->gather_amount = ranged(options, "gather_amount", 1, 9, "1 to 9");
  r->gather_tokens = ranged(options, "gather_tokens", 0, 200, "0 to 200");
  r->mana_per_round = ranged(options, "mana_per_round", 0, 9, "0 to 9");
  r->rotate_tiles = options.get_bool("rotate_tiles");
  r->return_unchosen = options.get_bool("return_unchosen");
  const std::string start = options.get_string("round_start");
  if (start != "same" && start != "alternate")
    throw Error("elements: option round_start = '" + start + "' (expected same or alternate)");
  r->alternate_first = start == "alternate";
  const std::string cap = options.get_string("cap_result");
  if (cap != "base_hp" && cap != "draw")
    throw Error("elements: option cap_result = '" + cap + "' (expected base_hp or draw)");
  r->cap_by_hp = cap == "base_hp";
  const std::string patch = options.get_string("patch");
  if (patch.size() != 6) throw Error("elements: option patch = '" + patch + "' (expected 6 letters from F E W A)");
  for (int d = 0; d < 6; ++d) {
    int e = -1;
    for (int k = 0; k < kElements; ++k)
      if (patch[d] == kElementLetter[k]) e = k;
    if (e < 0) throw Error("elements: option patch = '" + patch + "' (expected 6 letters from F E W A)");
    r->patch[d] = static_cast<Element>(e);
  }

  const std::string deck_path = options.get_string("deck").empty() ? default_data_path("deck.toml") : options.get_string("deck");
  const std::string roster_path =
      options.get_string("roster").empty() ? default_data_path("heroes.toml") : options.get_string("roster");
  r->deck = read_deck(deck_path);
  r->roster = read_roster(roster_path);
  for (std::size_t t = 0; t < r->deck.tiles.size(); ++t) {
    auto& m = r->design_mask[r->deck.design_of[t]];
    m[t >> 6] |= std::uint64_t{1} << (t & 63);
  }

  std::string picks = options.get_string("heroes");
  if (picks.empty())
    picks = six ? "knight,assassin,hunter,warlock,priest,taoist" : "knight,assassin,hunter,warlock";
  auto ids = split_ids(picks);
  if (static_cast<int>(ids.size()) != r->heroes)
    throw Error("elements: option heroes = '" + picks + "' (expected " + std::to_string(r->heroes) +
                " roster ids for " + std::to_string(r->players) + " players)");
  std::set<std::string> seen;
  for (int i = 0; i < r->heroes; ++i) {
    int found = -1;
    for (int k = 0; k < static_cast<int>(r->roster.size()); ++k)
      if (r->roster[k].id == ids[i]) found = k;
    if (found < 0) throw Error("elements: option heroes names '" + ids[i] + "', which is not in " + roster_path);
    if (!seen.insert(ids[i]).second) throw Error("elements: option heroes names '" + ids[i] + "' twice (one card each)");
    r->pick[i] = found;
  }

  const Grid& g = r->grid;
  r->base_cell[0] = g.at(1, 3);
  r->base_cell[1] = g.mirror(r->base_cell[0]);
  static constexpr int kFace[3] = {2, 1, 3};  // toward the enemy base, then either side
  for (int k = 0; k < 3; ++k) {
    r->start_cell[0][k] = g.step(r->base_cell[0], kFace[k]);
    r->start_cell[1][k] = g.step(r->base_cell[1], Grid::mirror_dir(kFace[k]));
  }
  for (int n = 0; n <= kMaxDice; ++n)
    for (int k = 0; k <= n; ++k) {
      const double c = std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0));
      r->binom_third[n][k] = c * std::pow(1.0 / 3, k) * std::pow(2.0 / 3, n - k);
      r->binom_half[n][k] = c * std::pow(0.5, n);
    }
  rules_ = std::move(r);
}

double roll_probability(const Rules& rules, int n, int threshold, int k) {
  if (n < 0 || n > kMaxDice || k < 0 || k > n) return 0;
  return threshold == 4 ? rules.binom_half[n][k] : rules.binom_third[n][k];
}

int Elements::encoding_size() const { return rules_->grid.cells() * 17 + 8; }

State Elements::initial_state() const {
  const Rules& r = *rules_;
  State s;
  s.rules_ = rules_.get();
  s.hero_at_.fill(-1);
  for (int side = 0; side < 2; ++side) {
    const int base = r.base_cell[side];
    s.bases_.set(base);
    s.height_[base] = 1;
    s.refresh_cell(base);
    for (int d = 0; d < 6; ++d) {
      const int dd = side == 0 ? d : Grid::mirror_dir(d);
      const int cell = r.grid.step(base, dd);
      s.height_[cell] = 1;
      s.tile_elem_[cell] = r.patch[d];
      s.edges_[cell] = 0;
      s.refresh_cell(cell);
    }
    s.base_hp_[side] = static_cast<std::int8_t>(r.base_hp);
  }
  for (int i = 0; i < r.heroes; ++i) {
    Hero& h = s.heroes_[i];
    const HeroSpec& spec = r.roster[r.pick[i]];
    h.spec = static_cast<std::int8_t>(r.pick[i]);
    h.side = static_cast<std::int8_t>(i % 2);
    h.owner = static_cast<std::int8_t>(i % r.players);
    for (int e = 0; e < kElements; ++e) h.energy[e] = static_cast<std::uint8_t>(spec.energy[e]);
    h.mana = static_cast<std::uint8_t>(spec.mana);
    s.put_hero(i, r.start_cell[i % 2][i / 2]);
  }
  for (std::size_t t = 0; t < r.deck.tiles.size(); ++t) s.deck_[t >> 6] |= std::uint64_t{1} << (t & 63);
  return s;
}

}  // namespace qilab::elements

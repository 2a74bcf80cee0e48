// Options, the variant's fixed rules and the initial position.
#include "engine/elements/elements.h"

#include "engine/elements/encoding.h"

#include <cmath>
#include <set>
#include <sstream>

#include "engine/core/data.h"
#include "engine/core/error.h"
#include "engine/core/game.h"
#include "engine/core/input.h"
#include "engine/core/interned.h"

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
      int_choice_option("players", 2, {2, 4, 6},
                        "2 (two heroes a side), 4 (2v2) or 6 (3v3); seats alternate red and blue"),
      int_option("radius", 7, kMinRadius, kMaxRadius, "radius of the hex grid, 5 to 8"),
      {"heroes", std::string(""),
       "roster ids of the heroes in play, comma separated, hero i on side i % 2 (empty: the default pick)"},
      int_option("base_hp", 0, 0, 99, "base HP (0: the seed's 10, or 15 with 6 players)"),
      int_option("base_attack_successes", 0, 0, 9,
                 "successes of an attack on a base (0: the seed's 2, or 3 with 6 players)"),
      int_option("death_penalty", 0, 0, 99,
                 "base HP a side loses when its hero dies (0: the seed's 2, or 3 with 6 players)"),
      int_option("max_rounds", 40, 1, 1000, "rounds after which the game ends (ranked by base HP)"),
      int_option("creates_per_activation", 0, 0, 9,
                 "create actions (drawing two tiles) one activation may take: 0 no cap beyond the deck (the "
                 "seed), or "
                 "1 to 9 (2: the capped setting); either way a create that returns both tiles is the "
                 "activation's last"),
      int_option("casts_per_skill", 0, 0, 9,
                 "casts of each skill one activation may take: 0 no cap beyond its cost (the seed), or 1 to "
                 "9 (1: the capped setting)"),
      int_option("climb_two_cost", 4, -1, 20,
                 "movement points to climb two levels at once (-1: not allowed)"),
      int_option("descend_two_cost", 1, -1, 20,
                 "movement points to descend two levels at once (-1: not allowed)"),
      int_option("move_height_limit", 2, 0, 2,
                 "a move may cross a height difference of at most this (seed: more than 2 blocks)"),
      int_option("melee_height_limit", 2, 0, 3,
                 "a melee (range 1) attack may cross a height difference of at most this (seed: at most 2)"),
      int_option("range_height_limit", 1, 0, 3,
                 "each step of a ranged attack's or a spell's range may cross a height difference of at most "
                 "this (seed Q&A 1: 2 or more blocks)"),
      int_option("gather_amount", 2, 1, 9, "energy a gather gives"),
      int_option("gather_tokens", 24, 0, 200,
                 "gather tokens in the box; none is placed when all are on the board"),
      int_option("mana_per_round", 1, 0, 9,
                 "mana every living hero regains at the start of each round (up to its mana)"),
      {"rotate_tiles", true, "a placed tile may be turned to any of its six orientations"},
      {"return_unchosen", true, "the drawn tile not chosen goes back into the deck (false: it is discarded)"},
      choice_option("round_start", "same", {"same", "alternate"},
                    "side that starts each round: same (red) or alternate"),
      choice_option("cap_result", "base_hp", {"base_hp", "draw"},
                    "at the round cap: base_hp (higher base HP wins) or draw"),
      choice_option(
          "adjudicate", "cap_result", {"cap_result", "none", "evaluation", "material"},
          "what max_rounds gives: cap_result (as that option says) | none (a draw) | evaluation (the "
          "side the evaluation puts ahead by more than 0.1 of the returns' range wins) | material (the "
          "higher base HP wins, as cap_result = base_hp); else a draw"),
      pattern_option(
          "patch", "FEWAEW", "[FEWA]{6}", "6 letters from F, E, W, A",
          "elements of the base's six starting neighbours, directions E NE NW W SW SE, letters F E W A (fire "
          "earth water wind)"),
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

}  // namespace

std::int64_t Elements::max_game_length() const {
  const Rules& r = *rules_;
  if (r.move_height_limit >= 2 && r.up2_cost >= 0 && r.up2_cost <= 1) return kNoLengthBound;
  // Every create that places a tile takes it from the deck for good: at most one per tile over
  // the game, each a create, at most two draws and the placing.
  std::int64_t game = 4 * static_cast<std::int64_t>(r.deck.tiles.size());
  for (int h = 0; h < r.heroes; ++h) {
    const HeroSpec& spec = r.roster[static_cast<std::size_t>(r.pick[static_cast<std::size_t>(h)])];
    // Casts: each pays at least one point of mana or energy. Mana only falls within an
    // activation; energy (at most the roster's) rises only by one gather and by heals, which
    // pay mana (an energy-paying heal on an ally could restore what it paid: no bound
    // without a cap), at most 9 a cast.
    std::int64_t casts = 0;
    if (r.casts_per_skill > 0) {
      casts = std::int64_t{r.casts_per_skill} * static_cast<std::int64_t>(spec.skills.size());
    } else {
      for (const Skill& s : spec.skills)
        if (s.effect == Effect::kHeal && s.target != Target::kEnemy && s.cost_energy > 0)
          return kNoLengthBound;
      std::int64_t energy = r.gather_amount;
      for (int e : spec.energy) energy += e;
      casts = 10 * std::int64_t{spec.mana} + energy;
    }
    // Moves: at most 127 points at a time, raised only by move_up casts (at most 9 each); a
    // move costs at least one point unless it goes down, and a stack is at most 3 high, so
    // at most three moves in a row are free.
    const std::int64_t moves = 4 * (127 + 9 * casts + 1);
    // select, respawn, end; one create that returns both tiles (create, two draws, return);
    // one attack with its two rolls, or a gather.
    game += std::int64_t{r.max_rounds} * (3 + 4 + 3 + casts + moves);
  }
  return game;
}

Elements::Elements(const Options& options) : options_(options) {
  // The declarations have checked every value (players 2, 4 or 6; the patch's letters); what is
  // checked here is what depends on the data files (the heroes' names, the files themselves).
  auto number = [&](const char* name) { return static_cast<int>(options.get_int(name)); };
  const std::string deck_path = options.get_string("deck").empty()
                                    ? default_data_path("deck.toml")
                                    : user_or_data_path(options.get_string("deck"));
  const std::string roster_path = options.get_string("roster").empty()
                                      ? default_data_path("heroes.toml")
                                      : user_or_data_path(options.get_string("roster"));
  // The rules live for the process, interned by everything they are built from: the options
  // and the content of the two data files (engine/core/interned.h). States point at them.
  const std::string key = options.to_json().dump() + "\n" + deck_path + "\n" +
                          text_hash(read_text_file(deck_path, "data file")) + "\n" + roster_path + "\n" +
                          text_hash(read_text_file(roster_path, "data file"));
  rules_ = &intern<Rules>(key, [&] {
    auto r = std::make_unique<Rules>();
    r->grid = Grid(number("radius"));
    r->layout = Layout(r->grid.cells());
    r->players = number("players");
    r->heroes = r->players == 6 ? 6 : 4;
    const bool six = r->players == 6;
    auto seed_default = [&](const char* name, int normal, int with_six) {
      const int v = number(name);
      return v == 0 ? (six ? with_six : normal) : v;
    };
    r->base_hp = seed_default("base_hp", 10, 15);
    r->base_attack_successes = seed_default("base_attack_successes", 2, 3);
    r->death_penalty = seed_default("death_penalty", 2, 3);
    r->max_rounds = number("max_rounds");
    r->creates_per_activation = number("creates_per_activation");
    r->casts_per_skill = number("casts_per_skill");
    r->up2_cost = number("climb_two_cost");
    r->down2_cost = number("descend_two_cost");
    r->move_height_limit = number("move_height_limit");
    r->melee_height_limit = number("melee_height_limit");
    r->range_height_limit = number("range_height_limit");
    r->gather_amount = number("gather_amount");
    r->gather_tokens = number("gather_tokens");
    r->mana_per_round = number("mana_per_round");
    r->rotate_tiles = options.get_bool("rotate_tiles");
    r->return_unchosen = options.get_bool("return_unchosen");
    r->alternate_first = options.get_string("round_start") == "alternate";
    // adjudicate overrides cap_result unless it defers to it (docs/rules/elements.md).
    const std::string& adjudicate = options.get_string("adjudicate");
    r->cap_by_hp =
        adjudicate == "cap_result" ? options.get_string("cap_result") == "base_hp" : adjudicate == "material";
    r->cap_by_evaluation = adjudicate == "evaluation";
    const std::string& patch = options.get_string("patch");  // [FEWA]{6}, by its declaration
    for (int d = 0; d < 6; ++d)
      for (int k = 0; k < kElements; ++k)
        if (patch[d] == kElementLetter[k]) r->patch[d] = static_cast<Element>(k);

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
      if (found < 0)
        throw Error("elements: option heroes names '" + ids[i] + "', which is not in " + roster_path);
      if (!seen.insert(ids[i]).second)
        throw Error("elements: option heroes names '" + ids[i] + "' twice (one card each)");
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
    return std::move(*r);
  });
  encoding_ = make_encoding_spec(*rules_);
  policy_ = make_policy_spec(*rules_);
}

static_assert(HasEncoding<Elements>);

double roll_probability(const Rules& rules, int n, int threshold, int k) {
  if (n < 0 || n > kMaxDice || k < 0 || k > n) return 0;
  return threshold == 4 ? rules.binom_half[n][k] : rules.binom_third[n][k];
}

State Elements::initial_state() const {
  const Rules& r = *rules_;
  State s;
  s.rules_ = rules_;
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

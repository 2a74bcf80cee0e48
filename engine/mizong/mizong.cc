// The mizong game: options, setups, the opening position and positions read from JSON.
#include "engine/mizong/mizong.h"
#include "engine/mizong/encoding.h"

#include <algorithm>
#include <limits>
#include <set>
#include <sstream>

#include "engine/core/data.h"
#include "engine/core/error.h"
#include "engine/core/json_fields.h"
#include "engine/core/input.h"

namespace qilab::mizong {
namespace {

// A setup by name or file; relative file paths are tried from the working directory, then
// from qilab's data folder (engine/core/data.h).
std::vector<Identity> load_setup(const Geometry& g, const std::string& spec, Rng rng) {
  if (spec.size() > 4 && spec.substr(spec.size() - 4) == ".txt") {
    return read_setup_file(g, user_or_data_path(spec));
  }
  return layout(g, spec, rng);
}

}  // namespace

std::vector<OptionSpec> Mizong::option_specs() {
  return {
      int_choice_option("point_size", 24, {4, 12, 24},
                        "rows of each star point: 24 = the seed's 3601-vertex board (300 pieces a player); "
                        "12 = the 937-vertex board with the project's 78-piece army; "
                        "4 = the 121-vertex board with the project's 10-piece army, for fast tests"),
      choice_option("teams", "ffa", {"ffa", "3v3", "2v2v2"},
                    "\"ffa\" (six players, free-for-all), \"3v3\" (alternate points allied) or "
                    "\"2v2v2\" (opposite points allied)"),
      {"setup", std::string("melee_front"),
       "every seat's setup: a layout (melee_front, ranged_front, mixed_columns, "
       "random) or a setup file ending in .txt"},
      {"setups", std::string(""),
       "per-seat setups, comma-separated (six entries), overriding 'setup'; empty: none"},
      int_option("setup_seed", 1, 0, std::numeric_limits<std::int64_t>::max(),
                 "seed of the 'random' layout (each seat draws its own)"),
      // Rounds are counted in 16 bits.
      int_option("round_cap", 200, 1, 30000,
                 "rounds after which the game ends, the unplaced ranked as 'adjudicate' says"),
      choice_option(
          "adjudicate", "material", {"material", "evaluation", "none"},
          "how the round cap ranks the unplaced teams: material (by remaining HP; equal HP share "
          "places) | evaluation (by the evaluation's team scores; scores within 0.05 of the next share "
          "places) | none (all share the places left)"),
      int_option("centre_rounds", 23, 1, 30000, "quiet rounds on the centre that win (seed: 23)"),
      choice_option(
          "same_attribute_clash", "nobody", {"nobody", "defender", "attacker"},
          "who loses HP when attacker and defender share both attributes (seed silent): nobody, defender or "
          "attacker"),
      choice_option("counter_damage", "defender_class", {"defender_class", "attacker_class"},
                    "damage to an attacker that loses: \"defender_class\" (the defender's class against the "
                    "attacker's) or \"attacker_class\" (what the attack would have dealt)"),
      choice_option("passive_heal_radius", "adjacent", {"adjacent", "attack_radius"},
                    "passive healing reaches \"adjacent\" pieces (radius 1) or within the healing piece's "
                    "\"attack_radius\""),
      choice_option(
          "heal_rate", "healer_class", {"healer_class", "healed_class"},
          "passive heal period: by the healing piece's class (\"healer_class\": melee 3, ranged 5 rounds) "
          "or by the healed piece's (\"healed_class\")"),
      {"hero_passive_heal", false,
       "heroes and the healer also heal passively, as ordinary pieces do, on top of their paid heals "
       "(default: passive healing is for ordinary pieces only)"},
      {"hero_heal_any_attributes", false,
       "heroes' and the healer's heals ignore attributes (default: compatible only)"},
      {"allow_reversal", false, "a path may turn back on itself (counts as a turn)"},
      {"swap_after_acting", false,
       "an ordinary piece may end its activation with a swap after moving or attacking (default: a swap is "
       "the whole "
       "activation)"},
      {"exact_steps", true,
       "ordinary pieces, ranged heroes and the healer move exactly 6 steps (false: 1 to 6)"},
      {"hidden_from_teammates", true, "dark pieces are hidden from teammates too"},
      {"reveal_on_combat", true, "a dark piece is revealed to all once it takes or deals damage"},
      {"stop_at_first_winner", false, "end the game at the first winner, ranking the rest by remaining HP"},
      int_option("healer_heal_radius", 5, 1, 11,
                 "radius of the healer's single heal (seed silent; area heal is 5)"),
      int_option("melee_hero_heal_radius", 1, 1, 11,
                 "radius of the melee hero's heal (seed silent; 1 as its attack)"),
      int_option("ranged_hero_heal_radius", 3, 1, 11,
                 "radius of the ranged hero's heal (seed silent; 3 as its attack)"),
  };
}

std::int64_t Mizong::max_game_length() const {
  // round_cap rounds; in a round each seat takes one turn, ended by end-turn. An ordinary piece
  // is activated at most once a round: its select, at most four sub-actions (three attacks; or
  // attack, move, attack; or a swap, and with swap_after_acting a closing swap) and done. A hero
  // or the healer pays at least one action point for every sub-action and is refilled once a
  // round, so it takes at most kApBudget sub-actions in at most as many activations, each with
  // its select and done. Positions hold the rules' army (check_army), so the army bounds them all.
  std::int64_t turn = 1;
  for (const Identity& id : army(geo_->home_size)) turn += is_hero(id.kind) ? 3 * kApBudget[id.kind] : 6;
  return std::int64_t{rules_.round_cap} * num_players() * turn;
}

Mizong::Mizong(const Options& options) : options_(options) {
  // The declarations have checked every value (point size 4 or 24).
  geo_ = &geometry(static_cast<int>(options.get_int("point_size")));
  // The index of an option's value among its declared choices, which follow the enums' order.
  auto choice = [&](const char* name) {
    const OptionSpec& spec = *std::find_if(options.specs().begin(), options.specs().end(),
                                           [&](const OptionSpec& s) { return s.name == name; });
    return static_cast<int>(std::find(spec.choices.begin(), spec.choices.end(), options.get_string(name)) -
                            spec.choices.begin());
  };
  rules_.teams = static_cast<Teams>(choice("teams"));
  rules_.same_attribute_clash = static_cast<Clash>(choice("same_attribute_clash"));
  rules_.counter_defender_class = choice("counter_damage") == 0;
  rules_.passive_heal_attack_radius = choice("passive_heal_radius") == 1;
  rules_.heal_rate_by_healed = choice("heal_rate") == 1;
  rules_.hero_passive_heal = options.get_bool("hero_passive_heal");
  rules_.hero_heal_any_attributes = options.get_bool("hero_heal_any_attributes");
  rules_.allow_reversal = options.get_bool("allow_reversal");
  rules_.swap_after_acting = options.get_bool("swap_after_acting");
  rules_.exact_steps = options.get_bool("exact_steps");
  rules_.hidden_from_teammates = options.get_bool("hidden_from_teammates");
  rules_.reveal_on_combat = options.get_bool("reveal_on_combat");
  rules_.stop_at_first_winner = options.get_bool("stop_at_first_winner");
  const std::string& adjudicate = options.get_string("adjudicate");
  rules_.adjudicate = adjudicate == "evaluation" ? 1 : adjudicate == "none" ? 2 : 0;
  rules_.round_cap = static_cast<std::int16_t>(options.get_int("round_cap"));
  rules_.centre_rounds = static_cast<std::int16_t>(options.get_int("centre_rounds"));
  rules_.healer_heal_radius = static_cast<std::uint8_t>(options.get_int("healer_heal_radius"));
  rules_.melee_hero_heal_radius = static_cast<std::uint8_t>(options.get_int("melee_hero_heal_radius"));
  rules_.ranged_hero_heal_radius = static_cast<std::uint8_t>(options.get_int("ranged_hero_heal_radius"));

  std::vector<std::string> specs(6, options.get_string("setup"));
  if (const std::string& per = options.get_string("setups"); !per.empty()) {
    std::vector<std::string> parts;
    std::stringstream ss(per);
    std::string part;
    while (std::getline(ss, part, ',')) parts.push_back(part);
    if (parts.size() != 6)
      throw Error("mizong: option 'setups' expects six comma-separated setups, got " +
                  std::to_string(parts.size()));
    specs = parts;
  }
  Rng root(static_cast<std::uint64_t>(options.get_int("setup_seed")));
  for (int p = 0; p < 6; ++p) {
    try {
      setups_[static_cast<std::size_t>(p)] =
          load_setup(*geo_, specs[static_cast<std::size_t>(p)], root.split(static_cast<std::uint64_t>(p)));
    } catch (const Error& e) {
      throw Error("mizong: setup of seat " + std::to_string(p) + ": " + e.what());
    }
  }
  encoding_ = encoding_spec_for(geo_->point);
  policy_ = policy_spec_for(geo_->point);
}

State Mizong::empty_state() const {
  State s;
  s.geo_ = geo_;
  s.rules_ = rules_;
  s.layout_ = Layout(geo_->cells);
  s.home_ = static_cast<std::int16_t>(geo_->home_size);
  s.players_ = 6;
  s.at_.fill(-1);
  s.next_bottom_ = static_cast<std::int8_t>(s.num_teams());
  // Every piece keeps the identity its seat's setup gives its home slot; none is on the board.
  for (int p = 0; p < 6; ++p)
    for (int j = 0; j < geo_->home_size; ++j) {
      const Identity& who = setups_[static_cast<std::size_t>(p)][static_cast<std::size_t>(j)];
      Piece& x = s.pc_[static_cast<std::size_t>(p * geo_->home_size + j)];
      x.kind = who.kind;
      x.attr1 = who.attr1;
      x.attr2 = who.attr2;
      x.flags = who.dark ? kDark : 0;
    }
  return s;
}

State Mizong::initial_state() const {
  State s = empty_state();
  for (int p = 0; p < 6; ++p)
    for (int j = 0; j < geo_->home_size; ++j)
      s.put(p * geo_->home_size + j, geo_->home[static_cast<std::size_t>(p)][static_cast<std::size_t>(j)],
            setups_[static_cast<std::size_t>(p)][static_cast<std::size_t>(j)]);
  s.start_turn();
  return s;
}

State Mizong::state_from_json(const nlohmann::json& j) const {
  // Every object, nested ones too, is refused when it has a key it does not know.
  const JsonField root(j, "mizong position");
  root.object({"game", "point_size", "teams", "round", "current", "moves", "over", "ending", "centre",
               "next_places", "places", "out", "activation", "acted", "pieces", "evidence"});
  const Geometry& g = *geo_;
  auto cell = [&](const JsonField& v) {
    const int c = v.json().is_string() ? g.parse(v.json().get<std::string>()) : -1;
    if (c < 0) v.fail("expected a cell \"q,r\" on the board, got " + brief(v.json()));
    return c;
  };
  State s = empty_state();
  const int T = g.home_size;
  root["game"].expect("mizong");
  if (root["point_size"].int_in(1, 100) != g.point)
    root["point_size"].fail("the game is configured for point size " + std::to_string(g.point));
  static const char* kTeamNames[3] = {"ffa", "3v3", "2v2v2"};
  root["teams"].expect(kTeamNames[static_cast<int>(rules_.teams)]);
  s.round_ = root["round"].int_in(1, rules_.round_cap);
  s.current_ = static_cast<std::int8_t>(root["current"].int_in(0, 5));
  s.moves_ = root["moves"].int_in(0, 1 << 30);
  s.over_ = root["over"].boolean();
  // How it ended: optional on reading (absent: at the round cap "round_cap", else unknown, "",
  // and then not written back either).
  if (const auto ending = root.find("ending")) {
    if (!s.over_) ending->fail("an ending is given only when the game is over");
    s.ending_ = static_cast<Ending>(ending->one_of({"centre", "annihilation", "round_cap"}) + 1);
  } else if (s.over_ && s.round_ >= rules_.round_cap) {
    s.ending_ = Ending::kRoundCap;
  }
  const JsonField centre = root["centre"];
  centre.object({"rounds", "disturbed"});
  s.hold_rounds_ = static_cast<std::int16_t>(centre["rounds"].int_in(0, rules_.centre_rounds - 1));
  s.centre_disturbed_ = centre["disturbed"].boolean();
  const JsonField next = root["next_places"];
  next.array(2);  // [next winner's place, next loser's place]
  s.next_top_ = static_cast<std::int8_t>(next[0].int_in(1, s.num_teams() + 1, "the next winner's place"));
  s.next_bottom_ = static_cast<std::int8_t>(next[1].int_in(0, s.num_teams(), "the next loser's place"));
  const JsonField places = root["places"];
  places.array(static_cast<std::size_t>(s.num_teams()));  // one place per team, 0 while unplaced
  for (int t = 0; t < s.num_teams(); ++t) {
    const JsonField place = places[t];
    const double v = place.json().is_number() ? place.json().get<double>() : -1;
    const double twice = 2 * v;
    if (v < 0 || v > s.num_teams() || twice != static_cast<int>(twice))
      place.fail("expected 0 or a place 1.." + std::to_string(s.num_teams()) + " (halves for ties), got " +
                 brief(place.json()));
    s.place2_[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(twice);
  }
  const JsonField out = root["out"];
  out.array(6);
  for (int p = 0; p < 6; ++p)
    if (out[p].boolean()) s.out_mask_ |= static_cast<std::uint8_t>(1u << p);

  const JsonField pieces = root["pieces"];
  pieces.array(static_cast<std::size_t>(6 * T));  // seat 0's first, in home-slot order
  for (int p = 0; p < 6; ++p) {
    std::vector<Identity> ids;
    for (int k = 0; k < T; ++k) {
      const int id = p * T + k;
      const JsonField pj = pieces[id];
      pj.array(8);  // [cell or null, piece token, hp, moves, heal, ap, revealed, stunned]
      const JsonField tok = pj[1];
      Identity who;
      if (!tok.json().is_string() || !parse_token(tok.json().get<std::string>(), who))
        tok.fail("expected a piece token such as \"mdS+\", got " + brief(tok.json()));
      ids.push_back(who);
      const JsonField cj = pj[0];
      const int hp = pj[2].int_in(0, max_hp(who.kind), "hp");
      const int moves = pj[3].int_in(0, 65535, "moves");
      const int heal = pj[4].int_in(0, 5, "heal");
      const int ap = pj[5].int_in(0, kApBudget[who.kind], "ap");
      const bool revealed = pj[6].boolean("revealed");
      const bool stunned = pj[7].boolean("stunned");
      if (!cj.is_null()) {
        const int c = cell(cj);
        if (s.occ_.test(c)) cj.fail("two pieces on " + g.name(c));
        if (hp == 0) pj[2].fail("a piece on the board has at least 1 sixth of HP");
        s.put(id, c, who);
      } else if (revealed && !who.dark) {
        pj[6].fail("only dark pieces are revealed");
      }
      Piece& x = s.pc_[static_cast<std::size_t>(id)];
      x.kind = who.kind;
      x.attr1 = who.attr1;
      x.attr2 = who.attr2;
      x.flags = static_cast<std::uint8_t>((who.dark ? kDark : 0) | (revealed ? kRevealed : 0) |
                                          (stunned ? kStunned : 0));
      if (stunned && x.cell >= 0) s.stunned_.set(x.cell);
      if (revealed && !who.dark) pj[6].fail("only dark pieces are revealed");
      x.hp = static_cast<std::uint8_t>(hp);
      x.moves = static_cast<std::uint16_t>(moves);
      x.heal = static_cast<std::uint8_t>(heal);
      x.ap = static_cast<std::uint8_t>(ap);
    }
    if (auto why = check_army(ids); !why.empty())
      pieces.fail("seat " + std::to_string(p) + " does not have the army of the rules: " + why);
    if (!s.over_ && !s.out(p) && s.alive_[static_cast<std::size_t>(p)] == 0)
      out[p].fail("seat " + std::to_string(p) + " has no piece left and must be out");
    if (s.out(p) && s.alive_[static_cast<std::size_t>(p)] > 0)
      out[p].fail("seat " + std::to_string(p) + " is out but has pieces on the board");
  }
  if (!s.over_ && s.out(s.current_))
    root["current"].fail("seat " + std::to_string(s.current_) + " is out of the game");

  const JsonField acted = root["acted"];
  for (std::size_t i = 0, n = acted.array(); i < n; ++i)
    s.acted_.set(acted[i].int_in(s.current_ * T, s.current_ * T + T - 1, "a piece id of the seat to move"));
  const JsonField act = root["activation"];
  if (!act.is_null()) {
    act.object({"piece", "start", "before", "after", "acts", "moved"});
    const int id = act["piece"].int_in(s.current_ * T, s.current_ * T + T - 1);
    if (s.piece(id).cell < 0) act["piece"].fail("the piece is not on the board");
    s.act_.piece = static_cast<std::int16_t>(id);
    s.act_.start = static_cast<std::int16_t>(cell(act["start"]));
    s.act_.before = static_cast<std::uint8_t>(act["before"].int_in(0, 3));
    s.act_.after = static_cast<std::uint8_t>(act["after"].int_in(0, 1));
    s.act_.acts = static_cast<std::uint8_t>(act["acts"].int_in(0, 255));
    s.act_.moved = act["moved"].boolean();
    const Piece& x = s.piece(id);
    if (s.act_.moved && !is_hero(x.kind) && !is_melee(x.kind) && s.act_.before == 0) {
      // The attack zone along the paths of the move just made (the move count already counts it).
      const int k = x.dark() ? s.round_ : x.moves;
      s.compute_zone(s.act_.start, x.cell, (k - 1 + 3) % 3);
    }
  }
  if (const auto ev = root.find("evidence")) {
    for (std::size_t i = 0, n = ev->array(); i < n; ++i) {
      const JsonField e = (*ev)[i];
      e.array(3);  // [piece id, kinds mask, attributes mask]
      const int id = e[0].int_in(0, 6 * T - 1, "a piece id");
      Piece& x = s.pc_[static_cast<std::size_t>(id)];
      x.may_kinds = static_cast<std::uint8_t>(e[1].int_in(1, kAnyKind, "a kinds mask"));
      x.may_attrs = static_cast<std::uint8_t>(e[2].int_in(1, kAnyAttributes, "an attributes mask"));
      if (!(x.may_kinds & (1 << x.kind)) || !(x.may_attrs & attribute_bit(x.attr1, x.attr2)))
        e.fail("piece " + std::to_string(id) + "'s identity contradicts its evidence");
    }
  }
  if (s.over_) s.act_ = Activation{};
  s.retally();  // the pieces were written field by field
  return s;
}

}  // namespace qilab::mizong

namespace qilab::mizong {
static_assert(HasEncoding<Mizong>);
}  // namespace qilab::mizong

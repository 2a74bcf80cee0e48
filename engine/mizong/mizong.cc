// The mizong game: options, setups, the opening position and positions read from JSON.
#include "engine/mizong/mizong.h"
#include "engine/mizong/encoding.h"

#include <algorithm>
#include <limits>
#include <set>
#include <sstream>

#include "engine/core/data.h"
#include "engine/core/error.h"
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
      int_option("point_size", 24, 4, 24,
                 "rows of each star point: 24 = the seed's 3601-vertex board (300 pieces a player); "
                 "4 = the 121-vertex board with the project's 10-piece army, for fast tests"),
      choice_option("teams", "ffa", {"ffa", "3v3", "2v2v2"},
                    "\"ffa\" (six players, free-for-all), \"3v3\" (alternate points allied) or "
                    "\"2v2v2\" (opposite points allied)"),
      {"setup", std::string("melee_front"), "every seat's setup: a layout (melee_front, ranged_front, mixed_columns, "
                                           "random) or a setup file ending in .txt"},
      {"setups", std::string(""), "per-seat setups, comma-separated (six entries), overriding 'setup'; empty: none"},
      int_option("setup_seed", 1, 0, std::numeric_limits<std::int64_t>::max(),
                 "seed of the 'random' layout (each seat draws its own)"),
      // Rounds are counted in 16 bits.
      int_option("round_cap", 200, 1, 30000, "rounds after which the game ends, the unplaced ranked by remaining HP"),
      int_option("centre_rounds", 23, 1, 30000, "quiet rounds on the centre that win (seed: 23)"),
      choice_option("same_attribute_clash", "nobody", {"nobody", "defender", "attacker"},
                    "who loses HP when attacker and defender share both attributes (seed silent): nobody, defender or "
                    "attacker"),
      choice_option("counter_damage", "defender_class", {"defender_class", "attacker_class"},
                    "damage to an attacker that loses: \"defender_class\" (the defender's class against the "
                    "attacker's) or \"attacker_class\" (what the attack would have dealt)"),
      choice_option("passive_heal_radius", "adjacent", {"adjacent", "attack_radius"},
                    "passive healing reaches \"adjacent\" pieces (radius 1) or within the healing piece's "
                    "\"attack_radius\""),
      choice_option("heal_rate", "healer_class", {"healer_class", "healed_class"},
                    "passive heal period: by the healing piece's class (\"healer_class\": melee 3, ranged 5 rounds) "
                    "or by the healed piece's (\"healed_class\")"),
      {"hero_passive_heal", false,
       "heroes and the healer also heal passively, as ordinary pieces do, on top of their paid heals "
       "(default: passive healing is for ordinary pieces only)"},
      {"hero_heal_any_attributes", false, "heroes' and the healer's heals ignore attributes (default: compatible only)"},
      {"allow_reversal", false, "a path may turn back on itself (counts as a turn)"},
      {"swap_after_acting", false,
       "an ordinary piece may end its activation with a swap after moving or attacking (default: a swap is the whole "
       "activation)"},
      {"exact_steps", true, "ordinary pieces, ranged heroes and the healer move exactly 6 steps (false: 1 to 6)"},
      {"hidden_from_teammates", true, "dark pieces are hidden from teammates too"},
      {"reveal_on_combat", true, "a dark piece is revealed to all once it takes or deals damage"},
      {"stop_at_first_winner", false, "end the game at the first winner, ranking the rest by remaining HP"},
      int_option("healer_heal_radius", 5, 1, 11, "radius of the healer's single heal (seed silent; area heal is 5)"),
      int_option("melee_hero_heal_radius", 1, 1, 11, "radius of the melee hero's heal (seed silent; 1 as its attack)"),
      int_option("ranged_hero_heal_radius", 3, 1, 11, "radius of the ranged hero's heal (seed silent; 3 as its attack)"),
  };
}

Mizong::Mizong(const Options& options) : options_(options) {
  // The declared ranges and choices have checked every value; geometry() refuses the sizes
  // between 4 and 24 that have no board.
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
      throw Error("mizong: option 'setups' expects six comma-separated setups, got " + std::to_string(parts.size()));
    specs = parts;
  }
  Rng root(static_cast<std::uint64_t>(options.get_int("setup_seed")));
  for (int p = 0; p < 6; ++p) {
    try {
      setups_[static_cast<std::size_t>(p)] = load_setup(*geo_, specs[static_cast<std::size_t>(p)], root.split(static_cast<std::uint64_t>(p)));
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
  using nlohmann::json;
  auto bad = [](const std::string& field, const std::string& what) {
    return Error("mizong position: field '" + field + "': " + what);
  };
  if (!j.is_object()) throw Error("mizong position: expected a JSON object");
  static const std::set<std::string> known = {"game",   "point_size", "teams", "round", "current",    "moves",
                                              "over",   "centre",     "next_places", "places", "out", "activation",
                                              "acted",  "pieces", "evidence"};
  // Every object, nested ones too, is refused when it has a key it does not know.
  auto only_keys = [&](const json& obj, const std::set<std::string>& keys, const std::string& path) {
    for (const auto& [k, v] : obj.items())
      if (!keys.count(k)) throw bad(path.empty() ? k : path + "." + k, "unknown field");
  };
  only_keys(j, known, "");
  auto field = [&](const json& obj, const std::string& name, const std::string& path) -> const json& {
    auto it = obj.find(name);
    if (it == obj.end()) throw bad(path, "missing");
    return *it;
  };
  // Range-checked as the 64-bit value before narrowing; an unsigned value above the signed
  // range is refused rather than read as a negative number.
  auto integer = [&](const json& v, const std::string& name, long long lo, long long hi) {
    const bool fits = v.is_number_integer() &&
                      (!v.is_number_unsigned() || v.get<std::uint64_t>() <= static_cast<std::uint64_t>(INT64_MAX));
    if (!fits || v.get<std::int64_t>() < lo || v.get<std::int64_t>() > hi)
      throw bad(name, "expected an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " + brief(v));
    return static_cast<int>(v.get<std::int64_t>());
  };
  auto boolean = [&](const json& v, const std::string& name) {
    if (!v.is_boolean()) throw bad(name, "expected true or false, got " + brief(v));
    return v.get<bool>();
  };
  const Geometry& g = *geo_;
  auto cell = [&](const json& v, const std::string& name) {
    const int c = v.is_string() ? g.parse(v.get<std::string>()) : -1;
    if (c < 0) throw bad(name, "expected a cell \"q,r\" on the board, got " + brief(v));
    return c;
  };
  State s = empty_state();
  const int T = g.home_size;
  if (field(j, "game", "game") != "mizong") throw bad("game", "expected \"mizong\", got " + brief(j["game"]));
  if (integer(field(j, "point_size", "point_size"), "point_size", 1, 100) != g.point)
    throw bad("point_size", "the game is configured for point size " + std::to_string(g.point));
  static const char* kTeamNames[3] = {"ffa", "3v3", "2v2v2"};
  if (field(j, "teams", "teams") != kTeamNames[static_cast<int>(rules_.teams)])
    throw bad("teams", std::string("expected \"") + kTeamNames[static_cast<int>(rules_.teams)] + "\", got " + brief(j["teams"]));
  s.round_ = integer(field(j, "round", "round"), "round", 1, rules_.round_cap);
  s.current_ = static_cast<std::int8_t>(integer(field(j, "current", "current"), "current", 0, 5));
  s.moves_ = integer(field(j, "moves", "moves"), "moves", 0, 1 << 30);
  s.over_ = boolean(field(j, "over", "over"), "over");
  const json& centre = field(j, "centre", "centre");
  if (!centre.is_object()) throw bad("centre", "expected {rounds, disturbed}");
  only_keys(centre, {"rounds", "disturbed"}, "centre");
  s.hold_rounds_ = static_cast<std::int16_t>(integer(field(centre, "rounds", "centre.rounds"), "centre.rounds", 0, rules_.centre_rounds - 1));
  s.centre_disturbed_ = boolean(field(centre, "disturbed", "centre.disturbed"), "centre.disturbed");
  const json& next = field(j, "next_places", "next_places");
  if (!next.is_array() || next.size() != 2) throw bad("next_places", "expected [next winner's place, next loser's place]");
  s.next_top_ = static_cast<std::int8_t>(integer(next[0], "next_places", 1, s.num_teams() + 1));
  s.next_bottom_ = static_cast<std::int8_t>(integer(next[1], "next_places", 0, s.num_teams()));
  const json& places = field(j, "places", "places");
  if (!places.is_array() || static_cast<int>(places.size()) != s.num_teams())
    throw bad("places", "expected one place per team (0 while unplaced)");
  for (int t = 0; t < s.num_teams(); ++t) {
    if (!places[static_cast<std::size_t>(t)].is_number()) throw bad("places", "expected numbers");
    const double v = places[static_cast<std::size_t>(t)].get<double>();
    const double twice = 2 * v;
    if (v < 0 || v > s.num_teams() || twice != static_cast<int>(twice)) throw bad("places", "expected 0 or a place 1.." + std::to_string(s.num_teams()) + " (halves for ties)");
    s.place2_[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(twice);
  }
  const json& out = field(j, "out", "out");
  if (!out.is_array() || out.size() != 6) throw bad("out", "expected six booleans");
  for (int p = 0; p < 6; ++p)
    if (boolean(out[static_cast<std::size_t>(p)], "out")) s.out_mask_ |= static_cast<std::uint8_t>(1u << p);

  const json& pieces = field(j, "pieces", "pieces");
  if (!pieces.is_array() || static_cast<int>(pieces.size()) != 6 * T)
    throw bad("pieces", "expected " + std::to_string(6 * T) + " pieces (seat 0's first, in home-slot order)");
  for (int p = 0; p < 6; ++p) {
    std::vector<Identity> ids;
    for (int k = 0; k < T; ++k) {
      const int id = p * T + k;
      const json& pj = pieces[static_cast<std::size_t>(id)];
      const std::string at = "pieces[" + std::to_string(id) + "]";
      if (!pj.is_array() || pj.size() != 8)
        throw bad(at, "expected [cell or null, piece token, hp, moves, heal, ap, revealed, stunned]");
      const json& tok = pj[1];
      Identity who;
      if (!tok.is_string() || !parse_token(tok.get<std::string>(), who))
        throw bad(at + ".piece", "expected a piece token such as \"mdS+\", got " + brief(tok));
      ids.push_back(who);
      const json& cj = pj[0];
      const int hp = integer(pj[2], at + ".hp", 0, max_hp(who.kind));
      const int moves = integer(pj[3], at + ".moves", 0, 65535);
      const int heal = integer(pj[4], at + ".heal", 0, 5);
      const int ap = integer(pj[5], at + ".ap", 0, kApBudget[who.kind]);
      const bool revealed = boolean(pj[6], at + ".revealed");
      const bool stunned = boolean(pj[7], at + ".stunned");
      if (!cj.is_null()) {
        const int c = cell(cj, at + ".cell");
        if (s.occ_.test(c)) throw bad(at + ".cell", "two pieces on " + g.name(c));
        if (hp == 0) throw bad(at + ".hp", "a piece on the board has at least 1 sixth of HP");
        s.put(id, c, who);
      } else if (revealed && !who.dark) {
        throw bad(at + ".revealed", "only dark pieces are revealed");
      }
      Piece& x = s.pc_[static_cast<std::size_t>(id)];
      x.kind = who.kind;
      x.attr1 = who.attr1;
      x.attr2 = who.attr2;
      x.flags = static_cast<std::uint8_t>((who.dark ? kDark : 0) | (revealed ? kRevealed : 0) | (stunned ? kStunned : 0));
      if (stunned && x.cell >= 0) s.stunned_.set(x.cell);
      if (revealed && !who.dark) throw bad(at + ".revealed", "only dark pieces are revealed");
      x.hp = static_cast<std::uint8_t>(hp);
      x.moves = static_cast<std::uint16_t>(moves);
      x.heal = static_cast<std::uint8_t>(heal);
      x.ap = static_cast<std::uint8_t>(ap);
    }
    if (auto why = check_army(ids); !why.empty()) throw bad("pieces", "seat " + std::to_string(p) + " does not have the army of the rules: " + why);
    if (!s.over_ && !s.out(p) && s.alive_[static_cast<std::size_t>(p)] == 0)
      throw bad("out", "seat " + std::to_string(p) + " has no piece left and must be out");
    if (s.out(p) && s.alive_[static_cast<std::size_t>(p)] > 0) throw bad("out", "seat " + std::to_string(p) + " is out but has pieces on the board");
  }
  if (!s.over_ && s.out(s.current_)) throw bad("current", "seat " + std::to_string(s.current_) + " is out of the game");

  const json& acted = field(j, "acted", "acted");
  if (!acted.is_array()) throw bad("acted", "expected an array of piece ids");
  for (const auto& a : acted) {
    const int id = integer(a, "acted", s.current_ * T, s.current_ * T + T - 1);
    s.acted_.set(id);
  }
  const json& act = field(j, "activation", "activation");
  if (!act.is_null()) {
    if (!act.is_object()) throw bad("activation", "expected null or {piece, start, before, after, acts, moved}");
    only_keys(act, {"piece", "start", "before", "after", "acts", "moved"}, "activation");
    const int id = integer(field(act, "piece", "activation.piece"), "activation.piece", s.current_ * T, s.current_ * T + T - 1);
    if (s.piece(id).cell < 0) throw bad("activation.piece", "the piece is not on the board");
    s.act_.piece = static_cast<std::int16_t>(id);
    s.act_.start = static_cast<std::int16_t>(cell(field(act, "start", "activation.start"), "activation.start"));
    s.act_.before = static_cast<std::uint8_t>(integer(field(act, "before", "activation.before"), "activation.before", 0, 3));
    s.act_.after = static_cast<std::uint8_t>(integer(field(act, "after", "activation.after"), "activation.after", 0, 1));
    s.act_.acts = static_cast<std::uint8_t>(integer(field(act, "acts", "activation.acts"), "activation.acts", 0, 255));
    s.act_.moved = boolean(field(act, "moved", "activation.moved"), "activation.moved");
    const Piece& x = s.piece(id);
    if (s.act_.moved && !is_hero(x.kind) && !is_melee(x.kind) && s.act_.before == 0) {
      // The attack zone along the paths of the move just made (the move count already counts it).
      const int k = x.dark() ? s.round_ : x.moves;
      s.compute_zone(s.act_.start, x.cell, (k - 1 + 3) % 3);
    }
  }
  if (auto ev = j.find("evidence"); ev != j.end()) {
    if (!ev->is_array()) throw bad("evidence", "expected an array of [piece id, kinds mask, attributes mask]");
    for (const auto& e : *ev) {
      if (!e.is_array() || e.size() != 3) throw bad("evidence", "expected [piece id, kinds mask, attributes mask], got " + brief(e));
      const int id = integer(e[0], "evidence.piece", 0, 6 * T - 1);
      Piece& x = s.pc_[static_cast<std::size_t>(id)];
      x.may_kinds = static_cast<std::uint8_t>(integer(e[1], "evidence.kinds", 1, kAnyKind));
      x.may_attrs = static_cast<std::uint8_t>(integer(e[2], "evidence.attributes", 1, kAnyAttributes));
      if (!(x.may_kinds & (1 << x.kind)) || !(x.may_attrs & attribute_bit(x.attr1, x.attr2)))
        throw bad("evidence", "piece " + std::to_string(id) + "'s identity contradicts its evidence");
    }
  }
  if (s.over_) s.act_ = Activation{};
  return s;
}

}  // namespace qilab::mizong

namespace qilab::mizong {
static_assert(HasEncoding<Mizong>);
}  // namespace qilab::mizong

// The guifa game: options, the opening setup and positions read from JSON (docs/rules/guifa.md,
// "Options", "Board" and "Positions").
#include "engine/guifa/guifa.h"

#include "engine/guifa/encoding.h"

#include <algorithm>
#include <set>

#include "engine/core/error.h"
#include "engine/core/input.h"

namespace qilab::guifa {

std::vector<OptionSpec> Guifa::option_specs() {
  return {
      int_option("players", 4, 2, 4, "2 (opposite edges, the teaching game) or 4"),
      choice_option("teams", "alliance", {"alliance", "free_for_all"},
                    "with 4 players: 'alliance' (2v2, opposite seats allied, the orthodox game) or 'free_for_all'"),
      int_option("board_size", 9, kMinSize, kMaxSize, "side of the square board, odd, 9 to 15"),
      // Turns and moves are counted in 32 bits; a million turns keeps both far from it.
      int_option("max_turns", 400, 1, 1'000'000, "turns of all players together after which the game ends as a draw"),
      {"hold_round", true,
       "the alliance that moved first must hold the source of magic with its scepter for one full round "
       "(manual 一 and D); false: every scepter on the source wins at once"},
  };
}

Guifa::Guifa(const Options& options)
    : options_(options),
      size_(static_cast<int>(options.get_int("board_size"))),
      players_(static_cast<int>(options.get_int("players"))),
      max_turns_(static_cast<int>(options.get_int("max_turns"))),
      hold_rule_(options.get_bool("hold_round")) {
  // The declared ranges bound every option; what is left are the gaps inside them.
  geometry(size_);  // refuses an even size
  if (players_ != 2 && players_ != 4)
    throw Error("guifa: option 'players' expects 2 or 4, got " + std::to_string(players_));
  mode_ = players_ == 2 ? Mode::kTwoPlayers
          : options.get_string("teams") == "alliance" ? Mode::kAlliance
                                                      : Mode::kFreeForAll;
  const EncodingLayout layout(size_, players_, mode_);
  encoding_ = make_encoding_spec(layout);
  policy_ = make_policy_spec(layout);
}

static_assert(HasEncoding<Guifa>);

State Guifa::empty_state() const {
  State s;
  s.geo_ = &geometry(size_);
  s.layout_ = Layout(size_ * size_);
  s.players_ = static_cast<std::int8_t>(players_);
  s.mode_ = mode_;
  s.max_turns_ = max_turns_;
  s.hold_rule_ = hold_rule_;
  return s;
}

State Guifa::initial_state() const {
  State s = empty_state();
  const Geometry& g = s.geo();
  // Each seat's seven pieces on the middle seven squares of its edge, from its left:
  // summoner, illusionist, force mage, scepter, necromancer, prophet, elementalist.
  const int first = (g.n - 7) / 2;
  for (int p = 0; p < players_; ++p)
    for (int k = 0; k < 7; ++k)
      s.place(g.home(s.side_of(p), first + k), Piece{static_cast<std::uint8_t>(k), static_cast<std::int8_t>(p), 0, s.new_id(), 0});
  s.settle(0);
  return s;
}

// Refuses armies the game can never produce (docs/rules/guifa.md, "Positions"). Each seat
// brings one piece of each of the seven kinds; a piece that falls leaves at most one corpse,
// which a necromancer may raise once, so each of the game's `players` bodies of a kind is on
// the board at most once (its clone passing into the true illusionist replaces a body, it
// adds none): at most `players` pieces of a kind, on one seat or all of them together, with
// that kind's revivable corpses. The one clone belongs to the centred illusionist; a summoner
// has at most 4 beasts, since it summons again only when none lives.
template <class Bad>
void Guifa::check_army(const State& s, const Bad& bad) const {
  const Geometry& g = s.geo();
  const auto seat_of = [](int p) { return "seat " + std::to_string(p); };
  for (int k = 0; k < kKinds; ++k) {
    if (k == kBeast || k == kScepter) continue;  // scepters: exactly one each, checked above
    int total = 0;
    for (int p = 0; p < players_; ++p) {
      const Board mine = s.kind_[k] & s.own_[p];
      int bodies = 0, clones = 0;
      for (int c : mine) ((s.sq_[c].flags & kClone) ? clones : bodies) += 1;
      if (bodies > players_)
        throw bad("pieces", seat_of(p) + " has " + std::to_string(bodies) + " " + kKindName[k] + " pieces; with " +
                                std::to_string(players_) + " players a seat can hold at most " + std::to_string(players_) +
                                " (its own and revived ones)");
      if (clones > 1) throw bad("pieces", seat_of(p) + " has " + std::to_string(clones) + " clones; at most 1");
      total += bodies;
    }
    int corpses = 0;
    for (int c : s.corpse_cells_) corpses += s.corpses(c, static_cast<Kind>(k));
    if (total + corpses > players_)
      throw bad("pieces", std::to_string(total) + " " + kKindName[k] + " pieces and " + std::to_string(corpses) +
                              " revivable " + kKindName[k] + " corpses, but " + std::to_string(players_) +
                              " players bring only " + std::to_string(players_));
  }
  for (int c : s.illusions_) {
    const Piece& q = s.sq_[c];
    if (!(q.flags & kClone)) continue;
    const Piece& mid = s.sq_[g.centre];
    if (!s.occ_.test(g.centre) || mid.kind != kIllusionist || (mid.flags & kClone) || mid.owner != q.owner ||
        mid.id != q.master)
      throw bad("pieces", "the clone on " + g.name(c) + " (" + seat_of(q.owner) +
                              ") needs its master, the same seat's illusionist, on the centre " + g.name(g.centre));
  }
  for (int c : s.kind_[kSummoner]) {
    int beasts = 0;
    for (int b : s.beasts_) beasts += s.sq_[b].master == s.sq_[c].id;
    if (beasts > 4)
      throw bad("pieces", seat_of(s.sq_[c].owner) + " has " + std::to_string(beasts) + " beasts of its summoner on " +
                              g.name(c) + "; a summoning places at most 4, and no new one begins while one lives");
  }
}

State Guifa::state_from_json(const nlohmann::json& j) const {
  using nlohmann::json;
  auto bad = [](const std::string& field, const std::string& what) {
    return Error("guifa position: field '" + field + "': " + what);
  };
  if (!j.is_object()) throw Error("guifa position: expected a JSON object");
  static const std::set<std::string> known = {"game", "size", "players", "mode", "current", "turns", "moves", "pieces",
                                              "corpses", "fields", "out", "hold", "summoning", "ward", "next_id", "winner"};
  for (const auto& [k, v] : j.items())
    if (!known.count(k)) throw bad(k, "unknown field");
  auto field = [&](const char* name) -> const json& {
    auto it = j.find(name);
    if (it == j.end()) throw bad(name, "missing");
    return *it;
  };
  // Integers are range-checked as the 64-bit values JSON holds before they are narrowed; an
  // unsigned value above the signed range is out of range, never wrapped.
  auto integer = [&](const json& v, const std::string& name, long long lo, long long hi) {
    const bool fits = v.is_number_integer() &&
                      !(v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t(hi)) &&
                      v.get<std::int64_t>() >= lo && v.get<std::int64_t>() <= hi;
    if (!fits)
      throw bad(name, "expected an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " + brief(v));
    return static_cast<int>(v.get<std::int64_t>());
  };
  // A nested object takes only its own keys: a misspelt one is an error, not a silent default.
  auto only_keys = [&](const json& obj, const std::string& path, std::initializer_list<const char*> keys) {
    for (const auto& [k, v] : obj.items())
      if (std::none_of(keys.begin(), keys.end(), [&](const char* key) { return k == key; }))
        throw bad(path + "." + k, "unknown field");
  };
  State s = empty_state();
  const Geometry& g = s.geo();
  auto cell = [&](const json& v, const std::string& name) {
    const int c = v.is_string() ? g.parse(v.get<std::string>()) : -1;
    if (c < 0) throw bad(name, "expected a cell name a1-" + g.name(g.cells - 1) + ", got " + brief(v));
    return c;
  };
  if (field("game") != "guifa") throw bad("game", "expected \"guifa\", got " + brief(field("game")));
  if (integer(field("size"), "size", kMinSize, kMaxSize) != size_)
    throw bad("size", "the game is configured for a " + std::to_string(size_) + "x" + std::to_string(size_) + " board");
  if (integer(field("players"), "players", 2, 4) != players_)
    throw bad("players", "the game is configured for " + std::to_string(players_) + " players");
  const json& mode = field("mode");
  const char* want = mode_ == Mode::kTwoPlayers ? "two_players" : mode_ == Mode::kAlliance ? "alliance" : "free_for_all";
  if (mode != want) throw bad("mode", std::string("expected \"") + want + "\", got " + brief(mode));
  s.current_ = static_cast<std::int8_t>(integer(field("current"), "current", 0, players_ - 1));
  s.turns_ = integer(field("turns"), "turns", 0, max_turns_);
  s.moves_ = j.contains("moves") ? integer(j["moves"], "moves", 0, 1 << 30) : s.turns_;
  s.next_id_ = static_cast<std::uint16_t>(integer(field("next_id"), "next_id", 1, 65535));

  const json& out = field("out");
  if (!out.is_array() || static_cast<int>(out.size()) != players_) throw bad("out", "expected an array of one boolean per seat");
  for (int p = 0; p < players_; ++p) {
    if (!out[p].is_boolean()) throw bad("out", "expected booleans, got " + brief(out[p]));
    if (out[p].get<bool>()) s.out_mask_ |= static_cast<std::uint8_t>(1u << p);
  }

  const json& pieces = field("pieces");
  if (!pieces.is_array()) throw bad("pieces", "expected an array of pieces");
  std::set<int> ids;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const json& pj = pieces[i];
    const std::string at = "pieces[" + std::to_string(i) + "]";
    if (!pj.is_object()) throw bad(at, "expected an object {cell, kind, owner, id, revived, clone, master}");
    only_keys(pj, at, {"cell", "kind", "owner", "id", "revived", "clone", "master"});
    auto pf = [&](const char* name) -> const json& {
      auto it = pj.find(name);
      if (it == pj.end()) throw bad(at + "." + name, "missing");
      return *it;
    };
    const int c = cell(pf("cell"), at + ".cell");
    if (s.occ_.test(c)) throw bad(at + ".cell", "two pieces on " + g.name(c));
    int kind = -1;
    for (int k = 0; k < kKinds; ++k)
      if (pf("kind") == kKindName[k]) kind = k;
    if (kind < 0) throw bad(at + ".kind", "expected a kind name (summoner, illusionist, ...), got " + brief(pf("kind")));
    Piece p;
    p.kind = static_cast<std::uint8_t>(kind);
    p.owner = static_cast<std::int8_t>(integer(pf("owner"), at + ".owner", 0, players_ - 1));
    if (s.out(p.owner)) throw bad(at + ".owner", "seat " + std::to_string(p.owner) + " is out and has no pieces");
    p.id = static_cast<std::uint16_t>(integer(pf("id"), at + ".id", 1, s.next_id_ - 1));
    if (!ids.insert(p.id).second) throw bad(at + ".id", "id " + std::to_string(p.id) + " used twice");
    if (!pf("revived").is_boolean()) throw bad(at + ".revived", "expected a boolean");
    if (!pf("clone").is_boolean()) throw bad(at + ".clone", "expected a boolean");
    if (pf("revived").get<bool>()) p.flags |= kRevived;
    if (pf("clone").get<bool>()) {
      if (kind != kIllusionist) throw bad(at + ".clone", "only an illusionist can be a clone");
      p.flags |= kClone;
    }
    p.master = static_cast<std::uint16_t>(integer(pf("master"), at + ".master", 0, 65535));
    if ((kind == kBeast || (p.flags & kClone)) != (p.master != 0))
      throw bad(at + ".master", "beasts and clones name their master's id, other pieces 0");
    s.place(c, p);
  }
  for (int p = 0; p < players_; ++p)
    if (!s.out(p) && (s.kind_[kScepter] & s.own_[p]).count() != 1)
      throw bad("pieces", "seat " + std::to_string(p) + " is in the game and needs exactly one scepter");
  for (int b : s.beasts_) {
    bool found = false;
    for (int c : s.kind_[kSummoner] & s.own_[s.sq_[b].owner])
      if (s.sq_[c].id == s.sq_[b].master) found = true;
    if (!found) throw bad("pieces", "the beast on " + g.name(b) + " names no living summoner of its owner");
  }

  const json& corpses = field("corpses");
  if (!corpses.is_array()) throw bad("corpses", "expected an array of {cell, counts}");
  for (std::size_t i = 0; i < corpses.size(); ++i) {
    const json& cj = corpses[i];
    const std::string at = "corpses[" + std::to_string(i) + "]";
    if (!cj.is_object() || !cj.contains("cell") || !cj.contains("counts") || !cj["counts"].is_object())
      throw bad(at, "expected an object {cell, counts: {kind: number}}");
    only_keys(cj, at, {"cell", "counts"});
    const int c = cell(cj["cell"], at + ".cell");
    if (s.corpse_cells_.test(c)) throw bad(at + ".cell", "a second entry for " + g.name(c) + "; one entry per cell");
    for (const auto& [k, v] : cj["counts"].items()) {
      int nibble = -1;
      if (k == "spent") nibble = kSpentNibble;
      for (int i = 0; i < 6; ++i)
        if (k == kKindName[kRevivable[i]]) nibble = kRevivable[i];
      if (nibble < 0) throw bad(at + ".counts." + k, "unknown corpse kind (revivable kinds or 'spent')");
      const int n = integer(v, at + ".counts." + k, 0, 15);
      s.corpses_[c] = (s.corpses_[c] & ~(std::uint32_t{15} << (4 * nibble))) | (std::uint32_t(n) << (4 * nibble));
    }
    if (s.corpses_[c]) s.corpse_cells_.set(c);
  }
  check_army(s, bad);

  // Fields only carry precedence between opposing fields; they are recomputed below.
  if (j.contains("fields")) {
    const json& fields = j["fields"];
    if (!fields.is_array() || static_cast<int>(fields.size()) != s.num_teams())
      throw bad("fields", "expected one array of cells per team");
    for (int t = 0; t < s.num_teams(); ++t) {
      if (!fields[t].is_array()) throw bad("fields", "expected arrays of cell names");
      for (const auto& c : fields[t]) s.field_[t].set(cell(c, "fields"));
    }
  }

  const json& hold = field("hold");
  if (!hold.is_null()) s.hold_player_ = static_cast<std::int8_t>(integer(hold, "hold", 0, players_ - 1));
  const json& summoning = field("summoning");
  if (!summoning.is_null()) {
    if (!summoning.is_object() || !summoning.contains("cell") || !summoning.contains("left"))
      throw bad("summoning", "expected null or {cell, left}");
    only_keys(summoning, "summoning", {"cell", "left"});
    const int c = cell(summoning["cell"], "summoning.cell");
    if (!s.kind_[kSummoner].test(c) || s.sq_[c].owner != s.current_)
      throw bad("summoning.cell", "no summoner of the seat to move on " + g.name(c));
    s.summon_cell_ = static_cast<std::int16_t>(c);
    s.summon_left_ = static_cast<std::int8_t>(integer(summoning["left"], "summoning.left", 1, 4));
  }
  const json& ward = field("ward");
  if (!ward.is_null()) {
    if (!ward.is_object() || !ward.contains("caster")) throw bad("ward", "expected null or {caster, piece} or {caster, block}");
    only_keys(ward, "ward", {"caster", "piece", "block"});
    const Piece& mid = s.sq_[g.centre];
    s.ward_caster_ = static_cast<std::uint16_t>(integer(ward["caster"], "ward.caster", 1, 65535));
    if (!s.occ_.test(g.centre) || mid.kind != kProphet || mid.id != s.ward_caster_)
      throw bad("ward.caster", "the strengthened barrier needs its prophet on the centre");
    if (ward.contains("piece") && ward.contains("block")) throw bad("ward", "expected 'piece' or 'block', not both");
    if (ward.contains("piece")) {
      s.ward_kind_ = 1;
      s.ward_piece_ = static_cast<std::uint16_t>(integer(ward["piece"], "ward.piece", 1, 65535));
      if (!ids.count(s.ward_piece_)) throw bad("ward.piece", "no piece has id " + std::to_string(s.ward_piece_));
    } else if (ward.contains("block")) {
      const int c = cell(ward["block"], "ward.block");
      if (g.row(c) == g.n - 1 || g.col(c) == g.n - 1) throw bad("ward.block", "the 2x2 block must lie on the board");
      s.ward_kind_ = 2;
      s.ward_cell_ = static_cast<std::int16_t>(c);
    } else {
      throw bad("ward", "expected 'piece' or 'block'");
    }
  }
  const json& winner = field("winner");
  if (!winner.is_null()) s.winner_team_ = static_cast<std::int8_t>(integer(winner, "winner", 0, s.num_teams() - 1));
  // A seat may be out on the move only once the game is over (its own action can cost it its
  // scepter, e.g. by uncovering an enemy sanctuary).
  if (s.winner_team_ < 0 && s.out(s.current_)) throw bad("current", "seat " + std::to_string(s.current_) + " is out of the game");
  s.settle(s.current_);
  return s;
}

}  // namespace qilab::guifa

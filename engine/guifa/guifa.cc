// The guifa game: options, the opening setup and positions read from JSON.
#include "engine/guifa/guifa.h"

#include <algorithm>
#include <set>

#include "engine/core/error.h"
#include "engine/core/input.h"

namespace qilab::guifa {

std::vector<OptionSpec> Guifa::option_specs() {
  return {
      {"players", std::int64_t{4}, "2 (opposite edges, the teaching game) or 4"},
      {"teams", std::string("alliance"),
       "with 4 players: 'alliance' (2v2, opposite seats allied, the orthodox game) or 'free_for_all'"},
      {"board_size", std::int64_t{9}, "side of the square board, odd, 9 to 15"},
      {"max_turns", std::int64_t{400}, "turns of all players together after which the game ends as a draw"},
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
  geometry(size_);  // validates the size
  if (players_ != 2 && players_ != 4)
    throw Error("guifa: option 'players' expects 2 or 4, got " + std::to_string(players_));
  const std::string& teams = options.get_string("teams");
  if (teams != "alliance" && teams != "free_for_all")
    throw Error("guifa: option 'teams' expects \"alliance\" or \"free_for_all\", got \"" + teams + "\"");
  mode_ = players_ == 2 ? Mode::kTwoPlayers : teams == "alliance" ? Mode::kAlliance : Mode::kFreeForAll;
  if (max_turns_ < 1) throw Error("guifa: option 'max_turns' expects a positive integer, got " + std::to_string(max_turns_));
}

int Guifa::encoding_size() const {
  const int cells = size_ * size_;
  return (players_ * kKinds + 7) * cells + players_;
}

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
  auto integer = [&](const json& v, const std::string& name, long long lo, long long hi) {
    if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
      throw bad(name, "expected an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " + brief(v));
    return static_cast<int>(v.get<long long>());
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
  for (const auto& pj : pieces) {
    if (!pj.is_object()) throw bad("pieces", "expected objects {cell, kind, owner, id, revived, clone, master}");
    auto pf = [&](const char* name) -> const json& {
      auto it = pj.find(name);
      if (it == pj.end()) throw bad(std::string("pieces.") + name, "missing");
      return *it;
    };
    const int c = cell(pf("cell"), "pieces.cell");
    if (s.occ_.test(c)) throw bad("pieces.cell", "two pieces on " + g.name(c));
    int kind = -1;
    for (int k = 0; k < kKinds; ++k)
      if (pf("kind") == kKindName[k]) kind = k;
    if (kind < 0) throw bad("pieces.kind", "expected a kind name (summoner, illusionist, ...), got " + brief(pf("kind")));
    Piece p;
    p.kind = static_cast<std::uint8_t>(kind);
    p.owner = static_cast<std::int8_t>(integer(pf("owner"), "pieces.owner", 0, players_ - 1));
    if (s.out(p.owner)) throw bad("pieces.owner", "seat " + std::to_string(p.owner) + " is out and has no pieces");
    p.id = static_cast<std::uint16_t>(integer(pf("id"), "pieces.id", 1, s.next_id_ - 1));
    if (!ids.insert(p.id).second) throw bad("pieces.id", "id " + std::to_string(p.id) + " used twice");
    if (!pf("revived").is_boolean()) throw bad("pieces.revived", "expected a boolean");
    if (!pf("clone").is_boolean()) throw bad("pieces.clone", "expected a boolean");
    if (pf("revived").get<bool>()) p.flags |= kRevived;
    if (pf("clone").get<bool>()) {
      if (kind != kIllusionist) throw bad("pieces.clone", "only an illusionist can be a clone");
      p.flags |= kClone;
    }
    p.master = static_cast<std::uint16_t>(integer(pf("master"), "pieces.master", 0, 65535));
    if ((kind == kBeast || (p.flags & kClone)) != (p.master != 0))
      throw bad("pieces.master", "beasts and clones name their master's id, other pieces 0");
    s.place(c, p);
  }
  for (int p = 0; p < players_; ++p)
    if (!s.out(p) && (s.kind_[kScepter] & s.own_[p]).count() != 1)
      throw bad("pieces", "seat " + std::to_string(p) + " is in the game and needs exactly one scepter");
  for (int b : s.beasts_) {
    bool found = false;
    for (int c : s.kind_[kSummoner] & s.own_[s.sq_[b].owner])
      if (s.sq_[c].id == s.sq_[b].master) found = true;
    if (!found) throw bad("pieces.master", "the beast on " + g.name(b) + " names no living summoner of its owner");
  }

  const json& corpses = field("corpses");
  if (!corpses.is_array()) throw bad("corpses", "expected an array of {cell, counts}");
  for (const auto& cj : corpses) {
    if (!cj.is_object() || !cj.contains("cell") || !cj.contains("counts") || !cj["counts"].is_object())
      throw bad("corpses", "expected objects {cell, counts: {kind: number}}");
    const int c = cell(cj["cell"], "corpses.cell");
    for (const auto& [k, v] : cj["counts"].items()) {
      int nibble = -1;
      if (k == "spent") nibble = kSpentNibble;
      for (int i = 0; i < 6; ++i)
        if (k == kKindName[kRevivable[i]]) nibble = kRevivable[i];
      if (nibble < 0) throw bad("corpses.counts", "unknown corpse kind '" + k + "' (revivable kinds or 'spent')");
      const int n = integer(v, "corpses.counts", 0, 15);
      s.corpses_[c] = (s.corpses_[c] & ~(std::uint32_t{15} << (4 * nibble))) | (std::uint32_t(n) << (4 * nibble));
    }
    if (s.corpses_[c]) s.corpse_cells_.set(c);
  }

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
    const int c = cell(summoning["cell"], "summoning.cell");
    if (!s.kind_[kSummoner].test(c) || s.sq_[c].owner != s.current_)
      throw bad("summoning.cell", "no summoner of the seat to move on " + g.name(c));
    s.summon_cell_ = static_cast<std::int16_t>(c);
    s.summon_left_ = static_cast<std::int8_t>(integer(summoning["left"], "summoning.left", 1, 4));
  }
  const json& ward = field("ward");
  if (!ward.is_null()) {
    if (!ward.is_object() || !ward.contains("caster")) throw bad("ward", "expected null or {caster, piece} or {caster, block}");
    const Piece& mid = s.sq_[g.centre];
    s.ward_caster_ = static_cast<std::uint16_t>(integer(ward["caster"], "ward.caster", 1, 65535));
    if (!s.occ_.test(g.centre) || mid.kind != kProphet || mid.id != s.ward_caster_)
      throw bad("ward.caster", "the strengthened barrier needs its prophet on the centre");
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

// The guifa game: options, the opening setup and positions read from JSON (docs/rules/guifa.md,
// "Options", "Board" and "Positions").
#include "engine/guifa/guifa.h"

#include "engine/guifa/encoding.h"

#include <algorithm>
#include <array>
#include <set>

#include "engine/core/error.h"
#include "engine/core/input.h"
#include "engine/core/json_fields.h"

namespace qilab::guifa {

std::vector<OptionSpec> Guifa::option_specs() {
  return {
      int_choice_option("players", 4, {2, 4}, "2 (opposite edges, the teaching game) or 4"),
      choice_option(
          "teams", "alliance", {"alliance", "free_for_all"},
          "with 4 players: 'alliance' (2v2, opposite seats allied, the orthodox game) or 'free_for_all'"),
      int_choice_option("board_size", 9, {9, 11, 13, 15}, "side of the square board, odd, 9 to 15"),
      // Turns and moves are counted in 32 bits; a million turns keeps both far from it.
      int_option("max_turns", 400, 1, 1'000'000,
                 "turns of all players together after which the game ends as a draw"),
      {"hold_round", true,
       "the alliance that moved first must hold the source of magic with its scepter for one full round "
       "(manual 一 and D); false: every scepter on the source wins at once"},
      choice_option(
          "adjudicate", "none", {"none", "evaluation", "material"},
          "what max_turns gives: none (a draw) | evaluation (the team whose evaluation score leads "
          "the next by more than one pawn wins) | material (the team whose live pieces outnumber the "
          "next's by more than 10% of the two counts' sum wins); else a draw"),
  };
}

Guifa::Guifa(const Options& options)
    : options_(options),
      size_(static_cast<int>(options.get_int("board_size"))),
      players_(static_cast<int>(options.get_int("players"))),
      max_turns_(static_cast<int>(options.get_int("max_turns"))),
      hold_rule_(options.get_bool("hold_round")),
      adjudicate_(options.get_string("adjudicate") == "evaluation" ? 1
                  : options.get_string("adjudicate") == "material" ? 2
                                                                   : 0) {
  // The options' declarations have checked every value (odd sizes, 2 or 4 players).
  mode_ = players_ == 2                               ? Mode::kTwoPlayers
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
  s.adjudicate_ = static_cast<std::int8_t>(adjudicate_);
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
      s.place(g.home(s.side_of(p), first + k),
              Piece{static_cast<std::uint8_t>(k), static_cast<std::int8_t>(p), 0, s.new_id(), 0});
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
        throw bad("pieces", seat_of(p) + " has " + std::to_string(bodies) + " " + kKindName[k] +
                                " pieces; with " + std::to_string(players_) +
                                " players a seat can hold at most " + std::to_string(players_) +
                                " (its own and revived ones)");
      if (clones > 1)
        throw bad("pieces", seat_of(p) + " has " + std::to_string(clones) + " clones; at most 1");
      total += bodies;
    }
    int corpses = 0;
    for (int c : s.corpse_cells_) corpses += s.corpses(c, static_cast<Kind>(k));
    if (total + corpses > players_)
      throw bad("pieces", std::to_string(total) + " " + kKindName[k] + " pieces and " +
                              std::to_string(corpses) + " revivable " + kKindName[k] + " corpses, but " +
                              std::to_string(players_) + " players bring only " + std::to_string(players_));
  }
  for (int c : s.illusions_) {
    const Piece& q = s.sq_[c];
    if (!(q.flags & kClone)) continue;
    const Piece& mid = s.sq_[g.centre];
    if (!s.occ_.test(g.centre) || mid.kind != kIllusionist || (mid.flags & kClone) || mid.owner != q.owner ||
        mid.id != q.master)
      throw bad("pieces", "the clone on " + g.name(c) + " (" + seat_of(q.owner) +
                              ") needs its master, the same seat's illusionist, on the centre " +
                              g.name(g.centre));
  }
  for (int c : s.kind_[kSummoner]) {
    int beasts = 0;
    for (int b : s.beasts_) beasts += s.sq_[b].master == s.sq_[c].id;
    if (beasts > 4)
      throw bad("pieces", seat_of(s.sq_[c].owner) + " has " + std::to_string(beasts) +
                              " beasts of its summoner on " + g.name(c) +
                              "; a summoning places at most 4, and no new one begins while one lives");
  }
}

std::vector<int> Guifa::teams() const {
  std::vector<int> t(static_cast<std::size_t>(players_));
  for (int p = 0; p < players_; ++p) t[static_cast<std::size_t>(p)] = mode_ == Mode::kAlliance ? p % 2 : p;
  return t;
}

State Guifa::state_from_json(const nlohmann::json& j) const {
  const JsonField root(j, "guifa position");
  root.object({"game", "size", "players", "mode", "current", "turns", "moves", "pieces", "corpses", "fields",
               "out", "hold", "summoning", "ward", "next_id", "winner"});
  State s = empty_state();
  const Geometry& g = s.geo();
  auto cell = [&](const JsonField& v) {
    const int c = v.json().is_string() ? g.parse(v.json().get<std::string>()) : -1;
    if (c < 0) v.fail("expected a cell name a1-" + g.name(g.cells - 1) + ", got " + brief(v.json()));
    return c;
  };
  root["game"].expect("guifa");
  if (root["size"].int_in(kMinSize, kMaxSize) != size_)
    root["size"].fail("the game is configured for a " + std::to_string(size_) + "x" + std::to_string(size_) +
                      " board");
  if (root["players"].int_in(2, 4) != players_)
    root["players"].fail("the game is configured for " + std::to_string(players_) + " players");
  root["mode"].expect(mode_ == Mode::kTwoPlayers ? "two_players"
                      : mode_ == Mode::kAlliance ? "alliance"
                                                 : "free_for_all");
  s.current_ = static_cast<std::int8_t>(root["current"].int_in(0, players_ - 1));
  s.turns_ = root["turns"].int_in(0, max_turns_);
  const auto moves = root.find("moves");
  s.moves_ = moves ? moves->int_in(0, 1 << 30) : s.turns_;
  s.next_id_ = static_cast<std::uint16_t>(root["next_id"].int_in(1, 65535));

  const JsonField out = root["out"];
  out.array(static_cast<std::size_t>(players_));
  for (int p = 0; p < players_; ++p)
    if (out[p].boolean()) s.out_mask_ |= static_cast<std::uint8_t>(1u << p);

  const JsonField pieces = root["pieces"];
  std::set<int> ids;
  std::array<std::string_view, kKinds> kind_names;
  for (int k = 0; k < kKinds; ++k) kind_names[k] = kKindName[k];
  for (std::size_t i = 0, n = pieces.array(); i < n; ++i) {
    const JsonField pj = pieces[i];
    pj.object({"cell", "kind", "owner", "id", "revived", "clone", "master"});
    const int c = cell(pj["cell"]);
    if (s.occ_.test(c)) pj["cell"].fail("two pieces on " + g.name(c));
    const int kind = pj["kind"].one_of(kind_names);
    Piece p;
    p.kind = static_cast<std::uint8_t>(kind);
    p.owner = static_cast<std::int8_t>(pj["owner"].int_in(0, players_ - 1));
    if (s.out(p.owner)) pj["owner"].fail("seat " + std::to_string(p.owner) + " is out and has no pieces");
    p.id = static_cast<std::uint16_t>(pj["id"].int_in(1, s.next_id_ - 1));
    if (!ids.insert(p.id).second) pj["id"].fail("id " + std::to_string(p.id) + " used twice");
    const bool revived = pj["revived"].boolean(), clone = pj["clone"].boolean();
    if (revived) p.flags |= kRevived;
    if (clone) {
      if (kind != kIllusionist) pj["clone"].fail("only an illusionist can be a clone");
      p.flags |= kClone;
    }
    p.master = static_cast<std::uint16_t>(pj["master"].int_in(0, 65535));
    if ((kind == kBeast || (p.flags & kClone)) != (p.master != 0))
      pj["master"].fail("beasts and clones name their master's id, other pieces 0");
    s.place(c, p);
  }
  for (int p = 0; p < players_; ++p)
    if (!s.out(p) && (s.kind_[kScepter] & s.own_[p]).count() != 1)
      pieces.fail("seat " + std::to_string(p) + " is in the game and needs exactly one scepter");
  for (int b : s.beasts_) {
    bool found = false;
    for (int c : s.kind_[kSummoner] & s.own_[s.sq_[b].owner])
      if (s.sq_[c].id == s.sq_[b].master) found = true;
    if (!found) pieces.fail("the beast on " + g.name(b) + " names no living summoner of its owner");
  }

  const JsonField corpses = root["corpses"];
  for (std::size_t i = 0, n = corpses.array(); i < n; ++i) {
    const JsonField cj = corpses[i];
    cj.object({"cell", "counts"});
    const int c = cell(cj["cell"]);
    if (s.corpse_cells_.test(c)) cj["cell"].fail("a second entry for " + g.name(c) + "; one entry per cell");
    const JsonField counts = cj["counts"];
    for (const auto& [k, v] : counts.object().json().items()) {
      int nibble = -1;
      if (k == "spent") nibble = kSpentNibble;
      for (int r = 0; r < 6; ++r)
        if (k == kKindName[kRevivable[r]]) nibble = kRevivable[r];
      if (nibble < 0) counts[k].fail("unknown corpse kind (revivable kinds or 'spent')");
      const int n_kind = counts[k].int_in(0, 15);
      s.corpses_[c] =
          (s.corpses_[c] & ~(std::uint32_t{15} << (4 * nibble))) | (std::uint32_t(n_kind) << (4 * nibble));
    }
    if (s.corpses_[c]) s.corpse_cells_.set(c);
  }
  check_army(s, [](const std::string& field, const std::string& what) {
    return Error("guifa position: /" + field + ": " + what);
  });

  // Fields only carry precedence between opposing fields; they are recomputed below.
  if (const auto fields = root.find("fields")) {
    fields->array(static_cast<std::size_t>(s.num_teams()));
    for (int t = 0; t < s.num_teams(); ++t)
      for (std::size_t i = 0, n = (*fields)[t].array(); i < n; ++i) s.field_[t].set(cell((*fields)[t][i]));
  }

  const JsonField hold = root["hold"];
  if (!hold.is_null()) s.hold_player_ = static_cast<std::int8_t>(hold.int_in(0, players_ - 1));
  const JsonField summoning = root["summoning"];
  if (!summoning.is_null()) {
    summoning.object({"cell", "left"});
    const int c = cell(summoning["cell"]);
    if (!s.kind_[kSummoner].test(c) || s.sq_[c].owner != s.current_)
      summoning["cell"].fail("no summoner of the seat to move on " + g.name(c));
    s.summon_cell_ = static_cast<std::int16_t>(c);
    s.summon_left_ = static_cast<std::int8_t>(summoning["left"].int_in(1, 4));
  }
  const JsonField ward = root["ward"];
  if (!ward.is_null()) {
    ward.object({"caster", "piece", "block"});
    const Piece& mid = s.sq_[g.centre];
    s.ward_caster_ = static_cast<std::uint16_t>(ward["caster"].int_in(1, 65535));
    if (!s.occ_.test(g.centre) || mid.kind != kProphet || mid.id != s.ward_caster_)
      ward["caster"].fail("the strengthened barrier needs its prophet on the centre");
    if (ward.has("piece") && ward.has("block")) ward.fail("expected 'piece' or 'block', not both");
    if (ward.has("piece")) {
      s.ward_kind_ = 1;
      s.ward_piece_ = static_cast<std::uint16_t>(ward["piece"].int_in(1, 65535));
      if (!ids.count(s.ward_piece_)) ward["piece"].fail("no piece has id " + std::to_string(s.ward_piece_));
    } else if (ward.has("block")) {
      const int c = cell(ward["block"]);
      if (g.row(c) == g.n - 1 || g.col(c) == g.n - 1)
        ward["block"].fail("the 2x2 block must lie on the board");
      s.ward_kind_ = 2;
      s.ward_cell_ = static_cast<std::int16_t>(c);
    } else {
      ward.fail("expected 'piece' or 'block'");
    }
  }
  const JsonField winner = root["winner"];
  if (!winner.is_null()) s.winner_team_ = static_cast<std::int8_t>(winner.int_in(0, s.num_teams() - 1));
  // A seat may be out on the move only once the game is over (its own action can cost it its
  // scepter, e.g. by uncovering an enemy sanctuary).
  if (s.winner_team_ < 0 && s.out(s.current_))
    root["current"].fail("seat " + std::to_string(s.current_) + " is out of the game");
  s.settle(s.current_);
  return s;
}

}  // namespace qilab::guifa

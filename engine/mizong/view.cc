// What players see: notation, JSON positions, drawings, observations, information keys and
// sampled worlds for hidden information (the network's encoding: encoding.cc).
#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/hash.h"
#include "engine/mizong/mizong.h"

namespace qilab::mizong {
namespace {

constexpr char kKindLetter[kKinds] = {'m', 'r', 'M', 'R', 'H'};

}  // namespace

// ---- notation ----

std::string State::action_to_string(Action a) const {
  const Layout& L = layout_;
  if (a < 0 || a >= L.total) return "invalid(" + std::to_string(a) + ")";
  if (a == L.end_turn) return "end-turn";
  if (a == L.done) return "done";
  if (a == L.area_heal) return "area-heal";
  static const char* kVerb[5] = {"select", "move", "attack", "heal", "swap"};
  return std::string(kVerb[a / L.cells]) + ":" + geo_->name(a % L.cells);
}

Action State::string_to_action(std::string_view text) const {
  const Layout& L = layout_;
  if (text == "end-turn") return L.end_turn;
  if (text == "done") return L.done;
  if (text == "area-heal") return L.area_heal;
  static const char* kVerb[5] = {"select", "move", "attack", "heal", "swap"};
  // "verb:q,r" (no space, so the CLI can list actions separated by spaces); "verb q,r" is read too.
  const auto space = text.find_first_of(": ");
  if (space != std::string_view::npos) {
    const auto verb = text.substr(0, space);
    for (int v = 0; v < 5; ++v)
      if (verb == kVerb[v]) {
        const int c = geo_->parse(text.substr(space + 1));
        if (c < 0)
          throw Error("mizong: action '" + std::string(text) +
                      "': expected a cell \"q,r\" on the board after '" + std::string(verb) + "'");
        return v * L.cells + c;
      }
  }
  throw Error("mizong: unknown action '" + std::string(text) +
              "' (expected select|move|attack|heal|swap:q,r, area-heal, done or end-turn)");
}

// ---- JSON ----

nlohmann::json State::to_json() const {
  using nlohmann::json;
  static const char* kTeamNames[3] = {"ffa", "3v3", "2v2v2"};
  json j;
  j["game"] = "mizong";
  j["point_size"] = geo_->point;
  j["teams"] = kTeamNames[static_cast<int>(rules_.teams)];
  j["round"] = round_;
  j["current"] = current_;
  j["moves"] = moves_;
  j["over"] = over_;
  if (over_ && ending_ != Ending::kNone) j["ending"] = std::string(ending());
  j["centre"] = {{"rounds", hold_rounds_}, {"disturbed", centre_disturbed_}};
  j["next_places"] = {next_top_, next_bottom_};
  json places = json::array();
  for (int t = 0; t < num_teams(); ++t) {
    const int twice = place2_[static_cast<std::size_t>(t)];
    if (twice % 2 == 0)
      places.push_back(twice / 2);
    else
      places.push_back(twice / 2.0);
  }
  j["places"] = places;
  json outs = json::array();
  for (int p = 0; p < 6; ++p) outs.push_back(out(p));
  j["out"] = outs;
  if (act_.piece < 0) {
    j["activation"] = nullptr;
  } else {
    j["activation"] = {{"piece", act_.piece},   {"start", geo_->name(act_.start)},
                       {"before", act_.before}, {"after", act_.after},
                       {"acts", act_.acts},     {"moved", act_.moved}};
  }
  json acted = json::array();
  for (int id = current_ * home_; id < (current_ + 1) * home_; ++id)
    if (acted_.test(id)) acted.push_back(id);
  j["acted"] = acted;
  json pieces = json::array();
  for (int id = 0; id < players_ * home_; ++id) {
    const Piece& x = piece(id);
    // [cell or null, piece token, hp (sixths), moves, heal count, AP, revealed, stunned]
    json pj = json::array({x.cell >= 0 ? json(geo_->name(x.cell)) : json(nullptr), token(x.identity()), x.hp,
                           x.moves, x.heal, x.ap, static_cast<bool>(x.flags & kRevealed), x.stunned()});
    pieces.push_back(std::move(pj));
  }
  j["pieces"] = std::move(pieces);
  // Public evidence on dark pieces, where there is any: [piece id, kinds mask, attributes mask].
  json evidence = json::array();
  for (int id = 0; id < players_ * home_; ++id) {
    const Piece& x = piece(id);
    if (x.may_kinds != kAnyKind || x.may_attrs != kAnyAttributes)
      evidence.push_back(json::array({id, x.may_kinds, x.may_attrs}));
  }
  if (!evidence.empty()) j["evidence"] = std::move(evidence);
  return j;
}

std::string State::deployment(Player p) const {
  std::vector<Identity> setup;
  for (int id = p * home_; id < (p + 1) * home_; ++id) setup.push_back(piece(id).identity());
  return setup_text(*geo_, setup);
}

// ---- drawings ----

std::string State::render_text() const {
  const Geometry& g = *geo_;
  std::string s = "mizong point " + std::to_string(g.point) + ", round " + std::to_string(round_) +
                  (over_ ? ", over" : ", seat " + std::to_string(current_) + " to move");
  if (act_.piece >= 0) s += ", activating " + g.name(piece(act_.piece).cell);
  s += "\ncentre: ";
  const int holder = at_[static_cast<std::size_t>(g.centre)];
  if (holder < 0)
    s += "empty";
  else
    s += "seat " + std::to_string(owner(holder)) + ", " + std::to_string(hold_rounds_) + " quiet rounds";
  s += "\n";
  for (Player p = 0; p < players_; ++p) {
    int melee = 0, ranged = 0, heroes = 0, hp = 0;
    for (int id = p * home_; id < (p + 1) * home_; ++id) {
      const Piece& x = piece(id);
      if (x.cell < 0) continue;
      (is_melee(x.kind) ? melee : ranged)++;
      heroes += is_hero(x.kind);
      hp += x.hp;
    }
    char buf[160];
    std::snprintf(buf, sizeof buf, "seat %d (team %d): %d melee, %d ranged, %d heroes, HP %.1f%s\n", p,
                  team_of(p), melee, ranged, heroes, hp / 6.0,
                  place2_[static_cast<std::size_t>(team_of(p))]
                      ? (", place " + std::to_string(place(team_of(p)))).c_str()
                      : (out(p) ? ", out" : ""));
    s += buf;
  }
  if (g.point > 8) return s;
  // The drawing: each vertex as seat digit + kind letter (m melee, r ranged, M melee hero,
  // R ranged hero, H healer), upper case seat letter... dark pieces in brackets-free lower rows.
  for (int rw = 0; rw < g.rows; ++rw) {
    std::string line(static_cast<std::size_t>(g.grid_width * 2 + 4), ' ');
    for (int cl = 0; cl < g.grid_width; ++cl) {
      const int c = g.grid[static_cast<std::size_t>(rw * g.grid_width + cl)];
      if (c < 0) continue;
      const int id = at_[static_cast<std::size_t>(c)];
      const auto pos = static_cast<std::size_t>(cl * 2);
      if (id < 0) {
        line[pos + 1] = c == g.centre ? '+' : '.';
      } else {
        line[pos] = static_cast<char>('0' + owner(id));
        line[pos + 1] = kKindLetter[piece(id).kind];
        if (piece(id).dark()) line[pos + 2] = '\'';
      }
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    s += line + "\n";
  }
  s += "(seat digit + m melee, r ranged, M melee hero, R ranged hero, H healer; ' dark; + the centre)\n";
  return s;
}

// ---- observations ----

std::string State::observation_string(Player p_) const {
  const Player p = p_;
  const Geometry& g = *geo_;
  std::string s;
  s.reserve(static_cast<std::size_t>(players_ * home_) * 20 + 200);
  s += "seat " + std::to_string(p) + " round " + std::to_string(round_) + " to move " +
       std::to_string(current_) + (over_ ? " over" : "") + " centre " + std::to_string(hold_rounds_) +
       (centre_disturbed_ ? "*" : "") + "\n";
  if (act_.piece >= 0)
    s += "activation " + g.name(act_.start) + " b" + std::to_string(act_.before) + " a" +
         std::to_string(act_.after) + " n" + std::to_string(act_.acts) + (act_.moved ? " moved" : "") + "\n";
  for (int t = 0; t < num_teams(); ++t)
    s += "place " + std::to_string(place2_[static_cast<std::size_t>(t)]) + " ";
  s += "out " + std::to_string(out_mask_) + "\nacted";
  for (int id = current_ * home_; id < (current_ + 1) * home_; ++id)
    if (acted_.test(id)) {
      s += ' ';
      s += std::to_string(id);
    }
  s += "\n";
  // One line per piece, written with to_chars (this runs at every step of the conformance suite).
  char buf[128];  // the longest line: a visible dark piece with evidence, about 90 characters
  auto put = [&](char*& p, int v) { p = std::to_chars(p, buf + sizeof buf, v).ptr; };
  auto word = [&](char*& p, const char* w) {
    while (*w) *p++ = *w++;
  };
  for (int id = 0; id < players_ * home_; ++id) {
    const Piece& x = piece(id);
    if (x.cell < 0 && !x.dark()) {
      if (x.hp == 0 && !out(owner(id))) {
        char* p = buf;
        put(p, id);
        word(p, " dead\n");
        s.append(buf, p);
      }
      continue;
    }
    char* p = buf;
    put(p, id);
    *p++ = ' ';
    if (x.cell >= 0) {
      put(p, g.q[x.cell]);
      *p++ = ',';
      put(p, g.r[x.cell]);
    } else {
      *p++ = '-';
    }
    if (visible(p_, id)) {
      *p++ = ' ';
      const std::string t = token(x.identity());
      word(p, t.c_str());
      word(p, " hp");
      put(p, x.hp);
      word(p, " mv");
      put(p, x.moves);
      word(p, " ap");
      put(p, x.ap);
      if (x.stunned()) word(p, " stun");
      if (x.dark() && public_identity(id)) word(p, " revealed");  // public: every seat now sees it
      if (x.dark() && (x.may_kinds != kAnyKind || x.may_attrs != kAnyAttributes)) {  // public evidence
        word(p, " may");
        put(p, x.may_kinds);
        *p++ = '/';
        put(p, x.may_attrs);
      }
      if (owner(id) == p_) {
        word(p, " heal");
        put(p, x.heal);
      }
    } else {
      // Hidden: where it stands and the damage it has taken, not what it is.
      word(p, " dark dmg");
      put(p, x.cell >= 0 ? max_hp(x.kind) - x.hp : -1);
      word(p, " mv");
      put(p, x.moves);
      if (x.may_kinds != kAnyKind || x.may_attrs != kAnyAttributes) {  // public evidence (bit masks)
        word(p, " may");
        put(p, x.may_kinds);
        *p++ = '/';
        put(p, x.may_attrs);
      }
      if (x.stunned()) word(p, " stun");
    }
    *p++ = '\n';
    s.append(buf, p);
  }
  return s;
}

std::uint64_t State::information_key(Player p) const {
  std::uint64_t h = 0x6D697A6F6E67ull;
  h = hash_mix(h, static_cast<std::uint64_t>(p));
  h = hash_mix(h,
               static_cast<std::uint64_t>(round_) << 8 | static_cast<std::uint64_t>(current_) << 1 | over_);
  h = hash_mix(h, static_cast<std::uint64_t>(hold_rounds_) << 1 | centre_disturbed_);
  h = hash_mix(
      h, static_cast<std::uint64_t>(act_.piece + 1) << 32 | static_cast<std::uint64_t>(act_.start + 1) << 16 |
             static_cast<std::uint64_t>(act_.before) << 12 | static_cast<std::uint64_t>(act_.after) << 8 |
             static_cast<std::uint64_t>(act_.acts) << 1 | act_.moved);
  for (int t = 0; t < num_teams(); ++t) h = hash_mix(h, place2_[static_cast<std::size_t>(t)]);
  h = hash_mix(h, out_mask_);
  for (int w = 0; w < PieceSet::kWords; ++w)
    if (acted_.word(w)) h = hash_mix(h, acted_.word(w) ^ static_cast<std::uint64_t>(w));
  for (int id = 0; id < players_ * home_; ++id) {
    const Piece& x = piece(id);
    // Whether a dark piece's identity is public is itself public (its owner knows the others
    // see it), so it is part of every seat's key.
    std::uint64_t v = static_cast<std::uint64_t>(x.cell + 1) | static_cast<std::uint64_t>(x.moves) << 16 |
                      static_cast<std::uint64_t>(x.stunned()) << 32 |
                      static_cast<std::uint64_t>(public_identity(id)) << 58;
    if (visible(p, id)) {
      v |= static_cast<std::uint64_t>(x.hp) << 33 | static_cast<std::uint64_t>(x.ap) << 41 |
           static_cast<std::uint64_t>(x.kind * 6 + x.attr1 * 2 + x.attr2) << 49 | std::uint64_t{1} << 56;
      if (owner(id) == p) v |= static_cast<std::uint64_t>(x.heal) << 57;
      // What the public play has shown of a dark piece is public, its owner's piece too.
      if (x.dark())
        h = hash_mix(h, static_cast<std::uint64_t>(x.may_kinds) | static_cast<std::uint64_t>(x.may_attrs)
                                                                      << 8);
    } else {
      if (x.cell >= 0) v |= static_cast<std::uint64_t>(max_hp(x.kind) - x.hp) << 33;
      v |= static_cast<std::uint64_t>(x.may_kinds) << 41 | static_cast<std::uint64_t>(x.may_attrs) << 49;
    }
    h = hash_mix(h, v);
  }
  return h;
}

// Uniform over the identity assignments of each other seat's hidden pieces that keep the
// seat's army and agree with every reveal and with the public evidence (docs/rules/mizong.md,
// "Hidden information"). Kind evidence leaves a hidden piece: any kind (it never acted),
// ordinary (it acted without action points), melee or ranged (proven). Without attribute
// evidence, heroes can only be pieces that never acted, and a uniform choice of them among
// those, a uniform melee/ranged split of the rest and a uniform arrangement of each kind's
// identities give every consistent assignment the same chance (the number of ways to complete
// does not depend on the choices). Pieces with pinned attributes are dealt first: every
// choice of their identities is enumerated and drawn with the number of ways to complete it
// (a product of binomials and multinomials), then the rest as above. With more than 12 pinned
// pieces in a seat (or 4096 choices), the pinned pieces start from their own identities and
// exchange steps mix them instead: a pinned piece and any redealt piece of the seat swap
// identities when both still agree with their evidence (a symmetric proposal accepted when
// consistent, so its stationary draw is the uniform one; 32 steps per pinned piece).
namespace {
// log n! for n <= 300 (a seat's pieces), from a table.
double log_factorial(int n) {
  static const auto table = [] {
    std::array<double, 301> t{};
    for (int i = 1; i <= 300; ++i)
      t[static_cast<std::size_t>(i)] = t[static_cast<std::size_t>(i - 1)] + std::log(static_cast<double>(i));
    return t;
  }();
  return table[static_cast<std::size_t>(n)];
}
double log_choose(int n, int k) {
  if (k < 0 || k > n) return -1e300;
  return log_factorial(n) - log_factorial(k) - log_factorial(n - k);
}
constexpr int kCats = kKinds * 6;  // identity classes: kind * 6 + attr1 * 2 + attr2
int cat_of(const Piece& x) { return x.kind * 6 + x.attr1 * 2 + x.attr2; }
}  // namespace

State State::sample_world(Player p, Rng& rng) const {
  State w = *this;
  constexpr int kPool = 300, kMaxPinned = 12, kMaxChoices = 4096;
  using Ids = std::array<std::int16_t, kPool>;
  auto shuffle = [&](auto* first, int n) {
    for (int i = n - 1; i > 0; --i) std::swap(first[i], first[rng.below(static_cast<std::uint32_t>(i + 1))]);
  };
  // The evaluation's tally follows each redeal as a one-piece change: its HP, and its match-ups
  // where it stands next to an enemy (most pieces stand among their own).
  const Geometry& g = *geo_;
  auto next_to_enemy = [&](int id, int c) {
    const int team = team_of(owner(id));
    for (int d = 0; d < kDirs; ++d) {
      const int n = g.nb[static_cast<std::size_t>(c)][d];
      if (n < 0) continue;
      const int y = at_[static_cast<std::size_t>(n)];
      if (y >= 0 && team_of(owner(y)) != team) return true;
    }
    return false;
  };
  auto give = [&](int id, int cat) {
    Piece& x = w.pc_[static_cast<std::size_t>(id)];
    const Piece& truth = piece(id);
    const int damage = max_hp(truth.kind) - truth.hp;
    const bool matched = x.cell >= 0 && next_to_enemy(id, x.cell);
    if (matched) w.tally_piece(id, -1);
    const int hp = x.hp;
    x.kind = static_cast<std::uint8_t>(cat / 6);
    x.attr1 = static_cast<std::uint8_t>(cat % 6 / 2);
    x.attr2 = static_cast<std::uint8_t>(cat % 2);
    if (x.cell >= 0) x.hp = static_cast<std::uint8_t>(std::max(1, max_hp(x.kind) - damage));
    x.ap = static_cast<std::uint8_t>(kApBudget[x.kind]);
    x.heal = 0;
    if (matched)
      w.tally_piece(id, 1);
    else if (x.cell >= 0)
      w.tally_.hp[static_cast<std::size_t>(team_of(owner(id)))] += x.hp - hp;
  };
  for (Player q = 0; q < players_; ++q) {
    if (q == p) continue;
    // The pieces to redeal, by kind evidence; the identities they share out.
    Ids any{}, ordinary{}, melee{}, ranged{}, pinned{};
    int na = 0, no = 0, nm = 0, nr = 0, np = 0;
    std::array<int, kCats> count{};
    for (int id = q * home_; id < (q + 1) * home_; ++id) {
      if (visible(p, id) || id == act_.piece) continue;
      const Piece& x = piece(id);
      const std::uint8_t k = x.may_kinds;
      const bool proven = k == 1 << kMelee || k == 1 << kRanged;
      if ((k != kAnyKind && k != kOrdinaryKinds && !proven) || (proven && std::popcount(x.may_attrs) == 1))
        continue;  // one identity possible
      ++count[static_cast<std::size_t>(cat_of(x))];
      const auto sid = static_cast<std::int16_t>(id);
      if (x.may_attrs != kAnyAttributes)
        pinned[static_cast<std::size_t>(np++)] = sid;
      else if (k == kAnyKind)
        any[static_cast<std::size_t>(na++)] = sid;
      else if (k == kOrdinaryKinds)
        ordinary[static_cast<std::size_t>(no++)] = sid;
      else if (k == 1 << kMelee)
        melee[static_cast<std::size_t>(nm++)] = sid;
      else
        ranged[static_cast<std::size_t>(nr++)] = sid;
    }
    // Ways to deal `count` to the unpinned pieces (log), or -inf when impossible.
    auto log_ways = [&](const std::array<int, kCats>& c) {
      int heroes = 0, mel = 0, ran = 0;
      double v = 0;
      for (int t = 0; t < kCats; ++t) {
        const int n = c[static_cast<std::size_t>(t)];
        if (is_hero(t / 6))
          heroes += n;
        else if (t / 6 == kMelee)
          mel += n;
        else
          ran += n;
        v -= log_factorial(n);
      }
      const int open = na - heroes + no;  // undecided pieces after the heroes
      if (heroes > na || mel < nm || ran < nr || mel - nm > open || mel - nm + ran - nr != open)
        return -1e300;
      return v + log_choose(na, heroes) + log_factorial(heroes) + log_choose(open, mel - nm) +
             log_factorial(mel) + log_factorial(ran);
    };
    bool exchange = false;
    if (np > 0) {
      // Every choice of the pinned pieces' identities, weighted by the ways to complete it.
      // Fixed capacity in thread storage (about 80 KB a thread): no allocation.
      thread_local std::array<std::array<std::int8_t, kMaxPinned>, kMaxChoices> choices;
      thread_local std::array<double, kMaxChoices> weights;
      int nchoices = 0;
      bool too_many = np > kMaxPinned;
      std::array<std::int8_t, kMaxPinned> pick{};
      auto rec = [&](auto&& self, int i) -> void {
        if (too_many) return;
        if (i == np) {
          const double lw = log_ways(count);
          if (lw > -1e299) {
            if (nchoices == kMaxChoices) {
              too_many = true;
              return;
            }
            choices[static_cast<std::size_t>(nchoices)] = pick;
            weights[static_cast<std::size_t>(nchoices++)] = lw;
          }
          return;
        }
        const Piece& x = piece(pinned[static_cast<std::size_t>(i)]);
        for (int t = 0; t < kCats; ++t) {
          if (!((x.may_kinds >> (t / 6)) & 1) || !((x.may_attrs >> (t % 6)) & 1) ||
              count[static_cast<std::size_t>(t)] == 0)
            continue;
          --count[static_cast<std::size_t>(t)];
          pick[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(t);
          self(self, i + 1);
          ++count[static_cast<std::size_t>(t)];
        }
      };
      if (!too_many) rec(rec, 0);
      if (too_many || nchoices == 0) {  // start the pinned pieces from their own identities
        exchange = true;
        for (int i = 0; i < np; ++i)
          --count[static_cast<std::size_t>(cat_of(piece(pinned[static_cast<std::size_t>(i)])))];
      } else {
        const double top = *std::max_element(weights.begin(), weights.begin() + nchoices);
        double total = 0;
        for (int i = 0; i < nchoices; ++i)
          total +=
              (weights[static_cast<std::size_t>(i)] = std::exp(weights[static_cast<std::size_t>(i)] - top));
        double u = rng.uniform() * total;
        std::size_t k = 0;
        while (static_cast<int>(k) + 1 < nchoices && u >= weights[k]) u -= weights[k++];
        for (int i = 0; i < np; ++i) {
          const int t = choices[k][static_cast<std::size_t>(i)];
          give(pinned[static_cast<std::size_t>(i)], t);
          --count[static_cast<std::size_t>(t)];
        }
      }
    }
    // The unpinned pieces: heroes among those that never acted, then melee/ranged.
    std::array<std::int8_t, kPool> heroes{}, melee_ids{}, ranged_ids{};
    int nh = 0, nmi = 0, nri = 0;
    for (int t = 0; t < kCats; ++t)
      for (int c = 0; c < count[static_cast<std::size_t>(t)]; ++c) {
        if (is_hero(t / 6))
          heroes[static_cast<std::size_t>(nh++)] = static_cast<std::int8_t>(t);
        else if (t / 6 == kMelee)
          melee_ids[static_cast<std::size_t>(nmi++)] = static_cast<std::int8_t>(t);
        else
          ranged_ids[static_cast<std::size_t>(nri++)] = static_cast<std::int8_t>(t);
      }
    shuffle(any.data(), na);
    shuffle(heroes.data(), nh);
    Ids rest{};
    int nrest = 0;
    for (int i = nh; i < na; ++i) rest[static_cast<std::size_t>(nrest++)] = any[static_cast<std::size_t>(i)];
    for (int i = 0; i < no; ++i)
      rest[static_cast<std::size_t>(nrest++)] = ordinary[static_cast<std::size_t>(i)];
    shuffle(rest.data(), nrest);
    const int free_melee = nmi - nm;
    for (int i = 0; i < nrest; ++i) {
      const auto id = rest[static_cast<std::size_t>(i)];
      if (i < free_melee)
        melee[static_cast<std::size_t>(nm++)] = id;
      else
        ranged[static_cast<std::size_t>(nr++)] = id;
    }
    shuffle(melee_ids.data(), nmi);
    shuffle(ranged_ids.data(), nri);
    for (int i = 0; i < nh; ++i) give(any[static_cast<std::size_t>(i)], heroes[static_cast<std::size_t>(i)]);
    for (int i = 0; i < nm; ++i)
      give(melee[static_cast<std::size_t>(i)], melee_ids[static_cast<std::size_t>(i)]);
    for (int i = 0; i < nr; ++i)
      give(ranged[static_cast<std::size_t>(i)], ranged_ids[static_cast<std::size_t>(i)]);
    if (exchange) {
      Ids all{};
      int n_all = 0;
      auto add = [&](const Ids& ids, int n) {
        for (int i = 0; i < n; ++i) all[static_cast<std::size_t>(n_all++)] = ids[static_cast<std::size_t>(i)];
      };
      add(pinned, np);
      add(any, nh);
      add(melee, nm);
      add(ranged, nr);
      auto agrees = [&](int id, int cat) {
        const Piece& x = piece(id);
        return ((x.may_kinds >> (cat / 6)) & 1) && ((x.may_attrs >> (cat % 6)) & 1);
      };
      for (int step = 0; step < 32 * np; ++step) {
        const int a = pinned[rng.below(static_cast<std::uint32_t>(np))];
        const int b = all[rng.below(static_cast<std::uint32_t>(n_all))];
        const int ca = cat_of(w.piece(a)), cb = cat_of(w.piece(b));
        if (a == b || ca == cb || !agrees(a, cb) || !agrees(b, ca)) continue;
        give(a, cb);
        give(b, ca);
      }
    }
  }
  return w;
}

}  // namespace qilab::mizong

// What players see: notation, JSON positions, drawings, observations, information keys,
// encodings and sampled worlds for hidden information.
#include <algorithm>
#include <charconv>
#include <cmath>

#include "engine/core/error.h"
#include "engine/mizong/mizong.h"

namespace qilab::mizong {
namespace {

constexpr char kKindLetter[kKinds] = {'m', 'r', 'M', 'R', 'H'};

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  std::uint64_t x = h ^ (v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2));
  return splitmix64(x);
}

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
          throw Error("mizong: action '" + std::string(text) + "': expected a cell \"q,r\" on the board after '" +
                      std::string(verb) + "'");
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
  j["centre"] = {{"rounds", hold_rounds_}, {"disturbed", centre_disturbed_}};
  j["next_places"] = {next_top_, next_bottom_};
  json places = json::array();
  for (int t = 0; t < num_teams(); ++t) {
    const int twice = place2_[static_cast<std::size_t>(t)];
    if (twice % 2 == 0) places.push_back(twice / 2);
    else places.push_back(twice / 2.0);
  }
  j["places"] = places;
  json outs = json::array();
  for (int p = 0; p < 6; ++p) outs.push_back(out(p));
  j["out"] = outs;
  if (act_.piece < 0) {
    j["activation"] = nullptr;
  } else {
    j["activation"] = {{"piece", act_.piece}, {"start", geo_->name(act_.start)}, {"before", act_.before},
                       {"after", act_.after},  {"acts", act_.acts},                {"moved", act_.moved}};
  }
  json acted = json::array();
  for (int id = current_ * home_; id < (current_ + 1) * home_; ++id)
    if (acted_.test(id)) acted.push_back(id);
  j["acted"] = acted;
  json pieces = json::array();
  for (int id = 0; id < players_ * home_; ++id) {
    const Piece& x = piece(id);
    // [cell or null, piece token, hp (sixths), moves, heal count, AP, revealed, stunned]
    json pj = json::array({x.cell >= 0 ? json(geo_->name(x.cell)) : json(nullptr), token(x.identity()), x.hp, x.moves,
                           x.heal, x.ap, static_cast<bool>(x.flags & kRevealed), x.stunned()});
    pieces.push_back(std::move(pj));
  }
  j["pieces"] = std::move(pieces);
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
  if (holder < 0) s += "empty";
  else s += "seat " + std::to_string(owner(holder)) + ", " + std::to_string(hold_rounds_) + " quiet rounds";
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
    std::snprintf(buf, sizeof buf, "seat %d (team %d): %d melee, %d ranged, %d heroes, HP %.1f%s\n", p, team_of(p), melee,
                  ranged, heroes, hp / 6.0,
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
  s += "seat " + std::to_string(p) + " round " + std::to_string(round_) + " to move " + std::to_string(current_) +
       (over_ ? " over" : "") + " centre " + std::to_string(hold_rounds_) + (centre_disturbed_ ? "*" : "") + "\n";
  if (act_.piece >= 0)
    s += "activation " + g.name(act_.start) + " b" + std::to_string(act_.before) + " a" + std::to_string(act_.after) +
         " n" + std::to_string(act_.acts) + (act_.moved ? " moved" : "") + "\n";
  for (int t = 0; t < num_teams(); ++t) s += "place " + std::to_string(place2_[static_cast<std::size_t>(t)]) + " ";
  s += "out " + std::to_string(out_mask_) + "\nacted";
  for (int id = current_ * home_; id < (current_ + 1) * home_; ++id)
    if (acted_.test(id)) {
      s += ' ';
      s += std::to_string(id);
    }
  s += "\n";
  // One line per piece, written with to_chars (this runs at every step of the conformance suite).
  char buf[96];
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
      if (x.stunned()) word(p, " stun");
    }
    *p++ = '\n';
    s.append(buf, p);
  }
  return s;
}

std::uint64_t State::information_key(Player p) const {
  std::uint64_t h = 0x6D697A6F6E67ull;
  h = mix(h, static_cast<std::uint64_t>(p));
  h = mix(h, static_cast<std::uint64_t>(round_) << 8 | static_cast<std::uint64_t>(current_) << 1 | over_);
  h = mix(h, static_cast<std::uint64_t>(hold_rounds_) << 1 | centre_disturbed_);
  h = mix(h, static_cast<std::uint64_t>(act_.piece + 1) << 32 | static_cast<std::uint64_t>(act_.start + 1) << 16 |
                 static_cast<std::uint64_t>(act_.before) << 12 | static_cast<std::uint64_t>(act_.after) << 8 |
                 static_cast<std::uint64_t>(act_.acts) << 1 | act_.moved);
  for (int t = 0; t < num_teams(); ++t) h = mix(h, place2_[static_cast<std::size_t>(t)]);
  h = mix(h, out_mask_);
  for (int w = 0; w < PieceSet::kWords; ++w)
    if (acted_.word(w)) h = mix(h, acted_.word(w) ^ static_cast<std::uint64_t>(w));
  for (int id = 0; id < players_ * home_; ++id) {
    const Piece& x = piece(id);
    std::uint64_t v = static_cast<std::uint64_t>(x.cell + 1) | static_cast<std::uint64_t>(x.moves) << 16 |
                      static_cast<std::uint64_t>(x.stunned()) << 32;
    if (visible(p, id)) {
      v |= static_cast<std::uint64_t>(x.hp) << 33 | static_cast<std::uint64_t>(x.ap) << 41 |
           static_cast<std::uint64_t>(x.kind * 6 + x.attr1 * 2 + x.attr2) << 49 | std::uint64_t{1} << 56;
      if (owner(id) == p) v |= static_cast<std::uint64_t>(x.heal) << 57;
    } else if (x.cell >= 0) {
      v |= static_cast<std::uint64_t>(max_hp(x.kind) - x.hp) << 33;
    }
    h = mix(h, v);
  }
  return h;
}

void State::encode(Player p, float* planes) const {
  const Geometry& g = *geo_;
  const int C = g.cells;
  std::fill(planes, planes + C * kPlanes + 4, 0.0f);
  auto at = [&](int plane, int c) -> float& { return planes[plane * C + c]; };
  for (int id = 0; id < players_ * home_; ++id) {
    const Piece& x = piece(id);
    if (x.cell < 0) continue;
    const int c = x.cell;
    const int rel = (owner(id) - p + players_) % players_;
    at(rel, c) = 1;                                          // 0-5: seat relative to p
    at(6, c) = team_of(owner(id)) == team_of(p) ? 1.f : 0.f;  // 6: friendly
    at(7, c) = x.dark() ? 1.f : 0.f;                         // 7: dark
    at(8, c) = x.stunned() ? 1.f : 0.f;                      // 8: stunned
    if (visible(p, id)) {
      at(9 + x.kind, c) = 1;        // 9-13: kind
      at(14 + x.attr1, c) = 1;      // 14-16: attr1
      at(17 + x.attr2, c) = 1;      // 17-18: attr2
      at(19, c) = static_cast<float>(x.hp) / static_cast<float>(max_hp(x.kind));  // 19: HP share
      at(20, c) = is_hero(x.kind) ? static_cast<float>(x.ap) / static_cast<float>(kApBudget[x.kind]) : 0.f;
    } else {
      at(21, c) = static_cast<float>(max_hp(x.kind) - x.hp) / 66.f;  // 21: damage of a hidden piece
    }
  }
  float* extra = planes + C * kPlanes;
  extra[0] = static_cast<float>(round_) / static_cast<float>(rules_.round_cap);
  extra[1] = static_cast<float>(hold_rounds_) / static_cast<float>(rules_.centre_rounds);
  extra[2] = act_.piece >= 0 ? 1.f : 0.f;
  extra[3] = static_cast<float>((round_ - 1) % 3) / 2.f;
}

State State::sample_world(Player p, Rng& rng) const {
  State w = *this;
  std::array<std::int16_t, 300> pool{};
  std::array<Identity, 300> ids{};
  for (Player q = 0; q < players_; ++q) {
    if (q == p) continue;
    int n = 0;
    for (int id = q * home_; id < (q + 1) * home_; ++id)
      if (!visible(p, id) && id != act_.piece) {
        pool[static_cast<std::size_t>(n)] = static_cast<std::int16_t>(id);
        ids[static_cast<std::size_t>(n++)] = piece(id).identity();
      }
    for (int i = n - 1; i > 0; --i) std::swap(ids[static_cast<std::size_t>(i)], ids[rng.below(static_cast<std::uint32_t>(i + 1))]);
    for (int i = 0; i < n; ++i) {
      Piece& x = w.pc_[static_cast<std::size_t>(pool[static_cast<std::size_t>(i)])];
      const Identity& who = ids[static_cast<std::size_t>(i)];
      const int damage = max_hp(x.kind) - x.hp;
      x.kind = who.kind;
      x.attr1 = who.attr1;
      x.attr2 = who.attr2;
      if (x.cell >= 0) x.hp = static_cast<std::uint8_t>(std::max(1, max_hp(who.kind) - damage));
      x.ap = static_cast<std::uint8_t>(kApBudget[who.kind]);
      x.heal = 0;
    }
  }
  return w;
}

}  // namespace qilab::mizong

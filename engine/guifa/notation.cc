// Readable actions, positions as JSON, and the text drawing (docs/rules/guifa.md, "Notation").
#include <functional>

#include "engine/core/error.h"
#include "engine/core/hash.h"
#include "engine/guifa/guifa.h"

namespace qilab::guifa {
namespace {

int kind_from_letter(char ch) {
  for (int k = 0; k < kKinds; ++k)
    if (kLetter[k] == ch) return k;
  return -1;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

}  // namespace

std::string State::action_to_string(Action a) const {
  const Geometry& g = *geo_;
  const Layout& L = layout_;
  if (a < 0 || a >= L.total) return "invalid(" + std::to_string(a) + ")";
  if (a < L.summon) {
    const int from = a / L.cells, to = a % L.cells;
    const char* sep = "-";
    if (occ_.test(to) && occ_.test(from)) sep = sq_[to].owner == sq_[from].owner ? "<>" : "x";
    return g.name(from) + sep + g.name(to);
  }
  if (a < L.place) return "summon " + g.name(a - L.summon);
  if (a < L.end_summon) return "beast " + g.name(a - L.place);
  if (a < L.revive) return "end";
  if (a < L.clone)
    return "revive " + g.name((a - L.revive) / 6) + " " + kLetter[kRevivable[(a - L.revive) % 6]];
  if (a < L.annihilate) return "clone " + g.name(a - L.clone);
  if (a < L.ward) return "annihilate " + g.name(a - L.annihilate);
  if (a < L.ward_block) return "ward " + g.name(a - L.ward);
  if (a < L.pass) return "ward2x2 " + g.name(a - L.ward_block);
  return "pass";
}

Action State::string_to_action(std::string_view text) const {
  const Geometry& g = *geo_;
  const Layout& L = layout_;
  auto bad = [&](const std::string& why) {
    return Error("guifa action '" + std::string(text) + "': " + why);
  };
  auto cell = [&](std::string_view s) {
    const int c = g.parse(trim(s));
    if (c < 0) throw bad("expected a cell a1-" + g.name(g.cells - 1) + ", got '" + std::string(s) + "'");
    return c;
  };
  const std::string_view t = trim(text);
  if (t == "pass") return L.pass;
  if (t == "end") return L.end_summon;
  const auto space = t.find(' ');
  if (space != std::string_view::npos) {
    const std::string_view word = t.substr(0, space), rest = trim(t.substr(space + 1));
    if (word == "summon") return L.summon + cell(rest);
    if (word == "beast") return L.place + cell(rest);
    if (word == "clone") return L.clone + cell(rest);
    if (word == "annihilate") return L.annihilate + cell(rest);
    if (word == "ward") return L.ward + cell(rest);
    if (word == "ward2x2") {
      const int c = cell(rest);
      if (g.row(c) == g.n - 1 || g.col(c) == g.n - 1)
        throw bad("a 2x2 block needs its south-west corner off the north and east edges");
      return L.ward_block + c;
    }
    if (word == "revive") {
      const auto sp = rest.find(' ');
      if (sp == std::string_view::npos || trim(rest.substr(sp + 1)).size() != 1)
        throw bad("expected 'revive <cell> <kind letter>'");
      const int c = cell(rest.substr(0, sp));
      const int k = kind_from_letter(trim(rest.substr(sp + 1))[0]);
      for (int i = 0; i < 6; ++i)
        if (kRevivable[i] == k) return L.revive + c * 6 + i;
      throw bad("expected a revivable kind letter S H F N P E");
    }
    throw bad("unknown action word '" + std::string(word) + "'");
  }
  for (std::string_view sep : {"<>", "-", "x"}) {
    const auto at = t.find(sep);
    if (at == std::string_view::npos || at == 0) continue;
    return cell(t.substr(0, at)) * L.cells + cell(t.substr(at + sep.size()));
  }
  throw bad(
      "expected 'a1-a2', 'a1xa2', 'a1<>a2', 'summon a1', 'beast a1', 'end', 'revive a1 F', 'clone a1', "
      "'annihilate a1', 'ward a1', 'ward2x2 a1' or 'pass'");
}

namespace {
const char* mode_name(Mode m) {
  switch (m) {
    case Mode::kTwoPlayers:
      return "two_players";
    case Mode::kAlliance:
      return "alliance";
    default:
      return "free_for_all";
  }
}
}  // namespace

nlohmann::json State::to_json() const {
  const Geometry& g = *geo_;
  using nlohmann::json;
  json pieces = json::array();
  for (int c : occ_) {
    const Piece& p = sq_[c];
    pieces.push_back({{"cell", g.name(c)},
                      {"kind", kKindName[p.kind]},
                      {"owner", int(p.owner)},
                      {"id", int(p.id)},
                      {"revived", bool(p.flags & kRevived)},
                      {"clone", bool(p.flags & kClone)},
                      {"master", int(p.master)}});
  }
  json corpses = json::array();
  for (int c : corpse_cells_) {
    json counts = json::object();
    for (int k = 0; k < kKinds; ++k) {
      const int n = (corpses_[c] >> (4 * k)) & 15;
      if (n) counts[k == kSpentNibble ? "spent" : kKindName[k]] = n;
    }
    corpses.push_back({{"cell", g.name(c)}, {"counts", counts}});
  }
  json fields = json::array();
  for (int t = 0; t < num_teams(); ++t) {
    json cells = json::array();
    for (int c : field_[t]) cells.push_back(g.name(c));
    fields.push_back(cells);
  }
  json out = json::array();
  for (int p = 0; p < players_; ++p) out.push_back(this->out(p));
  json ward = nullptr;
  if (ward_kind_ == 1) ward = {{"caster", int(ward_caster_)}, {"piece", int(ward_piece_)}};
  if (ward_kind_ == 2) ward = {{"caster", int(ward_caster_)}, {"block", g.name(ward_cell_)}};
  json summoning = nullptr;
  if (summon_left_ > 0) summoning = {{"cell", g.name(summon_cell_)}, {"left", int(summon_left_)}};
  return {{"game", "guifa"},
          {"size", g.n},
          {"players", int(players_)},
          {"mode", mode_name(mode_)},
          {"current", int(current_)},
          {"turns", turns_},
          {"moves", moves_},
          {"pieces", pieces},
          {"corpses", corpses},
          {"fields", fields},
          {"out", out},
          {"hold", hold_player_ < 0 ? json(nullptr) : json(int(hold_player_))},
          {"summoning", summoning},
          {"ward", ward},
          {"next_id", int(next_id_)},
          {"winner", winner_team_ < 0 ? json(nullptr) : json(int(winner_team_))}};
}

std::string State::render_text() const {
  const Geometry& g = *geo_;
  // Each square: kind letter (lower case for a clone or a revived piece) and owner digit, '.'
  // when empty; then '*' over corpses, '~' under a force field, '+' under a holy barrier.
  Board fields, barriers;
  for (int t = 0; t < num_teams(); ++t) {
    fields |= field_[t];
    barriers |= barrier_[t];
  }
  std::string out;
  for (int r = g.n - 1; r >= 0; --r) {
    if (r + 1 < 10) out += ' ';
    out += std::to_string(r + 1);
    out += ' ';
    for (int k = 0; k < g.n; ++k) {
      const int c = r * g.n + k;
      std::string cellText = ".  ";
      if (occ_.test(c)) {
        const Piece& p = sq_[c];
        char letter = kLetter[p.kind];
        if (p.flags & (kClone | kRevived)) letter = static_cast<char>(letter - 'A' + 'a');
        cellText[0] = letter;
        cellText[1] = static_cast<char>('0' + p.owner);
      }
      cellText[2] = corpse_cells_.test(c) ? '*' : fields.test(c) ? '~' : barriers.test(c) ? '+' : ' ';
      out += cellText + " ";
    }
    out += "\n";
  }
  out += "   ";
  for (int k = 0; k < g.n; ++k) {
    out += static_cast<char>('a' + k);
    out += "   ";
  }
  out += "\n";
  if (winner_team_ >= 0) {
    out += "Winner: " + std::string(mode_ == Mode::kAlliance ? "alliance " : "seat ") +
           std::to_string(winner_team_);
  } else if (is_terminal()) {
    out += "Drawn at the turn cap";
  } else {
    out += "To move: " + std::to_string(current_);
    if (summon_left_ > 0) out += " (summoning, " + std::to_string(summon_left_) + " beasts left)";
    if (hold_player_ >= 0) out += " (seat " + std::to_string(hold_player_) + " holds the source)";
  }
  out += "  turn " + std::to_string(turns_) + "/" + std::to_string(max_turns_) + "\n";
  return out;
}

std::uint64_t State::information_key(Player) const {
  // Perfect information: every seat's key is the position itself.
  return hash_bytes(kHashSeed, to_json().dump());
}

}  // namespace qilab::guifa

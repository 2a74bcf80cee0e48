#pragma once
// A straightforward legal-move generator for guifa, written square by square on the state's
// public inspection interface. It is the first generator of the engine (before the ray
// tables of engine/guifa/movegen.cc), kept here as the reference of the differential test.
#include <algorithm>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/guifa/guifa.h"

namespace guifa_test {

using namespace qilab;
using namespace qilab::guifa;

class ReferenceMoves {
 public:
  explicit ReferenceMoves(const State& s) : s_(s), g_(s.geo()), L_(s.layout()) {
    for (int c = 0; c < g_.cells; ++c) {
      const Piece& q = s.at(c);
      if (q.kind == kEmpty) continue;
      occ_.set(c);
      if (q.kind == kIllusionist) illusions_.set(c);
      if (q.kind == kBeast) beasts_.set(c);
    }
    for (int t = 0; t < s.num_teams(); ++t)
      for (int u = 0; u < s.num_teams(); ++u)
        if (u != t) {
          enemy_field_[t] |= s.field(u);
          enemy_barrier_[t] |= s.barrier(u);
        }
    const nlohmann::json j = s.to_json();
    if (!j["ward"].is_null() && j["ward"].contains("piece")) ward_piece_ = j["ward"]["piece"].get<int>();
    if (!j["ward"].is_null() && j["ward"].contains("block"))
      ward_block_ = g_.parse(j["ward"]["block"].get<std::string>());
    if (!j["summoning"].is_null()) summon_cell_ = g_.parse(j["summoning"]["cell"].get<std::string>());
  }

  std::vector<Action> legal() const {
    std::vector<Action> out;
    if (s_.is_terminal()) return out;
    if (s_.summons_left() > 0) {
      for (int c : summon_targets(summon_cell_)) out.push_back(L_.place + c);
      if (s_.summons_left() < 4) out.push_back(L_.end_summon);
      return out;
    }
    for (int c : s_.pieces(s_.current_player())) piece(c, out);
    // Two necromancers may reach the same corpse: the revival is one action.
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    if (out.empty()) out.push_back(L_.pass);
    return out;
  }

 private:
  int team(int p) const { return s_.team_of(p); }

  bool has_beasts(int id) const {
    for (int b : beasts_)
      if (s_.at(b).master == id) return true;
    return false;
  }

  Board summon_targets(int summoner) const {
    const int t = team(s_.at(summoner).owner);
    const Board area = summoner == g_.centre ? g_.all : g_.ring[summoner];
    return area.andnot(occ_).andnot(enemy_field_[t]).andnot(enemy_barrier_[t]);
  }

  // One straight line at a time, square by square.
  void rays(int from, std::vector<Action>& out) const {
    const Piece& p = s_.at(from);
    const int t = team(p.owner);
    const bool prophet = p.kind == kProphet;
    const bool illusionist = p.kind == kIllusionist;
    const Board wall = prophet ? Board{} : enemy_field_[t];
    const bool attacks = !illusionist && !(p.kind == kSummoner && has_beasts(p.id));
    const int range = kRange[p.kind];
    const bool cross = p.kind == kElementalist && from == g_.centre;
    for (int d = 0; d < kDirections; ++d) {
      if (g_.step[from][d] < 0) continue;
      int c = from;
      if (cross && d < 4) {
        bool ordinary = true;
        for (int k = 1;; ++k) {
          c = g_.step[c][d];
          if (c < 0) break;
          if (k > range || wall.test(c)) ordinary = false;
          if (!occ_.test(c)) {
            if (ordinary) out.push_back(from * g_.cells + c);
            continue;
          }
          const Piece& q = s_.at(c);
          if (team(q.owner) != t) out.push_back(from * g_.cells + c);
          if (q.kind != kIllusionist) break;
        }
        continue;
      }
      for (int k = 0; k < range; ++k) {
        c = g_.step[c][d];
        if (c < 0 || wall.test(c)) break;
        if (illusionist) {
          if (!occ_.test(c)) out.push_back(from * g_.cells + c);
          if (enemy_barrier_[t].test(c)) break;
          continue;
        }
        if (!occ_.test(c)) {
          out.push_back(from * g_.cells + c);
          continue;
        }
        const Piece& q = s_.at(c);
        const int qt = team(q.owner);
        if (q.kind == kIllusionist) {
          if (attacks && qt != t && (prophet || enemy_barrier_[qt].test(c)))
            out.push_back(from * g_.cells + c);
          continue;
        }
        if (attacks && qt != t) out.push_back(from * g_.cells + c);
        break;
      }
    }
  }

  void piece(int from, std::vector<Action>& out) const {
    const Piece& p = s_.at(from);
    const int t = team(p.owner);
    const bool suppressed = enemy_barrier_[t].test(from);
    const bool centred = from == g_.centre;
    rays(from, out);
    switch (p.kind) {
      case kSummoner:
        if ((centred || !suppressed) && !has_beasts(p.id) && summon_targets(from).any())
          out.push_back(L_.summon + from);
        break;
      case kIllusionist: {
        if (!suppressed) {
          for (int c : s_.pieces(p.owner)) {
            const Piece& q = s_.at(c);
            if (c == from || q.kind == kScepter) continue;
            if ((p.flags & kClone) && q.id == p.master) continue;
            if ((q.flags & kClone) && q.master == p.id) continue;
            // Neither piece lands on a hostile field, unless it is the prophet.
            if (enemy_field_[t].test(c)) continue;
            if (enemy_field_[t].test(from) && q.kind != kProphet) continue;
            out.push_back(from * g_.cells + c);
          }
        }
        if (centred && !(p.flags & kClone)) {
          bool has_clone = false;
          for (int c : illusions_)
            if ((s_.at(c).flags & kClone) && s_.at(c).master == p.id) has_clone = true;
          if (!has_clone)
            for (int c : g_.all.andnot(occ_).andnot(enemy_field_[t]).andnot(enemy_barrier_[t]))
              out.push_back(L_.clone + c);
        }
        break;
      }
      case kNecromancer: {
        if (suppressed && !centred) break;
        for (int c = 0; c < g_.cells; ++c) {
          if (!centred && !g_.ring[from].test(c)) continue;
          if (occ_.test(c) || enemy_field_[t].test(c) || enemy_barrier_[t].test(c)) continue;
          for (int k = 0; k < 6; ++k)
            if (s_.corpses(c, kRevivable[k])) out.push_back(L_.revive + c * 6 + k);
        }
        break;
      }
      case kProphet:
        if (!centred) break;
        for (int c : occ_)
          if (s_.at(c).id != ward_piece_) out.push_back(L_.ward + c);
        for (int c = 0; c < g_.cells; ++c)
          if (g_.row(c) < g_.n - 1 && g_.col(c) < g_.n - 1 && c != ward_block_)
            out.push_back(L_.ward_block + c);
        break;
      case kElementalist:
        if (!suppressed && s_.corpse_count(from) > 0) out.push_back(L_.annihilate + from);
        break;
      default:
        break;
    }
  }

  const State& s_;
  const Geometry& g_;
  const Layout& L_;
  Board occ_, illusions_, beasts_;
  std::array<Board, 4> enemy_field_{}, enemy_barrier_{};
  int ward_piece_ = -1, ward_block_ = -1, summon_cell_ = -1;
};

}  // namespace guifa_test

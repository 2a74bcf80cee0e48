// guifa's shaped encoding and policy index (docs/encoding/guifa.md): the board turned so that
// the observer's edge is the south edge, seats and teams listed from the observer on; the
// policy turned the same way to the player to move.
#include "engine/guifa/encoding.h"

#include <algorithm>
#include <cstdlib>

#include "engine/core/error.h"

namespace qilab::guifa {
namespace {

constexpr const char* kTurnedDirection[kDirections] = {
    "forward", "right", "back", "left", "forward_right", "back_right", "back_left", "forward_left"};

}  // namespace

EncodingSpec make_encoding_spec(const EncodingLayout& e) {
  EncodingSpec spec;
  spec.version = kEncodingVersion;
  spec.planes = e.planes();
  spec.height = spec.width = e.n;
  spec.scalars = e.scalars();
  auto& p = spec.plane_names;
  p.assign(static_cast<std::size_t>(e.planes()), "");
  p[EncodingLayout::kValid] = "valid";
  for (int s = 0; s < e.seats; ++s)
    for (int k = 0; k < kKinds; ++k) p[e.piece(s, k)] = "seat" + std::to_string(s) + "_" + kKindName[k];
  p[e.clone()] = "clone";
  p[e.revived()] = "revived";
  p[e.bound_summoner()] = "summoner_with_beasts";
  p[e.ward()] = "strengthened_barrier";
  for (int k = 0; k < 6; ++k) p[e.corpse(k)] = std::string("corpses_") + kKindName[kRevivable[k]];
  p[e.corpse(6)] = "corpses_spent";
  for (int t = 0; t < e.teams; ++t) {
    p[e.field(t)] = "force_field_team" + std::to_string(t);
    p[e.barrier(t)] = "holy_barrier_team" + std::to_string(t);
  }
  for (int s = 0; s < 4; ++s) p[e.main_city(s)] = "main_city_side" + std::to_string(s);
  p[e.holy_city()] = "holy_city";
  p[e.source()] = "source_of_magic";
  p[e.summoning()] = "summoning";
  auto& f = spec.scalar_names;
  f.assign(static_cast<std::size_t>(e.scalars()), "");
  for (int s = 0; s < e.seats; ++s) {
    const std::string seat = "seat" + std::to_string(s);
    f[e.to_move(s)] = seat + "_to_move";
    f[e.out(s)] = seat + "_out";
    f[e.holds(s)] = seat + "_holds_source";
    f[e.must_hold(s)] = seat + "_must_hold_a_round";
  }
  f[e.summons_left()] = "beasts_left_to_place";
  f[e.turn()] = "turn";
  return spec;
}

PolicySpec make_policy_spec(const EncodingLayout& e) {
  PolicySpec spec;
  spec.planes = e.policy_planes();
  spec.height = spec.width = e.n;
  spec.extra = EncodingLayout::kExtras;
  auto& p = spec.plane_names;
  p.assign(static_cast<std::size_t>(e.policy_planes()), "");
  for (int d = 0; d < kDirections; ++d)
    for (int k = 1; k <= (d < 4 ? e.reach : kDiagonalReach); ++k)
      p[e.line(d, k)] = std::string(kTurnedDirection[d]) + "_" + std::to_string(k);
  for (int r = 0; r < e.swaps; ++r) p[e.swap(r)] = "swap_with_illusionist" + std::to_string(r);
  p[e.summon()] = "summon";
  p[e.beast()] = "beast";
  for (int k = 0; k < 6; ++k) p[e.revive(k)] = std::string("revive_") + kKindName[kRevivable[k]];
  p[e.clone_at()] = "clone";
  p[e.annihilate()] = "annihilate";
  p[e.ward_piece()] = "ward";
  p[e.ward_block()] = "ward2x2";
  spec.extra_names = {"end_summon", "pass"};
  return spec;
}

void State::encode(Player p, std::span<float> planes) const {
  const Geometry& g = *geo_;
  const EncodingLayout e(g.n, players_, mode_);
  if (static_cast<int>(planes.size()) != e.size())
    throw Error("guifa encode: expected room for " + std::to_string(e.size()) + " floats, got " +
                std::to_string(planes.size()));
  std::fill(planes.begin(), planes.end(), 0.0f);
  const int C = g.cells, P = players_, T = num_teams();
  const auto& turn = g.turned[side_of(p)];
  auto put = [&](int plane, int cell, float v) {
    planes[static_cast<std::size_t>(plane * C + turn[cell])] = v;
  };
  std::fill(planes.begin(), planes.begin() + C, 1.0f);  // every square of the square board is a cell
  for (int c : occ_) {
    const Piece& q = sq_[c];
    put(e.piece((q.owner - p + P) % P, q.kind), c, 1.0f);
    if (q.flags & kClone) put(e.clone(), c, 1.0f);
    if (q.flags & kRevived) put(e.revived(), c, 1.0f);
    if (q.kind == kSummoner && has_beasts(q.id)) put(e.bound_summoner(), c, 1.0f);
  }
  if (ward_kind_ == 2) {
    for (int c : {ward_cell_ + 0, ward_cell_ + 1, ward_cell_ + g.n, ward_cell_ + g.n + 1})
      put(e.ward(), c, 1.0f);
  } else if (ward_kind_ == 1) {
    for (int c : occ_)
      if (sq_[c].id == ward_piece_) put(e.ward(), c, 1.0f);
  }
  for (int c : corpse_cells_) {
    for (int k = 0; k < 6; ++k) put(e.corpse(k), c, static_cast<float>(corpses(c, kRevivable[k])));
    put(e.corpse(6), c, static_cast<float>(spent_corpses(c)));
  }
  const int me = team_of(p);
  for (int t = 0; t < T; ++t) {
    const int rel = (t - me + T) % T;
    for (int c : field_[t]) put(e.field(rel), c, 1.0f);
    for (int c : barrier_[t]) put(e.barrier(rel), c, 1.0f);
  }
  for (int s = 0; s < 4; ++s)
    for (int c : g.city_board[s]) put(e.main_city((s - side_of(p) + 4) % 4), c, 1.0f);
  for (int c : g.city_board[4]) put(e.holy_city(), c, 1.0f);
  put(e.source(), g.centre, 1.0f);
  if (summon_left_ > 0) put(e.summoning(), summon_cell_, 1.0f);

  float* f = planes.data() + static_cast<std::size_t>(e.planes() * C);
  if (!is_terminal()) f[e.to_move((current_ - p + P) % P)] = 1.0f;
  for (int q = 0; q < P; ++q) {
    const int rel = (q - p + P) % P;
    f[e.out(rel)] = out(q) ? 1.0f : 0.0f;
    f[e.holds(rel)] = hold_player_ == q ? 1.0f : 0.0f;
    // The alliance that moved first (seat 0's) holds the source a full round before it wins.
    f[e.must_hold(rel)] = mode_ != Mode::kFreeForAll && hold_rule_ && team_of(q) == 0 ? 1.0f : 0.0f;
  }
  f[e.summons_left()] = static_cast<float>(summon_left_) / 4.0f;
  f[e.turn()] = static_cast<float>(turns_) / static_cast<float>(max_turns_);
}

namespace {

// Rank of an illusionist among the mover's illusionists, ordered by their turned squares.
int illusionist_rank(const Board& own_illusionists, const std::array<std::int16_t, kMaxCells>& turn,
                     int cell) {
  int rank = 0;
  for (int c : own_illusionists) rank += turn[c] < turn[cell];
  return rank;
}

}  // namespace

int State::policy_index(Action a) const {
  const Layout& L = layout_;
  if (is_terminal() || a < 0 || a >= L.total) return -1;
  const Geometry& g = *geo_;
  const EncodingLayout e(g.n, players_, mode_);
  const int C = g.cells, n = g.n;
  const auto& turn = g.turned[side_of(current_)];
  auto at = [&](int plane, int cell) { return plane * C + turn[cell]; };
  if (a < L.summon) {
    const int from = a / C, to = a % C;
    if (from == to) return -1;
    const Piece& mover = sq_[from];
    if (mover.kind == kIllusionist && mover.owner == current_ && occ_.test(to) && sq_[to].owner == current_) {
      const int rank = illusionist_rank(kind_[kIllusionist] & own_[current_], turn, from);
      return rank < e.swaps ? at(e.swap(rank), to) : -1;
    }
    const int tf = turn[from], tt = turn[to];
    const int dr = tt / n - tf / n, dc = tt % n - tf % n;
    const int dist = std::max(std::abs(dr), std::abs(dc));
    if (dr != 0 && dc != 0 && std::abs(dr) != std::abs(dc)) return -1;
    const int sr = (dr > 0) - (dr < 0), sc = (dc > 0) - (dc < 0);
    int dir = 0;
    while (kDr[dir] != sr || kDc[dir] != sc) ++dir;
    if (dist > (dir < 4 ? e.reach : kDiagonalReach)) return -1;
    return at(e.line(dir, dist), from);
  }
  if (a < L.place) return at(e.summon(), a - L.summon);
  if (a < L.end_summon) return at(e.beast(), a - L.place);
  if (a < L.revive) return e.policy_planes() * C + EncodingLayout::kEndSummon;
  if (a < L.clone) return at(e.revive((a - L.revive) % 6), (a - L.revive) / 6);
  if (a < L.annihilate) return at(e.clone_at(), a - L.clone);
  if (a < L.ward) return at(e.annihilate(), a - L.annihilate);
  if (a < L.ward_block) return at(e.ward_piece(), a - L.ward);
  if (a < L.pass) {
    // The block's two opposite corners, turned: its south-west corner in the turned frame.
    const int corner = a - L.ward_block;
    if (g.row(corner) >= n - 1 || g.col(corner) >= n - 1) return -1;
    const int t1 = turn[corner], t2 = turn[corner + n + 1];
    return e.ward_block() * C + std::min(t1 / n, t2 / n) * n + std::min(t1 % n, t2 % n);
  }
  return e.policy_planes() * C + EncodingLayout::kPass;
}

Action State::policy_action(int index) const {
  const Geometry& g = *geo_;
  const EncodingLayout e(g.n, players_, mode_);
  if (is_terminal() || index < 0 || index >= e.policy_size()) return kInvalidAction;
  const Layout& L = layout_;
  const int C = g.cells, n = g.n;
  const int side = side_of(current_);
  const auto& turn = g.turned[side];
  const auto& unturn = g.unturned[side];
  Action a = kInvalidAction;
  if (index >= e.policy_planes() * C) {
    a = index - e.policy_planes() * C == EncodingLayout::kEndSummon ? L.end_summon : L.pass;
  } else {
    const int plane = index / C, t = index % C, cell = unturn[t];
    if (plane < e.swap(0)) {
      int dir = kDirections - 1;
      while (plane < e.line(dir, 1)) --dir;
      const int dist = plane - e.line(dir, 1) + 1;
      const int r = t / n + kDr[dir] * dist, c = t % n + kDc[dir] * dist;
      if (r >= 0 && r < n && c >= 0 && c < n) a = cell * C + unturn[r * n + c];
    } else if (plane < e.summon()) {
      // The illusionist of that rank swaps with the piece on this square.
      const int rank = plane - e.swap(0);
      const Board mine = kind_[kIllusionist] & own_[current_];
      for (int c : mine)
        if (illusionist_rank(mine, turn, c) == rank) a = c * C + cell;
    } else if (plane == e.summon()) {
      a = L.summon + cell;
    } else if (plane == e.beast()) {
      a = L.place + cell;
    } else if (plane < e.clone_at()) {
      a = L.revive + cell * 6 + (plane - e.revive(0));
    } else if (plane == e.clone_at()) {
      a = L.clone + cell;
    } else if (plane == e.annihilate()) {
      a = L.annihilate + cell;
    } else if (plane == e.ward_piece()) {
      a = L.ward + cell;
    } else if (t / n < n - 1 && t % n < n - 1) {
      const int c1 = unturn[t], c2 = unturn[t + n + 1];
      a = L.ward_block + std::min(g.row(c1), g.row(c2)) * n + std::min(g.col(c1), g.col(c2));
    }
  }
  if (a == kInvalidAction || policy_index(a) != index || !is_legal(a)) return kInvalidAction;
  return a;
}

}  // namespace qilab::guifa

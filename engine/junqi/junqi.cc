// Rules of play: deployment, moves on roads and rails, combat, elimination, the end.
#include "engine/junqi/junqi.h"

#include <bit>
#include <cassert>
#include <cmath>

#include "engine/core/encoding.h"
#include "engine/core/error.h"
#include "engine/core/game.h"
#include "engine/junqi/deployment.h"
#include "engine/junqi/echo.h"

namespace qilab::junqi {

static_assert(HasEncoding<Junqi4> && HasEncoding<Junqi6>);

State::State(const Board* board, const Rules& rules) : board_(board), rules_(rules) {
  players_ = static_cast<std::int8_t>(board->armies);
  piece_at_.fill(kNone);
  post_of_.fill(kNone);
  kind_of_.fill(kNone);
  evidence_.fill(kAllKinds);
}

void State::auto_deploy() {
  while (phase_ == Phase::kDeploy && ((rules_.fixed_seats >> current_) & 1) && deployed_[current_] == 0) {
    const int seat = current_;
    for (int k = 0; k < kSlots; ++k) place(board_->slot_post[seat][rules_.fixed_slots[seat][k]]);
  }
}

KindSet State::setup_mask(int piece) const {
  return setup_kinds(*board_, board_->slot_post[piece / kSlots][piece % kSlots]);
}

int State::deploy_kind() const {
  if (phase_ != Phase::kDeploy) return -1;
  return kDeployOrder[deployed_[current_]];
}

std::string State::placement_refusal(int post) const {
  const Board& b = *board_;
  if (phase_ != Phase::kDeploy) return "no deployment in progress";
  if (post < 0 || post >= b.posts) return "no such post";
  const std::string at = b.nodes[post].id;
  if (b.army_of(post) != current_)
    return at + " is not in seat " + std::to_string(current_) +
           "'s army (each seat deploys on its own 30 posts)";
  if (b.camps.test(post)) return at + " is a camp, and the camps start empty";
  if (occ_[current_].test(post)) return at + " already holds a piece";
  const int kind = deploy_kind();
  if (!(setup_kinds(b, post) & bit(kind)))
    return std::string(kChinese[kind]) + " on " + at + ": " + setup_rule(kind);
  return {};
}

Posts State::team_occupancy(int team) const {
  Posts t;
  for (int p = team; p < players_; p += 2) t |= occ_[p];
  return t;
}

State::Masks State::masks(int team) const {
  // Word by word in registers. Seats alternate between the teams (team_of) and their number
  // is even (the board loader checks it): one pass gathers both teams' pieces.
  const Board& b = *board_;
  Words even{}, odd{};
  for (int p = 0; p + 1 < players_; p += 2) {
    const Words e = occ_[p].words(), o = occ_[p + 1].words();
    for (int w = 0; w < Posts::kWords; ++w) {
      even[w] |= e[w];
      odd[w] |= o[w];
    }
  }
  const Words& friends = team ? odd : even;
  const Words& others = team ? even : odd;
  const Words camps = b.camps.words(), airport = b.airport.words();
  Words all, blocked, attackable, empty;
  for (int w = 0; w < Posts::kWords; ++w) {
    all[w] = friends[w] | others[w];
    empty[w] = ~all[w];
    blocked[w] = friends[w] | (others[w] & camps[w]) | airport[w];
    attackable[w] = others[w] & ~friends[w] & ~camps[w];
  }
  Masks m;
  m.all = Posts::from_words(all);
  m.friends = Posts::from_words(friends);
  m.blocked = Posts::from_words(blocked);
  m.attackable = Posts::from_words(attackable);
  m.empty = empty;
  return m;
}

namespace {

// Adds to `dest` the posts reached from p straight along each line through p: each ray is
// taken run by run with bit scans (the nearest occupied post of a run is its lowest (rising
// run) or highest (falling run) occupied post, and the run is open up to it); an occupied
// post ends the ray and is reached if `enemy` holds it.
inline void walk_rays(const Board& b, int p, const Words& occupied, const Words& enemy, Words& dest) {
  const RayRun* r = b.ray_runs.data() + b.run_first[p];
  const RayRun* const end = b.ray_runs.data() + b.run_first[p + 1];
  while (r != end) {
    const std::uint64_t posts = r->posts;
    const int w = r->word;
    const std::uint64_t stop = posts & occupied[w];
    if (!stop) {
      dest[w] |= posts;
      ++r;
      continue;
    }
    // The run's posts before the nearest stop x (below x if rising, above x if falling),
    // and x if an enemy's; x ends the ray.
    std::uint64_t x, before;
    if (r->rising) {
      x = stop & (~stop + 1);
      before = x - 1;
    } else {
      x = std::uint64_t{1} << (63 - std::countl_zero(stop));
      before = ~(x | (x - 1));
    }
    dest[w] |= (posts & before) | (x & enemy[w]);
    r += r->rest + 1;
  }
}

// Adds to `dest` an engineer's rail reach from p: every post joined to p through empty rail
// posts (p among them), and the occupied posts next to them that `enemy` holds.
inline void fill_rails(const Board& b, int p, const Words& occupied, const Words& enemy, Words& dest) {
  Words seen{}, frontier{}, touched{};
  seen[p >> 6] = frontier[p >> 6] = std::uint64_t{1} << (p & 63);
  for (;;) {
    Words nb{};
#pragma GCC unroll 4
    for (int w = 0; w < Posts::kWords; ++w)
      for (std::uint64_t x = frontier[w]; x; x &= x - 1) {
        const Words r = b.rail[w * 64 + std::countr_zero(x)].words();
        for (int k = 0; k < Posts::kWords; ++k) nb[k] |= r[k];
      }
    std::uint64_t more = 0;
    for (int w = 0; w < Posts::kWords; ++w) {
      touched[w] |= nb[w];
      frontier[w] = nb[w] & ~occupied[w] & ~seen[w];
      seen[w] |= frontier[w];
      more |= frontier[w];
    }
    if (!more) break;
  }
  for (int w = 0; w < Posts::kWords; ++w) dest[w] |= seen[w] | (touched[w] & enemy[w]);
}

}  // namespace

// Adds to `dest` the posts a piece on `from` may move to or attack by rail, and takes `from`
// and the airport out of `dest` wherever they may have come in. Engineers reach every post
// joined to `from` through empty rail posts; other pieces go along one line, turning at most
// once at a 六国 centre post. Nobody attacks a camp. Inlined into the move generator's loop.
[[gnu::always_inline]] inline void State::add_rail_reach(int from, bool engineer, const Masks& m,
                                                         CentreReach& centre, Words& dest) const {
  const Board& b = *board_;
  const Words occupied = m.all.words(), enemy = m.attackable.words();
  const Words& empty = m.empty;
  {
    // Hemmed in (often, among one's own pieces): with no empty rail neighbour, every ray
    // and the flood fill end at once, at the neighbours (each the first post of a ray).
    const Words near = b.rail[from].words();
    std::uint64_t open = 0;
    for (int w = 0; w < Posts::kWords; ++w) open |= near[w] & empty[w];
    if (!open) {
      for (int w = 0; w < Posts::kWords; ++w) dest[w] |= near[w] & enemy[w];
      return;
    }
  }
  const Words airport = b.airport.words();
  if (engineer) {
    fill_rails(b, from, occupied, enemy, dest);
    for (int w = 0; w < Posts::kWords; ++w) dest[w] &= ~airport[w];
    dest[from >> 6] &= ~(std::uint64_t{1} << (from & 63));
    return;
  }
  // Straight along each line through `from`; then from each empty centre post passed, once
  // more along each line through it (经过这13个点可以拐弯……但是只能拐弯一次). What a centre
  // post reaches straight is the same for every piece under these masks (the mover's own
  // post counts as occupied, as everywhere here), so it is worked out once per post. The
  // airport (a centre post) lies only on rays through the centre; `from` on none.
  if (!b.to_centre.test(from)) {
    walk_rays(b, from, occupied, enemy, dest);
    return;
  }
  Words straight{};
  walk_rays(b, from, occupied, enemy, straight);
  const Words centre_posts = b.turn_posts.words();
  for (int w = 0; w < Posts::kWords; ++w) {
    dest[w] |= straight[w];
    for (std::uint64_t t = straight[w] & centre_posts[w] & empty[w]; t; t &= t - 1) {
      const int post = w * 64 + std::countr_zero(t);
      const int i = b.turn_index[post];
      Words& r = centre.reach[i];
      if (!((centre.done >> i) & 1)) {
        r = Words{};
        walk_rays(b, post, occupied, enemy, r);
        centre.done |= std::uint32_t{1} << i;
      }
      for (int k = 0; k < Posts::kWords; ++k) dest[k] |= r[k];
    }
  }
  for (int w = 0; w < Posts::kWords; ++w) dest[w] &= ~airport[w];
}

Posts State::rail_reach(int from, bool engineer, const Masks& m, CentreReach& centre) const {
  Words dest{};
  add_rail_reach(from, engineer, m, centre, dest);
  Posts reach = Posts::from_words(dest);
  reach.reset(from);
  return reach.andnot(board_->airport);
}

Words State::reach(int from, int kind, const Masks& m, CentreReach& centre) const {
  const Board& b = *board_;
  Words dest = b.road[from].andnot(m.blocked).words();
  if (b.is_rail(from)) {
    add_rail_reach(from, kind == kEngineer, m, centre, dest);
    const Words airport = b.airport.words();
    for (int w = 0; w < Posts::kWords; ++w) dest[w] &= ~airport[w];
    dest[from >> 6] &= ~(std::uint64_t{1} << (from & 63));
  }
  return dest;
}

Posts State::destinations(int from) const {
  const int piece = piece_at_[from];
  if (piece == kNone || phase_ != Phase::kPlay) return {};
  const int kind = kind_of_[piece];
  if (!mobile(kind) || board_->headquarters.test(from)) return {};  // 进入任何司令部的棋子不能再移动
  CentreReach centre;
  return Posts::from_words(reach(from, kind, masks((piece / kSlots) & 1), centre));
}

bool State::has_move(Player p) const {
  const Board& b = *board_;
  // Most often a piece can step to an empty post by road (any but the airport): that needs
  // only the occupancy, not the full masks.
  {
    Words all{};
    for (int q = 0; q < players_; ++q) {
      const Words o = occ_[q].words();
      for (int w = 0; w < Posts::kWords; ++w) all[w] |= o[w];
    }
    const Words airport = b.airport.words();
    const Words movers = occ_[p].andnot(b.headquarters).words();
#pragma GCC unroll 4
    for (int fw = 0; fw < Posts::kWords; ++fw)
      for (std::uint64_t fx = movers[fw]; fx; fx &= fx - 1) {
        const int from = fw * 64 + std::countr_zero(fx);
        if (!mobile(kind_of_[piece_at_[from]])) continue;
        const Words road = b.road[from].words();
        std::uint64_t open = 0;
        for (int w = 0; w < Posts::kWords; ++w) open |= road[w] & ~all[w] & ~airport[w];
        if (open) return true;
      }
  }
  const Masks m = masks(p & 1);
  CentreReach centre;
  for (int from : occ_[p]) {
    const int kind = kind_of_[piece_at_[from]];
    if (!mobile(kind) || b.headquarters.test(from)) continue;
    if (b.road[from].andnot(m.blocked).any()) return true;
    if (b.is_rail(from) && rail_reach(from, kind == kEngineer, m, centre).any()) return true;
  }
  return false;
}

void State::legal_actions(ActionList& out) const {
  out.clear();
  const Board& b = *board_;
  if (phase_ == Phase::kOver) return;
  const int P = b.posts;
  if (phase_ == Phase::kDeploy) {
    Action* slot = out.reserve_back(kSlots);
    int n = 0;
    // Bitboard::for_each keeps the scan in registers, which the iterator does not in this loop.
    b.placement[current_][deploy_kind()].andnot(occ_[current_]).for_each([&](int post) {
      slot[n++] = P * P + post;
    });
    out.commit(n);
    return;
  }
  if (offer_by_ >= 0) {  // answering a draw offer: agree or refuse
    out.push_back(P * P + P + 1);
    out.push_back(P * P + P + 2);
    return;
  }
  // Every mobile piece outside the headquarters (进入任何司令部的棋子不能再移动), in post
  // order: its road steps, then its rail reach, written as actions destination by destination.
  const Masks m = masks(current_ & 1);
  Words unblocked = m.blocked.words();
  for (auto& w : unblocked) w = ~w;
  CentreReach centre;
  // Room for every destination of every piece (the list grows to that once), so that the
  // loop writes through one pointer.
  Action* const first = out.reserve_back(kSlots * kMaxPosts);
  Action* slot = first;
  const Words movers = occ_[current_].andnot(b.headquarters).words();
#pragma GCC unroll 4
  for (int fw = 0; fw < Posts::kWords; ++fw)
    for (std::uint64_t fx = movers[fw]; fx; fx &= fx - 1) {
      const int from = fw * 64 + std::countr_zero(fx);
      const int kind = kind_of_[piece_at_[from]];
      if (!mobile(kind)) continue;
      const Words road = b.road[from].words();
      Words dest;
      for (int w = 0; w < Posts::kWords; ++w) dest[w] = road[w] & unblocked[w];
      if (b.is_rail(from)) add_rail_reach(from, kind == kEngineer, m, centre, dest);
      const int base = from * P;
#pragma GCC unroll 4
      for (int w = 0; w < Posts::kWords; ++w)
        for (std::uint64_t x = dest[w]; x; x &= x - 1) *slot++ = base + w * 64 + std::countr_zero(x);
    }
  out.commit(static_cast<int>(slot - first));
  if (rules_.resign_after >= 0 && play_moves_ >= rules_.resign_after) out.push_back(P * P + P);
  if (rules_.draw_offers && !((offered_ >> current_) & 1)) out.push_back(P * P + P + 1);
}

bool State::is_legal(Action a) const {
  if (phase_ == Phase::kOver || board_ == nullptr) return false;
  const Board& b = *board_;
  const int P = b.posts;
  if (a < 0 || a > P * P + P + 2) return false;
  if (phase_ == Phase::kDeploy) {
    if (a < P * P || a >= P * P + P) return false;
    const int post = a - P * P;
    if (b.army_of(post) != current_ || b.camps.test(post) || occ_[current_].test(post)) return false;
    return setup_mask(current_ * kSlots + b.post_slot[post]) & bit(deploy_kind());
  }
  if (offer_by_ >= 0) return a == P * P + P + 1 || a == P * P + P + 2;
  if (a == P * P + P) return rules_.resign_after >= 0 && play_moves_ >= rules_.resign_after;
  if (a == P * P + P + 1) return rules_.draw_offers && !((offered_ >> current_) & 1);
  if (a == P * P + P + 2) return false;
  if (a >= P * P) return false;
  const int from = a / P, to = a % P;
  if (!occ_[current_].test(from)) return false;
  return destinations(from).test(to);
}

void State::apply(Action a) {
  // The game concept requires a legal action (engine/core/game.h); a Debug build checks it,
  // so a test or agent that applies an illegal one fails there instead of corrupting the
  // state (an empty `from` post would index the piece arrays with kNone).
  assert(is_legal(a) && "junqi::State::apply: the action is not legal in this position");
  ++moves_;
  const Board& b = *board_;
  const int P = b.posts;
  if (phase_ == Phase::kDeploy) {
    place(a - P * P);
    auto_deploy();
    return;
  }
  if (offer_by_ >= 0) {  // an answer to a draw offer (not a move)
    if (a == P * P + P + 1) return next_answer();
    current_ = offer_by_;  // refused: play goes on after the seat that offered
    offer_by_ = -1;
    return end_move(Ending::kNone);
  }
  ++play_moves_;
  last_from_ = last_to_ = -1;
  if (a == P * P + P + 1) {  // 游戏中可以按和棋结束游戏: the offer is this seat's move
    ++quiet_;
    offered_ |= static_cast<std::uint8_t>(1u << current_);
    offer_by_ = current_;
    return next_answer();
  }
  if (a == P * P + P) {
    eliminate(current_);  // 60步以外可以认输
    return end_move(Ending::kResignation);
  }
  move(a / P, a % P);
  end_move(Ending::kFlag);  // a move puts a seat out only by taking its flag
}

void State::next_answer() {
  for (int q = (current_ + 1) % players_;; q = (q + 1) % players_) {
    if (q == offer_by_) {  // every seat still in has agreed
      offer_by_ = -1;
      result_ = 2;
      ending_ = Ending::kDrawOffer;
      phase_ = Phase::kOver;
      return;
    }
    if (!eliminated(q)) {
      current_ = static_cast<std::int8_t>(q);
      return;
    }
  }
}

void State::end_move(Ending how) {
  settle(how);
  if (phase_ == Phase::kOver) return;
  const bool quiet_cap = rules_.no_capture_limit > 0 && quiet_ >= rules_.no_capture_limit;
  if (quiet_cap || (rules_.max_moves > 0 && play_moves_ >= rules_.max_moves)) {
    result_ = 2;
    if (rules_.adjudicate != 0) {  // the side ahead by more than the margin wins
      const auto score = adjudication_scores(rules_.adjudicate == 2);
      const double total = score[0] + score[1];
      if (total > 0 && std::abs(score[0] - score[1]) > kAdjudicateMargin * total)
        result_ = score[0] > score[1] ? 0 : 1;
    }
    ending_ = quiet_cap ? Ending::kQuietCap : Ending::kMoveCap;
    phase_ = Phase::kOver;
    return;
  }
  next_turn();
}

void State::place(int post) {
  const int piece = current_ * kSlots + board_->post_slot[post];
  kind_of_[piece] = kDeployOrder[deployed_[current_]];
  post_of_[piece] = static_cast<std::uint8_t>(post);
  piece_at_[post] = static_cast<std::uint8_t>(piece);
  evidence_[piece] = setup_mask(piece);
  occ_[current_].set(post);
  if (++deployed_[current_] < kSlots) return;
  if (current_ + 1 < players_) {
    ++current_;
    return;
  }
  // Everyone has deployed: seat 0 moves first.
  phase_ = Phase::kPlay;
  current_ = static_cast<std::int8_t>(players_ - 1);
  next_turn();
}

void State::move(int from, int to) {
  const Board& b = *board_;
  const int a = piece_at_[from];
  const int ka = kind_of_[a];
  const int mover = a / kSlots;
  // What everyone learns: a piece that moves is neither mine nor flag; a rail move no other
  // piece could make (a turn off its line) is an engineer's.
  KindSet ev = evidence_[a] & ~(bit(kMine) | bit(kFlag));
  if (ka == kEngineer && !b.road[from].test(to)) {
    CentreReach centre;
    if (!rail_reach(from, false, masks(mover & 1), centre).test(to)) ev &= bit(kEngineer);
  }
  evidence_[a] = ev;
  last_from_ = static_cast<std::int16_t>(from);
  last_to_ = static_cast<std::int16_t>(to);
  ++quiet_;
  const int d = piece_at_[to];
  if (d == kNone) {
    piece_at_[from] = kNone;
    piece_at_[to] = static_cast<std::uint8_t>(a);
    post_of_[a] = static_cast<std::uint8_t>(to);
    occ_[mover].reset(from);
    occ_[mover].set(to);
    return;
  }
  const int owner = d / kSlots;
  const std::uint8_t o = fight(ka, kind_of_[d], rules_.mine_dies_too);
  fights_[fights_count_++] = Fight{static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(d), o};
  quiet_ = 0;
  switch (o & 3) {
    case kAttackerWins:
      kill(d);
      piece_at_[from] = kNone;
      piece_at_[to] = static_cast<std::uint8_t>(a);
      post_of_[a] = static_cast<std::uint8_t>(to);
      occ_[mover].reset(from);
      occ_[mover].set(to);
      break;
    case kDefenderWins:
      kill(a);
      break;
    default:
      kill(a);
      kill(d);
  }
  if (o & kFlagTaken) eliminate(owner);  // 军棋被扛
}

void State::kill(int piece) {
  const int post = post_of_[piece];
  const int owner = piece / kSlots;
  piece_at_[post] = kNone;
  post_of_[piece] = kNone;
  occ_[owner].reset(post);
  if (kind_of_[piece] == kMarshal) {
    // When a 司令 dies its owner's flag is shown to all.
    evidence_[piece] = bit(kMarshal);
    for (int i = owner * kSlots; i < (owner + 1) * kSlots; ++i)
      if (kind_of_[i] == kFlag) evidence_[i] = bit(kFlag);
  } else {
    evidence_[piece] &= ~bit(kMarshal);
  }
}

void State::eliminate(Player p) {
  // An eliminated player's pieces leave the board.
  for (int post : occ_[p]) {
    post_of_[piece_at_[post]] = kNone;
    piece_at_[post] = kNone;
  }
  occ_[p] = Posts{};
  eliminated_ |= static_cast<std::uint8_t>(1u << p);
}

void State::settle(Ending how) {
  if (!eliminated_) return;  // every seat still in: no side has lost (each has a seat)
  for (int side = 0; side < 2; ++side) {
    int in = 0, out = 0;
    for (int p = side; p < players_; p += 2) (eliminated(p) ? out : in) += 1;
    const bool lost = rules_.decapitation ? out > 0 : in == 0;
    if (lost) {
      result_ = static_cast<std::int8_t>(1 - side);
      ending_ = how;
      phase_ = Phase::kOver;
      return;
    }
  }
}

void State::next_turn() {
  // Seats in order, skipping players who are out; a player with no legal move is out.
  while (phase_ != Phase::kOver) {
    current_ = static_cast<std::int8_t>((current_ + 1) % players_);
    if (eliminated(current_)) continue;
    if (has_move(current_)) return;
    reveal_stuck(current_);
    eliminate(current_);  // 无棋可走
    settle(Ending::kElimination);
  }
}

// Seat p has no legal move and is about to go out: everyone learns that each of its pieces
// is of a kind that could not move from where it stands. A piece outside the headquarters
// with an open road step, or a straight rail move, is a mine or the flag; one whose only
// moves would be an engineer's turns is no engineer.
void State::reveal_stuck(Player p) {
  const Board& b = *board_;
  const Masks m = masks(p & 1);
  CentreReach centre;
  for (int from : occ_[p]) {
    if (b.headquarters.test(from)) continue;
    const int piece = piece_at_[from];
    const bool rail = b.is_rail(from);
    if (b.road[from].andnot(m.blocked).any() || (rail && rail_reach(from, false, m, centre).any()))
      evidence_[piece] &= bit(kMine) | bit(kFlag);
    else if (rail && rail_reach(from, true, m, centre).any())
      evidence_[piece] &= static_cast<KindSet>(~bit(kEngineer));
  }
}

void State::forfeit(Player p) {
  if (phase_ != Phase::kPlay) throw Error("junqi: forfeit is for the play phase (after every deployment)");
  if (p < 0 || p >= players_ || eliminated(p)) return;
  if (offer_by_ >= 0) {  // a draw offer being answered lapses; play goes on after its seat
    current_ = offer_by_;
    offer_by_ = -1;
    eliminate(p);
    settle(Ending::kForfeit);
    if (phase_ != Phase::kOver) next_turn();
    return;
  }
  eliminate(p);
  settle(Ending::kForfeit);
  if (phase_ != Phase::kOver && current_ == p) next_turn();
}

Values State::returns() const {
  Values v{};
  if (result_ != 0 && result_ != 1) return v;
  int survivors = 0;
  for (int p = result_; p < players_; p += 2) survivors += !eliminated(p);
  // Standard room: 3, 2 or 1 times the base for 3, 2 or 1 survivors; 斩首: 1 times the base;
  // a win adjudicated at a move cap: 1 times the base (no seat was knocked out for it).
  const bool capped = ending_ == Ending::kMoveCap || ending_ == Ending::kQuietCap;
  const double stake = rules_.decapitation || capped ? 1 : survivors;
  for (int p = 0; p < players_; ++p) v[p] = team_of(p) == result_ ? stake : -stake;
  return v;
}

std::vector<OptionSpec> junqi_option_specs(std::string_view board_name, int armies) {
  return {
      {"board", std::string(),
       "board file (JSON) of " + std::to_string(armies) + " armies; empty: configs/boards/" +
           std::string(board_name) + ".json in qilab's data folder"},
      choice_option("mode", "standard", {"standard", "decapitation"},
                    "room mode: standard (the last side standing wins; 3/2/1 x base by survivors) or "
                    "decapitation (斩首: one player out loses; +-1 x base)"),
      choice_option("visibility", "dark", {"dark", "bright"},
                    "dark (own ranks only) or bright (every rank shown once all have deployed)"),
      {"allies_visible", false, "dark game: allies see each other's ranks"},
      {"mine_dies_too", false,
       "a mine that kills an attacker dies as well (主帅制 sources); default: the mine stays"},
      int_option("no_capture_limit", 200, 0, 1'000'000,
                 "moves of all players together without a fight after which the game is drawn (0: no limit)"),
      int_option("max_moves", 2000, 0, 1'000'000,
                 "moves of all players together after which the game is drawn (0: no limit)"),
      choice_option("adjudicate", "none", {"none", "evaluation", "material"},
                    "what max_moves and no_capture_limit give: none (a draw) | evaluation (the side whose "
                    "evaluation score is ahead by more than 10% of the two sides' sum wins, 1 x base) | "
                    "material (the same by its live pieces weighted by rank); else a draw"),
      int_option("resign_after", 60, -1, 1'000'000,
                 "moves of all players together after which a player may resign (-1: never)"),
      {"draw_offers", false,
       "draw by agreement (和棋): once a game each seat may offer a draw as its move; every other seat still "
       "in answers draw or no-draw, and all must agree"},
      {"deployments", std::string(),
       "fixed deployments by seat, comma-separated: a .txt file, an inline layout (6 rows of 5 separated by "
       "'/', e.g. 98776/B+B+6/55+44/3+3+3/MMM22/2F111) or a name under configs/games/junqi/; an empty entry "
       "leaves the seat to deploy itself"},
  };
}

const Board& variant_board(const Options& o, std::string_view game, int armies) {
  const std::string& file = o.get_string("board");
  const std::string path = file.empty() ? default_board_path(game) : file;
  const std::string where =
      std::string(game) + ": option 'board'" + (file.empty() ? " (default " + path + ")" : "");
  const Board* b = nullptr;
  try {
    b = &load_board(path);
  } catch (const Error& e) {
    throw Error(where + ": " + e.what());
  }
  // The id names the army count: a 6-army board under junqi4 would play 六国 as 四国.
  if (b->armies != armies)
    throw Error(where + ": " + echo(path) + " is a board of " + std::to_string(b->armies) + " armies, " +
                std::string(game) + " expects " + std::to_string(armies));
  return *b;
}

std::int64_t junqi_max_game_length(const Rules& r, int armies) {
  // Deployment: kSlots placings an army. Play: max_moves moves (a draw offer counts as one);
  // without it, at most no_capture_limit moves between fights, and every fight kills a piece,
  // so at most kSlots * armies fights. Each seat offers a draw at most once, and every other
  // seat answers it (answers are not moves).
  std::int64_t play = 0;
  if (r.max_moves > 0)
    play = r.max_moves;
  else if (r.no_capture_limit > 0)
    play = (std::int64_t{kSlots} * armies + 1) * r.no_capture_limit;
  else
    return kNoLengthBound;
  const std::int64_t answers = r.draw_offers ? std::int64_t{armies} * (armies - 1) : 0;
  return std::int64_t{kSlots} * armies + play + answers;
}

Rules rules_from_options(const Options& o, const std::string& game, const Board& board) {
  Rules r;
  // deployments: one entry per seat, comma-separated; empty entries leave the choice to the seat.
  const std::string& list = o.get_string("deployments");
  int seat = 0;
  for (std::size_t at = 0; !list.empty() && at <= list.size(); ++seat) {
    const std::size_t end = std::min(list.find(',', at), list.size());
    const std::string entry = list.substr(at, end - at);
    at = end + 1;
    if (seat >= board.armies)
      throw Error(game + ": option 'deployments' lists more than " + std::to_string(board.armies) + " seats");
    if (entry.empty()) continue;
    try {
      const auto posts = deployment_posts(board, seat, resolve_deployment(entry));
      for (int k = 0; k < kSlots; ++k)
        r.fixed_slots[seat][k] = static_cast<std::uint8_t>(board.post_slot[posts[k]]);
      r.fixed_seats |= static_cast<std::uint8_t>(1u << seat);
    } catch (const Error& e) {
      throw Error(game + ": option 'deployments', seat " + std::to_string(seat) + ": " + e.what());
    }
  }
  // The declared choices and ranges have checked every value; these only translate them.
  r.decapitation = o.get_string("mode") == "decapitation";
  r.bright = o.get_string("visibility") == "bright";
  r.allies_visible = o.get_bool("allies_visible");
  r.mine_dies_too = o.get_bool("mine_dies_too");
  r.no_capture_limit = static_cast<std::int32_t>(o.get_int("no_capture_limit"));
  r.max_moves = static_cast<std::int32_t>(o.get_int("max_moves"));
  r.resign_after = static_cast<std::int32_t>(o.get_int("resign_after"));
  r.draw_offers = o.get_bool("draw_offers");
  const std::string& adjudicate = o.get_string("adjudicate");
  r.adjudicate = adjudicate == "evaluation" ? 1 : adjudicate == "material" ? 2 : 0;
  return r;
}

}  // namespace qilab::junqi

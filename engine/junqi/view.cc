// What each seat sees: drawings, observations, information keys, network planes, notation.
#include <algorithm>
#include <bit>

#include "engine/core/error.h"
#include "engine/core/hash.h"
#include "engine/junqi/echo.h"
#include "engine/junqi/encoding.h"
#include "engine/junqi/junqi.h"

namespace qilab::junqi {
namespace {

const char* outcome_name(int o) {
  switch (o & 3) {
    case kAttackerWins:
      return o & kFlagTaken ? "attacker took the flag" : "attacker won";
    case kDefenderWins:
      return "defender won";
    default:
      return o & kFlagTaken ? "both died, the flag fell" : "both died";
  }
}

}  // namespace

bool State::sees(Player p, int piece) const {
  if (p < 0 || piece / kSlots == p) return true;
  if (phase_ == Phase::kDeploy) return false;  // deployments are secret until all are done
  if (rules_.bright) return true;
  return rules_.allies_visible && ((piece / kSlots) & 1) == (p & 1);
}

// Whether p sees where the pieces of `owner` stand: always, except while `owner` is still
// placing them (its placements are secret; once done every non-camp post is filled).
static bool positions_shown(const State& s, Player p, int owner,
                            const std::array<std::uint8_t, kMaxArmies>& deployed) {
  return p < 0 || owner == p || s.phase() != Phase::kDeploy || deployed[owner] == kSlots;
}

std::string State::render(Player p) const {
  const Board& b = *board_;
  auto symbol = [&](int piece) -> std::string {
    const int owner = piece / kSlots;
    std::string s(1, static_cast<char>('0' + owner));
    if (sees(p, piece)) return s + kSymbol[kind_of_[piece]];
    const KindSet e = evidence_[piece];
    return s + (std::has_single_bit(e) ? static_cast<char>(std::tolower(kSymbol[std::countr_zero(e)])) : '?');
  };
  // Four characters a post: " 0? " a piece of seat 0 of unknown kind, "(3B)" a bomb of seat
  // 3 in a camp, "[2F]" a flag in a headquarters; empty: " .  " road post, " =  " rail post,
  // "(  )" camp, "[  ]" headquarters, " o  " station, " *  " airport.
  auto cell = [&](int post) -> std::string {
    const int piece = piece_at_[post];
    const NodeKind kind = b.nodes[post].kind;
    const bool shown = piece != kNone && positions_shown(*this, p, piece / kSlots, deployed_);
    const std::string s = shown ? symbol(piece) : "  ";
    switch (kind) {
      case NodeKind::kCamp:
        return "(" + s + ")";
      case NodeKind::kHeadquarters:
        return "[" + s + "]";
      default:
        break;
    }
    if (shown) return " " + s + " ";
    switch (kind) {
      case NodeKind::kRail:
        return " =  ";
      case NodeKind::kStation:
        return " o  ";
      case NodeKind::kAirport:
        return " *  ";
      default:
        return " .  ";
    }
  };
  std::string out = b.name + (p < 0 ? " (referee)" : " as seen by seat " + std::to_string(p)) + "\n";
  for (int a = 0; a < b.armies; ++a) {
    out += "army " + std::to_string(a) + " (side " + std::to_string(a & 1) + ")" +
           (eliminated(a) ? " out" : "") + ", row 0 faces the centre\n";
    for (int r = 0; r < kRows; ++r) {
      out += "  ";
      for (int c = 0; c < kCols; ++c) out += cell(b.post_at(a, r, c));
      out += "\n";
    }
  }
  out += "centre:";
  for (int i = 0; i < b.posts; ++i)
    if (b.army_of(i) < 0) out += " " + b.nodes[i].id + cell(i);
  out += "\n";
  if (phase_ == Phase::kDeploy) {
    out += "deploying: seat " + std::to_string(current_) + ", piece " +
           std::to_string(deployed_[current_] + 1) + "/25";
    if (p < 0 || p == current_) out += std::string(" (") + kChinese[deploy_kind()] + ")";
  } else if (phase_ == Phase::kPlay) {
    out += "to move: seat " + std::to_string(current_);
  } else {
    out += result_ == 2 ? "drawn" : "side " + std::to_string(result_) + " wins";
  }
  out += "  moves " + std::to_string(play_moves_) + ", without a fight " + std::to_string(quiet_) + "\n";
  return out;
}

std::string State::observation_string(Player p) const {
  std::string out = render(p);
  if (last_from_ >= 0)
    out += "last move: " + board_->nodes[last_from_].id + "-" + board_->nodes[last_to_].id + "\n";
  // Public evidence on pieces still standing (setup rules aside): moved, engineer, revealed.
  std::string ev;
  for (int i = 0; i < players_ * kSlots; ++i) {
    if (post_of_[i] == kNone || !positions_shown(*this, p, i / kSlots, deployed_)) continue;
    if (evidence_[i] == setup_mask(i)) continue;
    ev += " " + board_->nodes[post_of_[i]].id + ":";
    for (int k = 0; k < kKinds; ++k)
      if (evidence_[i] & bit(k)) ev += kSymbol[k];
  }
  if (!ev.empty()) out += "may be:" + ev + "\n";
  if (offer_by_ >= 0) out += "draw offered by seat " + std::to_string(offer_by_) + "\n";
  for (int f = 0; f < fights_count_; ++f) {
    const Fight& x = fights_[f];
    out += "fight " + std::to_string(f + 1) + ": piece " + std::to_string(x.attacker) + " attacked piece " +
           std::to_string(x.defender) + ", " + outcome_name(x.outcome) + "\n";
  }
  return out;
}

std::uint64_t State::information_key(Player p) const {
  std::uint64_t h = kHashSeed;
  h = hash_mix(h, static_cast<std::uint64_t>(phase_) | std::uint64_t(std::uint8_t(current_)) << 8 |
                      std::uint64_t(eliminated_) << 16 | std::uint64_t(std::uint8_t(result_)) << 24 |
                      std::uint64_t(std::uint8_t(p)) << 32);
  h = hash_mix(h, std::uint64_t(std::uint32_t(play_moves_)) | std::uint64_t(std::uint32_t(quiet_)) << 32);
  h = hash_mix(h, std::uint64_t(std::uint16_t(last_from_)) | std::uint64_t(std::uint16_t(last_to_)) << 16 |
                      std::uint64_t(std::uint32_t(moves_)) << 32);
  for (int q = 0; q < players_; ++q) h = hash_mix(h, deployed_[q]);
  h = hash_mix(h, std::uint64_t(std::uint8_t(offer_by_)) | std::uint64_t(offered_) << 8);
  for (int i = 0; i < players_ * kSlots; ++i) {
    if (kind_of_[i] == kNone || !positions_shown(*this, p, i / kSlots, deployed_)) continue;
    const std::uint64_t kind = sees(p, i) ? kind_of_[i] : 0xFF;
    h = hash_mix(h, std::uint64_t(i) | std::uint64_t(post_of_[i]) << 8 | kind << 16 |
                        std::uint64_t(evidence_[i]) << 24);
  }
  for (int f = 0; f < fights_count_; ++f)
    h = hash_mix(h, fights_[f].attacker | fights_[f].defender << 8 | fights_[f].outcome << 16);
  return h;
}

void State::encode(Player observer, std::span<float> out) const {
  const Board& b = *board_;
  const Layout& l = b.layout;
  const int n = players_, P = b.posts, grid = l.height * l.width;
  const EncodingIndex x{n};
  const std::size_t size = static_cast<std::size_t>(x.planes() * grid + x.scalars());
  if (out.size() != size)
    throw Error(b.name + " encode: expected " + std::to_string(size) + " floats, got " +
                std::to_string(out.size()));
  if (observer < 0 || observer >= n)
    throw Error(b.name + " encode: observer " + std::to_string(observer) + " is not a seat (0-" +
                std::to_string(n - 1) + ")");
  std::fill(out.begin(), out.end(), 0.0f);
  float* const planes = out.data();
  // Post p is drawn where seat 0 would see the post it turns to (layout.h).
  const std::int16_t* const cell = l.cell.data() + observer * P;
  auto put = [&](int plane, int post) { planes[plane * grid + cell[post]] = 1.0f; };
  auto relative = [&](int seat) { return (seat - observer + n) % n; };
  for (int p = 0; p < P; ++p) {
    put(EncodingIndex::kValid, p);
    if (b.is_rail(p)) put(EncodingIndex::kRail, p);
    if (b.camps.test(p)) put(EncodingIndex::kCamp, p);
    if (b.headquarters.test(p)) put(EncodingIndex::kHeadquarters, p);
    if (b.turn_posts.test(p)) put(EncodingIndex::kStation, p);
    if (b.airport.test(p)) put(EncodingIndex::kAirport, p);
    if (b.army_of(p) >= 0) put(EncodingIndex::kHome + relative(b.army_of(p)), p);
  }
  for (int i = 0; i < n * kSlots; ++i) {
    const int post = post_of_[i];
    if (post == kNone || !positions_shown(*this, observer, i / kSlots, deployed_)) continue;
    put(x.pieces() + relative(i / kSlots), post);
    const KindSet e = evidence_[i];
    if (sees(observer, i))
      put(x.known() + kind_of_[i], post);
    else if (std::has_single_bit(e))
      put(x.known() + std::countr_zero(e), post);
    for (int k = 0; k < kKinds; ++k)
      if (e & bit(k)) put(x.may_be() + k, post);
  }
  if (last_from_ >= 0) {
    put(x.last_from(), last_from_);
    put(x.last_to(), last_to_);
  }
  float* const f = planes + x.planes() * grid;
  f[EncodingIndex::kDeploying] = phase_ == Phase::kDeploy;
  f[EncodingIndex::kPlaying] = phase_ == Phase::kPlay;
  if (phase_ != Phase::kOver) f[EncodingIndex::kToMove + relative(current_)] = 1.0f;
  for (int q = 0; q < n; ++q) {
    f[x.out() + relative(q)] = eliminated(q);
    f[x.deployed() + relative(q)] = static_cast<float>(deployed_[q]) / kSlots;
    f[x.offered() + relative(q)] = (offered_ >> q) & 1;
  }
  if (phase_ == Phase::kDeploy) f[x.next_kind() + deploy_kind()] = 1.0f;
  if (offer_by_ >= 0) f[x.offer_by() + relative(offer_by_)] = 1.0f;
  if (rules_.no_capture_limit > 0)
    f[x.quiet()] = static_cast<float>(quiet_) / static_cast<float>(rules_.no_capture_limit);
  if (rules_.max_moves > 0)
    f[x.moves()] = static_cast<float>(play_moves_) / static_cast<float>(rules_.max_moves);
  f[x.resign()] = phase_ == Phase::kPlay && rules_.resign_after >= 0 && play_moves_ >= rules_.resign_after;
  const bool rule[5] = {rules_.bright, rules_.allies_visible, rules_.decapitation, rules_.mine_dies_too,
                        rules_.draw_offers};
  for (int k = 0; k < 5; ++k) f[x.rules() + k] = rule[k];
}

std::string State::deployment(Player p) const {
  const Board& b = *board_;
  std::string out;
  for (int r = 0; r < kRows; ++r) {
    for (int c = 0; c < kCols; ++c) {
      const int post = b.post_at(p, r, c);
      if (b.camps.test(post)) {
        out += '+';
        continue;
      }
      const int piece = p * kSlots + b.post_slot[post];
      out += kind_of_[piece] == kNone ? '.' : kSymbol[kind_of_[piece]];
    }
    out += r + 1 < kRows ? "/" : "";
  }
  return out;
}

std::string State::action_to_string(Action a) const {
  if (board_ == nullptr) return "invalid";
  const Board& b = *board_;
  const int P = b.posts;
  if (a < 0 || a > P * P + P + 2) return "invalid(" + std::to_string(a) + ")";
  if (a == P * P + P) return "resign";
  if (a == P * P + P + 1) return "draw";
  if (a == P * P + P + 2) return "no-draw";
  if (a >= P * P) {
    const int k = deploy_kind();
    return std::string(k >= 0 ? std::string(1, kSymbol[k]) : "") + "@" + b.nodes[a - P * P].id;
  }
  const int from = a / P, to = a % P;
  return b.nodes[from].id + (piece_at_[to] == kNone ? "-" : "x") + b.nodes[to].id;
}

Action State::string_to_action(std::string_view text) const {
  auto bad = [&](const std::string& why) {
    return Error(board_->name + " action '" + echo(text) + "': " + why);
  };
  if (board_ == nullptr) throw Error("junqi: a state without a board has no actions");
  const Board& b = *board_;
  const int P = b.posts;
  if (text == "resign") return P * P + P;
  if (text == "draw") return P * P + P + 1;
  if (text == "no-draw") return P * P + P + 2;
  auto post = [&](std::string_view id) {
    const int i = b.find(id);
    if (i < 0) throw bad("unknown post '" + echo(id) + "'");
    return i;
  };
  if (auto at = text.find('@'); at != std::string_view::npos) {
    if (at > 1) throw bad("expected '@post' or 'K@post' with K a kind letter");
    if (at == 1) {
      const int k = deploy_kind();
      if (k < 0 || text[0] != kSymbol[k])
        throw bad(k < 0 ? "no deployment in progress"
                        : std::string("the next piece to place is ") + kSymbol[k]);
    }
    const int to = post(text.substr(at + 1));
    // A placement that breaks a setup rule is refused here, naming the rule: the
    // deployment order fixes the kind, so the post alone decides.
    if (const std::string why = placement_refusal(to); !why.empty()) throw bad(why);
    return P * P + to;
  }
  for (char sep : {'-', 'x'}) {
    // Post ids contain no '-' or 'x'; split at the separator.
    auto at = text.find(sep);
    if (at == std::string_view::npos) continue;
    return post(text.substr(0, at)) * P + post(text.substr(at + 1));
  }
  throw bad("expected 'from-to', 'fromxto', 'K@post', 'resign', 'draw' or 'no-draw'");
}

}  // namespace qilab::junqi

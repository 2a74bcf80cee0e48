// Positions as JSON (docs/rules/junqi.md, "Positions"): written and read back exactly.
#include <set>

#include "engine/core/error.h"
#include "engine/junqi/echo.h"
#include "engine/core/input.h"
#include "engine/junqi/junqi.h"

namespace qilab::junqi {

nlohmann::json State::to_json() const {
  const Board& b = *board_;
  nlohmann::json pieces = nlohmann::json::array();
  for (int i = 0; i < players_ * kSlots; ++i) {
    pieces.push_back({{"kind", kind_of_[i] == kNone ? nlohmann::json(nullptr) : nlohmann::json(std::string(1, kSymbol[kind_of_[i]]))},
                      {"post", post_of_[i] == kNone ? nlohmann::json(nullptr) : nlohmann::json(b.nodes[post_of_[i]].id)},
                      {"evidence", evidence_[i]}});
  }
  nlohmann::json fights = nlohmann::json::array();
  for (int f = 0; f < fights_count_; ++f) fights.push_back({fights_[f].attacker, fights_[f].defender, fights_[f].outcome});
  nlohmann::json deployed = nlohmann::json::array(), out = nlohmann::json::array(), offered = nlohmann::json::array();
  for (int p = 0; p < players_; ++p) {
    deployed.push_back(deployed_[p]);
    out.push_back(eliminated(p));
    offered.push_back(((offered_ >> p) & 1) != 0);
  }
  static const char* phases[] = {"deploy", "play", "over"};
  static const char* results[] = {"none", "side0", "side1", "draw"};
  return {{"game", b.name},
          {"phase", phases[static_cast<int>(phase_)]},
          {"current", int(current_)},
          {"deployed", deployed},
          {"eliminated", out},
          {"result", results[result_ + 1]},
          {"moves", moves_},
          {"play_moves", play_moves_},
          {"quiet", quiet_},
          {"last", last_from_ < 0 ? nlohmann::json(nullptr) : nlohmann::json::array({b.nodes[last_from_].id, b.nodes[last_to_].id})},
          {"pieces", pieces},
          {"fights", fights},
          {"draw_offer", offer_by_ < 0 ? nlohmann::json(nullptr) : nlohmann::json(int(offer_by_))},
          {"draw_offered", offered}};
}

State state_from_json_impl(const Board* board, const Rules& rules, const nlohmann::json& j) {
  const Board& b = *board;
  const std::string name = b.name + " position";
  auto bad = [&](const std::string& f, const std::string& what) { return Error(name + ": field '" + f + "': " + what); };
  if (!j.is_object()) throw Error(name + ": expected a JSON object");
  static const std::set<std::string> known = {"game", "phase", "current", "deployed", "eliminated", "result",
                                              "moves", "play_moves", "quiet", "last", "pieces", "fights",
                                              "draw_offer", "draw_offered"};
  for (const auto& [k, v] : j.items())
    if (!known.count(k)) throw bad(echo(k), "unknown field");
  auto field = [&](const char* f) -> const nlohmann::json& {
    auto it = j.find(f);
    if (it == j.end()) throw bad(f, "missing");
    return *it;
  };
  // Range-checked as a 64-bit value before it is narrowed: an unsigned value above the
  // signed range (18446744073709551615 would read as -1) is refused, never wrapped.
  auto integer = [&](const nlohmann::json& v, const std::string& f, long long lo, long long hi) {
    const bool in_range = v.is_number_integer() &&
                          !(v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(hi)) &&
                          v.get<std::int64_t>() >= lo && v.get<std::int64_t>() <= hi;
    if (!in_range)
      throw bad(f, "expected an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " + echo_json(v));
    return static_cast<int>(v.get<std::int64_t>());
  };
  auto post_id = [&](const nlohmann::json& v, const std::string& f) {
    if (!v.is_string()) throw bad(f, "expected a post id, got " + echo_json(v));
    const int p = b.find(v.get<std::string>());
    if (p < 0) throw bad(f, "unknown post " + echo_json(v));
    return p;
  };
  auto choice = [&](const char* f, std::initializer_list<const char*> options) {
    const auto& v = field(f);
    int i = 0;
    for (const char* o : options) {
      if (v.is_string() && v.get<std::string>() == o) return i;
      ++i;
    }
    throw bad(f, "unexpected value " + echo_json(v));
  };

  if (field("game") != b.name) throw bad("game", "expected \"" + b.name + "\", got " + echo_json(field("game")));
  State s(board, rules);
  const int n = s.players_;
  s.phase_ = static_cast<Phase>(choice("phase", {"deploy", "play", "over"}));
  s.result_ = static_cast<std::int8_t>(choice("result", {"none", "side0", "side1", "draw"}) - 1);
  if ((s.phase_ == Phase::kOver) != (s.result_ >= 0)) throw bad("result", "a result is given exactly when the phase is over");
  s.current_ = static_cast<std::int8_t>(integer(field("current"), "current", 0, n - 1));
  s.moves_ = integer(field("moves"), "moves", 0, 1 << 30);
  s.play_moves_ = integer(field("play_moves"), "play_moves", 0, 1 << 30);
  s.quiet_ = integer(field("quiet"), "quiet", 0, s.play_moves_);

  const auto& deployed = field("deployed");
  const auto& out = field("eliminated");
  if (!deployed.is_array() || static_cast<int>(deployed.size()) != n) throw bad("deployed", "expected " + std::to_string(n) + " counts");
  if (!out.is_array() || static_cast<int>(out.size()) != n) throw bad("eliminated", "expected " + std::to_string(n) + " booleans");
  for (int p = 0; p < n; ++p) {
    s.deployed_[p] = static_cast<std::uint8_t>(integer(deployed[p], "deployed", 0, kSlots));
    if (!out[p].is_boolean()) throw bad("eliminated", "expected booleans, got " + echo_json(out[p]));
    if (out[p].get<bool>()) s.eliminated_ |= static_cast<std::uint8_t>(1u << p);
    const int want = s.phase_ != Phase::kDeploy || p < s.current_ ? kSlots : p > s.current_ ? 0 : -1;
    if (want >= 0 ? s.deployed_[p] != want : s.deployed_[p] >= kSlots)
      throw bad("deployed", "seat " + std::to_string(p) + " cannot have placed " + std::to_string(s.deployed_[p]) + " pieces in this phase");
  }
  if (s.phase_ == Phase::kDeploy && s.eliminated_) throw bad("eliminated", "nobody is out during deployment");
  if (s.phase_ == Phase::kPlay && s.eliminated(s.current_)) throw bad("current", "the seat to move is out");

  const auto& last = field("last");
  if (!last.is_null()) {
    if (!last.is_array() || last.size() != 2) throw bad("last", "expected null or [from, to]");
    s.last_from_ = static_cast<std::int16_t>(post_id(last[0], "last"));
    s.last_to_ = static_cast<std::int16_t>(post_id(last[1], "last"));
  }

  const auto& pieces = field("pieces");
  if (!pieces.is_array() || static_cast<int>(pieces.size()) != n * kSlots)
    throw bad("pieces", "expected " + std::to_string(n * kSlots) + " pieces (25 per seat, by starting post)");
  std::array<std::array<int, kKinds>, kMaxArmies> count{};
  for (int i = 0; i < n * kSlots; ++i) {
    const std::string f = "pieces[" + std::to_string(i) + "]";
    const auto& x = pieces[i];
    if (!x.is_object() || !x.contains("kind") || !x.contains("post") || !x.contains("evidence"))
      throw bad(f, "expected {kind, post, evidence}");
    for (const auto& [k, v] : x.items())  // an unknown field is refused, as at the top level
      if (k != "kind" && k != "post" && k != "evidence") throw bad(f + "." + echo(k), "unknown field (expected kind, post, evidence)");
    const int owner = i / kSlots;
    const int origin = b.slot_post[owner][i % kSlots];
    s.evidence_[i] = static_cast<KindSet>(integer(x["evidence"], f + ".evidence", 1, kAllKinds));
    if (x["kind"].is_null()) {
      if (!x["post"].is_null()) throw bad(f, "a piece not yet placed stands nowhere");
      continue;
    }
    const std::string k = x["kind"].is_string() ? x["kind"].get<std::string>() : "";
    const char* at = k.size() == 1 ? std::char_traits<char>::find(kSymbol, kKinds, k[0]) : nullptr;
    if (!at) throw bad(f + ".kind", "expected one of FMB123456789 or null, got " + echo_json(x["kind"]));
    const int kind = static_cast<int>(at - kSymbol);
    s.kind_of_[i] = static_cast<std::uint8_t>(kind);
    ++count[owner][kind];
    if (!(s.setup_mask(i) & bit(kind)))
      throw bad(f + ".kind", std::string(kSymbol + kind, 1) + " may not start on " + b.nodes[origin].id + " (setup rules)");
    if (!(s.evidence_[i] & bit(kind))) throw bad(f + ".evidence", "excludes the piece's own kind");
    if (x["post"].is_null()) continue;
    const int post = post_id(x["post"], f + ".post");
    if (s.piece_at_[post] != kNone) throw bad(f + ".post", "two pieces on " + b.nodes[post].id);
    if (b.airport.test(post)) throw bad(f + ".post", "nobody may stop on the airport");
    if ((!mobile(kind) || s.phase_ == Phase::kDeploy) && post != origin)
      throw bad(f + ".post", "this piece cannot have left " + b.nodes[origin].id);
    if (s.eliminated(owner)) throw bad(f + ".post", "the pieces of a seat that is out leave the board");
    if (post != origin && (s.evidence_[i] & (bit(kMine) | bit(kFlag))))
      throw bad(f + ".evidence", "a piece that has moved is known to be neither mine nor flag");
    s.piece_at_[post] = static_cast<std::uint8_t>(i);
    s.post_of_[i] = static_cast<std::uint8_t>(post);
    s.occ_[owner].set(post);
  }
  for (int p = 0; p < n; ++p) {
    int placed = 0;
    std::array<int, kKinds> want{};
    for (int k = 0; k < s.deployed_[p]; ++k) ++want[kDeployOrder[k]];
    for (int k = 0; k < kKinds; ++k) placed += count[p][k];
    if (count[p] != want || placed != s.deployed_[p])
      throw bad("pieces", "seat " + std::to_string(p) + "'s pieces are not the first " + std::to_string(s.deployed_[p]) +
                              " of the deployment order (flag, 3 mines, 2 bombs, then 司令 down to 工兵)");
  }

  const auto& fights = field("fights");
  if (!fights.is_array() || fights.size() > kMaxPieces) throw bad("fights", "expected an array of [attacker, defender, outcome]");
  for (std::size_t f = 0; f < fights.size(); ++f) {
    const std::string at = "fights[" + std::to_string(f) + "]";
    const auto& x = fights[f];
    if (!x.is_array() || x.size() != 3) throw bad(at, "expected [attacker, defender, outcome]");
    const int a = integer(x[0], at, 0, n * kSlots - 1), d = integer(x[1], at, 0, n * kSlots - 1);
    const int o = integer(x[2], at, 0, kOutcomes - 1);
    if (s.kind_of_[a] == kNone || s.kind_of_[d] == kNone || fight(s.kind_of_[a], s.kind_of_[d], rules.mine_dies_too) != o)
      throw bad(at, "the outcome does not follow from the pieces' kinds");
    s.fights_[f] = Fight{static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(d), static_cast<std::uint8_t>(o)};
  }
  s.fights_count_ = static_cast<std::uint8_t>(fights.size());
  // The draw by agreement (optional fields: absent means no offer has been made).
  if (j.contains("draw_offered")) {
    const auto& v = j["draw_offered"];
    if (!v.is_array() || static_cast<int>(v.size()) != n) throw bad("draw_offered", "expected " + std::to_string(n) + " booleans");
    for (int p = 0; p < n; ++p) {
      if (!v[p].is_boolean()) throw bad("draw_offered", "expected booleans, got " + echo_json(v[p]));
      if (v[p].get<bool>()) s.offered_ |= static_cast<std::uint8_t>(1u << p);
    }
  }
  if (j.contains("draw_offer") && !j["draw_offer"].is_null()) {
    const int by = integer(j["draw_offer"], "draw_offer", 0, n - 1);
    if (s.phase_ != Phase::kPlay || !rules.draw_offers || !((s.offered_ >> by) & 1) || by == s.current_ || s.eliminated(by))
      throw bad("draw_offer", "no draw offer by seat " + std::to_string(by) + " can be open here (draw_offers on, play phase, seat in, offered, another seat to answer)");
    s.offer_by_ = static_cast<std::int8_t>(by);
  }
  if (s.phase_ == Phase::kPlay && s.offer_by_ < 0 && !s.has_move(s.current_)) throw bad("current", "the seat to move has no legal move");
  return s;
}

}  // namespace qilab::junqi

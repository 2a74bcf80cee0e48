// Positions as JSON (docs/rules/junqi.md, "Positions"): written and read back exactly.

#include "engine/core/error.h"
#include "engine/junqi/echo.h"
#include "engine/core/input.h"
#include "engine/core/json_fields.h"
#include "engine/junqi/junqi.h"

namespace qilab::junqi {

nlohmann::json State::to_json() const {
  const Board& b = *board_;
  nlohmann::json pieces = nlohmann::json::array();
  for (int i = 0; i < players_ * kSlots; ++i) {
    pieces.push_back(
        {{"kind", kind_of_[i] == kNone ? nlohmann::json(nullptr)
                                       : nlohmann::json(std::string(1, kSymbol[kind_of_[i]]))},
         {"post", post_of_[i] == kNone ? nlohmann::json(nullptr) : nlohmann::json(b.nodes[post_of_[i]].id)},
         {"evidence", evidence_[i]}});
  }
  nlohmann::json fights = nlohmann::json::array();
  for (int f = 0; f < fights_count_; ++f)
    fights.push_back({fights_[f].attacker, fights_[f].defender, fights_[f].outcome});
  nlohmann::json deployed = nlohmann::json::array(), out = nlohmann::json::array(),
                 offered = nlohmann::json::array();
  for (int p = 0; p < players_; ++p) {
    deployed.push_back(deployed_[p]);
    out.push_back(eliminated(p));
    offered.push_back(((offered_ >> p) & 1) != 0);
  }
  static const char* phases[] = {"deploy", "play", "over"};
  static const char* results[] = {"none", "side0", "side1", "draw"};
  nlohmann::json j = {
      {"game", b.name},
      {"phase", phases[static_cast<int>(phase_)]},
      {"current", int(current_)},
      {"deployed", deployed},
      {"eliminated", out},
      {"result", results[result_ + 1]},
      {"moves", moves_},
      {"play_moves", play_moves_},
      {"quiet", quiet_},
      {"last", last_from_ < 0 ? nlohmann::json(nullptr)
                              : nlohmann::json::array({b.nodes[last_from_].id, b.nodes[last_to_].id})},
      {"pieces", pieces},
      {"fights", fights},
      {"draw_offer", offer_by_ < 0 ? nlohmann::json(nullptr) : nlohmann::json(int(offer_by_))},
      {"draw_offered", offered}};
  if (phase_ == Phase::kOver) j["ending"] = std::string(ending());
  return j;
}

State state_from_json_impl(const Board* board, const Rules& rules, const nlohmann::json& j) {
  const Board& b = *board;
  const JsonField root(j, b.name + " position");
  root.object({"game", "phase", "current", "deployed", "eliminated", "result", "moves", "play_moves", "quiet",
               "last", "pieces", "fights", "draw_offer", "draw_offered", "ending"});
  auto post_id = [&](const JsonField& v) {
    const int p = b.find(v.string());
    if (p < 0) v.fail("unknown post " + echo_json(v.json()));
    return p;
  };

  root["game"].expect(b.name);
  State s(board, rules);
  const int n = s.players_;
  s.phase_ = static_cast<Phase>(root["phase"].one_of({"deploy", "play", "over"}));
  s.result_ = static_cast<std::int8_t>(root["result"].one_of({"none", "side0", "side1", "draw"}) - 1);
  if ((s.phase_ == Phase::kOver) != (s.result_ >= 0))
    root["result"].fail("a result is given exactly when the phase is over");
  s.current_ = static_cast<std::int8_t>(root["current"].int_in(0, n - 1));
  s.moves_ = root["moves"].int_in(0, 1 << 30);
  s.play_moves_ = root["play_moves"].int_in(0, 1 << 30);
  s.quiet_ = root["quiet"].int_in(0, s.play_moves_);
  if (s.phase_ == Phase::kOver) {
    // How it ended: optional on reading; absent, it is read off the counters (a cap where one
    // was reached and could give this result, else a draw offer for a draw, an elimination for
    // a win).
    if (const auto ending = root.find("ending")) {
      const int k = ending->one_of(
          {"flag", "elimination", "resignation", "forfeit", "draw_offer", "move_cap", "quiet_cap"});
      s.ending_ = static_cast<Ending>(k + 1);
      const bool capped = s.ending_ == Ending::kMoveCap || s.ending_ == Ending::kQuietCap;
      if (s.result_ == 2 && !capped && s.ending_ != Ending::kDrawOffer)
        ending->fail("a drawn game ends by a draw offer or a move cap");
      if (s.result_ != 2 && s.ending_ == Ending::kDrawOffer) ending->fail("a draw offer ends in a draw");
      if (s.result_ != 2 && capped && rules.adjudicate == 0)
        ending->fail("a move cap gives a draw unless the option 'adjudicate' decides it");
    } else {
      const bool quiet_cap = rules.no_capture_limit > 0 && s.quiet_ >= rules.no_capture_limit;
      const bool move_cap = rules.max_moves > 0 && s.play_moves_ >= rules.max_moves;
      const bool may_cap = s.result_ == 2 || rules.adjudicate != 0;
      s.ending_ = may_cap && quiet_cap  ? Ending::kQuietCap
                  : may_cap && move_cap ? Ending::kMoveCap
                  : s.result_ == 2      ? Ending::kDrawOffer
                                        : Ending::kElimination;
    }
  } else if (root.find("ending")) {
    root["ending"].fail("an ending is given only when the phase is over");
  }

  const JsonField deployed = root["deployed"];
  const JsonField out = root["eliminated"];
  deployed.array(static_cast<std::size_t>(n));
  out.array(static_cast<std::size_t>(n));
  for (int p = 0; p < n; ++p) {
    s.deployed_[p] = static_cast<std::uint8_t>(deployed[p].int_in(0, kSlots));
    if (out[p].boolean()) s.eliminated_ |= static_cast<std::uint8_t>(1u << p);
    const int want = s.phase_ != Phase::kDeploy || p < s.current_ ? kSlots : p > s.current_ ? 0 : -1;
    if (want >= 0 ? s.deployed_[p] != want : s.deployed_[p] >= kSlots)
      deployed[p].fail("seat " + std::to_string(p) + " cannot have placed " + std::to_string(s.deployed_[p]) +
                       " pieces in this phase");
  }
  if (s.phase_ == Phase::kDeploy && s.eliminated_) out.fail("nobody is out during deployment");
  if (s.phase_ == Phase::kPlay && s.eliminated(s.current_)) root["current"].fail("the seat to move is out");

  const JsonField last = root["last"];
  if (!last.is_null()) {
    last.array(2);
    s.last_from_ = static_cast<std::int16_t>(post_id(last[0]));
    s.last_to_ = static_cast<std::int16_t>(post_id(last[1]));
  }

  const JsonField pieces = root["pieces"];
  pieces.array(static_cast<std::size_t>(n * kSlots));  // 25 per seat, by starting post
  std::array<std::array<int, kKinds>, kMaxArmies> count{};
  for (int i = 0; i < n * kSlots; ++i) {
    const JsonField x = pieces[i];
    x.object({"kind", "post", "evidence"});
    const int owner = i / kSlots;
    const int origin = b.slot_post[owner][i % kSlots];
    const JsonField kind_field = x["kind"], post_field = x["post"], evidence = x["evidence"];
    s.evidence_[i] = static_cast<KindSet>(evidence.int_in(1, kAllKinds));
    if (kind_field.is_null()) {
      if (!post_field.is_null()) post_field.fail("a piece not yet placed stands nowhere");
      continue;
    }
    const std::string k = kind_field.json().is_string() ? kind_field.json().get<std::string>() : "";
    const char* at = k.size() == 1 ? std::char_traits<char>::find(kSymbol, kKinds, k[0]) : nullptr;
    if (!at) kind_field.fail("expected one of FMB123456789 or null, got " + echo_json(kind_field.json()));
    const int kind = static_cast<int>(at - kSymbol);
    s.kind_of_[i] = static_cast<std::uint8_t>(kind);
    ++count[owner][kind];
    if (!(s.setup_mask(i) & bit(kind)))
      kind_field.fail(std::string(kSymbol + kind, 1) + " may not start on " + b.nodes[origin].id +
                      " (setup rules)");
    if (!(s.evidence_[i] & bit(kind))) evidence.fail("excludes the piece's own kind");
    if (post_field.is_null()) continue;
    const int post = post_id(post_field);
    if (s.piece_at_[post] != kNone) post_field.fail("two pieces on " + b.nodes[post].id);
    if (b.airport.test(post)) post_field.fail("nobody may stop on the airport");
    if ((!mobile(kind) || s.phase_ == Phase::kDeploy) && post != origin)
      post_field.fail("this piece cannot have left " + b.nodes[origin].id);
    if (s.eliminated(owner)) post_field.fail("the pieces of a seat that is out leave the board");
    if (post != origin && (s.evidence_[i] & (bit(kMine) | bit(kFlag))))
      evidence.fail("a piece that has moved is known to be neither mine nor flag");
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
      pieces.fail("seat " + std::to_string(p) + "'s pieces are not the first " +
                  std::to_string(s.deployed_[p]) +
                  " of the deployment order (flag, 3 mines, 2 bombs, then 司令 down to 工兵)");
  }

  const JsonField fights = root["fights"];
  const std::size_t n_fights = fights.array(0, kMaxPieces);
  for (std::size_t f = 0; f < n_fights; ++f) {
    const JsonField x = fights[f];
    x.array(3);  // [attacker, defender, outcome]
    const int a = x[0].int_in(0, n * kSlots - 1), d = x[1].int_in(0, n * kSlots - 1);
    const int o = x[2].int_in(0, kOutcomes - 1);
    if (s.kind_of_[a] == kNone || s.kind_of_[d] == kNone ||
        fight(s.kind_of_[a], s.kind_of_[d], rules.mine_dies_too) != o)
      x.fail("the outcome does not follow from the pieces' kinds");
    s.fights_[f] =
        Fight{static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(d), static_cast<std::uint8_t>(o)};
  }
  s.fights_count_ = static_cast<std::uint8_t>(n_fights);
  // The draw by agreement (optional fields: absent means no offer has been made).
  if (const auto offered = root.find("draw_offered")) {
    offered->array(static_cast<std::size_t>(n));
    for (int p = 0; p < n; ++p)
      if ((*offered)[p].boolean()) s.offered_ |= static_cast<std::uint8_t>(1u << p);
  }
  if (const auto offer = root.find("draw_offer"); offer && !offer->is_null()) {
    const int by = offer->int_in(0, n - 1);
    if (s.phase_ != Phase::kPlay || !rules.draw_offers || !((s.offered_ >> by) & 1) || by == s.current_ ||
        s.eliminated(by))
      offer->fail("no draw offer by seat " + std::to_string(by) +
                  " can be open here (draw_offers on, play phase, seat in, offered, another seat to answer)");
    s.offer_by_ = static_cast<std::int8_t>(by);
  }
  if (s.phase_ == Phase::kPlay && s.offer_by_ < 0 && !s.has_move(s.current_))
    root["current"].fail("the seat to move has no legal move");
  return s;
}

}  // namespace qilab::junqi

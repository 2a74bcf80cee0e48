// Rule tests: one hand-built position per rule sentence of docs/rules/junqi.md ("Rules,
// sentence by sentence"), with the exact set of legal destinations or the exact outcome.
#include <doctest/doctest.h>

#include "engine/core/error.h"
#include "engine/junqi/deployment.h"
#include "helpers.h"

using namespace junqi_test;

namespace {
std::vector<std::string> ids(std::initializer_list<const char*> l) {
  std::vector<std::string> v(l.begin(), l.end());
  return sorted(v);
}
bool has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}
}  // namespace

// ---- Moving: roads ----

TEST_CASE("road: any piece moves one step along a road (a road-only post)") {
  auto g = make<Junqi4>();
  State s = position(g, {{0, '5', "a0r2c1"}, {1, '5', "a1r0c2"}});
  // (2,1) joins (1,1) and (3,1) (camps), (2,0) and (2,2) (camp); no diagonals: it is no camp.
  CHECK(dests(s, "a0r2c1") == ids({"a0r1c1", "a0r3c1", "a0r2c0", "a0r2c2"}));
}

TEST_CASE("road: a camp joins its eight neighbours, diagonals included") {
  auto g = make<Junqi4>();
  State s = position(g, {{0, '5', "a0r2c2"}, {1, '5', "a1r0c2"}});
  CHECK(dests(s, "a0r2c2") ==
        ids({"a0r1c1", "a0r1c2", "a0r1c3", "a0r2c1", "a0r2c3", "a0r3c1", "a0r3c2", "a0r3c3"}));
}

// ---- Moving: rails ----

TEST_CASE("rail: a non-engineer runs straight along each line through its post, arcs included") {
  auto g = make<Junqi4>();
  State s = position(g, {{0, '5', "a0r4c0"}, {1, '5', "a1r2c2"}});
  CHECK(dests(s, "a0r4c0") == ids({// column 0 into the centre and on through army 2's column 4
                                   "a0r3c0", "a0r2c0", "a0r1c0", "a0r0c0", "m02", "m01", "m00", "a2r0c4",
                                   "a2r1c4", "a2r2c4", "a2r3c4", "a2r4c4",
                                   // row 4
                                   "a0r4c1", "a0r4c2", "a0r4c3", "a0r4c4",
                                   // the same column round the arc into army 3's column 4
                                   "a3r0c4", "a3r1c4", "a3r2c4", "a3r3c4", "a3r4c4",
                                   // roads: back row and the diagonal into camp (3,1)
                                   "a0r5c0", "a0r3c1"}));
}

TEST_CASE("rail: a non-engineer cannot turn a right angle") {
  auto g = make<Junqi4>();
  State s = position(g, {{0, '5', "a0r4c0"}, {1, '5', "a1r2c2"}});
  auto d = dests(s, "a0r4c0");
  CHECK_FALSE(has(d, "a0r0c1"));  // would turn at the corner a0r0c0
  CHECK_FALSE(has(d, "a0r3c4"));  // would turn at a0r4c4
  CHECK_FALSE(has(d, "m12"));     // would turn in the centre
}

TEST_CASE("rail: pieces in the way stop a rail move; an enemy there can be attacked") {
  auto g = make<Junqi4>();
  State s = position(g, {{0, '5', "a0r4c0"}, {0, '4', "a0r2c0"}, {1, '5', "a0r4c3"}});
  CHECK(dests(s, "a0r4c0") == ids({"a0r3c0", "a0r4c1", "a0r4c2", "a0r4c3", "a0r5c0", "a0r3c1"}));
  s = position(g, {{0, '5', "a0r4c0"}, {2, '4', "a0r2c0"}, {1, '5', "a1r2c2"}});  // an ally blocks too
  CHECK_FALSE(has(dests(s, "a0r4c0"), "a0r2c0"));
}

TEST_CASE("rail: an engineer turns at any junction (flood fill over empty rail posts)") {
  auto g = make<Junqi4>();
  State s = position(g, {{0, '1', "a0r4c0"}, {1, '5', "a1r2c2"}});
  // Every rail post of the board (4 x 16 + 9) but its own, plus its two road steps.
  CHECK(dests(s, "a0r4c0").size() == 73 - 1 + 2);
  // Round the corner and along the far side: blocked column, the way round is open.
  s = position(g, {{0, '1', "a0r4c0"}, {0, '4', "a0r2c0"}, {1, '5', "a1r2c2"}});
  auto d = dests(s, "a0r4c0");
  CHECK(has(d, "a0r0c1"));
  CHECK(has(d, "a0r1c0"));  // down column 0 from the corner
  CHECK(has(d, "a1r4c0"));  // round the arc from column 4 into army 1
  CHECK_FALSE(has(d, "a0r2c0"));
  s.apply(act(s, "a0r4c0-a0r1c0"));
  CHECK(s.evidence(s.piece_at(s.board().find("a0r1c0"))) == bit(kEngineer));  // the turn shows it
}

TEST_CASE("rail: a straight engineer move shows nothing") {
  auto g = make<Junqi4>();
  State s = position(g, {{0, '1', "a0r4c0"}, {1, '5', "a1r2c2"}});
  s.apply(act(s, "a0r4c0-m00"));
  CHECK(s.evidence(s.piece_at(s.board().find("m00"))) != bit(kEngineer));
}

TEST_CASE("rail: arcs join adjacent armies' corner columns directly (六国)") {
  auto g = make<Junqi6>();
  State s = position(g, {{0, '5', "a0r2c4"}, {1, '5', "a1r2c2"}});
  CHECK(dests(s, "a0r2c4") ==
        ids({"a0r1c4", "a0r0c4", "a0r3c4", "a0r4c4",                        // column 4 both ways
             "a1r0c0", "a1r1c0", "a1r2c0", "a1r3c0", "a1r4c0",              // round the arc
             "H0",                                                          // column 4 runs into H0 ...
             "P0",     "H1",     "P2",     "H5",     "P5",     "P1", "H3",  // ... and turns there once
             "a0r2c3", "a0r1c3", "a0r3c3"}));                               // roads
}

TEST_CASE(
    "rail: the arc is not blocked by the stations; an engineer turns in the centre as often as it likes") {
  auto g = make<Junqi6>();
  State s = position(g, {{0, '5', "a0r2c4"}, {2, '4', "H0"}, {1, '5', "a1r2c2"}});
  auto d = dests(s, "a0r2c4");
  CHECK(has(d, "a1r4c0"));  // round the arc with H0 taken
  CHECK_FALSE(has(d, "H0"));
  CHECK_FALSE(has(d, "P0"));
  s = position(g, {{0, '1', "a0r0c2"}, {1, '5', "a1r2c2"}});
  d = dests(s, "a0r0c2");
  CHECK(has(d, "a1r0c0"));  // P0, H0, then army 1's column 0: two turns
  CHECK_FALSE(has(d, "C"));
}

TEST_CASE("centre: every piece turns once at one of the 13 centre posts, never stopping on the airport") {
  auto g = make<Junqi6>();
  State s = position(g, {{0, '5', "a0r0c2"}, {1, '5', "a1r2c2"}});
  CHECK(dests(s, "a0r0c2") ==
        ids({"a0r0c0", "a0r0c1", "a0r0c3", "a0r0c4", "a0r1c1", "a0r1c2", "a0r1c3",  // row 0, roads
             "P0",     "P1",     "P2",     "P3",     "P4",     "P5",     "H0",
             "H1",     "H2",     "H3",     "H4",     "H5",  // the centre
             "a3r0c2",                                      // straight across
             "a1r0c2", "a2r0c2", "a4r0c2", "a5r0c2"}));     // one turn at C
  // Two turns (P0 then H0) would reach army 1's column 0: not allowed.
  CHECK_FALSE(has(dests(s, "a0r0c2"), "a1r0c0"));
  CHECK_FALSE(has(dests(s, "a0r0c2"), "C"));
}

TEST_CASE("centre: a piece on a station stops the run through it") {
  auto g = make<Junqi6>();
  State s = position(g, {{0, '5', "a0r0c2"}, {2, '4', "P0"}, {1, '5', "a1r2c2"}});
  CHECK(dests(s, "a0r0c2") == ids({"a0r0c0", "a0r0c1", "a0r0c3", "a0r0c4", "a0r1c1", "a0r1c2", "a0r1c3"}));
  s = position(g, {{0, '5', "a0r0c2"}, {1, '4', "P0"}});
  CHECK(has(dests(s, "a0r0c2"), "P0"));
  CHECK_FALSE(has(dests(s, "a0r0c2"), "P3"));
}

TEST_CASE("centre: in 四国 the centre is plain rail, no turning there") {
  auto g = make<Junqi4>();
  State s = position(g, {{0, '5', "a0r0c2"}, {1, '5', "a1r2c2"}});
  // Column 2 runs from the front post through m12, m11, m10 to army 2's front post.
  CHECK(dests(s, "a0r0c2") == ids({"a0r0c0", "a0r0c1", "a0r0c3", "a0r0c4", "a0r1c1", "a0r1c2", "a0r1c3",
                                   "m12", "m11", "m10", "a2r0c2"}));
}

// ---- Where pieces stand ----

TEST_CASE("camps are safe: a piece in a camp cannot be attacked; an empty camp can be entered") {
  auto g = make<Junqi4>();
  State s = position(g, {{0, '9', "a1r2c1"}, {1, '2', "a1r1c1"}, {1, '5', "a1r2c0"}});
  auto d = dests(s, "a1r2c1");
  CHECK_FALSE(has(d, "a1r1c1"));  // enemy in a camp
  CHECK(has(d, "a1r3c1"));        // empty camp
  CHECK(has(d, "a1r2c0"));        // enemy on a post
}

TEST_CASE("headquarters: a piece that enters one never moves again") {
  auto g = make<Junqi4>();
  State s = position(g, {{0, '9', "a0r4c3"}, {0, '5', "a0r2c1"}, {1, '5', "a1r2c2"}});
  // Every move below is checked legal before it is applied. Seats 2 and 3 hold only their
  // flags and go out when their turns come, so seats 0 and 1 alternate.
  auto play = [&](const char* move) {
    const Action a = act(s, move);
    REQUIRE(s.is_legal(a));
    s.apply(a);
  };
  const int hq = s.board().find("a0r5c3");
  auto moves_from_hq = [&] {
    ActionList legal;
    s.legal_actions(legal);
    int n = 0;
    for (Action a : legal) n += a < s.board().posts * s.board().posts && a / s.board().posts == hq;
    return n;
  };
  play("a0r4c3-a0r5c3");  // the 司令 enters the headquarters
  for (const char* move : {"a1r2c2-a1r1c2", "a0r2c1-a0r2c0", "a1r1c2-a1r2c2"}) {
    if (s.current_player() == 0) {
      CHECK(s.destinations(hq).none());
      CHECK(moves_from_hq() == 0);
    }
    play(move);
  }
  REQUIRE(s.current_player() == 0);
  CHECK(s.piece_at(hq) >= 0);
  CHECK(s.kind_of(s.piece_at(hq)) == kMarshal);
  // An open road step back to a0r4c3 and the rail beyond: still no move out.
  CHECK(s.piece_at(s.board().find("a0r4c3")) < 0);
  CHECK(s.destinations(hq).none());
  CHECK(moves_from_hq() == 0);
}

TEST_CASE("mines and the flag never move") {
  auto g = make<Junqi4>();
  State s = position(g, {{0, 'M', "a0r4c0"}, {0, '5', "a0r2c1"}, {1, '5', "a1r2c2"}});
  CHECK(s.destinations(s.board().find("a0r4c0")).none());
  CHECK(s.destinations(s.board().find("a0r5c1")).none());  // the flag
  CHECK(dests(s, "a0r2c1").size() == 4);
}

// ---- Combat ----

TEST_CASE("combat table: ranks, equal ranks, bomb, engineer and mine, the mine option") {
  CHECK(fight(kMarshal, kCorps, false) == kAttackerWins);
  CHECK(fight(kPlatoon, kCompany, false) == kDefenderWins);
  CHECK(fight(kDivision, kDivision, false) == kBothDie);
  CHECK(fight(kBomb, kMarshal, false) == kBothDie);
  CHECK(fight(kEngineer, kBomb, false) == kBothDie);
  CHECK(fight(kEngineer, kMine, false) == kAttackerWins);
  CHECK(fight(kMarshal, kMine, false) == kDefenderWins);
  CHECK(fight(kMarshal, kMine, true) == kBothDie);
  CHECK(fight(kBomb, kMine, false) == kBothDie);
  CHECK(fight(kEngineer, kFlag, false) == (kAttackerWins | kFlagTaken));
  CHECK(fight(kBomb, kFlag, false) == (kBothDie | kFlagTaken));
  for (int a = kEngineer; a <= kMarshal; ++a)
    for (int d = kEngineer; d <= kMarshal; ++d)
      CHECK(fight(a, d, false) == (a > d ? kAttackerWins : a < d ? kDefenderWins : kBothDie));
}

TEST_CASE("combat on the board: the winner takes the post, losers leave") {
  auto g = make<Junqi4>();
  const std::vector<Put> base = {{1, '5', "a1r2c2"}};
  auto fight_at = [&](char attacker, char defender) {
    auto puts = base;
    puts.push_back({0, attacker, "m12"});
    puts.push_back({1, defender, "m11"});
    State s = position(g, puts);
    s.apply(act(s, "m12xm11"));
    return std::make_pair(s.piece_at(s.board().find("m12")), s.piece_at(s.board().find("m11")));
  };
  auto [from, to] = fight_at('7', '5');
  CHECK(from == -1);
  CHECK(to / kSlots == 0);
  std::tie(from, to) = fight_at('5', '7');
  CHECK(from == -1);
  CHECK(to / kSlots == 1);
  std::tie(from, to) = fight_at('6', '6');
  CHECK((from == -1 && to == -1));
  std::tie(from, to) = fight_at('B', '9');
  CHECK((from == -1 && to == -1));
}

TEST_CASE("combat: an engineer takes a mine, others die on it (or both die, by option)") {
  for (bool both : {false, true}) {
    auto g = make<Junqi4>({{"mine_dies_too", both ? "true" : "false"}});
    State s = position(g, {{0, '1', "a1r3c0"}, {1, 'M', "a1r4c0"}, {1, '5', "a1r2c2"}});
    s.apply(act(s, "a1r3c0xa1r4c0"));
    CHECK(s.piece_at(s.board().find("a1r4c0")) / kSlots == 0);
    s = position(g, {{0, '9', "a1r3c0"}, {1, 'M', "a1r4c0"}, {1, '5', "a1r2c2"}});
    s.apply(act(s, "a1r3c0xa1r4c0"));
    CHECK(s.piece_at(s.board().find("a1r3c0")) == -1);
    CHECK((s.piece_at(s.board().find("a1r4c0")) == -1) == both);
  }
}

TEST_CASE("taking the flag eliminates its owner: all its pieces leave, turn order skips it") {
  auto g = make<Junqi4>();
  State s = position(g, {{0, '1', "a1r5c0"}, {1, '5', "a1r2c2"}, {2, '5', "a2r2c2"}, {3, '5', "a3r2c2"}});
  s.apply(act(s, "a1r5c0xa1r5c1"));
  CHECK(s.eliminated(1));
  CHECK(s.piece_at(s.board().find("a1r2c2")) == -1);
  CHECK(s.board().find("a1r5c1") >= 0);
  CHECK(s.piece_at(s.board().find("a1r5c1")) / kSlots == 0);  // the engineer stands in the headquarters
  CHECK(s.current_player() == 2);
  CHECK_FALSE(s.is_terminal());  // seat 3 still holds side 1
}

TEST_CASE("when a 司令 dies its owner's flag is shown to all") {
  auto g = make<Junqi4>();
  State s = position(g, {{0, '9', "m12"}, {1, '9', "m11"}, {1, '5', "a1r2c2"}, {0, '5', "a0r2c2"}});
  s.apply(act(s, "m12xm11"));
  for (int seat : {0, 1}) {
    const int flag = s.piece_at(s.board().find("a" + std::to_string(seat) + "r5c1"));
    CHECK(s.evidence(flag) == bit(kFlag));
    CHECK(s.render(2).find(std::to_string(seat) + "f") != std::string::npos);
  }
  // Other deaths say "not the 司令".
  s = position(g, {{0, '7', "m12"}, {1, '5', "m11"}, {1, '5', "a1r2c2"}});
  const int victim = s.piece_at(s.board().find("m11"));
  s.apply(act(s, "m12xm11"));
  CHECK((s.evidence(victim) & bit(kMarshal)) == 0);
}

TEST_CASE("a player with no legal move is out") {
  auto g = make<Junqi4>();
  // Seat 1 has only its flag: when its turn comes it is eliminated.
  State s = position(g, {{0, '5', "a0r2c1"}, {2, '5', "a2r2c1"}, {3, '5', "a3r2c1"}});
  s.apply(act(s, "a0r2c1-a0r2c0"));
  CHECK(s.eliminated(1));
  CHECK(s.current_player() == 2);
}

TEST_CASE("a player out for having no legal move shows that its stuck pieces could not move") {
  auto g = make<Junqi4>();
  // Seat 1 keeps its flag and a mine with open roads around it: when its turn comes it is
  // out, and everyone learns the piece with a free road step is immobile: a mine (no flag
  // stands outside a headquarters).
  State s = position(g, {{0, '5', "a0r2c1"}, {1, 'M', "a1r4c0"}, {2, '5', "a2r2c1"}, {3, '5', "a3r2c1"}});
  const int mine = s.piece_at(s.board().find("a1r4c0"));
  const int flag = s.piece_at(s.board().find("a1r5c1"));
  REQUIRE(flag >= 0);
  const KindSet flag_before = s.evidence(flag);
  CHECK(s.evidence(mine) == (kAllKinds & ~bit(kFlag)));
  s.apply(act(s, "a0r2c1-a0r2c0"));
  CHECK(s.eliminated(1));
  CHECK(s.evidence(mine) == bit(kMine));
  CHECK(s.evidence(flag) == flag_before);  // in its headquarters nothing could move anyway
}

TEST_CASE("turns go round the seats, skipping those who are out (六国 3 against 3)") {
  auto g = make<Junqi6>();
  State s = position(
      g,
      {{0, '5', "a0r2c1"}, {1, '5', "a1r2c1"}, {3, '5', "a3r2c1"}, {4, '5', "a4r2c1"}, {5, '5', "a5r2c1"}});
  s.apply(act(s, "a0r2c1-a0r2c0"));  // seat 2 has no move and is out
  CHECK(s.current_player() == 1);
  s.apply(act(s, "a1r2c1-a1r2c0"));
  CHECK(s.current_player() == 3);
  CHECK(s.eliminated(2));
  CHECK(s.team_of(0) == s.team_of(4));
  CHECK(s.team_of(1) == s.team_of(5));
  CHECK(s.team_of(0) != s.team_of(3));
}

// ---- The end and the score ----

TEST_CASE("standard room: the last side standing wins 3, 2 or 1 times the base by survivors") {
  auto g = make<Junqi6>();
  // Side 1 is down to seat 1; seat 0 takes its flag. Side 0 has 3, then 2 survivors.
  for (int survivors : {3, 2, 1}) {
    std::vector<Put> puts = {{0, '1', "a1r5c0"}, {1, '5', "a1r2c2"}};
    if (survivors >= 2) puts.push_back({2, '5', "a2r2c2"});
    if (survivors >= 3) puts.push_back({4, '5', "a4r2c2"});
    State s = position(g, puts);
    nlohmann::json j = s.to_json();
    j["eliminated"] = {false, false, survivors < 2, true, survivors < 3, true};
    for (int i = 0; i < 150; ++i)
      if (j["eliminated"][i / 25].get<bool>()) j["pieces"][i]["post"] = nullptr;
    s = g.state_from_json(j);
    s.apply(act(s, "a1r5c0xa1r5c1"));
    REQUIRE(s.is_terminal());
    CHECK(s.winner_side() == 0);
    Values r = s.returns();
    for (int p = 0; p < 6; ++p) CHECK(r[p] == (p % 2 == 0 ? survivors : -survivors));
  }
}

TEST_CASE("decapitation room: one player out loses the side, +-1 times the base") {
  auto g = make<Junqi6>({{"mode", "decapitation"}});
  State s = position(g, {{0, '1', "a1r5c0"},
                         {1, '5', "a1r2c2"},
                         {2, '5', "a2r2c2"},
                         {3, '5', "a3r2c2"},
                         {4, '5', "a4r2c2"},
                         {5, '5', "a5r2c2"}});
  s.apply(act(s, "a1r5c0xa1r5c1"));
  REQUIRE(s.is_terminal());
  Values r = s.returns();
  for (int p = 0; p < 6; ++p) CHECK(r[p] == (p % 2 == 0 ? 1 : -1));
  CHECK(g.min_return() == -1);
  CHECK(make<Junqi6>().max_return() == 3);
}

TEST_CASE("a no-capture limit draws a stalled game; a move cap draws a runaway one") {
  auto g = make<Junqi4>({{"no_capture_limit", "10"}});
  State s = position(g, {{0, '5', "a0r2c1"}, {1, '5', "a1r2c1"}, {2, '5', "a2r2c1"}, {3, '5', "a3r2c1"}});
  nlohmann::json j = s.to_json();
  j["play_moves"] = 20;
  j["quiet"] = 9;
  s = g.state_from_json(j);
  s.apply(act(s, "a0r2c1-a0r2c0"));
  CHECK(s.is_terminal());
  CHECK(s.drawn());
  CHECK(s.returns() == Values{});
  auto capped = make<Junqi4>({{"max_moves", "21"}});
  s = capped.state_from_json(j);
  s.apply(act(s, "a0r2c1-a0r2c0"));
  CHECK(s.drawn());
}

TEST_CASE("draw by agreement (option draw_offers): one offer a seat, every other seat still in must agree") {
  auto off = make<Junqi4>();
  State s0 = deployed(off.initial_state());
  CHECK_FALSE(s0.is_legal(s0.draw_action()));  // off by default
  CHECK_THROWS_AS(off.state_from_json([&] {
    auto j = s0.to_json();
    j["draw_offered"] = {true, false, false, false};
    j["draw_offer"] = 0;
    j["current"] = 1;
    return j;
  }()),
                  Error);

  auto g = make<Junqi4>({{"draw_offers", "true"}});
  State s = deployed(g.initial_state());
  REQUIRE(s.current_player() == 0);
  REQUIRE(s.is_legal(act(s, "draw")));
  s.apply(act(s, "draw"));  // seat 0 offers: its move
  CHECK(s.draw_offer() == 0);
  CHECK(s.current_player() == 1);
  ActionList legal;
  s.legal_actions(legal);
  CHECK(legal.vector() == std::vector<Action>{s.draw_action(), s.refuse_action()});
  CHECK(s.observation_string(3).find("draw offered by seat 0") != std::string::npos);
  CHECK(g.state_from_json(s.to_json()).to_json() == s.to_json());
  State refused = s;
  s.apply(act(s, "draw"));
  CHECK(s.current_player() == 2);
  refused = s;
  s.apply(act(s, "draw"));
  s.apply(act(s, "draw"));
  CHECK(s.is_terminal());
  CHECK(s.drawn());
  CHECK(s.returns()[0] == 0);
  CHECK(s.returns()[1] == 0);

  // Seat 2 refuses: play goes on with seat 1, and seat 0 may not offer again.
  refused.apply(act(refused, "no-draw"));
  CHECK(refused.draw_offer() == -1);
  CHECK(refused.current_player() == 1);
  CHECK(refused.play_moves() == 1);                // the offer was seat 0's move; answers are not moves
  CHECK(refused.is_legal(refused.draw_action()));  // seat 1 has not offered yet
  for (int i = 0; i < 3; ++i) {
    refused.legal_actions(legal);
    refused.apply(legal[0]);
  }
  REQUIRE(refused.current_player() == 0);
  CHECK_FALSE(refused.is_legal(refused.draw_action()));
  refused.legal_actions(legal);
  CHECK_FALSE(legal.contains(refused.draw_action()));
}

TEST_CASE("resigning is allowed after 60 moves and puts the player out") {
  auto g = make<Junqi4>();
  const std::vector<Put> puts = {
      {0, '5', "a0r2c1"}, {1, '5', "a1r2c1"}, {2, '5', "a2r2c1"}, {3, '5', "a3r2c1"}};
  State s = position(g, puts, 0, 59);
  CHECK_FALSE(s.is_legal(s.resign_action()));
  s = position(g, puts, 0, 60);
  REQUIRE(s.is_legal(act(s, "resign")));
  s.apply(act(s, "resign"));
  CHECK(s.eliminated(0));
  CHECK(s.current_player() == 1);
}

TEST_CASE("a forfeit (time-outs, a crash) puts a player out in matches") {
  auto g = make<Junqi4>();
  State s = position(g, {{0, '5', "a0r2c1"}, {1, '5', "a1r2c1"}, {2, '5', "a2r2c1"}, {3, '5', "a3r2c1"}});
  s.forfeit(0);
  CHECK(s.eliminated(0));
  CHECK(s.current_player() == 1);
  s.forfeit(2);
  CHECK(s.is_terminal());
  CHECK(s.winner_side() == 1);
  CHECK(s.returns()[1] == 2);
}

// ---- Deployment ----

TEST_CASE("deployment is each player's first decision, one placement per piece, most constrained first") {
  auto g = make<Junqi6>();
  State s = g.initial_state();
  ActionList legal;
  s.legal_actions(legal);
  std::vector<std::string> got;
  for (Action a : legal) got.push_back(s.action_to_string(a));
  CHECK(sorted(got) == ids({"F@a0r5c1", "F@a0r5c3"}));  // 军棋只能放在司令部
  s.apply(legal[0]);
  s.legal_actions(legal);
  CHECK(legal.size() == 9);  // 地雷只能放在最后两行: rows 4 and 5 less the flag
  for (int i = 0; i < 3; ++i) {
    s.legal_actions(legal);
    s.apply(legal[legal.size() - 1]);
  }
  s.legal_actions(legal);
  CHECK(s.deploy_kind() == kBomb);
  for (Action a : legal)
    CHECK(s.board().row_of(a - s.board().posts * s.board().posts) != 0);  // 炸弹不能放在第一行
  CHECK(legal.size() == 25 - 4 - 5);  // rows 1-5 less the camps and the pieces placed
  Rng rng(3);
  for (int game = 0; game < 50; ++game) {
    State t = play_random(g.initial_state(), rng, 150);
    REQUIRE(t.phase() == Phase::kPlay);
    for (int p = 0; p < 6; ++p) {
      const std::string d = t.deployment(p);
      CHECK(d.size() == 35);
      CHECK(std::count(d.begin(), d.end(), '+') == 5);  // nothing in a camp
    }
  }
}

TEST_CASE("a named deployment is a string of rows; it applies as placement actions") {
  auto g = make<Junqi4>();
  State s = deployed(g.initial_state());
  const std::string d = s.deployment(1);
  CHECK(d == s.deployment(0));
  State t = g.initial_state();
  for (int p = 0; p < 4; ++p)
    for (Action a : deployment_actions(t, d)) t.apply(a);
  CHECK(t.to_json() == s.to_json());
  CHECK_THROWS_AS(deployment_actions(g.initial_state(), "F"), Error);
}

TEST_CASE("named deployments in configs/ deploy legally for every seat; bad layouts are refused") {
  for (const char* name : {"front_heavy", "mined_flag"}) {
    CAPTURE(name);
    const std::string layout = named_deployment(name);
    auto g = make<Junqi6>();
    State s = g.initial_state();
    for (int p = 0; p < 6; ++p)
      for (Action a : deployment_actions(s, layout)) {
        REQUIRE(s.is_legal(a));
        s.apply(a);
      }
    CHECK(s.phase() == Phase::kPlay);
  }
  auto g = make<Junqi4>();
  const State s = g.initial_state();
  CHECK_THROWS_WITH_AS(deployment_actions(s, "B1111/1+1+1/11+11/1+1+1/11111/11F11"),
                       doctest::Contains("row 0 col 0: no bomb in the front row"), Error);
  CHECK_THROWS_WITH_AS(deployment_actions(s, "M1111/1+1+1/11+11/1+1+1/11111/11F11"),
                       doctest::Contains("mines go in the last two rows"), Error);
  CHECK_THROWS_WITH_AS(deployment_actions(s, "11111/1+1+1/11+11/1+1+1/11111/F1111"),
                       doctest::Contains("headquarters"), Error);
  CHECK_THROWS_WITH_AS(deployment_actions(s, "11111/111+1/11+11/1+1+1/11111/11F11"),
                       doctest::Contains("camp"), Error);
  CHECK_THROWS_WITH_AS(deployment_actions(s, "11111/1+1+1/11+11/1+1+1/11111/1F111"),
                       doctest::Contains("the army has"), Error);
  CHECK_THROWS_AS(read_deployment("/nonexistent.txt"), Error);
  Rng rng(9);
  for (int i = 0; i < 200; ++i) {
    State t = g.initial_state();
    for (int p = 0; p < 4; ++p)
      for (Action a : deployment_actions(t, random_deployment(rng))) {
        REQUIRE(t.is_legal(a));
        t.apply(a);
      }
  }
}

TEST_CASE("the deployments option fixes some seats' deployments; the others still choose") {
  auto g = make<Junqi6>({{"deployments", "front_heavy,,mined_flag,,98776/B+B+6/55+44/3+3+3/MMM22/2F111"}});
  State s = g.initial_state();
  CHECK(s.phase() == Phase::kDeploy);
  CHECK(s.current_player() == 1);  // seat 0 is placed already
  CHECK(s.deployment(0) == "79187/6+3+6/51+15/B+4+B/2M4M3/2FM32");
  s = deployed(s);
  CHECK(s.deployment(2) == "32123/6+4+5/71+17/8+B+9/5B6M4/23MFM");
  CHECK(s.deployment(4) == "98776/B+B+6/55+44/3+3+3/MMM22/2F111");
  CHECK(s.phase() == Phase::kPlay);
  CHECK_THROWS_WITH_AS(make<Junqi4>({{"deployments", ",,,,front_heavy"}}),
                       doctest::Contains("more than 4 seats"), Error);
  CHECK_THROWS_WITH_AS(make<Junqi4>({{"deployments", "no_such_layout"}}), doctest::Contains("seat 0"), Error);
}

// D、权杖 the scepter, winning, the three modes and the turn cap (manual 一, 二 D; docs/rules/guifa.md, End
// and returns).
#include "tests/guifa/helpers.h"

using namespace guifa_test;

TEST_CASE("scepter: range 1, attacks; taking the enemy scepter wins the 2-player game") {
  const Guifa g = make(2);
  State s = position(g, {{"c3", 'Z', 0}, {"c4", 'Z', 1}, {"h8", 'N', 1}}, 0, {{"a9", "prophet"}});
  CHECK(legal_from(s, "c3") == std::set<std::string>{"c3xc4", "c3-c2", "c3-b3", "c3-d3"});
  play(s, "c3xc4");
  CHECK(s.is_terminal());
  CHECK(s.winner() == 0);
  CHECK(s.returns()[0] == 1.0);
  CHECK(s.returns()[1] == -1.0);
  // The loser's pieces vanish without corpses; corpses already on the board stay.
  CHECK(kind_at(s, "h8") == '.');
  CHECK(s.corpse_count(cell(s, "h8")) == 0);
  CHECK(s.corpses(cell(s, "a9"), kProphet) == 1);
  CHECK(s.current_player() == kTerminalPlayer);
}

TEST_CASE("scepter: in 2v2 a fallen scepter removes its player, who is skipped; allies play on") {
  const Guifa g = make(4);
  State s = position(
      g, {{"e1", 'Z', 0}, {"h5", 'E', 0}, {"i5", 'Z', 1}, {"i7", 'N', 1}, {"e9", 'Z', 2}, {"a5", 'Z', 3}}, 0,
      {{"i8", "summoner"}});
  play(s, "h5xi5");
  CHECK(s.out(1));
  CHECK(kind_at(s, "i7") == '.');
  CHECK(s.corpses(cell(s, "i8"), kSummoner) == 1);
  CHECK(s.spent_corpses(cell(s, "i5")) == 0);  // the elementalist's kill leaves nothing
  CHECK_FALSE(s.is_terminal());
  CHECK(s.current_player() == 2);
  play(s, "e9-e8");
  CHECK(s.current_player() == 3);
  play(s, "a5-a4");
  CHECK(s.current_player() == 0);
  // Taking the last enemy's scepter ends the game for the alliance.
  nlohmann::json j = position_json(g, {{"e1", 'Z', 0}, {"a3", 'E', 0}, {"e9", 'Z', 2}, {"a5", 'Z', 3}}, 0);
  j["out"][1] = true;
  State t = g.state_from_json(j);
  play(t, "a3xa5");
  CHECK(t.winner() == 0);
  CHECK(t.returns()[0] == 1.0);
  CHECK(t.returns()[2] == 1.0);
  CHECK(t.returns()[1] == -1.0);
  CHECK(t.returns()[3] == -1.0);
}

TEST_CASE("scepter on the source: the second alliance wins at once") {
  const Guifa g = make(4);
  State s = position(g, {{"e1", 'Z', 0}, {"f5", 'Z', 1}, {"e9", 'Z', 2}, {"a5", 'Z', 3}}, 1);
  play(s, "f5-e5");
  CHECK(s.is_terminal());
  CHECK(s.winner() == 1);
  CHECK(s.returns()[1] == 1.0);
  CHECK(s.returns()[3] == 1.0);
  CHECK(s.returns()[0] == -1.0);
}

TEST_CASE("scepter on the source: the first alliance must hold it through one full round") {
  const Guifa g = make(2);
  State s = position(g, {{"e4", 'Z', 0}, {"i9", 'Z', 1}, {"a9", 'E', 1}});
  play(s, "e4-e5");
  CHECK_FALSE(s.is_terminal());
  CHECK(s.holding() == 0);
  play(s, "i9-h9");
  CHECK(s.is_terminal());
  CHECK(s.winner() == 0);
  // Taken before the round is over: no win, the taker wins instead.
  State t = position(g, {{"e4", 'Z', 0}, {"i9", 'Z', 1}, {"a5", 'E', 1}});
  play(t, "e4-e5");
  play(t, "a5xe5");
  CHECK(t.winner() == 1);
  // hold_round = false: at once.
  const Guifa quick = make(2, "alliance", 9, false);
  State q = position(quick, {{"e4", 'Z', 0}, {"i9", 'Z', 1}});
  play(q, "e4-e5");
  CHECK(q.winner() == 0);
}

TEST_CASE("free-for-all: the first scepter on the source wins at once; so does the last one standing") {
  const Guifa g = make(4, "free_for_all");
  State s = position(g, {{"e4", 'Z', 0}, {"i5", 'Z', 1}, {"e9", 'Z', 2}, {"a5", 'Z', 3}});
  play(s, "e4-e5");
  CHECK(s.winner() == 0);
  CHECK(s.returns()[0] == 3.0);
  CHECK(s.returns()[1] == -1.0);
  auto j = position_json(g, {{"e1", 'Z', 0}, {"a3", 'E', 0}, {"a5", 'Z', 3}});
  j["out"] = {false, true, true, false};
  State t = g.state_from_json(j);
  play(t, "a3xa5");
  CHECK(t.winner() == 0);
  CHECK(t.returns()[0] == 3.0);
  CHECK(t.returns()[3] == -1.0);
}

TEST_CASE("the turn cap ends the game as a draw") {
  const Guifa g = make(2, "alliance", 9, true, 2);
  State s = position(g, {{"a1", 'Z', 0}, {"i9", 'Z', 1}});
  play(s, "a1-a2");
  CHECK_FALSE(s.is_terminal());
  play(s, "i9-i8");
  CHECK(s.is_terminal());
  CHECK(s.winner() == -1);
  CHECK(s.returns()[0] == 0.0);
  CHECK(s.current_player() == kTerminalPlayer);
}

TEST_CASE(
    "2v2: the first alliance holds the source while all three others move; free-for-all has no allies") {
  const Guifa g = make(4);
  State s = position(g, {{"e4", 'Z', 0}, {"i5", 'Z', 1}, {"e9", 'Z', 2}, {"a5", 'Z', 3}});
  play(s, "e4-e5");
  play(s, "i5-i4");
  play(s, "e9-e8");
  CHECK_FALSE(s.is_terminal());
  play(s, "a5-a4");
  CHECK(s.winner() == 0);
  CHECK(s.returns()[2] == 1.0);
  // Free-for-all: seat 2 may take seat 0's pieces.
  const Guifa f = make(4, "free_for_all");
  const State t = position(
      f, {{"e1", 'Z', 0}, {"e3", 'N', 0}, {"i5", 'Z', 1}, {"e9", 'Z', 2}, {"e7", 'E', 2}, {"a5", 'Z', 3}}, 2);
  CHECK(is_legal(t, "e7xe3"));
  const State u = g.state_from_json([&] {
    auto j = position_json(
        g, {{"e1", 'Z', 0}, {"e3", 'N', 0}, {"i5", 'Z', 1}, {"e9", 'Z', 2}, {"e7", 'E', 2}, {"a5", 'Z', 3}},
        2);
    return j;
  }());
  CHECK_FALSE(is_legal(u, "e7xe3"));
}

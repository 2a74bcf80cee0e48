// Activations and turns (docs/rules/mizong.md "Turns and activations", "Activation of ordinary pieces",
// "Swap"; seed 非英雄棋子行為規則, 互換位置規則).
#include <doctest/doctest.h>

#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

namespace {
bool has(const std::vector<std::string>& l, const std::string& a) {
  return std::find(l.begin(), l.end(), a) != l.end();
}
int count_prefix(const std::vector<std::string>& l, const std::string& p) {
  return static_cast<int>(
      std::count_if(l.begin(), l.end(), [&](const auto& a) { return a.rfind(p, 0) == 0; }));
}
// A defender that never hurts a yang rock attacker: scissors yang (rock beats scissors).
const Identity kVictim = who(kMelee, kScissors, kYang);
const Identity kVictimRanged = who(kRanged, kScissors, kYang);
}  // namespace

TEST_CASE("mizong activation: melee attacks at the start, moves, attacks at the end") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int me = pid(s, 0, 0);
  s.put(me, cell(s, "0,0"), who(kMelee, kRock, kYang));
  s.put(pid(s, 1, 0), cell(s, "0,-1"), kVictim);  // next to the start
  s.put(pid(s, 1, 1), cell(s, "7,0"), kVictim);   // next to the end 6,0
  play(s, "select:0,0");
  play(s, "attack:0,-1");
  auto l = legal_strings(s);
  CHECK(has(l, "attack:0,-1"));  // a second attack (then it stays)
  CHECK(has(l, "move:6,0"));
  CHECK(count_prefix(l, "swap") == 0);  // a swap is a whole activation
  play(s, "move:6,0");
  l = legal_strings(s);
  CHECK(l == std::vector<std::string>{"attack:7,0", "done"});
  play(s, "attack:7,0");
  CHECK(s.activation().piece == -1);  // attack, move, attack: finished
  CHECK(s.acted(me));
}

TEST_CASE("mizong activation: melee that stays attacks up to three times and may not move after two") {
  auto g = make_game({}, 24);
  State s = empty(g);
  s.put(pid(s, 0, 0), cell(s, "0,0"), who(kMelee, kRock, kYang));
  s.put(pid(s, 1, 0), cell(s, "1,0"), kVictim);
  play(s, "select:0,0");
  play(s, "attack:1,0");
  play(s, "attack:1,0");
  auto l = legal_strings(s);
  CHECK(count_prefix(l, "move") == 0);
  CHECK(l == std::vector<std::string>{"attack:1,0", "done"});
  play(s, "attack:1,0");
  CHECK(s.activation().piece == -1);
  CHECK(s.piece(pid(s, 1, 0)).hp == 66 - 9);
}

TEST_CASE("mizong activation: ranged attacks once along the path, or twice standing") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int me = pid(s, 0, 0);
  s.put(me, cell(s, "0,0"), who(kRanged, kRock, kYang));
  s.put(pid(s, 1, 0), cell(s, "2,3"),
        kVictimRanged);  // within 3 of 2,0 and 3,0 on the path, not of 0,0 or 6,0
  s.put(pid(s, 1, 1), cell(s, "-3,0"), kVictimRanged);  // within 3 of the start only
  const State before = s;
  play(s, "select:0,0");
  auto l = legal_strings(s);
  CHECK(has(l, "attack:-3,0"));
  CHECK(!has(l, "attack:2,3"));
  play(s, "move:6,0");
  l = legal_strings(s);
  CHECK(has(l, "attack:2,3"));   // from 2,0 or 3,0 on the way
  CHECK(has(l, "attack:-3,0"));  // from the start
  CHECK(has(l, "done"));
  play(s, "attack:2,3");
  CHECK(s.activation().piece == -1);  // one attack per moving activation
  CHECK(s.piece(pid(s, 1, 0)).hp == 42 - 2);
  // Attacking first, then moving: no attack after the move.
  s = before;
  play(s, "select:0,0");
  play(s, "attack:-3,0");
  l = legal_strings(s);
  CHECK(has(l, "attack:-3,0"));  // a second, standing
  CHECK(has(l, "move:6,0"));
  play(s, "move:6,0");
  CHECK(s.activation().piece == -1);
  // Standing: two attacks, then nothing.
  s = before;
  play(s, "select:0,0");
  play(s, "attack:-3,0");
  play(s, "attack:-3,0");
  CHECK(s.activation().piece == -1);
  CHECK(s.piece(pid(s, 1, 1)).hp == 42 - 4);
}

TEST_CASE("mizong activation: each piece once a round; end-turn passes to the next seat, rounds count") {
  auto g = make_game();
  State s = empty(g);
  for (int p = 0; p < 6; ++p) s.put(pid(s, p, 0), s.geo().home[p][0], who(kMelee, kRock, kYang));
  CHECK(s.current_player() == 0);
  CHECK(s.round() == 1);
  auto l = legal_strings(s);
  CHECK(l.size() == 2);  // select the piece, end-turn
  play(s, l[0] == "end-turn" ? l[1] : l[0]);
  play(s, s.action_to_string(s.layout().move + s.move_ends(pid(s, 0, 0)).front()));
  CHECK(legal_strings(s) == std::vector<std::string>{"end-turn"});
  end_turns(s, 1);
  CHECK(s.current_player() == 1);
  end_turns(s, 5);
  CHECK(s.current_player() == 0);
  CHECK(s.round() == 2);
  CHECK(legal_strings(s).size() == 2);  // a new round: the piece may act again
}

TEST_CASE("mizong swap: own pieces within radius 3 swap; both are stunned for a round") {
  auto g = make_game({}, 24);
  State s = empty(g);
  const int a = pid(s, 0, 0), b = pid(s, 0, 1), far = pid(s, 0, 2);
  s.put(a, cell(s, "0,0"), who(kMelee, kRock, kYang));
  s.put(b, cell(s, "3,0"), who(kRanged, kPaper, kYin));
  s.put(far, cell(s, "4,0"), who(kMelee, kPaper, kYin));
  for (int p = 1; p < 6; ++p) s.put(pid(s, p, 0), s.geo().home[p][0], who(kMelee, kRock, kYang));
  s.put(pid(s, 1, 1), cell(s, "-1,0"), kVictim);
  play(s, "select:0,0");
  auto l = legal_strings(s);
  CHECK(has(l, "swap:3,0"));
  CHECK(!has(l, "swap:4,0"));   // radius 4
  CHECK(!has(l, "swap:-1,0"));  // not an own piece
  play(s, "swap:3,0");
  CHECK(s.piece_at(cell(s, "3,0")) == a);
  CHECK(s.piece_at(cell(s, "0,0")) == b);
  CHECK(s.piece(a).stunned());
  CHECK(s.piece(b).stunned());
  CHECK(s.activation().piece == -1);
  l = legal_strings(s);
  CHECK(!has(l, "select:3,0"));
  CHECK(!has(l, "select:0,0"));  // stunned pieces do nothing
  CHECK(has(l, "select:4,0"));
  // Stunned through the other seats' turns: an enemy attack on it always hurts it.
  end_turns(s, 1);
  CHECK(s.current_player() == 1);
  play(s, "select:-1,0");
  play(s, "attack:0,0");  // scissors yang on the stunned paper yin: it loses anyway
  CHECK(s.piece(b).hp == 42 - 6);
  play(s, "done");
  end_turns(s, 5);
  CHECK(s.current_player() == 0);
  CHECK(!s.piece(a).stunned());
  CHECK(!s.piece(b).stunned());
  CHECK(has(legal_strings(s), "select:3,0"));
}

TEST_CASE("mizong swap: a swap is the whole activation; option swap_after_acting lets it close one") {
  auto build = [](const Mizong& g) {
    State s = empty(g);
    s.put(pid(s, 0, 0), cell(s, "0,0"), who(kMelee, kRock, kYang));
    s.put(pid(s, 0, 1), cell(s, "-2,0"), who(kMelee, kPaper, kYin));  // within 3 of the start
    s.put(pid(s, 0, 2), cell(s, "6,1"), who(kMelee, kPaper, kYin));   // next to the end 6,0
    s.put(pid(s, 1, 0), cell(s, "0,-1"), kVictim);
    return s;
  };
  auto plain = make_game({}, 24);
  State s = build(plain);
  play(s, "select:0,0");
  CHECK(has(legal_strings(s), "swap:-2,0"));  // first: a swap is open
  play(s, "attack:0,-1");
  CHECK(!has(legal_strings(s), "swap:-2,0"));
  CHECK(!s.is_legal(s.string_to_action("swap:-2,0")));
  play(s, "move:6,0");
  CHECK(s.activation().piece == -1);  // nothing left: no enemy at the end, and no swap
  auto after = make_game({{"swap_after_acting", "true"}}, 24);
  State t = build(after);
  play(t, "select:0,0");
  play(t, "attack:0,-1");
  CHECK(has(legal_strings(t), "swap:-2,0"));
  play(t, "move:6,0");
  CHECK(t.activation().piece == pid(t, 0, 0));
  CHECK(legal_strings(t) == std::vector<std::string>{"done", "swap:6,1"});
  CHECK(t.sub_action_count() == 2);
  Rng rng(5);
  std::set<std::string> drawn;
  for (int i = 0; i < 200; ++i) drawn.insert(t.action_to_string(t.random_action(rng)));
  CHECK(drawn == std::set<std::string>{"done", "swap:6,1"});
  play(t, "swap:6,1");
  CHECK(t.piece(pid(t, 0, 0)).cell == cell(t, "6,1"));
  CHECK(t.piece(pid(t, 0, 0)).stunned());
  CHECK(t.piece(pid(t, 0, 2)).stunned());
  CHECK(t.activation().piece == -1);  // the swap still ends the activation
}

// Hidden information (docs/rules/mizong.md "Hidden information"; seed 明棋和暗棋規則).
#include <doctest/doctest.h>

#include <map>

#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

namespace {
bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }
std::map<std::string, int> census(const State& s, int p) {
  std::map<std::string, int> m;
  for (int k = 0; k < s.home_size(); ++k) ++m[token(s.piece(pid(s, p, k)).identity())];
  return m;
}
}  // namespace

TEST_CASE("mizong hidden: a dark piece's kind and attributes are hidden from others; its place is not") {
  auto g = make_game();
  State s = empty(g);
  const int d = pid(s, 0, 0);
  s.put(d, s.geo().at(0, 0), who(kRanged, kPaper, kYin, true));
  s.put(pid(s, 1, 0), s.geo().at(2, 0), who(kMelee, kRock, kYang));
  const std::string mine = s.observation_string(0), theirs = s.observation_string(1);
  CHECK(contains(mine, "0,0 rdP-"));
  CHECK(!contains(theirs, "rdP-"));
  CHECK(contains(theirs, "0 0,0 dark"));
  CHECK(contains(theirs, "2,0 moR+"));  // open pieces are seen by all
  CHECK(s.visible(0, d));
  CHECK(!s.visible(1, d));
}

TEST_CASE("mizong hidden: combat that hurts reveals a dark piece to all (option reveal_on_combat)") {
  for (bool reveal : {true, false}) {
    auto g = make_game({{"reveal_on_combat", reveal ? "true" : "false"}});
    State s = empty(g);
    const int d = pid(s, 1, 0);
    s.put(pid(s, 0, 0), s.geo().at(0, 0), who(kMelee, kRock, kYang));
    s.put(d, s.geo().at(1, 0), who(kMelee, kScissors, kYang, true));
    play(s, "select:0,0");
    play(s, "attack:1,0");
    CHECK(s.piece(d).hp == 63);
    CHECK(s.visible(0, d) == reveal);
    CHECK(s.visible(2, d) == reveal);
  }
}

TEST_CASE("mizong hidden: teammates see each other's dark pieces only with hidden_from_teammates=false") {
  auto hidden = make_game({{"teams", "3v3"}});
  auto shown = make_game({{"teams", "3v3"}, {"hidden_from_teammates", "false"}});
  for (const Mizong* g : {&hidden, &shown}) {
    State s = g->initial_state();
    int dark = -1;
    for (int k = 0; k < s.home_size(); ++k)
      if (s.piece(pid(s, 0, k)).dark()) dark = pid(s, 0, k);
    REQUIRE(dark >= 0);
    CHECK(s.visible(2, dark) == (g == &shown));
    CHECK(!s.visible(1, dark));
  }
}

TEST_CASE("mizong hidden: a dark hero shows itself when it spends action points") {
  auto g = make_game();
  State s = empty(g);
  const int h = pid(s, 0, 0);
  s.put(h, s.geo().at(0, 0), who(kMeleeHero, kRock, kYang, true));
  s.put(pid(s, 1, 0), s.geo().at(1, 0), who(kMelee, kScissors, kYang));
  CHECK(!s.visible(1, h));
  play(s, "select:0,0");
  play(s, "move:-3,0");
  CHECK(s.visible(1, h));
}

TEST_CASE("mizong hidden: sample_world redeals hidden identities within each army, keeping what is seen") {
  auto g = make_game({}, 24);
  State s = g.initial_state();
  Rng rng(5);
  int differ = 0;
  for (int i = 0; i < 20; ++i) {
    State w = s.sample_world(2, rng);
    CHECK(w.observation_string(2) == s.observation_string(2));
    CHECK(w.information_key(2) == s.information_key(2));
    for (int p = 0; p < 6; ++p) CHECK(census(w, p) == census(s, p));  // the army composition holds
    for (int id = 0; id < 1800; ++id) {
      if (s.visible(2, id))
        CHECK(w.piece(id) == s.piece(id));
      else
        differ += !(w.piece(id).identity() == s.piece(id).identity());
      CHECK(w.piece(id).dark() == s.piece(id).dark());
      CHECK(w.piece(id).cell == s.piece(id).cell);
    }
  }
  CHECK(differ > 0);
  // Another seat's key differs from this one's, and the true state's hidden pieces change the
  // key of no one who cannot see them.
  CHECK(s.information_key(2) != s.information_key(3));
}

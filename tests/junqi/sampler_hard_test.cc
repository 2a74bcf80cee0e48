// Positions where sample_world is hard, each from a recorded game; the draws must fit what
// the seat has seen, whichever search finds them.
//
// Positions of greedy games (configs/experiments/openings-junqi6.toml, seeds 1 and 2) in which
// sample_world once found no world for seat 4: its search tried kinds that left an army's
// flag and mines too few unmoved pieces, a shortfall over several kinds together that it only
// saw once every searched piece had a kind. The complete search (world_search.h) checks it at
// every step.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <vector>
#include <string>

#include "engine/junqi/junqi.h"
#include "engine/junqi/sampler.h"
#include "engine/junqi/world_search.h"

namespace {

using namespace qilab;
using namespace qilab::junqi;

template <class G>
State load(const G& g, const std::string& name) {
  std::ifstream in(std::string(QILAB_SOURCE_DIR) + "/tests/junqi/data/" + name);
  REQUIRE(in.good());
  return g.state_from_json(nlohmann::json::parse(in));
}

// The world agrees with everything seat p has seen: its view and key, every piece within its
// evidence, every fight's outcome, every army's composition.
void check_world(const State& s, const State& w, Player p) {
  REQUIRE(w.information_key(p) == s.information_key(p));
  REQUIRE(w.observation_string(p) == s.observation_string(p));
  std::array<std::array<int, kKinds>, kMaxArmies> count{};
  for (int i = 0; i < s.num_players() * kSlots; ++i) {
    REQUIRE(w.kind_of(i) >= 0);
    REQUIRE((w.evidence(i) & bit(w.kind_of(i))) != 0);
    ++count[i / kSlots][w.kind_of(i)];
  }
  for (int a = 0; a < s.num_players(); ++a)
    for (int k = 0; k < kKinds; ++k) REQUIRE(count[a][k] == kArmyCount[k]);
  for (int f = 0; f < w.num_fights(); ++f) {
    const Fight& x = w.fights_begin()[f];
    REQUIRE(fight(w.kind_of(x.attacker), w.kind_of(x.defender), false) == x.outcome);
  }
}

}  // namespace

TEST_CASE("sample_world finds a world in positions where its bounded search once found none") {
  Options o(Junqi6::option_specs());
  const Junqi6 g(o);
  for (const char* name : {"sampler-hard-seed1.json", "sampler-hard-seed2.json"}) {
    CAPTURE(name);
    const State s = load(g, name);
    const Player p = 4;
    Rng rng(3);
    // The complete search alone (attempts 0), then sample_world as agents get it.
    for (int d = 0; d < 20; ++d) {
      State w;
      REQUIRE_NOTHROW(w = sample_world_steps(s, p, rng, -1, 0));
      check_world(s, w, p);
    }
    for (int d = 0; d < 3; ++d) {
      State w;
      REQUIRE_NOTHROW(w = s.sample_world(p, rng));
      check_world(s, w, p);
    }
  }
}

// The slowest position for sample_world in the records of 40 junqi6 games of the strong agent
// against greedy (docs/search.md, "junqi time outliers"; game 27 of the seed-12 run, ply 362,
// seat 4 to move, 74 fights, one army out): its fast search often fails all its restarts, so
// many draws come from the complete search. And the position of one of the junqi4 decisions
// that took 46 s (game 17 of the seed-11 run, ply 199, seat 3), whose draws are fast: the
// stall was outside the search. Draws by the default sampler, by the complete search alone and
// by the fast search alone (a fast search that finds nothing throws nothing here: it falls
// back), each checked against the seat's view.
TEST_CASE("sample_world in the slowest recorded positions: every draw fits the seat's view") {
  auto draws = [](const State& s, Player p) {
    Rng rng(11);
    std::set<std::vector<int>> worlds;
    const auto fallbacks = sampler_fallbacks();
    for (const int attempts : {kSamplerAttempts, 0, 1}) {
      CAPTURE(attempts);
      for (int d = 0; d < 40; ++d) {
        State w;
        REQUIRE_NOTHROW(w = sample_world_steps(s, p, rng, -1, attempts));
        check_world(s, w, p);
        std::vector<int> kinds;
        for (int i = 0; i < s.num_players() * kSlots; ++i) kinds.push_back(w.kind_of(i));
        worlds.insert(kinds);
      }
    }
    // The complete search ran (attempts 0: every one of those 40 draws), and the draws are
    // not one world over and over.
    CHECK(sampler_fallbacks() - fallbacks >= 40);
    CHECK(worlds.size() > 60);
  };
  SUBCASE("junqi6, the slowest draw") {
    Options o(Junqi6::option_specs());
    const Junqi6 g(o);
    const State s = load(g, "sampler-slow-junqi6.json");
    REQUIRE(s.current_player() == 4);
    draws(s, 4);
  }
  SUBCASE("junqi4, a decision that stalled") {
    Options o(Junqi4::option_specs());
    const Junqi4 g(o);
    const State s = load(g, "sampler-stall-junqi4.json");
    REQUIRE(s.current_player() == 3);
    draws(s, 3);
  }
}

TEST_CASE("WorldSearch: an army's kinds are checked together, not one at a time") {
  std::array<int, kKinds> owed{};
  owed[kFlag] = 1, owed[kMine] = 1, owed[kBomb] = 1;
  Rng rng(1);
  std::vector<std::uint8_t> kinds;
  SUBCASE("two pieces that may only be mines, one mine owed: no world") {
    WorldSearch ws;
    ws.add_var(0, bit(kMine));
    ws.add_var(0, bit(kMine) | bit(kBomb));
    ws.add_pool(0, bit(kMine), 1);
    ws.set_owed(0, owed);
    CHECK(ws.solve(rng, 1000, kinds) == WorldSearch::Result::kNone);
  }
  SUBCASE("every world found fits; the order of tries is random, so several are found") {
    std::set<std::vector<std::uint8_t>> seen;
    for (int d = 0; d < 40; ++d) {
      WorldSearch ws;
      ws.add_var(0, bit(kFlag) | bit(kMine) | bit(kBomb));
      ws.add_var(0, bit(kMine) | bit(kBomb));
      ws.add_pool(0, bit(kFlag) | bit(kMine), 1);
      ws.set_owed(0, owed);
      REQUIRE(ws.solve(rng, 1000, kinds) == WorldSearch::Result::kFound);
      REQUIRE(kinds.size() == 2);
      CHECK(kinds[0] != kinds[1]);
      CHECK((kinds[1] == kMine || kinds[1] == kBomb));
      // The pool piece takes the kind left, which must be the flag or the mine: the bomb is
      // drawn.
      CHECK((kinds[0] == kBomb || kinds[1] == kBomb));
      seen.insert(kinds);
    }
    CHECK(seen.size() == 3);  // (F, B), (M, B), (B, M)
  }
}

// Hidden information: what each seat sees, and worlds drawn for a seat by sample_world.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string_view>

#include "engine/junqi/sampler.h"
#include "helpers.h"

using namespace junqi_test;

namespace {
int count(const std::string& s, const std::string& what) {
  int n = 0;
  for (auto at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}
}  // namespace

TEST_CASE("dark game: a seat sees its own ranks and where everyone stands, never others' ranks") {
  auto g = make<Junqi6>();
  State s = deployed(g.initial_state());
  const std::string view = s.render(1);
  CHECK(count(view, "0?") == 25);
  CHECK(count(view, "2?") == 25);
  CHECK(count(view, "1?") == 0);
  CHECK(count(view, "1F") == 1);
  CHECK(count(s.render(-1), "0F") == 1);
}

TEST_CASE("dark game with allies_visible: allies see each other's ranks") {
  auto g = make<Junqi6>({{"allies_visible", "true"}});
  State s = deployed(g.initial_state());
  const std::string view = s.render(2);
  CHECK(count(view, "0?") == 0);
  CHECK(count(view, "4F") == 1);
  CHECK(count(view, "1?") == 25);
}

TEST_CASE("bright game: every rank is shown once all have deployed, not before") {
  auto g = make<Junqi4>({{"visibility", "bright"}});
  State s = g.initial_state();
  ActionList legal;
  for (int i = 0; i < 30; ++i) {
    s.legal_actions(legal);
    s.apply(legal[0]);
  }
  CHECK(count(s.render(2), "0?") == 25);       // deployed, positions shown, ranks not yet
  for (char k : std::string("?FMB123456789"))  // seat 1 is placing: nothing of it is shown
    CHECK(count(s.render(2), std::string(" 1") + k) + count(s.render(2), std::string("(1") + k) == 0);
  s = deployed(s);
  CHECK(s.render(2).find('?') == std::string::npos);
}

TEST_CASE("placements are secret while a seat deploys") {
  auto g = make<Junqi4>();
  State a = g.initial_state(), b = a;
  a.apply(a.string_to_action("@a0r5c1"));
  b.apply(b.string_to_action("@a0r5c3"));
  CHECK(a.observation_string(1) == b.observation_string(1));
  CHECK(a.information_key(1) == b.information_key(1));
  CHECK(a.observation_string(0) != b.observation_string(0));
}

TEST_CASE("moves, fights and revealed flags are public; each fight shows only who survived") {
  auto g = make<Junqi4>();
  State s = position(g, {{0, '7', "m12"}, {1, '5', "m11"}, {1, '5', "a1r2c2"}});
  s.apply(s.string_to_action("m12xm11"));
  const std::string view = s.observation_string(3);
  CHECK(view.find("attacker won") != std::string::npos);
  CHECK(view.find("last move: m12-m11") != std::string::npos);
  CHECK(view.find("07") == std::string::npos);  // the winner's rank stays hidden
}

// Draws worlds for every seat at many positions of random games and checks each one.
template <class G>
void check_worlds(const G& g, int games, int every, std::uint64_t seed) {
  Rng rng(seed);
  ActionList legal;
  int checked = 0;
  const auto fallbacks = sampler_fallbacks();
  for (int game = 0; game < games; ++game) {
    State s = g.initial_state();
    for (int step = 0; !s.is_terminal(); ++step) {
      if (step % every == 0) {
        for (int p = 0; p < g.num_players(); ++p) {
          State w = s.sample_world(p, rng);
          REQUIRE(w.observation_string(p) == s.observation_string(p));
          REQUIRE(w.information_key(p) == s.information_key(p));
          // A legal position: army composition, setup rules, immobile pieces at home,
          // moved pieces neither mine nor flag, fight outcomes from the combat table.
          REQUIRE_NOTHROW(g.state_from_json(w.to_json()));
          for (int i = 0; i < g.num_players() * kSlots; ++i) {
            if (s.kind_of(i) < 0 || w.kind_of(i) < 0) continue;  // a placement redrawn elsewhere
            REQUIRE((w.evidence(i) & bit(w.kind_of(i))) != 0);
            if (s.sees(p, i)) REQUIRE(w.kind_of(i) == s.kind_of(i));
          }
          ++checked;
        }
      }
      s.legal_actions(legal);
      s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
    }
  }
  CHECK(sampler_fallbacks() == fallbacks);
  MESSAGE(checked << " worlds checked");
  CHECK(checked > 1000);
}

TEST_CASE("sample_world: thousands of positions from random games, every world legal and alike to its seat") {
  check_worlds(make<Junqi6>(), 12, 7, 11);
  check_worlds(make<Junqi4>(), 12, 7, 12);
  check_worlds(make<Junqi6>({{"allies_visible", "true"}, {"mine_dies_too", "true"}}), 6, 9, 13);
  check_worlds(make<Junqi4>({{"visibility", "bright"}}), 12, 5, 14);
}

// The kinds drawn for one piece over many worlds.
std::set<int> support(const State& s, Player p, int piece, int draws) {
  Rng rng(5);
  std::set<int> kinds;
  for (int i = 0; i < draws; ++i) kinds.insert(s.sample_world(p, rng).kind_of(piece));
  return kinds;
}

TEST_CASE("sample_world can return every kind the evidence allows: a lost attack") {
  auto g = make<Junqi4>();
  // Seat 0's 连长 attacks a piece that has moved and loses: the defender is 营长 or above.
  State s = position(g, {{0, '3', "m12"}, {1, '5', "m11"}, {1, '5', "a1r2c2"}});
  const int defender = s.piece_at(s.board().find("m11"));
  s.apply(s.string_to_action("m12xm11"));
  CHECK(support(s, 0, defender, 3000) ==
        std::set<int>{kBattalion, kRegiment, kBrigade, kDivision, kCorps, kMarshal});
  // Seat 2 (the ally, ranks hidden) knows less: the attacker may have been an engineer,
  // so the defender is anything from 排长 up.
  CHECK(support(s, 2, defender, 3000) ==
        std::set<int>{kPlatoon, kCompany, kBattalion, kRegiment, kBrigade, kDivision, kCorps, kMarshal});
}

TEST_CASE("sample_world can return every kind the evidence allows: both died") {
  auto g = make<Junqi4>();
  // A 连长 attacks an unmoved second-row piece and both die: it was a 连长 or a bomb (no mine
  // starts in row 1).
  State s = position(g, {{0, '3', "a1r0c0"}, {1, 'B', "a1r1c0"}, {1, '5', "a1r2c2"}});
  const int defender = s.piece_at(s.board().find("a1r1c0"));
  s.apply(s.string_to_action("a1r0c0xa1r1c0"));
  CHECK(support(s, 0, defender, 3000) == std::set<int>{kCompany, kBomb});
}

TEST_CASE("sample_world keeps what everyone saw: an engineer's turn, a revealed flag") {
  auto g = make<Junqi4>();
  State s = position(g, {{0, '1', "a0r4c0"}, {0, '4', "a0r2c0"}, {1, '5', "a1r2c2"}});
  s.apply(s.string_to_action("a0r4c0-a0r1c0"));
  const int engineer = s.piece_at(s.board().find("a0r1c0"));
  CHECK(support(s, 1, engineer, 500) == std::set<int>{kEngineer});
  // An unmoved headquarters piece may be the flag until the 司令 dies.
  const int hq = s.piece_at(s.board().find("a0r5c1"));
  CHECK(support(s, 1, hq, 2000).count(kFlag) == 1);
}

// For hidden pieces in positions of random games: the kinds drawn over many worlds are
// exactly the kinds some consistent world gives the piece (found by exhaustive search).
template <class G>
void check_supports(const G& g, std::uint64_t seed, int games) {
  Rng rng(seed);
  ActionList legal;
  int pieces = 0, undecided = 0;
  for (int game = 0; game < games; ++game) {
    State s = play_random(g.initial_state(), rng, 25 * g.num_players() + 80 + 40 * game);
    if (s.is_terminal()) continue;
    const Player p = s.current_player();
    // Pieces that fought first (the interesting constraints), then a few others.
    std::vector<int> chosen;
    for (int f = 0; f < s.num_fights() && chosen.size() < 4; ++f)
      for (int piece : {s.fights_begin()[f].attacker, s.fights_begin()[f].defender})
        if (!s.sees(p, piece) && std::find(chosen.begin(), chosen.end(), piece) == chosen.end())
          chosen.push_back(piece);
    for (int k = 0; k < 3; ++k) {
      const int piece = static_cast<int>(rng.below(static_cast<std::uint32_t>(g.num_players() * kSlots)));
      if (!s.sees(p, piece)) chosen.push_back(piece);
    }
    std::vector<std::set<int>> drawn(chosen.size());
    Rng draws(seed + game);
    for (int i = 0; i < 4000; ++i) {
      State w = s.sample_world(p, draws);
      for (std::size_t c = 0; c < chosen.size(); ++c) drawn[c].insert(w.kind_of(chosen[c]));
    }
    for (std::size_t c = 0; c < chosen.size(); ++c) {
      std::set<int> exact;
      bool decided = true;
      for (int k = 0; k < kKinds; ++k) {
        if (!(s.evidence(chosen[c]) & bit(k))) continue;
        const int e = world_exists(s, p, chosen[c], k, 200'000);
        if (e < 0) decided = false;
        if (e == 1) exact.insert(k);
      }
      if (!decided) {
        ++undecided;
        continue;
      }
      CAPTURE(game);
      CAPTURE(chosen[c]);
      CHECK(drawn[c] == exact);
      ++pieces;
    }
  }
  MESSAGE(pieces << " hidden pieces compared, " << undecided << " undecided");
  CHECK(pieces > 20);
}

TEST_CASE("sample_world's support is exactly what the evidence allows, in positions of random games") {
  check_supports(make<Junqi4>({{"resign_after", "-1"}}), 21, 12);
  check_supports(make<Junqi6>({{"resign_after", "-1"}}), 22, 12);
}

namespace {
// A junqi4 position in which seat 0 knows every rank of the other armies but those of the
// listed pieces of seat 1 (the first of each kind letter not yet taken, with the evidence
// given), and the consistent worlds, enumerated by brute force: the free pieces' kinds
// (in the order listed), each numbered.
struct Narrowed {
  State s;
  std::vector<int> pieces;
  std::map<std::vector<int>, int> worlds;
  std::vector<int> kinds(const State& w) const {
    std::vector<int> out;
    for (int piece : pieces) out.push_back(w.kind_of(piece));
    return out;
  }
};

Narrowed narrowed(const std::vector<std::pair<char, KindSet>>& free) {
  auto g = make<Junqi4>();
  nlohmann::json j = deployed(g.initial_state()).to_json();
  for (int i = kSlots; i < 4 * kSlots; ++i) {
    const std::string k = j["pieces"][i]["kind"];
    j["pieces"][i]["evidence"] = bit(static_cast<int>(std::string_view(kSymbol).find(k[0])));
  }
  Narrowed n;
  for (const auto& [kind, evidence] : free)
    for (int i = kSlots; i < 2 * kSlots; ++i)
      if (j["pieces"][i]["kind"] == std::string(1, kind) &&
          std::find(n.pieces.begin(), n.pieces.end(), i) == n.pieces.end()) {
        j["pieces"][i]["evidence"] = evidence;
        n.pieces.push_back(i);
        break;
      }
  REQUIRE(n.pieces.size() == free.size());
  n.s = g.state_from_json(j);
  std::vector<int> kinds = n.kinds(n.s);
  std::sort(kinds.begin(), kinds.end());
  do {
    bool ok = true;
    for (std::size_t i = 0; i < n.pieces.size(); ++i) ok = ok && (n.s.evidence(n.pieces[i]) & bit(kinds[i]));
    if (ok) n.worlds.emplace(kinds, static_cast<int>(n.worlds.size()));
  } while (std::next_permutation(kinds.begin(), kinds.end()));
  return n;
}

// Pearson's statistic of n draws of sample_world for seat 0 in the narrowed position (with
// `steps` exchange steps, -1: the default) against the uniform distribution over its
// consistent worlds (their number in `worlds`). A world outside them fails at once.
double chi_square(const std::vector<std::pair<char, KindSet>>& free, int n, int steps, std::size_t& worlds) {
  const Narrowed x = narrowed(free);
  worlds = x.worlds.size();
  Rng rng(19);
  std::vector<int> seen(x.worlds.size(), 0);
  for (int d = 0; d < n; ++d) {
    const State w = steps < 0 ? x.s.sample_world(0, rng) : sample_world_steps(x.s, 0, rng, steps);
    auto it = x.worlds.find(x.kinds(w));
    REQUIRE(it != x.worlds.end());
    ++seen[it->second];
  }
  const double expected = static_cast<double>(n) / static_cast<double>(x.worlds.size());
  double chi2 = 0;
  for (int c : seen) chi2 += (c - expected) * (c - expected) / expected;
  return chi2;
}
}  // namespace

TEST_CASE("sample_world draws consistent worlds uniformly: frequencies against exhaustive enumeration") {
  // The free pieces: seat 1's first 营长 (4), 团长 (5), 旅长 (6) and 排长 (2), with these
  // sets of kinds.
  const std::vector<std::pair<char, KindSet>> free = {
      {'4', bit(kBattalion) | bit(kRegiment)},
      {'5', bit(kRegiment) | bit(kBrigade)},
      {'6', bit(kPlatoon) | bit(kBattalion) | bit(kRegiment) | bit(kBrigade)},
      {'2', bit(kPlatoon) | bit(kBattalion) | bit(kRegiment) | bit(kBrigade)},
  };
  // By hand: the 排长 is the third or the fourth piece; the other three take 营长, 团长,
  // 旅长 in 3 ways each (the first is 营长 or 团长, the second 团长 or 旅长): 6 worlds.
  // With 5 degrees of freedom a uniform sampler exceeds 60 with probability about 1e-11; a
  // sampler whose frequencies are 0.02 off uniform on two worlds gives about
  // n * 2 * 0.02^2 * 6 = 144 for n = 30000.
  std::size_t worlds = 0;
  const double uniform_chi2 = chi_square(free, 30000, -1, worlds);
  REQUIRE(worlds == 6);
  const double bare_chi2 = chi_square(free, 30000, 0, worlds);
  CHECK(uniform_chi2 < 60);  // sample_world
  // The bare backtracking search (no exchange steps) is biased, and the check sees it.
  CHECK(bare_chi2 > 60);
}

// Pieces in no fight whose evidence is a setup-rule set (ranks; with the bomb; with the
// mine; everything; each with or without the 司令) are not searched but dealt as a block
// (engine/junqi/sampler.cc, Sampler::deal): the flag, mines and bombs by nested levels and
// the 司令 by the count of completions. Here every free piece is such a piece, so the draw
// is the deal alone and must be exactly uniform.
TEST_CASE(
    "sample_world's block deal of plain pieces is uniform: frequencies against exhaustive enumeration") {
  std::size_t worlds = 0;
  // Evidence by hand: two pieces that may be anything (a flag and a 连长 in truth), one
  // that may be a mine or lower (a mine), a bomb-or-rank piece that is not the 司令 (a bomb),
  // a rank-or-司令 piece (the 司令), a rank piece that is not the 司令 (an 工兵).
  const double chi2 =
      chi_square({{'F', 0xFFF}, {'3', 0xFFF}, {'M', 0xFFE}, {'B', 0x7FC}, {'9', 0xFF8}, {'1', 0x7F8}}, 48000,
                 -1, worlds);
  // By hand: the flag on one of the two open pieces (2 ways); the mine on the other open
  // piece or the mine-or-lower one (2); the bomb on one of the two pieces left of those and
  // the bomb piece (2); the 司令 on the rank-or-司令 piece or on the piece left over if that
  // may take it (2 ways in 2 of those 4 cases, else 1: 6 in all per flag place); the two
  // ranks in 2 orders: 2 x 6 x 2 = 24 worlds, as the brute force finds.
  REQUIRE(worlds == 24);
  // 23 degrees of freedom: a uniform sampler exceeds 90 with probability about 3e-9. A
  // 司令 placed uniformly among the pieces that may take it, instead of by the number of
  // completions, gives several hundred here.
  CHECK(chi2 < 90);
}

// Searched pieces (evidence outside those sets) and plain ones in the same army: the
// search, the deal and the exchange steps between them (a searched piece with any free
// piece of its army) together. With enough steps the draws are uniform: the exchange
// steps keep the uniform distribution stationary. (With the default number of steps,
// 4 + 16 here, the draw is measurably off uniform in this position, χ² ≈ 450 for 200,000
// draws, as the sampler before the block deal was, ≈ 640: docs/rules/junqi.md.)
TEST_CASE(
    "sample_world with searched and dealt pieces in one army: frequencies against exhaustive enumeration") {
  std::size_t worlds = 0;
  const KindSet platoon_up = bit(kPlatoon) | bit(kBattalion) | bit(kRegiment) | bit(kBrigade);
  const double chi2 = chi_square({{'4', bit(kBattalion) | bit(kRegiment)},
                                  {'5', bit(kRegiment) | bit(kBrigade)},
                                  {'6', platoon_up},
                                  {'2', platoon_up},
                                  {'6', 0x7F8},
                                  {'1', 0xFFC},
                                  {'M', 0xFFE}},
                                 60000, 200, worlds);
  REQUIRE(worlds == 30);
  CHECK(chi2 < 100);  // 29 degrees of freedom: a uniform sampler exceeds 100 with probability about 1e-9
}

// When the restarted short searches find no world (forced here: no short search at all),
// the draw falls back to one complete search. It must still give a world consistent with
// the seat's view, and must not hand out the true state: over many draws every consistent
// world comes up, the true one no more than the others.
TEST_CASE("sample_world's fallback: a complete search, consistent worlds, never the true state by default") {
  const KindSet platoon_up = bit(kPlatoon) | bit(kBattalion) | bit(kRegiment) | bit(kBrigade);
  const Narrowed x = narrowed({{'4', bit(kBattalion) | bit(kRegiment)},
                               {'5', bit(kRegiment) | bit(kBrigade)},
                               {'6', platoon_up},
                               {'2', platoon_up}});
  REQUIRE(x.worlds.size() == 6);
  auto g = make<Junqi4>();
  const auto before = sampler_fallbacks();
  Rng rng(23);
  std::map<std::vector<int>, int> seen;
  const int draws = 600;
  for (int d = 0; d < draws; ++d) {
    const State w = sample_world_steps(x.s, 0, rng, -1, /*attempts=*/0);
    REQUIRE(w.observation_string(0) == x.s.observation_string(0));
    REQUIRE(w.information_key(0) == x.s.information_key(0));
    REQUIRE_NOTHROW(g.state_from_json(w.to_json()));
    for (int i = 0; i < 4 * kSlots; ++i) REQUIRE((w.evidence(i) & bit(w.kind_of(i))) != 0);
    REQUIRE(x.worlds.count(x.kinds(w)) == 1);
    ++seen[x.kinds(w)];
  }
  CHECK(sampler_fallbacks() - before == draws);
  CHECK(seen.size() == x.worlds.size());  // not only the true world
  CHECK(seen[x.kinds(x.s)] < draws / 3);  // 1 in 6 expected
}

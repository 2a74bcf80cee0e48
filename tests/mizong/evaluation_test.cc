// The incremental evaluation (engine/mizong/evaluate.cc): the running tally equals a full
// recount after every sub-action of random games, and evaluate_after(a) equals apply(a) then
// evaluate() exactly, for every legal action it answers.
#include <doctest/doctest.h>

#include <cmath>

#include "tests/mizong/helpers.h"

using namespace qilab;
using namespace qilab::mizong;
using namespace qilab::mizong::test;

namespace {

// Checks the tally after every sub-action of a random game (up to `max_actions` of them);
// returns the number of checks.
int check_game(const Mizong& g, std::uint64_t seed, int max_actions) {
  State s = g.initial_state();
  Rng rng(seed);
  ActionList legal;
  int checks = 0;
  for (int i = 0; i < max_actions && !s.is_terminal(); ++i) {
    s.legal_actions(legal);
    s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
    if (s.eval_tally() != s.recount_tally()) {
      FAIL_CHECK("seed " << seed << ", action " << i << ": the running tally differs from a recount");
      return checks;
    }
    ++checks;
  }
  return checks;
}

// The evaluation as it was written before the tally: a sum over the pieces (a reference for
// the formula, equal up to rounding).
std::array<double, kMaxPlayers> per_piece_scores(const State& s) {
  const Geometry& g = s.geo();
  std::array<double, kMaxPlayers> score{};
  const double home = s.home_size();
  for (int id = 0; id < 6 * s.home_size(); ++id) {
    const Piece& x = s.piece(id);
    if (x.cell < 0) continue;
    const int team = s.team_of(s.owner(id));
    double v = x.hp / (home * 54.0);
    v += 0.2 / home * (1.0 - g.distance(x.cell, g.centre) / (4.0 * g.point));
    for (int d = 0; d < kDirs; ++d) {
      const int c = g.nb[static_cast<std::size_t>(x.cell)][d];
      if (c < 0 || s.piece_at(c) < 0 || s.team_of(s.owner(s.piece_at(c))) == team) continue;
      const int who = s.clash(id, s.piece_at(c));
      v += (who == 1 ? 0.02 : who == 2 ? -0.02 : 0.0) / home;
    }
    score[static_cast<std::size_t>(team)] += v;
  }
  const int holder = s.piece_at(g.centre);
  if (holder >= 0)
    score[static_cast<std::size_t>(s.team_of(s.owner(holder)))] +=
        0.5 * (0.2 + s.hold_rounds() / static_cast<double>(s.rules().centre_rounds));
  return score;
}

}  // namespace

TEST_CASE("mizong evaluation: the running tally equals a full recount after every sub-action") {
  int checks = 0;
  SUBCASE("point size 4, default rules, whole games") {
    const Mizong g = make_game({{"round_cap", "60"}});
    for (std::uint64_t seed = 1; seed <= 40; ++seed) checks += check_game(g, seed, 1'000'000);
  }
  SUBCASE("point size 4, teams, swaps after acting, clashes of equal attributes, random setups") {
    const std::vector<std::vector<std::pair<std::string, std::string>>> variants = {
        {{"teams", "3v3"}, {"same_attribute_clash", "defender"}},
        {{"teams", "2v2v2"}, {"swap_after_acting", "true"}, {"same_attribute_clash", "attacker"}},
        {{"setup", "random"}, {"hero_passive_heal", "true"}, {"exact_steps", "false"}},
    };
    for (const auto& v : variants) {
      auto opts = v;
      opts.emplace_back("round_cap", "60");
      const Mizong g = make_game(opts);
      for (std::uint64_t seed = 1; seed <= 15; ++seed) checks += check_game(g, seed, 1'000'000);
    }
  }
  SUBCASE("point size 24: the first sub-actions of games") {
    const Mizong g = make_game({}, 24);
    for (std::uint64_t seed = 1; seed <= 2; ++seed) checks += check_game(g, seed, 4000);
  }
  CHECK(checks > 1000);
}

TEST_CASE("mizong evaluation: the tally survives a JSON round trip, sampled worlds and position editing") {
  const Mizong g = make_game();
  State s = g.initial_state();
  Rng rng(5);
  ActionList legal;
  for (int i = 0; i < 400 && !s.is_terminal(); ++i) {
    s.legal_actions(legal);
    s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
  }
  REQUIRE(!s.is_terminal());
  const State back = g.state_from_json(s.to_json());
  CHECK(back.eval_tally() == back.recount_tally());
  CHECK(back.eval_tally() == s.eval_tally());
  for (Player p = 0; p < 6; ++p) {
    const State w = s.sample_world(p, rng);
    CHECK(w.eval_tally() == w.recount_tally());
  }
  State e = empty(g);
  CHECK(e.eval_tally() == e.recount_tally());
  e.put(pid(e, 0, 0), cell(e, "0,0"), who(kMelee, kRock, kYang));
  e.put(pid(e, 1, 0), cell(e, "1,0"), who(kMelee, kScissors, kYang));
  e.set_hp(pid(e, 1, 0), 30);
  e.set_flags(pid(e, 0, 0), kStunned);
  CHECK(e.eval_tally() == e.recount_tally());
  CHECK(e.eval_tally().matchups[0] == -1);  // stunned: it would lose attacking and be hurt
  CHECK(e.eval_tally().matchups[1] == 1);
  CHECK(e.eval_tally().hp[1] == 30);
  CHECK(e.eval_tally().distance[1] == 1);
}

TEST_CASE("mizong evaluation: the team scores are the per-piece sum of the rules page") {
  const Mizong g = make_game({{"round_cap", "40"}});
  State s = g.initial_state();
  Rng rng(11);
  ActionList legal;
  for (int i = 0; !s.is_terminal(); ++i) {
    s.legal_actions(legal);
    s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
    if (i % 17 || s.is_terminal()) continue;
    const auto want = per_piece_scores(s);
    const auto got = s.team_scores();
    for (int t = 0; t < 6; ++t)
      CHECK(got[static_cast<std::size_t>(t)] == doctest::Approx(want[t]).epsilon(1e-12));
  }
}

TEST_CASE(
    "mizong evaluation: evaluate_after equals apply then evaluate, exactly, for every action it answers") {
  int answered[8] = {};  // select, move, attack, heal, swap, area heal, done, end-turn
  int applied = 0;
  for (const auto& opts : std::vector<std::vector<std::pair<std::string, std::string>>>{
           {{"round_cap", "30"}}, {{"round_cap", "30"}, {"teams", "2v2v2"}, {"swap_after_acting", "true"}}}) {
    const Mizong g = make_game(opts);
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      State s = g.initial_state();
      Rng rng(seed);
      ActionList legal;
      while (!s.is_terminal()) {
        s.legal_actions(legal);
        for (Action a : legal) {
          Values quick;
          if (!s.evaluate_after(a, quick)) {
            ++applied;
            continue;
          }
          State next = s;
          next.apply(a);
          const Values slow = next.evaluate();
          for (int p = 0; p < 6; ++p)
            if (quick[p] != slow[p]) {
              FAIL_CHECK("seed " << seed << ": " << s.action_to_string(a) << " seat " << p << ": " << quick[p]
                                 << " != " << slow[p]);
              break;
            }
          const int family = a == s.layout().end_turn ? 7
                             : a == s.layout().done   ? 6
                                                      : std::min(5, a / s.layout().cells);
          ++answered[family];
        }
        s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
      }
    }
  }
  CHECK(answered[0] > 0);   // select
  CHECK(answered[1] > 0);   // move
  CHECK(answered[2] == 0);  // attacks are applied
  CHECK(answered[3] > 0);   // heal
  CHECK(answered[4] > 0);   // swap
  CHECK(answered[6] > 0);   // done
  CHECK(answered[7] == 0);  // end-turn is applied
  CHECK(applied > 0);
}

// Differential test of the move generator (engine/guifa/movegen.cc) against the square-by-
// square reference of tests/guifa/reference_moves.h: on every position of many random games,
// in every mode and on two board sizes, both return the same sorted set of legal actions.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "engine/core/rng.h"
#include "tests/guifa/helpers.h"
#include "tests/guifa/reference_moves.h"

using namespace guifa_test;

namespace {

// What the compared positions exercised, so the test fails if the games stop reaching the
// rarer generator paths.
struct Coverage {
  int positions = 0;
  int summon = 0, place = 0, revive = 0, clone = 0, annihilate = 0, ward = 0;
  int centre_elementalist = 0, capture_illusionist = 0, field_walls = 0, barriers = 0, read_back = 0;
};

std::vector<Action> sorted(std::vector<Action> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Random games; half the choices prefer an ability or a step onto the source of magic, so that
// the metamagic positions (clone, ward, cross capture, revival anywhere) come up often.
void compare_games(const Guifa& game, std::uint64_t seed, int games, Coverage& cov) {
  Rng rng(seed);
  ActionList list;
  std::vector<Action> keen;
  for (int n = 0; n < games; ++n) {
    State s = game.initial_state();
    while (!s.is_terminal()) {
      s.legal_actions(list);
      const std::vector<Action> want = sorted(ReferenceMoves(s).legal());
      const std::vector<Action> got = sorted(list.vector());
      ++cov.positions;
      if (got != want) {
        INFO("position\n", s.render_text(), "\n", s.to_json().dump());
        CHECK(got == want);
        return;
      }
      if (cov.positions % 4 == 0) {  // every reachable position reads back: the reader's army bounds hold
        const nlohmann::json j = s.to_json();
        std::string refused;
        try {
          if (game.state_from_json(j).to_json() != j) refused = "read back differently";
        } catch (const Error& e) {
          refused = e.what();
        }
        INFO("position ", j.dump());
        CHECK(refused == "");
        ++cov.read_back;
      }
      const Layout& L = s.layout();
      const Geometry& g = s.geo();
      keen.clear();
      for (Action a : want) {
        if (a >= L.summon && a < L.place) ++cov.summon;
        if (a >= L.place && a < L.end_summon) ++cov.place;
        if (a >= L.revive && a < L.clone) ++cov.revive;
        if (a >= L.clone && a < L.annihilate) ++cov.clone;
        if (a >= L.annihilate && a < L.ward) ++cov.annihilate;
        if (a >= L.ward && a < L.pass) ++cov.ward;
        if (a < L.summon) {
          const Piece& from = s.at(a / L.cells);
          const Piece& to = s.at(a % L.cells);
          if (from.kind == kElementalist && a / L.cells == g.centre) ++cov.centre_elementalist;
          if (to.kind == kIllusionist && to.owner != from.owner) ++cov.capture_illusionist;
        }
        if (a >= L.summon || a % L.cells == g.centre) keen.push_back(a);
      }
      for (int t = 0; t < s.num_teams(); ++t) {
        cov.field_walls += s.field(t).any();
        cov.barriers += s.barrier(t).any();
      }
      const bool pick_keen = !keen.empty() && rng.below(2) == 0;
      const auto& from = pick_keen ? keen : want;
      s.apply(from[rng.below(static_cast<std::uint32_t>(from.size()))]);
    }
  }
}

}  // namespace

TEST_CASE("move generator: the same legal actions as the square-by-square reference") {
  Coverage cov;
  struct Variant {
    int players;
    const char* teams;
    int size;
  };
  const std::array<Variant, 5> variants = {{{2, "alliance", 9},
                                            {4, "alliance", 9},
                                            {4, "free_for_all", 9},
                                            {4, "alliance", 11},
                                            {2, "alliance", 15}}};
  std::uint64_t seed = 1;
  for (const Variant& v : variants) {
    CAPTURE(v.players);
    CAPTURE(v.teams);
    CAPTURE(v.size);
    compare_games(make(v.players, v.teams, v.size, true, 300), seed++, 40, cov);
  }
  MESSAGE("positions ", cov.positions, "; summon ", cov.summon, ", place ", cov.place, ", revive ",
          cov.revive, ", clone ", cov.clone, ", annihilate ", cov.annihilate, ", ward ", cov.ward,
          ", centred elementalist ", cov.centre_elementalist, ", illusionist captures ",
          cov.capture_illusionist, ", read back ", cov.read_back);
  CHECK(cov.positions > 10000);
  CHECK(cov.summon > 0);
  CHECK(cov.place > 0);
  CHECK(cov.revive > 0);
  CHECK(cov.clone > 0);
  CHECK(cov.annihilate > 0);
  CHECK(cov.ward > 0);
  CHECK(cov.centre_elementalist > 0);
  CHECK(cov.capture_illusionist > 0);
  CHECK(cov.field_walls > 0);
  CHECK(cov.barriers > 0);
}

TEST_CASE("random_action: only legal actions, each drawn as often as the others") {
  // Positions from random games in the three modes; at each, 50 draws per legal action.
  // Under a uniform draw the summed chi-square statistic has mean `dof` and standard
  // deviation sqrt(2 dof); a slot counted twice or missed would push it far beyond.
  double chi2 = 0;
  long long dof = 0;
  int positions = 0, with_abilities = 0;
  Rng rng(5);
  ActionList list;
  for (const auto& [players, teams] : {std::pair{2, "alliance"}, {4, "alliance"}, {4, "free_for_all"}}) {
    const Guifa game = make(players, teams);
    for (int n = 0; n < 6; ++n) {
      State s = game.initial_state();
      for (int step = 0; !s.is_terminal(); ++step) {
        s.legal_actions(list);
        if (step % 5 == 0) {
          std::map<Action, int> seen;
          for (Action a : list) seen[a] = 0;
          const int draws = 50 * list.size();
          for (int i = 0; i < draws; ++i) {
            const Action a = s.random_action(rng);
            auto it = seen.find(a);
            if (it == seen.end()) {
              INFO("position\n", s.render_text(), "\ndrew ", s.action_to_string(a));
              REQUIRE(false);
            }
            ++it->second;
          }
          for (const auto& [a, count] : seen) {
            CHECK(count > 0);
            chi2 += (count - 50.0) * (count - 50.0) / 50.0;
          }
          dof += list.size() - 1;
          ++positions;
          with_abilities +=
              std::any_of(list.begin(), list.end(), [&](Action a) { return a >= s.layout().summon; });
        }
        s.apply(list[static_cast<int>(rng.below(static_cast<std::uint32_t>(list.size())))]);
      }
    }
  }
  MESSAGE("positions ", positions, " (", with_abilities, " with abilities), chi-square ", chi2, " on ", dof,
          " dof");
  CHECK(positions > 300);
  CHECK(with_abilities > 30);
  CHECK(chi2 < dof + 6 * std::sqrt(2.0 * dof));
  CHECK(chi2 > dof - 6 * std::sqrt(2.0 * dof));
}

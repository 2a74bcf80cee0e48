// guifa's shaped encoding and policy index (docs/encoding/guifa.md): exact planes of a
// hand-built position, the turned frame (a position and its image with the seats moved round
// encode the same and index corresponding actions the same), and the policy round trip.
#include <map>
#include <vector>

#include "engine/guifa/encoding.h"
#include "tests/encoding_helpers.h"
#include "tests/guifa/helpers.h"

using namespace guifa_test;

namespace {

using qilab::testing::check_policy_round_trip;
using qilab::testing::encoded;
using qilab::testing::plane_of;
using qilab::testing::scalar_of;

// The cells of plane `name` that are not zero, as "row,col=value".
std::map<std::pair<int, int>, float> plane(const EncodingSpec& spec, const std::vector<float>& x,
                                           const std::string& name) {
  const int k = plane_of(spec, name);
  std::map<std::pair<int, int>, float> out;
  for (int r = 0; r < spec.height; ++r)
    for (int c = 0; c < spec.width; ++c)
      if (x[static_cast<std::size_t>(spec.at(k, r, c))] != 0.0f)
        out[{r, c}] = x[static_cast<std::size_t>(spec.at(k, r, c))];
  return out;
}

using Cells = std::map<std::pair<int, int>, float>;

// Plays the state to its end with random actions; calls f at every decision node.
template <class F>
void random_positions(const Guifa& g, std::uint64_t seed, int games, F&& f) {
  Rng rng(seed);
  ActionList legal;
  for (int i = 0; i < games; ++i) {
    State s = g.initial_state();
    while (!s.is_terminal()) {
      f(s);
      s.legal_actions(legal);
      s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
    }
  }
}

}  // namespace

TEST_CASE("guifa encoding: the spec names its planes, features and move kinds") {
  const Guifa g = make(4, "alliance");
  const EncodingSpec& e = g.encoding_spec();
  const PolicySpec& p = g.policy_spec();
  CHECK(e.version == kEncodingVersion);
  CHECK(e.height == 9);
  CHECK(e.width == 9);
  CHECK(e.plane_names[0] == "valid");
  CHECK(e.planes == 1 + 4 * 8 + 4 + 7 + 2 + 2 + 4 + 3);
  CHECK(e.scalars == 4 * 4 + 2);
  CHECK(p.planes == 4 * 4 + 4 * 2 + 5 + 12);
  CHECK(p.extra == 2);
  CHECK(p.height == 9);
  const Guifa big = make(2, "alliance", 15);
  CHECK(big.policy_spec().plane_names[big.policy_spec().planes - 12 - 3 - 1] == "forward_left_2");
  CHECK(big.policy_spec().plane_names[6] == "forward_7");  // the centre cross of a 15×15 board
  CHECK(&g.encoding_spec() == &g.encoding_spec());
}

TEST_CASE("guifa encoding: exact planes of a hand-built 2-player position, from each seat") {
  const Guifa g = make(2);
  const EncodingSpec& spec = g.encoding_spec();
  // Seat 0 south, seat 1 north. Corpses: a force mage and a spent corpse on d4.
  nlohmann::json j = position_json(g, {{"b1", 'S', 0}, {"e1", 'Z', 0}, {"e9", 'Z', 1}, {"c7", 'H', 1}}, 0,
                                   {{"d4", "force_mage", 1}});
  j["corpses"][0]["counts"]["spent"] = 2;
  const State s = g.state_from_json(j);
  const auto mine = encoded(g, s, 0), theirs = encoded(g, s, 1);
  REQUIRE(mine.size() == static_cast<std::size_t>(spec.size()));
  // Seat 0 sees the board as it is (row = rank - 1, column = file).
  CHECK(plane(spec, mine, "valid").size() == 81);
  CHECK(plane(spec, mine, "seat0_summoner") == Cells{{{0, 1}, 1.0f}});
  CHECK(plane(spec, mine, "seat0_scepter") == Cells{{{0, 4}, 1.0f}});
  CHECK(plane(spec, mine, "seat1_scepter") == Cells{{{8, 4}, 1.0f}});
  CHECK(plane(spec, mine, "seat1_illusionist") == Cells{{{6, 2}, 1.0f}});
  CHECK(plane(spec, mine, "corpses_force_mage") == Cells{{{3, 3}, 1.0f}});
  CHECK(plane(spec, mine, "corpses_spent") == Cells{{{3, 3}, 2.0f}});
  CHECK(plane(spec, mine, "source_of_magic") == Cells{{{4, 4}, 1.0f}});
  CHECK(plane(spec, mine, "main_city_side0").count({0, 3}) == 1);
  CHECK(plane(spec, mine, "main_city_side2").count({8, 5}) == 1);
  // Seat 1 sees it turned half round, itself as seat 0 and its own edge at row 0.
  CHECK(plane(spec, theirs, "seat0_scepter") == Cells{{{0, 4}, 1.0f}});
  CHECK(plane(spec, theirs, "seat0_illusionist") == Cells{{{2, 6}, 1.0f}});
  CHECK(plane(spec, theirs, "seat1_scepter") == Cells{{{8, 4}, 1.0f}});
  CHECK(plane(spec, theirs, "seat1_summoner") == Cells{{{8, 7}, 1.0f}});
  CHECK(plane(spec, theirs, "corpses_force_mage") == Cells{{{5, 5}, 1.0f}});
  CHECK(plane(spec, theirs, "main_city_side0").count({0, 3}) == 1);
  CHECK(plane(spec, theirs, "main_city_side0").count({8, 3}) == 0);
  // Only the pieces and the listed corpses are set on those planes.
  int pieces = 0;
  for (int k = 1; k <= 2 * kKinds; ++k)
    pieces += static_cast<int>(plane(spec, mine, spec.plane_names[k]).size());
  CHECK(pieces == 4);
  // Scalars: seat 0 to move (relative), and seat 0's side must hold the source a round.
  CHECK(mine[scalar_of(spec, "seat0_to_move")] == 1.0f);
  CHECK(mine[scalar_of(spec, "seat1_to_move")] == 0.0f);
  CHECK(theirs[scalar_of(spec, "seat0_to_move")] == 0.0f);
  CHECK(theirs[scalar_of(spec, "seat1_to_move")] == 1.0f);
  CHECK(mine[scalar_of(spec, "seat0_must_hold_a_round")] == 1.0f);
  CHECK(theirs[scalar_of(spec, "seat1_must_hold_a_round")] == 1.0f);
  CHECK(theirs[scalar_of(spec, "seat0_must_hold_a_round")] == 0.0f);
  CHECK(mine[scalar_of(spec, "turn")] == 0.0f);
}

TEST_CASE("guifa encoding: force fields, summoning and the strengthened barrier from each alliance") {
  const Guifa g = make(4, "alliance");
  const EncodingSpec& spec = g.encoding_spec();
  // Seat 0's force mage on e2, by its scepter, raises a field on its line (d2 e2 f2); seat 0's summoner on b2
  // has a beast, so it is marked as bound.
  State s = position(g,
                     {{"e2", 'F', 0},
                      {"b2", 'S', 0},
                      {"c3", 'B', 0, 2},
                      {"e8", 'Z', 2},
                      {"h5", 'Z', 1},
                      {"b5", 'Z', 3},
                      {"e1", 'Z', 0}},
                     1);
  REQUIRE((s.field(0) ==
           (Board::single(cell(s, "d2")) | Board::single(cell(s, "e2")) | Board::single(cell(s, "f2")))));
  const auto from0 = encoded(g, s, 0), from1 = encoded(g, s, 1), from2 = encoded(g, s, 2);
  const Cells field{{{1, 3}, 1.0f}, {{1, 4}, 1.0f}, {{1, 5}, 1.0f}};
  CHECK(plane(spec, from0, "force_field_team0") == field);
  // Seat 2 sees it half turned: row 7, columns 3 to 5.
  CHECK(plane(spec, from2, "force_field_team0") == Cells{{{7, 3}, 1.0f}, {{7, 4}, 1.0f}, {{7, 5}, 1.0f}});
  CHECK(plane(spec, from0, "force_field_team1").empty());
  CHECK(plane(spec, from1, "force_field_team1").size() == field.size());
  CHECK(plane(spec, from1, "force_field_team0").empty());
  CHECK(plane(spec, from0, "summoner_with_beasts") == Cells{{{1, 1}, 1.0f}});
  // Seat 1 (east) sees the board turned a quarter: e2 (row 1, column 4) lands on row 4, column 1.
  CHECK(plane(spec, from1, "seat3_force_mage") == Cells{{{4, 1}, 1.0f}});
  CHECK(from1[scalar_of(spec, "seat0_to_move")] == 1.0f);
  CHECK(from0[scalar_of(spec, "seat1_to_move")] == 1.0f);
  CHECK(from2[scalar_of(spec, "seat3_to_move")] == 1.0f);
}

namespace {

// The position moved `quarter` quarter turns counter-clockwise with every seat moved on as
// many seats: the same game seen from the next seat.
struct Turn {
  const Geometry* g;
  int quarters;
  int players;
  int seat_step;
  int cell(int c) const { return g->unturned[quarters][c]; }
  std::string name(const std::string& n) const { return g->name(cell(g->parse(n))); }
  Action action(const Layout& L, Action a) const {
    const int C = g->cells, n = g->n;
    if (a < L.summon) return cell(a / C) * C + cell(a % C);
    auto offset = [&](Action base) { return base + cell(a - base); };
    if (a < L.place) return offset(L.summon);
    if (a < L.end_summon) return offset(L.place);
    if (a < L.revive) return a;
    if (a < L.clone) return L.revive + cell((a - L.revive) / 6) * 6 + (a - L.revive) % 6;
    if (a < L.annihilate) return offset(L.clone);
    if (a < L.ward) return offset(L.annihilate);
    if (a < L.ward_block) return offset(L.ward);
    if (a < L.pass) {
      const int c1 = cell(a - L.ward_block), c2 = cell(a - L.ward_block + n + 1);
      return L.ward_block + std::min(g->row(c1), g->row(c2)) * n + std::min(g->col(c1), g->col(c2));
    }
    return a;
  }
};

// Plays X and its turned image Y side by side with corresponding random actions, checking that
// every seat's encoding of X equals the corresponding seat's of Y and that corresponding legal
// actions have the same policy index.
void check_turned_play(const Guifa& g, const std::vector<P>& pieces, const Turn& turn, std::uint64_t seed,
                       int plies) {
  std::vector<P> moved = pieces;
  for (auto& p : moved) {
    p.cell = turn.name(p.cell);
    p.owner = (p.owner + turn.seat_step) % turn.players;
  }
  State x = position(g, pieces, 0), y = position(g, moved, turn.seat_step % turn.players);
  Rng rng(seed);
  ActionList lx, ly;
  for (int ply = 0; ply < plies && !x.is_terminal(); ++ply) {
    REQUIRE_FALSE(y.is_terminal());
    for (Player q = 0; q < turn.players; ++q) {
      INFO("ply ", ply, " seat ", q, "\n", x.render_text(), y.render_text());
      REQUIRE(encoded(g, x, q) == encoded(g, y, (q + turn.seat_step) % turn.players));
    }
    x.legal_actions(lx);
    y.legal_actions(ly);
    REQUIRE(lx.size() == ly.size());
    for (Action a : lx) {
      const Action b = turn.action(x.layout(), a);
      INFO(x.render_text(), x.action_to_string(a), " / ", y.action_to_string(b));
      REQUIRE(ly.contains(b));
      REQUIRE(x.policy_index(a) == y.policy_index(b));
    }
    const Action a = lx[static_cast<int>(rng.below(static_cast<std::uint32_t>(lx.size())))];
    x.apply(a);
    y.apply(turn.action(x.layout(), a));
  }
}

std::vector<P> opening(const Guifa& g) {
  const State s = g.initial_state();
  std::vector<P> out;
  for (int c = 0; c < s.geo().cells; ++c)
    if (s.at(c).kind != kEmpty) out.push_back({s.geo().name(c), kLetter[s.at(c).kind], s.at(c).owner});
  return out;
}

}  // namespace

TEST_CASE("guifa encoding: a quarter turn with the seats moved on encodes the same (4 players)") {
  for (const std::string teams : {"free_for_all", "alliance"}) {
    CAPTURE(teams);
    // Without the hold rule nothing singles out seat 0, so the game is the same from every seat.
    const Guifa g = make(4, teams, 9, false);
    const Turn turn{&geometry(9), 1, 4, 1};
    CHECK(turn.name("a1") == "i1");  // south-west corner to south-east: seat 0's edge to seat 1's
    CHECK(turn.name("b1") == "i2");
    for (std::uint64_t seed = 1; seed <= 6; ++seed) check_turned_play(g, opening(g), turn, seed, 400);
    // A centred prophet (wards, 2×2 blocks), a necromancer by corpses and two illusionists.
    const std::vector<P> middle = {
        {"e5", 'P', 0}, {"d4", 'N', 0}, {"c3", 'H', 0}, {"g2", 'H', 0, 0, false, true},
        {"f7", 'F', 0}, {"a1", 'Z', 0}, {"h8", 'Z', 1}, {"b8", 'Z', 2},
        {"i9", 'Z', 3}, {"e7", 'S', 1}, {"c6", 'E', 2}, {"g4", 'N', 3}};
    check_turned_play(g, middle, turn, 11, 300);
  }
}

TEST_CASE("guifa encoding: a half turn with the seats swapped encodes the same (2 players, 11×11)") {
  const Guifa g = make(2, "alliance", 11, false);
  const Turn turn{&geometry(11), 2, 2, 1};
  for (std::uint64_t seed = 1; seed <= 6; ++seed) check_turned_play(g, opening(g), turn, seed, 400);
}

TEST_CASE("guifa encoding: the hold rule singles out the first alliance, so it shows in the features") {
  const Guifa g = make(4, "alliance", 9, true);
  const State s = g.initial_state();
  const EncodingSpec& spec = g.encoding_spec();
  CHECK(encoded(g, s, 0)[scalar_of(spec, "seat0_must_hold_a_round")] == 1.0f);
  CHECK(encoded(g, s, 0)[scalar_of(spec, "seat2_must_hold_a_round")] == 1.0f);
  CHECK(encoded(g, s, 1)[scalar_of(spec, "seat0_must_hold_a_round")] == 0.0f);
  CHECK(encoded(g, s, 1)[scalar_of(spec, "seat1_must_hold_a_round")] == 1.0f);
}

TEST_CASE("guifa encoding: every legal action of random positions has its own index and comes back") {
  struct Variant {
    int players;
    std::string teams;
    int size;
  };
  for (const Variant& v : {Variant{2, "alliance", 9}, Variant{4, "alliance", 9},
                           Variant{4, "free_for_all", 9}, Variant{4, "alliance", 13}}) {
    CAPTURE(v.players);
    CAPTURE(v.teams);
    CAPTURE(v.size);
    const Guifa g = make(v.players, v.teams, v.size);
    int step = 0;
    random_positions(g, 5, 40, [&](const State& s) { check_policy_round_trip(g, s, step++ % 50 == 0); });
  }
}

TEST_CASE("guifa encoding: swaps of two illusionists and 2×2 wards keep distinct indices") {
  const Guifa g = make(2);
  // Two illusionists of seat 0 may swap with each other both ways; the centred prophet wards
  // every piece and every 2×2 block.
  const State s = position(g, {{"e5", 'P', 0},
                               {"c3", 'H', 0},
                               {"g7", 'H', 0, 0, false, true},
                               {"a1", 'Z', 0},
                               {"i9", 'Z', 1},
                               {"b2", 'F', 0}});
  CHECK(is_legal(s, "c3<>g7"));
  CHECK(is_legal(s, "g7<>c3"));
  CHECK(is_legal(s, "ward2x2 h8"));
  check_policy_round_trip(g, s, true);
  const int c3_g7 = s.policy_index(s.string_to_action("c3<>g7")),
            g7_c3 = s.policy_index(s.string_to_action("g7<>c3"));
  CHECK(c3_g7 != g7_c3);
  const PolicySpec& policy = g.policy_spec();
  CHECK(policy.plane_names[c3_g7 / 81] == "swap_with_illusionist0");
  CHECK(c3_g7 % 81 == 6 * 9 + 6);  // at the partner's square, g7
  CHECK(policy.plane_names[g7_c3 / 81] == "swap_with_illusionist1");
}

TEST_CASE("guifa has no hidden information: every seat's encoding is a function of the position") {
  // Guifa declares perfect information (an illusionist's invisibility is capture immunity),
  // so sample_world is the position itself and nothing is withheld from any seat.
  for (const Guifa& g : {make(2), make(4, "alliance"), make(4, "free_for_all")}) {
    CHECK(g.perfect_information());
    Rng rng(3);
    const State s = g.initial_state();
    for (Player q = 0; q < g.num_players(); ++q)
      CHECK(encoded(g, s.sample_world(q, rng), q) == encoded(g, s, q));
  }
}

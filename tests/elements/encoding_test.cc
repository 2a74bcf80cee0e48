// elements' shaped encoding and policy index (docs/encoding/elements.md): exact planes of a
// hand-built position, the frames (a position and its mirror image with the sides swapped
// encode the same and index corresponding actions the same), placements seen in the mover's
// frame, and the policy round trip.
#include <map>
#include <vector>

#include "engine/elements/encoding.h"
#include "tests/encoding_helpers.h"
#include "tests/elements/helpers.h"

using namespace elements_test;

namespace {

using qilab::testing::check_policy_round_trip;
using qilab::testing::encoded;
using qilab::testing::plane_of;
using qilab::testing::scalar_of;

using Cells = std::map<int, float>;  // grid square (row * side + column) -> value

Cells plane(const EncodingSpec& spec, const std::vector<float>& x, const std::string& name) {
  const int k = plane_of(spec, name);
  Cells out;
  for (int i = 0; i < spec.plane_size(); ++i)
    if (x[static_cast<std::size_t>(k * spec.plane_size() + i)] != 0.0f)
      out[i] = x[static_cast<std::size_t>(k * spec.plane_size() + i)];
  return out;
}

// The grid square of axial (q, r), unmirrored and mirrored (q, -q-r).
int square(const State& s, int q, int r) { return s.grid().square(cell(s, q, r)); }
int mirrored(const State& s, int q, int r) { return s.grid().square(cell(s, q, -q - r)); }

// Plays random games; calls f at every node, chance nodes included.
template <class F>
void random_positions(const Elements& g, std::uint64_t seed, int games, F&& f) {
  Rng rng(seed);
  ActionList legal;
  for (int i = 0; i < games; ++i) {
    State s = g.initial_state();
    while (!s.is_terminal()) {
      f(s);
      if (s.is_chance()) {
        s.apply(s.sample_chance(rng));
      } else {
        s.legal_actions(legal);
        s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
      }
    }
  }
}

}  // namespace

TEST_CASE("elements encoding: the spec names its planes, features and move kinds") {
  const Elements g = make(2);
  const EncodingSpec& e = g.encoding_spec();
  const PolicySpec& p = g.policy_spec();
  CHECK(e.version == kEncodingVersion);
  CHECK(e.height == 15);
  CHECK(e.width == 15);
  CHECK(e.planes == 49 + 4);
  CHECK(e.plane_names[0] == "valid");
  CHECK(e.plane_names[EncodingLayout::edge(5, kBlockMark)] == "edge_SE_block");
  CHECK(e.scalar_names.back() == "deck_design" + std::to_string(g.rules().deck.designs.size() - 1));
  CHECK(p.planes == 30);
  CHECK(p.extra == 5);
  CHECK(make(6).encoding_spec().planes == 49 + 6);
}

TEST_CASE("elements encoding: exact planes of a hand-built position, red as it is and blue mirrored") {
  const Elements g = make(2);
  const EncodingSpec& spec = g.encoding_spec();
  State s = blank(g);
  // A water tile two high on (0,0), attack mark on its E edge and a block on its SE edge; the
  // knight (hero 0, red) stands on it; the assassin (hero 1, blue) on a fire tile at (2,-1).
  s.put_tile(cell(s, 0, 0), 2, kWater, "A....B", true);
  s.put_tile(cell(s, 2, -1), 1, kFire, "......");
  bring(s, 0, cell(s, 0, 0));
  bring(s, 1, cell(s, 2, -1), true);
  s.set_energy(0, kWind, 3);
  const auto red = encoded(g, s, 0), blue = encoded(g, s, 1);
  CHECK(plane(spec, red, "valid").size() == static_cast<std::size_t>(s.grid().cells()));
  CHECK(plane(spec, red, "height_1") == Cells{{square(s, 0, 0), 1.0f},
                                              {square(s, 2, -1), 1.0f},
                                              {square(s, 1, 3), 1.0f},
                                              {square(s, 1, -4), 1.0f}});
  CHECK(plane(spec, red, "height_2") == Cells{{square(s, 0, 0), 1.0f}});
  CHECK(plane(spec, red, "element_water") == Cells{{square(s, 0, 0), 1.0f}});
  CHECK(plane(spec, red, "element_fire") == Cells{{square(s, 2, -1), 1.0f}});
  CHECK(plane(spec, red, "edge_E_attack") == Cells{{square(s, 0, 0), 1.0f}});
  CHECK(plane(spec, red, "edge_SE_block") == Cells{{square(s, 0, 0), 1.0f}});
  CHECK(plane(spec, red, "gather_token") == Cells{{square(s, 0, 0), 1.0f}});
  CHECK(plane(spec, red, "own_base") == Cells{{square(s, 1, 3), 1.0f}});
  CHECK(plane(spec, red, "enemy_base") == Cells{{square(s, 1, -4), 1.0f}});
  CHECK(plane(spec, red, "hero0") == Cells{{square(s, 0, 0), 1.0f}});   // the knight, red's first
  CHECK(plane(spec, red, "hero2") == Cells{{square(s, 2, -1), 1.0f}});  // the assassin, blue's first
  // Blue sees the mirror (q, r) -> (q, -q-r): its own base where red sees red's, directions
  // mirrored with the board (E -> NE, SE -> NW), its own heroes first.
  CHECK(plane(spec, blue, "own_base") == Cells{{square(s, 1, 3), 1.0f}});
  CHECK(plane(spec, blue, "height_2") == Cells{{mirrored(s, 0, 0), 1.0f}});
  CHECK(plane(spec, blue, "edge_NE_attack") == Cells{{mirrored(s, 0, 0), 1.0f}});
  CHECK(plane(spec, blue, "edge_NW_block") == Cells{{mirrored(s, 0, 0), 1.0f}});
  CHECK(plane(spec, blue, "edge_E_attack").empty());
  CHECK(plane(spec, blue, "hero0") == Cells{{mirrored(s, 2, -1), 1.0f}});
  CHECK(plane(spec, blue, "hero2") == Cells{{mirrored(s, 0, 0), 1.0f}});
  CHECK(plane(spec, blue, "element_fire") == Cells{{mirrored(s, 2, -1), 1.0f}});
  // Features: the knight's energies, ownership and the phase.
  const HeroSpec& knight = s.spec(0);
  CHECK(red[scalar_of(spec, "hero0_energy_wind")] == 0.3f);
  CHECK(red[scalar_of(spec, "hero0_energy_fire")] == knight.energy[kFire] / 10.0f);
  CHECK(red[scalar_of(spec, "hero0_observer_owns")] == 1.0f);
  CHECK(red[scalar_of(spec, "hero0_is_knight")] == 1.0f);
  CHECK(red[scalar_of(spec, "hero2_is_assassin")] == 1.0f);
  CHECK(red[scalar_of(spec, "hero2_acted")] == 1.0f);
  CHECK(blue[scalar_of(spec, "hero2_energy_wind")] == 0.3f);
  CHECK(blue[scalar_of(spec, "hero2_observer_owns")] == 0.0f);
  CHECK(blue[scalar_of(spec, "hero0_observer_owns")] == 1.0f);
  CHECK(red[scalar_of(spec, "phase_select")] == 1.0f);
  CHECK(red[scalar_of(spec, "own_side_to_move")] == 1.0f);
  CHECK(blue[scalar_of(spec, "own_side_to_move")] == 0.0f);
  CHECK(red[scalar_of(spec, "own_side_starts_rounds")] == 1.0f);
  CHECK(red[scalar_of(spec, "deck_left")] == 1.0f);
  // Only the valid plane marks the padding's complement: every plane is zero off the hexagon.
  const auto valid = plane(spec, red, "valid");
  for (int k = 1; k < spec.planes; ++k)
    for (const auto& [sq, v] : plane(spec, red, spec.plane_names[k])) CHECK(valid.count(sq) == 1);
}

namespace {

// The position mirrored with the sides swapped: hero i becomes hero i ^ 1, so the mirror game
// picks its heroes pairwise swapped.
nlohmann::json mirror_json(const Grid& grid, nlohmann::json j) {
  auto cell = [&](const std::string& name) { return grid.name(grid.mirror(grid.parse(name))); };
  j["side"] = 1 - j["side"].get<int>();
  j["first_side"] = 1 - j["first_side"].get<int>();
  if (j["active"].get<int>() >= 0) j["active"] = j["active"].get<int>() ^ 1;
  j["base_hp"] = {j["base_hp"][1], j["base_hp"][0]};
  if (j["winner"].get<int>() == 0 || j["winner"].get<int>() == 1) j["winner"] = 1 - j["winner"].get<int>();
  if (j["combat"][0].get<int>() >= 0) j["combat"][0] = grid.mirror(j["combat"][0].get<int>());
  for (auto& t : j["tiles"]) {
    t[0] = cell(t[0].get<std::string>());
    const std::string e = t[3].get<std::string>();
    std::string m = e;
    for (int d = 0; d < kDirs; ++d)
      m[static_cast<std::size_t>(Grid::mirror_dir(d))] = e[static_cast<std::size_t>(d)];
    t[3] = m;
  }
  nlohmann::json heroes = j["heroes"];
  for (std::size_t i = 0; i < heroes.size(); ++i) {
    nlohmann::json h = j["heroes"][i ^ 1];
    if (!h["cell"].get<std::string>().empty()) h["cell"] = cell(h["cell"].get<std::string>());
    heroes[i] = h;
  }
  j["heroes"] = heroes;
  for (auto& t : j["terrain"]) {
    t[0] = cell(t[0].get<std::string>());
    t[3] = t[3].get<int>() ^ 1;
  }
  return j;
}

Action mirror_action(const State& s, Action a) {
  const Layout& L = s.layout();
  const Grid& grid = s.grid();
  if (a < L.respawn) return a ^ 1;
  if (a < L.move) return L.respawn + grid.mirror(a - L.respawn);
  if (a < L.create) return L.move + Grid::mirror_dir(a - L.move);
  if (a < L.attack) return a;  // create, return (placements are not mirrored: the tile would be)
  if (a < L.gather) return L.attack + grid.mirror(a - L.attack);
  if (a < L.spell) return L.gather + Grid::mirror_dir(a - L.gather);
  if (a < L.end) return L.spell + (a - L.spell) / L.cells * L.cells + grid.mirror((a - L.spell) % L.cells);
  return a;  // end, draws and rolls
}

}  // namespace

TEST_CASE("elements encoding: the mirror image with the sides swapped encodes the same") {
  for (int players : {2, 4, 6}) {
    CAPTURE(players);
    const std::string picks =
        players == 6 ? "knight,assassin,hunter,warlock,priest,taoist" : "knight,assassin,hunter,warlock";
    const std::string swapped =
        players == 6 ? "assassin,knight,warlock,hunter,taoist,priest" : "assassin,knight,warlock,hunter";
    const Elements gx = make(players, {{"heroes", picks}}), gy = make(players, {{"heroes", swapped}});
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      State x = gx.initial_state();
      State y = gy.state_from_json(mirror_json(gx.rules().grid, x.to_json()));
      Rng rng(seed);
      ActionList lx, ly;
      for (int ply = 0; ply < 1500 && !x.is_terminal(); ++ply) {
        REQUIRE_FALSE(y.is_terminal());
        for (Player q = 0; q < players; ++q) {
          INFO("ply ", ply, " seat ", q, "\n", x.render_text(), y.render_text());
          REQUIRE(encoded(gx, x, q) == encoded(gy, y, q ^ 1));
        }
        Action a;
        if (x.is_chance()) {
          a = x.sample_chance(rng);
        } else {
          x.legal_actions(lx);
          y.legal_actions(ly);
          REQUIRE(lx.size() == ly.size());
          for (Action b : lx) {
            INFO(x.render_text(), x.action_to_string(b));
            REQUIRE(ly.contains(mirror_action(x, b)));
            REQUIRE(x.policy_index(b) == y.policy_index(mirror_action(x, b)));
          }
          // No creates: a drawn tile's mirror image is another tile, so the two games would
          // part (the placement test covers drawn tiles in each side's frame).
          do a = lx[static_cast<int>(rng.below(static_cast<std::uint32_t>(lx.size())))];
          while (a == x.layout().create);
        }
        x.apply(a);
        y.apply(mirror_action(x, a));
      }
    }
  }
}

TEST_CASE("elements encoding: a placement's kind and square say where each edge lands in the mover's frame") {
  // For every placement of random positions, red's and blue's: after it, the edge planes of
  // the target square (in the mover's frame) show the drawn tile's edges (as the features list
  // them in that frame) turned by the policy kind's rotation.
  const Elements g = make(2);
  const EncodingSpec& spec = g.encoding_spec();
  const PolicySpec& policy = g.policy_spec();
  const int S = spec.plane_size();
  int checked[2] = {0, 0};
  random_positions(g, 9, 3, [&](const State& s) {
    if (s.phase() != Phase::kPlace) return;
    const Player p = s.current_player();
    const auto before = encoded(g, s, p);
    ActionList legal;
    s.legal_actions(legal);
    for (Action a : legal) {
      if (a == s.layout().ret) continue;
      const int i = s.policy_index(a), kind = i / S, sq = i % S;
      const std::string name = policy.plane_names[kind];  // place_tile<slot>_turn<rot>
      const int slot = name[10] - '0', rot = name[16] - '0';
      State t = s;
      t.apply(a);
      const auto after = encoded(g, t, p);
      for (int d = 0; d < kDirs; ++d)
        for (int m = 1; m <= kMarkers; ++m) {
          const int shown = scalar_of(spec, "drawn" + std::to_string(slot) + "_edge" +
                                                std::to_string((d - rot + 6) % 6) + "_" +
                                                std::string(m == 1   ? "attack"
                                                            : m == 2 ? "shield"
                                                            : m == 3 ? "move"
                                                            : m == 4 ? "gather"
                                                                     : "block"));
          INFO(s.render_text(), s.action_to_string(a), " d=", d, " m=", m);
          CHECK(after[static_cast<std::size_t>(EncodingLayout::edge(d, m) * S + sq)] ==
                before[static_cast<std::size_t>(shown)]);
        }
      ++checked[s.side_to_move()];
    }
  });
  CHECK(checked[0] > 100);
  CHECK(checked[1] > 100);
}

TEST_CASE("elements encoding: every legal action of random positions has its own index and comes back") {
  for (int players : {2, 4, 6}) {
    CAPTURE(players);
    const Elements g = make(players);
    int step = 0;
    random_positions(g, 21, 3, [&](const State& s) {
      if (s.is_chance()) {
        CHECK(s.policy_action(0) == kInvalidAction);  // chance nodes have no policy
        return;
      }
      check_policy_round_trip(g, s, step++ % 40 == 0);
    });
  }
  const Elements small = make(2, {{"radius", "5"}, {"rotate_tiles", "false"}});
  random_positions(small, 4, 3, [&](const State& s) {
    if (!s.is_chance()) check_policy_round_trip(small, s, false);
  });
}

TEST_CASE("elements has no hidden information: every seat's encoding is a function of the position") {
  // Every drawn tile, die and energy is public and the deck's order is never stored (each draw
  // is a chance event), so sample_world is the position itself and nothing is withheld.
  const Elements g = make(4);
  CHECK(g.perfect_information());
  Rng rng(3);
  const State s = g.initial_state();
  for (Player q = 0; q < g.num_players(); ++q)
    CHECK(encoded(g, s.sample_world(q, rng), q) == encoded(g, s, q));
}

// Pictures: every game's SVG drawing (engine/<game>/svg.cc) holds exactly the pieces of the
// position, in their owner's colour, and hides from a seat what that seat may not see.
// With QILAB_SVG_OUT set, the case "every config" also writes each drawing it checks there,
// with manifest.json, for tests/pictures/svg_xml_test.py to parse as XML.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/config.h"
#include "engine/core/svg.h"
#include "engine/registry.h"

namespace fs = std::filesystem;
using namespace qilab;

namespace {

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}
int pieces(const std::string& svg) {
  return count(svg, "class=\"piece\"") + count(svg, "class=\"piece hidden\"");
}
int hidden(const std::string& svg) { return count(svg, "class=\"piece hidden\""); }

// What a drawing must show, from the state's own queries: (pieces, hidden pieces).
struct Expected {
  int pieces = 0, hidden = 0;
};
Expected expected(const checkers::State& s, Player) {
  int n = 0;
  for (Player p = 0; p < s.num_players(); ++p) n += s.pieces(p).count();
  return {n, 0};
}
Expected expected(const guifa::State& s, Player) {
  int n = 0;
  for (Player p = 0; p < s.num_players(); ++p) n += s.pieces(p).count();
  return {n, 0};
}
Expected expected(const elements::State& s, Player) {
  int n = 0;
  for (int i = 0; i < s.heroes(); ++i) n += !s.hero(i).dead && s.hero(i).cell >= 0;
  return {n, 0};
}
Expected expected(const junqi::State& s, Player seat) {
  Expected e;
  std::array<int, junqi::kMaxArmies> placed{};
  for (int i = 0; i < s.num_players() * junqi::kSlots; ++i)
    if (s.post_of(i) >= 0) ++placed[i / junqi::kSlots];
  for (int i = 0; i < s.num_players() * junqi::kSlots; ++i) {
    const int owner = i / junqi::kSlots;
    if (s.post_of(i) < 0) continue;
    if (seat >= 0 && owner != seat && s.phase() == junqi::Phase::kDeploy && placed[owner] < junqi::kSlots)
      continue;
    ++e.pieces;
    e.hidden += !s.sees(seat, i);
  }
  return e;
}
Expected expected(const mizong::State& s, Player seat) {
  Expected e;
  for (int id = 0; id < s.num_players() * s.home_size(); ++id) {
    if (s.piece(id).cell < 0) continue;
    ++e.pieces;
    e.hidden += seat >= 0 && !s.visible(seat, id);
  }
  return e;
}

template <class S>
const S& concrete(const AnyState& a) {
  return dynamic_cast<const StateAdapter<S>&>(a).state();
}

Expected expected_any(const AnyGame& game, const AnyState& state, Player seat) {
  return with_game(game.id(), [&]<Game G>() { return expected(concrete<typename G::State>(state), seat); });
}

// `plies` actions drawn from Rng(seed): uniform over the legal ones, chance by its distribution.
void advance(AnyState& s, int plies, std::uint64_t seed) {
  Rng rng(seed);
  for (int k = 0; k < plies && !s.is_terminal(); ++k) {
    if (s.is_chance()) {
      const auto outcomes = s.chance_outcomes();
      double u = rng.uniform(), acc = 0;
      Action pick = outcomes.back().first;
      for (const auto& [a, p] : outcomes)
        if ((acc += p) > u) {
          pick = a;
          break;
        }
      s.apply(pick);
    } else {
      const auto legal = s.legal_actions();
      s.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
  }
}

std::unique_ptr<AnyGame> game_of(const std::string& config_file, const std::vector<std::string>& sets = {}) {
  return make_any_game(read_game_config(QILAB_CONFIG_DIR "/" + config_file), sets);
}

}  // namespace

TEST_CASE("svg writer: escaping and numbers") {
  CHECK(svg::escape("a<b>&\"c'\x01") == "a&lt;b&gt;&amp;&quot;c&apos;");
  CHECK(svg::num(1.5) == "1.5");
  CHECK(svg::num(2.0) == "2");
  CHECK(svg::num(-0.0001) == "0");
  CHECK(svg::num(1.0 / 3) == "0.333");
  svg::Writer w(0, 0, 1, 1, 10, "t<1>", "g&", svg::kReferee);
  w.open("g", {{"class", "x\"y"}});
  w.text(0, 0, 1, "#000", "5 < 6");
  const std::string doc = w.finish();  // the open group is closed
  CHECK(doc.find("<title>t&lt;1&gt;</title>") != std::string::npos);
  CHECK(doc.find("data-game=\"g&amp;\"") != std::string::npos);
  CHECK(doc.find("data-seat=\"referee\"") != std::string::npos);
  CHECK(doc.find("class=\"x&quot;y\"") != std::string::npos);
  CHECK(doc.find(">5 &lt; 6</text>\n</g>\n</svg>") != std::string::npos);
  CHECK(svg::seat_colour(0) != svg::seat_colour(1));
}

TEST_CASE("initial positions: the pieces each game starts with") {
  struct Case {
    const char* config;
    int pieces;
  };
  // checkers: 10 marbles a seat; guifa: 7 pieces a seat (no beasts yet); elements: the four
  // heroes in play; mizong: 10 pieces a seat at point size 4, 300 on the seed's board;
  // junqi: nothing placed before the deployment.
  for (const Case c : {Case{"checkers-2p.toml", 20}, Case{"checkers.toml", 60}, Case{"guifa.toml", 28},
                       Case{"guifa-2p.toml", 14}, Case{"elements.toml", 4}, Case{"mizong-small.toml", 60},
                       Case{"mizong.toml", 1800}, Case{"junqi4.toml", 0}, Case{"junqi6.toml", 0}}) {
    CAPTURE(c.config);
    const auto game = game_of(c.config);
    const auto s = game->initial_state();
    const std::string svg = s->render_svg(svg::kReferee);
    CHECK(pieces(svg) == c.pieces);
    CHECK(hidden(svg) == 0);
    CHECK(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    CHECK(svg.ends_with("</svg>\n"));
  }
}

TEST_CASE("checkers: marbles in their owner's colour, on their holes") {
  const auto game = game_of("checkers-2p.toml");
  auto s = game->initial_state();
  s->apply(s->string_to_action("6->14"));  // hand-checked opening step of seat 0 (README example)
  const std::string svg = s->render_svg(0);
  CHECK(pieces(svg) == 20);
  CHECK(count(svg, "data-seat=\"0\" data-kind=\"marble\"") == 10);
  CHECK(count(svg, "data-seat=\"1\" data-kind=\"marble\"") == 10);
  CHECK(svg.find("data-seat=\"0\" data-kind=\"marble\" data-cell=\"14\"") != std::string::npos);
  CHECK(svg.find("data-seat=\"0\" data-kind=\"marble\" data-cell=\"6\"") == std::string::npos);
  CHECK(svg.find(std::string("fill=\"") + std::string(svg::seat_colour(0)) + "\"") != std::string::npos);
}

TEST_CASE("junqi: a seat sees its own ranks, not the enemy's; the referee sees all") {
  const auto game = game_of("junqi4.toml");
  auto s = game->initial_state();
  advance(*s, 100, 7);  // 4 × 25 placements: the deployment is over
  const auto& js = concrete<junqi::State>(*s);
  REQUIRE(js.phase() == junqi::Phase::kPlay);
  const std::string referee = s->render_svg(svg::kReferee), seat0 = s->render_svg(0);
  CHECK(pieces(referee) == 100);
  CHECK(hidden(referee) == 0);
  CHECK(pieces(seat0) == 100);
  CHECK(hidden(seat0) == 75);  // dark game: allies and enemies alike are hidden
  // Seat 0's flag is drawn with its rank in seat 0's view; seat 1's flag only in the referee's.
  CHECK(count(seat0, "data-seat=\"0\" data-kind=\"F\"") == 1);
  CHECK(count(seat0, "data-seat=\"1\" data-kind=\"F\"") == 0);
  CHECK(count(referee, "data-seat=\"1\" data-kind=\"F\"") == 1);
  CHECK(count(seat0, "data-seat=\"1\" data-kind=\"?\"") == 25);
  CHECK(seat0.find("data-seat=\"0\"") != std::string::npos);
}

TEST_CASE("junqi: another seat's deployment is not drawn while it is secret") {
  const auto game = game_of("junqi4.toml");
  auto s = game->initial_state();
  advance(*s, 30, 3);  // seat 0 placed 25, seat 1 five so far
  const auto& js = concrete<junqi::State>(*s);
  REQUIRE(js.phase() == junqi::Phase::kDeploy);
  CHECK(pieces(s->render_svg(svg::kReferee)) == 30);
  CHECK(pieces(s->render_svg(0)) == 25);  // seat 1's five are secret until its deployment is done
  CHECK(pieces(s->render_svg(1)) == 30);  // its own five, and seat 0's finished deployment (hidden)
  CHECK(hidden(s->render_svg(1)) == 25);
  CHECK(pieces(s->render_svg(2)) == 25);
}

TEST_CASE("mizong: dark pieces show '?' and their damage to other seats") {
  const auto game = game_of("mizong-small.toml");
  const auto s = game->initial_state();
  const auto& ms = concrete<mizong::State>(*s);
  int dark_of_others = 0, dark_own = 0;
  for (int id = 0; id < 6 * ms.home_size(); ++id)
    if (ms.piece(id).dark()) (ms.owner(id) == 0 ? dark_own : dark_of_others) += 1;
  REQUIRE(dark_of_others > 0);
  const std::string seat0 = s->render_svg(0), referee = s->render_svg(svg::kReferee);
  CHECK(hidden(referee) == 0);
  CHECK(hidden(seat0) == dark_of_others);
  CHECK(count(seat0, "data-seat=\"0\" data-kind=\"?\"") == 0);
  // HP is written for every piece the viewer identifies.
  CHECK(count(referee, "class=\"hp\"") == 60);
  CHECK(count(seat0, "class=\"hp\"") == 60 - dark_of_others);
  (void)dark_own;
}

TEST_CASE("guifa and elements: squares, cities and tiles are all drawn") {
  const auto guifa_game = game_of("guifa.toml");
  const std::string g = guifa_game->initial_state()->render_svg(svg::kReferee);
  CHECK(count(g, "class=\"square") == 81);
  CHECK(count(g, "class=\"square holy-city\"") == 9);
  CHECK(count(g, "class=\"source\"") == 1);
  const auto elements_game = game_of("elements.toml");
  const auto es = elements_game->initial_state();
  const std::string e = es->render_svg(svg::kReferee);
  const auto& st = concrete<elements::State>(*es);
  int tiles = 0;
  for (int c = 0; c < st.grid().cells(); ++c) tiles += st.height(c) > 0 && !st.is_base(c);
  CHECK(count(e, "class=\"tile\"") == tiles);
  CHECK(count(e, "class=\"base\"") == 2);
  CHECK(count(e, "class=\"energy\"") == 4 * 4);  // four energies for each of the four heroes
}

TEST_CASE("every config: initial and mid-game drawings for each viewer hold the expected pieces") {
  const char* out_dir = std::getenv("QILAB_SVG_OUT");
  nlohmann::json manifest = nlohmann::json::array();
  std::vector<fs::path> configs;
  for (const auto& entry : fs::directory_iterator(QILAB_CONFIG_DIR))
    if (entry.path().extension() == ".toml") configs.push_back(entry.path());
  std::sort(configs.begin(), configs.end());
  REQUIRE(configs.size() >= 10);
  for (const fs::path& path : configs) {
    const auto game = game_of(path.filename().string());
    auto s = game->initial_state();
    for (const int plies : {0, 160}) {
      advance(*s, plies, 11);
      std::vector<Player> viewers{svg::kReferee};
      for (Player p = 0; p < game->num_players(); ++p) viewers.push_back(p);
      for (const Player v : viewers) {
        CAPTURE(path.filename().string());
        CAPTURE(plies);
        CAPTURE(v);
        const std::string svg = s->render_svg(v);
        const Expected want = expected_any(*game, *s, v);
        CHECK(pieces(svg) == want.pieces);
        CHECK(hidden(svg) == want.hidden);
        if (out_dir) {
          const std::string name = path.stem().string() + "-" + std::to_string(s->move_number()) + "-" +
                                   (v < 0 ? std::string("referee") : std::to_string(v)) + ".svg";
          std::ofstream(fs::path(out_dir) / name, std::ios::binary) << svg;
          manifest.push_back(
              {{"file", name}, {"game", game->id()}, {"pieces", want.pieces}, {"hidden", want.hidden}});
        }
      }
    }
  }
  if (out_dir) std::ofstream(fs::path(out_dir) / "manifest.json") << manifest.dump(1);
}

// qilab stats over replayed records: the checkers analysis on positions built by hand, and
// run_stats over games played here (its tables, its errors, and the junqi and mizong analyses
// against a replay of their own).
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "engine/checkers/checkers.h"
#include "engine/core/config.h"
#include "engine/core/error.h"
#include "engine/elements/elements.h"
#include "engine/guifa/guifa.h"
#include "engine/junqi/junqi.h"
#include "engine/mizong/mizong.h"
#include "experiments/analysis/checkers.h"
#include "experiments/match.h"
#include "experiments/referee.h"
#include "experiments/run_stats.h"
#include "tests/checkers/position.h"

using namespace qilab;
using namespace qilab::experiments;

namespace {

checkers::Checkers two_players(int max_turns) {
  Options o(checkers::Checkers::option_specs());
  o.set_from_text("players", "2", "test");
  o.set_from_text("max_turns", std::to_string(max_turns), "test");
  return checkers::Checkers(o);
}

// A two-player position at the turn limit (30 turns). Seat 1's target is holes 0-9, seat 0's
// holes 111-120. `north` is holes 0-9, `middle` the holes from 10 on; the rest is empty.
checkers::State at_turn_limit(const checkers::Checkers& g, const std::string& north,
                              const std::string& middle) {
  std::string board = north + middle + std::string(121 - north.size() - middle.size(), '.');
  return g.state_from_json(testing::checkers_position_json(2, board, 0, 30));
}

}  // namespace

TEST_CASE("checkers analysis: a stalled game with a seat-0 piece in seat 1's target is a deadlock") {
  const auto g = two_players(30);
  // Hole 0 holds a piece of seat 0; seat 1 has 9 pieces in its target and one outside.
  const auto blocked = at_turn_limit(g, "0111111111", "1000000000");
  REQUIRE(blocked.is_terminal());
  CheckersAnalysis a;                  // no progress recorded since turn 0: 30 turns >= 10 rounds of 2 seats
  a.before(blocked, checkers::kPass);  // one forced pass in this game
  GameRecord r;
  const std::vector<Outcome> drawn = {Outcome::kDraw, Outcome::kDraw};
  const Ending e = a.end(blocked, r, drawn);
  CHECK(e.kind == "deadlock");
  CHECK(e.timeout);
  CHECK(a.deadlocked == 1);
  CHECK(a.blocked_seats == 1);
  CHECK(a.blocking_pieces == 1);
  CHECK(a.games_with_pass == 1);
  // Hole 0 empty, seat 0's pieces all outside the north point: the turn limit, no deadlock.
  const auto open = at_turn_limit(g, ".111111111", "10000000000");
  CHECK(a.end(open, r, drawn).kind == "turn_limit");
  CHECK(a.games == 2);
  CHECK(a.turn_limit == 2);
  CHECK(a.stalled == 2);
  CHECK(a.deadlocked == 1);
  CHECK(a.games_with_pass == 1);  // the pass was in the first game only
  const auto j = a.to_json();
  CHECK(j["deadlocks"]["games"]["count"] == 1);
  CHECK(j["deadlocks"]["games"]["games"] == 2);
  CHECK(j["endings"]["deadlock"]["count"] == 1);
  CHECK(j["endings"]["turn_limit"]["count"] == 1);
  // The blocked position again, but with progress on its last turn: not stalled, no deadlock.
  CheckersAnalysis b;
  b.begin(blocked);
  CHECK(b.end(blocked, r, drawn).kind == "turn_limit");
  CHECK(b.stalled == 0);
  CHECK(b.deadlocked == 0);
}

TEST_CASE("run_stats replays played games and refuses one whose returns were edited") {
  const auto g = two_players(30);
  MatchConfig cfg;
  cfg.agents = {"random", "greedy"};
  cfg.seed = 9;
  const RunIdentity id = identity_of(g, cfg);
  std::vector<GameRecord> records;
  for (int i = 0; i < 5; ++i) records.push_back(play_game(g, id, i));
  StatsOptions o;
  o.trace_games = 2;
  o.source = "run/games.jsonl";
  const auto stats = run_stats(records, o);
  CHECK(stats["records"] == 5);
  CHECK(stats["trace"]["games"] == 2);
  const auto& v = stats["games"][0]["variants"][0];
  CHECK(v["records"] == 5);
  CHECK(v["traced"] == 2);
  CHECK(v["agents"] == nlohmann::json::array({"random", "greedy"}));
  const auto& t = v["tables"];
  CHECK(t["games"] == 5);
  CHECK(t["outcome_metrics"]["branching_factor"]["games"] == 2);
  // Seat 0 moves first in every game.
  CHECK(t["first_mover"]["by_seat"] == nlohmann::json::array({5, 0}));
  // The length of every game is its number of actions.
  double actions = 0;
  for (const auto& r : records) actions += static_cast<double>(r.actions.size());
  CHECK(t["outcome_metrics"]["duration"]["actions"].get<double>() == doctest::Approx(actions / 5));
  CHECK(stats["games"][0]["analysis"]["games"] == 5);

  records[1].returns = {1, -1};
  if (records[1].returns == play_game(g, id, 1).returns) records[1].returns = {-1, 1};
  CHECK_THROWS_WITH_AS(run_stats(records, o),
                       doctest::Contains("run/games.jsonl: record 2 (game index 1): field 'returns'"), Error);
  records[1] = play_game(g, id, 1);
  records[1].actions[0] = 725;
  CHECK_THROWS_WITH_AS(run_stats(records, o),
                       doctest::Contains("record 2 (game index 1): field 'actions[0]'"), Error);
}

TEST_CASE("run_stats replays a game a forfeit ended, and refuses one that goes on after it") {
  const auto g = two_players(40);
  RunIdentity id;
  id.game = "checkers";
  id.agents = {"random", "greedy"};
  id.seats = 2;
  id.teams = {0, 1};
  // Seat 1 forfeits before its third move: checkers has no rule of its own for it, so the game
  // ends there and seat 0 wins (forfeit_returns), as the referee records it.
  GameRecord r = play_game(g, id, 0);
  r.actions.resize(5);
  r.events = nlohmann::json::array({{{"ply", 5}, {"seat", 1}, {"kind", "error"}, {"forfeit", true}}});
  r.returns = forfeit_returns(2, std::vector<int>{0, 1}, 1);
  r.ending = "forfeit";
  StatsOptions o;
  o.source = "run/tournament.db";
  const auto stats = run_stats({r}, o);
  const auto& t = stats["games"][0]["variants"][0]["tables"];
  CHECK(t["games"] == 1);
  CHECK(t["seat_equality"]["wins"] == nlohmann::json::array({1, 0}));
  // A record that goes on after the forfeit that ended it is damaged.
  r.events[0]["ply"] = 4;
  CHECK_THROWS_WITH_AS(
      run_stats({r}, o),
      doctest::Contains("run/tournament.db: record 1 (game index 0): a forfeit ended the game at "
                        "action 4, the record has 5"),
      Error);
}

namespace {

// Game 0 of random self-play on `g`, cut at its first decision from the fourth action on, where
// the seat to move forfeits (an agent that threw) and the referee ends the game (junqi: during
// deployment). Every game's analysis must name the ending "forfeit", and no timeout.
template <Game G>
void check_forfeit_ending(const G& g) {
  MatchConfig cfg;
  cfg.agents = {"random"};
  cfg.seed = 6;
  const RunIdentity id = identity_of(g, cfg);
  GameRecord r = play_game(g, id, 0);
  auto s = g.initial_state();
  std::size_t k = 0;
  for (; k < 3 || s.is_chance(); ++k) {
    REQUIRE(k < r.actions.size());
    s.apply(r.actions[k]);
  }
  REQUIRE_FALSE(s.is_terminal());
  const Player seat = s.current_player();
  r.actions.resize(k);
  r.events = nlohmann::json::array({{{"ply", k}, {"seat", seat}, {"kind", "error"}, {"forfeit", true}}});
  r.returns = forfeit_returns(g.num_players(), id.teams, seat);
  r.ending = "forfeit";
  const auto stats = run_stats({r});
  const auto& endings = stats["games"][0]["analysis"]["endings"];
  CHECK(endings.size() == 1);
  CHECK(endings["forfeit"]["count"] == 1);
  CHECK(stats["games"][0]["variants"][0]["tables"]["outcome_metrics"]["timeouts"]["count"] == 0);
}

template <Game G>
G game_of(const std::string& config) {
  return G(resolve_options(G::option_specs(), read_game_config(config), {}));
}

}  // namespace

TEST_CASE("a game a forfeit ended is the ending 'forfeit' in every game's analysis, not a timeout") {
  SUBCASE("checkers") { check_forfeit_ending(two_players(40)); }
  SUBCASE("guifa") { check_forfeit_ending(game_of<guifa::Guifa>("configs/games/guifa-2p.toml")); }
  SUBCASE("junqi, during deployment") {
    check_forfeit_ending(game_of<junqi::Junqi4>("configs/games/junqi4.toml"));
  }
  SUBCASE("elements") { check_forfeit_ending(game_of<elements::Elements>("configs/games/elements-4p.toml")); }
  SUBCASE("mizong") { check_forfeit_ending(game_of<mizong::Mizong>("configs/games/mizong-small.toml")); }
}

TEST_CASE("mizong's endings are the game's own words, as its records name them") {
  const mizong::Mizong g(resolve_options(mizong::Mizong::option_specs(),
                                         read_game_config("configs/games/mizong-small.toml"),
                                         {"round_cap=200"}));
  MatchConfig cfg;
  cfg.agents = {"playout"};
  cfg.seed = 2;
  const RunIdentity id = identity_of(g, cfg);
  std::vector<GameRecord> records;
  std::map<std::string, std::int64_t> stored;
  for (int i = 0; i < 10; ++i) {
    records.push_back(play_game(g, id, i));
    ++stored[records.back().ending];
  }
  std::map<std::string, std::int64_t> analysed;
  const auto stats = run_stats(records);
  for (const auto& [kind, r] : stats["games"][0]["analysis"]["endings"].items())
    analysed[kind] = r["count"].get<std::int64_t>();
  CHECK(stored.contains("annihilation"));  // an ending the analysis once called otherwise
  CHECK(nlohmann::json(analysed) == nlohmann::json(stored));
}

TEST_CASE("stats text: a run with many variants shows the five with the most games and counts the rest") {
  MatchConfig cfg;
  cfg.agents = {"random", "greedy"};
  cfg.seed = 4;
  std::vector<GameRecord> records;
  for (int t = 20; t < 27; ++t) {  // seven variants; the one of 20 turns has three games
    const auto g = two_players(t);
    const RunIdentity id = identity_of(g, cfg);
    for (int i = 0; i < (t == 20 ? 3 : 1); ++i)
      records.push_back(play_game(g, id, static_cast<std::int64_t>(records.size())));
  }
  const auto stats = run_stats(records);
  REQUIRE(stats["games"][0]["variants"].size() == 7);
  const std::string text = format_stats(stats);
  std::size_t tables = 0;
  for (std::size_t at = text.find("== checkers {"); at != std::string::npos;
       at = text.find("== checkers {", at + 1))
    ++tables;
  CHECK(tables == 5);
  CHECK(text.find("\"max_turns\":20") < text.find("\"max_turns\":21"));  // the most games first
  CHECK(text.find("== checkers: 2 more variants (options drawn per game), 2 games between them") !=
        std::string::npos);
}

TEST_CASE("junqi and mizong analyses agree with a replay of the same games") {
  MatchConfig cfg;
  cfg.agents = {"random"};
  cfg.seed = 4;
  // junqi4: the fights tabled are every fight the final positions list.
  {
    Options o(junqi::Junqi4::option_specs());
    const junqi::Junqi4 g(o);
    const RunIdentity id = identity_of(g, cfg);
    std::vector<GameRecord> records;
    std::int64_t fights = 0;
    for (int i = 0; i < 3; ++i) {
      records.push_back(play_game(g, id, i));
      auto s = g.initial_state();
      for (Action a : records.back().actions) s.apply(a);
      fights += s.num_fights();
    }
    const auto a = run_stats(records)["games"][0]["analysis"];
    std::int64_t tabled = 0;
    for (const auto& t : a["takes"]) {
      tabled += t["fights"].get<std::int64_t>();
      CHECK(t["fights"] == t["attacker_wins"].get<std::int64_t>() + t["defender_wins"].get<std::int64_t>() +
                               t["both_die"].get<std::int64_t>());
    }
    CHECK(fights > 0);
    CHECK(tabled == fights);
    std::int64_t ended = 0;
    for (const auto& [kind, r] : a["endings"].items()) ended += r["count"].get<std::int64_t>();
    CHECK(ended == 3);
  }
  // mizong (the small board): the attacks tabled are the attack actions of the records.
  {
    const GameConfig config = read_game_config("configs/games/mizong-small.toml");
    const mizong::Mizong g(resolve_options(mizong::Mizong::option_specs(), config, {}));
    const RunIdentity id = identity_of(g, cfg);
    std::vector<GameRecord> records;
    std::int64_t attacks = 0;
    const mizong::Layout layout(g.initial_state().layout());
    for (int i = 0; i < 2; ++i) {
      records.push_back(play_game(g, id, i));
      for (Action a : records.back().actions) attacks += a >= layout.attack && a < layout.heal;
    }
    const auto a = run_stats(records)["games"][0]["analysis"];
    std::int64_t tabled = 0;
    for (const auto& d : a["damage_by_attributes"]) tabled += d["attacks"].get<std::int64_t>();
    CHECK(attacks > 0);
    CHECK(tabled == attacks);
  }
}

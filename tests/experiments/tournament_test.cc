// Tournaments: seat and side rotation (three agents on two seats, teams), forfeits of agents
// that throw or run out of time, the SQLite store's round trip, resume, exports and refusals.
#include <doctest/doctest.h>

#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "engine/core/error.h"
#include "engine/core/input.h"
#include "engine/core/record.h"
#include "engine/junqi/junqi.h"
#include "engine/registry.h"
#include "tests/error_of.h"
#include "experiments/agent_pool.h"
#include "experiments/batched_play.h"
#include "experiments/match.h"
#include "experiments/notation_replay.h"
#include "experiments/rotation.h"
#include "experiments/store.h"
#include "experiments/tournament.h"
#include "race_game.h"

namespace fs = std::filesystem;
using namespace qilab;
using namespace qilab::experiments;
using qilab::testing::error_of;

namespace {

std::string fresh_dir(const std::string& name) {
  const fs::path p = fs::temp_directory_path() / ("qilab_tour_" + std::to_string(::getpid()) + "_" + name);
  fs::remove_all(p);
  return p.string();
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void sql(const std::string& db_path, const char* statement) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(db_path.c_str(), &db) == SQLITE_OK);
  char* msg = nullptr;
  const int rc = sqlite3_exec(db, statement, nullptr, nullptr, &msg);
  INFO((msg ? msg : ""));
  sqlite3_free(msg);
  sqlite3_close(db);
  REQUIRE(rc == SQLITE_OK);
}

// The rows PRAGMA foreign_key_check reports: seats or move statistics whose game or agent
// the store does not hold.
int foreign_key_violations(const std::string& db_path) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(db_path.c_str(), &db) == SQLITE_OK);
  int rows = 0;
  const int rc = sqlite3_exec(
      db, "PRAGMA foreign_key_check;",
      [](void* n, int, char**, char**) { return ++*static_cast<int*>(n), 0; }, &rows, nullptr);
  sqlite3_close(db);
  REQUIRE(rc == SQLITE_OK);
  return rows;
}

const testing::Race& race(int players = 3) {
  static std::map<int, testing::Race> games;
  auto it = games.find(players);
  if (it == games.end()) {
    Options o(testing::Race::option_specs());
    o.set_from_text("players", std::to_string(players), "test");
    it = games.emplace(players, testing::Race(o)).first;
  }
  return it->second;
}

TournamentConfig race_config(const std::string& text) {
  return parse_tournament_config("game = \"configs/games/checkers-2p.toml\"\n" + text, "race.toml");
}

// Throws at its `fail_at`-th choice (counting from 1); plays at random before.
template <GameState S>
class ThrowingAgent final : public Agent<S> {
 public:
  explicit ThrowingAgent(int fail_at) : fail_at_(fail_at) {}
  std::string name() const override { return "thrower"; }
  Action choose(const S& view, Rng& rng) override {
    if (++calls_ == fail_at_) throw std::runtime_error("the agent's model file is missing");
    return random_.choose(view, rng);
  }

 private:
  int fail_at_, calls_ = 0;
  RandomAgent<S> random_;
};

// Sleeps past any small limit at every choice.
template <GameState S>
class SlowAgent final : public Agent<S> {
 public:
  std::string name() const override { return "slow"; }
  Action choose(const S& view, Rng& rng) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(15));
    return random_.choose(view, rng);
  }

 private:
  RandomAgent<S> random_;
};

// Chooses legal[n mod size], n its choices since it was made or last reset: the games it plays
// depend on reset() before each of them.
template <GameState S>
class TallyAgent final : public Agent<S> {
 public:
  std::string name() const override { return "tally"; }
  bool reusable() const override { return true; }
  Action choose(const S& view, Rng&) override {
    view.legal_actions(list_);
    return list_[static_cast<int>(n_++ % static_cast<std::size_t>(list_.size()))];
  }
  void reset() override { n_ = 0; }

 private:
  std::size_t n_ = 0;
  ActionList list_;
};

// A record as JSON without the search's measured thinking times, the one part of a record
// that differs between two plays of a game.
nlohmann::json canon(const GameRecord& r) {
  nlohmann::json j = r.to_json();
  for (auto& x : j["stats"]) x["stats"].erase("time_ms");
  return j;
}

template <Game G>
RunIdentity identity_for(const G& game) {
  RunIdentity id;
  id.game = std::string(G::kId);
  id.options = game.options().to_json();
  id.config_hash = game.options().hash();
  id.seed = 11;
  id.seats = game.num_players();
  id.teams = game_teams(game.initial_state());
  return id;
}

}  // namespace

TEST_CASE("play rotation: three agents on two seats meet in both orders, every seat equally often") {
  const std::vector<std::string> abc{"a", "b", "c"};
  std::map<std::pair<std::string, std::string>, int> order;
  std::map<std::pair<std::string, int>, int> seat_count;
  for (int i = 0; i < 6; ++i) {
    const auto s = seat_agents(abc, 2, i);
    ++order[{s[0], s[1]}];
    for (int k = 0; k < 2; ++k) ++seat_count[{s[static_cast<std::size_t>(k)], k}];
  }
  // Before the fix a-b, b-c, c-a came in one order only.
  for (const auto& [p, n] : order) CHECK(n == 1);
  CHECK(order.size() == 6);
  for (const auto& [k, n] : seat_count) CHECK(n == 2);
  CHECK(seat_count.size() == 6);
  // Lists no longer than the seats keep the plain rotation.
  CHECK(seat_agents(abc, 3, 4) == std::vector<std::string>{"b", "c", "a"});
}

TEST_CASE(
    "tournament line-ups: all-play-all of three agents on two seats, each pairing in both seat orders") {
  auto cfg = race_config("agents = [\"a\", \"b\", \"c\"]\ngames_per_lineup = 4\n");
  const auto sides = seat_sides({0, 1});
  CHECK(sides == std::vector<int>{0, 1});
  const auto lineups = tournament_lineups(cfg, 2);
  REQUIRE(lineups == std::vector<std::vector<std::string>>{{"a", "b"}, {"a", "c"}, {"b", "c"}});
  std::map<std::vector<std::string>, int> seatings;
  std::map<std::pair<std::string, int>, int> seat_count;
  for (const auto& l : lineups)
    for (int i = 0; i < 4; ++i) {
      const auto s = lineup_seats(l, sides, i);
      ++seatings[s];
      for (int k = 0; k < 2; ++k) ++seat_count[{s[static_cast<std::size_t>(k)], k}];
    }
  CHECK(seatings.size() == 6);  // a-b, b-a, a-c, c-a, b-c, c-b
  for (const auto& [s, n] : seatings) CHECK(n == 2);
  for (const auto& [k, n] : seat_count) CHECK(n == 4);
  // Games per line-up must let every agent hold every side equally often.
  cfg.games_per_lineup = 3;
  CHECK(error_of([&] { tournament_lineups(cfg, 2); }).find("expected a multiple of 2") != std::string::npos);
}

TEST_CASE("tournament line-ups keep teams together and swap them between sides") {
  // junqi6: seats alternate the two sides.
  const std::vector<int> teams{0, 1, 0, 1, 0, 1};
  const auto sides = seat_sides(teams);
  CHECK(sides == std::vector<int>{0, 1, 0, 1, 0, 1});
  const std::vector<std::string> l{"x", "y"};
  CHECK(lineup_seats(l, sides, 0) == std::vector<std::string>{"x", "y", "x", "y", "x", "y"});
  CHECK(lineup_seats(l, sides, 1) == std::vector<std::string>{"y", "x", "y", "x", "y", "x"});
  // Teams numbered out of seat order (2v2 with seats 0,3 against 1,2) stay together too.
  const auto odd = seat_sides({5, 2, 2, 5});
  CHECK(odd == std::vector<int>{0, 1, 1, 0});
  CHECK(lineup_seats(l, odd, 1) == std::vector<std::string>{"y", "x", "x", "y"});
  // No shared team: a side is a seat.
  CHECK(seat_sides({0, 1, 2}) == std::vector<int>{0, 1, 2});
  // A listed line-up of one agent is self-play; another length is refused.
  auto cfg = race_config(
      "agents = [\"a\", \"b\"]\ngames_per_lineup = 2\nlineups = [[\"a\"], [\"a\", \"b\", \"b\"]]\n");
  CHECK(
      error_of([&] { tournament_lineups(cfg, 2); }) ==
      "race.toml: field 'lineups[1]' has 3 agents, expected 2 (one per side of this game) or 1 (self-play)");
}

TEST_CASE("an agent that throws forfeits its seat; the event is recorded and the record replays") {
  const auto& game = race(3);
  const RunIdentity id = identity_for(game);
  using S = testing::RaceState;
  auto make = [](const testing::Race&, const std::string& name) -> AgentPtr<S> {
    if (name == "thrower") return std::make_unique<ThrowingAgent<S>>(2);
    return std::make_unique<RandomAgent<S>>();
  };
  const GameRecord r = play_seated(game, id, 0, {"random", "thrower", "random"}, make, Referee{}, 4);
  REQUIRE(r.events.size() == 1);
  const auto& e = r.events[0];
  CHECK(e["seat"] == 1);
  CHECK(e["kind"] == "error");
  CHECK(e["forfeit"] == true);
  CHECK(e["message"] == "the agent's model file is missing");
  // Seat 1 first decides at ply 3 (roll, seat 0, roll, seat 1); its second decision is at ply 9.
  CHECK(e["ply"] == 9);
  CHECK(r.actions.size() == 9);  // the game ended there
  CHECK(r.returns == std::vector<double>{1, -1, 1});
  CHECK(r.lineup == 4);
  CHECK(replay_difference(game, r) == "");
  // The record reads back as written.
  const GameRecord back = GameRecord::from_json(parse_json(r.to_json().dump(), "r"), "r");
  CHECK(back.events == r.events);
  CHECK(back.lineup == 4);
  // An edited record whose forfeit returns differ is caught by the replay.
  GameRecord edited = r;
  edited.returns = {1, 1, -1};
  CHECK(replay_difference(game, edited).find("the forfeit gives [1.0,-1.0,1.0]") != std::string::npos);
  GameRecord moved = r;
  moved.events[0]["seat"] = 2;
  CHECK(replay_difference(game, moved).find("not the seat to move") != std::string::npos);
}

TEST_CASE("forfeit returns: the forfeiting seat's team loses, the others share the top") {
  CHECK(forfeit_returns(2, {}, 0) == std::vector<double>{-1, 1});
  CHECK(forfeit_returns(4, std::vector<int>{0, 1, 0, 1}, 2) == std::vector<double>{-1, 1, -1, 1});
  const std::vector<double> ffa = forfeit_returns(3, {}, 1);
  CHECK(seat_outcomes(ffa) == std::vector<Outcome>{Outcome::kDraw, Outcome::kLoss, Outcome::kDraw});
}

TEST_CASE("junqi6: a seat that throws in play is eliminated by the game's rule and the game goes on") {
  const junqi::Junqi6 game(resolve_options(
      junqi::Junqi6::option_specs(), GameConfig{"junqi6", "test", nlohmann::json::object()},
      {"deployments=front_heavy,front_heavy,front_heavy,front_heavy,front_heavy,front_heavy"}));
  const RunIdentity id = identity_for(game);
  using S = junqi::State;
  auto make = [](const junqi::Junqi6&, const std::string& name) -> AgentPtr<S> {
    if (name == "thrower") return std::make_unique<ThrowingAgent<S>>(1);
    return std::make_unique<RandomAgent<S>>();
  };
  const GameRecord r =
      play_seated(game, id, 3, {"random", "random", "thrower", "random", "random", "random"}, make);
  REQUIRE(r.events.size() == 1);
  CHECK(r.events[0]["seat"] == 2);
  CHECK(r.events[0]["forfeit"] == true);
  const auto ply = r.events[0]["ply"].get<std::size_t>();
  CHECK(r.actions.size() > ply + 10);  // the others played on
  CHECK(replay_difference(game, r) == "");
  // Seat 2 never moved: no action after the forfeit is seat 2's.
  S s = game.initial_state();
  for (std::size_t k = 0; k < r.actions.size(); ++k) {
    if (k == ply) s.forfeit(2);
    if (k >= ply) CHECK(s.current_player() != 2);
    s.apply(r.actions[k]);
  }
  CHECK(s.is_terminal());
  CHECK(s.eliminated(2));
}

TEST_CASE("an agent over the time limit is warned, then forfeits at max_timeouts") {
  const auto& game = race(2);
  const RunIdentity id = identity_for(game);
  using S = testing::RaceState;
  auto make = [](const testing::Race&, const std::string& name) -> AgentPtr<S> {
    if (name == "slow") return std::make_unique<SlowAgent<S>>();
    return std::make_unique<RandomAgent<S>>();
  };
  Referee referee;
  referee.move_time_limit_ms = 2;
  referee.max_timeouts = 2;
  const GameRecord r = play_seated(game, id, 0, {"slow", "random"}, make, referee);
  REQUIRE(r.events.size() == 2);
  CHECK(r.events[0]["kind"] == "timeout");
  CHECK(r.events[0]["forfeit"] == false);
  CHECK(r.events[0]["message"].get<std::string>().find("over the limit of 2 ms (1 of 2)") !=
        std::string::npos);
  CHECK(r.events[1]["forfeit"] == true);
  CHECK(r.returns == std::vector<double>{-1, 1});
  CHECK(replay_difference(game, r) == "");
}

TEST_CASE("the store: a tournament round-trips every game; a rerun resumes; exports") {
  const auto dir = fresh_dir("store");
  auto cfg = race_config(
      "name = \"race-test\"\nseed = 5\nagents = [\"random\", \"greedy\", {name = \"m\", agent = \"mcts\", "
      "options = {simulations = 8}}]\ngames_per_lineup = 6\nbatch = 4\n");
  const auto& game = race(2);
  const auto rep = run_tournament(game, cfg, dir);
  CHECK(rep.played == 18);
  CHECK(rep.resumed == 0);
  CHECK(rep.summary["games"] == 18);
  const std::string db = dir + "/tournament.db";
  CHECK(rep.store_path == db);
  CHECK(rep.summary["store"] == db);
  // The store closed (it closes beside the summary) before the run returned: its last checkpoint
  // copied everything into the file and removed the WAL.
  CHECK_FALSE(fs::exists(db + "-wal"));
  const auto records = read_store_records(db);
  REQUIRE(records.size() == 18);
  // Each equals the game played directly.
  const TournamentPlan plan = plan_tournament(cfg, "race", game.options().to_json(), {0, 1});
  RunIdentity id = identity_for(game);
  id.seed = 5;
  id.program = plan.identity.program;
  auto make = [&](const testing::Race& g, const std::string& name) {
    return make_agent(g, plan.spec_of.at(name));
  };
  // The store keeps actions, not notation: a game played with notation is the stored record
  // plus its notation.
  std::vector<GameRecord> noted;
  for (std::int64_t g = 0; g < 18; ++g) {
    noted.push_back(play_seated(
        game, id, g, lineup_seats(plan.lineups[static_cast<std::size_t>(g / 6)], plan.sides, g % 6), make,
        Referee{}, g / 6));
    const GameRecord& stored = records[static_cast<std::size_t>(g)];
    CHECK(stored.notation.empty());
    CHECK(!stored.actions.empty());
    GameRecord without = noted.back();
    without.notation.clear();
    CHECK(canon(stored) == canon(without));
  }
  CHECK(records[7].agents == std::vector<std::string>{"m", "random"});  // line-up 1 (random, m), game 1
  CHECK(!records[7].stats.empty());                                     // per-move search statistics kept

  // Lose games 3 and 10 as an interruption would (never partly): the rerun plays just those.
  sql(db,
      "DELETE FROM seats WHERE game IN (3, 10); DELETE FROM move_stats WHERE game IN (3, 10); "
      "DELETE FROM games WHERE idx IN (3, 10);");
  const auto again = run_tournament(game, cfg, dir);
  CHECK(again.played == 2);
  CHECK(again.resumed == 16);
  const auto resumed = read_store_records(db);
  REQUIRE(resumed.size() == 18);
  for (std::size_t k = 0; k < 18; ++k) CHECK(canon(resumed[k]) == canon(records[k]));
  auto strip = [](nlohmann::json s) {
    s.erase("run");
    s.erase("store");
    return s;
  };
  CHECK(strip(again.summary) == strip(rep.summary));
  // A resumed game is replayed before it is summed: an edited result, a damaged actions blob or
  // another agent in a seat is named, and the store and summary are left as they were.
  const std::string summary = slurp(dir + "/summary.json");
  for (const auto& [damage, named] : std::vector<std::pair<const char*, const char*>>{
           {"UPDATE seats SET result = 99 WHERE game = 4 AND seat = 0;", "game 4 does not replay: "},
           {"UPDATE games SET actions = x'00' WHERE idx = 5;", "game 5 does not replay: "},
           {"UPDATE seats SET agent = (SELECT agent FROM seats WHERE game = 6 AND seat = 1) WHERE game = 6 "
            "AND "
            "seat = 0;",
            "game 6 does not replay: line-up 1, agents"}}) {
    const auto copy = fresh_dir("store_damaged");
    fs::create_directories(copy);
    fs::copy_file(db, copy + "/tournament.db");
    sql(copy + "/tournament.db", damage);
    const std::string before = slurp(copy + "/tournament.db");
    CHECK_THROWS_WITH_AS(run_tournament(game, cfg, copy), doctest::Contains(named), Error);
    CHECK(slurp(copy + "/tournament.db") == before);
    CHECK_FALSE(fs::exists(copy + "/summary.json"));
  }
  CHECK(slurp(dir + "/summary.json") == summary);
  // Every seat and move statistic names a stored game and a listed agent (the writer keeps the
  // schema's references; SQLite is not asked to check them row by row). The check can fail:
  // an orphan seat is found.
  CHECK(foreign_key_violations(db) == 0);
  sql(db, "INSERT INTO seats(game, seat, agent, team, result, outcome) VALUES(99, 0, 1, 0, 1.0, 'win');");
  CHECK(foreign_key_violations(db) == 1);
  sql(db, "DELETE FROM seats WHERE game = 99;");

  // Same games for 2 threads.
  const auto dir2 = fresh_dir("store2");
  auto cfg2 = cfg;
  cfg2.threads = 2;
  run_tournament(game, cfg2, dir2);
  const auto two = read_store_records(dir2 + "/tournament.db");
  REQUIRE(two.size() == 18);
  for (std::size_t k = 0; k < 18; ++k) CHECK(canon(two[k]) == canon(records[k]));

  // Exports: JSON Lines are the records with their notation, written by replaying each game
  // (the race is not a registered game: its writer is given); CSV one row per seat.
  export_jsonl(db, dir + "/games.jsonl", [&](std::vector<GameRecord>& rs) {
    for (GameRecord& r : rs) write_notation_with(game, r);
  });
  // Written a batch at a time (five games here): the same file.
  std::vector<std::size_t> batches;
  export_jsonl(db, dir + "/batched.jsonl",
               [&](std::vector<GameRecord>& rs) {
                 batches.push_back(rs.size());
                 for (GameRecord& r : rs) write_notation_with(game, r);
               },
               {5, std::size_t{64} << 20});
  CHECK(batches == std::vector<std::size_t>{5, 5, 5, 3});
  CHECK(slurp(dir + "/batched.jsonl") == slurp(dir + "/games.jsonl"));
  const auto lines = read_records(dir + "/games.jsonl");
  REQUIRE(lines.size() == 18);
  for (std::size_t k = 0; k < 18; ++k) {
    CHECK(lines[k].notation == noted[k].notation);
    CHECK(canon(lines[k]) == canon(noted[k]));
  }
  export_csv(db, dir + "/seats.csv");
  const std::string csv = slurp(dir + "/seats.csv");
  CHECK(csv.starts_with("game,lineup,seat,team,agent,return,outcome,length,forfeits,setup\n"));
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 1 + 18 * 2);
  const std::string row0 = "0,0,0,0," + records[0].agents[0] + ",";
  CHECK(csv.find("\n" + row0) != std::string::npos);
}

TEST_CASE("agents kept from game to game (agent_pool.h) play exactly the games of agents built for each") {
  using S = testing::Race::State;
  const auto& game = race(2);
  for (const int threads : {1, 2}) {
    CAPTURE(threads);
    auto cfg = race_config("seed = 3\nagents = [\"tally\", \"random\"]\ngames_per_lineup = 12\nbatch = 5\n");
    cfg.threads = threads;
    const auto dir = fresh_dir("pool" + std::to_string(threads));
    std::atomic<int> made{0};
    auto make = [&](const testing::Race& g, const std::string& spec) -> AgentPtr<S> {
      ++made;
      if (spec == "tally") return std::make_unique<TallyAgent<S>>();
      return make_agent(g, spec);
    };
    const TournamentPlan plan = plan_tournament(cfg, "race", game.options().to_json(), {0, 1});
    const TournamentRun run = play_tournament(game, cfg, plan, dir, make);
    CHECK(run.played == 12);
    // One check of each agent before the games, then at most one of each a thread.
    CHECK(made <= 2 + 2 * threads);
    RunIdentity id = identity_for(game);
    id.seed = 3;
    id.program = plan.identity.program;
    const auto stored = read_store_records(dir + "/tournament.db");
    REQUIRE(stored.size() == 12);
    Referee bare;
    bare.notation = false;
    for (std::int64_t g = 0; g < 12; ++g) {
      const GameRecord fresh = play_seated(
          game, id, g, lineup_seats(plan.lineups[0], plan.sides, g),
          [&](const testing::Race& gm, const std::string& name) { return make(gm, plan.spec_of.at(name)); },
          bare);
      CHECK(canon(stored[static_cast<std::size_t>(g)]) == canon(fresh));
    }
  }
}

TEST_CASE("a run keeps each stored game's result as the store reads it back, resumed or out of order") {
  using S = testing::RaceState;
  const auto& game = race(3);
  auto make = [](const testing::Race& g, const std::string& spec) -> AgentPtr<S> {
    if (spec == "thrower") return std::make_unique<ThrowingAgent<S>>(2);
    return make_agent(g, spec);
  };
  auto cfg = race_config(
      "seed = 8\nagents = [\"random\", \"greedy\", \"thrower\"]\ngames_per_lineup = 9\nbatch = 2\n");
  cfg.threads = 2;
  const TournamentPlan plan = plan_tournament(cfg, "race", game.options().to_json(), {0, 1, 2});
  const auto dir = fresh_dir("results");
  auto same = [](const std::vector<Store::Result>& kept, const std::vector<Store::Result>& read) {
    REQUIRE(kept.size() == read.size());
    for (std::size_t k = 0; k < kept.size(); ++k) {
      CAPTURE(k);
      CHECK(kept[k].index == read[k].index);
      CHECK(kept[k].lineup == read[k].lineup);
      CHECK(kept[k].length == read[k].length);
      CHECK(kept[k].forfeits == read[k].forfeits);
      CHECK(kept[k].returns == read[k].returns);
      CHECK(kept[k].agents == read[k].agents);
      CHECK(kept[k].ending == read[k].ending);
    }
  };
  std::int64_t forfeits = 0;
  {
    const TournamentRun run = play_tournament(game, cfg, plan, dir, make);
    CHECK(run.played == 9);
    same(run.results, run.store->results());
    for (const auto& r : run.results) forfeits += r.forfeits;
  }
  CHECK(forfeits > 0);  // the thrower's games are kept with their forfeits
  // Lose games 1, 4 and 5: the rerun keeps the 6 it resumes, in index order with the 3 it plays.
  sql(dir + "/tournament.db",
      "DELETE FROM seats WHERE game IN (1, 4, 5); DELETE FROM move_stats WHERE game IN (1, 4, 5); "
      "DELETE FROM games WHERE idx IN (1, 4, 5);");
  const TournamentRun again = play_tournament(game, cfg, plan, dir, make);
  CHECK(again.played == 3);
  CHECK(again.resumed == 6);
  REQUIRE(again.results.size() == 9);
  for (std::size_t k = 0; k < 9; ++k) CHECK(again.results[k].index == static_cast<std::int64_t>(k));
  same(again.results, again.store->results());
}

TEST_CASE("the agent pool keeps agents that say reset() renews them, one game at a time") {
  using S = testing::Race::State;
  AgentPool<S> pool;
  int made = 0;
  auto tally = [&] {
    ++made;
    return AgentPtr<S>(std::make_unique<TallyAgent<S>>());
  };
  {
    auto a = pool.take("t", tally);
    auto b = pool.take("t", tally);  // a is in play: another is made
    CHECK(&*a != &*b);
    CHECK(made == 2);
  }
  CHECK(pool.free_count() == 2);
  Agent<S>* kept = nullptr;
  {
    auto c = pool.take("t", tally);
    kept = &*c;
    CHECK(made == 2);
  }
  CHECK(&*pool.take("t", tally) == kept);
  {
    auto x = pool.take("x", [] { return AgentPtr<S>(std::make_unique<ThrowingAgent<S>>(5)); });
  }
  CHECK(pool.free_count() == 2);  // not reusable: destroyed
}

TEST_CASE("a schema 1 store (actions and notation as JSON texts) is read and exported, not resumed") {
  // A store as qilab wrote it before actions became a blob: one checkers game of random agents.
  const checkers::Checkers game(resolve_options(checkers::Checkers::option_specs(),
                                                default_config("checkers"), {"players=2", "max_turns=6"}));
  RunIdentity id = identity_for(game);
  id.agents = {"random", "random"};
  const GameRecord played = play_game(game, id, 0);
  REQUIRE(played.notation.size() == played.actions.size());
  const auto dir = fresh_dir("schema1");
  fs::create_directories(dir);
  const std::string db = dir + "/tournament.db";
  const std::string options = game.options().to_json().dump();
  const std::string schema1 =
      "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;"
      "CREATE TABLE agents(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, spec TEXT NOT NULL, options "
      "TEXT NOT "
      "NULL, file_hash TEXT NOT NULL);"
      "CREATE TABLE games(idx INTEGER PRIMARY KEY, lineup INTEGER NOT NULL, options TEXT, config_hash TEXT "
      "NOT "
      "NULL, length INTEGER NOT NULL, actions TEXT NOT NULL, notation TEXT NOT NULL, setups TEXT NOT NULL, "
      "program "
      "TEXT NOT NULL, forfeits INTEGER NOT NULL, events TEXT NOT NULL, ending TEXT NOT NULL);"
      "CREATE TABLE seats(game INTEGER NOT NULL, seat INTEGER NOT NULL, agent INTEGER NOT NULL, team INTEGER "
      "NOT "
      "NULL, result REAL NOT NULL, outcome TEXT NOT NULL, setup TEXT, PRIMARY KEY(game, seat)) WITHOUT ROWID;"
      "CREATE TABLE move_stats(game INTEGER NOT NULL, ply INTEGER NOT NULL, seat INTEGER NOT NULL, stats "
      "TEXT NOT "
      "NULL);"
      "INSERT INTO meta VALUES('format', 'qilab-tournament-store'), ('schema', '1'), ('tournament', 'old'), "
      "('config_text', ''), ('config', '{}'), ('config_hash', 'h1'), ('game', 'checkers'), ('options', '" +
      options +
      "'), ('seed', '11'), ('teams', '[0,1]'), ('program', 'qilab 0.0.9');"
      "INSERT INTO agents VALUES(1, 'random', 'random', '{}', '');"
      "INSERT INTO games VALUES(0, 0, NULL, '" +
      played.config_hash + "', " + std::to_string(played.actions.size()) + ", '" +
      nlohmann::json(played.actions).dump() + "', '" + nlohmann::json(played.notation).dump() +
      "', 'null', 'qilab 0.0.9', 0, '[]', '" + played.ending +
      "');"
      "INSERT INTO seats VALUES(0, 0, 1, 0, " +
      std::to_string(played.returns[0]) + ", 'draw', NULL), (0, 1, 1, 1, " +
      std::to_string(played.returns[1]) + ", 'draw', NULL);";
  sql(db, schema1.c_str());
  const auto records = read_store_records(db);
  REQUIRE(records.size() == 1);
  CHECK(records[0].actions == played.actions);
  CHECK(records[0].notation == played.notation);  // schema 1 kept it
  export_jsonl(db, dir + "/games.jsonl");
  const auto lines = read_records(dir + "/games.jsonl");
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].notation == played.notation);
  // Resuming would mix the two layouts in one table: refused, naming the version.
  const StoreIdentity identity{"old", "", {}, "h1", "checkers", game.options().to_json(), 11, "", {0, 1}, {}};
  CHECK(error_of([&] { Store::open_for_write(db, identity); }) ==
        db + ": schema version 1 (an older qilab's store) can be read and exported, not resumed; use another "
             "--out directory");
}

TEST_CASE("the store: a registered game's export writes the notation its replay gives; damage is named") {
  const auto dir = fresh_dir("blob");
  auto cfg = parse_tournament_config(
      "game = \"configs/games/checkers-2p.toml\"\nagents = [\"random\", \"greedy\"]\ngames_per_lineup = 2\n",
      "blob.toml");
  const checkers::Checkers game(
      resolve_options(checkers::Checkers::option_specs(),
                      read_game_config(QILAB_SOURCE_DIR "/configs/games/checkers-2p.toml"), {"max_turns=8"}));
  run_tournament(game, cfg, dir);
  const std::string db = dir + "/tournament.db";
  export_jsonl(db, dir + "/games.jsonl");  // write_notation: through the registry
  const auto lines = read_records(dir + "/games.jsonl");
  REQUIRE(lines.size() == 2);
  for (const GameRecord& r : lines) {
    REQUIRE(r.notation.size() == r.actions.size());
    auto s = game.initial_state();
    for (std::size_t k = 0; k < r.actions.size(); ++k) {
      CHECK(r.notation[k] == s.action_to_string(r.actions[k]));
      s.apply(r.actions[k]);
    }
  }
  // Schema 3: varints. A blob that stops inside an id, or an id past any action's, is damage.
  sql(db, "UPDATE games SET actions = x'0102ff' WHERE idx = 1;");
  CHECK(error_of([&] { read_store_records(db); }) ==
        db + ": game 1: the actions blob ends inside action 2; the store is damaged");
  sql(db, "UPDATE games SET actions = x'01ffffffff0f' WHERE idx = 1;");  // 2^32 - 1
  CHECK(error_of([&] { read_store_records(db); }) ==
        db + ": game 1: action 1 is larger than an action id can be; the store is damaged");
  sql(db, "UPDATE games SET actions = x'ffff03' WHERE idx = 1;");  // action 65535: not legal at the start
  CHECK(error_of([&] { export_jsonl(db, dir + "/again.jsonl"); }) ==
        db + ": game 1: action 0 (id 65535) is not legal where it stands; the record is damaged");
  CHECK(!fs::exists(dir + "/again.jsonl"));
  // A batch at a time, the damage in the second: the first was written, then taken back; the
  // file there before is left as it was.
  std::ofstream(dir + "/games.jsonl", std::ios::trunc) << "kept\n";
  CHECK(error_of([&] {
          export_jsonl(db, dir + "/games.jsonl", write_notation, {1, 1});
        }) == db + ": game 1: action 0 (id 65535) is not legal where it stands; the record is damaged");
  CHECK(slurp(dir + "/games.jsonl") == "kept\n");
  CHECK(!fs::exists(dir + "/games.jsonl.tmp"));
}

// The actions of a store's games as schema 2 packed them (4-byte little-endian ids).
void repack_as_schema2(const std::string& db_path, const std::vector<GameRecord>& records) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(db_path.c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "UPDATE games SET actions = ? WHERE idx = ?", -1, &st, nullptr) ==
          SQLITE_OK);
  for (const GameRecord& r : records) {
    std::string blob;
    for (const Action a : r.actions)
      for (int b = 0; b < 4; ++b)
        blob.push_back(static_cast<char>((static_cast<std::uint32_t>(a) >> (8 * b)) & 0xff));
    sqlite3_bind_blob(st, 1, blob.data(), static_cast<int>(blob.size()), SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 2, r.index);
    CHECK(sqlite3_step(st) == SQLITE_DONE);
    sqlite3_reset(st);
  }
  sqlite3_finalize(st);
  sqlite3_close(db);
  sql(db_path, "UPDATE meta SET value = '2' WHERE key = 'schema';");
}

TEST_CASE("the store keeps actions as varints (schema 3); a schema 2 store is read and resumed as packed") {
  const auto dir = fresh_dir("varints");
  auto cfg = parse_tournament_config(
      "game = \"configs/games/checkers-2p.toml\"\nagents = [\"random\", \"greedy\"]\ngames_per_lineup = 4\n"
      "batch = 2\n",
      "varints.toml");
  const checkers::Checkers game(resolve_options(
      checkers::Checkers::option_specs(),
      read_game_config(QILAB_SOURCE_DIR "/configs/games/checkers-2p.toml"), {"max_turns=30"}));
  run_tournament(game, cfg, dir);
  const std::string db = dir + "/tournament.db";
  const auto records = read_store_records(db);
  REQUIRE(records.size() == 4);
  CHECK(Store::open_for_read(db).meta()["schema"] == "3");
  {
    // Checkers' ids are below 16384: one or two bytes each, the low 7 bits first.
    sqlite3* h = nullptr;
    REQUIRE(sqlite3_open(db.c_str(), &h) == SQLITE_OK);
    sqlite3_stmt* q = nullptr;
    REQUIRE(sqlite3_prepare_v2(h, "SELECT actions FROM games WHERE idx = 0", -1, &q, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(q) == SQLITE_ROW);
    const auto* p = static_cast<const unsigned char*>(sqlite3_column_blob(q, 0));
    const std::vector<unsigned char> blob(p, p + sqlite3_column_bytes(q, 0));
    sqlite3_finalize(q);
    sqlite3_close(h);
    std::vector<unsigned char> expected;
    for (const Action a : records[0].actions) {
      if (a >= 128) expected.push_back(static_cast<unsigned char>((a & 0x7f) | 0x80));
      expected.push_back(static_cast<unsigned char>(a >= 128 ? a >> 7 : a));
    }
    CHECK(blob == expected);
    CHECK(blob.size() < 4 * records[0].actions.size());
  }
  // The same games packed as schema 2 read back the same; a lost game is played again and
  // written in the store's own packing.
  repack_as_schema2(db, records);
  CHECK(read_store_records(db).size() == 4);
  for (std::size_t k = 0; k < 4; ++k) CHECK(read_store_records(db)[k].to_json() == records[k].to_json());
  sql(db, "DELETE FROM seats WHERE game = 2; DELETE FROM games WHERE idx = 2;");
  const auto again = run_tournament(game, cfg, dir);
  CHECK(again.played == 1);
  CHECK(again.resumed == 3);
  CHECK(Store::open_for_read(db).meta()["schema"] == "2");
  const auto resumed = read_store_records(db);
  REQUIRE(resumed.size() == 4);
  for (std::size_t k = 0; k < 4; ++k) CHECK(resumed[k].to_json() == records[k].to_json());
  {
    // Ids of every length, one to five bytes, round-trip through a schema 3 store.
    const auto big = fresh_dir("varints_big");
    run_tournament(game, cfg, big);
    const std::string big_db = big + "/tournament.db";
    auto r = read_store_records(big_db).at(0);
    const TournamentPlan plan = plan_tournament(cfg, "checkers", game.options().to_json(), {0, 1});
    r.index = 4;
    r.actions = {0, 1, 127, 128, 16383, 16384, 2097151, 2097152, 268435455, 268435456, 2147483647, 5};
    Store::open_for_write(big_db, plan.identity).write({r});
    CHECK(read_store_records(big_db).at(4).actions == r.actions);
    // Ids all below 2^14 (the largest here 16383) take the writer's one- and two-byte path.
    r.index = 5;
    r.actions = {0, 127, 128, 16383, 1, 16256, 5};
    Store::open_for_write(big_db, plan.identity).write({r});
    CHECK(read_store_records(big_db).at(5).actions == r.actions);
    sqlite3* h = nullptr;
    REQUIRE(sqlite3_open(big_db.c_str(), &h) == SQLITE_OK);
    sqlite3_stmt* q = nullptr;
    REQUIRE(sqlite3_prepare_v2(h, "SELECT hex(actions) FROM games WHERE idx = 5", -1, &q, nullptr) ==
            SQLITE_OK);
    REQUIRE(sqlite3_step(q) == SQLITE_ROW);
    CHECK(std::string(reinterpret_cast<const char*>(sqlite3_column_text(q, 0))) == "007F8001FF7F01807F05");
    sqlite3_finalize(q);
    sqlite3_close(h);
  }
  sql(db, "UPDATE games SET actions = x'010203' WHERE idx = 1;");
  CHECK(error_of([&] { read_store_records(db); }) ==
        db + ": game 1: actions blob of 3 bytes, expected 4 bytes an action; the store is damaged");
}

TEST_CASE("the store checkpoints its WAL every 4 MiB while it writes, not only when it closes") {
  const auto dir = fresh_dir("checkpoints");
  auto cfg = parse_tournament_config(
      "game = \"configs/games/checkers-2p.toml\"\nagents = [\"random\"]\ngames_per_lineup = 1\n", "wal.toml");
  const checkers::Checkers game(resolve_options(
      checkers::Checkers::option_specs(),
      read_game_config(QILAB_SOURCE_DIR "/configs/games/checkers-2p.toml"), {"max_turns=30"}));
  run_tournament(game, cfg, dir);
  const std::string db = dir + "/tournament.db";
  const TournamentPlan plan = plan_tournament(cfg, "checkers", game.options().to_json(), {0});
  GameRecord r = read_store_records(db).at(0);
  r.actions.assign(20000, 300);  // 40,000 bytes of varints a game
  {
    Store store = Store::open_for_write(db, plan.identity);
    std::vector<GameRecord> batch;
    for (std::int64_t k = 1; k <= 400; ++k) {  // 16 MB in batches of 50 games (2 MB)
      r.index = k;
      batch.push_back(r);
      if (batch.size() == 50) {
        store.write(batch);
        batch.clear();
      }
    }
    // A checkpoint is due at 4 MiB; it runs beside the writer, which waits for one only when the
    // WAL reaches 8 MiB first: the WAL starts over after at most 8 MiB and a batch. With SQLite's
    // default (1,000 pages of 64 KiB) it would hold all 16 MB.
    CHECK(fs::file_size(db + "-wal") < std::uintmax_t{11} << 20);
  }
  const auto back = read_store_records(db);
  REQUIRE(back.size() == 401);
  CHECK(back.back().actions == r.actions);
}

TEST_CASE("a write that asks for it is checkpointed at once; the others wait for 4 MiB of WAL") {
  const auto dir = fresh_dir("checkpoint_soon");
  auto cfg = parse_tournament_config(
      "game = \"configs/games/checkers-2p.toml\"\nagents = [\"random\"]\ngames_per_lineup = 1\n", "wal.toml");
  const checkers::Checkers game(resolve_options(
      checkers::Checkers::option_specs(),
      read_game_config(QILAB_SOURCE_DIR "/configs/games/checkers-2p.toml"), {"max_turns=30"}));
  run_tournament(game, cfg, dir);
  const std::string db = dir + "/tournament.db";
  const TournamentPlan plan = plan_tournament(cfg, "checkers", game.options().to_json(), {0});
  GameRecord r = read_store_records(db).at(0);
  r.actions.assign(20000, 300);  // 40,000 bytes of varints a game: new pages at every write
  auto batch_from = [&](std::int64_t first) {
    std::vector<GameRecord> batch;
    for (std::int64_t k = first; k < first + 2; ++k) {
      r.index = k;
      batch.push_back(r);
    }
    return batch;
  };
  Store store = Store::open_for_write(db, plan.identity);
  // In WAL mode only a checkpoint writes the database file: its size shows what was copied back.
  const std::uintmax_t before = fs::file_size(db);
  store.write(batch_from(1));  // 80 kB of WAL: no checkpoint is due
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(fs::file_size(db) == before);
  store.write(batch_from(3), true);
  bool copied = false;  // by the checkpointer's thread, soon after the commit
  for (int k = 0; k < 200 && !copied; ++k) {
    copied = fs::file_size(db) > before;
    if (!copied) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  CHECK(copied);
}

TEST_CASE("games are written a batch at a time, or sooner once the last batch is flush_seconds old") {
  // By the game threads themselves, or by a writer thread of its own (batched_play.h).
  for (const bool writer_thread : {false, true})
    for (const int threads : {1, 2}) {
      CAPTURE(writer_thread);
      CAPTURE(threads);
      std::vector<std::size_t> sizes;
      std::vector<std::int64_t> written;
      auto play = [](std::int64_t k) { return k; };
      auto write = [&](const std::vector<std::int64_t>& b) {
        sizes.push_back(b.size());
        written.insert(written.end(), b.begin(), b.end());
      };
      // Never old: batches of 4, then the rest.
      play_in_batches(10, threads, 4, play, write, 1e9, writer_thread);
      CHECK(sizes == std::vector<std::size_t>{4, 4, 2});
      sizes.clear();
      // Always old: every game as it finishes.
      play_in_batches(10, threads, 100, play, write, 0.0, writer_thread);
      CHECK(sizes == std::vector<std::size_t>(10, 1));
      std::sort(written.begin(), written.end());
      std::vector<std::int64_t> expected;
      for (std::int64_t k = 0; k < 10; ++k) expected.insert(expected.end(), {k, k});
      std::sort(expected.begin(), expected.end());
      CHECK(written == expected);  // every game once in each run
      // A write that fails ends the loop with its error; the batch before it was written.
      written.clear();
      int writes = 0;
      auto failing = [&](const std::vector<std::int64_t>& b) {
        if (++writes == 2) throw Error("disk full");
        written.insert(written.end(), b.begin(), b.end());
      };
      CHECK(error_of([&] { play_in_batches(40, threads, 2, play, failing, 1e9, writer_thread); }) ==
            "disk full");
      CHECK(written.size() >= 2);
      CHECK(written.size() < 40);
    }
}

TEST_CASE("towards the end of the games the batches shrink, so that the last write is of a few games") {
  CHECK(batch_due(256, 5000) == 256);
  CHECK(batch_due(256, 1000) == 250);
  CHECK(batch_due(256, 40) == 10);
  CHECK(batch_due(256, 3) == kLastBatch);
  CHECK(batch_due(4, 0) == 4);  // never above the batch
  for (const bool writer_thread : {false, true})
    for (const int threads : {1, 2}) {
      CAPTURE(writer_thread);
      CAPTURE(threads);
      std::vector<std::size_t> sizes;
      std::int64_t written = 0;
      play_in_batches(
          1000, threads, 100, [](std::int64_t k) { return k; },
          [&](const std::vector<std::int64_t>& b) {
            sizes.push_back(b.size());
            written += static_cast<std::int64_t>(b.size());
          },
          1e9, writer_thread);
      CHECK(written == 1000);
      REQUIRE(sizes.size() > 10);
      CHECK(sizes.front() == 100);
      CHECK(*std::max_element(sizes.begin(), sizes.end()) == 100);
      CHECK(sizes.back() <= static_cast<std::size_t>(kLastBatch));
      if (threads == 1) {
        // Games end in order: 6 batches of 100 (400 games left), then a quarter of what is left.
        CHECK(std::is_sorted(sizes.rbegin(), sizes.rend()));
        CHECK(sizes[6] == 80);
        CHECK(sizes[7] == 64);
      }
    }
}

TEST_CASE("the store refuses foreign, newer and other tournaments' databases, writing nothing") {
  const auto& game = race(2);
  auto cfg = race_config("agents = [\"random\"]\ngames_per_lineup = 2\n");
  const auto dir = fresh_dir("refuse");
  fs::create_directories(dir);
  const std::string db = dir + "/tournament.db";

  SUBCASE("a text file") {
    { std::ofstream(db) << "game,seat\n1,2\n"; }
    const std::string before = slurp(db);
    CHECK(error_of([&] { run_tournament(game, cfg, dir); }) ==
          db + ": not a qilab tournament store (file is not a database); expected a database written by "
               "qilab tournament");
    CHECK(slurp(db) == before);
    CHECK(!fs::exists(dir + "/summary.json"));
  }
  SUBCASE("another program's database") {
    sql(db, "CREATE TABLE people(name TEXT);");
    const std::string before = slurp(db);
    CHECK(error_of([&] { read_store_records(db); }).find("without a 'meta' table") != std::string::npos);
    CHECK(error_of([&] { run_tournament(game, cfg, dir); }).find("without a 'meta' table") !=
          std::string::npos);
    CHECK(slurp(db) == before);
  }
  SUBCASE("a newer schema, another tournament") {
    run_tournament(game, cfg, dir);
    auto other = race_config("agents = [\"greedy\"]\ngames_per_lineup = 2\n");
    CHECK(error_of([&] { run_tournament(game, other, dir); }).find("hashes to") != std::string::npos);
    CHECK(read_store_records(db).size() == 2);
    sql(db, "UPDATE meta SET value = '99' WHERE key = 'schema';");
    CHECK(error_of([&] { read_store_records(db); }) ==
          db + ": schema version 99 is newer than this program reads (up to 3); use a newer qilab");
    CHECK(error_of([&] { run_tournament(game, cfg, dir); }).find("newer") != std::string::npos);
  }
  SUBCASE("no file") {
    CHECK(error_of([&] { read_store_records(dir + "/none.db"); }) ==
          dir + "/none.db: no such tournament store");
  }
  SUBCASE("another run's files without a store: left as they are") {
    for (const char* name : {"summary.json", "openings.json", "games.jsonl"}) {
      const std::string file = dir + "/" + name;
      { std::ofstream(file) << "{\"game\": \"other\"}\n"; }
      CHECK(error_of([&] { run_tournament(game, cfg, dir); }) ==
            file + ": another run's file, without its store (tournament.db); use another output directory");
      CHECK(slurp(file) == "{\"game\": \"other\"}\n");
      CHECK_FALSE(fs::exists(db));
      fs::remove(file);
    }
  }
  SUBCASE("a summary that cannot be written: refused before any game is played") {
    fs::create_directories(dir + "/summary.json.tmp");
    CHECK(error_of([&] { run_tournament(game, cfg, dir); }) ==
          dir + "/summary.json: cannot write (Is a directory)");
    CHECK_FALSE(fs::exists(db));
  }
}

TEST_CASE(
    "a new store opens while the first games play; one that cannot be created is named, nothing written") {
  const auto& game = race(2);
  for (const int threads : {1, 2}) {
    CAPTURE(threads);
    auto cfg = race_config("agents = [\"random\", \"greedy\"]\ngames_per_lineup = 20\nbatch = 4\n");
    cfg.threads = threads;
    const auto dir = fresh_dir("unopenable" + std::to_string(threads));
    fs::create_directories(dir);
    // The store's path leads into a directory that does not exist: the checks before play find no
    // store there, and SQLite cannot create one.
    const std::string db = dir + "/tournament.db";
    fs::create_symlink(dir + "/missing/tournament.db", db);
    CHECK(error_of([&] { run_tournament(game, cfg, dir); }) ==
          db + ": cannot open the database (unable to open database file)");
    CHECK_FALSE(fs::exists(dir + "/missing"));
    CHECK_FALSE(fs::exists(dir + "/summary.json"));
    // Once the way is clear the run plays every game: none was counted as stored.
    fs::remove(db);
    const auto rep = run_tournament(game, cfg, dir);
    CHECK(rep.played == 20);
    CHECK(rep.resumed == 0);
    CHECK(read_store_records(db).size() == 20);
  }
}

TEST_CASE("experiment configs: each mistake names the file and the field") {
  auto err = [](const std::string& text) {
    return error_of([&] { parse_tournament_config(text, "x.toml"); });
  };
  const std::string game = "game = \"configs/games/checkers-2p.toml\"\n";
  CHECK(err(game + "agents = [\"random\"]\n") == "x.toml: missing field 'games_per_lineup'");
  CHECK(err(game + "agents = [\"random\"]\ngames_per_lineup = 0\n") ==
        "x.toml: field 'games_per_lineup' expects an integer 1 to 10000000, got an integer 0");
  CHECK(err(game + "agents = []\ngames_per_lineup = 2\n")
            .starts_with("x.toml: field 'agents' expects a non-empty array"));
  CHECK(err(game + "agents = [\"random\"]\ngames_per_lineup = 2\ngamez = 1\n")
            .starts_with("x.toml: unknown field 'gamez'"));
  CHECK(err(game + "agents = [\"random\"]\ngames_per_lineup = 2\nlineups = [[\"greedy\"]]\n") ==
        "x.toml: field 'lineups[0]' names agent 'greedy', which 'agents' does not list");
  CHECK(err(game + "agents = [{agent = \"mcts\"}]\ngames_per_lineup = 2\n") ==
        "x.toml: field 'agents[0].name' is missing");
  CHECK(err(game + "agents = [\"random\", \"random\"]\ngames_per_lineup = 2\n") ==
        "x.toml: field 'agents[1]' repeats the agent name 'random'");
  CHECK(err(game + "agents = [\"random\"]\ngames_per_lineup = 2\n[referee]\nmove_time_limit_ms = -1\n")
            .starts_with("x.toml: field 'referee.move_time_limit_ms' expects"));
  CHECK(err(game + "agents = [\"random\"]\ngames_per_lineup = 2\n[[draw]]\noption = \"heroes\"\nfrom = "
                   "[\"a\"]\ncount = 2\n") ==
        "x.toml: field 'draw[0].count' is 2, more than the 1 values of 'from'");
  CHECK(err("agents = [\"random\"]\ngames_per_lineup = 2\n").starts_with("x.toml: missing field 'game'"));
  CHECK(err("game = \"nowhere.toml\"\n") == "x.toml: field 'game': nowhere.toml: no such config file");
  {
    const auto dir = fresh_dir("unknown_game");
    fs::create_directories(dir);
    std::ofstream(dir + "/g.toml") << "game = \"chess\"\n";
    CHECK(err("game = \"" + dir + "/g.toml\"\n") ==
          "x.toml: field 'game': " + dir +
              "/g.toml: unknown game 'chess' (known: checkers, guifa, "
              "junqi6, junqi4, elements, mizong)");
  }
  // Every 'set' is checked against the game's options as the config is read, named by its index.
  const std::string pool = "agents = [\"random\"]\ngames_per_lineup = 2\n";
  CHECK(err(game + pool + "set = [\"max_turns=9\", \"bogus=3\"]\n") ==
        "x.toml: field 'set[1]': unknown option 'bogus' (known: players, max_turns, adjudicate, "
        "blocked_target)");
  CHECK(err(game + pool + "set = [\"players=5\"]\n") ==
        "x.toml: field 'set[0]': option 'players' expects one of 2, 3, 4, 6, got 5");
  // A draw's values are each checked in a game, the last of 'from' too, whatever game 0 draws.
  CHECK(
      err(game + pool + "[[draw]]\noption = \"max_turns\"\nfrom = [100, 200, 300, \"many\"]\ncount = 1\n") ==
      "x.toml: field 'draw[0]': override 'max_turns=many': option 'max_turns' expects an integer, got "
      "'many'");
  CHECK(err(game + pool + "[[draw]]\noption = \"max_turnz\"\nfrom = [100]\ncount = 1\n")
            .starts_with("x.toml: field 'draw[0]': override 'max_turnz=100': unknown option 'max_turnz'"));
  CHECK(err("game = \"configs/games/elements-4p.toml\"\n" + pool +
            "[[draw]]\noption = \"heroes\"\nfrom = [\"knight\", \"assassin\", \"hunter\", \"warlock\", "
            "\"priest\", \"taoist\", \"mage\", \"jester\"]\ncount = 4\n")
            .starts_with("x.toml: field 'draw[0]': "));
  CHECK(err("games_per_lineup = [\n").starts_with("x.toml: malformed TOML"));
  // An unknown agent is found when the tournament starts, before anything is written.
  const auto dir = fresh_dir("unknown");
  auto cfg = parse_tournament_config(game + "agents = [\"random\", \"alphazero\"]\ngames_per_lineup = 2\n",
                                     "x.toml");
  CHECK(error_of([&] { run_tournament(cfg, dir); }) ==
        "x.toml: field 'agents[1]' (alphazero): unknown agent 'alphazero' (known: random, greedy, mcts, "
        "playout, activation)");
  CHECK(!fs::exists(dir));
}

TEST_CASE("an agent's network file is part of its identity, as its agent file is") {
  // As the program and the Python module register "az" and "policy" (neural/agents.h).
  register_agent_file_option("az", "network");
  const auto dir = fresh_dir("network_hash");
  fs::create_directories(dir);
  const std::string net = dir + "/best.net", toml = dir + "/az.toml";
  auto write = [](const std::string& path, const std::string& text) { std::ofstream(path) << text; };
  write(net, "one network");
  write(toml, "agent = \"az\"\n[options]\nnetwork = \"" + net + "\"\nsimulations = 8\n");
  const std::string game = "game = \"configs/games/checkers-2p.toml\"\ngames_per_lineup = 2\n";
  auto plan_of = [&](const std::string& agents) {
    const auto cfg = parse_tournament_config(game + "agents = [" + agents + "]\n", "n.toml");
    return plan_tournament(cfg, "checkers", nlohmann::json::object(), {0, 1});
  };
  auto hashes = [&](const TournamentPlan& p) {
    std::vector<std::string> out;
    for (const auto& a : p.identity.agents) out.push_back(a.file_hash);
    return out;
  };
  const std::string by_spec = "\"az:network=" + net + ",simulations=8\"", by_file = "\"" + toml + "\"";
  const auto before = hashes(plan_of("\"random\", " + by_spec + ", " + by_file));
  CHECK(before[0].empty());
  CHECK(before[1] == text_hash("one network"));
  // Records key them by the agent file, else by the spec.
  CHECK(agent_file_hashes({"az:network=" + net}) ==
        nlohmann::json{{"az:network=" + net, text_hash("one network")}});
  CHECK(agent_file_hashes({toml}) == nlohmann::json{{toml, before[2]}});
  CHECK(before[2] != text_hash("one network"));  // the agent file and the network it names
  // Another network under the same path is another agent, by spec and through the agent file.
  write(net, "another network");
  const auto after = hashes(plan_of("\"random\", " + by_spec + ", " + by_file));
  CHECK(after[1] == text_hash("another network"));
  CHECK(after[2] != before[2]);
  // The agent file alone changing changes it too.
  write(toml, "agent = \"az\"\n[options]\nnetwork = \"" + net + "\"\nsimulations = 9\n");
  CHECK(hashes(plan_of(by_file))[0] != after[2]);
  // A network that is not there is named with the agent's field.
  fs::remove(net);
  CHECK(error_of([&] { plan_of("\"random\", " + by_spec); }) ==
        "n.toml: field 'agents[1]' (az:network=" + net + ",simulations=8): " + net +
            ": no such network file");
}

TEST_CASE("hero draws: each game draws its own distinct values, the same for every run") {
  auto cfg = parse_tournament_config(
      "game = \"configs/games/elements-4p.toml\"\nagents = [\"random\"]\ngames_per_lineup = 4\n"
      "set = [\"max_rounds=30\"]\n[[draw]]\noption = \"heroes\"\n"
      "from = [\"knight\", \"mage\", \"hunter\", \"warlock\", \"priest\", \"taoist\"]\ncount = 4\n",
      "h.toml");
  std::set<std::string> seen;
  for (int g = 0; g < 20; ++g) {
    const auto settings = game_settings(cfg, 3, g);
    CHECK(settings == game_settings(cfg, 3, g));
    REQUIRE(settings.size() == 2);  // the draw, then the config's set
    CHECK(settings[1] == "max_rounds=30");
    REQUIRE(settings[0].starts_with("heroes="));
    std::vector<std::string> picked;
    std::stringstream in(settings[0].substr(7));
    for (std::string h; std::getline(in, h, ',');) picked.push_back(h);
    CHECK(picked.size() == 4);
    CHECK(std::set<std::string>(picked.begin(), picked.end()).size() == 4);
    seen.insert(settings[0]);
  }
  CHECK(seen.size() > 10);
}

TEST_CASE("a draw of an integer option: each game plays its drawn value, stored as an integer") {
  const std::string text =
      "game = \"configs/games/checkers-2p.toml\"\nagents = [\"random\"]\ngames_per_lineup = 12\n"
      "seed = 4\n[[draw]]\noption = \"max_turns\"\nfrom = [6, 9, 12]\ncount = 1\n";
  const auto cfg = parse_tournament_config(text, "d.toml");
  const auto dir = fresh_dir("int_draw");
  const auto rep = run_tournament(cfg, dir);
  CHECK(rep.played == 12);
  std::set<std::int64_t> turns;
  for (const auto& r : read_store_records(dir + "/tournament.db")) {
    REQUIRE(r.options["max_turns"].is_number_integer());
    const std::int64_t t = r.options["max_turns"].get<std::int64_t>();
    CHECK(game_settings(cfg, cfg.seed, r.index) ==
          std::vector<std::string>{"max_turns=" + std::to_string(t)});
    turns.insert(t);
  }
  CHECK(turns == std::set<std::int64_t>{6, 9, 12});
  // Resumed (nothing left to play), every stored game replays with its drawn value.
  const auto again = run_tournament(parse_tournament_config(text, "d.toml"), dir);
  CHECK(again.played == 0);
  CHECK(again.resumed == 12);
}

TEST_CASE("every shipped experiment config reads, its agents exist and its line-ups fit the game") {
  const fs::path dir = fs::path(QILAB_SOURCE_DIR) / "configs" / "experiments";
  int seen = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".toml") continue;
    // openings-*.toml are qilab openings configs, read by tests/experiments/openings_test.cc.
    if (entry.path().filename().string().starts_with("openings-")) continue;
    ++seen;
    INFO(entry.path().string());
    const TournamentConfig cfg = read_tournament_config(entry.path().string());
    with_game(cfg.game.game, [&]<Game G>() {
      for (std::int64_t g = 0; g < 3; ++g) {  // the drawn options make games too
        const G game(resolve_options(G::option_specs(), cfg.game, game_settings(cfg, cfg.seed, g)));
        const TournamentPlan plan = plan_tournament(cfg, std::string(G::kId), game.options().to_json(),
                                                    game_teams(game.initial_state()));
        CHECK(plan.total >= 200);
      }
    });
    for (const auto& a : cfg.agents) {  // run_tournament builds each before any game; here: known kinds
      AgentSpec spec = parse_agent_spec(a.spec);
      if (spec.kind.ends_with(".toml")) spec = read_agent_file(user_or_data_path(spec.kind));
      const auto known = agent_names();
      CHECK(std::find(known.begin(), known.end(), spec.kind) != known.end());
    }
  }
  CHECK(seen >= 11);
}

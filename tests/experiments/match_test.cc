// The match runner: records, chance, rotation, determinism across thread counts, resume,
// torn lines, refusal to mix runs; what agents are shown (views, hidden actions).
#include <doctest/doctest.h>

#include <filesystem>
#include <memory>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "engine/core/error.h"
#include "engine/core/record.h"
#include "engine/registry.h"
#include "experiments/match.h"
#include "experiments/rotation.h"
#include "engine/checkers/checkers.h"
#include "engine/core/config.h"
#include "engine/guifa/guifa.h"
#include "engine/junqi/junqi.h"
#include "race_game.h"
#include "secret_game.h"

namespace fs = std::filesystem;
using namespace qilab;
using namespace qilab::experiments;

namespace {

std::string fresh_dir(const std::string& name) {
  const fs::path p = fs::temp_directory_path() / ("qilab_match_" + std::to_string(::getpid()) + "_" + name);
  fs::remove_all(p);
  return p.string();
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// summary.json without its "run" object, the one part allowed to differ between runs.
nlohmann::json results_of(const std::string& dir) {
  auto j = nlohmann::json::parse(slurp(dir + "/summary.json"));
  j.erase("run");
  return j;
}

MatchConfig config(std::string dir, std::int64_t games, int threads, std::uint64_t seed = 7) {
  MatchConfig c;
  c.agents = {"random", "greedy", "random"};
  c.games = games;
  c.seed = seed;
  c.threads = threads;
  c.out_dir = std::move(dir);
  return c;
}

const testing::Race& race() {
  static const testing::Race game{Options(testing::Race::option_specs())};
  return game;
}

}  // namespace

TEST_CASE("records hold the rotated agents, chance outcomes and the game's end") {
  const auto dir = fresh_dir("records");
  const auto rep = run_match(race(), config(dir, 6, 2));
  CHECK(rep.played == 6);
  CHECK(rep.resumed == 0);
  const auto records = read_records(dir + "/games.jsonl");
  REQUIRE(records.size() == 6);
  // Game 1 turns the line-up {random, greedy, random} by one seat.
  CHECK(records[1].agents == std::vector<std::string>{"greedy", "random", "random"});
  for (std::size_t i = 0; i < records.size(); ++i) {
    const auto& r = records[i];
    CHECK(r.index == static_cast<std::int64_t>(i));  // written in index order
    CHECK(r.game == "race");
    CHECK(r.seed == 7);
    CHECK(r.agents == seat_agents({"random", "greedy", "random"}, 3, r.index));
    CHECK(r.actions.size() == r.notation.size());
    CHECK(r.returns.size() == 3);
    CHECK(r.notation.front().starts_with("roll"));  // the referee rolled the die
    CHECK(r.config_hash == race().options().hash());
  }
  const auto s = rep.summary;
  CHECK(s["games"] == 6);
  CHECK(s["by_seat"].size() == 3);
  CHECK(s["by_agent"].size() == 2);        // "random" twice in the list is one agent
  CHECK(s["by_agent"][0]["games"] == 12);  // seat-games: random holds two seats per game
  CHECK(s["by_agent"][1]["games"] == 6);
  CHECK(results_of(dir) == [&] {
    auto j = s;
    j.erase("run");
    return j;
  }());
}

TEST_CASE("same seed, same files, whatever the thread count") {
  const auto one = fresh_dir("t1"), two = fresh_dir("t2"), other = fresh_dir("seed8");
  run_match(race(), config(one, 16, 1));
  run_match(race(), config(two, 16, 2));
  CHECK(slurp(one + "/games.jsonl") == slurp(two + "/games.jsonl"));
  CHECK(results_of(one) == results_of(two));
  run_match(race(), config(other, 16, 2, 8));
  CHECK(slurp(one + "/games.jsonl") != slurp(other + "/games.jsonl"));
}

TEST_CASE("checkers through the registry: same seed, same files with 1 and 2 threads") {
  GameConfig game = default_config("checkers");
  const std::vector<std::string> sets{"players=2", "max_turns=40"};
  const auto one = fresh_dir("ck1"), two = fresh_dir("ck2");
  auto c1 = config(one, 4, 1), c2 = config(two, 4, 2);
  c1.agents = c2.agents = {"greedy", "random"};
  const auto rep = run_match(game, sets, c1);
  run_match(game, sets, c2);
  CHECK(slurp(one + "/games.jsonl") == slurp(two + "/games.jsonl"));
  CHECK(results_of(one) == results_of(two));
  CHECK(rep.summary["options"]["players"] == 2);
  CHECK(rep.summary["seats"] == 2);
  CHECK(rep.summary["teams"] == nlohmann::json::array({0, 1}));
}

TEST_CASE("a run resumes: only missing games are played, the result equals a fresh run") {
  const auto fresh = fresh_dir("fresh8"), resumed = fresh_dir("resume");
  run_match(race(), config(fresh, 8, 2));
  const auto first = run_match(race(), config(resumed, 4, 2));
  CHECK(first.played == 4);
  const auto second = run_match(race(), config(resumed, 8, 2));
  CHECK(second.played == 4);
  CHECK(second.resumed == 4);
  CHECK(second.summary["run"]["resumed"] == 4);
  CHECK(slurp(fresh + "/games.jsonl") == slurp(resumed + "/games.jsonl"));
  CHECK(results_of(fresh) == results_of(resumed));

  // Nothing left to play: nothing is played, the summary is the same.
  const auto third = run_match(race(), config(resumed, 8, 1));
  CHECK(third.played == 0);
  CHECK(third.resumed == 8);
  CHECK(results_of(fresh) == results_of(resumed));

  // Fewer games than recorded: the later ones stay in the file, out of the summary.
  const auto fewer = run_match(race(), config(resumed, 5, 1));
  CHECK(fewer.played == 0);
  CHECK(fewer.beyond == 3);
  CHECK(fewer.summary["games"] == 5);
}

TEST_CASE("a torn last line is trimmed and that game played again") {
  const auto fresh = fresh_dir("fresh_torn"), torn = fresh_dir("torn");
  run_match(race(), config(fresh, 8, 1));
  const std::string full = slurp(fresh + "/games.jsonl");
  // Keep five whole lines and half of the sixth, as a crash mid-write would.
  std::size_t cut = 0;
  for (int i = 0; i < 5; ++i) cut = full.find('\n', cut) + 1;
  const std::size_t sixth_end = full.find('\n', cut);
  fs::create_directories(torn);
  std::ofstream(torn + "/games.jsonl", std::ios::binary) << full.substr(0, cut + (sixth_end - cut) / 2);
  const auto rep = run_match(race(), config(torn, 8, 2));
  CHECK(rep.resumed == 5);
  CHECK(rep.played == 3);
  CHECK(slurp(torn + "/games.jsonl") == full);
  CHECK(results_of(torn) == results_of(fresh));
}

TEST_CASE("records of another run are refused, and left untouched") {
  const auto dir = fresh_dir("mixed");
  run_match(race(), config(dir, 3, 1));
  const std::string before = slurp(dir + "/games.jsonl");
  CHECK_THROWS_WITH_AS(run_match(race(), config(dir, 6, 1, 99)),
                       doctest::Contains("was played with seed 7, this run has 99"), Error);
  auto other_agents = config(dir, 6, 1);
  other_agents.agents = {"greedy"};
  CHECK_THROWS_WITH_AS(run_match(race(), other_agents), doctest::Contains("agents"), Error);
  Options opts(testing::Race::option_specs());
  opts.set_from_text("target", "12", "test");
  CHECK_THROWS_WITH_AS(run_match(testing::Race(opts), config(dir, 6, 1)), doctest::Contains("options"),
                       Error);
  CHECK(slurp(dir + "/games.jsonl") == before);
}

TEST_CASE("bad agents and counts fail before anything is written") {
  const auto dir = fresh_dir("bad");
  auto c = config(dir, 4, 1);
  c.agents = {"random", "nosuch"};
  CHECK_THROWS_WITH_AS(run_match(race(), c), doctest::Contains("unknown agent 'nosuch'"), Error);
  CHECK_FALSE(fs::exists(dir));
  CHECK_THROWS_AS(run_match(race(), config(dir, 0, 1)), Error);
  CHECK_THROWS_AS(run_match(race(), config(dir, 4, 0)), Error);
  CHECK_FALSE(fs::exists(dir));
}

TEST_CASE("games with setups record each seat's deployment; games without record null") {
  const auto dir = fresh_dir("setups");
  auto c = config(dir, 2, 1);
  c.agents = {"random"};
  run_match(default_config("junqi4"), {}, c);
  const auto records = read_records(dir + "/games.jsonl");
  REQUIRE(records.size() == 2);
  for (const auto& r : records) {
    REQUIRE(r.setups.is_array());
    REQUIRE(r.setups.size() == 4);
    for (const auto& s : r.setups) CHECK(s.get<std::string>().size() > 25);  // 25 pieces and camps
  }
  CHECK(records[0].setups != records[1].setups);  // random deployments differ

  const auto plain = fresh_dir("nosetups");
  auto c2 = config(plain, 1, 1);
  c2.agents = {"random"};
  run_match(default_config("checkers"), {"players=2", "max_turns=10"}, c2);
  CHECK(read_records(plain + "/games.jsonl")[0].setups.is_null());
}

namespace {

// What the referee handed one agent: the view at each of its decisions (with the ply), and
// its seat's view of every action applied, in order.
template <class S>
struct Watched {
  std::vector<std::pair<std::size_t, S>> views;
  std::vector<Action> observed;
};

// A test-only agent: plays uniformly at random and keeps what it is given in `log`.
template <class S>
class WatchAgent final : public Agent<S> {
 public:
  explicit WatchAgent(std::shared_ptr<Watched<S>> log) : log_(std::move(log)) {}
  std::string name() const override { return "watch"; }
  Action choose(const S& view, Rng& rng) override {
    log_->views.emplace_back(log_->observed.size(), view);
    view.legal_actions(actions_);
    return actions_[static_cast<int>(rng.below(static_cast<std::uint32_t>(actions_.size())))];
  }
  void observe(Action view) override { log_->observed.push_back(view); }

 private:
  std::shared_ptr<Watched<S>> log_;
  ActionList actions_;
};

// Plays game `index` of a run through the referee, every seat a WatchAgent; returns the record
// and each seat's log.
template <Game G>
std::pair<GameRecord, std::vector<std::shared_ptr<Watched<typename G::State>>>> watch_game(
    const G& game, std::int64_t index) {
  using S = typename G::State;
  MatchConfig cfg;
  cfg.agents = {"watch"};
  cfg.seed = 3;
  std::vector<std::shared_ptr<Watched<S>>> logs;
  auto make = [&](const G&, const std::string&) -> AgentPtr<S> {
    logs.push_back(std::make_shared<Watched<S>>());
    return std::make_unique<WatchAgent<S>>(logs.back());
  };
  GameRecord r = play_game(game, identity_of(game, cfg), index, make);
  return {std::move(r), std::move(logs)};
}

const testing::Secret& secret() {
  static const testing::Secret game{Options(testing::Secret::option_specs())};
  return game;
}

}  // namespace

TEST_CASE("agents are handed their seat's view at every decision, never the true state") {
  // Replaying each record gives the truth at every ply; the view a seat was handed there must
  // be a world drawn for that seat (not the truth, not another seat's world) agreeing with
  // everything the seat knows.
  int redealt = 0, decisions = 0;
  for (std::int64_t index = 0; index < 20; ++index) {
    const auto [record, logs] = watch_game(secret(), index);
    REQUIRE(logs.size() == 3);
    testing::SecretState truth = secret().initial_state();
    std::vector<std::size_t> next(3, 0);
    for (std::size_t ply = 0; ply < record.actions.size(); ++ply) {
      if (!truth.is_chance()) {
        const Player p = truth.current_player();
        const auto& log = *logs[static_cast<std::size_t>(p)];
        REQUIRE(next[p] < log.views.size());
        const auto& [at, view] = log.views[next[p]++];
        CHECK(at == ply);
        CHECK(view.sampled_for() == p);
        CHECK(view.information_key(p) == truth.information_key(p));
        CHECK(view.card(p) == truth.card(p));
        for (Player q = 0; q < 3; ++q) redealt += q != p && view.card(q) != truth.card(q);
        ++decisions;
      }
      truth.apply(record.actions[ply]);
    }
    for (Player p = 0; p < 3; ++p) CHECK(next[p] == logs[p]->views.size());
  }
  CHECK(decisions == 20 * 6);
  CHECK(redealt > 0);  // the views really were other worlds than the truth
}

TEST_CASE("a view that cannot be drawn fails the seat's decision: it forfeits, the run goes on") {
  // As in tournaments and opening races, which both play through play_seated: a sampler that
  // throws does not escape the game, the seat forfeits and the event is recorded.
  Options o(testing::Secret::option_specs());
  o.set_from_text("unsampleable", "1", "test");
  const testing::Secret game{o};
  MatchConfig cfg;
  cfg.agents = {"random"};
  cfg.seed = 3;
  GameRecord r;
  REQUIRE_NOTHROW(r = play_game(game, identity_of(game, cfg), 0));
  REQUIRE(r.events.size() == 1);
  CHECK(r.events[0]["seat"] == 1);
  CHECK(r.events[0]["kind"] == "error");
  CHECK(r.events[0]["forfeit"] == true);
  CHECK(r.events[0]["message"] == "secret: no world for seat 1");
  CHECK(r.ending == "forfeit");
  CHECK(r.returns == std::vector<double>{1, -1, 1});
  CHECK(r.actions.size() == 4);  // three deals and seat 0's move, then seat 1's turn
}

TEST_CASE("agents observe only what their seat sees of each action") {
  SUBCASE("secret cards: a card dealt to another seat is observed as kHiddenAction") {
    const auto [record, logs] = watch_game(secret(), 0);
    for (Player q = 0; q < 3; ++q) {
      const auto& seen = logs[q]->observed;
      REQUIRE(seen.size() == record.actions.size());
      for (std::size_t ply = 0; ply < seen.size(); ++ply) {
        // Plies 0-2 deal seats 0-2 their cards; then come the public pass/raise moves.
        const bool hidden = ply < 3 && static_cast<Player>(ply) != q;
        CHECK(seen[ply] == (hidden ? kHiddenAction : record.actions[ply]));
      }
    }
  }
  SUBCASE("junqi6: another seat's placement carries no post, so no rank; moves are public") {
    const junqi::Junqi6 game{Options(junqi::Junqi6::option_specs())};
    const auto [record, logs] = watch_game(game, 0);
    REQUIRE(logs.size() == 6);
    junqi::State s = game.initial_state();
    int hidden = 0, placements = 0, moves = 0;
    for (std::size_t ply = 0; ply < record.actions.size(); ++ply) {
      const Action a = record.actions[ply];
      const bool placement = s.phase() == junqi::Phase::kDeploy;
      const Player mover = s.current_player();
      placements += placement;
      moves += !placement;
      for (Player q = 0; q < 6; ++q) {
        const Action seen = logs[q]->observed.at(ply);
        if (placement && q != mover) {
          CHECK(seen == kHiddenAction);
          ++hidden;
        } else {
          CHECK(seen == a);
        }
      }
      s.apply(a);
    }
    CHECK(placements == 6 * 25);
    CHECK(hidden == 6 * 25 * 5);
    CHECK(moves > 0);
  }
}

// ---- The referee's fast path (match.h): a game that hands every seat the whole state, agents
// that qilab ships. It must play exactly the games of the general path.

static_assert(HandsWholeState<checkers::State>);
static_assert(HandsWholeState<guifa::State>);
static_assert(!HandsWholeState<junqi::State>);          // hidden deployments
static_assert(!HandsWholeState<testing::SecretState>);  // its own sample_world and action_view

namespace {

// A test-only agent that answers an action that is never legal; not trusted (Agent::trusted).
template <class S>
class CheatAgent final : public Agent<S> {
 public:
  std::string name() const override { return "cheat"; }
  Action choose(const S&, Rng&) override { return 1'000'000; }
};

}  // namespace

TEST_CASE("the referee's fast path plays the same games as the general path") {
  const checkers::Checkers game(resolve_options(checkers::Checkers::option_specs(),
                                                GameConfig{"checkers", "test", {{"players", 2}}}, {}));
  MatchConfig cfg;
  cfg.agents = {"random", "greedy", "mcts:simulations=30"};  // mcts reuses its tree through observe
  cfg.seed = 11;
  const RunIdentity id = identity_of(game, cfg);
  auto make = [](const checkers::Checkers& g, const std::string& spec) { return make_agent(g, spec); };
  std::int64_t actions = 0;
  // Without notation (as in tournaments), random and greedy, which are trusted and passive,
  // play each other in the fast path's quiet turns.
  for (std::int64_t i = 0; i < 24; ++i) {
    Referee fast;
    fast.notation = i < 12;
    Referee general = fast;
    general.general = true;
    const auto seats = seat_agents(cfg.agents, 2, i);
    const GameRecord fast_record = play_seated(game, id, i, seats, make, fast);
    const GameRecord slow = play_seated(game, id, i, seats, make, general);
    // The same record, but for the search statistics' times, which no two runs share.
    auto untimed = [](const GameRecord& r) {
      nlohmann::json j = r.to_json();
      for (auto& x : j["stats"]) x["stats"].erase("time_ms");
      return j;
    };
    CHECK(fast_record.actions == slow.actions);
    CHECK_MESSAGE(untimed(fast_record) == untimed(slow), "game ", i);
    actions += static_cast<std::int64_t>(fast_record.actions.size());
  }
  CHECK(actions > 24 * 20);  // real games, not empty ones
}

// Random agents in every seat: quiet turns call them by their own type (match.h), not through
// Agent's table. The same agents and draws: the general path's games, to the action.
template <Game G>
void check_all_random_quiet_turns(const G& game, std::int64_t games) {
  MatchConfig cfg;
  cfg.agents = {"random"};
  cfg.seed = 5;
  const RunIdentity id = identity_of(game, cfg);
  auto make = [](const G& g, const std::string& spec) { return make_agent(g, spec); };
  const std::vector<std::string> seats(static_cast<std::size_t>(game.num_players()), "random");
  Referee fast;
  fast.notation = false;  // as in tournaments: quiet turns
  Referee general = fast;
  general.general = true;
  std::int64_t actions = 0;
  for (std::int64_t i = 0; i < games; ++i) {
    const GameRecord quiet = play_seated(game, id, i, seats, make, fast);
    CHECK_MESSAGE(quiet.to_json() == play_seated(game, id, i, seats, make, general).to_json(), "game ", i);
    actions += static_cast<std::int64_t>(quiet.actions.size());
  }
  CHECK(actions > games * 20);  // real games, not empty ones
}

TEST_CASE("random agents in every seat play the general path's games in quiet turns") {
  SUBCASE("checkers, 2 and 6 players") {
    for (const int players : {2, 6}) {
      CAPTURE(players);
      check_all_random_quiet_turns(
          checkers::Checkers(resolve_options(checkers::Checkers::option_specs(),
                                             GameConfig{"checkers", "test", {{"players", players}}}, {})),
          12);
    }
  }
  SUBCASE("guifa, 4 players") {
    check_all_random_quiet_turns(
        guifa::Guifa(
            resolve_options(guifa::Guifa::option_specs(), GameConfig{"guifa", "test", {{"players", 4}}}, {})),
        6);
  }
}

namespace {

// A test-only agent that plays at random, says it is trusted and passive (so the fast path
// plays it in quiet turns), and throws at its `fail_at`-th decision.
template <class S>
class Faltering final : public Agent<S> {
 public:
  explicit Faltering(int fail_at) : fail_at_(fail_at) {}
  std::string name() const override { return "faltering"; }
  bool trusted() const override { return true; }
  bool passive() const override { return true; }
  Action choose(const S& view, Rng& rng) override {
    if (++decisions_ == fail_at_)
      throw std::runtime_error("faltered at decision " + std::to_string(decisions_));
    view.legal_actions(actions_);
    return actions_[static_cast<int>(rng.below(static_cast<std::uint32_t>(actions_.size())))];
  }

 private:
  int fail_at_, decisions_ = 0;
  ActionList actions_;
};

}  // namespace

TEST_CASE("an agent that throws in the fast path's quiet turns forfeits as in the general path") {
  const checkers::Checkers game(resolve_options(checkers::Checkers::option_specs(),
                                                GameConfig{"checkers", "test", {{"players", 2}}}, {}));
  using S = checkers::State;
  MatchConfig cfg;
  cfg.agents = {"steady", "faltering"};
  cfg.seed = 4;
  const RunIdentity id = identity_of(game, cfg);
  auto make = [](const checkers::Checkers&, const std::string& name) -> AgentPtr<S> {
    return std::make_unique<Faltering<S>>(name == "faltering" ? 7 : 1'000'000);
  };
  Referee fast;
  fast.notation = false;  // as in tournaments: notation is written in the general turn only
  Referee general = fast;
  general.general = true;
  for (const auto& seats : {std::vector<std::string>{"steady", "faltering"}, {"faltering", "steady"}}) {
    const Player faltering = seats[0] == "faltering" ? 0 : 1;
    CAPTURE(faltering);
    const GameRecord quiet = play_seated(game, id, 0, seats, make, fast);
    const GameRecord slow = play_seated(game, id, 0, seats, make, general);
    REQUIRE(quiet.events.size() == 1);
    CHECK(quiet.events[0]["seat"] == faltering);
    CHECK(quiet.events[0]["kind"] == "error");
    CHECK(quiet.events[0]["forfeit"] == true);
    CHECK(quiet.events[0]["message"] == "faltered at decision 7");
    CHECK(quiet.ending == "forfeit");
    CHECK(quiet.returns[static_cast<std::size_t>(faltering)] == -1);
    // The faltering seat made six decisions; the game stopped at its seventh.
    S replay = game.initial_state();
    int decisions = 0;
    for (const Action a : quiet.actions) {
      decisions += replay.current_player() == faltering;
      replay.apply(a);
    }
    CHECK(decisions == 6);
    CHECK(replay.current_player() == faltering);
    CHECK(quiet.events[0]["ply"] == quiet.actions.size());
    CHECK(quiet.to_json() == slow.to_json());
  }
}

namespace {

// What the referee asked of one agent.
struct Asked {
  int observed = 0, stats = 0;
};

// A test-only agent that counts the referee's observe() and last_stats() calls in `asked`; it
// says it is passive (Agent::passive) when told to.
template <class S>
class CountingAgent final : public Agent<S> {
 public:
  CountingAgent(bool passive, std::shared_ptr<Asked> asked) : passive_(passive), asked_(std::move(asked)) {}
  std::string name() const override { return passive_ ? "quiet" : "counted"; }
  bool passive() const override { return passive_; }
  Action choose(const S& view, Rng& rng) override {
    view.legal_actions(actions_);
    return actions_[static_cast<int>(rng.below(static_cast<std::uint32_t>(actions_.size())))];
  }
  void observe(Action) override { ++asked_->observed; }
  nlohmann::json last_stats() const override {
    ++asked_->stats;
    return nullptr;
  }

 private:
  bool passive_;
  std::shared_ptr<Asked> asked_;
  ActionList actions_;
};

}  // namespace

TEST_CASE("a passive agent is neither observed nor asked for statistics; the others still are") {
  const checkers::Checkers game(resolve_options(checkers::Checkers::option_specs(),
                                                GameConfig{"checkers", "test", {{"players", 2}}}, {}));
  using S = checkers::State;
  MatchConfig cfg;
  cfg.agents = {"quiet", "counted"};
  cfg.seed = 5;
  const RunIdentity id = identity_of(game, cfg);
  for (const bool general : {false, true}) {
    CAPTURE(general);
    std::vector<std::shared_ptr<Asked>> asked;
    auto make = [&](const checkers::Checkers&, const std::string& name) -> AgentPtr<S> {
      asked.push_back(std::make_shared<Asked>());
      return std::make_unique<CountingAgent<S>>(name == "quiet", asked.back());
    };
    Referee referee;
    referee.general = general;
    const GameRecord r = play_seated(game, id, 0, {"quiet", "counted"}, make, referee);
    REQUIRE(asked.size() == 2);
    REQUIRE(r.actions.size() > 20);
    CHECK(asked[0]->observed == 0);
    CHECK(asked[0]->stats == 0);
    CHECK(asked[1]->observed == static_cast<int>(r.actions.size()));  // every action, either seat's
    int decisions = 0;  // seat 1's (a turn of hops is several decisions)
    S replay = game.initial_state();
    for (const Action a : r.actions) {
      decisions += replay.current_player() == 1;
      replay.apply(a);
    }
    CHECK(decisions > 10);
    CHECK(asked[1]->stats == decisions);
    // Only whether it is asked differs: the same game as with two agents that are not passive.
    auto make_loud = [&](const checkers::Checkers&, const std::string&) -> AgentPtr<S> {
      return std::make_unique<CountingAgent<S>>(false, std::make_shared<Asked>());
    };
    CHECK(play_seated(game, id, 0, {"quiet", "counted"}, make_loud, referee).actions == r.actions);
  }
  // The agents qilab ships that say so hold nothing between choices.
  CHECK(make_agent(game, "random")->passive());
  CHECK(make_agent(game, "greedy")->passive());
  CHECK_FALSE(make_agent(game, "mcts:simulations=8")->passive());  // reuses its tree through observe
}

TEST_CASE("on the fast path an agent qilab does not ship is still checked") {
  const checkers::Checkers game(resolve_options(checkers::Checkers::option_specs(),
                                                GameConfig{"checkers", "test", {{"players", 2}}}, {}));
  MatchConfig cfg;
  cfg.agents = {"cheat"};
  const RunIdentity id = identity_of(game, cfg);
  auto make = [](const checkers::Checkers&, const std::string&) -> AgentPtr<checkers::State> {
    return std::make_unique<CheatAgent<checkers::State>>();
  };
  CHECK_THROWS_WITH_AS(play_seated(game, id, 0, {"cheat", "cheat"}, make),
                       "game 0: action 1000000 chosen at ply 0 is not legal", std::logic_error);
}

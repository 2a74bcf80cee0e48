// qilab openings on a real game: the checkers config's deliberately bad opening is eliminated
// early and the good ones survive; the race is the same on any number of threads and after a
// resume; configs and candidates that cannot be played are refused before anything is written.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>

#include "engine/checkers/checkers.h"
#include "engine/core/error.h"
#include "engine/registry.h"
#include "experiments/openings.h"
#include "tests/error_of.h"

namespace fs = std::filesystem;
using namespace qilab;
using namespace qilab::experiments;
using qilab::testing::error_of;

namespace {

std::string fresh_dir(const std::string& name) {
  const fs::path p =
      fs::temp_directory_path() / ("qilab_openings_" + std::to_string(::getpid()) + "_" + name);
  fs::remove_all(p);
  return p.string();
}

const std::string kCheckers = std::string(QILAB_SOURCE_DIR) + "/configs/experiments/openings-checkers.toml";

const nlohmann::json& candidate(const nlohmann::json& summary, const std::string& name) {
  for (const auto& c : summary["candidates"])
    if (c["name"] == name) return c;
  FAIL("no candidate " << name);
  return summary;
}

// A checkers openings config: `extra` lines, then the defaults of the keys `extra` does not give,
// then the candidates (tables come after every top-level key).
std::string checkers_with(const std::string& extra, const std::string& candidates) {
  std::string text = extra;
  for (const char* line : {"game = \"configs/games/checkers-2p.toml\"", "seed = 3", "agent = \"greedy\"",
                           "agents = [\"greedy\"]", "budget = 200", "round = 10"}) {
    const std::string key = std::string(line).substr(0, std::string(line).find(' '));
    if (("\n" + extra).find("\n" + key + " =") == std::string::npos) text += std::string(line) + "\n";
  }
  return text + candidates;
}

}  // namespace

TEST_CASE("checkers: the bad opening is eliminated early, the good ones race on; same on 1 and 2 threads") {
  const OpeningsConfig cfg = read_openings_config(kCheckers);
  const std::string dir = fresh_dir("checkers");
  const OpeningsReport rep = run_openings(cfg, dir, 2);
  const auto& s = rep.summary;
  const auto& bad = candidate(s, "shuffle-back");
  REQUIRE_FALSE(bad["eliminated_round"].is_null());
  // Early: within the first 10 rounds, on at most a fifth of what a surviving candidate played.
  CHECK(bad["eliminated_round"].get<int>() <= 10);
  CHECK(bad["rank"] == 4);
  for (const char* good : {"6->14", "8->16", "3=>14"}) {
    const auto& c = candidate(s, good);
    CHECK(c["eliminated_round"].is_null());
    CHECK(bad["games"].get<std::int64_t>() * 5 <= c["games"].get<std::int64_t>());
  }
  CHECK(s["games_used"].get<std::int64_t>() <= cfg.rule.budget);
  CHECK(s["uniform"]["saved"].get<std::int64_t>() > 0);
  CHECK(rep.played == s["games_used"].get<std::int64_t>());

  // The rerun replays the race from the store: nothing to play, the same report.
  const OpeningsReport again = run_openings(cfg, dir, 1);
  CHECK(again.played == 0);
  CHECK(again.resumed == rep.played);
  CHECK(again.summary["candidates"] == s["candidates"]);

  // One thread from scratch: the same games, so the same race.
  const std::string one = fresh_dir("checkers1");
  const OpeningsReport single = run_openings(cfg, one, 1);
  CHECK(single.summary["candidates"] == s["candidates"]);
  fs::remove_all(dir);
  fs::remove_all(one);
}

TEST_CASE("openings configs: every mistake names the file and the field, and nothing is written") {
  const std::string src = "x.toml";
  const std::string good =
      "[[candidate]]\nname = \"a\"\nactions = [\"6->14\"]\n"
      "[[candidate]]\nname = \"b\"\nactions = [\"7->15\"]\n";
  CHECK_NOTHROW(parse_openings_config(checkers_with("seat = 0\n", good), src));
  CHECK(error_of(
            [&] { parse_openings_config(checkers_with("seat = 0\ngames_per_lineup = 2\n", good), src); }) ==
        "x.toml: field 'games_per_lineup' is a tournament's; an openings config gives 'budget' and 'round', "
        "and "
        "its candidates");
  CHECK(error_of([&] {
          parse_openings_config(checkers_with("seat = 0\ncolour = 1\n", good), src);
        }).starts_with("x.toml: unknown field 'colour' (expected name, "));
  CHECK(error_of([&] { parse_openings_config(checkers_with("seat = 0\nconfidence = 95\n", good), src); }) ==
        "x.toml: field 'confidence' expects a number 0.5 to below 1 (e.g. 0.95), got an integer 95");
  CHECK(error_of([&] {
          parse_openings_config(checkers_with("seat = 0\n", "[[candidate]]\nname = \"a\"\nvalue = \"x\"\n"),
                                src);
        }) ==
        "x.toml: field 'candidate[0]' needs either 'actions' (the seat's first moves) or 'option' and "
        "'value' (a setup), or an 'agent' of its own");
  CHECK(error_of([&] {
          parse_openings_config(checkers_with("seat = 0\n", good + "[[candidate]]\nname = \"a\"\nactions = "
                                                                   "[\"8->16\"]\n"),
                                src);
        }) == "x.toml: field 'candidate[2].name' repeats the candidate name 'a'");
  CHECK(error_of([&] { parse_openings_config(checkers_with("first_moves = \"all\"\n", ""), src); }) ==
        "x.toml: field 'first_moves' needs field 'seat' (a seat's first moves are its own)");
  CHECK(error_of([&] { parse_openings_config(checkers_with("", good), src); }) ==
        "x.toml: field 'candidate[0].actions' needs field 'seat' (moves are written for one seat)");

  // Refused by the run, before the output directory exists.
  const std::string dir = fresh_dir("refused");
  auto run = [&](const std::string& text) {
    return error_of([&] { run_openings(parse_openings_config(text, src), dir); });
  };
  CHECK(run(checkers_with("seat = 0\n", "[[candidate]]\nname = \"a\"\nactions = [\"6->99\"]\n")) ==
        "x.toml: field 'candidate[0].actions[0]' (a): '6->99' is not a move of seat 0 (checkers action "
        "'6->99': "
        "cells are not adjacent)");
  CHECK(run(checkers_with("seat = 0\n", "[[candidate]]\nname = \"a\"\nactions = [\"14->6\"]\n"))
            .starts_with("x.toml: field 'candidate[0].actions[0]' (a): '14->6' "));
  CHECK(
      run(checkers_with("seat = 0\nagents = [\"greedy\", \"random\", \"mcts\"]\n", good)) ==
      "x.toml: field 'round' is 10, expected a multiple of 3 (1 seats x 3 opponents) so that every candidate "
      "meets every opponent in every seat equally often");
  CHECK(
      run(checkers_with("round = 5\n",
                        "[[candidate]]\nname = \"a\"\noption = \"max_turns\"\nvalue = \"300\"\n"
                        "[[candidate]]\nname = \"b\"\noption = \"max_turns\"\nvalue = \"400\"\n")) ==
      "x.toml: field 'round' is 5, expected a multiple of 2 (2 seats x 1 opponents) so that every candidate "
      "meets every opponent in every seat equally often");
  CHECK(run(checkers_with("seat = 0\nagents = [\"alphazero\"]\n", good))
            .starts_with("x.toml: field 'agents' (alphazero): unknown agent 'alphazero'"));
  CHECK(run(checkers_with("seat = 5\n", good)) == "x.toml: field 'seat' is 5, this game has seats 0 to 1");
  CHECK(
      run(checkers_with("seat = 0\n", "[[candidate]]\nname = \"greedy\"\nactions = [\"6->14\"]\n")) ==
      "x.toml: field 'candidate[0].name' ('greedy') is also an agent's name; candidates and agents are named "
      "apart in the store");
  CHECK(run(checkers_with("seat = 0\nbudget = 15\n", good)) ==
        "x.toml: field 'budget' is 15, less than one round (2 candidates x 10 games)");
  CHECK_FALSE(fs::exists(dir));
}

TEST_CASE("first_moves: every legal first move, or a seeded sample of them in legal order") {
  const std::string dir = fresh_dir("first");
  const OpeningsConfig cfg =
      parse_openings_config(checkers_with("seat = 0\nfirst_moves = \"all\"\nbudget = 140\n", ""), "x.toml");
  const OpeningsReport rep = run_openings(cfg, dir, 2);
  CHECK(rep.summary["candidates"].size() == 14);                // checkers 2p: 14 first moves
  CHECK(rep.summary["games_used"].get<std::int64_t>() == 140);  // one round, then the budget is spent
  fs::remove_all(dir);
  const std::vector<std::string> moves = {"a", "b", "c", "d", "e"};
  const auto three = sample_first_moves(moves, 3, 9);
  CHECK(three.size() == 3);
  CHECK(std::is_sorted(three.begin(), three.end()));
  CHECK(three == sample_first_moves(moves, 3, 9));
  CHECK(sample_first_moves(moves, 9, 9) == moves);
}

TEST_CASE(
    "option candidates: the candidate's entry in its seat, or its side's entries, the others from fill") {
  OpeningsPlan plan;
  plan.teams = {0, 1, 0, 1};
  plan.seats = {0, 1, 2, 3};
  plan.opponents = {"p", "q"};
  plan.agent_name = "greedy";
  OpeningCandidate seat{"c", {}, "setups", "front", "", false, ""};
  CHECK(opening_option_value(plan, seat, 2, "x.toml", 0) == ",,front,");
  seat.fill = "a,b,c,d";
  CHECK(opening_option_value(plan, seat, 1, "x.toml", 0) == "a,front,c,d");
  OpeningCandidate side{"pair", {}, "heroes", "knight,priest", "hunter,warlock,mage,archer", true, ""};
  CHECK(opening_option_value(plan, side, 1, "x.toml", 3) == "hunter,knight,mage,priest");
  CHECK(opening_option_value(plan, side, 2, "x.toml", 3) == "knight,warlock,priest,archer");
  side.fill = "a,b";
  CHECK(error_of([&] { opening_option_value(plan, side, 1, "x.toml", 3); }) ==
        "x.toml: field 'candidate[3].fill' has 2 entries, expected 4 (one per seat)");
  plan.candidates = {seat};
  // Game j: seat j mod 4, opponent (j / 4) mod 2; the candidate's teammate plays its agent.
  CHECK(opening_seat_agents(plan, 0, 0) == std::vector<std::string>{"c", "p", "greedy", "p"});
  CHECK(opening_seat_agents(plan, 0, 5) == std::vector<std::string>{"q", "c", "q", "greedy"});
  CHECK(opening_seat_agents(plan, 0, 6) == std::vector<std::string>{"greedy", "q", "c", "q"});
}

TEST_CASE(
    "every shipped openings config reads, plans, and makes the game of every option candidate in every "
    "seat") {
  const fs::path dir = fs::path(QILAB_SOURCE_DIR) / "configs" / "experiments";
  int seen = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (!entry.path().filename().string().starts_with("openings-")) continue;
    ++seen;
    INFO(entry.path().string());
    const OpeningsConfig cfg = read_openings_config(entry.path().string());
    with_game(cfg.base.game.game, [&]<Game G>() {
      const G game(resolve_options(G::option_specs(), cfg.base.game, cfg.base.sets));
      const auto start = game.initial_state();
      const OpeningsPlan plan = plan_openings(cfg, cfg.candidates, std::string(G::kId),
                                              game.options().to_json(), game_teams(start));
      CHECK(Race(static_cast<int>(plan.candidates.size()) + (cfg.first_moves != 0 ? 1 : 0), cfg.rule).z() >
            0);
      for (std::size_t a = 0; a < plan.candidates.size(); ++a) {
        const auto& c = plan.candidates[a];
        if (!c.agent.empty()) CHECK_NOTHROW(make_agent(game, c.agent));
        if (c.option.empty()) continue;
        for (const int seat : plan.seats) {
          GameConfig gc = cfg.base.game;
          gc.options[c.option] = opening_option_value(plan, c, seat, cfg.base.source, a);
          CHECK_NOTHROW(G(resolve_options(G::option_specs(), gc, cfg.base.sets)));
        }
      }
    });
  }
  CHECK(seen >= 4);
}

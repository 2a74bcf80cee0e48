// qilab end to end: each test runs the built binary and checks what a user would see.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/cli/run_qilab.h"

namespace fs = std::filesystem;
using namespace cli_test;

namespace {

fs::path write_file(const std::string& name, const std::string& text) {
  const fs::path p = scratch() / name;
  std::ofstream(p) << text;
  return p;
}

}  // namespace

TEST_CASE("games lists checkers with its options") {
  auto r = qilab("games");
  CHECK(r.code == 0);
  CHECK(r.out.find("checkers") != std::string::npos);
  CHECK(r.out.find("max_turns") != std::string::npos);
  r = qilab("games --json");
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j[0]["id"] == "checkers");
  CHECK(j[0]["players"] == 6);
}

TEST_CASE("--help works on every command") {
  for (const char* cmd : {"", "games ", "show ", "legal ", "apply ", "play "}) {
    auto r = qilab(std::string(cmd) + "--help");
    CHECK_MESSAGE(r.code == 0, cmd);
    CHECK(r.out.find("--help") != std::string::npos);
  }
  CHECK(qilab("play --help").out.find("--agents") != std::string::npos);
}

TEST_CASE("legal on the initial two-player position") {
  // Seat 0 has 4 front pieces with 2 steps each into the empty centre and 3 second-row pieces
  // with 2 hops each over the front row: 14 actions.
  auto r = qilab("legal --game checkers --set players=2 --json");
  REQUIRE(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["count"] == 14);
  CHECK(j["actions"].size() == 14);
  CHECK(j["player"] == 0);
  // The same through a config file, given as --game or --config; text output, one per line.
  r = qilab("legal --game configs/games/checkers-2p.toml");
  CHECK(r.code == 0);
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 14);
  CHECK(qilab("legal --config configs/games/checkers-2p.toml").out == r.out);
}

TEST_CASE("apply, then show and legal on the resulting position") {
  auto legal = nlohmann::json::parse(qilab("legal --game checkers --set players=2 --json").out);
  // The first legal action, by notation and by id.
  const std::string first = legal["actions"][0]["notation"];
  const int id = legal["actions"][0]["id"];
  auto by_name = qilab("apply --game checkers --set players=2 --actions '" + first + "'");
  auto by_id = qilab("apply --game checkers --set players=2 --actions " + std::to_string(id));
  REQUIRE(by_name.code == 0);
  CHECK(by_name.out == by_id.out);
  const auto pos = nlohmann::json::parse(by_name.out);
  CHECK(pos != nlohmann::json::parse(qilab("show --game checkers --set players=2 --json").out));
  // The printed position reads back (here from standard input).
  auto shown = qilab("show --game checkers --set players=2 --position -", by_name.out);
  CHECK(shown.code == 0);
  CHECK(qilab("legal --game checkers --set players=2 --position -", by_name.out).code == 0);
  auto env = qilab("apply --game checkers --set players=2 --json --actions " + std::to_string(id));
  REQUIRE(env.code == 0);
  const auto e = nlohmann::json::parse(env.out);
  CHECK(e["applied"][0]["notation"] == first);
  CHECK(e["position"] == pos);
}

TEST_CASE("an illegal action exits 2 naming it and its place") {
  auto legal = nlohmann::json::parse(qilab("legal --game checkers --set players=2 --json").out);
  const std::string ok = legal["actions"][0]["notation"];
  // Action id 0: the north tip stepping up-left, off the board.
  auto r = qilab("apply --game checkers --set players=2 --actions '" + ok + " 0'");
  check_bad_input(r, "action 2 '0'");
  r = qilab("apply --game checkers --set players=2 --actions 'zz9'");
  check_bad_input(r, "action 1 'zz9'");
  r = qilab("apply --game checkers --set players=2 --actions 99999");
  check_bad_input(r, "action 1 '99999'");
}

TEST_CASE("unknown game, option and agent exit 2") {
  check_bad_input(qilab("show --game nosuch"), "unknown game 'nosuch'");
  check_bad_input(qilab("show --game checkers --set colour=red"), "colour");
  check_bad_input(qilab("show --game checkers --set players=five"), "players");
  check_bad_input(qilab("show --game checkers --set players=5"), "players");
  // An option's declaration names where the value came from: the override, or the config file.
  check_bad_input(qilab("show --game configs/games/checkers-2p.toml --set players=5"),
                  "override 'players=5': option 'players' expects one of 2, 3, 4, 6, got 5");
  const auto five = write_file("five.toml", "game = \"checkers\"\n[options]\nplayers = 5\n");
  check_bad_input(qilab("show --game '" + five.string() + "'"),
                  five.string() + ": option 'players' expects one of 2, 3, 4, 6, got 5");
  const auto out = scratch() / "never";
  check_bad_input(qilab("play --game checkers --agents random,nosuch --games 1 --out '" + out.string() + "'"),
                  "unknown agent 'nosuch'");
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("one spec grammar: --game NAME:KEY=VALUE,... and --set KEY=VALUE,... are --set pairs") {
  const Result pairs = qilab("legal --game checkers --set players=2 --set max_turns=10 --json");
  REQUIRE(pairs.code == 0);
  const Result spec = qilab("legal --game checkers:players=2,max_turns=10 --json");
  CHECK(spec.code == 0);
  CHECK(spec.out == pairs.out);
  const Result joined = qilab("legal --game checkers --set players=2,max_turns=10 --json");
  CHECK(joined.code == 0);
  CHECK(joined.out == pairs.out);
  CHECK(qilab("legal --game configs/games/checkers-2p.toml:max_turns=10 --json").out == pairs.out);
  check_bad_input(qilab("show --game checkers --set players"),
                  "--set 'players': expected key=value, got 'players'");
  check_bad_input(qilab("show --game checkers:players"),
                  "--game 'checkers:players': expected key=value, got 'players'");
  check_bad_input(qilab("show --game checkers:players=5"),
                  "override 'players=5': option 'players' expects one of 2, 3, 4, 6, got 5");
}

TEST_CASE("bad command lines exit 2 with one line") {
  check_bad_input(qilab(""), "subcommand");
  check_bad_input(qilab("nosuch"), "nosuch");
  check_bad_input(qilab("play --game checkers --games x --out /tmp/x"), "--games");
  check_bad_input(qilab("play --game checkers --games 0 --out /tmp/x"), "--games");
  check_bad_input(qilab("play --game checkers --games 1"), "--out");
  check_bad_input(qilab("show"), "--game");
  check_bad_input(qilab("show --game checkers --bogus"), "--bogus");
  check_bad_input(qilab("show --game checkers --config configs/games/checkers-2p.toml --game other"), "");
}

TEST_CASE("malformed TOML and JSON exit 2 naming the file") {
  const auto toml = write_file("bad.toml", "game = \"checkers\"\n[options\nplayers = 2\n");
  check_bad_input(qilab("show --game '" + toml.string() + "'"), toml.string());
  check_bad_input(qilab("show --config '" + toml.string() + "'"), toml.string());
  const auto unknown = write_file("unknown.toml", "game = \"checkers\"\n[options]\nplayrs = 2\n");
  check_bad_input(qilab("show --game '" + unknown.string() + "'"), "playrs");
  const auto json = write_file("bad.json", "{ \"board\": ");
  check_bad_input(qilab("show --game checkers --position '" + json.string() + "'"), json.string());
  const auto wrong = write_file("wrong.json", "{ \"board\": 3 }");
  check_bad_input(qilab("legal --game checkers --position '" + wrong.string() + "'"), wrong.string());
  check_bad_input(qilab("show --game checkers --position -", "[1, 2"), "<stdin>");
  check_bad_input(qilab("show --game checkers --position /nonexistent/pos.json"), "/nonexistent/pos.json");
}

TEST_CASE("play writes games.jsonl and summary.json and prints the table") {
  const auto out = scratch() / "play";
  auto r = qilab(
      "play --game configs/games/checkers-2p.toml --set max_turns=30 --agents random,greedy --games 4 "
      "--threads 2 --seed 3 --out '" +
      out.string() + "'");
  REQUIRE_MESSAGE(r.code == 0, r.err);
  CHECK(r.err.empty());  // no progress bar when stderr is not a terminal
  CHECK(r.out.find("seat") != std::string::npos);
  CHECK(r.out.find("greedy") != std::string::npos);
  const auto summary = nlohmann::json::parse(slurp(out / "summary.json"));
  CHECK(summary["games"] == 4);
  CHECK(summary["seed"] == 3);
  CHECK(summary["options"]["max_turns"] == 30);
  const std::string lines = slurp(out / "games.jsonl");
  CHECK(std::count(lines.begin(), lines.end(), '\n') == 4);
  // Asking for more resumes; asking with another seed is refused.
  r = qilab(
      "play --game configs/games/checkers-2p.toml --set max_turns=30 --agents random,greedy --games 6 "
      "--threads 1 --seed 3 --out '" +
      out.string() + "'");
  CHECK(r.code == 0);
  CHECK(r.out.find("2 games played now, 4 already in") != std::string::npos);
  CHECK(r.out.find("note:") == std::string::npos);
  // A count that leaves the rotation part-way is said, with the count that would not.
  r = qilab(
      "play --game configs/games/checkers-2p.toml --set max_turns=30 --agents random,greedy --games 7 "
      "--threads 1 --seed 3 --out '" +
      out.string() + "'");
  CHECK(r.code == 0);
  CHECK(r.out.find("note: 7 games do not seat every agent in every seat equally often, so seat effects do "
                   "not cancel out of the agents' rates; a multiple of 2 games would") != std::string::npos);
  check_bad_input(
      qilab("play --game configs/games/checkers-2p.toml --set max_turns=30 --agents random,greedy "
            "--games 6 --seed 4 --out '" +
            out.string() + "'"),
      "seed 3");
}

TEST_CASE("the playout agent plays mizong at every point size; other games refuse it") {
  for (const char* size : {"4", "12"}) {
    const auto out = scratch() / (std::string("playout") + size);
    auto r = qilab(std::string("play --game mizong:point_size=") + size +
                   ",round_cap=20 --agents playout,greedy --games 2 --seed 1 --out '" + out.string() + "'");
    REQUIRE_MESSAGE(r.code == 0, r.err);
    CHECK(r.out.find("playout") != std::string::npos);
    const auto summary = nlohmann::json::parse(slurp(out / "summary.json"));
    CHECK(summary["games"] == 2);
    CHECK(summary["options"]["point_size"] == std::stoi(size));
  }
  const auto never = scratch() / "never-playout";
  check_bad_input(qilab("play --game checkers --agents playout --games 1 --out '" + never.string() + "'"),
                  "agent 'playout' needs a game with a playout policy (mizong); checkers has none");
  check_bad_input(
      qilab("play --game checkers --agents mcts:rollout_policy=playout --games 1 --out '" + never.string() +
            "'"),
      "option 'rollout_policy' expects random for checkers (it has no playout policy), got 'playout'");
}

TEST_CASE("the activation agent plays mizong from its agent file; bad options and other games exit 2") {
  const auto out = scratch() / "activation";
  auto r = qilab(
      "play --game configs/games/mizong-small.toml --set round_cap=2 --agents "
      "configs/agents/activation-mizong.toml:simulations=10,time_ms=0,greedy --games 2 --seed 1 --out '" +
      out.string() + "'");
  REQUIRE_MESSAGE(r.code == 0, r.err);
  CHECK(r.out.find("activation") != std::string::npos);
  const auto never = scratch() / "never-activation";
  check_bad_input(
      qilab("play --game mizong --agents activation:horizon=-1 --games 1 --out '" + never.string() + "'"),
      "agent 'activation:horizon=-1': option 'horizon'");
  check_bad_input(
      qilab("play --game checkers --agents activation --games 1 --out '" + never.string() + "'"),
      "agent 'activation' needs a game whose turns are piece activations (mizong); checkers has none");
}

TEST_CASE("play is a tournament of one line-up: its store is the truth, its files are exports") {
  const auto out = scratch() / "play_store";
  fs::remove_all(out);
  const std::string play = "play --game configs/games/checkers-2p.toml --set max_turns=30 --seed 3 ";
  auto r = qilab(play + "--agents random,greedy --games 6 --out '" + out.string() + "'");
  REQUIRE_MESSAGE(r.code == 0, r.err);
  CHECK(fs::exists(out / "tournament.db"));
  CHECK(r.out.find("6 games played now, 0 already in " + (out / "tournament.db").string()) !=
        std::string::npos);
  CHECK(nlohmann::json::parse(slurp(out / "summary.json"))["store"] == (out / "tournament.db").string());
  // The exported records carry the notation, as play's records always did.
  const std::string lines = slurp(out / "games.jsonl");
  const auto first = nlohmann::json::parse(lines.substr(0, lines.find('\n')));
  CHECK(first["index"] == 0);
  CHECK(first["notation"].size() == first["actions"].size());
  CHECK(!first["notation"].empty());
  // Fewer games: the later ones stay in the store and the records, out of the summary.
  r = qilab(play + "--agents random,greedy --games 2 --out '" + out.string() + "'");
  REQUIRE_MESSAGE(r.code == 0, r.err);
  CHECK(r.out.find("0 games played now, 2 already in") != std::string::npos);
  CHECK(r.out.find("(4 later games there left out of this summary)") != std::string::npos);
  CHECK(nlohmann::json::parse(slurp(out / "summary.json"))["games"] == 2);
  CHECK(slurp(out / "games.jsonl") == lines);
  // Another run's settings are named.
  check_bad_input(qilab(play + "--agents greedy,random --games 6 --out '" + out.string() + "'"),
                  "was played with agents (per seat) random,greedy, this run has greedy,random");
  check_bad_input(qilab("play --game configs/games/checkers-2p.toml --set max_turns=40 --seed 3 --agents "
                        "random,greedy --out '" +
                        out.string() + "'"),
                  "option 'max_turns' 30 there, 40 in this run");
  // A tournament's directory, and an earlier qilab's records without a store, are not resumed.
  const auto tour = scratch() / "play_in_tournament";
  fs::remove_all(tour);
  const auto cfg = write_file("one.toml",
                              "game = \"configs/games/checkers-2p.toml\"\nagents = [\"random\"]\n"
                              "games_per_lineup = 1\n");
  REQUIRE(qilab("tournament --config '" + cfg.string() + "' --out '" + tour.string() + "'").code == 0);
  check_bad_input(qilab(play + "--agents random --out '" + tour.string() + "'"), "not a qilab play run");
  const auto old = scratch() / "play_old";
  fs::remove_all(old);
  fs::create_directories(old);
  std::ofstream(old / "games.jsonl") << lines;
  check_bad_input(qilab(play + "--agents random,greedy --out '" + old.string() + "'"),
                  "without its store (tournament.db)");
}

TEST_CASE("play in a team mode keeps each team one agent, every agent on every side equally often") {
  const auto out = scratch() / "play_teams";
  fs::remove_all(out);
  const auto r = qilab(
      "play --game configs/games/guifa.toml --set max_turns=20 --seed 2 --agents "
      "random,greedy,mcts:simulations=2 --games 6 --out '" +
      out.string() + "'");
  REQUIRE_MESSAGE(r.code == 0, r.err);
  const std::string lines = slurp(out / "games.jsonl");
  std::istringstream in(lines);
  std::map<std::pair<std::string, int>, int> on_side;
  int games = 0;
  for (std::string line; std::getline(in, line); ++games) {
    const auto agents = nlohmann::json::parse(line)["agents"].get<std::vector<std::string>>();
    REQUIRE(agents.size() == 4);
    CHECK(agents[0] == agents[2]);  // alliance 0: seats 0 and 2
    CHECK(agents[1] == agents[3]);
    CHECK(agents[0] != agents[1]);
    ++on_side[{agents[0], 0}];
    ++on_side[{agents[1], 1}];
  }
  CHECK(games == 6);
  for (const char* agent : {"random", "greedy", "mcts:simulations=2"})
    for (int side = 0; side < 2; ++side) {
      const int n = on_side[std::make_pair(std::string(agent), side)];
      CHECK_MESSAGE(n == 2, agent, " side ", side);
    }
}

TEST_CASE("every command reads its numbers the same way: decimal digits in range, else one named line") {
  const std::string cfg = QILAB_SOURCE_DIR "/configs/experiments/openings-guifa.toml";
  const std::string out = (scratch() / "numbers").string();
  for (const char* bad : {"0x2", "' 3'", "abc", "0", "4097", "-1", "1.5"}) {
    for (const std::string& cmd :
         {"openings --config '" + cfg + "' --out '" + out + "' --threads " + bad,
          "play --games 2 --out '" + out + "' --threads " + std::string(bad),
          "tournament --config '" + cfg + "' --out '" + out + "' --threads " + bad}) {
      const auto r = qilab(cmd);
      check_bad_input(r, "expected an integer 1 to 4096");
    }
  }
  check_bad_input(qilab("stats '" + out + "' --trace-games abc"),
                  "--trace-games: expected an integer 0 to 1000000000, got 'abc'");
  CHECK_FALSE(fs::exists(out));
}

// A fresh `qilab play` run of short two-player checkers games, random against greedy.
fs::path short_play(const std::string& name, int games) {
  const auto out = scratch() / name;
  fs::remove_all(out);
  const auto r = qilab(
      "play --game configs/games/checkers-2p.toml --set max_turns=20 --seed 3 --agents random,greedy "
      "--games " +
      std::to_string(games) + " --out '" + out.string() + "'");
  REQUIRE_MESSAGE(r.code == 0, r.err);
  return out;
}

TEST_CASE("export, report and replay never write over the run they read, a database, a link or a pipe") {
  const auto out = short_play("outputs", 2);
  const std::string db = (out / "tournament.db").string(), records = (out / "games.jsonl").string();
  const std::string store = slurp(db), lines = slurp(records), summary = slurp(out / "summary.json");
  // The store itself, under another spelling of its path.
  check_bad_input(qilab("export --db '" + db + "' --format csv --out '" +
                        (out / ".." / "outputs" / "tournament.db").string() + "'"),
                  "is the store being exported (--db)");
  // Another database.
  fs::copy_file(db, out / "other.db");
  check_bad_input(qilab("export --db '" + db + "' --out '" + (out / "other.db").string() + "'"),
                  "exists and is an SQLite database");
  // A page over the run's files.
  for (const char* name : {"tournament.db", "games.jsonl", "summary.json"})
    check_bad_input(qilab("report '" + out.string() + "' --out '" + (out / name).string() + "'"),
                    "exists and is not an HTML page");
  check_bad_input(qilab("replay '" + records + "' --out '" + records + "'"),
                  "exists and is not an HTML page");
  // A link and a pipe stay what they are.
  fs::create_symlink(out / "games.jsonl", out / "link.csv");
  check_bad_input(qilab("export --db '" + db + "' --format csv --out '" + (out / "link.csv").string() + "'"),
                  "a link, device, pipe or socket is in the way");
  REQUIRE(::mkfifo((out / "fifo").c_str(), 0644) == 0);
  check_bad_input(qilab("export --db '" + db + "' --out '" + (out / "fifo").string() + "'"),
                  "a link, device, pipe or socket is in the way");
  CHECK(fs::is_symlink(out / "link.csv"));
  CHECK(fs::is_fifo(out / "fifo"));
  CHECK(slurp(db) == store);
  CHECK(slurp(records) == lines);
  CHECK(slurp(out / "summary.json") == summary);
  for (const char* name :
       {"tournament.db.tmp", "games.jsonl.tmp", "summary.json.tmp", "link.csv.tmp", "fifo.tmp"})
    CHECK_FALSE(fs::exists(out / name));
  // What they may write over: an earlier export, an earlier page.
  CHECK(qilab("export --db '" + db + "' --out '" + (out / "again.jsonl").string() + "'").code == 0);
  CHECK(qilab("export --db '" + db + "' --out '" + (out / "again.jsonl").string() + "'").code == 0);
  CHECK(qilab("replay '" + records + "' --out '" + (out / "page.html").string() + "'").code == 0);
  const auto r = qilab("replay '" + records + "' --out '" + (out / "page.html").string() + "'");
  CHECK_MESSAGE(r.code == 0, r.err);
}

TEST_CASE("a store in a directory its reader may not write is read, and nothing is left beside it") {
  // Needs another user than root's to be refused a write: run as nobody through setpriv.
  if (::geteuid() != 0 || std::system("command -v setpriv > /dev/null") != 0) {
    MESSAGE("skipped: needs root and setpriv to read as another user");
    return;
  }
  const auto run = short_play("readonly", 4);
  fs::permissions(scratch(), fs::perms::others_exec | fs::perms::group_exec, fs::perm_options::add);
  fs::permissions(run, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                           fs::perms::others_read | fs::perms::others_exec);
  const std::string nobody = "setpriv --reuid=65534 --regid=65534 --clear-groups";
  REQUIRE_FALSE(fs::exists(run / "tournament.db-shm"));  // the run closed its store
  const auto r = qilab("stats '" + run.string() + "' --json", "", nobody);
  CHECK_MESSAGE(r.code == 0, r.err);
  CHECK(qilab("ratings '" + run.string() + "'", "", nobody).code == 0);
  CHECK_FALSE(fs::exists(run / "tournament.db-shm"));
  CHECK_FALSE(fs::exists(run / "tournament.db-wal"));
  const auto as_root = qilab("stats '" + run.string() + "' --json");
  REQUIRE(as_root.code == 0);
  CHECK(r.out == as_root.out);
  fs::remove(run / "tournament.db-shm");  // what root's reading left (SQLite's index of the log)
  // A write-ahead log without its -shm there cannot be read: said so, not "not a store".
  std::ofstream(run / "tournament.db-wal").close();
  check_bad_input(qilab("stats '" + run.string() + "'", "", nobody),
                  "cannot be read here: its directory is not writable");
}

// ---- Reliability of inputs: every bad value is refused with one line naming it (exit 2),
// never cut, wrapped, saturated or let run forever.

TEST_CASE("non-finite numbers are refused everywhere") {
  const auto out = scratch() / "nonfinite";
  const std::string play =
      "play --game checkers --set players=2 --set max_turns=2 --games 1 --out '" + out.string() + "' ";
  check_bad_input(qilab(play + "--agents mcts:simulations=0,time_ms=inf"),
                  "option 'time_ms' expects a number 0 to 86400000, got inf");
  check_bad_input(qilab(play + "--agents mcts:simulations=5,fpu=nan"),
                  "option 'fpu' expects one of auto, inf, parent or a number, got 'nan'");
  check_bad_input(qilab(play + "--agents mcts:simulations=5,fpu=-infinity"), "option 'fpu'");
  check_bad_input(qilab(play + "--agents mcts:simulations=5,fpu_reduction=nan"),
                  "option 'fpu_reduction' expects a number -1 to 1, got nan");
  check_bad_input(qilab(play + "--agents mcts:simulations=5,uct=1e999"),
                  "option 'uct' expects a number >= 0, got 1e999");
  // TOML has inf and nan too; an agent file names itself.
  const auto file =
      write_file("inf-agent.toml", "agent = \"mcts\"\n[options]\nsimulations = 0\ntime_ms = inf\n");
  check_bad_input(qilab(play + "--agents '" + file.string() + "'"),
                  file.string() + "': option 'time_ms' expects a number 0 to 86400000, got inf");
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("integer options are range-checked on the 64-bit value, before a game narrows them") {
  check_bad_input(
      qilab("show --game checkers --set players=4294967298"),
      "override 'players=4294967298': option 'players' expects one of 2, 3, 4, 6, got 4294967298");
  check_bad_input(qilab("show --game checkers --set max_turns=4294967296"),
                  "option 'max_turns' expects an integer 1 to 1000000, got 4294967296");
  check_bad_input(qilab("show --game checkers --set max_turns=99999999999999999999"),
                  "option 'max_turns' expects an integer 1 to 1000000, got 99999999999999999999");
  check_bad_input(qilab("show --game guifa --set board_size=4294967305"),
                  "option 'board_size' expects one of 9, 11, 13, 15");
  check_bad_input(qilab("show --game mizong --set point_size=4294967320"),
                  "option 'point_size' expects one of 4, 12, 24");
  check_bad_input(qilab("show --game junqi4 --set mode=sudden"),
                  "option 'mode' expects one of standard, decapitation, got 'sudden'");
  // A config file: the JSON path of the value is the file; an unsigned 64-bit value does not wrap.
  const auto big = write_file("big.toml", "game = \"checkers\"\n[options]\nplayers = 4294967298\n");
  check_bad_input(qilab("show --game '" + big.string() + "'"),
                  big.string() + ": option 'players' expects one of 2, 3, 4, 6, got 4294967298");
  // The gaps inside a range (even board sizes, 5 checkers players) are refused by the options'
  // declarations too, naming where the value came from.
  check_bad_input(qilab("show --game guifa --set board_size=10"),
                  "override 'board_size=10': option 'board_size' expects one of 9, 11, 13, 15, got 10");
  check_bad_input(qilab("show --game checkers --set players=5"),
                  "override 'players=5': option 'players' expects one of 2, 3, 4, 6, got 5");
  check_bad_input(qilab("show --game elements --set players=3"),
                  "override 'players=3': option 'players' expects one of 2, 4, 6, got 3");
  check_bad_input(qilab("show --game elements --set patch=FEWAEX"),
                  "override 'patch=FEWAEX': option 'patch' expects 6 letters from F, E, W, A, got 'FEWAEX'");
  // A play run never records a value the game did not use.
  const auto out = scratch() / "players64";
  check_bad_input(
      qilab("play --game checkers --set players=4294967298 --set max_turns=3 --out '" + out.string() + "'"),
      "players");
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("games lists what each option allows") {
  auto r = qilab("games");
  REQUIRE(r.code == 0);
  CHECK(r.out.find("--set players=6") != std::string::npos);
  CHECK(r.out.find("[one of 2, 3, 4, 6]") != std::string::npos);
  CHECK(r.out.find("[one of alliance, free_for_all]") != std::string::npos);
  r = qilab("games --json");
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  const auto& players = j[0]["options"][0];
  CHECK(players["name"] == "players");
  CHECK(players["type"] == "integer");
  CHECK(players["min"] == 2);
  CHECK(players["max"] == 6);
  CHECK(players["values"] == nlohmann::json({2, 3, 4, 6}));
  CHECK(players["expects"] == "one of 2, 3, 4, 6");
  int seen = 0;
  for (const auto& game : j)
    for (const auto& o : game["options"]) {
      if (o["name"] == "teams" && game["id"] == "guifa") {
        CHECK(o["choices"] == nlohmann::json({"alliance", "free_for_all"}));
        ++seen;
      }
      if (o["name"] == "patch" && game["id"] == "elements") {
        CHECK(o["pattern"] == "[FEWA]{6}");
        CHECK(o["expects"] == "6 letters from F, E, W, A");
        ++seen;
      }
    }
  CHECK(seen == 2);
}

TEST_CASE("--seed takes 0 to 2^64-1 in decimal digits, nothing else") {
  const auto out = scratch() / "seeds";
  const std::string play =
      "play --game checkers --set players=2 --set max_turns=2 --games 1 --out '" + out.string() + "' ";
  for (const char* bad :
       {"-1", "18446744073709551616", "99999999999999999999999", "0x10", "+5", "1.5", "' 7'"}) {
    CAPTURE(bad);
    check_bad_input(qilab(play + "--seed " + bad), "--seed");
    CHECK_FALSE(fs::exists(out));
  }
  auto r = qilab(play + "--seed 18446744073709551615");
  REQUIRE_MESSAGE(r.code == 0, r.err);
  CHECK(nlohmann::json::parse(slurp(out / "summary.json"))["seed"].get<std::uint64_t>() ==
        18446744073709551615ull);
}

TEST_CASE("unusable paths are bad input naming the option, not internal errors") {
  const auto dir = scratch() / "a-directory";
  fs::create_directories(dir);
  check_bad_input(qilab("show --game junqi6 --set 'board=" + dir.string() + "'"),
                  "'board=" + dir.string() + "'");
  check_bad_input(qilab("show --game junqi6 --set 'board=" + dir.string() + "'"),
                  "board file expected, found a directory");
  check_bad_input(qilab("show --game checkers --position '" + dir.string() + "'"), dir.string());
  const std::string long_name = "/tmp/" + std::string(300, 'a');
  check_bad_input(qilab("play --game checkers --set max_turns=2 --out " + long_name),
                  "--out '" + long_name + "': File name too long");
  check_bad_input(qilab("show --game " + long_name + ".toml"), "File name too long");
  check_bad_input(qilab("show --game junqi6 --set board=" + long_name), "File name too long");
  check_bad_input(qilab("play --game checkers --set max_turns=2 --agents " + long_name + ".toml --out " +
                        (scratch() / "never2").string()),
                  "File name too long");
  check_bad_input(qilab("play --game checkers --games 100000000000 --out " + (scratch() / "never3").string()),
                  "--games");
}

TEST_CASE("a flag before the command is named") {
  check_bad_input(qilab("--bogus"), "unknown option '--bogus'");
  check_bad_input(qilab("--bogus games"), "unknown option '--bogus'");
  CHECK(qilab("--help").code == 0);
}

TEST_CASE("errors from inside a game config or an agent file name the file") {
  const auto game = write_file("nope-game.toml", "game = \"nope\"\n");
  check_bad_input(qilab("show --game '" + game.string() + "'"), game.string() + ": unknown game 'nope'");
  check_bad_input(qilab("show --config '" + game.string() + "'"), game.string() + ": unknown game 'nope'");
  const auto out = scratch() / "never-agents";
  const auto agent = write_file("nope-agent.toml", "agent = \"nope\"\n");
  check_bad_input(
      qilab("play --game checkers --agents '" + agent.string() + "' --out '" + out.string() + "'"),
      agent.string() + ": unknown agent 'nope'");
  const auto random = write_file("random-agent.toml", "agent = \"random\"\n[options]\nx = 1\n");
  check_bad_input(
      qilab("play --game checkers --agents '" + random.string() + "' --out '" + out.string() + "'"),
      random.string() + ": agent 'random' takes no options, got 'x=1'");
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("records and the summary say what played: the program and each agent file's content hash") {
  const auto out = scratch() / "identity";
  const auto agent = write_file("id-agent.toml", "agent = \"mcts\"\n[options]\nsimulations = 4\n");
  const std::string play = "play --game checkers --set players=2 --set max_turns=6 --agents '" +
                           agent.string() + "',random --out '" + out.string() + "'";
  REQUIRE(qilab(play + " --games 2").code == 0);
  const auto line =
      nlohmann::json::parse(slurp(out / "games.jsonl").substr(0, slurp(out / "games.jsonl").find('\n')));
  const auto version = qilab("--version").out;
  CHECK(version.find(line["program"].get<std::string>()) == 0);  // "qilab X (commit C)", as --version says
  REQUIRE(line["agent_files"].size() == 1);
  const std::string hash = line["agent_files"][agent.string()];
  CHECK(hash.size() == 16);
  const auto summary = nlohmann::json::parse(slurp(out / "summary.json"));
  CHECK(summary["agent_files"] == line["agent_files"]);
  CHECK(summary["program"] == line["program"]);
  // The same file edited is another agent: resuming with it is refused, naming the hashes.
  std::ofstream(agent, std::ios::trunc) << "agent = \"mcts\"\n[options]\nsimulations = 5\n";
  const std::string kept = slurp(out / "games.jsonl");
  check_bad_input(qilab(play + " --games 3"), "other agent files (content hashes)");
  CHECK(slurp(out / "games.jsonl") == kept);  // nothing played or written
}

TEST_CASE("a resumed run that differs names what differs") {
  const auto out = scratch() / "differs";
  const std::string play =
      "play --game checkers --set players=2 --agents random --games 2 --out '" + out.string() + "' ";
  REQUIRE(qilab(play + "--set max_turns=30").code == 0);
  check_bad_input(qilab(play + "--set max_turns=31"),
                  "with other options: option 'max_turns' 30 there, 31 in this run");
  // Same options, another config hash (a record from another build): say so, not the options twice.
  std::string lines = slurp(out / "games.jsonl");
  const auto at = lines.find("\"config_hash\":\"");
  REQUIRE(at != std::string::npos);
  lines.replace(at + 15, 16, "0123456789abcdef");
  std::ofstream(out / "games.jsonl", std::ios::trunc) << lines;
  const auto r = qilab(play + "--set max_turns=30");
  check_bad_input(r, "was played with config hash 0123456789abcdef (the same options), this run has ");
  CHECK(r.err.find("max_turns") == std::string::npos);
}

TEST_CASE("play checks that summary.json can be written before it plays") {
  const auto out = scratch() / "blocked";
  fs::create_directories(out / "summary.json");  // a directory in the way of the summary
  check_bad_input(
      qilab("play --game checkers --set players=2 --set max_turns=5 --games 3 --out '" + out.string() + "'"),
      (out / "summary.json").string() + ": cannot write");
  CHECK_FALSE(fs::exists(out / "games.jsonl"));  // no game was played
  CHECK_FALSE(fs::exists(out / "summary.json.tmp"));
}

// Reliability of inputs: nesting that would make a recursive parser or dump() overflow the
// stack, values too long to echo, records that do not replay.

TEST_CASE("a position nested 60000 deep exits 2 instead of overflowing the stack") {
  const std::string deep = "{\"game\":" + std::string(60000, '[') + std::string(60000, ']') + "}";
  const auto path = write_file("deep.json", deep);
  for (const char* game : {"checkers", "junqi6", "junqi4", "guifa", "elements", "mizong"}) {
    CAPTURE(game);
    check_bad_input(qilab(std::string("legal --game ") + game + " --position '" + path.string() + "'"),
                    path.string() + ": JSON nested deeper than 64 levels");
  }
  check_bad_input(qilab("show --game checkers --position -", deep), "<stdin>: JSON nested deeper");
  // 64 levels are read (and refused by the checkers reader for what they are, not for depth).
  const auto ok = write_file("deep64.json", "{\"game\":" + std::string(63, '[') + std::string(63, ']') + "}");
  const auto r = qilab("legal --game checkers --position '" + ok.string() + "'");
  check_bad_input(r, ok.string());
  CHECK(r.err.find("nested") == std::string::npos);
}

TEST_CASE("a game config or agent file nested 6000 deep exits 2 naming the file and line") {
  const std::string deep = std::string(6000, '[') + std::string(6000, ']');
  const auto config = write_file("deep.toml", "game = \"checkers\"\n[options]\nplayers = " + deep + "\n");
  check_bad_input(qilab("show --game '" + config.string() + "'"),
                  config.string() + ": line 3: nested deeper than 32 levels");
  const auto agent = write_file("deep-agent.toml", "agent = \"mcts\"\n[options]\nuct = " + deep + "\n");
  const auto out = scratch() / "deep-agent-run";
  check_bad_input(qilab("play --game checkers --set players=2 --agents random,'" + agent.string() +
                        "' --out '" + out.string() + "'"),
                  agent.string() + ": line 3: nested deeper");
  CHECK_FALSE(fs::exists(out));
  // Inline tables and dotted keys nest tables as deep as brackets do.
  std::string dotted = "game = \"checkers\"\n[options]\nx";
  for (int i = 0; i < 6000; ++i) dotted += ".x";
  const auto keys = write_file("dotted.toml", dotted + " = 1\n");
  check_bad_input(qilab("show --game '" + keys.string() + "'"), keys.string() + ": line 3: nested deeper");
  std::string inl = "game = \"checkers\"\n[options]\nx = ";
  for (int i = 0; i < 6000; ++i) inl += "{a = ";
  const auto tables = write_file("inline.toml", inl + "1" + std::string(6000, '}') + "\n");
  check_bad_input(qilab("show --game '" + tables.string() + "'"),
                  tables.string() + ": line 3: nested deeper");
}

TEST_CASE("brackets in TOML strings and comments do not count as nesting") {
  const std::string many(200, '[');
  const auto path =
      write_file("strings.toml", "game = \"checkers\"  # " + many + "\ndescription = \"" + many + "\\\"" +
                                     many + "\"\n# '''\n[options]\nplayers = 2 # " + many + "\n");
  const auto r = qilab("legal --game '" + path.string() + "'");
  CHECK_MESSAGE(r.code == 0, r.err);
  const auto literal = write_file("literal.toml", "game = \"checkers\"\ndescription = '''" + many + "\n''" +
                                                      many + "'''\n[options]\nplayers = 2\n");
  CHECK_MESSAGE(qilab("legal --game '" + literal.string() + "'").code == 0, literal.string());
}

TEST_CASE("a bad option value is echoed as a short prefix, not whole") {
  const auto path = write_file(
      "long.toml", "game = \"checkers\"\n[options]\nplayers = \"" + std::string(100000, '6') + "\"\n");
  const auto r = qilab("show --game '" + path.string() + "'");
  check_bad_input(r, "option 'players' expects an integer, got \"666666");
  CHECK(r.err.size() < 400);
}

TEST_CASE("a bad position field is echoed as a short prefix, not whole") {
  const auto path = write_file("long-game.json", "{\"game\": \"" + std::string(100000, 'x') + "\"}");
  for (const char* game : {"checkers", "junqi6", "junqi4", "guifa", "mizong"}) {
    CAPTURE(game);
    const auto r = qilab(std::string("legal --game ") + game + " --position '" + path.string() + "'");
    check_bad_input(r, "\"xxxxxxxxxx");
    CHECK(r.err.size() < 400);
  }
}

namespace {

// Rewrites line `n` (1-based) of a games.jsonl with `edit` applied to its JSON.
template <class F>
void edit_record(const fs::path& file, int n, F edit) {
  std::istringstream in(slurp(file));
  std::string line, all;
  for (int k = 1; std::getline(in, line); ++k) {
    if (k == n) {
      auto j = nlohmann::json::parse(line);
      edit(j);
      line = j.dump();
    }
    all += line + "\n";
  }
  std::ofstream(file, std::ios::binary | std::ios::trunc) << all;
}

}  // namespace

TEST_CASE("resume replays each record and refuses one that does not replay") {
  const std::string run =
      "play --game checkers --set players=2 --set max_turns=30 --agents random,greedy --seed 5 ";
  const auto fresh = [&](const std::string& name) {
    const auto dir = scratch() / name;
    const auto r = qilab(run + "--games 3 --out '" + dir.string() + "'");
    REQUIRE_MESSAGE(r.code == 0, r.err);
    return dir;
  };
  const auto resume = [&](const fs::path& dir) {
    return qilab(run + "--games 4 --out '" + dir.string() + "'");
  };
  // Untouched records resume.
  const auto good = fresh("replay-good");
  const auto ok = resume(good);
  CHECK_MESSAGE(ok.code == 0, ok.err);
  CHECK(ok.out.find("1 games played now, 3 already in") != std::string::npos);

  // Edited returns: a 2-player checkers game cannot end 5 to -5.
  const auto returns = fresh("replay-returns");
  edit_record(returns / "games.jsonl", 2, [](nlohmann::json& j) { j["returns"] = {5.0, -5.0}; });
  const std::string summary = slurp(returns / "summary.json");
  check_bad_input(resume(returns),
                  (returns / "games.jsonl").string() + ":2: game 1 does not replay: returns [5.0,-5.0]");
  CHECK(slurp(returns / "summary.json") == summary);  // nothing rewritten

  // Actions that are not a legal game: the first action replaced by one off the board.
  const auto actions = fresh("replay-actions");
  edit_record(actions / "games.jsonl", 3, [](nlohmann::json& j) { j["actions"][0] = 0; });
  check_bad_input(resume(actions), "games.jsonl:3: game 2 does not replay: action 0 (id 0");
  // A game cut short: it has not ended after its actions.
  const auto cut = fresh("replay-cut");
  edit_record(cut / "games.jsonl", 1, [](nlohmann::json& j) {
    j["actions"].erase(j["actions"].size() - 1);
    j["notation"].erase(j["notation"].size() - 1);
  });
  check_bad_input(resume(cut), "games.jsonl:1: game 0 does not replay: the game has not ended");
  // Notation that does not match its action.
  const auto notation = fresh("replay-notation");
  edit_record(notation / "games.jsonl", 1, [](nlohmann::json& j) { j["notation"][0] = "1->2"; });
  check_bad_input(resume(notation), "games.jsonl:1: game 0 does not replay: action 0");
}

#ifdef QILAB_WITH_TORCH
TEST_CASE("train: bad configs and a run directory without a run exit 2 naming the field") {
  CHECK(qilab("train --help").out.find("--resume") != std::string::npos);
  const auto bad = write_file("bad-train.toml",
                              "game = \"configs/games/checkers-2p.toml\"\n[selfplay]\nsimulations = 0\n");
  check_bad_input(
      qilab("train --config '" + bad.string() + "' --out '" + (scratch() / "run-bad").string() + "'"),
      "field 'selfplay.simulations' expects an integer 1 to 1000000, got 0");
  const auto unknown =
      write_file("unknown-train.toml", "game = \"configs/games/checkers-2p.toml\"\n[network]\nlayers = 2\n");
  check_bad_input(
      qilab("train --config '" + unknown.string() + "' --out '" + (scratch() / "run-bad").string() + "'"),
      "unknown field 'network.layers'");
  check_bad_input(
      qilab("train --config configs/train/nosuch.toml --out '" + (scratch() / "run-bad").string() + "'"),
      "nosuch.toml");
}

// The LibTorch side is a module the program loads when a command needs it
// (apps/qilab/torch_module.h); LD_DEBUG=files makes the loader name every library it opens.
TEST_CASE("LibTorch is loaded by the network agents and train, never by other commands") {
  const std::string out = (scratch() / "torch-none").string();
  const Result traced_version = qilab("--version", "", "LD_DEBUG=files");
  CHECK(traced_version.code == 0);
  CHECK(traced_version.err.find("libtorch") == std::string::npos);
  const Result traced_play =
      qilab("play --game checkers --set max_turns=4 --agents random --games 1 --out '" + out + "'", "",
            "LD_DEBUG=files");
  CHECK(traced_play.code == 0);
  CHECK(traced_play.err.find("libtorch") == std::string::npos);
  // A network agent loads the module, which then reads (and here misses) the network file.
  const std::string missing = (scratch() / "missing.net").string();
  const std::string play_az = "play --game checkers --agents 'az:network=" + missing +
                              ",random' --games 1 --out '" + (scratch() / "torch-az").string() + "'";
  check_bad_input(qilab(play_az), missing + ": no such network file");
  const Result traced_az = qilab(play_az, "", "LD_DEBUG=files");
  CHECK(traced_az.code == 2);
  CHECK(traced_az.err.find("qilab-torch.so") != std::string::npos);
  CHECK(traced_az.err.find("libtorch_cpu") != std::string::npos);
}

TEST_CASE("a network trained by qilab train plays as az and policy from the command line") {
  const auto cfg = write_file("tiny-train.toml", R"(game = "configs/games/checkers-2p.toml"
set = ["max_turns=12"]
seed = 5
iterations = 1
[network]
blocks = 1
channels = 8
value_hidden = 16
[selfplay]
games = 2
threads = 1
simulations = 4
fast_simulations = 4
batch = 2
[service]
max_batch = 16
max_wait_us = 0
threads = 1
cache_entries = 0
[trainer]
optimizer = "sgd"
batch_size = 8
steps_per_iteration = 2
checkpoint_every = 2
[gating]
games = 0
baseline = "random"
baseline_games = 2
threads = 1
)");
  const fs::path run = scratch() / "tiny-run";
  const Result trained = qilab("train --config '" + cfg.string() + "' --out '" + run.string() + "'");
  REQUIRE_MESSAGE(trained.code == 0, trained.err);
  const std::string net = (run / "networks" / "best.net").string();
  REQUIRE(fs::exists(net));
  const fs::path out = scratch() / "tiny-play";
  const Result played =
      qilab("play --game configs/games/checkers-2p.toml --set max_turns=12 --agents 'az:network=" + net +
            ",simulations=8,policy:network=" + net + "' --games 2 --threads 2 --out '" + out.string() + "'");
  REQUIRE_MESSAGE(played.code == 0, played.err);
  const auto summary = nlohmann::json::parse(slurp(out / "summary.json"));
  CHECK(summary["games"] == 2);
  REQUIRE(summary["by_agent"].size() == 2);
  CHECK(summary["by_agent"][0]["agent"].get<std::string>().starts_with("az:network="));
  CHECK(summary["by_agent"][1]["agent"].get<std::string>().starts_with("policy:network="));
  // The network file's content is the agents': another network under the same path does not
  // resume the run (training replaces best.net whenever a candidate passes gating).
  const std::string first = slurp(net), other = slurp(run / "networks" / "gen-000000.net");
  REQUIRE(first != other);
  const std::string records = slurp(out / "games.jsonl");
  CHECK(nlohmann::json::parse(records.substr(0, records.find('\n')))["agent_files"].contains(
      "az:network=" + net + ",simulations=8"));
  const std::string again =
      "play --game configs/games/checkers-2p.toml --set max_turns=12 --agents 'az:network=" + net +
      ",simulations=8,policy:network=" + net + "' --threads 2 --out '" + out.string() + "'";
  const Result resumed = qilab(again + " --games 2");  // the same network resumes
  REQUIRE_MESSAGE(resumed.code == 0, resumed.err);
  CHECK(resumed.out.find("0 games played now, 2 already in") != std::string::npos);
  std::ofstream(net, std::ios::binary | std::ios::trunc) << other;
  check_bad_input(qilab(again + " --games 4"), "other agent files (content hashes)");
}
#endif

// qilab: the command line. Exit codes (docs/cli.md): 0 ok, 2 bad input, 1 internal failure.
// Every error is one line on stderr, "qilab: error: ...", with nothing written elsewhere.
#include <cstdio>
#include <exception>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "apps/qilab/commands.h"
#include "engine/core/error.h"
#include "engine/core/version.h"
#include "experiments/shards.h"
#ifdef QILAB_WITH_TORCH
#include "apps/qilab/torch_module.h"
#endif

namespace {

constexpr int kOk = 0;
constexpr int kInternal = 1;
constexpr int kBadInput = 2;

// Under MPI every rank ends with the failure of the lowest failing rank, printed once by rank 0
// (experiments/shards.h).
int report(std::string msg, int code) {
  bool print = true;
  code = qilab::experiments::shards::settle(code, msg, &print);
  if (!print) return code;
  for (char& c : msg)
    if (c == '\n' || c == '\r') c = ' ';  // one line, whatever the library wrote
  std::fprintf(stderr, "qilab: %s: %s\n", code == kBadInput ? "error" : "internal error", msg.c_str());
  return code;
}

// The commands that share their games among the ranks of an MPI job.
bool runs_on_ranks(const std::string& command) {
  return command == "tournament" || command == "openings" || command == "train";
}

}  // namespace

int main(int argc, char** argv) {
  const qilab::experiments::shards::Session mpi(&argc, &argv);  // MPI, when mpirun started us
  CLI::App app{"qilab: AI self-play and strategy research on board games.", "qilab"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "qilab " + std::string(qilab::version()) + " (commit " +
                                        std::string(qilab::git_commit()) + ")");
  app.footer(
      "Run 'qilab COMMAND --help' for a command's options. Exit codes: 0 ok, 2 bad input, "
      "1 internal failure (docs/cli.md).");
  qilab::cli::add_games_command(app);
  qilab::cli::add_show_command(app);
  qilab::cli::add_legal_command(app);
  qilab::cli::add_apply_command(app);
  qilab::cli::add_play_command(app);
  qilab::cli::add_tournament_command(app);
  qilab::cli::add_openings_command(app);
  qilab::cli::add_stats_command(app);
  qilab::cli::add_ratings_command(app);
#ifdef QILAB_WITH_TORCH
  qilab::cli::add_train_command(app);
  qilab::cli::register_network_agents();  // agents az and policy: the LibTorch module, loaded when made
#endif
  qilab::cli::add_replay_command(app);
  qilab::cli::add_report_command(app);
  try {
    // CLI11 reports a mistyped command, or a flag before any command, as "A subcommand is
    // required"; name it instead.
    if (argc > 1) {
      const std::string first = argv[1];
      std::string known;
      bool found = false;
      for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
        found = found || sub->get_name() == first;
        known += (known.empty() ? "" : ", ") + sub->get_name();
      }
      if (first.starts_with("-")) {
        if (first != "-h" && first != "--help" && first != "--version")
          return report(
              "unknown option '" + first + "': give a command first (" + known + "; see qilab --help)",
              kBadInput);
      } else if (!found) {
        return report("unknown command '" + first + "' (known: " + known + ")", kBadInput);
      }
      if (found && qilab::experiments::shards::size() > 1 && !runs_on_ranks(first))
        return report("'" + first + "' runs as one process; under mpirun only tournament, openings and " +
                          "train share their games among ranks (docs/scale.md)",
                      kBadInput);
    }
    app.parse(argc, argv);  // runs the chosen subcommand's callback
    return kOk;
  } catch (const CLI::ParseError& e) {
    // --help and friends are "errors" with exit code 0; CLI11's own codes (105, 106, ...) for
    // real parse errors become 2 like every other bad input.
    if (e.get_exit_code() == 0) return app.exit(e);
    return report(std::string(e.what()) + " (see qilab --help)", kBadInput);
  } catch (const qilab::experiments::shards::Quiet& e) {
    return e.code;  // rank 0 failed and says so
  } catch (const qilab::Error& e) {
    return report(e.what(), kBadInput);
  } catch (const nlohmann::json::exception& e) {
    return report(e.what(), kBadInput);
  } catch (const std::exception& e) {
    return report(e.what(), kInternal);
  } catch (...) {
    return report("unknown exception", kInternal);
  }
}

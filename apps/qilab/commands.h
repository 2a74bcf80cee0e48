#pragma once
// The subcommands of qilab, each in its own cmd_<name>.cc. Each adds itself to the app with a
// callback that prints its result or throws (qilab::Error for bad input); main.cc maps
// exceptions to exit codes (docs/cli.md).
#include <CLI/CLI.hpp>

namespace qilab::cli {

void add_games_command(CLI::App& app);
void add_show_command(CLI::App& app);
void add_legal_command(CLI::App& app);
void add_apply_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_tournament_command(CLI::App& app);
void add_openings_command(CLI::App& app);
void add_stats_command(CLI::App& app);
void add_ratings_command(CLI::App& app);
#ifdef QILAB_WITH_TORCH
void add_train_command(CLI::App& app);  // LibTorch builds only (its run: torch_module.h)
#endif
void add_replay_command(CLI::App& app);
void add_report_command(CLI::App& app);

}  // namespace qilab::cli

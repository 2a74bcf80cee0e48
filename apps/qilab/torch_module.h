#pragma once
// The LibTorch side of the qilab program -- the network agents "az" and "policy" and the run of
// `qilab train` -- is a module, qilab-torch.so, that the program loads the first time a command
// needs it. Debian's LibTorch brings some 280 shared libraries (OpenCV, Qt 5, GStreamer,
// FFmpeg), whose loading took 0.4-0.9 s of every command before (docs/performance.md).
//
// The door between the two is the table below, returned by the module's one entry point,
// qilab_torch_module() (torch_module_entry.cc). The program exports its own qilab symbols
// (exports.list), so the module's code uses the program's agent registry, MPI session and data
// folder rather than copies of its own.
#include <map>
#include <string>
#include <tuple>

#include "agents/factory.h"
#include "engine/registry.h"

namespace qilab::cli {

template <class List>
struct NetworkAgentMakers;
template <Game... Gs>
struct NetworkAgentMakers<GameList<Gs...>> {
  std::tuple<std::map<std::string, AgentMaker<Gs>>...> by_game;  // name -> maker, for each game
};

struct TorchModule {
  NetworkAgentMakers<AllGames> agents;  // "az" and "policy" for every game (neural/agents.h)
  // `qilab train`: runs (or resumes, `resume`) the run `config_path` describes in `out_dir`.
  void (*train)(const std::string& config_path, const std::string& out_dir, bool resume) = nullptr;
};

// The module, loaded on the first call (thread-safe); it is built and installed with the
// program. std::runtime_error (an internal error: exit 1) when it is missing or cannot be loaded.
const TorchModule& torch_module();

// Registers "az" and "policy" for every game (agents/factory.h), made by the module, which is
// loaded when the first of them is made.
void register_network_agents();

}  // namespace qilab::cli

// The module's entry point: its table, built once.
extern "C" const qilab::cli::TorchModule* qilab_torch_module();

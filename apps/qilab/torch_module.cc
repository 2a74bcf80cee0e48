// Loading the LibTorch module (torch_module.h) and the network agents that wait for it.
#include "apps/qilab/torch_module.h"

#include <dlfcn.h>

#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <vector>

#include "neural/network_option.h"

namespace qilab::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kModuleFile = "qilab-torch.so";

// The module, searched beside the program as data_dir() searches its data (engine/core/data.h):
//   <program dir>/../lib/qilab     (installed: PREFIX/bin/qilab, PREFIX/lib/qilab);
//   <program dir>/../../lib/qilab  (build tree: build/apps/qilab/qilab, build/lib/qilab).
const TorchModule* load() {
  std::error_code ec;
  const fs::path program = fs::read_symlink("/proc/self/exe", ec);
  if (ec)
    throw std::runtime_error("the LibTorch module: cannot find the program's folder (" + ec.message() + ")");
  const fs::path dir = program.parent_path();
  std::string searched;
  for (const fs::path& candidate :
       {dir / ".." / "lib" / "qilab" / kModuleFile, dir / ".." / ".." / "lib" / "qilab" / kModuleFile}) {
    const std::string path = candidate.lexically_normal().string();
    if (!fs::exists(path, ec)) {
      searched += (searched.empty() ? "" : ", ") + path;
      continue;
    }
    // Kept loaded for the life of the process: the agents and services it makes live in it.
    void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle)
      throw std::runtime_error("the LibTorch module " + path + " cannot be loaded: " + ::dlerror());
    using Entry = const TorchModule* (*)();
    auto entry = reinterpret_cast<Entry>(::dlsym(handle, "qilab_torch_module"));
    if (!entry)
      throw std::runtime_error("the LibTorch module " + path + " has no entry point qilab_torch_module");
    return entry();
  }
  throw std::runtime_error("the LibTorch module " + std::string(kModuleFile) + " was not found (searched " +
                           searched + "); it is built and installed with qilab");
}

template <Game G>
void register_for() {
  for (const std::string name : {"az", "policy"}) {
    register_agent_file_option(name, neural::kNetworkOption);  // its content is the agent's
    register_agent<G>(
        name, [name](const G& game, const std::vector<std::string>& options, const std::string& where) {
          return std::get<std::map<std::string, AgentMaker<G>>>(torch_module().agents.by_game)
              .at(name)(game, options, where);
        });
  }
}

template <Game... Gs>
void register_all(GameList<Gs...>) {
  (register_for<Gs>(), ...);
}

}  // namespace

const TorchModule& torch_module() {
  static const TorchModule* module = load();  // a failed load throws, and the next call tries again
  return *module;
}

void register_network_agents() { register_all(AllGames{}); }

}  // namespace qilab::cli

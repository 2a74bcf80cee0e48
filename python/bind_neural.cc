// The qilab module in LibTorch builds: the network agents az and policy, registered at import
// as `qilab` registers them, and fresh networks of a game's shape (docs/python.md). Plain C++:
// LibTorch's headers stay inside neural/.
#include <cstdint>
#include <string>

#include "engine/core/error.h"
#include "neural/agents.h"
#include "neural/network.h"
#include "python/bindings.h"

namespace qilab::python {

void bind_neural(py::module_& m) {
  neural::register_network_agents_for_all_games();
  m.attr("has_networks") = true;
  m.def(
      "new_network",
      [](const PyGame& g, const std::string& path, int blocks, int channels, int value_hidden,
         std::uint64_t seed) {
        if (g.game->encoding_spec().size() == 0)
          throw Error("game '" + std::string(g.game->id()) + "' has no network encoding yet");
        for (const auto& [name, v] :
             {std::pair{"blocks", blocks}, {"channels", channels}, {"value_hidden", value_hidden}})
          if (v < 1 || v > 4096)
            throw Error(std::string(name) + ": expected an integer 1 to 4096, got " + std::to_string(v));
        const auto config = neural::NetworkConfig::for_specs(
            std::string(g.game->id()), g.game->encoding_spec(), g.game->policy_spec(), g.game->num_players(),
            blocks, channels, value_hidden);
        py::gil_scoped_release release;
        neural::Network(config, seed).save(path);
      },
      py::arg("game"), py::arg("path"), py::arg("blocks") = 1, py::arg("channels") = 8,
      py::arg("value_hidden") = 16, py::arg("seed") = 0,
      "Writes a network of `game`'s shape with untrained weights drawn from `seed` to `path` (the "
      "format `qilab train` writes), for agents az:network=PATH and policy:network=PATH.");
}

}  // namespace qilab::python

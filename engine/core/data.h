#pragma once
// Where qilab's shipped data lives: the configs/ folder (game variants, boards, rosters, decks,
// deployments, agent files). The program finds it relative to itself, so a build tree and an
// installed copy (`cmake --install`) both work from any directory; QILAB_DATA overrides.
#include <string>
#include <string_view>

namespace qilab {

// The folder that holds configs/, searched in order:
//   $QILAB_DATA (must hold configs/, or it is an error);
//   <program dir>/../share/qilab     (installed: PREFIX/bin/qilab, PREFIX/share/qilab);
//   <program dir>/../../share/qilab  (build tree: build/apps/qilab/qilab, build/share/qilab).
// Throws Error naming what was searched when none holds configs/.
const std::string& data_dir();

// data_dir() + "/" + relative, e.g. data_path("configs/boards/junqi6.json").
std::string data_path(std::string_view relative);

// A file the user named: `path` itself when it exists (relative to the working directory),
// else data_path(path) when that exists, else `path` unchanged (the reader then reports it).
std::string user_or_data_path(const std::string& path);

}  // namespace qilab

#pragma once
// The replay page: one self-contained HTML file (no network, no external script) holding one
// SVG drawing per ply and plain JavaScript to step through them (apps/qilab/cmd_replay.cc).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace qilab::cli {

struct ReplayPly {
  std::string svg;    // the position before move `move` (the last ply: the final position)
  std::string mover;  // "seat 2", "chance"; empty at the final position
  std::string move;   // the move's notation as the viewer sees it; empty at the final position
};

struct ReplayPage {
  std::string title;                                // "checkers game 3 (seat 0's view)"
  nlohmann::json facts = nlohmann::json::object();  // shown as a table: game, options, seed, program...
  std::vector<std::string> agents;                  // per seat
  std::vector<double> returns;                      // per seat
  int first_ply = 0;                                // the ply number of plies[0]
  std::vector<ReplayPly> plies;
};

// The HTML document. Data is embedded as JSON with every '<' escaped, so no string in it can
// close the script element.
std::string replay_html(const ReplayPage& page);

}  // namespace qilab::cli

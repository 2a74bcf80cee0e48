#pragma once
// Deployments (布阵) as layouts: six rows of five letters, row 0 (the front) first, rows
// separated by '/' or newlines; F M B for flag, mine, bomb, 1-9 for 工兵 .. 司令, '+' for the
// five camps. A layout turns into the 25 placement actions of the seat deploying, so named
// layouts, layouts read from files and random layouts all go through the same rules.
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/rng.h"
#include "engine/core/types.h"
#include "engine/junqi/junqi.h"

namespace qilab::junqi {

// The placement actions that deploy `layout` for the seat deploying in `s` (in the
// deployment order). Throws Error naming the row and column that break a rule.
std::vector<Action> deployment_actions(const State& s, std::string_view layout);
// The posts of `seat`'s army the layout fills, in the deployment order.
std::array<int, kSlots> deployment_posts(const Board& b, int seat, std::string_view layout);
// A deployment given in an option: a file (ending in .txt), an inline layout (anything
// with a '/' or '+': 35 characters, six rows of five separated by '/'; a wrong one is
// refused with its length and rows) or a name under configs/games/junqi/.
std::string resolve_deployment(const std::string& entry);
// A uniformly random legal layout of the standard army.
std::string random_deployment(Rng& rng);
// Reads a layout file ('#' starts a comment); throws Error naming the file.
std::string read_deployment(const std::string& path);
// configs/games/junqi/<name>.txt in qilab's data folder (engine/core/data.h).
std::string named_deployment(std::string_view name);

}  // namespace qilab::junqi

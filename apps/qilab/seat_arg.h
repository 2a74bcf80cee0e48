#pragma once
// The --seat option of the drawing commands (show --svg, replay): a seat number 0..players-1
// or "referee" (the whole truth, svg::kReferee).
#include <string>

#include "engine/core/types.h"

namespace qilab::cli {

// Throws Error naming --seat and what it expects.
Player parse_seat(const std::string& text, int players);

}  // namespace qilab::cli

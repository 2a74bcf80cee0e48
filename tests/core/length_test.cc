#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/config.h"
#include "engine/registry.h"

using namespace qilab;

namespace {

std::int64_t bound(const std::string& id, const std::vector<std::string>& overrides) {
  return make_any_game(default_config(id), overrides)->max_game_length();
}

}  // namespace

// The conformance suite checks every random game of every shipped variant against its bound;
// these are the bounds' arithmetic and the options under which there is none.
TEST_CASE("max_game_length: turns times the most actions of a turn") {
  CHECK(bound("checkers", {"players=2", "max_turns=10"}) == 10 * 121);
  CHECK(bound("guifa", {"max_turns=7"}) == 7 * 5);
}

TEST_CASE("max_game_length: junqi counts placings, moves and draw answers, and has none without limits") {
  const std::int64_t placings = 25 * 4;
  CHECK(bound("junqi4", {"max_moves=30"}) == placings + 30);
  CHECK(bound("junqi4", {"max_moves=30", "draw_offers=true"}) == placings + 30 + 4 * 3);
  // Without a move cap: at most no_capture_limit moves between fights, one fight per piece.
  CHECK(bound("junqi4", {"max_moves=0", "no_capture_limit=5"}) == placings + (placings + 1) * 5);
  CHECK(bound("junqi6", {"max_moves=0", "no_capture_limit=0"}) == kNoLengthBound);
}

TEST_CASE("max_game_length: elements has none where an activation could go on for ever") {
  const std::int64_t shipped = bound("elements", {});
  CHECK(shipped > 0);
  CHECK(shipped != kNoLengthBound);
  // A capped cast count shortens the bound; more rounds lengthen it.
  CHECK(bound("elements", {"casts_per_skill=1"}) < shipped);
  CHECK(bound("elements", {"max_rounds=80"}) > shipped);
  // Free two-level climbs (a move marker takes one point off) would let a hero climb and
  // descend without paying.
  CHECK(bound("elements", {"climb_two_cost=1"}) == kNoLengthBound);
  CHECK(bound("elements", {"climb_two_cost=0"}) == kNoLengthBound);
  CHECK(bound("elements", {"climb_two_cost=1", "move_height_limit=1"}) != kNoLengthBound);
  CHECK(bound("elements", {"climb_two_cost=-1"}) != kNoLengthBound);
}

TEST_CASE("max_game_length: mizong grows with the round cap and the army") {
  const std::int64_t small = bound("mizong", {"point_size=4", "round_cap=1"});
  CHECK(small > 6);
  CHECK(bound("mizong", {"point_size=4", "round_cap=3"}) == 3 * small);
  // Every one of the 1800 pieces may be activated once a round, with at least select, a
  // sub-action and done.
  CHECK(bound("mizong", {"point_size=24", "round_cap=1"}) > 3 * 1800);
}

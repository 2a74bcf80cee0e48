// What each seat sees of an action (docs/rules/junqi.md, "Hidden information").
#include "engine/junqi/junqi.h"

namespace qilab::junqi {

// A placement names a post, and the deployment order names the kind that goes there, so the
// post would give the piece's rank away: while a seat deploys, the other seats (allies too)
// learn only that it placed a piece. Moves, resignations and draw answers are public.
Action State::action_view(Player observer, Action a) const {
  const int posts = board_->posts;
  const bool placement = a >= posts * posts && a < posts * posts + posts;
  return placement && observer != current_ ? kHiddenAction : a;
}

}  // namespace qilab::junqi

// What each seat sees of an action (docs/rules/mizong.md, "Hidden information").
#include "engine/mizong/mizong.h"

namespace qilab::mizong {

// Every sub-action is public, a dark piece's included ("everyone sees the sub-actions of a
// dark piece"): what is hidden is the identity of dark pieces, which lives in the state, and
// the setups, which come from the options, not from actions.
Action State::action_view(Player, Action a) const { return a; }

}  // namespace qilab::mizong

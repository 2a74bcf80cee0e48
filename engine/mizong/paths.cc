#include "engine/mizong/paths.h"

namespace qilab::mizong::detail {

WalkScratch& walk_scratch() {
  thread_local WalkScratch w;
  return w;
}

}  // namespace qilab::mizong::detail

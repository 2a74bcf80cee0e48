// The deployment heuristic (docs/rules/junqi.md, "Deployment heuristic"): per placed piece of
// one seat, from that seat's own posts and pieces only.
#include "engine/junqi/deploy_score.h"

#include <array>

#include "engine/junqi/junqi.h"

namespace qilab::junqi {
namespace {

// Worth of a mobile piece by kind, as in evaluate.cc's material (officers by rank).
constexpr std::array<double, kKinds> kDeployWorth = {0, 0, 6, 3, 1, 2, 3, 4, 5, 6, 8, 10};

}  // namespace

double deployment_score(const State& s, Player p) {
  const Board& b = s.board();
  const Posts own = b.home[p];
  int flag_post = -1;
  for (int post : own) {
    const int piece = s.piece_at(post);
    if (piece >= 0 && piece / kSlots == p && s.kind_of(piece) == kFlag) flag_post = post;
  }
  const Posts flag_road = flag_post >= 0 ? b.road[flag_post] : Posts{};
  double score = 0;
  for (int post : own) {
    const int piece = s.piece_at(post);
    if (piece < 0 || piece / kSlots != p) continue;  // empty, or (in play) another seat's
    const int kind = s.kind_of(piece);
    const int row = b.row_of(post);
    const bool hq = b.headquarters.test(post);
    const double worth = kDeployWorth[kind];
    switch (kind) {
      case kFlag:
        break;
      case kMine:
        if (flag_road.test(post))
          score += kMineGuardsFlag;
        else if (hq)
          score += kMineInOtherHq;
        break;
      case kBomb:
        if (hq)
          score -= worth;
        else if (flag_road.test(post))
          score += kBombGuardsFlag;
        else if (row >= 1 && row <= 3)
          score += kBombMiddle;
        else if (row == 4)
          score += kBombBackRow;
        break;
      default:
        if (hq) {
          score -= worth;
          break;
        }
        if (kind == kEngineer && b.is_rail(post)) score += kEngineerOnRail;
        if ((kind == kPlatoon || kind == kCompany) && row == 0) score += kProbeInFront;
        if (kind >= kRegiment && b.is_rail(post)) score += kRailShare * worth;
        if (kind >= kDivision && row <= 1) score += kFrontShare * worth;
        if (kind >= kDivision && row == kRows - 1) score -= kBackRowShare * worth;
    }
  }
  return score;
}

}  // namespace qilab::junqi

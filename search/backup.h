#pragma once
// Backup policies for many players. A simulation ends with one value per seat; the policy
// rewrites that vector once, and every node on the path adds it up. Selection then always
// lets the mover maximise its own entry, so the policies differ only here:
//
//   maxn      each seat maximises its own value (max^n, Luckhardt & Irani 1986);
//   paranoid  the root player against all the others (Sturtevant & Korf 2000): every other
//             seat's entry becomes the root's loss, 1 - v[root].
//
// There is no "team" policy (each seat's entry replaced by its team's mean): in every game
// allies receive equal returns and equal evaluations under every option, so the team mean is
// each ally's own value and that policy was max^n (docs/search.md, "Backups").
//
// Values here are normalised to [0, 1] (0 the game's min_return, 1 its max_return).
#include "engine/core/types.h"

namespace qilab::search {

enum class BackupPolicy { kMaxN, kParanoid };

inline const char* to_string(BackupPolicy p) { return p == BackupPolicy::kMaxN ? "maxn" : "paranoid"; }

class Backup {
 public:
  Backup() = default;
  Backup(BackupPolicy policy, int players, Player root) : policy_(policy), players_(players), root_(root) {}

  BackupPolicy policy() const { return policy_; }
  Player root() const { return root_; }

  Values apply(const Values& v) const {
    if (policy_ == BackupPolicy::kMaxN) return v;
    Values out{};
    for (int p = 0; p < players_; ++p) out[p] = p == root_ ? v[p] : 1.0 - v[root_];
    return out;
  }

 private:
  BackupPolicy policy_ = BackupPolicy::kMaxN;
  int players_ = 0;
  Player root_ = 0;
};

}  // namespace qilab::search

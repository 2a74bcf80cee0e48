#pragma once
// Backup policies for many players. A simulation ends with one value per seat; the policy
// rewrites that vector once, and every node on the path adds it up. Selection then always
// lets the mover maximise its own entry, so the three policies differ only here:
//
//   maxn      each seat maximises its own value (max^n, Luckhardt & Irani 1986);
//   team      each seat's entry becomes its team's mean: team members share rewards, and a
//             seat maximises what its team gets;
//   paranoid  the root player against all the others (Sturtevant & Korf 2000): every other
//             seat's entry becomes the root's loss, 1 - v[root].
//
// Values here are normalised to [0, 1] (0 the game's min_return, 1 its max_return).
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/error.h"
#include "engine/core/types.h"

namespace qilab::search {

enum class BackupPolicy { kMaxN, kTeam, kParanoid };

inline BackupPolicy parse_backup_policy(std::string_view text, const std::string& where) {
  if (text == "maxn") return BackupPolicy::kMaxN;
  if (text == "team") return BackupPolicy::kTeam;
  if (text == "paranoid") return BackupPolicy::kParanoid;
  throw Error(where + ": option 'backup' expects maxn, team or paranoid, got '" + std::string(text) + "'");
}

inline const char* to_string(BackupPolicy p) {
  switch (p) {
    case BackupPolicy::kMaxN: return "maxn";
    case BackupPolicy::kTeam: return "team";
    default: return "paranoid";
  }
}

class Backup {
 public:
  Backup() = default;
  // `team[p]` is seat p's team for p < players.
  Backup(BackupPolicy policy, int players, const std::array<int, kMaxPlayers>& team, Player root)
      : policy_(policy), players_(players), root_(root) {
    for (int p = 0; p < players; ++p) {
      int members = 0;
      for (int q = 0; q < players; ++q)
        if (team[q] == team[p]) mates_[p][members++] = static_cast<std::int8_t>(q);
      members_[p] = members;
    }
  }

  BackupPolicy policy() const { return policy_; }
  Player root() const { return root_; }

  Values apply(const Values& v) const {
    Values out{};
    switch (policy_) {
      case BackupPolicy::kMaxN:
        return v;
      case BackupPolicy::kTeam:
        for (int p = 0; p < players_; ++p) {
          double sum = 0;
          for (int i = 0; i < members_[p]; ++i) sum += v[mates_[p][i]];
          out[p] = sum / members_[p];
        }
        return out;
      case BackupPolicy::kParanoid:
        for (int p = 0; p < players_; ++p) out[p] = p == root_ ? v[p] : 1.0 - v[root_];
        return out;
    }
    return v;
  }

 private:
  BackupPolicy policy_ = BackupPolicy::kMaxN;
  int players_ = 0;
  Player root_ = 0;
  std::array<std::array<std::int8_t, kMaxPlayers>, kMaxPlayers> mates_{};
  std::array<int, kMaxPlayers> members_{};
};

}  // namespace qilab::search

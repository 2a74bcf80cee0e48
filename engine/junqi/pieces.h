#pragma once
// The 25 pieces of a junqi army and the combat table (seed: 吃子规则).
#include <array>
#include <cstdint>

namespace qilab::junqi {

// Kinds in rank order from 工兵 up, so that rank comparison is integer comparison.
enum Kind : std::uint8_t {
  kFlag,       // 军旗
  kMine,       // 地雷
  kBomb,       // 炸弹
  kEngineer,   // 工兵
  kPlatoon,    // 排长
  kCompany,    // 连长
  kBattalion,  // 营长
  kRegiment,   // 团长
  kBrigade,    // 旅长
  kDivision,   // 师长
  kCorps,      // 军长
  kMarshal,    // 司令
  kKinds
};
inline constexpr std::uint8_t kNoKind = 0xFF;
using KindSet = std::uint16_t;  // bit k: the piece may be of kind k
inline constexpr KindSet kAllKinds = (1u << kKinds) - 1;
inline constexpr KindSet bit(int k) { return static_cast<KindSet>(1u << k); }

// One letter per kind in notation and drawings: F M B, then the ranks 1 (工兵) .. 9 (司令).
inline constexpr char kSymbol[kKinds + 1] = "FMB123456789";
inline constexpr const char* kChinese[kKinds] = {"军旗", "地雷", "炸弹", "工兵", "排长", "连长",
                                                 "营长", "团长", "旅长", "师长", "军长", "司令"};

// Army composition, a project ruling (docs/rules/junqi.md, "Rules, sentence by sentence"):
// 司令 1, 军长 1, 师长 2, 旅长 2, 团长 2, 营长 2, 连长 3, 排长 3, 工兵 3, 地雷 3, 炸弹 2, 军旗 1.
inline constexpr std::array<std::uint8_t, kKinds> kArmyCount = {1, 3, 2, 3, 3, 3, 2, 2, 2, 2, 1, 1};

// A deployment places the pieces in this order, most constrained first, so every sequence
// of legal placements can be completed (docs/rules/junqi.md, "Deployment").
inline constexpr std::array<std::uint8_t, 25> kDeployOrder = {
    kFlag,     kMine,    kMine,    kMine,     kBomb,     kBomb,      kMarshal,   kCorps,   kDivision,
    kDivision, kBrigade, kBrigade, kRegiment, kRegiment, kBattalion, kBattalion, kCompany, kCompany,
    kCompany,  kPlatoon, kPlatoon, kPlatoon,  kEngineer, kEngineer,  kEngineer};

// What a fight shows everyone: who survived, and whether a flag fell.
enum Outcome : std::uint8_t {
  kAttackerWins = 0,
  kDefenderWins = 1,
  kBothDie = 2,
  kFlagTaken = 4,  // added to the above when the defender was a flag
};
inline constexpr int kOutcomes = 8;

inline constexpr bool mobile(int k) { return k != kFlag && k != kMine; }

// The combat table. Attackers are mobile pieces; `mine_dies_too` is the 主帅制 option in
// which a mine that kills an attacker is spent as well.
inline constexpr std::uint8_t fight(int attacker, int defender, bool mine_dies_too) {
  const std::uint8_t flag = defender == kFlag ? kFlagTaken : 0;
  if (attacker == kBomb || defender == kBomb) return kBothDie | flag;  // 炸弹与任何棋子相遇时，双方都消失
  if (defender == kFlag) return kAttackerWins | flag;
  if (defender == kMine) {  // 地雷小于工兵，大于所有其他棋子
    if (attacker == kEngineer) return kAttackerWins;
    return mine_dies_too ? kBothDie : kDefenderWins;
  }
  if (attacker == defender) return kBothDie;  // equal ranks both die
  return attacker > defender ? kAttackerWins : kDefenderWins;
}

// compatible[mine_dies_too][outcome][attacker kind]: defender kinds giving that outcome;
// and the same with roles swapped, for the determinisation sampler.
struct FightTable {
  std::array<std::array<std::array<KindSet, kKinds>, kOutcomes>, 2> defender{}, attacker{};
  constexpr FightTable() {
    for (int m = 0; m < 2; ++m)
      for (int a = 0; a < kKinds; ++a)
        for (int d = 0; d < kKinds; ++d) {
          if (!mobile(a)) continue;
          const int o = fight(a, d, m == 1);
          defender[m][o][a] |= bit(d);
          attacker[m][o][d] |= bit(a);
        }
  }
};
inline constexpr FightTable kFightTable{};

}  // namespace qilab::junqi

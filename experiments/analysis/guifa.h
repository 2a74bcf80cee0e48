#pragma once
// What guifa games show beyond their results, replayed through guifa::State: kills by the kind
// of piece that acted (and losses by kind), ability use per piece kind, and how games end.
#include <array>
#include <cstdint>
#include <span>

#include <nlohmann/json.hpp>

#include "engine/core/record.h"
#include "engine/guifa/guifa.h"
#include "experiments/analysis/counts.h"
#include "experiments/analysis/ending.h"

namespace qilab::experiments {

class GuifaAnalysis {
 public:
  static constexpr bool kKnowsEndings = true;
  // Abilities counted, each with the kind that uses it.
  enum Ability { kSummon, kBeastPlaced, kRevive, kClone, kAnnihilate, kWard, kSwap, kPass, kAbilities };
  static constexpr const char* kAbilityName[kAbilities] = {"summon",     "beast_placed", "revive", "clone",
                                                           "annihilate", "ward",         "swap",   "pass"};
  static constexpr int kAbilityKind[kAbilities] = {
      guifa::kSummoner,     guifa::kSummoner, guifa::kNecromancer, guifa::kIllusionist,
      guifa::kElementalist, guifa::kProphet,  guifa::kIllusionist, -1};

  void begin(const guifa::State&) {}
  void before(const guifa::State& s, Action a);
  void after(const guifa::State& s);
  Ending end(const guifa::State& s, const GameRecord& r, std::span<const Outcome> outcomes);
  void merge(const GuifaAnalysis& o);
  nlohmann::json to_json() const;

  std::int64_t games = 0;
  std::array<std::int64_t, guifa::kKinds> kills{};   // enemy pieces gone during an action of this kind
  std::array<std::int64_t, guifa::kKinds> losses{};  // pieces of this kind gone, whoever acted
  std::array<std::int64_t, kAbilities> uses{};
  NamedCounts endings;

 private:
  // Pieces on the board per seat and kind, before the action under way.
  using Census = std::array<std::array<int, guifa::kKinds>, kMaxPlayers>;
  static Census census(const guifa::State& s);
  Census before_{};
  int actor_ = -1, actor_kind_ = -1;
};

}  // namespace qilab::experiments

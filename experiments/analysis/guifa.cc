#include "experiments/analysis/guifa.h"

namespace qilab::experiments {

GuifaAnalysis::Census GuifaAnalysis::census(const guifa::State& s) {
  Census c{};
  for (int cell = 0; cell < s.geo().cells; ++cell) {
    const guifa::Piece& p = s.at(cell);
    if (p.kind < guifa::kKinds && p.owner >= 0) ++c[static_cast<std::size_t>(p.owner)][p.kind];
  }
  return c;
}

void GuifaAnalysis::before(const guifa::State& s, Action a) {
  const guifa::Layout& l = s.layout();
  const int c = l.cells;
  actor_ = s.current_player();
  actor_kind_ = -1;
  int ability = -1;
  if (a < c * c) {
    const guifa::Piece& from = s.at(a / c);
    const guifa::Piece& to = s.at(a % c);
    actor_kind_ = from.kind < guifa::kKinds ? from.kind : -1;
    if (to.kind < guifa::kKinds && to.owner == from.owner && from.kind == guifa::kIllusionist)
      ability = kSwap;
  } else if (a < l.place) {
    ability = kSummon;
  } else if (a < l.end_summon) {
    ability = kBeastPlaced;
  } else if (a == l.end_summon) {
    actor_kind_ = guifa::kSummoner;
  } else if (a < l.clone) {
    ability = kRevive;
  } else if (a < l.annihilate) {
    ability = kClone;
  } else if (a < l.ward) {
    ability = kAnnihilate;
  } else if (a < l.pass) {
    ability = kWard;
  } else if (a == l.pass) {
    ability = kPass;
  }
  if (ability >= 0) {
    ++uses[static_cast<std::size_t>(ability)];
    if (kAbilityKind[ability] >= 0) actor_kind_ = kAbilityKind[ability];
  }
  before_ = census(s);
}

void GuifaAnalysis::after(const guifa::State& s) {
  const Census now = census(s);
  for (int p = 0; p < s.num_players(); ++p)
    for (int k = 0; k < guifa::kKinds; ++k) {
      const int gone = before_[static_cast<std::size_t>(p)][k] - now[static_cast<std::size_t>(p)][k];
      if (gone <= 0) continue;
      losses[static_cast<std::size_t>(k)] += gone;
      if (actor_kind_ >= 0 && actor_ >= 0 && s.team_of(p) != s.team_of(actor_))
        kills[static_cast<std::size_t>(actor_kind_)] += gone;
    }
}

Ending GuifaAnalysis::end(const guifa::State& s, const GameRecord&, std::span<const Outcome>) {
  ++games;
  Ending e;
  const guifa::Piece& centre = s.at(s.geo().centre);
  if (!s.is_terminal()) {
    e = kForfeitEnding;
  } else if (s.winner() < 0) {
    e = {"turn_limit", true};
  } else if (centre.kind == guifa::kScepter && centre.owner >= 0 && s.team_of(centre.owner) == s.winner()) {
    e = {"source", false};  // a scepter on the source of magic
  } else {
    e = {"elimination", false};
  }
  bump(endings, e.kind);
  return e;
}

void GuifaAnalysis::merge(const GuifaAnalysis& o) {
  games += o.games;
  for (int k = 0; k < guifa::kKinds; ++k) {
    kills[static_cast<std::size_t>(k)] += o.kills[static_cast<std::size_t>(k)];
    losses[static_cast<std::size_t>(k)] += o.losses[static_cast<std::size_t>(k)];
  }
  for (int k = 0; k < kAbilities; ++k)
    uses[static_cast<std::size_t>(k)] += o.uses[static_cast<std::size_t>(k)];
  for (const auto& [k, n] : o.endings) bump(endings, k, n);
}

nlohmann::json GuifaAnalysis::to_json() const {
  using nlohmann::json;
  json pieces = json::array();
  for (int k = 0; k < guifa::kKinds; ++k)
    pieces.push_back({{"kind", guifa::kKindName[k]},
                      {"kills", per_game(kills[static_cast<std::size_t>(k)], games)},
                      {"losses", per_game(losses[static_cast<std::size_t>(k)], games)}});
  json abilities = json::array();
  for (int a = 0; a < kAbilities; ++a)
    abilities.push_back(
        {{"ability", kAbilityName[a]},
         {"kind", kAbilityKind[a] >= 0 ? json(guifa::kKindName[kAbilityKind[a]]) : json(nullptr)},
         {"uses", per_game(uses[static_cast<std::size_t>(a)], games)}});
  json ends = json::object();
  for (const auto& [k, n] : endings) ends[k] = games_rate(n, games);
  return {{"games", games},
          {"pieces", std::move(pieces)},
          {"abilities", std::move(abilities)},
          {"endings", std::move(ends)}};
}

}  // namespace qilab::experiments

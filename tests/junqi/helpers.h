#pragma once
// Shared helpers for the junqi tests: games with options, hand-built positions, destinations.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "engine/junqi/junqi.h"

namespace junqi_test {

using namespace qilab;
using namespace qilab::junqi;

template <class G>
G make(std::map<std::string, std::string> set = {}) {
  Options o(G::option_specs());
  for (const auto& [k, v] : set) o.set_from_text(k, v, "test");
  return G(o);
}

// Every seat deploys by taking the first legal placement each time.
inline State deployed(const State& start) {
  State s = start;
  ActionList legal;
  while (s.phase() == Phase::kDeploy) {
    s.legal_actions(legal);
    s.apply(legal[0]);
  }
  return s;
}

// A random game from the start: random deployments, then random moves.
inline State play_random(State s, Rng& rng, int max_actions) {
  ActionList legal;
  for (int i = 0; i < max_actions && !s.is_terminal(); ++i) {
    s.legal_actions(legal);
    s.apply(legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
  }
  return s;
}

struct Put {
  int seat;
  char kind;         // FMB123456789
  std::string post;  // where it stands
};

// A play position holding only the listed pieces and every seat's flag in its
// headquarters (the other pieces dead), `current` to move. Pieces come from the first-legal
// deployment, so mines and flags must be put on posts where that deployment has them.
template <class G>
State position(const G& g, const std::vector<Put>& puts, int current = 0, int play_moves = 0) {
  State s = deployed(g.initial_state());
  nlohmann::json j = s.to_json();
  const Board& b = g.board();
  std::vector<bool> used(j["pieces"].size(), false);
  for (std::size_t i = 0; i < j["pieces"].size(); ++i)
    if (j["pieces"][i]["kind"] != "F") j["pieces"][i]["post"] = nullptr;
  for (const auto& p : puts) {
    bool done = false;
    for (int i = p.seat * kSlots; i < (p.seat + 1) * kSlots && !done; ++i) {
      if (used[i] || j["pieces"][i]["kind"] != std::string(1, p.kind)) continue;
      const bool immobile = p.kind == 'F' || p.kind == 'M';
      if (immobile && b.nodes[b.slot_post[p.seat][i % kSlots]].id != p.post) continue;
      used[i] = true;
      // A flag put elsewhere than its headquarters is not possible; clear the one standing.
      for (int k = 0; k < static_cast<int>(j["pieces"].size()); ++k)
        if (!used[k] && j["pieces"][k]["post"] == p.post) j["pieces"][k]["post"] = nullptr;
      j["pieces"][i]["post"] = p.post;
      if (b.nodes[b.slot_post[p.seat][i % kSlots]].id != p.post)  // it has moved: everyone knows
        j["pieces"][i]["evidence"] = j["pieces"][i]["evidence"].get<int>() & ~(bit(kMine) | bit(kFlag));
      done = true;
    }
    if (!done)
      throw std::runtime_error("position: no free piece " + std::string(1, p.kind) + " of seat " +
                               std::to_string(p.seat) + " for " + p.post);
  }
  j["current"] = current;
  j["play_moves"] = play_moves;
  j["moves"] = 25 * g.num_players() + play_moves;
  return g.state_from_json(j);
}

inline std::vector<std::string> dests(const State& s, const std::string& from) {
  const Board& b = s.board();
  std::vector<std::string> out;
  for (int p : s.destinations(b.find(from))) out.push_back(b.nodes[p].id);
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

inline Action act(const State& s, const std::string& text) { return s.string_to_action(text); }

}  // namespace junqi_test

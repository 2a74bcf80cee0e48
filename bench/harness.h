#pragma once
// Benchmark bodies shared by every game's bench program: random playouts, legal-move
// generation and state copies, over the game concept.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "engine/core/game.h"

namespace qilab::bench {

template <GameState S>
Action random_legal(const S& s, ActionList& legal, Rng& rng) {
  s.legal_actions(legal);
  return legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
}

// Full random games from `start` to the end; reports games/s, actions/s and mean length.
// `pick(state, rng)` chooses each action (the move list by default).
template <GameState S, class Pick>
void random_playouts(benchmark::State& bs, const S& start, Pick pick) {
  Rng rng(1);
  std::int64_t actions = 0, games = 0;
  for (auto _ : bs) {
    S s = start;
    while (!s.is_terminal()) {
      s.apply(pick(s, rng));
      ++actions;
    }
    ++games;
    benchmark::DoNotOptimize(s);
  }
  bs.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  bs.counters["actions/s"] = benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
  bs.counters["mean_length"] = static_cast<double>(actions) / static_cast<double>(games ? games : 1);
}

template <GameState S>
void random_playouts(benchmark::State& bs, const S& start) {
  ActionList legal;
  random_playouts(bs, start, [&](const S& s, Rng& rng) { return random_legal(s, legal, rng); });
}

// Positions `depth` random actions into 16 games (those not yet over).
template <GameState S>
std::vector<S> midgame_positions(const S& start, int depth) {
  Rng rng(2);
  ActionList legal;
  std::vector<S> out;
  for (int g = 0; g < 16; ++g) {
    S s = start;
    for (int i = 0; i < depth && !s.is_terminal(); ++i) s.apply(random_legal(s, legal, rng));
    if (!s.is_terminal()) out.push_back(s);
  }
  return out;
}

template <GameState S>
void legal_actions(benchmark::State& bs, const std::vector<S>& positions) {
  ActionList legal;
  std::size_t i = 0;
  for (auto _ : bs) {
    positions[i++ % positions.size()].legal_actions(legal);
    benchmark::DoNotOptimize(legal.size());
  }
  bs.counters["calls/s"] =
      benchmark::Counter(static_cast<double>(bs.iterations()), benchmark::Counter::kIsRate);
}

template <GameState S>
void state_copy(benchmark::State& bs, const std::vector<S>& positions) {
  std::size_t i = 0;
  for (auto _ : bs) {
    S copy = positions[i++ % positions.size()];
    benchmark::DoNotOptimize(copy);
    benchmark::ClobberMemory();
  }
}

}  // namespace qilab::bench

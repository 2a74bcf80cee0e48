#pragma once
// The settings of one search (docs/search.md explains each and what it is good for).
// agents/mcts_agent.h fills them from key=value options; the defaults here are the agent's.
#include <cstddef>
#include <cstdint>

#include "search/backup.h"
#include "search/budget.h"

namespace qilab::search {

enum class Selection { kUct, kPuct };
// First-play urgency: the value an unvisited child is taken to have.
enum class Fpu {
  kInfinite,  // try every child once before any twice (classical UCT)
  kAbsolute,  // a fixed value in [0, 1]
  kParent,    // the parent's value for the mover, less a reduction (AlphaZero/lc0 style)
};
// What the exploration constants are measured against.
enum class ValueScale {
  kGame,  // values scaled by the game's return range (min_return..max_return -> 0..1)
  kTree,  // and then by the range of each seat's node means seen in this search (MuZero)
};
enum class FinalChoice { kVisits, kValue, kSample };
enum class ChanceMode {
  kSample,  // draw one outcome by its exact probability; outcome nodes appear as drawn
  kExpand,  // list every outcome once with its probability; visit them in proportion
};

struct SearchConfig {
  // From the game.
  int num_players = 2;
  int num_distinct_actions = 0;
  double min_return = -1;
  double max_return = 1;

  Budget budget;
  Selection selection = Selection::kUct;
  double uct_c = 1.0;  // on values normalised to [0, 1]
  double puct_c = 1.5;
  ValueScale value_scale = ValueScale::kGame;
  Fpu fpu = Fpu::kInfinite;
  double fpu_value = 0;  // kAbsolute: the value; kParent: the reduction
  BackupPolicy backup = BackupPolicy::kMaxN;
  FinalChoice final_choice = FinalChoice::kVisits;
  double temperature = 1.0;  // kSample: visits^(1/temperature)
  // Temperature schedule (kSample): from move_number() temperature_moves on, the temperature
  // is temperature_after (0: the most visited child). temperature_moves = 0: no schedule.
  int temperature_moves = 0;
  double temperature_after = 0.0;
  // Root Dirichlet noise (AlphaZero): once the root's children have their priors, each prior
  // becomes (1 - noise_fraction) * prior + noise_fraction * Dir(noise_alpha); alpha 0: none.
  double noise_alpha = 0.0;
  double noise_fraction = 0.25;
  bool widening = false;  // consider only ceil(widening_c * N^widening_alpha) children, best prior first
  double widening_c = 2.0;
  double widening_alpha = 0.5;
  bool reuse_tree = true;  // perfect information only
  ChanceMode chance = ChanceMode::kSample;
  bool ismcts = false;
  // MCTS-Solver (search/solver.h): prove wins and losses and back them up. Perfect information
  // only; proofs never pass a chance node.
  bool solver = false;
  int batch = 1;  // leaves per evaluator call, gathered under virtual loss
  std::size_t max_nodes = 4'000'000;
};

}  // namespace qilab::search

#pragma once
// TreeGame: a hand-made game tree, written out node by node, whose right answers are known
// by hand; it satisfies the full Game concept so the real search runs on it.
//
// variant 0 (backups), 3 seats (team_of: {0, 1} against {2}); values are (v0, v1, v2):
//   seat 0 picks A, B or C; then seat 1 picks one of two leaves.
//     A: a1 (0.2, 0.9, 0)   a2 (0.6, 0.6, 0)
//     B: b1 (0.5, 0.5, 0)   b2 (0.3, 0.4, 0)
//     C: c1 (0.35, 0, 0)    c2 (0.35, 0, 0)
//   max^n:    seat 1 maximises v1: A -> a1 (v0 0.2), B -> b1 (0.5), C -> 0.35: seat 0 plays B.
//   paranoid: seat 1 minimises v0: A -> a1 (0.2), B -> b2 (0.3), C -> 0.35: plays C.
//
// variants 1 and 2 (chance), 2 seats: seat 0 picks X or Y.
//   X: a chance node with outcomes x1 (p 0.2, v0 1.0), x2 (p 0.3, v0 0.5), x3 (p 0.5, v0 0).
//      Its expected value is 0.35; drawn uniformly it would look like 0.5.
//   Y: a leaf worth 0.4 (variant 1: play Y) or 0.3 (variant 2: play X).
// Values lie in [0, 1]: min_return 0, max_return 1; v1 = 1 - v0 in the chance variants.
//
// variants 3 and 4 (solver), 2 seats on two sides, no chance; leaves v0 = 1 (seat 0 wins),
// 0 (seat 1 wins) or 0.5 (a draw), v1 = 1 - v0. Both share the trap A:
//   A: seat 1 picks a1..a4 (seat 0 wins) or a5 (seat 1 wins): a proven loss for seat 0, though
//      four of its five leaves are wins (a mean over them looks good).
//   variant 3: seat 0 picks A, B or C.
//     B: seat 1 picks B1 or B2, then seat 0 picks a win or a loss in each: a forced win for
//        seat 0 three plies deep, and a proven loss for seat 1.
//     C: a draw (proves nothing).
//   variant 4: seat 0 picks A, C or D; D: seat 1 picks d1 (0.5) or d2 (0.6). Nothing proves the
//      root, so the search runs its whole budget, and never enters A once A is proven lost.
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/error.h"
#include "engine/core/game.h"

namespace treegame {

using namespace qilab;

struct TreeNode {
  Player player;                // seat to move, kChancePlayer, or kTerminalPlayer (a leaf)
  std::vector<int> children;    // child node per action 0, 1, ...
  std::vector<double> chances;  // chance nodes: probability per action
  Values values{};              // leaves
  std::string name;
};

inline const std::vector<TreeNode>& tree(int variant) {
  auto leaf = [](std::string name, double v0, double v1, double v2) {
    return TreeNode{kTerminalPlayer, {}, {}, Values{v0, v1, v2, 0, 0, 0}, std::move(name)};
  };
  auto leaf2 = [](std::string name, double v0) {
    return TreeNode{kTerminalPlayer, {}, {}, Values{v0, 1 - v0, 0, 0, 0, 0}, std::move(name)};
  };
  static const std::vector<TreeNode> backups = {
      {0, {1, 2, 3}, {}, {}, "root"}, {1, {4, 5}, {}, {}, "A"}, {1, {6, 7}, {}, {}, "B"},
      {1, {8, 9}, {}, {}, "C"},       leaf("a1", 0.2, 0.9, 0),  leaf("a2", 0.6, 0.6, 0),
      leaf("b1", 0.5, 0.5, 0),        leaf("b2", 0.3, 0.4, 0),  leaf("c1", 0.35, 0, 0),
      leaf("c2", 0.35, 0, 0),
  };
  auto chance_tree = [&](double y) {
    return std::vector<TreeNode>{
        {0, {1, 2}, {}, {}, "root"},
        {kChancePlayer, {3, 4, 5}, {0.2, 0.3, 0.5}, {}, "X"},
        leaf2("Y", y),
        leaf2("x1", 1.0),
        leaf2("x2", 0.5),
        leaf2("x3", 0.0),
    };
  };
  static const std::vector<TreeNode> solver_win = {
      {0, {1, 2, 3}, {}, {}, "root"},
      {1, {4, 5, 6, 7, 8}, {}, {}, "A"},
      {1, {9, 10}, {}, {}, "B"},
      leaf2("C", 0.5),
      leaf2("a1", 1),
      leaf2("a2", 1),
      leaf2("a3", 1),
      leaf2("a4", 1),
      leaf2("a5", 0),
      {0, {11, 12}, {}, {}, "B1"},
      {0, {13, 14}, {}, {}, "B2"},
      leaf2("b1w", 1),
      leaf2("b1l", 0),
      leaf2("b2w", 1),
      leaf2("b2l", 0),
  };
  static const std::vector<TreeNode> solver_open = {
      {0, {1, 2, 3}, {}, {}, "root"},
      {1, {4, 5, 6, 7, 8}, {}, {}, "A"},
      leaf2("C", 0.5),
      {1, {9, 10}, {}, {}, "D"},
      leaf2("a1", 1),
      leaf2("a2", 1),
      leaf2("a3", 1),
      leaf2("a4", 1),
      leaf2("a5", 0),
      leaf2("d1", 0.5),
      leaf2("d2", 0.6),
  };
  static const std::vector<TreeNode> chance_y04 = chance_tree(0.4);
  static const std::vector<TreeNode> chance_y03 = chance_tree(0.3);
  switch (variant) {
    case 0:
      return backups;
    case 1:
      return chance_y04;
    case 2:
      return chance_y03;
    case 3:
      return solver_win;
    default:
      return solver_open;
  }
}

class State {
 public:
  State() = default;
  explicit State(int variant) : variant_(variant) {}

  const TreeNode& here() const { return tree(variant_)[node_]; }
  int node() const { return node_; }

  int num_players() const { return variant_ == 0 ? 3 : 2; }
  Player current_player() const { return here().player; }
  bool is_terminal() const { return here().player == kTerminalPlayer; }
  bool is_chance() const { return here().player == kChancePlayer; }
  int move_number() const { return moves_; }
  void legal_actions(ActionList& out) const {
    out.clear();
    for (int a = 0; a < static_cast<int>(here().children.size()); ++a) out.push_back(a);
  }
  void chance_outcomes(ChanceList& out) const {
    out.clear();
    for (int a = 0; a < static_cast<int>(here().chances.size()); ++a) out.push_back({a, here().chances[a]});
  }
  Action sample_chance(Rng& rng) const {
    double x = rng.uniform();
    const auto& p = here().chances;
    for (int a = 0; a + 1 < static_cast<int>(p.size()); ++a) {
      if (x < p[a]) return a;
      x -= p[a];
    }
    return static_cast<Action>(p.size()) - 1;
  }
  // The optional fast path of random rollouts (search/evaluators.h); counts its calls so a
  // test can see the rollout took it.
  Action random_action(Rng& rng) const {
    ++random_action_calls;
    return static_cast<Action>(rng.below(static_cast<std::uint32_t>(here().children.size())));
  }
  static inline int random_action_calls = 0;

  bool is_legal(Action a) const { return a >= 0 && a < static_cast<int>(here().children.size()); }
  void apply(Action a) {
    if (!is_legal(a)) throw IllegalAction("treegame: illegal action " + std::to_string(a));
    node_ = here().children[a];
    ++moves_;
  }
  Values returns() const { return is_terminal() ? here().values : Values{}; }
  Values evaluate() const { return returns(); }
  // Teams {0, 1} and {2} in the backup tree; the solver trees' two seats are opponents.
  int team_of(Player p) const { return variant_ >= 3 ? p : p == 2 ? 1 : 0; }

  std::string observation_string(Player) const { return here().name; }
  State sample_world(Player, Rng&) const { return *this; }
  std::uint64_t information_key(Player) const { return static_cast<std::uint64_t>(node_); }
  std::string action_to_string(Action a) const {
    return is_legal(a) ? tree(variant_)[here().children[a]].name : "?" + std::to_string(a);
  }
  Action string_to_action(std::string_view text) const {
    for (int a = 0; a < static_cast<int>(here().children.size()); ++a)
      if (tree(variant_)[here().children[a]].name == text) return a;
    throw Error("treegame: no action '" + std::string(text) + "'");
  }
  nlohmann::json to_json() const { return {{"variant", variant_}, {"node", node_}, {"moves", moves_}}; }
  std::string render_text() const { return here().name + "\n"; }

  friend bool operator==(const State&, const State&) = default;

 private:
  int variant_ = 0;
  int node_ = 0;
  int moves_ = 0;
};

class TreeGame {
 public:
  using State = treegame::State;
  static constexpr std::string_view kId = "treegame";
  static constexpr std::string_view kName = "hand-made game tree (tests)";
  static std::vector<OptionSpec> option_specs() {
    return {
        {"variant", std::int64_t{0}, "0: backups (3 seats); 1, 2: chance with Y = 0.4, 0.3; 3, 4: solver"}};
  }
  explicit TreeGame(const Options& o) : options_(o), variant_(static_cast<int>(o.get_int("variant"))) {}
  static TreeGame make(int variant) {
    Options o(option_specs());
    o.set_from_text("variant", std::to_string(variant), "test");
    return TreeGame(o);
  }

  const Options& options() const { return options_; }
  int num_players() const { return variant_ == 0 ? 3 : 2; }
  int num_distinct_actions() const { return 5; }
  double min_return() const { return 0; }
  double max_return() const { return 1; }
  bool zero_sum() const { return false; }
  bool perfect_information() const { return true; }
  std::vector<int> teams() const {
    return variant_ == 0   ? std::vector<int>{0, 0, 1}
           : variant_ >= 3 ? std::vector<int>{0, 1}
                           : std::vector<int>{0, 0};
  }                                                    // as team_of
  std::int64_t max_game_length() const { return 16; }  // the trees are a few levels deep
  State initial_state() const { return State(variant_); }
  State state_from_json(const nlohmann::json&) const { return State(variant_); }

 private:
  Options options_;
  int variant_;
};

static_assert(Game<TreeGame>);

}  // namespace treegame

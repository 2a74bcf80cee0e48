// The conformance suite every registered game passes, on every variant shipped in
// configs/games/: random games to the end, legality, round-trips, returns, hidden
// information and determinism.
#include <doctest/doctest.h>
#include <omp.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <limits>
#include <span>
#include <set>
#include <string_view>
#include <vector>

#include "engine/core/error.h"
#include "engine/registry.h"

using namespace qilab;

namespace {

std::vector<GameConfig> shipped_configs() {
  std::vector<GameConfig> out;
  for (const auto& e : std::filesystem::directory_iterator(QILAB_CONFIG_DIR))
    if (e.path().extension() == ".toml") out.push_back(read_game_config(e.path().string()));
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.source < b.source; });
  return out;
}

// Runs body.template operator()<G>(game) for every shipped variant.
template <class Body>
void for_each_variant(Body&& body) {
  auto configs = shipped_configs();
  REQUIRE(!configs.empty());
  std::set<std::string> covered;
  for (const auto& config : configs) {
    CAPTURE(config.source);
    covered.insert(config.game);
    with_game(config.game, [&]<Game G>() {
      body.template operator()<G>(G(resolve_options(G::option_specs(), config, {})));
    });
  }
  // Every registered game ships at least one config, so none escapes the suite.
  for (const auto& info : game_infos()) CHECK_MESSAGE(covered.count(info.id) == 1, info.id);
}

// Per-step checks run millions of times: test plainly, report through doctest only on failure.
#define CONFORM(cond)                                      \
  do {                                                     \
    if (!(cond)) FAIL("conformance check failed: " #cond); \
  } while (0)

template <Game G>
void check_returns(const G& game, const typename G::State& s) {
  Values r = s.returns();
  double sum = 0;
  for (int p = 0; p < kMaxPlayers; ++p) {
    CONFORM(std::isfinite(r[p]));
    if (p >= game.num_players()) {
      CONFORM(r[p] == 0.0);
      continue;
    }
    CONFORM(r[p] >= game.min_return());
    CONFORM(r[p] <= game.max_return());
    sum += r[p];
  }
  if (game.zero_sum()) CONFORM(std::abs(sum) < 1e-9);
}

// Allies (seats with one team_of) get equal values: returns at the end, evaluate() always.
// Search relies on it: max^n is then what a "team" backup (allies' mean) would be
// (docs/search.md, "Backups"); a game that breaks it needs a team backup again.
template <Game G>
void check_allies_share_values(const G& game, const typename G::State& s) {
  // The game's table of teams is the state's team_of.
  const std::vector<int> teams = game.teams();
  CONFORM(static_cast<int>(teams.size()) == game.num_players());
  for (Player p = 0; p < game.num_players() && p < static_cast<int>(teams.size()); ++p)
    CONFORM(teams[static_cast<std::size_t>(p)] == s.team_of(p));
  const Values r = s.returns(), e = s.evaluate();
  for (Player p = 0; p < game.num_players(); ++p)
    for (Player q = p + 1; q < game.num_players(); ++q)
      if (s.team_of(p) == s.team_of(q)) {
        CONFORM(r[p] == r[q]);
        CONFORM(e[p] == e[q]);
      }
}

// What each seat observes of an action (action_view, asked before it is applied) tells it
// exactly what the game then shows it: for a few legal actions x, y and every seat q, q's view
// of x and y agree if and only if q's information key after x and after y agree (unless x and
// y leave the same state). So no view leaks what the seat may not see (an enemy's placement,
// which names a rank by the deployment order), and none hides what it does see. In
// perfect-information games a view is the action.
template <Game G>
void check_action_views(const G& game, const typename G::State& s, const ActionList& legal, Action played,
                        Rng& rng) {
  using S = typename G::State;
  const Player mover = s.current_player();
  if (game.perfect_information()) {
    for (Player q = 0; q < game.num_players(); ++q) CONFORM(action_view(s, q, played) == played);
    return;
  }
  CONFORM(HasActionView<S>);  // a hidden-information game says what of an action is public
  constexpr int kSample = 6;
  std::array<Action, kSample> xs{};
  std::vector<S> after(kSample);
  for (int i = 0; i < kSample; ++i) {
    xs[i] = i == 0 ? played : legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
    after[i] = s;
    after[i].apply(xs[i]);
  }
  CONFORM(action_view(s, mover, played) == played);  // the mover sees its own action
  for (Player q = 0; q < game.num_players(); ++q) {
    for (int i = 0; i < kSample; ++i)
      for (int j = i + 1; j < kSample; ++j) {
        const bool same_view = action_view(s, q, xs[i]) == action_view(s, q, xs[j]);
        const bool same_key = after[i].information_key(q) == after[j].information_key(q);
        if (same_view) CONFORM(same_key);  // a view hides nothing the seat is then shown
        // Two public actions may leave the very same state: the key cannot tell them apart,
        // and there is nothing to hide.
        if (same_key && !same_view) CONFORM(after[i].to_json() == after[j].to_json());
      }
  }
}

// The shaped encoding and the policy index (engine/core/encoding.h), checked at a decision node
// where `p` is to move and `world` was drawn by sample_world(p):
// - the specs are consistent, and the policy grid is the encoding's grid;
// - encode fills every float with a finite value; the validity plane is 0/1, the same in every
//   position (`valid` holds the first one seen) and padding is 0 on every plane;
// - p's encoding is the same in the drawn world (it depends only on what p may see), and so is
//   every other seat's in a world drawn for that seat;
// - every legal action has its own index in range, and policy_action maps it back; an index
//   that policy_action accepts maps back to itself.
template <Game G>
void check_encoding(const G& game, const typename G::State& s, const typename G::State& world,
                    const ActionList& legal, std::vector<float>& valid, bool every_seat, Rng& rng) {
  if constexpr (HasEncoding<G>) {
    const EncodingSpec& spec = game.encoding_spec();
    const PolicySpec& policy = game.policy_spec();
    CONFORM(spec.planes >= 1 && spec.height >= 1 && spec.width >= 1 && spec.scalars >= 0);
    CONFORM(static_cast<int>(spec.plane_names.size()) == spec.planes);
    CONFORM(spec.plane_names[0] == "valid");
    CONFORM(static_cast<int>(spec.scalar_names.size()) == spec.scalars);
    CONFORM(policy.size() >= 1);
    CONFORM(static_cast<int>(policy.plane_names.size()) == policy.planes);
    CONFORM(static_cast<int>(policy.extra_names.size()) == policy.extra);
    if (policy.planes > 0) CONFORM(policy.height == spec.height && policy.width == spec.width);

    const Player p = s.current_player();
    auto encoded = [&](const typename G::State& x, Player q) {
      std::vector<float> out(static_cast<std::size_t>(spec.size()), std::numeric_limits<float>::quiet_NaN());
      x.encode(q, std::span<float>(out));
      return out;
    };
    const std::vector<float> mine = encoded(s, p);
    for (float f : mine) CONFORM(std::isfinite(f));
    const std::span<const float> plane0(mine.data(), static_cast<std::size_t>(spec.plane_size()));
    if (valid.empty()) valid.assign(plane0.begin(), plane0.end());
    CONFORM(std::equal(valid.begin(), valid.end(), plane0.begin()));
    int cells = 0;
    for (int i = 0; i < spec.plane_size(); ++i) {
      CONFORM(plane0[i] == 0.0f || plane0[i] == 1.0f);
      cells += plane0[i] == 1.0f;
      if (plane0[i] == 0.0f)
        for (int k = 1; k < spec.planes; ++k)
          CONFORM(mine[static_cast<std::size_t>(k * spec.plane_size() + i)] == 0.0f);
    }
    CONFORM(cells > 0);
    CONFORM(encoded(world, p) == mine);
    if (every_seat)
      for (Player q = 0; q < game.num_players(); ++q) {
        if (q == p) continue;
        CONFORM(encoded(s.sample_world(q, rng), q) == encoded(s, q));
      }

    std::vector<char> used(static_cast<std::size_t>(policy.size()), 0);
    for (Action a : legal) {
      const int i = s.policy_index(a);
      CONFORM(i >= 0 && i < policy.size());
      CONFORM(!used[static_cast<std::size_t>(i)]);
      used[static_cast<std::size_t>(i)] = 1;
      CONFORM(s.policy_action(i) == a);
    }
    for (int k = 0; k < 16; ++k) {
      const int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(policy.size())));
      const Action a = s.policy_action(i);
      CONFORM(a == kInvalidAction || (legal.contains(a) && s.policy_index(a) == i));
    }
    CONFORM(s.policy_action(-1) == kInvalidAction);
    CONFORM(s.policy_action(policy.size()) == kInvalidAction);
  } else {
    (void)game, (void)s, (void)world, (void)legal, (void)valid, (void)every_seat, (void)rng;
  }
}

// Deep checks cover every step of a game's first kDeepSteps actions, then every kDeepStride-th
// step, so that a long game (mizong's 1800 pieces for 200 rounds, ~300k sub-actions) is still
// checked throughout without costing hours.
constexpr std::size_t kDeepSteps = 3000;
constexpr std::size_t kDeepStride = 97;

// Plays one random game to the end, checking every step (see kDeepSteps); returns the actions.
template <Game G>
std::vector<Action> random_game(const G& game, Rng rng, bool deep) {
  using S = typename G::State;
  S s = game.initial_state();
  ActionList legal;
  ChanceList chances;
  std::vector<Action> history;
  std::vector<float> valid;  // the validity plane, once seen
  const std::int64_t max_length = game.max_game_length();
  CONFORM(max_length > 0);
  CONFORM(max_length != kNoLengthBound);  // every shipped variant sets its limits
  while (!s.is_terminal()) {
    const bool deep_checks = deep && (history.size() < kDeepSteps || history.size() % kDeepStride == 0);
    Action a;
    if (s.is_chance()) {
      s.chance_outcomes(chances);
      CONFORM(!chances.empty());
      double total = 0;
      for (const auto& c : chances) total += c.probability;
      CONFORM(std::abs(total - 1.0) < 1e-9);
      a = s.sample_chance(rng);
    } else {
      const Player p = s.current_player();
      CONFORM(p >= 0);
      CONFORM(p < game.num_players());
      s.legal_actions(legal);
      CONFORM(!legal.empty());
      if (deep_checks) {
        for (Action x : legal) {
          CONFORM(x >= 0);
          CONFORM(x < game.num_distinct_actions());
          CONFORM(s.is_legal(x));
          CONFORM(s.string_to_action(s.action_to_string(x)) == x);
        }
        // Actions off the list are refused.
        for (int k = 0; k < 8; ++k) {
          Action x = static_cast<Action>(rng.below(static_cast<std::uint32_t>(game.num_distinct_actions())));
          CONFORM(s.is_legal(x) == legal.contains(x));
        }
        CONFORM(!s.is_legal(-1));
        CONFORM(!s.is_legal(game.num_distinct_actions()));
        // What p sees is the same in any world drawn for p.
        S world = s.sample_world(p, rng);
        CONFORM(world.observation_string(p) == s.observation_string(p));
        CONFORM(world.information_key(p) == s.information_key(p));
        ActionList world_legal;
        world.legal_actions(world_legal);
        CONFORM(world_legal.vector() == legal.vector());
        check_encoding(game, s, world, legal, valid, history.size() % 37 == 0, rng);
        check_allies_share_values(game, s);
      }
      a = legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
      if (deep_checks && history.size() % 37 == 0) check_action_views(game, s, legal, a, rng);
    }
    if (deep_checks && history.size() % 37 == 0) {
      CONFORM(game.state_from_json(s.to_json()).to_json() == s.to_json());
      S copy = s;
      CONFORM(copy.to_json() == s.to_json());
    }
    s.apply(a);
    history.push_back(a);
    CONFORM(static_cast<std::int64_t>(history.size()) <= max_length);
    check_returns(game, s);
  }
  CONFORM(s.current_player() == kTerminalPlayer);
  check_allies_share_values(game, s);
  s.legal_actions(legal);
  CONFORM(legal.empty());
  CONFORM(game.state_from_json(s.to_json()).to_json() == s.to_json());
  return history;
}

// How many random games a test plays on one variant: `games`, or fewer when the variant's games
// are long (the first game, of `first_length` actions, sets the scale), so that every variant
// costs about `action_budget` actions; never fewer than `min_games`.
int games_within(std::size_t first_length, int games, std::size_t action_budget, int min_games) {
  const std::size_t fit = action_budget / std::max<std::size_t>(first_length, 1);
  return static_cast<int>(
      std::clamp<std::size_t>(fit, static_cast<std::size_t>(min_games), static_cast<std::size_t>(games)));
}

}  // namespace

TEST_CASE("conformance: random games to the end, every step checked") {
  for_each_variant([]<Game G>(const G& game) {
    Rng root(20261129);
    const auto first = random_game(game, root.split(0), true);
    const int n = games_within(first.size(), 60, 200'000, 2);
    for (int i = 1; i < n; ++i) random_game(game, root.split(i), true);
  });
}

TEST_CASE("conformance: hundreds of random games end and stay legal") {
  for_each_variant([]<Game G>(const G& game) {
    Rng root(7);
    const auto first = random_game(game, root.split(0), false);
    REQUIRE(!first.empty());
    const int n = games_within(first.size(), 500, 2'000'000, 3);
    for (int i = 1; i < n; ++i) {
      auto h = random_game(game, root.split(i), false);
      REQUIRE(!h.empty());
    }
  });
}

TEST_CASE("conformance: same seed, same games, one thread or two") {
  for_each_variant([]<Game G>(const G& game) {
    Rng root(99);
    std::vector<std::vector<Action>> serial{random_game(game, root.split(0), false)};
    const int n = games_within(serial[0].size(), 16, 200'000, 2);
    serial.resize(n);
    std::vector<std::vector<Action>> parallel(n);
    for (int i = 1; i < n; ++i) serial[i] = random_game(game, root.split(i), false);
    bool failed = false;
#pragma omp parallel for num_threads(2) schedule(dynamic)
    for (int i = 0; i < n; ++i) {
      try {
        parallel[i] = random_game(game, root.split(i), false);
      } catch (...) {
#pragma omp critical
        failed = true;
      }
    }
    REQUIRE_FALSE(failed);
    CHECK(serial == parallel);
    CHECK(serial[0] != serial[1]);
  });
}

TEST_CASE("conformance: illegal actions and malformed positions are refused with an error") {
  for_each_variant([]<Game G>(const G& game) {
    GameAdapter<G> any(game);
    auto s = any.initial_state();
    CHECK_THROWS_AS(s->apply(-5), IllegalAction);
    CHECK_THROWS_AS(s->apply(game.num_distinct_actions()), IllegalAction);
    auto legal = s->legal_actions();
    for (Action a = 0; a < game.num_distinct_actions(); ++a)
      if (std::find(legal.begin(), legal.end(), a) == legal.end()) {
        CHECK_THROWS_AS(s->apply(a), IllegalAction);
        break;
      }
    CHECK_THROWS_AS(s->string_to_action("not an action"), Error);

    const nlohmann::json good = game.initial_state().to_json();
    CHECK_NOTHROW(game.state_from_json(good));
    CHECK_THROWS_AS(game.state_from_json(nlohmann::json::array()), Error);
    CHECK_THROWS_AS(game.state_from_json(nlohmann::json::object()), Error);
    CHECK_THROWS_AS(game.state_from_json(nlohmann::json("text")), Error);
    for (const auto& [key, value] : good.items()) {
      CAPTURE(key);
      nlohmann::json missing = good;
      missing.erase(key);
      bool optional = false;
      try {
        game.state_from_json(missing);
        optional = true;  // a field with a documented default may be left out
      } catch (const Error&) {
      }
      nlohmann::json wrong = good;
      wrong[key] = nlohmann::json::array({"wrong", "type"});
      CHECK_THROWS_AS(game.state_from_json(wrong), Error);
      (void)optional;
    }
  });
}

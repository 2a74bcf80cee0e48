// Debug builds check every apply: State::apply asserts is_legal(a) in each game, so a caller
// (a test, an agent, a reader) that applies an illegal action stops at once instead of
// corrupting the state. Release builds (NDEBUG) skip the check and this test.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include "engine/registry.h"

using namespace qilab;

namespace {

#ifdef NDEBUG
constexpr bool kRelease = true;
#else
constexpr bool kRelease = false;
#endif

// Applies the first illegal action of the start position in a child process; returns the
// signal that ended the child (0 if it exited).
template <Game G>
int apply_illegal_in_child(const G& game) {
  const auto start = game.initial_state();
  Action illegal = kInvalidAction;
  for (Action a = 0; a < game.num_distinct_actions() && illegal == kInvalidAction; ++a)
    if (!start.is_legal(a)) illegal = a;
  REQUIRE(illegal != kInvalidAction);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    auto s = start;
    s.apply(illegal);
    ::_exit(0);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

}  // namespace

TEST_CASE("Debug builds: every game's apply aborts on an illegal action" * doctest::skip(kRelease)) {
  for (const std::string id : {"checkers", "junqi6", "junqi4", "guifa", "elements", "mizong"}) {
    const GameInfo& info = find_game(id);
    CAPTURE(info.id);
    with_game(info.id, [&]<Game G>() {
      const G game(resolve_options(G::option_specs(), default_config(info.id), {}));
      CHECK(apply_illegal_in_child(game) == SIGABRT);
    });
  }
}

"""A random game played from Python, step by step through the bindings, equals the game of the
same seed played by the C++ match runner (experiments/match.h): the same actions, notation,
returns. The Python loop draws from the same stream as the referee: chance with sample_chance,
each seat's view with sample_world, the random agent's pick with Rng.below over the view's
legal actions (agents/random_agent.h)."""
import pytest

import qilab


def python_random_game(game, seed, index):
    rng = qilab.Rng(seed).split(index)
    state = game.new_initial_state()
    actions, notation = [], []
    while not state.is_terminal():
        if state.is_chance():
            a = state.sample_chance(rng)
        else:
            view = state.sample_world(state.current_player(), rng)
            legal = view.legal_actions()
            a = int(legal[rng.below(len(legal))])
        notation.append(state.action_to_string(a))
        actions.append(a)
        state.apply(a)
    return actions, notation, state.returns()


# Random games of the full mizong (6 x 300 pieces) run about 300,000 actions, 25 s in C++ alone;
# the game id is covered by its smaller variants (mizong-small, -3v3, -2v2v2).
LONG = {"mizong"}


def test_random_game_equals_cpp(game, request, tmp_path):
    config = request.node.callspec.id
    if config in LONG:
        pytest.skip(f"{config}: random games run ~300,000 actions; its smaller variants cover the game")
    seed = 20261202
    result = qilab.play(game, ["random"], games=2, seed=seed, out=str(tmp_path))
    assert result["played"] == 2
    for record in result["records"]:
        actions, notation, returns = python_random_game(game, seed, record["index"])
        assert len(actions) == len(record["actions"])
        assert actions == record["actions"]
        assert notation == record["notation"]
        assert returns == record["returns"]

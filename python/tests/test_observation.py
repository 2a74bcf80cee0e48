"""Observations: encode(p) has the encoding spec's shape and depends only on what seat p may see,
so it never changes across sample_world(p, seed); observation strings likewise."""
import numpy as np
import pytest

import qilab


def positions(game, seed, count):
    """Positions along a random game (every decision node, up to `count`)."""
    rng = qilab.Rng(seed)
    state = game.new_initial_state()
    out = []
    while not state.is_terminal() and len(out) < count:
        if state.is_chance():
            state.apply(state.sample_chance(rng))
            continue
        out.append(state.clone())
        legal = state.legal_actions()
        state.apply(int(legal[rng.below(len(legal))]))
    return out


def test_observation_string_is_the_same_in_every_sampled_world(game):
    for state in positions(game, 5, 12):
        for p in range(game.num_players):
            seen = state.observation_string(p)
            for seed in range(3):
                assert state.sample_world(p, seed).observation_string(p) == seen


def test_encoding_has_the_spec_shape_and_ignores_sampled_worlds(game):
    spec = game.encoding_spec
    if spec["planes"] == 0:
        pytest.skip(f"{game.id} has no shaped encoding in this build (encoding_spec planes == 0)")
    for state in positions(game, 7, 8):
        for p in range(game.num_players):
            board, scalars = state.encode(p)
            assert board.dtype == np.float32 and scalars.dtype == np.float32
            assert board.shape == (spec["planes"], spec["height"], spec["width"])
            assert scalars.shape == (spec["scalars"],)
            flat = state.encode_flat(p)
            assert flat.shape == (spec["size"],)
            assert np.array_equal(flat, np.concatenate([board.ravel(), scalars]))
            for seed in range(3):
                other_board, other_scalars = state.sample_world(p, seed).encode(p)
                assert np.array_equal(board, other_board)
                assert np.array_equal(scalars, other_scalars)


def test_encoding_without_spec_raises_the_engine_error():
    game = qilab.load_game("checkers", players=2)
    if game.encoding_spec["planes"] > 0:
        pytest.skip("checkers has a shaped encoding in this build")
    with pytest.raises(qilab.Error, match="no shaped encoding yet"):
        game.new_initial_state().encode(0)

"""Games and states through the bindings: options, errors with the CLI's messages, actions,
positions, chance."""
import json
import os
import subprocess

import numpy as np
import pytest

import qilab
from conftest import ROOT


def test_games_lists_every_game_with_options():
    ids = [g["id"] for g in qilab.games()]
    assert ids == ["checkers", "guifa", "junqi6", "junqi4", "elements", "mizong"]
    checkers = qilab.games()[0]
    players = next(o for o in checkers["options"] if o["name"] == "players")
    assert players["default"] == 6
    assert players["expects"] == "one of 2, 3, 4, 6"


def test_load_game_by_id_options_and_config_file():
    game = qilab.load_game("checkers", players=3)
    assert game.id == "checkers" and game.num_players == 3
    assert game.options["players"] == 3
    assert len(game.teams) == 3
    from_file = qilab.load_game(os.path.join(ROOT, "configs/games/checkers-2p.toml"))
    assert from_file.num_players == 2
    assert qilab.load_game("configs/games/junqi4.toml").id == "junqi4"  # found in the data folder


def test_max_game_length_is_the_rules_bound_or_none():
    assert qilab.load_game("checkers", players=2, max_turns=10).max_game_length == 10 * 121
    assert qilab.load_game("junqi4", max_moves=30).max_game_length == 4 * 25 + 30
    assert qilab.load_game("junqi4", max_moves=0, no_capture_limit=0).max_game_length is None


def cli_error(*args):
    """The one error line the CLI prints for these arguments (exit 2)."""
    qilab_cli = os.path.join(os.getcwd(), "apps", "qilab", "qilab")
    if not os.path.exists(qilab_cli):
        pytest.skip("the CLI is not built in this build folder")
    done = subprocess.run([qilab_cli, *args], capture_output=True, text=True)
    assert done.returncode == 2
    return done.stderr.strip()


def test_errors_are_qilab_errors_with_the_engine_message():
    with pytest.raises(qilab.Error, match=r"unknown game 'nope' \(known: checkers, guifa"):
        qilab.load_game("nope")
    with pytest.raises(qilab.Error, match=r"option 'players' expects one of 2, 3, 4, 6"):
        qilab.load_game("checkers", players=9)
    with pytest.raises(qilab.Error, match="players"):
        qilab.load_game("checkers", players=5)
    with pytest.raises(qilab.Error, match="option 'players'"):
        qilab.load_game("checkers", players=[2])


def test_error_messages_equal_the_cli_ones():
    for args, call in (
        (["show", "--game", "nope"], lambda: qilab.load_game("nope")),
        (["show", "--game", "checkers", "--set", "players=5"], lambda: qilab.load_game("checkers", players=5)),
    ):
        with pytest.raises(qilab.Error) as raised:
            call()
        assert str(raised.value) in cli_error(*args)


def test_states_actions_and_positions():
    game = qilab.load_game("checkers", players=2)
    state = game.new_initial_state()
    assert state.current_player() == 0 and not state.is_terminal() and not state.is_chance()
    legal = state.legal_actions()
    assert isinstance(legal, np.ndarray) and legal.dtype == np.int32 and len(legal) > 0
    a = int(legal[0])
    text = state.action_to_string(a)
    assert state.string_to_action(text) == a
    before = state.to_json()
    child = state.clone()
    child.apply(a)
    assert state.to_json() == before  # a clone is independent
    assert child.current_player() == 1 and child.move_number() == 1
    again = game.from_json(child.to_json())
    assert again.to_json() == child.to_json()
    assert game.from_json(json.loads(child.to_json())).to_json() == child.to_json()
    assert child.returns() == [0.0, 0.0]
    assert len(child.evaluate()) == 2
    assert "\n" in str(child)
    illegal = next(x for x in range(game.num_distinct_actions) if x not in set(legal.tolist()))
    with pytest.raises(qilab.IllegalAction, match=f"action {illegal} is not legal"):
        state.apply(illegal)
    assert issubclass(qilab.IllegalAction, qilab.Error)
    with pytest.raises(qilab.Error, match="player 2: expected a seat 0 to 1"):
        state.observation_string(2)
    with pytest.raises(qilab.Error, match="expected an action id 0 to"):
        state.action_to_string(-5)
    with pytest.raises(qilab.Error, match="position"):
        game.from_json("{not json")


def test_chance_outcomes_are_a_distribution():
    game = qilab.load_game("elements")
    state = game.new_initial_state()
    rng = qilab.Rng(3)
    seen = 0
    while not state.is_terminal() and seen < 5:
        if state.is_chance():
            outcomes = state.chance_outcomes()
            assert outcomes and abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert sorted(a for a, _ in outcomes) == sorted(state.legal_actions().tolist())
            seen += 1
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(int(legal[rng.below(len(legal))]))
    assert seen == 5
    with pytest.raises(qilab.Error, match="not a chance node"):
        qilab.load_game("checkers").new_initial_state().sample_chance(rng)


def test_rng_matches_the_engine_stream():
    # xoshiro256** seeded by splitmix64: two streams of one seed agree, split streams differ.
    a, b = qilab.Rng(7), qilab.Rng(7)
    assert [a.next() for _ in range(3)] == [b.next() for _ in range(3)]
    assert qilab.Rng(7).split(0).next() != qilab.Rng(7).split(1).next()
    with pytest.raises(qilab.Error, match="expected n >= 1"):
        qilab.Rng(1).below(0)

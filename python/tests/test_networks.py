"""Network agents from Python (LibTorch builds): az and policy on an untrained network file,
playing legal games in the C++ match runner and seeing only their seat."""
import os

import pytest

import qilab

pytestmark = pytest.mark.skipif(not qilab.has_networks, reason="this build has no LibTorch (QILAB_WITH_TORCH=OFF)")


def replay(game, record):
    state = game.new_initial_state()
    for a in record["actions"]:
        assert a in state.legal_actions().tolist()
        state.apply(a)
    assert state.is_terminal()
    assert list(state.returns()) == record["returns"]


def test_az_plays_random_from_python(tmp_path):
    game = qilab.load_game("checkers", players=2, max_turns=40)  # short games: a draw at the cap
    net = str(tmp_path / "tiny.net")
    qilab.new_network(game, net, seed=3)
    assert os.path.getsize(net) > 0
    az = f"az:network={net},simulations=16"
    agent = qilab.make_agent(game, az)
    assert agent.name == "az"
    state = game.new_initial_state()
    assert agent.choose(state, seed=1) in state.legal_actions().tolist()
    result = qilab.play(game, [az, "random"], games=2, seed=4, out=str(tmp_path / "m"))
    assert result["played"] == 2
    for record in result["records"]:
        assert sorted(record["agents"]) == [az, "random"]
        assert record["events"] == []  # no agent failed
        replay(game, record)


def test_network_agents_see_only_their_seat(tmp_path):
    """In junqi6 a seat does not see the enemies' ranks. The policy agent reads only encode(p),
    and az searches worlds drawn from its seat's view: their choices are the same in the true
    position and in any world sampled for the seat to move."""
    game = qilab.load_game("junqi6")
    net = str(tmp_path / "tiny.net")
    qilab.new_network(game, net, seed=5)
    policy = qilab.make_agent(game, f"policy:network={net}")
    az = qilab.make_agent(game, f"az:network={net},simulations=24")
    rng = qilab.Rng(9)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 6:
        if state.is_chance():
            state.apply(state.sample_chance(rng))
            continue
        p = state.current_player()
        worlds = [state.sample_world(p, seed) for seed in range(3)]
        legal = state.legal_actions()
        if all(w.to_json() == state.to_json() for w in worlds):  # nothing hidden yet (deployment)
            state.apply(int(legal[rng.below(len(legal))]))
            continue
        for agent in (policy, az):
            chosen = agent.choose(state, seed=11)
            assert chosen in state.legal_actions().tolist()
            for w in worlds:
                assert agent.choose(w, seed=11) == chosen
        checked += 1
        state.apply(int(legal[rng.below(len(legal))]))
    assert checked == 6


def test_network_errors_are_qilab_errors(tmp_path):
    game = qilab.load_game("checkers", players=2)
    with pytest.raises(qilab.Error, match="option 'network'"):
        qilab.make_agent(game, "az:simulations=3")
    with pytest.raises(qilab.Error, match="missing.net"):
        qilab.make_agent(game, f"policy:network={tmp_path / 'missing.net'}")
    with pytest.raises(qilab.Error, match="channels"):
        qilab.new_network(game, str(tmp_path / "x.net"), channels=0)

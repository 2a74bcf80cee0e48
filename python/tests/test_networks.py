"""Network agents from Python (LibTorch builds): az and policy on an untrained network file,
playing legal games in the C++ match runner and seeing only their seat."""
import os
import shutil

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
    position and in any world sampled for the seat to move. The check can see a leak: az told
    to search the position it is handed (ismcts=off) chooses differently in some of them."""
    game = qilab.load_game("junqi6")
    net = str(tmp_path / "tiny.net")
    qilab.new_network(game, net, seed=5)
    leaky_net = str(tmp_path / "copy.net")  # its own inference cache
    shutil.copyfile(net, leaky_net)
    policy = qilab.make_agent(game, f"policy:network={net}")
    az = qilab.make_agent(game, f"az:network={net},simulations=48")
    leaky = qilab.make_agent(game, f"az:network={leaky_net},simulations=48,ismcts=off")
    # The last decisions of a random game, where captures (and the flag) are in reach.
    rng = qilab.Rng(9)
    state = game.new_initial_state()
    positions = []
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng))
            continue
        positions.append(state.clone())
        legal = state.legal_actions()
        state.apply(int(legal[rng.below(len(legal))]))
    leaks = 0
    for position in positions[-12:]:
        p = position.current_player()
        worlds = [position.sample_world(p, seed) for seed in range(3)]
        assert any(w.to_json() != position.to_json() for w in worlds)  # something is hidden
        for agent in (policy, az):
            chosen = agent.choose(position, seed=11)
            assert chosen in position.legal_actions().tolist()
            assert [agent.choose(w, seed=11) for w in worlds] == [chosen] * 3
        if not leaks:  # one leak seen is enough
            chosen = leaky.choose(position, seed=11)
            leaks += any(leaky.choose(w, seed=11) != chosen for w in worlds)
    assert leaks > 0


def test_network_errors_are_qilab_errors(tmp_path):
    game = qilab.load_game("checkers", players=2)
    with pytest.raises(qilab.Error, match="option 'network'"):
        qilab.make_agent(game, "az:simulations=3")
    with pytest.raises(qilab.Error, match="missing.net"):
        qilab.make_agent(game, f"policy:network={tmp_path / 'missing.net'}")
    with pytest.raises(qilab.Error, match="channels"):
        qilab.new_network(game, str(tmp_path / "x.net"), channels=0)

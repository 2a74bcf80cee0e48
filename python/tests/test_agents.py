"""Agents from Python: C++ agents called on a state, Python agents seated in `qilab play`'s run
(a tournament of one line-up into a SQLite store), and a match's store, records and summary read
back."""
import json
import os
import sqlite3

import pytest

import qilab


class FirstAction(qilab.Agent):
    """Plays the first legal action of the view it is handed, and remembers what it was handed."""

    name = "first"

    def __init__(self):
        self.calls = 0
        self.resets = 0
        self.views = []

    def choose(self, state):
        self.calls += 1
        return int(state.legal_actions()[0])

    def reset(self):
        self.resets += 1

    def observe(self, view):
        self.views.append(view)


def test_cpp_agents_choose_legal_actions():
    game = qilab.load_game("checkers", players=2)
    state = game.new_initial_state()
    for spec in ("random", "greedy", "mcts:simulations=50"):
        agent = qilab.make_agent(game, spec)
        a = agent.choose(state, seed=1)
        assert a in state.legal_actions().tolist()
        assert agent(state, 1) == a  # deterministic for a seed
    with pytest.raises(qilab.Error, match="unknown agent 'nope'"):
        qilab.make_agent(game, "nope")
    with pytest.raises(qilab.Error, match="given a state of checkers"):
        qilab.make_agent(qilab.load_game("checkers", players=3), "random").choose(state)


def test_python_agent_plays_a_cpp_match(tmp_path):
    game = qilab.load_game("checkers", players=2)
    me = FirstAction()
    result = qilab.play(game, [me, "random"], games=4, seed=11, out=str(tmp_path))
    assert result["played"] == 4
    records = result["records"]
    assert [r["agents"] for r in records] == [["first", "random"], ["random", "first"]] * 2
    moves = 0  # the decisions of the Python agent's seat, replayed from the records
    for r in records:
        seat = r["agents"].index("first")
        state = game.new_initial_state()
        for a in r["actions"]:
            moves += state.current_player() == seat
            state.apply(a)
    assert me.calls == moves
    assert me.resets == 4
    assert len(me.views) == sum(len(r["actions"]) for r in records)
    summary = qilab.read_summary(str(tmp_path))
    assert summary["games"] == 4 and summary["agents"] == ["first", "random"]
    assert {a["agent"] for a in summary["by_agent"]} == {"first", "random"}


def test_python_agent_sees_only_its_seat():
    """In junqi6 the referee hands a Python agent its seat's sampled world: replaying the record,
    each view agrees with the true state on what the seat sees, and differs from it where the
    seat may not see (the enemies' hidden ranks were resampled)."""
    game = qilab.load_game("junqi6")

    class Watcher(qilab.Agent):
        name = "watcher"

        def __init__(self):
            self.seen = []

        def choose(self, state):
            p = state.current_player()
            self.seen.append((p, state.observation_string(p), state.to_json()))
            legal = state.legal_actions()
            return int(legal[len(self.seen) % len(legal)])

    watcher = Watcher()
    record = qilab.play(game, [watcher, "random"], games=1, seed=3)["records"][0]
    state = game.new_initial_state()
    decisions = []
    for a in record["actions"]:
        p = state.current_player()
        if not state.is_chance() and record["agents"][p] == "watcher":
            decisions.append((p, state.observation_string(p), state.to_json()))
        state.apply(a)
    assert len(decisions) == len(watcher.seen) > 0
    for (p, seen, view), (q, truth, full) in zip(watcher.seen, decisions):
        assert p == q and seen == truth
    assert any(view != full for (_, _, view), (_, _, full) in zip(watcher.seen, decisions))


def test_python_agent_errors_forfeit_and_are_recorded(tmp_path):
    # A failing agent does not abort the match: the referee records the error and the seat
    # forfeits (docs/experiments.md, "Agents that fail"), with the Python message kept.
    game = qilab.load_game("checkers", players=2)

    class Broken(qilab.Agent):
        name = "broken"

        def choose(self, state):
            raise KeyError("broken agent")

    result = qilab.play(game, [Broken(), "random"], games=1, seed=1, out=str(tmp_path / "a"))
    record = result["records"][0]
    assert record["ending"] == "forfeit"
    assert record["returns"] == [-1.0, 1.0]
    [event] = record["events"]
    assert event["kind"] == "error" and event["forfeit"] and event["seat"] == 0 and event["ply"] == 0
    assert "KeyError: 'broken agent'" in event["message"]

    class NotAnAction(qilab.Agent):
        name = "text"

        def choose(self, state):
            return "north"

    result = qilab.play(game, [NotAnAction(), "random"], games=1, seed=1, out=str(tmp_path / "b"))
    [event] = result["records"][0]["events"]
    assert event["kind"] == "error" and event["forfeit"]
    assert "expected an action id" in event["message"]
    with pytest.raises(qilab.Error, match="expected an agent spec"):
        qilab.play(game, [object(), "random"], games=1)
    with pytest.raises(qilab.Error, match="games"):
        qilab.play(game, ["random"], games=0)


def test_match_records_read_back_and_resume(tmp_path):
    game = qilab.load_game("checkers", players=2)
    out = str(tmp_path / "run")
    first = qilab.play(game, ["greedy", "random"], games=3, seed=5, threads=2, out=out)
    again = qilab.play(game, ["greedy", "random"], games=5, seed=5, out=out)
    assert again["resumed"] == 3 and again["played"] == 2
    records = qilab.read_records(os.path.join(out, "games.jsonl"))
    assert [r["index"] for r in records] == [0, 1, 2, 3, 4]
    assert records[:3] == first["records"]
    with open(os.path.join(out, "summary.json"), encoding="utf-8") as f:
        assert json.load(f) == qilab.read_summary(out) == again["summary"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"index": "x"}\n')
    with pytest.raises(qilab.Error, match="bad.jsonl:1"):
        qilab.read_records(str(bad))


def test_play_writes_its_store(tmp_path):
    # qilab.play is `qilab play`'s run: every game goes into out/tournament.db a batch at a
    # time; games.jsonl and summary.json are exports of it.
    game = qilab.load_game("checkers", players=2, max_turns=40)
    out = str(tmp_path / "run")
    result = qilab.play(game, [FirstAction(), "random"], games=4, seed=9, out=out)
    assert result["store_path"] == os.path.join(out, "tournament.db")
    db = sqlite3.connect(result["store_path"])
    meta = dict(db.execute("SELECT key, value FROM meta"))
    assert meta["format"] == "qilab-tournament-store" and meta["tournament"] == "play"
    assert meta["game"] == "checkers" and json.loads(meta["options"]) == game.options
    assert json.loads(meta["config"])["lineups"] == [["first", "random"]]
    assert sorted(r[0] for r in db.execute("SELECT name FROM agents")) == ["first", "random"]
    assert [r[0] for r in db.execute("SELECT idx FROM games ORDER BY idx")] == [0, 1, 2, 3]
    seats = db.execute("SELECT game, seat, a.name FROM seats JOIN agents a ON a.id = agent ORDER BY game, seat")
    assert [(g, s, n) for g, s, n in seats] == [
        (g, s, ["first", "random"][(s + g) % 2]) for g in range(4) for s in range(2)
    ]
    db.close()
    # The records returned are the store's games, with their notation.
    assert qilab.read_store(out) == result["records"]

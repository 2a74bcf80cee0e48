"""qilab: the games, agents and matches of the qilab C++ engine, from Python (docs/python.md).

    import qilab
    game = qilab.load_game("checkers", players=6)
    state = game.new_initial_state()
    state.apply(int(state.legal_actions()[0]))

Errors in what you pass (an unknown game, an option out of range, an illegal action, a bad
record) raise qilab.Error (qilab.IllegalAction for actions) with the CLI's message.
"""
import json
import os
import tempfile

_here = os.path.dirname(os.path.abspath(__file__))


def _find_data():
    """Where the shipped configs/ are: an installed package carries them in qilab/data; the build
    tree has them in build/share/qilab (build/python/qilab/../../share/qilab). QILAB_DATA wins."""
    if os.environ.get("QILAB_DATA"):
        return
    for candidate in (os.path.join(_here, "data"), os.path.join(_here, "..", "..", "share", "qilab")):
        if os.path.isdir(os.path.join(candidate, "configs")):
            os.environ["QILAB_DATA"] = os.path.normpath(candidate)
            return


_find_data()

from ._qilab import (  # noqa: E402
    CppAgent,
    Error,
    Game,
    IllegalAction,
    Rng,
    State,
    agent_names,
    games,
    load_game,
    make_agent,
    read_records,
)

__all__ = [
    "Agent", "CppAgent", "Error", "Game", "IllegalAction", "Rng", "State", "agent_names", "games",
    "load_game", "make_agent", "play", "read_records", "read_summary", "records_frame",
]


class Agent:
    """Base class for agents written in Python. Override choose(state) -> action; reset() is
    called when a game starts, observe(view) after every action with what this seat saw of it
    (the action id, or -3 when the seat saw nothing). `name` is the agent's name in records."""

    name = None

    def choose(self, state):
        raise NotImplementedError("a qilab.Agent must define choose(state) -> action")

    def reset(self):
        pass

    def observe(self, view):
        pass


def play(game, agents, games=1, seed=0, threads=1, out=None):
    """Plays `games` games of `game` between `agents` (C++ agent specs such as "random" or
    "mcts:simulations=200", or Python objects with choose(state)), seats rotated as `qilab play`
    rotates them, in the C++ match runner. Records go to out/games.jsonl and the statistics to
    out/summary.json (a temporary folder when out is None; rerunning into the same folder
    resumes). Returns a dict: summary, table, records_path, summary_path, played, resumed,
    records (the games, read back)."""
    if isinstance(game, str):
        game = load_game(game)
    if isinstance(agents, (str, Agent)) or hasattr(agents, "choose"):
        raise Error("agents: expected a list of agents, one or more")
    if out is None:
        out = tempfile.mkdtemp(prefix="qilab-play-")
    result = _qilab._play(game, list(agents), int(games), int(seed), int(threads), str(out))
    result["out"] = str(out)
    result["records"] = read_records(result["records_path"])
    return result


def read_summary(out):
    """The summary.json of a match folder, as a dict."""
    path = os.path.join(out, "summary.json")
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise Error(f"{path}: cannot read ({e.strerror})") from None
    except ValueError as e:
        raise Error(f"{path}: not JSON ({e})") from None


def records_frame(out):
    """The games of a match folder (or a games.jsonl file) as a pandas DataFrame, one row a game,
    with one returns_<seat> and agent_<seat> column per seat; raises ImportError without pandas."""
    import pandas  # optional: only this function needs it

    path = out if out.endswith(".jsonl") else os.path.join(out, "games.jsonl")
    rows = []
    for r in read_records(path):
        row = {k: v for k, v in r.items() if k not in ("actions", "notation", "stats", "returns", "agents")}
        row["length"] = len(r["actions"])
        for seat, v in enumerate(r["returns"]):
            row[f"returns_{seat}"] = v
        for seat, a in enumerate(r["agents"]):
            row[f"agent_{seat}"] = a
        rows.append(row)
    return pandas.DataFrame(rows)


from . import _qilab  # noqa: E402

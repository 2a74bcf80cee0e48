"""qilab: the games, agents and matches of the qilab C++ engine, from Python (docs/python.md).

    import qilab
    game = qilab.load_game("checkers", players=6)
    state = game.new_initial_state()
    state.apply(int(state.legal_actions()[0]))

Tournaments (qilab.tournament), their stores (qilab.read_store) and a run's statistics and
ratings (qilab.stats, qilab.ratings) go through the same C++ functions as the CLI.

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
    has_networks,
    load_game,
    make_agent,
    ratings,
    read_records,
    stats,
)

__all__ = [
    "Agent", "CppAgent", "Error", "Game", "IllegalAction", "Rng", "State", "agent_names", "games",
    "balance_rows", "has_networks", "load_game", "make_agent", "play", "ratings", "read_records",
    "read_store", "read_summary", "records_frame", "stats", "store_frame", "tournament",
]
if has_networks:
    from ._qilab import new_network  # noqa: E402,F401

    __all__.append("new_network")


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
    rotates them: `qilab play`'s run, every game stored in out/tournament.db (SQLite) a batch at
    a time, the records exported to out/games.jsonl and the statistics to out/summary.json (a
    temporary folder when out is None; rerunning into the same folder resumes). Returns a dict:
    summary, table, store_path, records_path, summary_path, played, resumed, records (the games,
    read back)."""
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
    return pandas.DataFrame([_game_row(r) for r in read_records(path)])


def tournament(config, out=None, threads=0):
    """Plays (or resumes) the experiment config at path `config` (configs/experiments/*.toml,
    docs/experiments.md) into out/tournament.db and out/summary.json, as
    `qilab tournament --config CONFIG --out OUT [--threads T]` does, with the GIL released while
    the games run; threads=0 takes the config's. Rerunning into the same folder plays only the
    games the store lacks. Returns a dict: summary (summary.json: by_seat and by_agent with
    win/draw/loss rates, Wilson intervals counted per game and n), table (the text the CLI
    prints), rows (balance_rows(summary)), store_path, summary_path, played, resumed, forfeits,
    out. Bad input raises qilab.Error with the CLI's message, before anything is written."""
    if isinstance(threads, bool) or not isinstance(threads, int) or not 0 <= threads <= 4096:
        raise Error(f"threads: expected an integer 1 to 4096, or 0 for the config's, got {threads!r}")
    if out is None:
        out = tempfile.mkdtemp(prefix="qilab-tournament-")
    result = _qilab._tournament(os.fspath(config), os.fspath(out), threads)
    result["out"] = os.fspath(out)
    result["rows"] = balance_rows(result["summary"])
    return result


def balance_rows(summary):
    """The balance table of a summary (qilab.tournament's, qilab.play's, or qilab.stats' for one
    variant) as flat dicts, one per seat, team and agent: by ("seat", "team" or "agent"), key
    (the seat, team or agent), games (n: games, or seat-games for an agent holding several
    seats), in_games (games the key took part in: the intervals' count), and for win, draw and
    loss the rate with its 95% Wilson interval (<kind>, <kind>_lo, <kind>_hi) and count
    (<kind>_count); mean_return."""
    rows = []
    for by, key in (("seat", "seat"), ("team", "team"), ("agent", "agent")):
        for t in summary.get("by_" + by, []):
            row = {"by": by, "key": t[key], "games": t["games"], "in_games": t.get("in_games", t["games"])}
            for kind in ("win", "draw", "loss"):
                row[kind] = t[kind]["rate"]
                row[kind + "_lo"], row[kind + "_hi"] = t[kind]["ci95"]
                row[kind + "_count"] = t[kind]["count"]
            row["mean_return"] = t.get("mean_return")
            rows.append(row)
    return rows


def _store_path(out):
    path = os.fspath(out)
    return os.path.join(path, "tournament.db") if os.path.isdir(path) else path


def read_store(out, rows="games"):
    """The games of a tournament's store (out/tournament.db, or the .db file itself), read by
    the C++ store reader: rows="games" gives one dict a game (the records of docs/formats.md,
    as `qilab export --format jsonl` writes them); rows="seats" one dict a seat of every game
    (game, lineup, seat, team, agent, return, outcome, length, forfeits, setup: the columns of
    `qilab export --format csv`). Raises qilab.Error naming the file for a missing, foreign or
    damaged store."""
    if rows == "games":
        return _qilab._store_games(_store_path(out))
    if rows == "seats":
        return _qilab._store_seats(_store_path(out))
    raise Error(f"rows: expected 'games' or 'seats', got {rows!r}")


def store_frame(out, rows="seats"):
    """read_store(out, rows) as a pandas DataFrame (games: without the moves, with a length
    column); raises ImportError without pandas, which qilab does not need otherwise."""
    import pandas  # optional: only this function needs it

    data = read_store(out, rows)
    if rows == "games":
        data = [_game_row(r) for r in data]
    return pandas.DataFrame(data)


def _game_row(r):
    row = {k: v for k, v in r.items() if k not in ("actions", "notation", "stats", "returns", "agents")}
    row["length"] = len(r["actions"])
    for seat, v in enumerate(r["returns"]):
        row[f"returns_{seat}"] = v
    for seat, a in enumerate(r["agents"]):
        row[f"agent_{seat}"] = a
    return row


from . import _qilab  # noqa: E402

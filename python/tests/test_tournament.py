"""Tournaments from Python: a tiny config played through the C++ tournament runner, its results
read back from the store, the statistics equal to `qilab stats --json`, resuming, and bad input
raising qilab.Error with the CLI's message."""
import json
import os
import sqlite3
import subprocess
from collections import Counter

import pytest

import qilab
from conftest import ROOT

# The qilab program of the same build (CTest sets QILAB_BIN), for comparing with the CLI.
QILAB_BIN = os.environ.get("QILAB_BIN", "")


def cli(*args):
    if not os.access(QILAB_BIN, os.X_OK):
        pytest.skip("QILAB_BIN is not the qilab program (CTest sets it); CLI comparison skipped")
    return subprocess.run([QILAB_BIN, *args], capture_output=True, text=True, check=False)


def write_config(tmp_path, games=8, name="py-checkers"):
    path = tmp_path / f"{name}.toml"
    path.write_text(
        f'name = "{name}"\n'
        f'game = "{ROOT}/configs/games/checkers.toml"\n'
        'set = ["players=2"]\n'
        "seed = 7\n"
        f"games_per_lineup = {games}\n"
        'agents = ["random", "greedy"]\n',
        encoding="utf-8",
    )
    return str(path)


def test_tournament_results_read_back(tmp_path):
    config = write_config(tmp_path)
    out = str(tmp_path / "t")
    result = qilab.tournament(config, out=out, threads=2)
    assert result["played"] == 8 and result["resumed"] == 0 and result["forfeits"] == 0
    assert result["store_path"] == os.path.join(out, "tournament.db")
    summary = result["summary"]
    assert summary["games"] == 8 and summary["agents"] == ["random", "greedy"]
    with open(result["summary_path"], encoding="utf-8") as f:
        assert json.load(f) == summary
    assert "random" in result["table"] and "greedy" in result["table"]

    games = qilab.read_store(out)
    assert sorted(g["index"] for g in games) == list(range(8))
    seats = qilab.read_store(out, rows="seats")
    assert len(seats) == 16
    # The table's counts are the rows' counts: per seat and per agent, each game once.
    outcomes = Counter((s["seat"], s["outcome"]) for s in seats)
    for row in summary["by_seat"]:
        assert row["games"] == 8
        for kind in ("win", "draw", "loss"):
            assert row[kind]["count"] == outcomes[(row["seat"], kind)]
    by_agent = Counter((s["agent"], s["outcome"]) for s in seats)
    for row in summary["by_agent"]:
        assert row["games"] == 8  # each agent held one seat of every game
        for kind in ("win", "draw", "loss"):
            assert row[kind]["count"] == by_agent[(row["agent"], kind)]
    # The game rows agree with the seat rows.
    for g in games:
        mine = [s for s in seats if s["game"] == g["index"]]
        assert [s["agent"] for s in mine] == g["agents"]
        assert [s["return"] for s in mine] == g["returns"]
        assert all(s["length"] == len(g["actions"]) for s in mine)
    # Every agent held every seat equally often (the rotation).
    assert Counter((s["agent"], s["seat"]) for s in seats) == {
        (a, p): 4 for a in ("random", "greedy") for p in (0, 1)
    }
    # The flat rows carry the same numbers and intervals.
    rows = {(r["by"], r["key"]): r for r in result["rows"]}
    for row in summary["by_agent"]:
        flat = rows[("agent", row["agent"])]
        assert flat["win_count"] == row["win"]["count"]
        assert [flat["win_lo"], flat["win_hi"]] == row["win"]["ci95"]
        assert flat["win_lo"] <= flat["win"] <= flat["win_hi"]

    # `qilab stats` over the store counts the same games, and is the CLI's JSON exactly.
    stats = qilab.stats(out)
    [variant] = stats["games"][0]["variants"]
    balance = variant["tables"]["balance"]
    assert stats["records"] == 8 and balance["games"] == 8
    for key in ("by_seat", "by_agent"):
        assert [(t["win"]["count"], t["draw"]["count"], t["loss"]["count"]) for t in balance[key]] == [
            (t["win"]["count"], t["draw"]["count"], t["loss"]["count"]) for t in summary[key]
        ]
    assert variant["tables"]["seat_equality"]["games"] + variant["tables"]["seat_equality"]["left_out"] == 8
    ran = cli("stats", out, "--json")
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout) == stats
    ran = cli("ratings", out, "--json")
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout) == qilab.ratings(out)


def test_tournament_resumes(tmp_path):
    config = write_config(tmp_path, games=4)
    out = str(tmp_path / "t")
    first = qilab.tournament(config, out=out)
    again = qilab.tournament(config, out=out, threads=2)
    assert (first["played"], first["resumed"]) == (4, 0)
    assert (again["played"], again["resumed"]) == (0, 4)
    for key in ("games", "by_seat", "by_agent", "length"):
        assert again["summary"][key] == first["summary"][key]
    assert len(qilab.read_store(out)) == 4


def error_of(call):
    with pytest.raises(qilab.Error) as caught:
        call()
    return str(caught.value)


def test_bad_input_raises_the_clis_message(tmp_path):
    missing = str(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text(f'name = "x"\ngame = "{ROOT}/configs/games/checkers.toml"\nagents = ["random"]\ngames_per_lineup = "many"\n')
    foreign_out = tmp_path / "foreign"
    foreign_out.mkdir()
    with sqlite3.connect(foreign_out / "tournament.db") as db:
        db.execute("CREATE TABLE other (x INTEGER)")
    db.close()
    config = write_config(tmp_path, games=2)
    cases = [
        (lambda: qilab.tournament(missing, out=str(tmp_path / "a")), ["tournament", "--config", missing, "--out", str(tmp_path / "a")]),
        (lambda: qilab.tournament(str(bad), out=str(tmp_path / "b")), ["tournament", "--config", str(bad), "--out", str(tmp_path / "b")]),
        (lambda: qilab.tournament(config, out=str(foreign_out)), ["tournament", "--config", config, "--out", str(foreign_out)]),
        (lambda: qilab.stats(str(foreign_out)), ["stats", str(foreign_out), "--json"]),
        (lambda: qilab.ratings(str(tmp_path / "nowhere")), ["ratings", str(tmp_path / "nowhere")]),
    ]
    messages = [error_of(call) for call, _ in cases]
    assert "missing.toml" in messages[0]
    assert "bad.toml" in messages[1] and "games_per_lineup" in messages[1]
    assert "not a qilab tournament store" in messages[2] and "tournament.db" in messages[2]
    assert "not a qilab tournament store" in messages[3]
    assert "nowhere" in messages[4]
    # Nothing was written for the bad configs, nor into the foreign database.
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()
    with sqlite3.connect(foreign_out / "tournament.db") as db:
        assert db.execute("SELECT name FROM sqlite_master").fetchall() == [("other",)]
    db.close()
    assert sorted(os.listdir(foreign_out)) == ["tournament.db"]
    # The store readers name the file too.
    assert "not a qilab tournament store" in error_of(lambda: qilab.read_store(str(foreign_out)))
    assert "not a qilab tournament store" in error_of(lambda: qilab.read_store(str(foreign_out), rows="seats"))
    assert "rows" in error_of(lambda: qilab.read_store(str(foreign_out), rows="moves"))
    assert "threads" in error_of(lambda: qilab.tournament(config, threads=-1))
    for message, (_, args) in zip(messages, cases):
        ran = cli(*args)
        assert ran.returncode == 2
        assert ran.stderr == f"qilab: error: {message}\n"


def test_store_frame_needs_pandas(tmp_path):
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError):
            qilab.store_frame(str(tmp_path))
        return
    out = str(tmp_path / "t")
    qilab.tournament(write_config(tmp_path, games=2), out=out)
    frame = qilab.store_frame(out)
    assert len(frame) == 4 and set(frame["agent"]) == {"random", "greedy"}
    assert len(qilab.store_frame(out, rows="games")) == 2


def test_play_is_the_cli_play_run(tmp_path):
    # qilab.play and `qilab play` with the same game, agents and seed write the same run: the
    # same tournament identity (config hash) and the same games, row for row.
    game = qilab.load_game("checkers", players=2, max_turns=80)
    py_out, cli_out = str(tmp_path / "py"), str(tmp_path / "cli")
    qilab.play(game, ["greedy", "random"], games=6, seed=4, threads=2, out=py_out)
    ran = cli("play", "--game", "checkers", "--set", "players=2", "--set", "max_turns=80", "--agents",
              "greedy,random", "--games", "6", "--seed", "4", "--out", cli_out)
    assert ran.returncode == 0, ran.stderr
    q = "SELECT idx, lineup, options, config_hash, length, actions, setups, forfeits, events, ending FROM games ORDER BY idx"
    s = "SELECT game, seat, agent, team, result, outcome FROM seats ORDER BY game, seat"
    a, b = (sqlite3.connect(os.path.join(o, "tournament.db")) for o in (py_out, cli_out))
    hash_of = "SELECT value FROM meta WHERE key = 'config_hash'"
    assert a.execute(hash_of).fetchone() == b.execute(hash_of).fetchone()
    for query in (q, s):
        rows = a.execute(query).fetchall()
        assert len(rows) >= 6 and rows == b.execute(query).fetchall()
    # Either one resumes the other's run.
    ran = cli("play", "--game", "checkers", "--set", "players=2", "--set", "max_turns=80", "--agents",
              "greedy,random", "--games", "8", "--seed", "4", "--out", py_out)
    assert ran.returncode == 0, ran.stderr
    assert json.loads(open(os.path.join(py_out, "summary.json"), encoding="utf-8").read())["run"]["resumed"] == 6

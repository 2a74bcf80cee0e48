#!/usr/bin/env python3
"""qilab report without a browser, on the three kinds of run directory:

- a play run: the page holds three charts (PNG images that decode to a picture, not a blank),
  each rate with its 95% interval and sample size, written atomically;
- a tournament store (checkers, random against greedy): the chi-square result, the ratings, the
  per-agent chart and the length histogram, the same numbers `qilab stats --json` and `qilab
  ratings --json` print, and at least one decisive moment drawn as SVG;
- an elements 2v2 store with heroes drawn per game: the per-hero chart and the all-games tallies;
- a training run (two tiny iterations of `qilab train`, where qilab is built with LibTorch): the
  loss curve and the strength against the baseline.
Bad input (no run, a summary with a bad field, a corrupt record line, a directory with nothing
to report, a corrupt tournament.db) is one line, exit 2, and nothing written. Exits 77 (CTest:
skipped) when no Python with matplotlib is installed (scripts/setup).

usage: report_test.py QILAB SOURCE_DIR"""
import base64
import json
import os
import re
import shutil
import subprocess
from html import escape
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_test import png_colours  # noqa: E402

CHECKERS_TOURNAMENT = """name = "report-test"
game = "configs/games/checkers-2p.toml"
set = ["max_turns=40", "adjudicate=evaluation"]
seed = 3
games_per_lineup = 24
threads = 2
agents = ["random", "mcts:simulations=8"]
"""

ELEMENTS_HEROES = """name = "report-heroes"
game = "configs/games/elements-4p.toml"
seed = 1
games_per_lineup = 12
threads = 2
agents = ["greedy"]
[[draw]]
option = "heroes"
from = ["knight", "assassin", "hunter", "warlock", "priest", "taoist"]
count = 4
"""

TINY_TRAINING = """game = "configs/games/checkers-2p.toml"
set = ["max_turns=12"]
seed = 5
iterations = 2
[network]
blocks = 1
channels = 8
value_hidden = 16
[selfplay]
games = 2
threads = 1
simulations = 4
fast_simulations = 4
batch = 2
temperature_moves = 4
[service]
max_batch = 16
max_wait_us = 0
threads = 1
cache_entries = 0
[replay]
window = 400
[trainer]
optimizer = "sgd"
learning_rate = 0.05
batch_size = 8
steps_per_iteration = 4
checkpoint_every = 4
[gating]
games = 0
simulations = 2
baseline = "random"
baseline_games = 4
threads = 1
"""


def run(qilab, source, *args):
    return subprocess.run([qilab, *args], cwd=source, capture_output=True, text=True)


def fails(r, *needles):
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1, r.stderr
    for n in needles:
        assert n in r.stderr, (n, r.stderr)


def charts_of(html):
    return re.findall(r'<img class="chart" data-chart="([a-z-]+)"[^>]*src="data:image/png;base64,([^"]+)"', html)


def check_not_blank(work, charts):
    for k, (name, data) in enumerate(charts):
        png = os.path.join(work, f"{name}-{k}.png")
        with open(png, "wb") as f:
            f.write(base64.b64decode(data))
        colours = png_colours(png)
        assert colours >= 5, f"chart {name} nearly blank: {colours} colours"


def play_run(qilab, source, work):
    out = os.path.join(work, "run")
    r = run(qilab, source, "play", "--game", "configs/games/checkers-2p.toml", "--set", "max_turns=40",
            "--agents", "greedy,random", "--games", "12", "--seed", "9", "--out", out)
    assert r.returncode == 0, r.stderr
    r = run(qilab, source, "report", out)
    assert r.returncode == 0, r.stderr
    page = os.path.join(out, "report.html")
    html = open(page, encoding="utf-8").read()
    assert "http://" not in html and "https://" not in html, "the report must be self-contained"
    charts = charts_of(html)
    assert [c[0] for c in charts] == ["by-seat", "by-agent", "length"], [c[0] for c in charts]
    check_not_blank(work, charts)
    summary = json.load(open(os.path.join(out, "summary.json")))
    for row in summary["by_seat"]:
        w = row["win"]
        cell = f"{w['rate']:.3f} [{w['ci95'][0]:.3f}, {w['ci95'][1]:.3f}]"
        assert f"<td>{row['seat']}</td><td>{row['games']}</td><td>{cell}</td>" in html, cell
    assert [f for f in os.listdir(out) if f.startswith(".report-")] == [], "temporary file left behind"
    return out


def store_run(qilab, source, work):
    out = os.path.join(work, "store")
    config = os.path.join(work, "tournament.toml")
    with open(config, "w") as f:
        f.write(CHECKERS_TOURNAMENT)
    r = run(qilab, source, "tournament", "--config", config, "--out", out)
    assert r.returncode == 0, r.stderr
    page = os.path.join(work, "store-report.html")
    r = run(qilab, source, "report", out, "--out", page)
    assert r.returncode == 0, r.stderr
    html = open(page, encoding="utf-8").read()
    assert "http://" not in html and "https://" not in html, "the report must be self-contained"
    charts = charts_of(html)
    names = [c[0] for c in charts]
    assert "by-agent" in names and "length" in names and "by-seat" in names, names
    check_not_blank(work, charts)

    # The numbers are qilab stats' and qilab ratings' own.
    stats = json.loads(run(qilab, source, "stats", out, "--json").stdout)
    tables = stats["games"][0]["variants"][0]["tables"]
    eq = tables["seat_equality"]
    text = f"chi-square = {eq['statistic']:.3f}, df = {eq['df']}, p = {eq['p_value']:.4g}"
    name = "Pearson chi-square test" if eq["method"] == "Pearson chi-square" else "Exact multinomial test"
    assert name in html and text in html, (name, text)
    for row in tables["balance"]["by_agent"]:
        w = row["win"]
        cell = f"<td>{row['agent']}</td><td>{row['games']}</td><td>{w['rate']:.3f} [{w['ci95'][0]:.3f}, "
        assert cell in html, cell
    ratings = json.loads(run(qilab, source, "ratings", out, "--json").stdout)
    bt = ratings["games"][0]["bradley_terry"]
    assert bt and bt["fitted"], bt
    assert '<table class="ratings">' in html
    for p in bt["players"]:
        assert f"<td>{p['agent']}</td><td>{p['games']}</td>" in html, p
    assert "No opening search results." in html

    # Decisive moments: boards as inline SVG, each well-formed, with its pieces.
    boards = re.findall(r'<figure class="moment"[^>]*><div class="board">(.*?)</div>', html, re.S)
    assert 1 <= len(boards) <= 3, len(boards)
    for svg in boards:
        root = ET.fromstring(svg[svg.index("<svg"):])
        pieces = [g for g in root.iter("g") if "piece" in g.get("class", "").split()]
        assert root.get("data-game") == "checkers" and len(pieces) == 20, (root.get("data-game"), len(pieces))
    return out


def heroes_run(qilab, source, work):
    """elements 2v2 with heroes drawn per game: the per-hero chart, the sides' charts, and the
    summary's tallies over all games (every game is its own variant)."""
    out = os.path.join(work, "heroes")
    config = os.path.join(work, "heroes.toml")
    with open(config, "w") as f:
        f.write(ELEMENTS_HEROES)
    r = run(qilab, source, "tournament", "--config", config, "--out", out)
    assert r.returncode == 0, r.stderr
    page = os.path.join(work, "heroes-report.html")
    r = run(qilab, source, "report", out, "--out", page)
    assert r.returncode == 0, r.stderr
    html = open(page, encoding="utf-8").read()
    charts = charts_of(html)
    names = [c[0] for c in charts]
    assert names.count("by-hero") == 1 and "by-team" in names, names
    check_not_blank(work, [c for c in charts if c[0] == "by-hero"])
    stats = json.loads(run(qilab, source, "stats", out, "--json").stdout)
    heroes = stats["games"][0]["analysis"]["heroes"]
    assert len(heroes) == 6, heroes
    for h in heroes:
        assert f"<td>{h['hero']}</td>" in html, h["hero"]
    assert '<h3>elements, all 12 games</h3>' in html and 'data-variant="all"' in html


def openings_run(qilab, source, work):
    """A race of checkers first moves (`qilab openings`): its ranking table and win-rate chart,
    the comparison with the runner-up; a damaged openings.json is refused naming its field."""
    out = os.path.join(work, "openings")
    r = run(qilab, source, "openings", "--config", "configs/experiments/openings-checkers.toml", "--out", out)
    assert r.returncode == 0, r.stderr
    page = os.path.join(work, "openings-report.html")
    r = run(qilab, source, "report", out, "--out", page)
    assert r.returncode == 0, r.stderr
    html = open(page, encoding="utf-8").read()
    charts = charts_of(html)
    assert [c[0] for c in charts].count("openings") == 1, [c[0] for c in charts]
    check_not_blank(work, [c for c in charts if c[0] == "openings"])
    race = json.load(open(os.path.join(out, "openings.json"), encoding="utf-8"))
    for c in race["candidates"]:
        assert f"<td>{escape(c['name'])}</td>" in html, c["name"]
        assert f"{c['win_rate']:.3f} [{c['ci95'][0]:.3f}, {c['ci95'][1]:.3f}]" in html, c["name"]
    assert f"the runner-up {escape(race['best_vs_runner_up']['runner_up'])}: Holm p = " in html
    assert "No opening search results" not in html
    race["candidates"][0]["ci95"] = "wide"
    with open(os.path.join(out, "openings.json"), "w", encoding="utf-8") as f:
        json.dump(race, f)
    os.remove(page)
    fails(run(qilab, source, "report", out, "--out", page), "openings.json: field 'candidates[0].ci95'")
    assert not os.path.exists(page)


def training_run(qilab, source, work):
    if "train" not in run(qilab, source, "--help").stdout:
        print("SKIP (training part): this qilab is built without LibTorch (no 'qilab train')")
        return
    config = os.path.join(work, "train.toml")
    with open(config, "w") as f:
        f.write(TINY_TRAINING)
    out = os.path.join(work, "train")
    r = run(qilab, source, "train", "--config", config, "--out", out)
    assert r.returncode == 0, r.stderr
    page = os.path.join(work, "train-report.html")
    r = run(qilab, source, "report", out, "--out", page)
    assert r.returncode == 0, r.stderr
    html = open(page, encoding="utf-8").read()
    charts = charts_of(html)
    assert [c[0] for c in charts] == ["loss", "strength"], [c[0] for c in charts]
    check_not_blank(work, charts)
    assert "Last step 8: loss" in html
    assert html.count("<td>against random</td>") == 2, "one baseline row per iteration"

    # A corrupt metrics line, and a baseline result without its interval: one line, nothing written.
    bad = os.path.join(work, "train-bad")
    os.mkdir(bad)
    lines = open(os.path.join(out, "metrics.jsonl")).read().splitlines()
    other = os.path.join(work, "train-bad.html")
    with open(os.path.join(bad, "metrics.jsonl"), "w") as f:
        f.write("\n".join(lines[:2]) + "\n{\"event\": \"train\", \"step\": \n")
    fails(run(qilab, source, "report", bad, "--out", other), "metrics.jsonl:3: not JSON")
    baseline = next(json.loads(line) for line in lines if '"baseline"' in line)
    del baseline["result"]["interval95"]
    with open(os.path.join(bad, "metrics.jsonl"), "w") as f:
        f.write(lines[0] + "\n" + json.dumps(baseline) + "\n")
    fails(run(qilab, source, "report", bad, "--out", other), "metrics.jsonl:2: field 'result.interval95' missing")
    assert not os.path.exists(other), "a refused report wrote its page"


def bad_input(qilab, source, work, play_dir, store_dir):
    other = os.path.join(work, "other.html")
    fails(run(qilab, source, "report", os.path.join(work, "none")), "none: not a directory")
    empty = os.path.join(work, "empty")
    os.mkdir(empty)
    fails(run(qilab, source, "report", empty), "empty: nothing to report", "tournament.db", "games.jsonl",
          "metrics.jsonl")
    assert os.listdir(empty) == []
    bad = os.path.join(work, "bad")
    shutil.copytree(play_dir, bad)
    s = json.load(open(os.path.join(bad, "summary.json")))
    s["by_seat"][1]["win"]["ci95"] = [0.9, 0.1]
    json.dump(s, open(os.path.join(bad, "summary.json"), "w"))
    fails(run(qilab, source, "report", bad, "--out", other), "summary.json: field 'by_seat[1].win.ci95'")
    s["by_seat"][1]["win"]["ci95"] = [0.1, 0.9]
    del s["by_agent"]
    json.dump(s, open(os.path.join(bad, "summary.json"), "w"))
    fails(run(qilab, source, "report", bad, "--out", other), "field 'by_agent' missing")
    shutil.copy(os.path.join(play_dir, "summary.json"), os.path.join(bad, "summary.json"))
    # A play directory's store is the truth and games.jsonl its export; without the store the
    # records are read, and a torn one is refused.
    os.remove(os.path.join(bad, "tournament.db"))
    lines = open(os.path.join(play_dir, "games.jsonl")).read().splitlines()
    with open(os.path.join(bad, "games.jsonl"), "w") as f:
        f.write(lines[0] + "\n{torn\n")
    fails(run(qilab, source, "report", bad, "--out", other), "games.jsonl:2: malformed JSON")
    corrupt = os.path.join(work, "corrupt")
    os.mkdir(corrupt)
    with open(os.path.join(store_dir, "tournament.db"), "rb") as f:
        head = f.read(4096)
    with open(os.path.join(corrupt, "tournament.db"), "wb") as f:
        f.write(head[:100] + b"\xff" * 2000)
    fails(run(qilab, source, "report", corrupt, "--out", other), "tournament.db")
    with open(os.path.join(corrupt, "tournament.db"), "wb") as f:
        f.write(b"not a database at all\n" * 50)
    fails(run(qilab, source, "report", corrupt, "--out", other), "tournament.db")
    assert not os.path.exists(other), "a refused report wrote its page"
    # SQLite itself may leave its WAL index beside a database whose header says WAL (store.cc
    # opens it read-only); the report adds nothing.
    assert set(os.listdir(corrupt)) <= {"tournament.db", "tournament.db-wal", "tournament.db-shm"}, \
        os.listdir(corrupt)


def main():
    qilab, source = sys.argv[1:3]
    python = os.environ.get("QILAB_PYTHON") or ("/usr/bin/python3" if os.path.exists("/usr/bin/python3") else "python3")
    if subprocess.run([python, "-c", "import matplotlib"], capture_output=True).returncode != 0:
        print(f"SKIP: {python} has no matplotlib (scripts/setup installs python3-matplotlib)")
        sys.exit(77)
    with tempfile.TemporaryDirectory() as work:
        play_dir = play_run(qilab, source, work)
        store_dir = store_run(qilab, source, work)
        heroes_run(qilab, source, work)
        openings_run(qilab, source, work)
        training_run(qilab, source, work)
        bad_input(qilab, source, work, play_dir, store_dir)
    print("ok")


if __name__ == "__main__":
    main()

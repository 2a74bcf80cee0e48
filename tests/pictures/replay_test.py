#!/usr/bin/env python3
"""qilab replay end to end, without a browser: the page embeds one well-formed SVG per ply
and the move list in notation; a hidden-information game's page shows what the chosen seat
saw (or everything, for the referee); a corrupt line, a record this version does not
reproduce, a missing game and bad options each give one error line and exit 2.

usage: replay_test.py QILAB SOURCE_DIR"""
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def run(qilab, source, *args):
    return subprocess.run([qilab, *args], cwd=source, capture_output=True, text=True)


def page_data(path):
    html = open(path, encoding="utf-8").read()
    assert "<script src" not in html and "http://" not in html.replace("http://www.w3.org/2000/svg", ""), \
        "the page must be self-contained"
    m = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', html, re.S)
    assert m, "no data element"
    assert "</" not in m.group(1), "data could close its script element"
    return json.loads(m.group(1))


def pieces(svg_text):
    root = ET.fromstring(svg_text)
    assert root.tag == SVG + "svg"
    groups = [g for g in root.iter(SVG + "g") if g.get("class", "").split()[:1] == ["piece"]]
    return len(groups), sum("hidden" in g.get("class").split() for g in groups)


def fails(r, *needles):
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1, r.stderr
    for n in needles:
        assert n in r.stderr, (n, r.stderr)


def main():
    qilab, source = sys.argv[1:3]
    with tempfile.TemporaryDirectory() as work:
        # A perfect-information game: every ply drawn, notation as recorded.
        out = os.path.join(work, "checkers")
        r = run(qilab, source, "play", "--game", "configs/games/checkers-2p.toml", "--set", "max_turns=12",
                "--agents", "random", "--games", "2", "--seed", "3", "--out", out)
        assert r.returncode == 0, r.stderr
        records = os.path.join(out, "games.jsonl")
        lines = open(records).read().splitlines()
        game1 = json.loads(lines[1])
        page = os.path.join(work, "checkers.html")
        r = run(qilab, source, "replay", records, "--game-index", "1", "--out", page)
        assert r.returncode == 0, r.stderr
        data = page_data(page)
        assert len(data["plies"]) == len(game1["actions"]) + 1
        assert [p["move"] for p in data["plies"][:-1]] == game1["notation"]
        assert data["plies"][0]["mover"] == "seat 0"
        assert data["returns"] == game1["returns"] and data["agents"] == game1["agents"]
        assert data["facts"]["game index"] == 1
        for p in data["plies"]:
            assert pieces(p["svg"]) == (20, 0)
        svgs = [p["svg"] for p in data["plies"]]
        assert len(set(svgs)) == len(svgs), "a move left the drawing unchanged"
        # A range of plies.
        r = run(qilab, source, "replay", records, "--game-index", "1", "--plies", "2:5", "--out", page)
        assert r.returncode == 0, r.stderr
        data = page_data(page)
        assert data["first_ply"] == 2 and len(data["plies"]) == 4 and data["plies"][0]["svg"] == svgs[2]

        # A hidden-information game: seat 1 sees its own ranks only, the referee all of them.
        out = os.path.join(work, "junqi")
        r = run(qilab, source, "play", "--game", "junqi4", "--set", "max_moves=30", "--agents", "random",
                "--games", "1", "--seed", "1", "--out", out)
        assert r.returncode == 0, r.stderr
        jrecords = os.path.join(out, "games.jsonl")
        rec = json.loads(open(jrecords).readline())
        seat_page, ref_page = os.path.join(work, "seat1.html"), os.path.join(work, "referee.html")
        assert run(qilab, source, "replay", jrecords, "--seat", "1", "--out", seat_page).returncode == 0
        assert run(qilab, source, "replay", jrecords, "--seat", "referee", "--out", ref_page).returncode == 0
        seat, ref = page_data(seat_page), page_data(ref_page)
        final_seat, final_ref = pieces(seat["plies"][-1]["svg"]), pieces(ref["plies"][-1]["svg"])
        assert final_ref[1] == 0 and final_ref[0] > 0
        assert final_seat[0] == final_ref[0] and final_seat[1] > 0
        assert final_seat[0] - final_seat[1] <= 25  # at most its own army is identified
        # Another seat's placements are hidden moves in seat 1's list, named in the referee's.
        moves_seat = [p["move"] for p in seat["plies"][:-1]]
        moves_ref = [p["move"] for p in ref["plies"][:-1]]
        assert moves_ref == rec["notation"]
        assert moves_seat[:25] == ["(hidden)"] * 25 and moves_seat[25:50] == rec["notation"][25:50]
        assert ref["facts"]["view"] == "referee's view" and seat["facts"]["view"] == "seat 1's view"

        # Errors: one line, exit 2, naming the file and line.
        bad = os.path.join(work, "bad.jsonl")
        with open(bad, "w") as f:
            f.write(lines[0] + "\n" + "{not json\n")
        fails(run(qilab, source, "replay", bad, "--out", page), bad + ":2")
        edited = dict(game1, notation=["x"] + game1["notation"][1:])
        with open(bad, "w") as f:
            f.write(json.dumps(edited) + "\n")
        fails(run(qilab, source, "replay", bad, "--out", page), bad + ":1: game 1 does not replay in this version",
              "the record writes 'x'", "the record was written by qilab")
        other = dict(game1, options=dict(game1["options"], players=7))
        with open(bad, "w") as f:
            f.write(json.dumps(other) + "\n")
        fails(run(qilab, source, "replay", bad, "--out", page), bad + ":1: game 1: not a game of this version",
              "players")
        other = dict(game1, game="chess")
        with open(bad, "w") as f:
            f.write(json.dumps(other) + "\n")
        fails(run(qilab, source, "replay", bad, "--out", page), "unknown game 'chess'")
        fails(run(qilab, source, "replay", records, "--game-index", "9", "--out", page),
              "no game with index 9 (--game-index); the file holds 2 games, indices 0 to 1")
        fails(run(qilab, source, "replay", records, "--seat", "2", "--out", page), "--seat: expected a seat 0 to 1")
        fails(run(qilab, source, "replay", records, "--plies", "5:2", "--out", page), "--plies 5:2")
        fails(run(qilab, source, "replay", records, "--plies", "a:2", "--out", page), "--plies: expected FIRST:LAST")
        fails(run(qilab, source, "replay", os.path.join(work, "none.jsonl"), "--out", page), "none.jsonl")
        before = open(page).read()
        fails(run(qilab, source, "replay", records, "--seat", "2", "--out", page), "--seat")
        assert open(page).read() == before, "a refused replay touched the page"
    print("ok")


if __name__ == "__main__":
    main()

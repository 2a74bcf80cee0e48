#!/usr/bin/env python3
"""qilab report without a browser: the page holds three charts (PNG images that decode to a
picture, not a blank), each rate with its 95% interval and sample size, written atomically;
bad input (no run, a summary with a bad field, a corrupt record line) is one line, exit 2.
Exits 77 (CTest: skipped) when no Python with matplotlib is installed (scripts/setup).

usage: report_test.py QILAB SOURCE_DIR"""
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_test import png_colours  # noqa: E402


def run(qilab, source, *args):
    return subprocess.run([qilab, *args], cwd=source, capture_output=True, text=True)


def fails(r, *needles):
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1, r.stderr
    for n in needles:
        assert n in r.stderr, (n, r.stderr)


def main():
    qilab, source = sys.argv[1:3]
    python = os.environ.get("QILAB_PYTHON") or ("/usr/bin/python3" if os.path.exists("/usr/bin/python3") else "python3")
    if subprocess.run([python, "-c", "import matplotlib"], capture_output=True).returncode != 0:
        print(f"SKIP: {python} has no matplotlib (scripts/setup installs python3-matplotlib)")
        sys.exit(77)
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "run")
        r = run(qilab, source, "play", "--game", "configs/games/checkers-2p.toml", "--set", "max_turns=40",
                "--agents", "greedy,random", "--games", "12", "--seed", "9", "--out", out)
        assert r.returncode == 0, r.stderr
        r = run(qilab, source, "report", out)
        assert r.returncode == 0, r.stderr
        page = os.path.join(out, "report.html")
        html = open(page, encoding="utf-8").read()
        assert "http://" not in html and "https://" not in html, "the report must be self-contained"
        charts = re.findall(r'<img class="chart" data-chart="([a-z-]+)"[^>]*src="data:image/png;base64,([^"]+)"', html)
        assert [c[0] for c in charts] == ["by-seat", "by-agent", "length"], [c[0] for c in charts]
        for name, data in charts:
            png = os.path.join(work, name + ".png")
            with open(png, "wb") as f:
                f.write(base64.b64decode(data))
            colours = png_colours(png)
            assert colours >= 5, f"chart {name} nearly blank: {colours} colours"
        summary = json.load(open(os.path.join(out, "summary.json")))
        for row in summary["by_seat"]:
            w = row["win"]
            cell = f"{w['rate']:.3f} [{w['ci95'][0]:.3f}, {w['ci95'][1]:.3f}]"
            assert f"<td>{row['seat']}</td><td>{row['games']}</td><td>{cell}</td>" in html, cell
        assert [f for f in os.listdir(out) if f.startswith(".report-")] == [], "temporary file left behind"

        # Errors, each one line naming the file.
        other = os.path.join(work, "other.html")
        fails(run(qilab, source, "report", os.path.join(work, "none")), "none: not a directory")
        empty = os.path.join(work, "empty")
        os.mkdir(empty)
        fails(run(qilab, source, "report", empty), "summary.json: no such file")
        bad = os.path.join(work, "bad")
        shutil.copytree(out, bad)
        s = json.load(open(os.path.join(bad, "summary.json")))
        s["by_seat"][1]["win"]["ci95"] = [0.9, 0.1]
        json.dump(s, open(os.path.join(bad, "summary.json"), "w"))
        fails(run(qilab, source, "report", bad, "--out", other), "summary.json: field 'by_seat[1].win.ci95'")
        s["by_seat"][1]["win"]["ci95"] = [0.1, 0.9]
        del s["by_agent"]
        json.dump(s, open(os.path.join(bad, "summary.json"), "w"))
        fails(run(qilab, source, "report", bad, "--out", other), "field 'by_agent' missing")
        shutil.copy(os.path.join(out, "summary.json"), os.path.join(bad, "summary.json"))
        lines = open(os.path.join(out, "games.jsonl")).read().splitlines()
        with open(os.path.join(bad, "games.jsonl"), "w") as f:
            f.write(lines[0] + "\n{torn\n")
        fails(run(qilab, source, "report", bad, "--out", other), "games.jsonl:2: not JSON")
        assert not os.path.exists(other), "a refused report wrote its page"
    print("ok")


if __name__ == "__main__":
    main()

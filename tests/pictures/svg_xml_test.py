#!/usr/bin/env python3
"""Every drawing of tests/pictures (initial and mid-game, every config, every viewer) is
well-formed XML (xml.etree), an <svg> root holding exactly the pieces the state has; and
`qilab show --svg` writes the same kind of document, refusing a bad --seat with one line.

usage: svg_xml_test.py TEST_PICTURES QILAB SOURCE_DIR"""
import json
import os
import subprocess
import sys
import shutil
import tempfile
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def piece_groups(root):
    return [g for g in root.iter(SVG + "g") if g.get("class", "").split()[:1] == ["piece"]]


def check_document(text, where, pieces=None, hidden=None):
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        sys.exit(f"FAIL {where}: not well-formed XML: {e}")
    assert root.tag == SVG + "svg", f"{where}: root is {root.tag}"
    assert root.find(SVG + "title") is not None, f"{where}: no <title>"
    groups = piece_groups(root)
    if pieces is not None:
        assert len(groups) == pieces, f"{where}: {len(groups)} pieces drawn, {pieces} expected"
    if hidden is not None:
        n = sum("hidden" in g.get("class").split() for g in groups)
        assert n == hidden, f"{where}: {n} hidden pieces drawn, {hidden} expected"
    for g in groups:
        assert g.get("data-seat", "").isdigit(), f"{where}: a piece without its seat"
    return root


def main():
    test_pictures, qilab, source = sys.argv[1:4]
    with tempfile.TemporaryDirectory() as out:
        env = dict(os.environ, QILAB_SVG_OUT=out)
        subprocess.run([test_pictures, "--test-case=every config*"], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        manifest = json.load(open(os.path.join(out, "manifest.json")))
        assert len(manifest) >= 40, f"only {len(manifest)} drawings written"
        games = set()
        for item in manifest:
            with open(os.path.join(out, item["file"]), encoding="utf-8") as f:
                root = check_document(f.read(), item["file"], item["pieces"], item["hidden"])
            assert root.get("data-game"), item["file"]
            games.add(item["game"])
        assert games == {"checkers", "junqi4", "junqi6", "guifa", "elements", "mizong"}, games
        print(f"{len(manifest)} drawings parsed, games: {sorted(games)}")
        # libxml2's reading too, where xmllint is installed (scripts/setup installs it).
        if shutil.which("xmllint"):
            files = [os.path.join(out, item["file"]) for item in manifest]
            r = subprocess.run(["xmllint", "--noout", "--huge", *files], capture_output=True, text=True)
            assert r.returncode == 0, r.stderr[-2000:]
            print(f"xmllint: {len(files)} drawings well-formed")

    # The command line.
    def qilab_run(*args):
        return subprocess.run([qilab, *args], cwd=source, capture_output=True, text=True)
    r = qilab_run("show", "--game", "configs/games/checkers-2p.toml", "--svg")
    assert r.returncode == 0, r.stderr
    check_document(r.stdout, "show --svg checkers", pieces=20, hidden=0)
    r = qilab_run("show", "--game", "junqi4", "--svg", "--seat", "referee")
    assert r.returncode == 0, r.stderr
    assert ET.fromstring(r.stdout).get("data-seat") == "referee"
    r = qilab_run("show", "--game", "junqi4", "--svg", "--seat", "3")
    assert r.returncode == 0 and ET.fromstring(r.stdout).get("data-seat") == "3", r.stderr
    for bad, expect in ((["--svg", "--seat", "4"], "--seat: expected a seat 0 to 3 or 'referee', got '4'"),
                        (["--svg", "--seat", "x"], "--seat: expected a seat 0 to 3 or 'referee', got 'x'"),
                        (["--seat", "1"], "--seat draws a seat's view: give it with --svg"),
                        (["--svg", "--json"], "--json and --svg: choose one")):
        r = qilab_run("show", "--game", "junqi4", *bad)
        assert r.returncode == 2, (bad, r.returncode, r.stderr)
        assert r.stderr.count("\n") == 1 and expect in r.stderr, (bad, r.stderr)
        assert r.stdout == "", bad
    print("ok")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The replay page in headless Chromium (Debian's `chromium`): the page loads without a script
error, its buttons, slider and move list change the board, play advances it; a page with a
broken script is caught (so the check can fail); and a screenshot of the page is not blank.
Then the report pages of that run and of a small tournament store: charts decoded, the decisive
moments' boards drawn, no script error, a screenshot that is not blank.
Exits 77 (CTest: skipped) with a message when Chromium is absent; scripts/setup installs it.

usage: browser_test.py QILAB SOURCE_DIR"""
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

HEAD_PROBE = """<script>
window.__qilabErrors = [];
window.addEventListener("error", function (e) { window.__qilabErrors.push(String(e.message)); });
</script>"""

# Runs after the page's own script: drives the controls as a user would and writes what it saw
# into <pre id="qilab-test"> for --dump-dom.
TAIL_PROBE = """<script>
(function () {
  const result = { errors: [], steps: {} };
  function finish() {
    result.errors = window.__qilabErrors;
    const pre = document.createElement("pre");
    pre.id = "qilab-test";
    pre.textContent = JSON.stringify(result);
    document.body.appendChild(pre);
  }
  try {
    const board = document.getElementById("board");
    const svg = function () { return board.innerHTML; };
    const ply = function () { return Number(board.dataset.ply); };
    const click = function (id) { document.getElementById(id).click(); };
    const s = result.steps;
    s.count = window.qilabReplay.count;
    s.moves = document.querySelectorAll("#moves li").length;
    s.results = document.querySelectorAll("#results tbody tr").length;
    s.svgs = board.querySelectorAll("svg").length;
    const first = svg();
    s.start = ply();
    click("next"); s.afterNext = ply(); s.nextChanged = svg() !== first;
    click("next"); click("next"); s.afterThreeNext = ply();
    click("prev"); s.afterPrev = ply();
    click("last"); s.afterLast = ply(); s.lastChanged = svg() !== first;
    s.label = document.getElementById("ply-label").textContent;
    click("first"); s.afterFirst = ply(); s.firstSame = svg() === first;
    const slider = document.getElementById("ply-slider");
    slider.value = "5"; slider.dispatchEvent(new Event("input")); s.afterSlider = ply();
    document.querySelectorAll("#moves li")[2].click(); s.afterMoveClick = ply();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" })); s.afterKey = ply();
    click("first");
    click("play");
    setTimeout(function () { s.afterPlay = ply(); click("play"); finish(); }, 1500);
  } catch (e) {
    window.__qilabErrors.push("probe: " + e.message);
    finish();
  }
})();
</script>"""


# The report's charts: each <img class="chart"> with the size it decoded to (0 if it did not);
# the decisive moments' boards (inline <svg>) with their drawn size; script errors.
REPORT_PROBE = """<script>
window.addEventListener("load", function () {
  const charts = Array.from(document.querySelectorAll("img.chart")).map(function (img) {
    return [img.dataset.chart, img.naturalWidth, img.naturalHeight];
  });
  const boards = Array.from(document.querySelectorAll("figure.moment svg")).map(function (svg) {
    const box = svg.getBoundingClientRect();
    return [Math.round(box.width), Math.round(box.height), svg.querySelectorAll("g.piece").length];
  });
  const pre = document.createElement("pre");
  pre.id = "qilab-test";
  pre.textContent = JSON.stringify({ charts: charts, boards: boards, errors: window.__qilabErrors });
  document.body.appendChild(pre);
});
</script>"""

CHECKERS_TOURNAMENT = """name = "browser-test"
game = "configs/games/checkers-2p.toml"
set = ["max_turns=40", "adjudicate=evaluation"]
seed = 4
games_per_lineup = 20
agents = ["random", "mcts:simulations=8"]
"""


def check_report(binary, profile, qilab, source, run_dir, work, name, expected):
    """`qilab report run_dir` in the browser: the charts named `expected` (at least) decoded to
    a real size, the boards drawn, no script error, a screenshot that is not blank."""
    report = os.path.join(work, name + ".html")
    subprocess.run([qilab, "report", run_dir, "--out", report], cwd=source, check=True, stdout=subprocess.DEVNULL)
    html = open(report, encoding="utf-8").read()
    probe_page = os.path.join(work, name + "-probe.html")
    with open(probe_page, "w", encoding="utf-8") as f:
        f.write(html.replace("<head>", "<head>\n" + HEAD_PROBE, 1).replace("</body>", REPORT_PROBE + "\n</body>", 1))
    r = browser(binary, profile, "--virtual-time-budget=5000", "--dump-dom", "file://" + probe_page)
    m = re.search(r'<pre id="qilab-test">(.*?)</pre>', r.stdout, re.S)
    assert m, f"{name} probe wrote nothing; stderr: {r.stderr[-2000:]}"
    found = json.loads(m.group(1).replace("&quot;", '"'))
    charts = found["charts"]
    print(f"{name} charts:", charts, "boards:", found["boards"])
    console = [line for line in r.stderr.splitlines() if "Uncaught" in line]
    assert found["errors"] == [] and console == [], (found["errors"], console)
    assert all(w >= 300 and h >= 200 for _, w, h in charts), charts
    assert set(expected) <= {c[0] for c in charts}, charts
    shot = os.path.join(work, name + ".png")
    browser(binary, profile, "--window-size=1200,1400", "--screenshot=" + shot, "file://" + report)
    colours = png_colours(shot)
    print(f"{name} screenshot: {colours} colours")
    assert colours >= 8, f"{name} screenshot nearly blank: {colours} colours"
    return found


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def browser(binary, profile, *args):
    cmd = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
           "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=180)


def probe(binary, profile, page, work, name):
    """The probe's findings for `page` (a copy with the probes injected), and console errors."""
    html = open(page, encoding="utf-8").read()
    html = html.replace("<head>", "<head>\n" + HEAD_PROBE, 1).replace("</body>", TAIL_PROBE + "\n</body>", 1)
    copy = os.path.join(work, name)
    with open(copy, "w", encoding="utf-8") as f:
        f.write(html)
    r = browser(binary, profile, "--virtual-time-budget=10000", "--dump-dom", "file://" + copy)
    m = re.search(r'<pre id="qilab-test">(.*?)</pre>', r.stdout, re.S)
    assert m, f"{name}: the probe wrote nothing (exit {r.returncode}); stderr: {r.stderr[-2000:]}"
    found = json.loads(m.group(1).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))
    console = [line for line in r.stderr.splitlines() if "Uncaught" in line]
    return found, console


def png_colours(path):
    """Distinct colours of an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    prev = bytearray(stride)
    colours = set()
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 255
        if y % 4 == 0:
            for x in range(0, stride, channels * 2):
                colours.add(bytes(line[x:x + 3]))
        prev = line
    return len(colours)


def main():
    qilab, source = sys.argv[1:3]
    binary = chromium()
    if not binary:
        print("SKIP: Chromium not found (install Debian's chromium: scripts/setup)")
        sys.exit(77)
    with tempfile.TemporaryDirectory() as work:
        profile = os.path.join(work, "profile")
        out = os.path.join(work, "run")
        subprocess.run([qilab, "play", "--game", "configs/games/checkers-2p.toml", "--set", "max_turns=20",
                        "--agents", "random", "--games", "1", "--seed", "5", "--out", out],
                       cwd=source, check=True, stdout=subprocess.DEVNULL)
        page = os.path.join(work, "page.html")
        subprocess.run([qilab, "replay", os.path.join(out, "games.jsonl"), "--out", page], cwd=source, check=True,
                       stdout=subprocess.DEVNULL)

        found, console = probe(binary, profile, page, work, "probe.html")
        s = found["steps"]
        print("probe:", json.dumps(found))
        assert found["errors"] == [] and console == [], (found["errors"], console)
        n = s["count"]
        assert n >= 21 and s["moves"] == n - 1 and s["results"] == 2 and s["svgs"] == 1, s
        assert s["start"] == 0 and s["afterNext"] == 1 and s["nextChanged"], s
        assert s["afterThreeNext"] == 3 and s["afterPrev"] == 2, s
        assert s["afterLast"] == n - 1 and s["lastChanged"] and s["label"] == f"ply {n - 1} / {n - 1}", s
        assert s["afterFirst"] == 0 and s["firstSame"], s
        assert s["afterSlider"] == 5 and s["afterMoveClick"] == 3 and s["afterKey"] == 4, s
        assert s["afterPlay"] >= 2, s  # a step every 400 ms

        # The check itself can fail: a page whose script throws is reported.
        broken = os.path.join(work, "broken.html")
        html = open(page, encoding="utf-8").read()
        with open(broken, "w", encoding="utf-8") as f:
            f.write(html.replace("const data = JSON.parse(", "const data = JSON.parse(undefinedName + ", 1))
        found, console = probe(binary, profile, broken, work, "probe-broken.html")
        assert any("undefinedName" in e for e in found["errors"] + console), (found, console)

        # A screenshot of the page is not blank: the board's colours are on it.
        shot = os.path.join(work, "shot.png")
        browser(binary, profile, "--window-size=1200,900", "--screenshot=" + shot, "file://" + page)
        assert os.path.exists(shot), "no screenshot written"
        colours = png_colours(shot)
        print(f"screenshot: {colours} colours")
        assert colours >= 8, f"screenshot nearly blank: {colours} colours"

        # The report page: its charts are there and drawn (images decoded, not blank).
        if subprocess.run([sys.executable, "-c", "import matplotlib"], capture_output=True).returncode != 0 and \
                subprocess.run(["/usr/bin/python3", "-c", "import matplotlib"], capture_output=True).returncode != 0:
            print("SKIP (report part): no Python with matplotlib (scripts/setup installs python3-matplotlib)")
        else:
            found = check_report(binary, profile, qilab, source, out, work, "report", ["by-seat", "by-agent", "length"])
            assert len(found["charts"]) == 3, found["charts"]
            # A tournament store's report: ratings and boards of decisive moments besides.
            config = os.path.join(work, "tournament.toml")
            with open(config, "w") as f:
                f.write(CHECKERS_TOURNAMENT)
            store = os.path.join(work, "store")
            subprocess.run([qilab, "tournament", "--config", config, "--out", store], cwd=source, check=True,
                           stdout=subprocess.DEVNULL)
            found = check_report(binary, profile, qilab, source, store, work, "store-report",
                                 ["by-seat", "by-agent", "length"])
            assert found["boards"] and all(w >= 200 and h >= 150 and pieces == 20 for w, h, pieces in found["boards"]), \
                found["boards"]
    print("ok")


if __name__ == "__main__":
    main()

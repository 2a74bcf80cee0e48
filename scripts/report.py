#!/usr/bin/python3
"""The report of a `qilab play` run: one self-contained HTML page (charts embedded as PNG) from
DIR/summary.json and DIR/games.jsonl. Run by `qilab report DIR` (apps/qilab/cmd_report.cc);
charts by matplotlib (Debian's python3-matplotlib).

Every rate is shown with its 95% Wilson interval (counted by game, as summary.json gives it)
and its sample size. Bad input is one line on stderr naming the file and field, exit 2.

usage: report.py DIR --out REPORT.html"""
import argparse
import base64
import html
import io
import json
import math
import os
import sys
import tempfile


class BadInput(Exception):
    pass


def load_summary(path):
    try:
        with open(path, encoding="utf-8") as f:
            s = json.load(f)
    except FileNotFoundError:
        raise BadInput(f"{path}: no such file (run 'qilab play ... --out DIR' first)")
    except (OSError, UnicodeDecodeError) as e:
        raise BadInput(f"{path}: cannot read ({e})")
    except json.JSONDecodeError as e:
        raise BadInput(f"{path}: not JSON ({e.msg} at line {e.lineno} column {e.colno})")
    if not isinstance(s, dict):
        raise BadInput(f"{path}: expected a JSON object")

    def need(obj, key, kind, what, where):
        if not isinstance(obj, dict) or key not in obj:
            raise BadInput(f"{path}: field '{where}{key}' missing (expected {what})")
        value = obj[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise BadInput(f"{path}: field '{where}{key}': expected {what}, got {json.dumps(value)[:60]}")
        return value

    need(s, "game", str, "the game id", "")
    need(s, "games", int, "the number of games", "")
    need(s, "seats", int, "the number of seats", "")
    for table, label in (("by_seat", "seat"), ("by_agent", "agent")):
        rows = need(s, table, list, f"a list of {label} tallies", "")
        for i, row in enumerate(rows):
            where = f"{table}[{i}]."
            need(row, label, int if label == "seat" else str, f"the {label}", where)
            need(row, "games", int, "a count of games", where)
            for outcome in ("win", "draw", "loss"):
                r = need(row, outcome, dict, "a tally {count, rate, ci95, effective_n}", where)
                need(r, "count", int, "a count", where + outcome + ".")
                need(r, "rate", (int, float), "a rate 0 to 1", where + outcome + ".")
                ci = need(r, "ci95", list, "an interval [lo, hi]", where + outcome + ".")
                if len(ci) != 2 or not all(isinstance(x, (int, float)) and 0 <= x <= 1 for x in ci) or ci[0] > ci[1]:
                    raise BadInput(f"{path}: field '{where}{outcome}.ci95': expected [lo, hi] within 0..1, got {json.dumps(ci)[:60]}")
                need(r, "effective_n", (int, float), "a number of trials", where + outcome + ".")
    return s


def load_lengths(path):
    """Actions per game, by line; a torn last line (no newline) is skipped as qilab does."""
    lengths = []
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        raise BadInput(f"{path}: no such file (the run's records)")
    except (OSError, UnicodeDecodeError) as e:
        raise BadInput(f"{path}: cannot read ({e})")
    lines = text.split("\n")
    if lines and lines[-1] != "":
        lines = lines[:-1]  # torn
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            raise BadInput(f"{path}:{number}: not JSON ({e.msg})")
        if not isinstance(record, dict) or not isinstance(record.get("actions"), list):
            raise BadInput(f"{path}:{number}: field 'actions' missing (expected a list of action ids)")
        lengths.append(len(record["actions"]))
    if not lengths:
        raise BadInput(f"{path}: no game records")
    return lengths


def png(fig):
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def rate_chart(plt, rows, label_of, title):
    """Win, draw and loss rates per row with their 95% intervals as error bars."""
    fig, ax = plt.subplots(figsize=(7.5, 3.8))
    outcomes = (("win", "#2ca02c"), ("draw", "#9e9e9e"), ("loss", "#d62728"))
    width = 0.26
    for k, (outcome, colour) in enumerate(outcomes):
        xs = [i + (k - 1) * width for i in range(len(rows))]
        rates = [row[outcome]["rate"] for row in rows]
        lo = [max(0.0, row[outcome]["rate"] - row[outcome]["ci95"][0]) for row in rows]
        hi = [max(0.0, row[outcome]["ci95"][1] - row[outcome]["rate"]) for row in rows]
        ax.bar(xs, rates, width, color=colour, label=outcome, yerr=[lo, hi], capsize=3)
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels([f"{label_of(row)}\nn={row['games']} games" for row in rows], fontsize=8)
    ax.set_ylim(0, 1.17)
    ax.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.set_ylabel("rate, 95% Wilson interval")
    ax.set_title(title, fontsize=11)
    ax.legend(fontsize=8, loc="upper center", ncol=3, frameon=False)
    fig.tight_layout()
    return fig


def length_chart(plt, lengths):
    fig, ax = plt.subplots(figsize=(7.5, 3.2))
    bins = min(30, max(5, int(math.sqrt(len(lengths))) + 1))
    ax.hist(lengths, bins=bins, color="#1f77b4", edgecolor="white")
    mean = sum(lengths) / len(lengths)
    ax.axvline(mean, color="#222222", linestyle="--", label=f"mean {mean:.1f}")
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    ax.set_title(f"Game length ({len(lengths)} games)", fontsize=11)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def interval(r):
    return f"{r['rate']:.3f} [{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}]"


def table(rows, label, label_of):
    head = (f"<tr><th>{label}</th><th>games</th><th>win rate [95% CI]</th><th>draw rate [95% CI]</th>"
            "<th>loss rate [95% CI]</th><th>effective n (win)</th></tr>")
    body = "".join(
        f"<tr><td>{html.escape(str(label_of(r)))}</td><td>{r['games']}</td><td>{interval(r['win'])}</td>"
        f"<td>{interval(r['draw'])}</td><td>{interval(r['loss'])}</td><td>{r['win']['effective_n']:.1f}</td></tr>"
        for r in rows)
    return f"<table class=\"rates\">{head}{body}</table>"


def write_atomically(path, text):
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".report-", dir=folder)
    umask = os.umask(0)
    os.umask(umask)
    try:
        os.chmod(tmp, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def build(run_dir, out):
    summary_path = os.path.join(run_dir, "summary.json")
    records_path = os.path.join(run_dir, "games.jsonl")
    s = load_summary(summary_path)
    lengths = load_lengths(records_path)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise BadInput("matplotlib is not installed for " + sys.executable +
                       " (Debian: apt-get install python3-matplotlib; scripts/setup installs it)")
    charts = []
    seat_fig = rate_chart(plt, s["by_seat"], lambda r: f"seat {r['seat']}", "Results by seat")
    charts.append(("by-seat", "Results by seat", png(seat_fig)))
    agent_fig = rate_chart(plt, s["by_agent"], lambda r: r["agent"][:24], "Results by agent (seat-games)")
    charts.append(("by-agent", "Results by agent", png(agent_fig)))
    charts.append(("length", "Game length", png(length_chart(plt, lengths))))
    plt.close("all")

    decisive = s.get("decisive", "?")
    facts = [("game", s["game"]), ("options", json.dumps(s.get("options", {}))), ("seed", s.get("seed", "?")),
             ("games", s["games"]), ("decisive", decisive), ("drawn", s.get("drawn", "?")),
             ("agents", ", ".join(s.get("agents", []))), ("program", s.get("program", "")),
             ("intervals", s.get("intervals", "95% Wilson score intervals counted by game"))]
    fact_rows = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(str(v))}</td></tr>" for k, v in facts)
    chart_html = "".join(
        f"<figure><img class=\"chart\" data-chart=\"{key}\" alt=\"{html.escape(title)}\" "
        f"src=\"data:image/png;base64,{data}\"><figcaption>{html.escape(title)}</figcaption></figure>"
        for key, title, data in charts)
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="generator" content="qilab report">
<title>qilab report: {html.escape(s['game'])}, {s['games']} games</title>
<style>
body {{ font-family: "DejaVu Sans", Arial, sans-serif; margin: 16px; background: #fafaf7; color: #222; }}
table {{ border-collapse: collapse; margin: 8px 0 16px; font-size: 13px; background: #fff; }}
td, th {{ border: 1px solid #ccc; padding: 3px 8px; text-align: left; }}
figure {{ display: inline-block; margin: 6px; background: #fff; border: 1px solid #ddd; }}
figcaption {{ text-align: center; font-size: 12px; padding: 2px; }}
</style></head><body>
<h1>qilab report: {html.escape(s['game'])}, {s['games']} games</h1>
<table class="facts">{fact_rows}</table>
<h2>Charts</h2>
{chart_html}
<h2>By seat</h2>
{table(s['by_seat'], 'seat', lambda r: r['seat'])}
<h2>By agent</h2>
{table(s['by_agent'], 'agent', lambda r: r['agent'])}
<p>Game length: mean {sum(lengths) / len(lengths):.1f} actions, min {min(lengths)}, max {max(lengths)}
({len(lengths)} games in {html.escape(records_path)}).</p>
</body></html>
"""
    write_atomically(out, page)
    return len(charts)


def main():
    parser = argparse.ArgumentParser(description="The report of a qilab play run as one HTML page.")
    parser.add_argument("dir", help="the run's directory (summary.json, games.jsonl)")
    parser.add_argument("--out", required=True, help="the HTML file to write")
    args = parser.parse_args()
    try:
        n = build(args.dir, args.out)
    except BadInput as e:
        print(f"report: {e}", file=sys.stderr)
        sys.exit(2)
    print(f"wrote {args.out} ({n} charts)")


if __name__ == "__main__":
    main()

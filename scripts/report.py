#!/usr/bin/python3
"""The report of a run directory as one self-contained HTML page (charts embedded as PNG, boards
as inline SVG, nothing fetched). Run by `qilab report DIR` (apps/qilab/cmd_report.cc), which
gathers the numbers with the same functions as `qilab stats DIR --json` and `qilab ratings DIR
--json` into the bundle file it passes here; this script reads DIR/summary.json (the run's facts)
and a training run's DIR/metrics.jsonl itself. Charts by matplotlib (Debian's python3-matplotlib);
the pieces live in scripts/qilab_report/. docs/pictures.md describes every section.

Bad input is one line on stderr naming the file and field, exit 2; nothing is written then.

usage: report.py DIR --bundle BUNDLE.json --out REPORT.html"""
import argparse
import json
import os
import sys
import tempfile

sys.dont_write_bytecode = True  # nothing written beside the installed script
sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from qilab_report import charts, sections  # noqa: E402
from qilab_report.inputs import BadInput, load_bundle, load_openings, load_summary, load_training  # noqa: E402
from qilab_report.sections import esc  # noqa: E402

# A game with more variants than this (options drawn per game) shows the largest ones' tables.
MAX_VARIANTS = 4

STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 16px; background: #fafaf7; color: #222; }
table { border-collapse: collapse; margin: 8px 0 16px; font-size: 13px; background: #fff; }
td, th { border: 1px solid #ccc; padding: 3px 8px; text-align: left; vertical-align: top; }
figure { display: inline-block; margin: 6px; background: #fff; border: 1px solid #ddd; vertical-align: top; }
figcaption { text-align: center; font-size: 12px; padding: 2px; max-width: 640px; }
figure.moment .board svg { width: 520px; max-width: 100%; height: auto; display: block; }
p.chi-square { background: #fff; border-left: 4px solid #1f77b4; padding: 4px 8px; }
"""


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


class Page:
    def __init__(self, plt):
        self.plt = plt
        self.body = []
        self.charts = 0

    def add(self, text):
        self.body.append(text)

    def chart(self, key, title, fig, variant=None):
        self.add(sections.figure(key, title, charts.png(fig), variant))
        self.plt.close(fig)
        self.charts += 1


def facts_table(run_dir, summary, bundle):
    facts = [("directory", run_dir)]
    if summary:
        for key in ("tournament", "game", "options", "seed", "games", "decisive", "drawn", "agents", "lineups",
                    "games_per_lineup", "program"):
            if key in summary:
                v = summary[key]
                facts.append((key, v if isinstance(v, (str, int)) else json.dumps(v)))
        facts.append(("intervals", summary.get("intervals", "95% Wilson score intervals counted by game")))
    if bundle.get("records"):
        facts.append(("games read from", bundle["records"]))
    facts.append(("report written by", bundle.get("program", "qilab")))
    return "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in facts)


def variant_section(page, game_id, k, variant, heading):
    t = variant["tables"]
    b = t["balance"]
    tag = f"{game_id}-{k}"
    page.add(f"<h3>{esc(heading)}</h3>")
    page.add(f"<p>Options {esc(json.dumps(variant['options']))}; {t['games']} games, {variant['traced']} "
             f"traced; sides (team of each seat) {esc(json.dumps(t['teams']))}.</p>")
    page.chart("by-seat", f"Results by seat ({game_id})", charts.rate_chart(
        page.plt, b["by_seat"], lambda r: f"seat {r['seat']}", f"Results by seat: {game_id}"), tag)
    seats_are_teams = len(t["by_team"]) == len(b["by_seat"])
    if not seats_are_teams:
        page.chart("by-team", f"Results by side ({game_id})", charts.rate_chart(
            page.plt, t["by_team"], lambda r: f"side {r['team']} (seats {','.join(map(str, r['seats']))})",
            f"Results by side: {game_id}", lambda r: f"n={r['team_games']} games"), tag)
    page.chart("by-agent", f"Results by agent ({game_id})", charts.rate_chart(
        page.plt, b["by_agent"], lambda r: r["agent"][:24], f"Results by agent (seat-games): {game_id}",
        lambda r: f"n={r['in_games']} games"), tag)
    page.add(sections.chi_square(t["seat_equality"]))
    page.add("<h4>By seat</h4>" + sections.tally_table(b["by_seat"], "seat", lambda r: r["seat"]))
    if not seats_are_teams:
        page.add("<h4>By side</h4>" + sections.tally_table(
            t["by_team"], "side", lambda r: f"{r['team']} (seats {','.join(map(str, r['seats']))})"))
    page.add("<h4>By agent</h4>" + sections.tally_table(b["by_agent"], "agent", lambda r: r["agent"]))
    page.add(sections.first_mover(t["first_mover"]))
    page.add("<h4>Outcome metrics</h4>" + sections.metrics_table(t["outcome_metrics"]))


def all_games_section(page, summary):
    """summary.json's tallies over every game, for a run whose games differ in options."""
    page.add(f"<h3>{esc(summary['game'])}, all {summary['games']} games</h3><p>The run's games differ in "
             "their options (variants below); these tallies from summary.json count them all.</p>")
    page.chart("by-seat", "Results by seat (all games)", charts.rate_chart(
        page.plt, summary["by_seat"], lambda r: f"seat {r['seat']}", "Results by seat: all games"), "all")
    page.chart("by-agent", "Results by agent (all games)", charts.rate_chart(
        page.plt, summary["by_agent"], lambda r: r["agent"][:24], "Results by agent (seat-games): all games",
        lambda r: f"n={r.get('in_games', r['games'])} games"), "all")
    page.add("<h4>By seat</h4>" + sections.tally_table(summary["by_seat"], "seat", lambda r: r["seat"]))
    page.add("<h4>By agent</h4>" + sections.tally_table(summary["by_agent"], "agent", lambda r: r["agent"]))


def openings_section(page, o):
    """The race of `qilab openings`: ranking, intervals, the comparison with the runner-up."""
    page.add("<h4>Opening rankings</h4>")
    page.chart("openings", f"Openings ({o['game']})", charts.opening_chart(
        page.plt, o["candidates"], f"Candidates' win rates (grey: eliminated): {o['game']}"))
    rows = [{"rank": c["rank"], "candidate": c["name"], "games": c["games"], "wins": c["wins"],
             "win rate [95% CI]": f"{c['win_rate']:.3f} [{c['ci95'][0]:.3f}, {c['ci95'][1]:.3f}]",
             "out at": "racing" if c.get("eliminated_round") is None else f"round {c['eliminated_round']}",
             "Holm p vs best": "best" if not c.get("vs_best") else f"{c['vs_best']['p_holm']:.3g}"}
            for c in sorted(o["candidates"], key=lambda c: c["rank"])]
    page.add(sections.list_table(rows, "openings"))
    r, u = o["best_vs_runner_up"], o["uniform"]
    verdict = "significant" if r.get("significant") else "not significant"
    page.add(f"<p>Method: {esc(o['method'])}. Test: {esc(o['test'])}. Best {esc(o.get('best', ''))} against "
             f"the runner-up {esc(r.get('runner_up', ''))}: Holm p = {r.get('p_holm', float('nan')):.3g} "
             f"({verdict}); {'decided' if o.get('decided') else 'undecided'} within the budget. Games "
             f"{o.get('games_used', '?')} against {u.get('games', '?')} for uniform allocation "
             f"(ratio {u.get('ratio', float('nan')):.3f}).</p>")


def games_sections(page, bundle, summary, openings=None):
    stats, ratings = bundle["stats"], bundle["ratings"]
    page.add(f"<h2>Balance</h2><p>{stats['records']} games; {esc(stats['intervals'])}. Evaluator trace: "
             f"{stats['trace']['games']} games ({esc(stats['trace']['rule'])}).</p>")
    for g in stats["games"]:
        game_id = g["game"]
        variants = sorted(enumerate(g["variants"]), key=lambda kv: -kv[1]["tables"]["games"])
        if len(variants) > 1 and summary and summary["game"] == game_id and len(stats["games"]) == 1:
            all_games_section(page, summary)
        if len(variants) > MAX_VARIANTS:
            page.add(f"<p>{game_id}: {len(variants)} variants (options drawn per game); the tables of the "
                     f"{MAX_VARIANTS} with the most games follow, the game's analysis counts them all.</p>")
        for k, v in variants[:MAX_VARIANTS]:
            heading = game_id if len(variants) == 1 else f"{game_id}, variant {k + 1} of {len(variants)}"
            variant_section(page, game_id, k, v, heading)
        page.add(f"<h3>{esc(game_id)}: the game's own analysis</h3>")
        a = g.get("analysis")
        if a and a.get("heroes"):
            page.chart("by-hero", f"Win rate by hero ({game_id})", charts.hero_chart(
                page.plt, a["heroes"], f"Win rate by hero (n = sides played): {game_id}"))
        page.add(sections.analysis(a))
        if openings and openings["game"] == game_id:
            openings_section(page, openings)
        else:
            page.add("<h4>Opening rankings</h4><p>No opening search results.</p>")

    page.add("<h2>Game length</h2>")
    for game_id, lengths in bundle["lengths"].items():
        page.chart("length", f"Game length ({game_id})", charts.length_chart(page.plt, lengths,
                                                                               f"Game length: {game_id}"))
        page.add(f"<p>{esc(game_id)}: mean {sum(lengths) / len(lengths):.1f} actions, min {min(lengths)}, "
                 f"max {max(lengths)} ({len(lengths)} games).</p>")

    page.add("<h2>Ratings</h2>")
    for r in ratings["games"]:
        page.add(f"<h3>{esc(r['game'])}</h3>" + sections.ratings(r))

    page.add("<h2>Decisive moments</h2>")
    moments = bundle["moments"]
    if moments:
        page.add(f"<p>Of {moments[0]['scanned']} decided games replayed with the evaluator (sampled evenly), "
                 "those where the eventual winner came from behind, most lead changes first; in each, the "
                 "position after the action from which the winner led to the end (in a game it led throughout: "
                 "after the action that grew its margin the most; the margin is the winner's team value minus "
                 "the best other team's).</p>")
        page.add("".join(sections.moment(m) for m in moments))
    else:
        page.add("<p>No decided game to draw.</p>")


def training_sections(page, t):
    page.add("<h2>Training</h2>")
    run = t["run"]
    if run:
        page.add(f"<p>Run {esc(json.dumps(run)[:400])}; events from {esc(t['path'])}.</p>")
    if t["train"]:
        page.chart("loss", "Training losses", charts.loss_chart(page.plt, t["train"]))
        last = t["train"][-1]
        page.add(f"<p>Last step {last['step']}: loss {last['loss']:.4f} (policy {last['policy_loss']:.4f}, "
                 f"value {last['value_loss']:.4f}).</p>")
    else:
        page.add("<p>No trainer step logged yet.</p>")
    # A gating or baseline match is logged after its iteration's steps: place it at the last step.
    step_of = {}
    for e in t["train"]:
        step_of[e.get("iteration")] = e["step"]
    series = []
    for kind, colour, label in (("baseline", "#d62728", "against the baseline"),
                                ("gating", "#1f77b4", "against the best network (gating)")):
        points = [(step_of.get(e["iteration"], e["iteration"]), e) for e in t[kind]]
        if points:
            if kind == "baseline":
                label = f"against {t[kind][0].get('baseline', 'the baseline')}"
            series.append((label, colour, points))
    if series:
        page.chart("strength", "Strength by step", charts.strength_chart(page.plt, series))
        rows = []
        for label, _, points in series:
            for step, e in points:
                r = e["result"]
                rows.append({"opponent": label, "iteration": e["iteration"], "step": step, "games": r["games"],
                             "wins": r.get("wins"), "draws": r.get("draws"), "losses": r.get("losses"),
                             "score [95% CI]": f"{r['score']:.3f} [{r['interval95'][0]:.3f}, "
                                               f"{r['interval95'][1]:.3f}]",
                             "promoted": e.get("promoted", "")})
        page.add(sections.list_table(rows, "strength"))
    else:
        page.add("<p>No gating or baseline games logged.</p>")


def build(run_dir, bundle_path, out):
    bundle = load_bundle(bundle_path)
    summary_path = os.path.join(run_dir, "summary.json")
    summary = load_summary(summary_path) if os.path.exists(summary_path) else None
    training = load_training(run_dir)
    try:
        plt = charts.pyplot()
    except ImportError:
        raise BadInput("matplotlib is not installed for " + sys.executable +
                       " (Debian: apt-get install python3-matplotlib; scripts/setup installs it)")
    page = Page(plt)
    if bundle["stats"] is not None:
        games_sections(page, bundle, summary, load_openings(run_dir))
    if training is not None:
        training_sections(page, training)
    title = summary.get("tournament", summary["game"]) if summary else os.path.basename(os.path.normpath(run_dir))
    n = f", {bundle['stats']['records']} games" if bundle["stats"] is not None else ""
    text = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="generator" content="qilab report">
<title>qilab report: {esc(title)}{n}</title>
<style>{STYLE}</style></head><body>
<h1>qilab report: {esc(title)}{n}</h1>
<table class="facts">{facts_table(run_dir, summary, bundle)}</table>
{"".join(page.body)}
</body></html>
"""
    write_atomically(out, text)
    return page.charts


def main():
    parser = argparse.ArgumentParser(description="The report of a qilab run directory as one HTML page.")
    parser.add_argument("dir", help="the run's directory")
    parser.add_argument("--bundle", required=True, help="the numbers qilab report gathered (JSON)")
    parser.add_argument("--out", required=True, help="the HTML file to write")
    args = parser.parse_args()
    try:
        n = build(args.dir, args.bundle, args.out)
    except BadInput as e:
        print(f"report: {e}", file=sys.stderr)
        sys.exit(2)
    print(f"wrote {args.out} ({n} charts)")


if __name__ == "__main__":
    main()

"""The report's HTML sections: tables of tallies, the chi-square result, first mover and outcome
metrics, each game's own analysis, the ratings, the decisive moments and the training run.
Every rate is written `rate [lo, hi]` (95% interval) with its sample size."""
import html
import json


def esc(x):
    return html.escape(str(x))


def interval(r):
    return f"{r['rate']:.3f} [{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}]"


def figure(key, title, data, variant=None):
    extra = f' data-variant="{variant}"' if variant is not None else ""
    return (f'<figure><img class="chart" data-chart="{key}"{extra} alt="{esc(title)}" '
            f'src="data:image/png;base64,{data}"><figcaption>{esc(title)}</figcaption></figure>')


def tally_table(rows, label, label_of):
    head = (f"<tr><th>{esc(label)}</th><th>games</th><th>win rate [95% CI]</th><th>draw rate [95% CI]</th>"
            "<th>loss rate [95% CI]</th><th>effective n (win)</th></tr>")
    body = "".join(
        f"<tr><td>{esc(label_of(r))}</td><td>{r['games']}</td><td>{interval(r['win'])}</td>"
        f"<td>{interval(r['draw'])}</td><td>{interval(r['loss'])}</td><td>{r['win']['effective_n']:.1f}</td></tr>"
        for r in rows)
    return f'<table class="rates">{head}{body}</table>'


def chi_square(eq):
    cat = eq["categories"]
    wins = ", ".join(f"{cat} {i}: {w}" for i, w in enumerate(eq["wins"]))
    method = eq.get("method", "Pearson chi-square")
    name = {"Pearson chi-square": "Pearson chi-square test",
            "exact multinomial": "Exact multinomial test (under 5 wins expected per category, where the "
                                 "chi-square approximation fails; the statistic is the same)"}.get(method, method)
    return (f'<p class="chi-square">{esc(name)} (H0: {esc(eq["tests"])}): '
            f'chi-square = {eq["statistic"]:.3f}, df = {eq["df"]}, p = {eq["p_value"]:.4g} '
            f'over {eq["games"]} games with one winning {esc(cat)} ({eq["left_out"]} left out: '
            f'{esc(eq["observations"])}); wins {esc(wins)}; expected {eq["expected_per_category"]:.1f} '
            f'per {esc(cat)}.</p>')


def value(v):
    """One cell: a rate R, a total T, a mean, a number, or a small object, in words."""
    if isinstance(v, dict):
        if "rate" in v and "ci95" in v:
            n = v.get("games", v.get("effective_n"))
            n = f"{n:.1f}" if isinstance(n, float) else n
            return f"{interval(v)} ({v.get('count', '?')} of {n})"
        if "total" in v and "per_game" in v:
            return f"{v['total']} in {v['games']} games ({v['per_game']:.3f} a game)"
        if "mean" in v and "games" in v:
            return f"mean {v['mean']:.1f} (min {v.get('min')}, max {v.get('max')}; {v['games']} games)"
        return "; ".join(f"{k}: {value(x)}" for k, x in v.items())
    if isinstance(v, float):
        return f"{v:.4g}"
    if isinstance(v, list):
        return "[" + ", ".join(value(x) for x in v) + "]"
    return str(v)


def object_table(obj, css="facts"):
    rows = "".join(f"<tr><th>{esc(k)}</th><td>{esc(value(v))}</td></tr>" for k, v in obj.items())
    return f'<table class="{css}">{rows}</table>'


def list_table(rows, css="analysis"):
    keys = []
    for r in rows:
        for k in r:
            if k not in keys:
                keys.append(k)
    head = "".join(f"<th>{esc(k)}</th>" for k in keys)
    body = "".join("<tr>" + "".join(f"<td>{esc(value(r.get(k, '')))}</td>" for k in keys) + "</tr>" for r in rows)
    return f'<table class="{css}"><tr>{head}</tr>{body}</table>'


def first_mover(fm):
    return (f"<p>First mover: wins {esc(value(fm['win']))}; among {fm['decided_games']} decided games "
            f"{fm['win_given_decided']:.3f} against an equal share of {fm['equal_share']:.3f}: advantage "
            f"{fm['advantage']:+.3f} [{fm['advantage_ci95'][0]:+.3f}, {fm['advantage_ci95'][1]:+.3f}].</p>")


def metrics_table(m):
    rows = [
        ("balance", f"{m['balance']['value']:.3f} ({m['balance']['games']} games)"),
        ("advantage P1", f"{m['advantage_p1']['value']:.3f} ({m['advantage_p1']['games']} games)"),
        ("completion", value(m["completion"]) if m["completion"] else "not known"),
        ("drawishness", value(m["drawishness"]) if m["drawishness"] else "not known"),
        ("timeouts", value(m["timeouts"]) if m["timeouts"] else "not known"),
        ("duration", f"{m['duration']['actions']:.1f} actions, {m['duration']['decisions']:.1f} decisions "
                     f"({m['duration']['games']} games)"),
        ("branching factor", f"{m['branching_factor']['value']:.2f} ({m['branching_factor']['decisions']} "
                             f"decisions in {m['branching_factor']['games']} traced games)"),
        ("decisiveness", f"{m['decisiveness']['value']:.3f} ({m['decisiveness']['games']} traced decided games)"),
        ("lead changes", f"{m['lead_changes']['value']:.4f} per position ({m['lead_changes']['games']} traced games)"),
        ("drama", f"{m['drama']['value']:.4f}, winner behind in {m['drama']['behind']:.3f} of positions "
                  f"({m['drama']['games']} traced decided games)"),
    ]
    body = "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in rows)
    return f'<table class="metrics">{body}</table>'


def analysis(a):
    """A game's own analysis (qilab stats): lists of rows as tables, the rest as one table."""
    if not a:
        return "<p>This game has no analysis of its own.</p>"
    parts, rest = [], {}
    for key, v in a.items():
        if isinstance(v, list) and v and all(isinstance(r, dict) for r in v):
            parts.append(f"<h4>{esc(key.replace('_', ' '))}</h4>" + list_table(v))
        else:
            rest[key] = v
    return object_table(rest, "analysis") + "".join(parts)


def fit_table(fit, name):
    if fit is None:
        return ""
    if not fit.get("fitted"):
        return f"<p>{esc(name)}: not fitted ({esc(fit.get('reason', 'no reason given'))}).</p>"
    head = ("<tr><th>agent</th><th>games</th><th>theta</th><th>se</th><th>theta 95% CI</th><th>Elo</th>"
            "<th>Elo 95% CI</th></tr>")

    def num(x, f="{:.3f}"):
        return "n/a" if x is None else f.format(x)

    def ci(c, f="{:.3f}"):
        return "n/a" if not c or c[0] is None else f"[{f.format(c[0])}, {f.format(c[1])}]"

    body = "".join(
        f"<tr><td>{esc(p['agent'])}</td><td>{p['games']}</td><td>{num(p.get('theta'))}</td>"
        f"<td>{num(p.get('se'))}</td><td>{ci(p.get('ci95'))}</td><td>{num(p.get('elo'), '{:.0f}')}</td>"
        f"<td>{ci(p.get('elo_ci95'), '{:.0f}')}</td></tr>"
        for p in fit["players"])
    facts = (f"{fit.get('games')} games, reference {esc(fit.get('reference'))} (theta 0), "
             f"log-likelihood {num(fit.get('log_likelihood'))}, {fit.get('iterations')} iterations")
    return f'<h4>{esc(name)}</h4><p>{facts}</p><table class="ratings">{head}{body}</table>'


def ratings(r):
    parts = [f"<p>{r['games']} games, agents {esc(', '.join(r['agents']))}; left out: "
             f"{esc(value(r.get('left_out', {})))}.</p>"]
    parts.append(fit_table(r.get("bradley_terry"), "Bradley-Terry (Elo scale)"))
    parts.append(fit_table(r.get("plackett_luce"), "Plackett-Luce"))
    if r.get("junqi_ladder"):
        parts.append("<h4>Junqi ladder</h4>" + list_table(r["junqi_ladder"], "ladder"))
    if not r.get("bradley_terry") and not r.get("plackett_luce"):
        parts.append("<p>No rating fitted: the games give no comparison between agents.</p>")
    return "".join(parts)


def moment(m):
    mover = "chance" if m["mover"] < 0 else f"seat {m['mover']}"
    caption = (f"{m['game']} game {m['index']}, after ply {m['ply']}: {mover} played {m['move']} ({m['rule']}); "
               f"the winner's margin (team {m['winner_team']}) went {m['margin_before']:+.3f} to "
               f"{m['margin_after']:+.3f} "
               f"({m['lead_changes']} lead changes over {m['positions']} positions; agents "
               f"{', '.join(m['agents'])}; returns {json.dumps(m['returns'])}); drawn as the referee sees it, "
               "hidden pieces shown")
    # Inline in HTML the <svg> element needs no namespace declaration (the parser gives it), and
    # the page then names no address at all.
    svg = m["svg"].replace(' xmlns="http://www.w3.org/2000/svg"', "", 1)
    return (f'<figure class="moment" data-game-index="{m["index"]}" data-ply="{m["ply"]}">'
            f'<div class="board">{svg}</div><figcaption>{esc(caption)}</figcaption></figure>')

"""The report's charts, drawn by matplotlib (Agg) and embedded as PNG: rates with their 95%
intervals as error bars, the game-length histogram, training losses and strength by step."""
import base64
import io
import math

OUTCOMES = (("win", "#2ca02c"), ("draw", "#9e9e9e"), ("loss", "#d62728"))


def pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def png(fig):
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    fig.clf()
    return base64.b64encode(buf.getvalue()).decode("ascii")


def errors(rates, intervals):
    lo = [max(0.0, r - ci[0]) for r, ci in zip(rates, intervals)]
    hi = [max(0.0, ci[1] - r) for r, ci in zip(rates, intervals)]
    return [lo, hi]


def rate_chart(plt, rows, label_of, title, n_of=lambda r: f"n={r['games']} games"):
    """Win, draw and loss rates per row (tallies) with their 95% intervals as error bars."""
    fig, ax = plt.subplots(figsize=(max(7.5, 1.1 * len(rows) + 2), 3.8))
    width = 0.26
    for k, (outcome, colour) in enumerate(OUTCOMES):
        xs = [i + (k - 1) * width for i in range(len(rows))]
        rates = [row[outcome]["rate"] for row in rows]
        ax.bar(xs, rates, width, color=colour, label=outcome,
               yerr=errors(rates, [row[outcome]["ci95"] for row in rows]), capsize=3)
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels([f"{label_of(row)}\n{n_of(row)}" for row in rows], fontsize=8)
    ax.set_ylim(0, 1.17)
    ax.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.set_ylabel("rate, 95% Wilson interval")
    ax.set_title(title, fontsize=11)
    ax.legend(fontsize=8, loc="upper center", ncol=3, frameon=False)
    fig.tight_layout()
    return fig


def opening_chart(plt, candidates, title):
    """Each candidate's win rate with its 95% Wilson interval, in rank order; eliminated ones grey."""
    rows = sorted(candidates, key=lambda c: c["rank"])
    fig, ax = plt.subplots(figsize=(max(7.5, 0.7 * len(rows) + 2), 3.8))
    rates = [c["win_rate"] for c in rows]
    colours = ["#1f77b4" if c.get("eliminated_round") is None else "#999999" for c in rows]
    ax.bar(range(len(rows)), rates, 0.6, color=colours, yerr=errors(rates, [c["ci95"] for c in rows]), capsize=3)
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels([f"{c['name'][:18]}\nn={c['games']}" for c in rows], fontsize=7, rotation=0)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("win rate, 95% Wilson interval")
    ax.set_title(title, fontsize=11)
    fig.tight_layout()
    return fig


def hero_chart(plt, heroes, title):
    """elements: each hero's win rate (its side's games) with the 95% interval; n = side-games."""
    rows = sorted(heroes, key=lambda h: -h["win_rate"])
    fig, ax = plt.subplots(figsize=(max(7.5, 0.7 * len(rows) + 2), 3.8))
    rates = [h["win_rate"] for h in rows]
    ax.bar(range(len(rows)), rates, 0.6, color="#1f77b4", yerr=errors(rates, [h["win_ci95"] for h in rows]),
           capsize=3)
    ax.axhline(0.5, color="#555555", linestyle=":", linewidth=1)
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels([f"{h['hero']}\nn={h['sides']}" for h in rows], fontsize=8)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("win rate, 95% Wilson interval")
    ax.set_title(title, fontsize=11)
    fig.tight_layout()
    return fig


def length_chart(plt, lengths, title="Game length"):
    fig, ax = plt.subplots(figsize=(7.5, 3.2))
    bins = min(30, max(5, int(math.sqrt(len(lengths))) + 1))
    ax.hist(lengths, bins=bins, color="#1f77b4", edgecolor="white")
    mean = sum(lengths) / len(lengths)
    ax.axvline(mean, color="#222222", linestyle="--", label=f"mean {mean:.1f}")
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    ax.set_title(f"{title} ({len(lengths)} games)", fontsize=11)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def loss_chart(plt, train):
    """Total, policy and value loss per trainer step."""
    fig, ax = plt.subplots(figsize=(7.5, 3.6))
    steps = [e["step"] for e in train]
    for key, colour in (("loss", "#222222"), ("policy_loss", "#1f77b4"), ("value_loss", "#d62728")):
        ax.plot(steps, [e[key] for e in train], color=colour, linewidth=1.2, marker="." if len(steps) < 40 else None,
                label=key.replace("_", " "))
    ax.set_xlabel("trainer step")
    ax.set_ylabel("loss")
    ax.set_title(f"Training losses ({len(steps)} steps)", fontsize=11)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def strength_chart(plt, series):
    """Score per iteration against each opponent (gating: the best network; the baseline agent),
    with the logged 95% interval; `series` is [(label, colour, [(step, event)])]."""
    fig, ax = plt.subplots(figsize=(7.5, 3.6))
    for label, colour, points in series:
        xs = [step for step, _ in points]
        scores = [e["result"]["score"] for _, e in points]
        ax.errorbar(xs, scores, yerr=errors(scores, [e["result"]["interval95"] for _, e in points]), color=colour,
                    marker="o", capsize=3, label=label)
        for x, (_, e) in zip(xs, points):
            ax.annotate(f"n={e['result']['games']}", (x, e["result"]["score"]), textcoords="offset points",
                        xytext=(4, -12), fontsize=7, color=colour)
    ax.axhline(0.5, color="#555555", linestyle=":", linewidth=1)
    ax.set_ylim(0, 1.05)
    ax.set_xlabel("trainer step at the end of the iteration")
    ax.set_ylabel("candidate's score, 95% interval")
    ax.set_title("Strength by step", fontsize=11)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig

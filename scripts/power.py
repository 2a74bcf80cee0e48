#!/usr/bin/env python3
"""Reads `qilab stats --json` on stdin and prints, per variant, the chi-square test of seat (or
side) equality with the effect size it observed (Cohen's w = sqrt(chi2 / n), n decided games) and
how many decided games that effect needs to be found at 80% power with alpha = 0.05:
n = lambda / w^2, lambda the noncentrality at which a chi-square test of df degrees of freedom
has power 0.80 (Cohen 1988, Statistical Power Analysis, table 7.4.15).
"""
import json
import math
import sys

# Noncentrality giving power 0.80 at alpha 0.05, by degrees of freedom (Cohen 1988, 7.4.15).
LAMBDA_80 = {1: 7.85, 2: 9.64, 3: 10.90, 4: 11.94, 5: 12.83}


def power_line(eq):
    n, chi2, df, p = eq["games"], eq["statistic"], eq["df"], eq["p_value"]
    head = f"- {eq['categories']} equality: chi-square {chi2:.2f}, df {df}, p = {p:.3g}, over {n} decided games"
    if n == 0 or df not in LAMBDA_80:
        return head + "."
    w = math.sqrt(chi2 / n)
    if w == 0:
        return head + "; the observed effect is zero: no number of games would find it."
    need = math.ceil(LAMBDA_80[df] / (w * w))
    verdict = "this run has enough" if n >= need else f"{need - n} more than this run"
    return head + f"; effect w = {w:.3f}, which needs about {need} decided games for 80% power ({verdict})."


MIN_GAMES = 30  # variants with fewer decided games (one per game where options are drawn) are left out


def main():
    try:
        stats = json.load(sys.stdin)
        stats["games"][0]["variants"]
    except (json.JSONDecodeError, KeyError, IndexError, TypeError) as e:
        print(f"power.py: standard input: expected the JSON of `qilab stats --json` ({e})", file=sys.stderr)
        sys.exit(2)
    for game in stats["games"]:
        small = 0
        for k, variant in enumerate(game["variants"]):
            eq = variant["tables"].get("seat_equality")
            if eq is None:
                continue
            if eq["games"] < MIN_GAMES:
                small += 1
                continue
            label = f"{game['game']}" + (f" variant {k}" if len(game["variants"]) > 1 else "")
            print(f"Power ({label}):")
            print(power_line(eq))
        if small:
            print(f"- {small} variant(s) of {game['game']} with fewer than {MIN_GAMES} decided games: no power line.")


if __name__ == "__main__":
    main()

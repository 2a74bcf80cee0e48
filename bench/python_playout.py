#!/usr/bin/env python3
"""Random playouts on 6-player checkers driven from Python through the qilab module: the loop
legal_actions() (a NumPy int32 array), a uniform pick with qilab.Rng, apply(). Prints actions/s
and the cost of each call; compare with bench_checkers --benchmark_filter=BM_RandomPlayout/6, the
same loop in C++ (docs/performance.md). Times are CPU time (time.process_time), as Google
Benchmark reports, so that the two compare on a loaded machine. Run: PYTHONPATH=build/python python3 bench/python_playout.py"""
import sys
import time

import qilab


def playouts(game, seconds):
    rng = qilab.Rng(1)
    actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(int(legal[rng.below(len(legal))]))
            actions += 1
    return actions, time.process_time() - start


def per_call(label, fn, n=200000):
    start = time.process_time()
    for _ in range(n):
        fn()
    return label, (time.process_time() - start) / n * 1e6


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    game = qilab.load_game("checkers", players=6)
    actions, elapsed = playouts(game, seconds)
    print(f"python random playouts, 6-player checkers: {actions / elapsed / 1e6:.3f} M actions/s "
          f"({actions} actions in {elapsed:.1f} s)")
    state = game.new_initial_state()
    rng = qilab.Rng(2)
    for _ in range(60):  # a mid-game position
        legal = state.legal_actions()
        state.apply(int(legal[rng.below(len(legal))]))
    legal = state.legal_actions()
    for label, us in (
        per_call("current_player()", state.current_player),
        per_call("is_terminal()", state.is_terminal),
        per_call("legal_actions() (NumPy int32)", state.legal_actions),
        per_call("rng.below(n)", lambda: rng.below(len(legal))),
        per_call("clone()", state.clone),
    ):
        print(f"  {label:32s} {us:.3f} us per call")


if __name__ == "__main__":
    main()

"""Computer-player speed in CPython: search nodes per second and the depth
completed in 1 s from the start of each game (Lines of Action first, the
issue's target being depth 5 within 1 s), the time of a fixed depth-5 search
from the LOA start, and the cost of one evaluation per game.

Run: ``PYTHONPATH=py python3 bench/bench_ai.py [--quick]``."""

from __future__ import annotations

import random
import sys
import time

import gamut
import gamut.ai
from gamut.ai.montecarlo import MonteCarlo
from gamut.ai.search import AlphaBeta

GAMES = [("loa", None), ("el", None), ("escabel", None), ("evl", None), ("el", "three-player")]


def midgame(game, variant, plies=8, seed=1):
    """A position a few random plies in (evaluations of the empty EL board
    say little)."""
    s = gamut.new(game, variant)
    rng = random.Random(seed)
    for _ in range(plies):
        if s.outcome() is not None:
            break
        s = s.play(rng.choice(s.legal_moves()))
    return s


def search_for(state, seconds=1.0):
    kind = gamut.ai.search_kind(state)
    search = AlphaBeta(state, seed=0) if kind == "alphabeta" else MonteCarlo(state, seed=0)
    t0 = time.perf_counter()
    while not search.done and time.perf_counter() - t0 < seconds:
        search.step(50)
    return kind, search, time.perf_counter() - t0


def main(argv) -> int:
    quick = "--quick" in argv
    print("Search from the start position, 1 s in slices of 50 ms:")
    for game, variant in GAMES:
        s = gamut.new(game, variant)
        kind, search, dt = search_for(s, 0.5 if quick else 1.0)
        name = game + (f" {variant}" if variant else "")
        if kind == "alphabeta":
            print(
                f"  {name:18} alpha-beta  depth {search.depth_done:2}  "
                f"{search.nodes:7} nodes  {search.nodes / dt:8.0f} nodes/s  "
                f"best {s.move_text(search.best_move)}"
            )
        else:
            print(
                f"  {name:18} monte-carlo {search.iterations:6} simulations  "
                f"{search.iterations / dt:8.0f} sims/s  best {s.move_text(search.choice())}"
            )
    s = gamut.new("loa")
    a = AlphaBeta(s, max_depth=5, seed=0)
    t0 = time.perf_counter()
    a.run()
    dt = time.perf_counter() - t0
    verdict = "met" if dt <= 1.0 else "missed"
    print(
        f"LOA start, depth 5: {dt:.2f} s, {a.nodes} nodes ({a.nodes / dt:.0f} nodes/s); target 1 s {verdict}"
    )
    print("Each level ten plies into each game (its budget, the depth reached, the time):")
    for game, variant in GAMES:
        st = midgame(game, variant, plies=10, seed=3)
        row = []
        for name, lv in gamut.ai.LEVELS.items():
            search = gamut.ai.start(st, name, seed=1)
            t0 = time.perf_counter()
            search.run()
            dt = time.perf_counter() - t0
            reach = f"d{search.depth_done}" if hasattr(search, "depth_done") else f"{search.iterations}s"
            row.append(f"{name} {lv.budget(st):6} {reach:>4} {dt:5.2f}s")
        label = game + (f" {variant}" if variant else "")
        print(f"  {label:18} " + " | ".join(row))
        if quick:
            break
    print("One evaluation, a few plies into the game:")
    for game, variant in GAMES[:4]:
        st = midgame(game, variant)
        n = 300 if quick else 2000
        module = sys.modules.get(f"gamut.{game}_eval")
        caches = [
            c for c in (getattr(module, "_TERMS", None), getattr(module, "_FEATURES", None)) if c is not None
        ]
        t0 = time.perf_counter()
        for _ in range(n):
            for cache in caches:
                cache.clear()  # the uncached cost
            st.evaluate()
        print(f"  {game:18} {1e6 * (time.perf_counter() - t0) / n:7.1f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

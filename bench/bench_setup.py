"""The position editor's engine work: how long one edit takes to check.

Every edit in the page's editor sends the whole description of the position
to the bridge's ``setup_check`` (gamut.setup.check): the shapes are checked,
the game composes the position (or says what is wrong), its text is read back,
and its view (or a sketch) is drawn.  This prints the median time of one
check for a crowded position of every game and variant, as described after
random play and then edited (its history dropped), valid or not.

Run as ``PYTHONPATH=py python3 bench/bench_setup.py`` (``python3 build.py
bench`` runs every ``bench/bench_*.py``).  Figures are for this interpreter;
expect Pyodide to be 1.4-1.9x slower.
"""

from __future__ import annotations

import functools
import json
import random
import statistics
import time

import gamut
from gamut import bridge, setup


def crowded(game: str, variant: str, plies: int, seed: int = 1):
    """The position after up to ``plies`` random moves, one before the end
    if the game ends (a full board is the editor's worst case)."""
    rng = random.Random(seed)
    state = gamut.new(game, variant)
    for _ in range(plies):
        moves = state.legal_moves()
        if not moves:
            break
        after = state.play(rng.choice(moves))
        if after.outcome() is not None:
            break
        state = after
    return state


def median_ms(fn, rounds: int = 40) -> float:
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main():
    print("setup_check of an edited position (median of 40, through the bridge's JSON):")
    for info in gamut.GAMES.values():
        for variant in info.variants:
            state = crowded(info.id, variant.id, 200)
            description = setup.describe(state)
            description["extra"] = {}
            params = json.dumps({"setup": description})
            answer = json.loads(bridge.handle("setup_check", params))["result"]
            ms = median_ms(functools.partial(bridge.handle, "setup_check", params))
            verdict = "valid" if answer["problem"] is None else "refused"
            print(
                f"  {info.name:16} {variant.id:14} {len(description['cells']):3} cells filled, "
                f"{verdict:7} {ms:6.2f} ms"
            )


if __name__ == "__main__":
    main()

"""Rate puzzles by measurement: ``python tools/puzzles/rate.py FILE [--out
FILE] [--reps R] [--sample N]`` (run with ``PYTHONPATH=py:.``).

A puzzle's rating is where on the game's Elo scale of computer levels
(:data:`gamut.ai.ratings.RATINGS`, bench/RATINGS.md) a player solves it
half the time.  Each level of the game's ladder (:func:`gamut.ai.ladder`),
weakest first, plays the puzzle: at each of the solver's steps it chooses
its move (:func:`gamut.ai.choose`) and the puzzle is solved only when every
choice is the solution's move (the opponent's replies are the line's).  A
noisy level plays it ``R`` times with different seeds; a noiseless level
(the same move for any seed) plays it once and its result counts ``R``
times.  The climb stops once two levels in a row solved every time: the
levels above are counted as solving.  The random mover, whose chance is
exact (one over the legal moves at each step, multiplied), anchors the
bottom with ``R`` virtual tries.

The rating ``D`` maximises the Elo likelihood of those results, a level
rated ``L`` solving with probability ``1 / (1 + 10 ** ((D - L) / 400))``,
with a weak prior (normal, mean :data:`PRIOR_MEAN`, deviation
:data:`PRIOR_SD`) that keeps a puzzle every level solves, or none does,
finite; it is rounded to 10 and kept in 400-3000.

``--agree LEVEL`` first drops every EVL gain puzzle whose move that
(noiseless) level does not play: a gain is proved best only over the next
two plies, and a gain the engine's own search would not choose is not
clearly the best move (those were rated near 2500, by no level solving
them, which says nothing of their difficulty).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

from gamut.ai import choose, ladder
from gamut.ai.ratings import RATINGS
from gamut.puzzles.puzzle import Puzzle, read, write

#: The random mover's rating per game (bench/RATINGS.md; not in the
#: shipped table, where no level is the random mover).
RANDOM = {"loa": 346, "escabel": 526, "evl": 318, "el": 255}
PRIOR_MEAN = 1500.0
PRIOR_SD = 700.0


def solves(puzzle: Puzzle, level: str, seed: int) -> bool:
    """Whether ``level`` (seeded) plays every solver move of the line."""
    state = puzzle.position_after(1)
    for text in puzzle.moves[1:]:
        if state.to_move == puzzle.player:
            move = choose(state, level, seed=seed)
            if state.move_text(move) != text:
                return False
        state = state.play_text(text)
    return True


def random_chance(puzzle: Puzzle) -> float:
    """The chance that a random mover plays the whole solution."""
    state = puzzle.position_after(1)
    p = 1.0
    for text in puzzle.moves[1:]:
        if state.to_move == puzzle.player:
            p /= max(1, len(state.legal_moves()))
        state = state.play_text(text)
    return p


def trials(puzzle: Puzzle, reps: int) -> list[tuple[str, int, int]]:
    """``[(level, solved, tries)]`` up the ladder (see the module's docstring)."""
    results: list[tuple[str, int, int]] = []
    perfect = 0
    for lv in ladder(puzzle.game):
        if lv.name not in RATINGS[puzzle.game]:
            continue
        if perfect >= 2:
            results.append((lv.name, reps, reps))
            continue
        state = puzzle.position_after(1)
        noisy = lv.noise_in(state) > 0
        runs = reps if noisy else 1
        won = sum(solves(puzzle, lv.name, seed) for seed in range(1, runs + 1))
        solved = won * reps // runs
        results.append((lv.name, solved, reps))
        perfect = perfect + 1 if solved == reps else 0
    return results


def fit(game: str, results: list[tuple[str, int, int]], chance: float, reps: int) -> int:
    """The maximum a posteriori rating of the results (module docstring)."""
    table = RATINGS[game]
    obs = [(float(table[name][0]), float(k), float(n)) for name, k, n in results]
    obs.append((float(RANDOM[game]), chance * reps, float(reps)))

    def loglik(d: float) -> float:
        total = -0.5 * ((d - PRIOR_MEAN) / PRIOR_SD) ** 2
        for rating, k, n in obs:
            p = 1.0 / (1.0 + 10 ** ((d - rating) / 400.0))
            p = min(max(p, 1e-9), 1 - 1e-9)
            total += k * math.log(p) + (n - k) * math.log(1 - p)
        return total

    best = max(range(400, 3001, 5), key=loglik)
    return int(round(best / 10.0) * 10)


def rate(puzzle: Puzzle, reps: int) -> tuple[int, list[tuple[str, int, int]]]:
    results = trials(puzzle, reps)
    return fit(puzzle.game, results, random_chance(puzzle), reps), results


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("file")
    p.add_argument("--out", help="the rated file (default: only print)")
    p.add_argument("--reps", type=int, default=4)
    p.add_argument("--agree", help="drop the gain puzzles this level does not solve")
    p.add_argument("--sample", type=int, default=0, help="rate every n-th puzzle only (a cost estimate)")
    args = p.parse_args(argv)
    with open(args.file, encoding="utf-8") as f:
        puzzles = read(f.read())
    if args.agree:
        puzzles = [p for p in puzzles if not p.gain() or solves(p, args.agree, 1)]
        print(f"{len(puzzles)} puzzles kept: the gains {args.agree} agrees with", file=sys.stderr)
    chosen = puzzles[:: args.sample] if args.sample else puzzles
    t_all = time.process_time()
    for i, puzzle in enumerate(chosen, 1):
        t0 = time.process_time()
        puzzle.rating, results = rate(puzzle, args.reps)
        said = " ".join(f"{name}:{k}/{n}" for name, k, n in results)
        print(
            f"{puzzle.id} turns={puzzle.solver_turns} rating={puzzle.rating} "
            f"({time.process_time() - t0:.1f} CPU s) {said}",
            file=sys.stderr,
            flush=True,
        )
        if args.out and i % 20 == 0:
            _write(args.out, puzzles)
    spent = time.process_time() - t_all
    print(
        f"{len(chosen)} puzzles rated in {spent:.0f} CPU s ({spent / max(1, len(chosen)):.1f} s each)",
        file=sys.stderr,
    )
    if args.out:
        _write(args.out, puzzles)
    return 0


def _write(name: str, puzzles: list[Any]) -> None:
    with open(name, "w", encoding="utf-8") as f:
        f.write(write(puzzles))


if __name__ == "__main__":
    sys.exit(main())

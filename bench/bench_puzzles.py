"""Puzzle generation speed (#30): per game, puzzles per CPU minute and the
share of candidate positions kept, from the generator of
``tools/puzzles/generate.py`` run for a fixed CPU budget with a fixed seed
(every puzzle counted has passed the checker).

Run as ``PYTHONPATH=py python3 bench/bench_puzzles.py [--seconds S]``
(``python3 build.py bench`` runs every ``bench/bench_*.py``).  A candidate is
a position after a move of a self-play game, the side to move not having
lost; the figures move with the games played, so compare runs of one seed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tools.puzzles

from tools.puzzles.generate import SETUPS, Tally, generate


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=15.0, help="CPU seconds per game (default 15)")
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args(argv)
    print(f"{'game':8} {'puzzles':>7} {'candidates':>10} {'kept':>6} {'CPU s':>6} {'per CPU min':>11}")
    for game in SETUPS:
        tally = Tally()
        t0 = time.process_time()
        puzzles = generate(game, 10_000, args.seconds, args.seed, tally, quiet=True)
        spent = time.process_time() - t0
        share = tally.kept / tally.candidates if tally.candidates else 0.0
        print(
            f"{game:8} {len(puzzles):7d} {tally.candidates:10d} {share:6.1%} {spent:6.1f} "
            f"{len(puzzles) / spent * 60:11.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

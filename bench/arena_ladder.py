"""The level ladder: in every game, each computer level against the one
below it (``tools/arena.py`` for every pair), and a summary table.

Run: ``PYTHONPATH=py python3 bench/arena_ladder.py [--games N] [--top-games M]
[--jobs J] [--only GAME ...]``.  Levels are node budgets, so the figures
are reproducible from the seed on any machine; only the wall time varies.
Long (the master-strong pairs dominate): not part of ``build.py bench``.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository: tools/
from tools.arena import elo_text, match

GAMES = ["loa", "el", "escabel", "evl"]
PAIRS = [("casual", "beginner"), ("strong", "casual"), ("master", "strong")]


def main(argv) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=20, help="games per pair")
    p.add_argument("--top-games", type=int, default=None, help="games for master-strong")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--only", nargs="*", default=GAMES)
    p.add_argument(
        "--pairs",
        nargs="*",
        type=int,
        default=[0, 1, 2],
        help="which pairs (0 casual-beginner, 1 strong-casual, 2 master-strong)",
    )
    args = p.parse_args(argv)
    rows = []
    for pair in args.pairs:
        a, b = PAIRS[pair]
        for game in args.only:
            n = args.top_games if (pair == 2 and args.top_games) else args.games
            t0 = time.time()
            log = io.StringIO()
            w, d, lost = match(game, a, b, n, seed=args.seed, jobs=args.jobs, out=log)
            score = (w + d / 2) / n
            row = (
                f"| {game} | {a} vs {b} | {n} | {w}-{d}-{lost} | {score:.0%} | "
                f"{elo_text(score, n)} | {time.time() - t0:.0f} s |"
            )
            rows.append(row)
            print(row, flush=True)
    print("\n| game | pair | games | A won-drawn-lost | A's score | Elo | wall time |")
    print("|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

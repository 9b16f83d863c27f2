"""How often the analysis marks good moves: for each game, games between two
computers of one level (each seat its own seeds, so their moves are good but
not always the analysis's own choice) are analysed at a level, and the
losses of the moves that are not the engine's choice are summed up: their
median and 90th percentile, and the share of all moves marked at each of the
game's ``mark_thresholds``.  A game whose evaluation swings more between
neighbouring positions than the others shows it here, and may ask for
higher thresholds (``State.mark_thresholds``).

Run: ``PYTHONPATH=py python3 bench/calibrate_marks.py [--games 4] [--level casual]
[--analyse casual] [--only loa el ...]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys

import gamut
import gamut.ai
from gamut import analysis


def game_line(game: str, level: str, seed: int, plies: int = 80):
    rng = random.Random(f"{game}:{seed}")
    s = start = gamut.new(game)
    line = []
    for _ in range(2):  # two random plies: different games
        m = rng.choice(s.legal_moves())
        line.append(s.move_text(m))
        s = s.play(m)
    while s.outcome() is None and len(line) < plies:
        m = gamut.ai.choose(s, level, seed=rng.getrandbits(32))
        line.append(s.move_text(m))
        s = s.play(m)
    return start, line


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--level", default="casual", help="the players' level")
    p.add_argument("--analyse", default="casual", help="the analysis's level")
    p.add_argument("--only", nargs="*", default=["loa", "el", "escabel", "evl"])
    args = p.parse_args(argv)
    print(f"moves of {args.level} computers analysed at {args.analyse}, {args.games} games a game:")
    for game in args.only:
        losses, moves, marked = [], 0, {m: 0 for m in analysis.MARKS}
        for seed in range(args.games):
            start, line = game_line(game, args.level, seed)
            result = analysis.run(start, line, args.analyse)
            for j in result.moves[2:]:  # (not the random opening)
                moves += 1
                if j.move != j.best and j.reason not in ("missed-win", "forced-loss"):
                    losses.append(j.loss)
                if j.mark:
                    marked[j.mark] += 1
        thresholds = gamut.new(game).mark_thresholds
        q = statistics.quantiles(losses, n=10) if len(losses) >= 10 else [float("nan")] * 9
        share = ", ".join(f"{m} {100 * n / max(1, moves):.0f} %" for m, n in marked.items())
        print(
            f"  {game:8s} {moves:4d} moves, {len(losses):4d} not the engine's: loss median "
            f"{100 * statistics.median(losses or [0]):.1f}, 90th percentile {100 * q[8]:.1f} points; "
            f"thresholds {', '.join(f'{100 * t:.0f}' for t in thresholds)}: marked {share}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

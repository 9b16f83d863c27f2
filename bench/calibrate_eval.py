"""Calibrate each game's evaluation against results: play games between two
Casual computers, record the static evaluation (for the side to move) of
every position with the game's final result, and fit
P(side to move wins) = 1 / (1 + exp(-score / scale)).  The fitted ``scale``
(a game's ``eval_scale``) lets the page put scores into words the same way
in every game.

Run: ``PYTHONPATH=py python3 bench/calibrate_eval.py [--games N] [--only GAME ...]``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys

import gamut
import gamut.ai
from gamut.ai.search import WIN


def samples(game, games, seed):
    out = []
    for g in range(games):
        rng = random.Random(f"{seed}:{g}")
        s = gamut.new(game)
        for _ in range(2):
            s = s.play(rng.choice(s.legal_moves()))
        seen = []
        plies = 0
        while s.outcome() is None and plies < 300:
            score = s.evaluate()
            if abs(score) < WIN // 1000:  # not a won/lost-at-once verdict
                seen.append((score, s.to_move))
            s = s.play(gamut.ai.choose(s, "casual", seed=rng.getrandbits(32)))
            plies += 1
        o = s.outcome()
        if o is None:
            continue
        for score, mover in seen:
            out.append((score, 0.5 if o.winner is None else float(o.winner == mover)))
    return out


def fit(data):
    """Maximum-likelihood scale of the logistic (golden-section on log scale)."""

    def nll(log_s):
        s = math.exp(log_s)
        total = 0.0
        for x, y in data:
            p = 1 / (1 + math.exp(max(-50.0, min(50.0, -x / s))))
            p = min(max(p, 1e-9), 1 - 1e-9)
            total -= y * math.log(p) + (1 - y) * math.log(1 - p)
        return total

    lo, hi = math.log(1.0), math.log(1e6)
    g = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if nll(a) < nll(b):
            hi = b
        else:
            lo = a
    return math.exp((lo + hi) / 2)


def main(argv) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--only", nargs="*", default=["loa", "el", "escabel", "evl"])
    args = p.parse_args(argv)
    for game in args.only:
        data = samples(game, args.games, args.seed)
        scale = fit(data)
        print(
            f"{game:8} {len(data):6} positions  scale {scale:8.1f}  "
            f"(declared {getattr(gamut.new(game), 'eval_scale', None)})",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

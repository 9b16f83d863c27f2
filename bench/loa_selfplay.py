"""Lines of Action positions labelled by the result of the game they came
from, the data that ``bench/tune_loa_eval.py`` fits the evaluation's weights
to.

Each game opens with four random plies, then both sides search two plies
(``AlphaBeta(max_depth=2)`` with a softmax over the root scores, temperature
``--noise``, so that games differ) with the evaluation of the checkout.  From
ply 6 on, every second position is written as one JSON line: ``{"black":
<bitboard>, "white": <bitboard>, "to_move": 0|1, "ply": n, "winner": 0|1|null}``
(games reaching ``--max-plies`` are dropped).

Run: ``PYTHONPATH=py python3 bench/loa_selfplay.py --games 300 --out loa_positions.jsonl``."""

from __future__ import annotations

import argparse
import json
import random
import sys

import gamut
from gamut.ai.search import AlphaBeta


def game_positions(seed: int, noise: float, max_plies: int):
    rng = random.Random(seed)
    s = gamut.new("loa")
    for _ in range(4):
        s = s.play_unchecked(rng.choice(s.legal_moves()))
    seen = []
    ply = 4
    while s.outcome() is None and ply < max_plies:
        if ply >= 6 and ply % 2 == 0:
            seen.append({"black": s.black, "white": s.white, "to_move": s.to_move, "ply": ply})
        search = AlphaBeta(s, max_depth=2, seed=rng.getrandbits(32), noise=noise)
        s = s.play_unchecked(search.run())
        ply += 1
    outcome = s.outcome()
    if outcome is None:
        return []
    for row in seen:
        row["winner"] = outcome.winner
    return seen


def main(argv) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--noise", type=float, default=20.0)
    p.add_argument("--max-plies", type=int, default=200)
    p.add_argument("--out", default="loa_positions.jsonl")
    args = p.parse_args(argv)
    n = 0
    with open(args.out, "w") as out:
        for g in range(args.games):
            for row in game_positions(f"{args.seed}:{g}", args.noise, args.max_plies):
                out.write(json.dumps(row) + "\n")
                n += 1
            out.flush()
            if (g + 1) % 25 == 0:
                print(f"{g + 1} games, {n} positions", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

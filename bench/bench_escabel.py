"""Escabel engine speed: perft(3) on 7x7, win (connection) checks per second.

All times are CPU time of this process.  Run as
``PYTHONPATH=py python3 bench/bench_escabel.py`` (``python3 build.py
bench`` runs every ``bench/bench_*.py``).  Figures are for this interpreter;
expect Pyodide to be 1.4-1.9x slower.
"""

from __future__ import annotations

import random
import time

import gamut
from gamut.games.escabel import state as escabel
from gamut.games.escabel.board import BLACK, WHITE
from gamut.games.escabel.connection import winning_chain


def _rate(fn, min_time=1.0):
    """Calls per second of ``fn`` (repeated until ``min_time`` has passed),
    in CPU time of this process, which is steadier than wall time on a
    loaded machine."""
    n, start = 0, time.process_time()
    while True:
        fn()
        n += 1
        elapsed = time.process_time() - start
        if elapsed >= min_time:
            return n / elapsed


def _positions(variant, size, count, seed=7):
    """Positions from random games (biased towards move actions, so that
    stacks grow and crosscuts of unequal heights appear), sampled from
    the second half of each game, where chains are long."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        s = gamut.new("escabel", variant, size=size)
        game = [s]
        while s.legal_moves():
            moves = s.legal_moves()
            actions = [m for m in moves if m.is_action]
            s = s.play(rng.choice(actions if actions and rng.random() < 0.4 else moves))
            game.append(s)
        found.extend(game[len(game) // 2 :])
    return found[:count]


def main():
    for size, depth in ((7, 3), (7, 4), (5, 4)):
        s = gamut.new("escabel", size=size)
        start = time.process_time()
        nodes = gamut.perft(s, depth)
        elapsed = time.process_time() - start
        print(
            f"Escabel perft({depth}) on {size}x{size}: {nodes:,} in {elapsed:.2f} s "
            f"({nodes / elapsed:,.0f} leaves/s)"
        )
    s = gamut.new("escabel", "checkered", size=7)
    start = time.process_time()
    nodes = gamut.perft(s, 3)
    elapsed = time.process_time() - start
    print(
        f"Escabel perft(3) on checkered 7x7: {nodes:,} in {elapsed:.2f} s ({nodes / elapsed:,.0f} leaves/s)"
    )

    for variant, size in (("standard", 7), ("checkered", 7), ("standard", 13)):
        positions = _positions(variant, size, 300)
        args = [(p.geo, p.black, p.white, p.codes, p.levels) for p in positions]
        wins = sum(1 for a in args for c in (BLACK, WHITE) if winning_chain(*a, c))

        def checks(args=args):  # (bound now: each variant's own positions)
            for geo, black, white, codes, levels in args:
                winning_chain(geo, black, white, codes, levels, BLACK)
                winning_chain(geo, black, white, codes, levels, WHITE)

        rate = _rate(checks) * 2 * len(args)
        print(
            f"Escabel {variant} {size}x{size}: {rate:,.0f} connection checks/s "
            f"(late-game positions, {wins} of {2 * len(args)} checks find a chain)"
        )

        def judge(positions=positions):
            # A fresh state (nothing cached) judged at the start of its turn:
            # the win check of the player to move, then move generation.
            for p in positions:
                escabel.EscabelState(
                    p.variant,
                    p.options,
                    p.geo,
                    p.black,
                    p.white,
                    p.levels,
                    p.codes,
                    p.to_move,
                    p.swapped,
                    p.ply,
                    p.zobrist(),
                ).outcome()

        rate = _rate(judge) * len(positions)
        print(
            f"Escabel {variant} {size}x{size}: {rate:,.0f} win checks/s "
            "(outcome() of a fresh state: chain test + move generation)"
        )

        def play_all(positions=positions):
            for p in positions[:60]:
                for m in p.legal_moves():
                    p.play_unchecked(m)

        n_moves = sum(len(p.legal_moves()) for p in positions[:60])
        print(f"Escabel {variant} {size}x{size}: {_rate(play_all) * n_moves:,.0f} plays/s")


if __name__ == "__main__":
    main()

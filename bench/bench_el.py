"""EL engine speed: legal-move generation, incremental win checks and whole
placements (``play``) per second, for ``standard`` and ``four-player`` (and
the other variants for reference), on positions from random games at several
stages.  A win check is the test for ELs through the cell just filled (all
lines and L's through it, or for ``four-player`` the search of connected
8-cell sets through it); for comparison it also times a from-scratch check of
every shape of the board.

Run: ``PYTHONPATH=py python3 bench/bench_el.py [--quick]``."""

from __future__ import annotations

import random
import sys
import time

import gamut
from gamut.games.el import rules as el


def sample_positions(variant, count, rng):
    """(state, placement) pairs: random games stopped at random stages, with
    the placement about to be judged."""
    samples = []
    while len(samples) < count:
        s = gamut.new("el", variant)
        stop = rng.randrange(s.rules.cells // 4, s.rules.cells - 2)
        while not s.is_over() and s.occ.bit_count() < stop:
            nxt = s.play(rng.choice(s.legal_moves()))
            if nxt.is_over():
                break
            s = nxt
        if not s.is_over():
            samples.append((s, rng.choice(s.legal_moves())))
    return samples


def rate(fn, items, min_time):
    """Calls of ``fn`` per second over ``items`` (repeated for min_time)."""
    n = 0
    t0 = time.perf_counter()
    while True:
        for item in items:
            fn(item)
        n += len(items)
        dt = time.perf_counter() - t0
        if dt >= min_time:
            return n / dt


def bench_variant(variant, quick):
    rng = random.Random(2024)
    samples = sample_positions(variant, 20 if quick else 60, rng)
    rules = el.RULES[variant]
    min_time = 0.3 if quick else 1.0

    def gen(item):
        s = item[0]
        s._moves = None
        return s.legal_moves()

    prepared = []
    for s, m in samples:
        p = s.to_move
        c, n = m.cell, m.number
        board = s.board[:c] + (rules.codes[p][n],) + s.board[c + 1 :]
        prepared.append((board, s.occ | 1 << c, c, p))

    def win_check(item):
        board, occ, c, p = item
        return rules.completions(board, occ, c, p if rules.any_shape else None)

    def full_scan(item):
        board, occ, c, p = item
        if rules.any_shape:
            return rules.completions(board, occ, c, p)
        return rules.all_els(board, occ)

    def play(item):
        return item[0].play_unchecked(item[1])

    moves = sum(len(s.legal_moves()) for s, _ in samples) / len(samples)
    r_gen = rate(gen, samples, min_time)
    r_win = rate(win_check, prepared, min_time)
    r_play = rate(play, samples, min_time)
    print(
        f"  {variant:13s} legal-move lists/s {r_gen:>9,.0f} (avg {moves:5.0f} moves: "
        f"{r_gen * moves:>11,.0f} moves/s)   win checks/s {r_win:>9,.0f}   "
        f"placements (play)/s {r_play:>8,.0f}"
    )
    if not rules.any_shape:
        r_scan = rate(full_scan, prepared, min_time)
        print(
            f"  {'':13s} from-scratch check of all {len(rules.shapes)} shapes: "
            f"{r_scan:,.0f}/s ({r_win / r_scan:.0f}x slower than the incremental check)"
        )
    else:
        # threats need a search from every empty cell next to a filled one
        r_thr = rate(lambda item: rules.threat_pairs(item[0].board, item[0].occ), samples, min_time)
        print(f"  {'':13s} full threat sets (every player, every cell)/s: {r_thr:,.0f}")


def main():
    quick = "--quick" in sys.argv
    print(f"EL engine speed (CPython {sys.version.split()[0]})")
    variants = ["standard", "four-player"]
    if not quick:
        variants += ["eight", "consecutive", "three-player"]
    for variant in variants:
        bench_variant(variant, quick)
    s = gamut.new("el")
    t = time.perf_counter()
    n = gamut.perft(s, 2)
    print(f"  standard perft(2) = {n:,} in {time.perf_counter() - t:.3f} s")


if __name__ == "__main__":
    main()

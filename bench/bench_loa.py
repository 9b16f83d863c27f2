"""Lines of Action engine speed: perft 1-5 from both setups, leaves per
second, and a straightforward implementation (board copied per move, lines
scanned square by square) timed on the same machine for comparison.

Two perfts of the engine are timed: ``gamut.perft`` (the game-independent
one, through ``LoaState.legal_moves`` and ``play_unchecked``: the path the
search takes) and ``gamut.loa.perft`` (the same counts on bare bitboards, the
last ply counted from line tables).  Times are CPU times (``process_time``),
so that other work on the machine matters less; the ratios compare runs of
the same process.

Run: ``PYTHONPATH=py python3 bench/bench_loa.py [--quick]``."""

from __future__ import annotations

import sys
import time

import gamut
from gamut.games.loa import perft as loa

REFERENCE = {
    "standard": [36, 1_244, 44_952, 1_563_208, 55_963_132],
    "scrambled-eggs": [32, 992, 32_000, 1_002_260, 32_396_552],
}


# A straightforward implementation, the baseline the issue compares against.
def naive_moves(board, side):
    moves = []
    for r in range(8):
        for f in range(8):
            if board[r][f] != side:
                continue
            for df, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                n = 0
                for sign in (1, -1):
                    x, y = f, r
                    while 0 <= x < 8 and 0 <= y < 8:
                        if board[y][x]:
                            n += 1
                        x += df * sign
                        y += dr * sign
                n -= 1  # the piece itself was counted twice
                for sign in (1, -1):
                    tx, ty = f + df * sign * n, r + dr * sign * n
                    if not (0 <= tx < 8 and 0 <= ty < 8) or board[ty][tx] == side:
                        continue
                    if any(board[r + dr * sign * k][f + df * sign * k] not in (0, side) for k in range(1, n)):
                        continue
                    moves.append((f, r, tx, ty))
    return moves


def naive_connected(board, side):
    cells = [(f, r) for r in range(8) for f in range(8) if board[r][f] == side]
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        f, r = todo.pop()
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                c = (f + df, r + dr)
                if c not in seen and 0 <= c[0] < 8 and 0 <= c[1] < 8 and board[c[1]][c[0]] == side:
                    seen.add(c)
                    todo.append(c)
    return len(seen) == len(cells)


def naive_perft(board, side, depth):
    moves = naive_moves(board, side)
    if depth == 1:
        return len(moves)
    total = 0
    for f, r, tx, ty in moves:
        b = [row[:] for row in board]
        b[ty][tx] = side
        b[r][f] = 0
        if naive_connected(b, side) or naive_connected(b, 3 - side):
            continue
        total += naive_perft(b, 3 - side, depth - 1)
    return total


def straightforward_perft(board, side, depth):
    """Copies the board for every move, leaves included, as a simple engine's
    make-move would, and judges each new position."""
    total = 0
    for f, r, tx, ty in naive_moves(board, side):
        b = [row[:] for row in board]
        b[ty][tx] = side
        b[r][f] = 0
        over = naive_connected(b, side) or naive_connected(b, 3 - side)
        if depth == 1:
            total += 1
        elif not over:
            total += straightforward_perft(b, 3 - side, depth - 1)
    return total


def naive_start():
    board = [[0] * 8 for _ in range(8)]
    for f in range(1, 7):
        board[0][f] = board[7][f] = 1
    for r in range(1, 7):
        board[r][0] = board[r][7] = 2
    return board


def main():
    quick = "--quick" in sys.argv
    max_depth = 4 if quick else 5
    print(f"Lines of Action perft (CPython {sys.version.split()[0]}; CPU seconds)")
    t4 = {}
    for label, fn in (("gamut.perft", gamut.perft), ("loa.perft", loa.perft)):
        for variant, expected in REFERENCE.items():
            start = gamut.new("loa", variant)
            for depth in range(1, max_depth + 1):
                if depth == 5 and label == "gamut.perft" and variant != "standard":
                    continue  # (about 10 s more, and nothing new)
                t = time.process_time()
                n = fn(start, depth)
                dt = time.process_time() - t
                ok = "ok" if n == expected[depth - 1] else f"WRONG (expected {expected[depth - 1]})"
                rate = n / dt if dt > 0 else float("inf")
                print(
                    f"  {label:11s} {variant:15s} perft({depth}) = {n:>11,}  {dt:8.2f} s  "
                    f"{rate:>12,.0f} leaves/s  {ok}"
                )
                if variant == "standard" and depth == 4:
                    t4[label] = dt
    for label, fn in (
        ("straightforward (board copied for every move)", straightforward_perft),
        ("naive with bulk counting at the leaves", naive_perft),
    ):
        t = time.process_time()
        n = fn(naive_start(), 1, 4)
        naive = time.process_time() - t
        assert n == REFERENCE["standard"][3], n
        print(
            f"  {label}: perft(4) in {naive:.2f} s; "
            + ", ".join(f"{name} is {naive / dt:.1f}x faster" for name, dt in t4.items())
        )
    print("  (issue 20's target: perft(4) at least 20x faster than the naive bulk-counting one)")


if __name__ == "__main__":
    main()

"""Lines of Action engine speed: perft 1-5 from both setups, leaves per
second, and a straightforward implementation (board copied per move, lines
scanned square by square) timed on the same machine for comparison.

Run: ``PYTHONPATH=py python3 bench/bench_loa.py [--quick]``."""

from __future__ import annotations

import sys
import time

import gamut

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
                    if any(board[r + dr * sign * k][f + df * sign * k] not in (0, side)
                           for k in range(1, n)):
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
    print("Lines of Action perft (CPython %s)" % sys.version.split()[0])
    t4 = None
    for variant, expected in REFERENCE.items():
        start = gamut.new("loa", variant)
        for depth in range(1, max_depth + 1):
            t = time.perf_counter()
            n = gamut.perft(start, depth)
            dt = time.perf_counter() - t
            ok = "ok" if n == expected[depth - 1] else f"WRONG (expected {expected[depth - 1]})"
            rate = n / dt if dt > 0 else float("inf")
            print(f"  {variant:15s} perft({depth}) = {n:>11,}  {dt:8.2f} s  "
                  f"{rate:>12,.0f} leaves/s  {ok}")
            if variant == "standard" and depth == 4:
                t4 = dt
    for label, fn in (("straightforward (board copied for every move)", straightforward_perft),
                      ("naive with bulk counting at the leaves", naive_perft)):
        t = time.perf_counter()
        n = fn(naive_start(), 1, 4)
        naive = time.perf_counter() - t
        assert n == REFERENCE["standard"][3], n
        print(f"  {label}: perft(4) in {naive:.2f} s; gamut.loa is {naive / t4:.1f}x faster")


if __name__ == "__main__":
    main()

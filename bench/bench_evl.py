"""EVL engine speed: legal moves per second in a midgame position.

Run as ``PYTHONPATH=py python3 bench/bench_evl.py`` (``python3 build.py bench``
runs every ``bench/bench_*.py``).  Figures are for this interpreter; expect
Pyodide to be 1.4-1.9x slower.
"""

from __future__ import annotations

import time

import gamut
from gamut.games.evl import state as evl

# A midgame with stacks of every height, markers of both sides and Black to move.
MIDGAME = (
    "evl standard pieces=20,markers=10 (bbbb)1(wb)(bww)1b1/1(bbw)w(wwww)(bb)2/"
    "b(wbw)2(bwbb)1w/(ww)1b(bb)3 b1w3/6/2ww2 b"
)


def _rate(fn, min_time=1.0):
    """Calls per second of ``fn`` (repeated until ``min_time`` has passed)."""
    n, start = 0, time.perf_counter()
    while True:
        for _ in range(100):
            fn()
        n += 100
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return n / elapsed


def main():
    state = gamut.load(MIDGAME)
    moves = state.legal_moves()
    n_moves = len(moves)
    board, seat, hand = state.board, state.to_move, state.hands[state.to_move]

    gen_rate = _rate(lambda: evl.generate(board, seat, hand))
    print(
        f"EVL midgame position: {n_moves} legal moves "
        f"({sum(1 for m in moves if not m.is_placement)} unstacks)"
    )
    print(
        f"EVL legal moves per second (generation): {gen_rate * n_moves:,.0f} ({gen_rate:,.0f} generations/s)"
    )

    def fresh_state_moves():
        s = evl.EvlState(state.variant, state.options, board, state.marks, seat, state.hands, state.zobrist())
        return s.legal_moves()

    state_rate = _rate(fresh_state_moves)
    print(f"EVL legal moves per second (new state + legal_moves()): {state_rate * n_moves:,.0f}")

    def play_all():
        for m in moves:
            state.play_unchecked(m)

    play_rate = _rate(play_all) * n_moves
    print(f"EVL plays per second: {play_rate:,.0f}")

    start = time.perf_counter()
    nodes = gamut.perft(state, 3)
    elapsed = time.perf_counter() - start
    print(
        f"EVL perft 3 from the midgame: {nodes:,} leaves in {elapsed:.2f} s ({nodes / elapsed:,.0f} leaves/s)"
    )


if __name__ == "__main__":
    main()

"""Reading a 5 MB file of records: time and peak memory in CPython (issue #27).

A 5 MB record (one game whose 5 MB comment), a 5 MB record of a real game
whose every move carries a long comment, and, for the time per game, 1 MB of
real games (boardspace's Lines of Action records in tests/data, repeated).  Peak memory is what tracemalloc
sees allocated at most while reading, beside the text itself; a reader whose
patterns backtrack shows here as a multiple of the input (once 1.43 GB for a
4 MB comment).

    PYTHONPATH=py python bench/bench_records_memory.py
"""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

from gamut import records

MB = 1 << 20
DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def real_games() -> str:
    return "\n\n".join(
        (DATA / name).read_text(encoding="utf-8")
        for name in ("boardspace_standard.sgf", "boardspace_scrambled.sgf")
    )


def many_games() -> str:
    one = real_games() + "\n\n"
    return one * (MB // len(one) + 1)


def huge_comment() -> str:
    return '[Game "loa"]\n\n{' + "a long comment, " * (5 * MB // 16) + "} 1. d1-b3 *\n"


def commented_game() -> str:
    game = records.read(real_games()).games[0]
    per_move = 5 * MB // max(1, len(game.nodes))
    game.nodes = [(parent, move, "c" * per_move) for parent, move, _ in game.nodes]
    return records.format([game])


def measure(name: str, text: str) -> None:
    tracemalloc.start()
    began = time.process_time()
    parsed = records.read(text)
    took = time.process_time() - began
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    size = len(text.encode("utf-8"))
    print(
        f"{name:<18} {size / MB:5.1f} MB  {len(parsed.games):>6} games {len(parsed.errors):>3} errors"
        f"  {took:6.2f} s CPU  peak {peak / MB:7.1f} MB ({peak / size:4.1f}x the text)"
    )


def main() -> None:
    print("reading a file of records (CPython, tracemalloc peak beside the text)")
    for name, make in (
        ("a 5 MB comment", huge_comment),
        ("a commented game", commented_game),
        ("1 MB of games", many_games),
    ):
        measure(name, make())


if __name__ == "__main__":
    main()

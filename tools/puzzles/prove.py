"""Prove every shipped puzzle and record which files were proved:
``python3 -m tools.puzzles.prove [GAME...]`` (from the repository's root,
``PYTHONPATH=py``).

Each game's shipped file (``py/gamut/games/<id>/puzzles.txt``) is checked
puzzle by puzzle (:func:`gamut.puzzles.check.check`: the solution wins and
every other move fails at each of the solver's steps), the games side by
side on every core.  When a file passes, its SHA-256 and count are written
into :data:`PROVED` (``tests/data/puzzles_proved.json``); a refused puzzle
is printed and nothing is recorded for its game.

Why a record: a whole proof costs minutes of CPU (an EL win in three turns
takes 10-30 s: every other first move must be shown not to win within
three turns), so the unit tests do not redo it on every run.  They check
that each shipped file is byte for byte the one proved here
(``tests/test_puzzles.py``), prove a sample of it again with the engine of
the day, and ``python3 build.py test --soak`` proves every puzzle again.
Run this after changing a puzzle file; the test names it when it is due.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from gamut.core import GAMES
from gamut.puzzles.check import PuzzleError, check
from gamut.puzzles.library import data_text
from gamut.puzzles.puzzle import read

ROOT = Path(__file__).resolve().parents[2]
PROVED = ROOT / "tests" / "data" / "puzzles_proved.json"


def digest(text: str) -> str:
    """The SHA-256 of a puzzle file's text (as the engine reads it)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def shipped() -> dict[str, str]:
    """{game: its shipped puzzle file's text} for every game that has one."""
    return {game: text for game in sorted(GAMES) if (text := data_text(game))}


def prove(game: str) -> tuple[str, str, int, list[str], float]:
    """(game, digest, puzzles, refusals, CPU seconds) of one game's file."""
    t0 = time.process_time()
    text = data_text(game)
    refused = []
    puzzles = read(text)
    for puzzle in puzzles:
        try:
            check(puzzle)
        except PuzzleError as exc:
            refused.append(f"{puzzle.id}: {exc}")
    return game, digest(text), len(puzzles), refused, time.process_time() - t0


def recorded() -> dict[str, dict]:
    """The record: {game: {"sha256", "puzzles"}}."""
    try:
        return json.loads(PROVED.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("games", nargs="*", help="the games to prove (default: every game with puzzles)")
    p.add_argument("--jobs", type=int, default=0, help="processes (default: one per core)")
    args = p.parse_args(argv)
    games = args.games or list(shipped())
    record = recorded()
    status = 0
    with ProcessPoolExecutor(max_workers=args.jobs or None) as pool:
        for game, sha, count, refused, spent in pool.map(prove, games):
            for line in refused:
                print(f"{game}: refused {line}", file=sys.stderr)
            if refused:
                status = 1
                record.pop(game, None)
            else:
                record[game] = {"sha256": sha, "puzzles": count}
            print(f"{game}: {count - len(refused)} proved, {len(refused)} refused ({spent:.0f} CPU s)")
    PROVED.write_text(json.dumps(dict(sorted(record.items())), indent=1) + "\n", encoding="utf-8")
    return status


if __name__ == "__main__":
    sys.exit(main())

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


#: About how many puzzles a task proves: a game's file is dealt into tasks
#: (every n-th puzzle from the task's index), so that one game's proof uses
#: every core and the long proofs (EL's wins in 3, listed first) are shared.
CHUNK = 40


def prove(task: tuple[str, int, int]) -> tuple[str, list[str], float]:
    """(game, refusals, CPU seconds) of the puzzles ``first``, ``first +
    step``, ... of a game's file (``task``: game, first, step)."""
    game, first, step = task
    t0 = time.process_time()
    refused = []
    for puzzle in read(data_text(game))[first::step]:
        try:
            check(puzzle)
        except PuzzleError as exc:
            refused.append(f"{puzzle.id}: {exc}")
    return game, refused, time.process_time() - t0


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
    files = shipped()
    games = args.games or list(files)
    counts = {game: len(read(files[game])) for game in games}
    steps = {game: max(1, -(-counts[game] // CHUNK)) for game in games}
    tasks = [(game, first, steps[game]) for game in games for first in range(steps[game])]
    refused: dict[str, list[str]] = {game: [] for game in games}
    spent = dict.fromkeys(games, 0.0)
    with ProcessPoolExecutor(max_workers=args.jobs or None) as pool:
        for game, refusals, seconds in pool.map(prove, tasks):
            refused[game] += refusals
            spent[game] += seconds
    record = recorded()
    status = 0
    for game in games:
        for line in refused[game]:
            print(f"{game}: refused {line}", file=sys.stderr)
        if refused[game]:
            status = 1
            record.pop(game, None)
        else:
            record[game] = {"sha256": digest(files[game]), "puzzles": counts[game]}
        bad = len(refused[game])
        print(f"{game}: {counts[game] - bad} proved, {bad} refused ({spent[game]:.0f} CPU s)")
    PROVED.write_text(json.dumps(dict(sorted(record.items())), indent=1) + "\n", encoding="utf-8")
    return status


if __name__ == "__main__":
    sys.exit(main())

"""``python -m gamut puzzles check FILE...``: prove every puzzle of the files
(one line per refused puzzle on standard error, status 1 when any is
refused); ``python -m gamut puzzles export GAME --json``: the game's shipped
puzzles and their figures (:func:`figures`: the count, the share of
one-move puzzles, the solution lengths, the ratings' range), as ``{"game",
"count", "one_move_share", "solution_lengths", "rating", "themes",
"puzzles": [{"id", "position", "solution": [moves], "theme", "rating"}]}``
(``position``: the text of the position after the opponent's last move,
``solution``: the moves from there)."""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from ..core import GamutError
from .puzzle import Puzzle, read

__all__ = ["run", "check_text", "export", "figures"]


def run(args: Any) -> int:
    if args.action == "check":
        status = 0
        for name in args.files:
            try:
                if name == "-":
                    text = sys.stdin.read()
                else:
                    with open(name, encoding="utf-8") as f:
                        text = f.read()
            except OSError as exc:
                print(f"{name}: {exc}", file=sys.stderr)
                status = 1
                continue
            t0 = time.process_time()
            good, bad = check_text(text, name)
            print(f"{name}: {good} puzzles proved, {bad} refused ({time.process_time() - t0:.1f} CPU s)")
            status = status or (1 if bad else 0)
        return status
    from .library import load_game

    puzzles = load_game(args.game)
    json.dump({"game": args.game, **figures(puzzles), "puzzles": export(puzzles)}, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


def check_text(text: str, name: str = "puzzles") -> tuple[int, int]:
    """Check every puzzle of a file's text; print each refusal to standard
    error; return (proved, refused)."""
    from .check import PuzzleError, check

    try:
        puzzles = read(text)
    except GamutError as exc:
        print(f"{name}: {exc}", file=sys.stderr)
        return 0, 1
    good = bad = 0
    seen: set[str] = set()
    for puzzle in puzzles:
        try:
            if puzzle.id in seen:
                raise PuzzleError(f"puzzle {puzzle.id}: the id is used twice")
            if puzzle.id != puzzle.content_id():
                raise PuzzleError(f"puzzle {puzzle.id}: its position's id is {puzzle.content_id()}")
            seen.add(puzzle.id)
            check(puzzle)
            good += 1
        except PuzzleError as exc:
            print(f"{name}: {exc}", file=sys.stderr)
            bad += 1
    return good, bad


def figures(puzzles: list[Puzzle]) -> dict[str, Any]:
    """What a set of puzzles holds: ``count``; ``one_move_share``, the share
    won in one of the solver's turns (a gain puzzle is one move too);
    ``solution_lengths``, {solver turns: puzzles}; ``rating``, {min, max,
    spread}; ``themes``, {theme: puzzles}."""
    lengths: dict[str, int] = {}
    themes: dict[str, int] = {}
    for p in puzzles:
        turns = str(p.solver_turns)
        lengths[turns] = lengths.get(turns, 0) + 1
        themes[p.theme] = themes.get(p.theme, 0) + 1
    ratings = [p.rating for p in puzzles] or [0]
    return {
        "count": len(puzzles),
        "one_move_share": round(lengths.get("1", 0) / len(puzzles), 3) if puzzles else 0.0,
        "solution_lengths": dict(sorted(lengths.items(), key=lambda kv: int(kv[0]))),
        "rating": {"min": min(ratings), "max": max(ratings), "spread": max(ratings) - min(ratings)},
        "themes": dict(sorted(themes.items())),
    }


def export(puzzles: list[Puzzle]) -> list[dict[str, Any]]:
    """The puzzles in the issue's export form."""
    return [
        {
            "id": p.id,
            "position": p.position_after(1).to_text(),
            "solution": list(p.moves[1:]),
            "theme": p.theme,
            "rating": p.rating,
        }
        for p in puzzles
    ]

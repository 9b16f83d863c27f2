"""Merge puzzle files of one game: ``python tools/puzzles/merge.py FILE...
--out FILE [--count N]`` (run with ``PYTHONPATH=py:.``).  A position met in
an earlier file is left out, each puzzle gets the id of its position
(:func:`gamut.puzzles.puzzle.puzzle_id`), and at most
``N`` puzzles are kept, taken from the game's variants in turn so that a cut
keeps the spread.  ``--one-movers M`` keeps at most ``M`` puzzles won in one
turn, those with the most legal moves to choose from (the others are the
plainest); a start position met before is left out too (one puzzle per
start).  Each puzzle's theme is classified again."""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict

from gamut.puzzles.puzzle import Puzzle, read, write
from gamut.puzzles.themes import classify


def merge(texts: list[str], count: int | None = None, one_movers: int | None = None) -> list[Puzzle]:
    seen: set[str] = set()
    chosen: list[Puzzle] = []
    for text in texts:
        for puzzle in read(text):
            keys = (puzzle.start, puzzle.position_after(1).to_text())
            if not any(key in seen for key in keys):
                seen.update(keys)
                chosen.append(puzzle)
    if one_movers is not None:
        ones = [p for p in chosen if p.solver_turns == 1]
        ones.sort(key=lambda p: -len(p.position_after(1).legal_moves()))
        dropped = {id(p) for p in ones[one_movers:]}
        chosen = [p for p in chosen if id(p) not in dropped]
    by_setup: dict[tuple[str, tuple[tuple[str, str], ...]], list[Puzzle]] = defaultdict(list)
    for puzzle in chosen:
        by_setup[(puzzle.variant, tuple(sorted(puzzle.options.items())))].append(puzzle)
    queues = list(by_setup.values())
    kept: list[Puzzle] = []
    while any(queues) and (count is None or len(kept) < count):
        for queue in queues:
            if queue and (count is None or len(kept) < count):
                kept.append(queue.pop(0))
    for puzzle in kept:
        puzzle.id = puzzle.content_id()
        puzzle.theme = classify(puzzle)  # (the themes' rules may have changed since the run)
    return kept


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("files", nargs="+")
    p.add_argument("--out", required=True)
    p.add_argument("--count", type=int)
    p.add_argument("--one-movers", type=int, help="keep at most this many puzzles won in one turn")
    args = p.parse_args(argv)
    texts = []
    for name in args.files:
        with open(name, encoding="utf-8") as f:
            texts.append(f.read())
    puzzles = merge(texts, args.count, args.one_movers)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(write(puzzles))
    print(f"{args.out}: {len(puzzles)} puzzles", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Command line: ``python -m gamut perft loa 4 [--variant V] [--option name=value]``,
``python -m gamut moves "<position text>"``, ``python -m gamut divide loa 3``,
``python -m gamut records FILE...`` (Gamut records or boardspace SGF in, every
game as a Gamut record out; ``FILE:LINE:COL: ...`` on stderr for each bad game,
and status 1), ``python -m gamut analyse FILE... [--level L | --depth N]`` (every
game's main line analysed by :mod:`gamut.analysis`: per move the player's winning
chances before and after, the engine's move and the mark; a summary per player)."""

from __future__ import annotations

import argparse
import sys
import time

from . import GamutError, divide, load, new, perft


def _state(args):
    options = {}
    for item in args.option or []:
        name, _, value = item.partition("=")
        options[name] = value
    return new(args.game, args.variant, **options)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamut", description="Gamut rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("perft", "divide"):
        p = sub.add_parser(name, help=f"{name} move counts from a game's start")
        p.add_argument("game")
        p.add_argument("depth", type=int)
        p.add_argument("--variant")
        p.add_argument("--option", action="append", metavar="NAME=VALUE")
    p = sub.add_parser("moves", help="legal moves of a position, one per line")
    p.add_argument("position")
    p = sub.add_parser(
        "records",
        help="read Gamut records or boardspace SGF files (- for "
        "standard input); write every game as a Gamut record",
    )
    p.add_argument("files", nargs="+", metavar="FILE")
    p = sub.add_parser(
        "analyse",
        help="analyse the main line of every game of record files "
        "(Gamut records or boardspace SGF; - for standard input)",
    )
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument(
        "--level", default="strong", help="the search budget: beginner, casual, strong (default) or master"
    )
    p.add_argument(
        "--depth", type=int, help="search every position to this many plies instead (two-player games)"
    )
    _add_puzzles(sub)
    args = parser.parse_args(argv)
    try:
        if args.command == "perft":
            state = _state(args)
            t = time.perf_counter()
            n = perft(state, args.depth)
            print(n)
            print(f"{time.perf_counter() - t:.2f} s", file=sys.stderr)
        elif args.command == "divide":
            total = 0
            for text, n in divide(_state(args), args.depth):
                print(f"{text} {n}")
                total += n
            print(f"total {total}")
        elif args.command == "moves":
            state = load(args.position)
            for m in state.legal_moves():
                print(state.move_text(m))
        elif args.command == "records":
            return _records(args.files)
        elif args.command == "analyse":
            return _analyse(args.files, args.level, args.depth)
        elif args.command == "puzzles":
            from .puzzles.cli import run

            return run(args)
    except GamutError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def _read_records(files: list) -> tuple[list, int]:
    """Every good game of ``files`` (``-``: standard input), and the status:
    1 when a file or a game could not be read (said on standard error)."""
    from . import records

    status = 0
    games = []
    for name in files:
        try:
            if name == "-":
                text = sys.stdin.read()
            else:
                with open(name, encoding="utf-8", errors="replace") as f:
                    text = f.read()
            parsed = records.read(text)
        except (OSError, GamutError) as exc:
            print(f"{name}: {exc}", file=sys.stderr)
            status = 1
            continue
        games += parsed.games
        for error in parsed.errors:
            print(f"{name}:{error.line}:{error.col}: game {error.game}: {error.reason}", file=sys.stderr)
            status = 1
    return games, status


def _records(files: list) -> int:
    from . import records

    games, status = _read_records(files)
    if games:
        sys.stdout.write(records.format(games))
    return status


def _analyse(files: list, level: str, depth: int | None) -> int:
    from . import analysis, records
    from .view import seat_names

    analysis.check_settings(None, level, depth)  # fail before any file is read
    games, status = _read_records(files)
    for i, record in enumerate(games, 1):
        start = record.start_state()
        line = record.main_line()
        names = seat_names(start.view())
        how = f"depth {depth}" if depth is not None else f"level {level}"
        if i > 1:
            print()
        title = record.name or f"game {i}"
        print(
            f"{title}: {start.info.name} ({start.variant}), {len(line)} moves, "
            f"{', '.join(f'{n} {p}' for n, p in zip(names, records.player_words(record.players)))}; "
            f"analysed at {how}"
        )
        t0 = time.perf_counter()
        try:
            result = analysis.run(start, line, level, depth)
        except GamutError as exc:
            print(f"game {i}: {exc}", file=sys.stderr)
            status = 1
            continue
        sys.stdout.write(analysis.report(start, result, names))
        print(f"({time.perf_counter() - t0:.1f} s)", file=sys.stderr)
    return status


def _add_puzzles(sub) -> None:
    """``python -m gamut puzzles check FILE...`` and ``python -m gamut puzzles
    export GAME --json`` (see :mod:`gamut.puzzles.cli`)."""
    p = sub.add_parser("puzzles", help="check puzzle files, or export a game's shipped puzzles")
    actions = p.add_subparsers(dest="action", required=True)
    check = actions.add_parser("check", help="prove every puzzle of record files (- for standard input)")
    check.add_argument("files", nargs="+", metavar="FILE")
    export = actions.add_parser("export", help="a game's shipped puzzles")
    export.add_argument("game")
    export.add_argument("--json", action="store_true", help="as JSON (the only form for now)")


if __name__ == "__main__":
    sys.exit(main())

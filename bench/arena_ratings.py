"""The computer levels' Elo table: every match the arena played for it,
kept in ``bench/ratings_games.json``, fitted into one rating per level and
game (``tools.arena.fit_ratings``: maximum likelihood over all games, one
virtual draw per pair, Beginner fixed at 1000), printed as the tables of
``bench/RATINGS.md`` and written into each game's own package,
``py/gamut/games/<game>/ratings.py`` (read by :mod:`gamut.ai.ratings`).

Run from the repository root:

* ``PYTHONPATH=py python3 bench/arena_ratings.py table [--write]``: fit the
  recorded results and print the tables (``--write``: also regenerate
  every game's ``ratings.py``; ``tests/test_levels.py`` checks that they
  agree).
* ``PYTHONPATH=py python3 bench/arena_ratings.py play GAME A B --games N
  [--seed S] [--jobs J]``: play a match (``tools.arena.match``; A may be
  ``random``, the random mover) and record it (a match with the same game,
  pair and seed replaces the one recorded).
* ``PYTHONPATH=py python3 bench/arena_ratings.py rebuild [--jobs J]``: play
  every recorded match again from its seed and record what it gives, then
  print the tables: the table from scratch.  Levels are node budgets, so
  every game replays the same on any machine (hours: the Master pairs
  dominate).
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the repository: tools/
import gamut  # noqa: E402
from gamut.ai import LEVELS, ladder  # noqa: E402
from tools.arena import RANDOM, fit_ratings, match  # noqa: E402

GAMES_FILE = ROOT / "bench" / "ratings_games.json"
GAME_NAMES = {"loa": "Lines of Action", "escabel": "Escabel (7x7, pie)", "evl": "EVL", "el": "EL (6x6)"}
ANCHOR_LEVEL, ANCHOR_RATING = "beginner", 1000
ANCHOR = (
    "Beginner is fixed at 1000 in every game; the others are fitted to every game "
    "the arena played between levels (bench/RATINGS.md)"
)


def load() -> list[dict]:
    """The recorded matches: ``{game, a, b, seed, games, result: [won, drawn, lost], source,
    settings: {a: ..., b: ...}}`` (each player's :func:`settings_of` when it was played)."""
    return json.loads(GAMES_FILE.read_text())["matches"]


def save(matches: list[dict]) -> None:
    matches = sorted(matches, key=lambda m: (m["game"], order(m["a"]), order(m["b"]), m["seed"]))
    text = json.dumps({"matches": matches}, indent=1)
    GAMES_FILE.write_text(text + "\n")


def order(player: str) -> int:
    """A player's place on the ladder (the random mover below every level)."""
    return -1 if player == RANDOM else list(LEVELS).index(player)


def offered(game: str) -> list[str]:
    """The names of the levels ``game``'s ladder offers, weakest first."""
    return [lv.name for lv in ladder(game)]


def ratings(matches: list[dict], game: str) -> dict[str, tuple[float, float, float]]:
    """``{player: (rating, low, high)}`` in ``game`` from ``matches``."""
    results = [(m["a"], m["b"], *m["result"]) for m in matches if m["game"] == game]
    return fit_ratings(results, ANCHOR_LEVEL, ANCHOR_RATING)


def measured_table(matches: list[dict]) -> dict[str, dict[str, tuple[int, int, int]]]:
    """The levels' ratings per game, rounded, as ``gamut.ai.ratings.RATINGS`` holds them."""
    table = {}
    for game in GAME_NAMES:
        fitted = ratings(matches, game)
        table[game] = {
            name: tuple(round(v) for v in fitted[name]) for name in offered(game) if name in fitted
        }
    return table


def pair_rows(matches: list[dict], game: str) -> list[tuple[str, str, list[int]]]:
    """Every pair that met in ``game``, its results summed over seeds, for the stronger side."""
    pairs: dict[tuple[str, str], list[int]] = {}
    for m in matches:
        if m["game"] != game:
            continue
        a, b, (won, drawn, lost) = m["a"], m["b"], m["result"]
        if order(a) < order(b):
            a, b, won, lost = b, a, lost, won
        cell = pairs.setdefault((a, b), [0, 0, 0])
        for i, v in enumerate((won, drawn, lost)):
            cell[i] += v
    return sorted(((a, b, r) for (a, b), r in pairs.items()), key=lambda t: (order(t[0]), order(t[1])))


def settings_table() -> str:
    """Each level's depth limit, nominal seconds and noise in each game."""
    import gamut

    states = {game: gamut.new(game) for game in GAME_NAMES}
    out = io.StringIO()
    print("| level | " + " | ".join(GAME_NAMES.values()) + " |", file=out)
    print("|---|" + "---|" * len(GAME_NAMES), file=out)
    for name, lv in LEVELS.items():
        cells = []
        for game, state in states.items():
            if not lv.offered_in(game):
                cells.append("not offered")
                continue
            depth = lv.depth_in(state)
            cells.append(
                f"{'-' if depth >= 64 else depth} / {lv.seconds_in(state):g} s / {lv.noise_in(state):g}"
            )
        print(f"| {name} | " + " | ".join(cells) + " |", file=out)
    return out.getvalue()


def gaps_outside(
    fitted: dict, low: float = 100, high: float = 250, names: list[str] | None = None
) -> list[tuple[str, float]]:
    """Each level of ``names`` (a game's ladder; every level by default) rated
    in ``fitted`` whose rating stands less than ``low`` or more than ``high``
    above the level below it, with that gap."""
    rated = [name for name in (names or LEVELS) if name in fitted]
    gaps = [(b, fitted[b][0] - fitted[a][0]) for a, b in itertools.pairwise(rated)]
    return [(name, gap) for name, gap in gaps if not low <= round(gap) <= high]


def tables(matches: list[dict]) -> str:
    """The Markdown tables: the levels' settings, per game the ratings, then the games per pair."""
    out = io.StringIO()
    print("Each level in each game: depth limit (- none) / nominal seconds / noise\n", file=out)
    print(settings_table(), file=out)
    for game, title in GAME_NAMES.items():
        fitted = ratings(matches, game)
        played: dict[str, int] = {}
        for a, b, r in pair_rows(matches, game):
            for name in (a, b):
                played[name] = played.get(name, 0) + sum(r)
        print(f"### {title}\n", file=out)
        print("| level | rating | 95 % interval | gap to the level below | games |", file=out)
        print("|---|---|---|---|---|", file=out)
        below = None
        for name in [RANDOM, *offered(game)]:
            if name not in fitted:
                if name != RANDOM:
                    print(f"| {name} | not measured | | | 0 |", file=out)
                continue
            rating, low, high = fitted[name]
            gap = f"{rating - below:+.0f}" if below is not None and name != RANDOM else ""
            label = "random mover" if name == RANDOM else name
            print(
                f"| {label} | {rating:.0f} | {low:.0f} to {high:.0f} | {gap} | {played.get(name, 0)} |",
                file=out,
            )
            if name != RANDOM:
                below = rating
        outside = gaps_outside(fitted, names=offered(game))
        words = ", ".join(f"{name} {gap:+.0f}" for name, gap in outside)
        print(f"\nGaps outside 100-250: {words or 'none'}.", file=out)
        print("\n| pair | games | won-drawn-lost (first named) | score |", file=out)
        print("|---|---|---|---|", file=out)
        for a, b, (won, drawn, lost) in pair_rows(matches, game):
            n = won + drawn + lost
            print(f"| {a} vs {b} | {n} | {won}-{drawn}-{lost} | {(won + drawn / 2) / n:.0%} |", file=out)
        print(file=out)
    return out.getvalue()


def ratings_path(game: str) -> Path:
    """Where ``game``'s ratings are written: ``ratings.py`` in its own package."""
    return ROOT / "py" / Path(*gamut.GAMES[game].package.split(".")) / "ratings.py"


def ratings_source(game: str, levels: dict[str, tuple[int, int, int]]) -> str:
    """The text of ``game``'s ``ratings.py`` for its measured ``levels``."""
    body = "\n".join(f'    "{name}": {values},' for name, values in levels.items())
    return f'''"""The levels' ratings in {gamut.GAMES[game].name} (:mod:`gamut.ai.ratings` says what they
mean), written by ``bench/arena_ratings.py table --write``: do not edit."""

RATINGS: dict[str, tuple[int, int, int]] = {{
{body}
}}
'''


def ratings_sources(matches: list[dict]) -> dict[Path, str]:
    """Every measured game's ``ratings.py`` for ``matches``: its path and its text."""
    return {
        ratings_path(game): ratings_source(game, levels) for game, levels in measured_table(matches).items()
    }


def settings_of(game: str, player: str) -> list | str:
    """The settings ``player`` plays ``game`` with, as a record keeps them:
    ``[depth limit, nominal seconds, noise]`` of a level (in the game's
    default variant), ``"random"`` for the random mover.  A record whose
    settings are no longer a level's was played by another player: a test
    fails on it, so a level changed must have its matches played again."""
    if player == RANDOM:
        return RANDOM
    import gamut

    state, lv = gamut.new(game), LEVELS[player]
    return [lv.depth_in(state), lv.seconds_in(state), lv.noise_in(state)]


def play(game, a, b, games, seed, jobs) -> dict:
    t0 = time.time()
    log = io.StringIO()
    won, drawn, lost = match(game, a, b, games, seed=seed, jobs=jobs, out=log)
    print(f"{game} {a} vs {b} seed {seed}: {won}-{drawn}-{lost} ({time.time() - t0:.0f} s)", flush=True)
    source = f"bench/arena_ratings.py play, {time.strftime('%Y-%m-%d')}"
    return {
        "game": game,
        "a": a,
        "b": b,
        "seed": seed,
        "games": games,
        "result": [won, drawn, lost],
        "source": source,
        "settings": {a: settings_of(game, a), b: settings_of(game, b)},
    }


def record(entry: dict) -> None:
    """Add ``entry`` to the recorded matches (two matches played at once
    each add theirs: the file is locked while it is rewritten)."""
    import fcntl
    import tempfile

    same = ("game", "a", "b", "seed")
    with open(Path(tempfile.gettempdir()) / "gamut-ratings-games.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        matches = [m for m in load() if any(m[k] != entry[k] for k in same)]
        save([*matches, entry])


def main(argv) -> int:
    p = argparse.ArgumentParser(prog="bench/arena_ratings.py", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    t = sub.add_parser("table", help="fit the recorded games and print the tables")
    t.add_argument("--write", action="store_true", help="also regenerate each game's ratings.py")
    g = sub.add_parser("play", help="play a match and record it")
    g.add_argument("game", choices=list(GAME_NAMES))
    g.add_argument("a", choices=[*LEVELS, RANDOM])
    g.add_argument("b", choices=[*LEVELS, RANDOM])
    g.add_argument("--games", type=int, default=12)
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--jobs", type=int, default=1)
    r = sub.add_parser("rebuild", help="replay every recorded match from its seed, then print")
    r.add_argument("--jobs", type=int, default=2)
    args = p.parse_args(argv)
    if args.command == "play":
        record(play(args.game, args.a, args.b, args.games, args.seed, args.jobs))
    elif args.command == "rebuild":
        for m in load():
            record(play(m["game"], m["a"], m["b"], m["games"], m["seed"], args.jobs))
    matches = load()
    print(tables(matches))
    if args.command == "table" and args.write:
        for path, text in ratings_sources(matches).items():
            path.write_text(text)
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Generate puzzles from self-play: ``python tools/puzzles/generate.py GAME
--count N [--out FILE] [--seconds S]`` (run from the repository with
``PYTHONPATH=py:.``).

The recipe, after lichess-puzzler: play games between weak, noisy searches
(the computer's weaker levels blunder, which is what makes puzzles), then
look at every position after a move: when the side to move has a forced
win within 1-3 of its own turns with exactly one winning move at each of its
steps (proved by :mod:`gamut.puzzles.solve`, alternatives included), that
position, the move before it and the solution line are a puzzle.  The
opponent's replies along the line are the longest defence (the first that
keeps the solver's next step unique).  EVL also yields gain puzzles: one
move that gains decisively more pentagons than any other.  Every puzzle
kept passes :func:`gamut.puzzles.check.check` before it is written.

EL (threats announced) has its own finder, :mod:`el_fast` (a win in 2 is a
double threat, found from the rules' threat pairs in milliseconds), which
looks at every position of a self-play game and at other blunders from it
(:func:`el_candidates`); the checker proves each puzzle it keeps.

Positions are deduplicated (by position text), puzzles are spread over the
game's variants in turn, and each gets its theme (:func:`classify`) and a
starting rating (:func:`rating`).  The run prints how many candidate
positions it examined, how many it kept and the CPU time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from gamut import load, new
from gamut.ai.search import AlphaBeta
from gamut.puzzles import check as checker
from gamut.puzzles.puzzle import Puzzle, read, write
from gamut.puzzles.solve import OverBudget, Prover, gains
from gamut.puzzles.themes import classify

try:  # run as a script (tools/puzzles on the path) or as tools.puzzles.generate
    import el_fast
except ImportError:  # pragma: no cover
    from tools.puzzles import el_fast


@dataclass(frozen=True)
class Setup:
    """One variant to draw puzzles from, and how its games are played."""

    variant: str
    options: tuple[tuple[str, Any], ...] = ()
    max_turns: int = 3  # the longest win looked for (in the solver's turns)
    deep_share: float = 1.0  # the share of eligible positions searched for longer wins (CPU)
    siblings: int = 0  # other blunders tried from the position before a win in 1


SETUPS: dict[str, list[Setup]] = {
    "loa": [Setup("standard"), Setup("scrambled-eggs")],
    "el": [
        # EL's own finder (el_fast) looks at every position and at other
        # blunders from it: a win in 2 is a double threat, found in milliseconds
        Setup("standard", max_turns=3, siblings=60),
        Setup("eight", max_turns=3, siblings=40),
        Setup("consecutive", max_turns=3, siblings=60),
    ],
    "escabel": [
        Setup("standard", (("size", 7),), max_turns=2),
        Setup("standard", (("size", 9),), max_turns=2),
    ],
    "evl": [Setup("standard", (("markers", 10),), max_turns=2)],
}


@dataclass
class Tally:
    candidates: int = 0
    kept: int = 0
    along: set[str] = field(default_factory=set)  # positions inside found solutions


def self_play(setup: Setup, game: str, rng: random.Random) -> list[tuple[Any, Any]]:
    """One game of noisy shallow searches: ``[(state, move played), ...]``
    and the final state with ``None``."""
    state = new(game, setup.variant, **dict(setup.options))
    depth = rng.choice((1, 1, 2))
    noise = rng.choice((10.0, 30.0, 60.0))
    line = []
    for ply in range(400):
        if state.outcome() is not None:
            break
        if ply < 2:
            move = rng.choice(state.legal_moves())
        else:
            move = AlphaBeta(state, max_depth=depth, seed=rng.getrandbits(32), noise=noise).run()
        line.append((state, move))
        state = state.play_unchecked(move)
    line.append((state, None))
    return line


def short_text(state: Any) -> str:
    """The position text without its repetition history when it loads the
    same (a puzzle starts fresh; the checker proves it from this text)."""
    text = state.to_text()
    parts = text.split(" ")
    kept = [p for p in parts if not p.startswith("history=")]
    if len(kept) != len(parts):
        shorter = " ".join(kept)
        try:
            if load(shorter).to_text() == shorter:
                return shorter
        except Exception:
            pass
    return text


def solution(prover: Prover, state: Any, turns: int) -> list[Any] | None:
    """The line from ``state`` (solver to move, winning in exactly ``turns``
    with a unique move at each step), or None."""
    winners = [m for m in state.legal_moves() if prover.wins_with(state, m, turns)]
    if len(winners) != 1:
        return None
    move = winners[0]
    after = state.play_unchecked(move)
    if turns == 1:
        return [move]
    for reply in _replies(after):
        answered = after.play_unchecked(reply)
        if prover.turn_of(answered, turns - 2):
            continue  # a shorter loss: not the longest defence
        rest = solution(prover, answered, turns - 1)
        if rest is not None:
            return [move, reply] + rest
    return None


def _replies(state: Any) -> list[Any]:
    first = list(state.search_moves())
    chosen = set(first)
    return first + [m for m in state.legal_moves() if m not in chosen]


def rating(state: Any, line: list[Any], turns: int) -> int:
    """A provisional difficulty, by the solver's turns and the choice of
    moves; ``rate.py`` measures the one a set ships with."""
    base = {1: 800, 2: 1300, 3: 1700}.get(turns, 1900)
    return base + min(len(state.legal_moves()), 60) * 4


#: The fewest solver turns a puzzle may take (``--min-turns``): 2 makes
#: multi-move puzzles only (a position with a win in 1 is then skipped).
MIN_TURNS = 1
#: The most nodes one position's proofs may take (``--node-limit``; None:
#: no limit): a few positions cost minutes, and skipping them costs little.
NODE_LIMIT: int | None = None


def el_candidates(setup: Setup, rng: random.Random, tally: Tally) -> Iterator[Puzzle]:
    """EL (threats announced): every position of a self-play game before
    the opponent's move, that move and up to ``setup.siblings`` other
    blunders from it, each looked at by :mod:`el_fast` (a unique win in 1,
    else in 2, else in 3 turns); the first puzzle of each start is kept
    (one puzzle per start)."""
    line = self_play(setup, "el", rng)
    for i in range(1, len(line) - 1):
        before, last = line[i - 1]
        if before.outcome() is not None or before._threat_pairs()[before.to_move]:
            continue  # the opponent could win at once: no blunder to punish
        others = [m for m in before.legal_moves() if m != last]
        tries = [last] + rng.sample(others, min(setup.siblings, len(others)))
        for move in tries:
            state = before.play_unchecked(move)
            if state.outcome() is not None or state.to_text() in tally.along:
                continue
            tally.candidates += 1
            found = el_fast.solve(state, setup.max_turns, MIN_TURNS)
            if found is None or found[0] < MIN_TURNS:
                continue
            turns, moves = found
            yield make("el", setup, before, move, state, moves, turns, "win", tally)
            break


def candidates(game: str, setup: Setup, rng: random.Random, tally: Tally) -> Iterator[Puzzle]:
    if game == "el" and not dict(setup.options).get("declare-threats"):
        yield from el_candidates(setup, rng, tally)
        return
    line = self_play(setup, game, rng)
    end = len(line) - 1
    for i in range(2, end):
        before, last = line[i - 1]
        state = line[i][0]
        if state.outcome() is not None or state.to_move == before.to_move:
            continue
        if state.to_text() in tally.along:
            continue
        if MIN_TURNS > 1 and end - i > 2 * setup.max_turns:
            continue  # too far from the end for the longer wins looked for (below)
        tally.candidates += 1
        prover = Prover(state.to_move, NODE_LIMIT)
        found = None
        winner = line[end][0].outcome()
        won = winner is not None and winner.winner == state.to_move
        try:
            for turns in range(1, setup.max_turns + 1):
                # A longer proof is tried only where the game shows a win that
                # short: the side to move won it within that many turns.
                if turns > 1 and not (won and end - i <= 2 * turns and rng.random() < setup.deep_share):
                    break
                if prover.has_win(state, turns):
                    found = solution(prover, state, turns)
                    if found is not None:
                        found = (turns, found)
                    break
        except OverBudget:
            continue  # a proof too costly: the position is skipped
        goal = "win"
        if found is not None and found[0] < MIN_TURNS:
            continue
        if found is None and game == "evl" and MIN_TURNS <= 1:
            scored = gains(state)
            if (
                len(scored) > 1
                and scored[0][0] >= checker.MIN_GAIN
                and scored[0][0] < 100
                and scored[1][0] <= scored[0][0] - checker.MARGIN
            ):
                found = (1, [scored[0][1]])
                goal = f"gain {scored[0][0]}"
        if found is None:
            continue
        turns, moves = found
        yield make(game, setup, before, last, state, moves, turns, goal, tally)
        if turns == 1 and goal == "win" and setup.siblings and MIN_TURNS <= 1:
            yield from siblings(game, setup, before, last, rng, tally)


def siblings(game: str, setup: Setup, before: Any, last: Any, rng: random.Random, tally: Tally):
    """Other blunders from the same position: up to ``setup.siblings`` other
    moves of the opponent, each tried for a unique win in 1 of the solver
    (a whole self-play game costs far more than these few proofs)."""
    others = [m for m in before.legal_moves() if m != last]
    for other in rng.sample(others, min(setup.siblings, len(others))):
        state = before.play_unchecked(other)
        if state.outcome() is not None or state.to_move == before.to_move:
            continue
        if state.to_text() in tally.along:
            continue
        tally.candidates += 1
        moves = solution(Prover(state.to_move), state, 1)
        if moves is not None:
            yield make(game, setup, before, other, state, moves, 1, "win", tally)


def make(
    game: str,
    setup: Setup,
    before: Any,
    last: Any,
    state: Any,
    moves: list[Any],
    turns: int,
    goal: str,
    tally: Tally,
) -> Puzzle:
    """The puzzle of ``moves`` (the solution from ``state``, reached from
    ``before`` by the opponent's ``last``), themed and rated."""
    texts = [before.move_text(last)]
    s = state
    for m in moves:
        texts.append(s.move_text(m))
        s = s.play_unchecked(m)
    puzzle = Puzzle(
        id="",
        game=game,
        variant=setup.variant,
        options=state.options_json(),
        start=short_text(before),
        extra={"history": "cut"} if short_text(before) != before.to_text() else {},
        moves=texts,
        player=state.to_move,
        theme="",
        rating=rating(state, moves, turns),
        goal=goal,
    )
    puzzle.theme = classify(puzzle)
    tally.along.add(state.to_text())
    along = state
    for k, m in enumerate(moves):  # the line's later positions are this puzzle's, not new ones
        along = along.play_unchecked(m)
        if k % 2 == 1:
            tally.along.add(along.to_text())
    return puzzle


def stream(game: str, seed: int, tally: Tally, quiet: bool = False) -> Iterator[list[Puzzle]]:
    """Endless: each step plays one self-play game (the setups in turn, the
    least served first) and yields the new puzzles it gave (deduplicated,
    numbered).  A puzzle is proved while it is made (:func:`solution`); the
    checker runs again only on one whose start text lost its repetition
    history (the proof was made with it)."""
    rng = random.Random(seed)
    setups = SETUPS[game]
    per_setup = {s: 0 for s in setups}
    seen: set[str] = set()
    made = 0
    while True:
        setup = min(setups, key=lambda s: per_setup[s])
        new_ones = []
        for puzzle in candidates(game, setup, rng, tally):
            key = puzzle.start  # one puzzle per start position
            if key in seen:
                continue
            seen.add(key)
            puzzle.id = puzzle.content_id()
            if puzzle.extra.pop("history", None) or game == "el":  # (EL: el_fast's finds)
                try:
                    checker.check(puzzle)
                except checker.PuzzleError as exc:
                    if not quiet:
                        print(f"refused by the checker: {exc}", file=sys.stderr)
                    continue
            made += 1
            tally.kept += 1
            new_ones.append(puzzle)
        per_setup[setup] += max(1, len(new_ones))
        yield new_ones


def generate(
    game: str,
    count: int,
    seconds: float,
    seed: int,
    tally: Tally,
    quiet: bool = False,
    out: str | None = None,
) -> list[Puzzle]:
    """Up to ``count`` puzzles of ``game`` in about ``seconds`` of CPU at
    most (a game in progress is finished); ``out`` is rewritten as they come
    (a stopped run keeps what it made)."""
    puzzles: list[Puzzle] = []
    t0 = time.process_time()
    for new_ones in stream(game, seed, tally, quiet):
        puzzles += new_ones
        if new_ones and out:
            with open(out, "w", encoding="utf-8") as f:
                f.write(write(puzzles[:count]))
        if new_ones and not quiet:
            print(
                f"{game}: {len(puzzles)} puzzles, {tally.candidates} candidates, "
                f"{time.process_time() - t0:.0f} CPU s",
                file=sys.stderr,
                flush=True,
            )
        if len(puzzles) >= count or time.process_time() - t0 >= seconds:
            break
    return puzzles[:count]


def interleave(
    games: list[str], count: int, seconds: float, seed: int, out_dir: str, have: dict[str, int] | None = None
) -> None:
    """Every game in turn, one self-play game at a time, the game with the
    fewest puzzles first (``have``: how many each has already, from earlier
    runs), until each has ``count`` or the CPU budget is spent; each game's
    file (``out_dir/<game>.txt``) is rewritten as it grows, so a stopped run
    keeps what it made."""
    have = have or {}
    tallies = {g: Tally() for g in games}
    streams = {g: stream(g, seed, tallies[g]) for g in games}
    found: dict[str, list[Puzzle]] = {g: [] for g in games}
    spent = {g: 0.0 for g in games}
    written = {g: 0 for g in games}
    t_start = time.process_time()
    while time.process_time() - t_start < seconds:
        open_games = [g for g in games if have.get(g, 0) + len(found[g]) < count]
        if not open_games:
            break
        game = min(open_games, key=lambda g: (have.get(g, 0) + len(found[g]), spent[g]))
        t0 = time.process_time()
        found[game] += next(streams[game])
        spent[game] += time.process_time() - t0
        if len(found[game]) - written[game] >= 10:
            with open(f"{out_dir}/{game}.txt", "w", encoding="utf-8") as f:
                f.write(write(found[game][:count]))
            written[game] = len(found[game])
            tally = tallies[game]
            print(
                f"{game}: {len(found[game])} puzzles, {tally.candidates} candidates, {spent[game]:.0f} CPU s",
                file=sys.stderr,
                flush=True,
            )
    for game in games:  # what the last games made
        if len(found[game]) > written[game]:
            with open(f"{out_dir}/{game}.txt", "w", encoding="utf-8") as f:
                f.write(write(found[game]))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("game", choices=sorted(SETUPS) + ["all"], help="a game, or all of them in turn")
    p.add_argument("--count", type=int, default=300)
    p.add_argument("--seconds", type=float, default=3600.0, help="CPU seconds at most")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--have", action="append", help="with all: a folder of earlier runs' files")
    p.add_argument("--deep-share", type=float, help="the share of positions searched for longer wins")
    p.add_argument("--node-limit", type=int, help="skip a position whose proofs take more nodes")
    p.add_argument("--min-turns", type=int, default=1, help="2: multi-move puzzles only")
    p.add_argument("--out", help="the file to write (default: standard output); with all, a folder")
    args = p.parse_args(argv)
    global MIN_TURNS, NODE_LIMIT
    MIN_TURNS = args.min_turns
    NODE_LIMIT = args.node_limit
    if args.deep_share is not None:  # every setup of the game searches that share for longer wins
        SETUPS[args.game] = [replace(s, deep_share=args.deep_share) for s in SETUPS[args.game]]
    if args.game == "all":
        have = {}
        for game in SETUPS:  # puzzles made by earlier runs count towards --count
            for folder in args.have or []:
                try:
                    with open(f"{folder}/{game}.txt", encoding="utf-8") as f:
                        have[game] = have.get(game, 0) + len(read(f.read()))
                except FileNotFoundError:
                    pass
        interleave(sorted(SETUPS), args.count, args.seconds, args.seed, args.out or ".", have)
        return 0
    tally = Tally()
    t0 = time.process_time()
    puzzles = generate(args.game, args.count, args.seconds, args.seed, tally, out=args.out)
    spent = time.process_time() - t0
    text = write(puzzles)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    rate = len(puzzles) / (spent / 60) if spent else 0.0
    share = tally.kept / tally.candidates if tally.candidates else 0.0
    print(
        f"{args.game}: {len(puzzles)} puzzles from {tally.candidates} candidate positions "
        f"({share:.1%} kept) in {spent:.0f} CPU s: {rate:.1f} puzzles per CPU minute",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

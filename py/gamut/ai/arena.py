"""Matches between computer levels: ``python -m gamut arena loa --a strong --b casual --games 20``.

Sides alternate every game, and each pair of games opens with the same few
random moves (once with each colour assignment) so that games vary but the
pair is fair.  Every move is chosen by the level's node budget, never by the
clock, so a match is reproducible from its ``--seed`` on any machine, and
``--jobs`` plays games in parallel processes with the same results.
Prints each game, then wins/draws/losses for A and the Elo difference with
its 95 % interval.
"""

from __future__ import annotations

import math
import random
import sys

from .. import core
from . import LEVELS, choose


def game_seed(seed: int, pair: int) -> int:
    """The seed of game pair ``pair`` of a match started with ``seed``
    (distinct matches share no openings)."""
    return random.Random(f"{seed}:{pair}").getrandbits(32)


def play_game(start, seats_levels, seed, opening_plies=2, max_plies=400):
    """Play one game; return ``(winner or None, plies)``."""
    rng = random.Random(seed)
    state = start
    for _ in range(opening_plies):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.play_unchecked(rng.choice(moves))
    plies = opening_plies
    while state.outcome() is None and plies < max_plies:
        level = seats_levels[state.to_move]
        state = state.play_unchecked(choose(state, level, seed=rng.getrandbits(32)))
        plies += 1
    o = state.outcome()
    return (None if o is None else o.winner), plies


def to_elo(p: float) -> float:
    """The Elo difference that makes ``p`` the expected score (±inf at 1 and 0)."""
    if p >= 1:
        return math.inf
    if p <= 0:
        return -math.inf
    return -400 * math.log10(1 / p - 1)


def elo(score: float, games: int, z: float = 1.96) -> tuple[float, float, float]:
    """The Elo difference for a score fraction over ``games`` games, with
    the bounds of its 95 % interval (the Wilson interval of the score,
    which stays sensible at 0 % and 100 %)."""
    n = max(games, 1)
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return to_elo(score), to_elo(centre - half), to_elo(centre + half)


def elo_text(score: float, games: int) -> str:
    """``+255 (95 %: +60 to +560)``."""
    def fmt(x):
        return "+inf" if x == math.inf else "-inf" if x == -math.inf else f"{round(x):+d}"
    diff, low, high = elo(score, games)
    return f"{fmt(diff)} (95 %: {fmt(low)} to {fmt(high)})"


def _one(args):
    game, variant, options, seats, seed = args
    return play_game(core.new(game, variant, **options), seats, seed)


def _results(tasks, jobs):
    """The games' results in order, each as soon as it and those before it are in."""
    if jobs <= 1:
        yield from map(_one, tasks)
        return
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(_one, tasks)


def match(game, a, b, games, variant=None, seed=0, out=sys.stdout, jobs=1, **options):
    """Play ``games`` games of level ``a`` against ``b``; A takes seat
    ``g % players`` in game ``g``.  Returns (wins, draws, losses) for A."""
    start = core.new(game, variant, **options)
    players = start.num_players
    tasks = []
    for g in range(games):
        seats = [b] * players
        seats[g % players] = a
        tasks.append((game, start.variant, start.options, seats, game_seed(seed, g // players)))
    wins = draws = losses = 0
    for g, (winner, plies) in enumerate(_results(tasks, jobs)):
        a_seat = g % players
        if winner is None:
            draws += 1
        elif winner == a_seat:
            wins += 1
        else:
            losses += 1
        verdict = "draw" if winner is None else "win" if winner == a_seat else "loss"
        print(f"game {g + 1}: A ({a}) seat {a_seat}: {verdict} in {plies} plies",
              file=out, flush=True)
    if players > 2:  # one A against several B's: compare with a fair share
        print(f"{game}: A={a} vs {players - 1} x B={b}: A won {wins} of {games} games "
              f"({wins / games:.0%}; a fair share is {1 / players:.0%}), each B seat "
              f"{losses / (players - 1) / games:.0%}, {draws} draws", file=out)
        return wins, draws, losses
    score = (wins + draws / 2) / games
    print(f"{game}: A={a} vs B={b}: {wins} wins, {draws} draws, {losses} losses "
          f"(score {score:.0%}); Elo difference {elo_text(score, games)}", file=out)
    return wins, draws, losses


def add_cli(sub):
    p = sub.add_parser("arena", help="play computer levels against each other")
    p.add_argument("game")
    p.add_argument("--a", default="strong", choices=list(LEVELS))
    p.add_argument("--b", default="casual", choices=list(LEVELS))
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--variant")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")

    def run(args):
        match(args.game, args.a, args.b, args.games, args.variant, args.seed, jobs=args.jobs)
        return 0
    return {"arena": run}

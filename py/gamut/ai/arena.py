"""Matches between computer levels: ``python -m gamut arena loa --a strong --b casual --games 20``.

Sides alternate every game, and each game opens with a few random moves
(the same opening for both colour assignments of a pair) so that games vary.
Prints wins/draws/losses for A and the Elo difference with a 95% margin.
"""

from __future__ import annotations

import math
import random
import sys

from .. import core
from . import LEVELS, choose


def play_game(start, seats_levels, seed, opening_plies=2, max_plies=400):
    rng = random.Random(seed)
    state = start
    for _ in range(opening_plies):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.play(rng.choice(moves))
    plies = 0
    while state.outcome() is None and plies < max_plies:
        level = seats_levels[state.to_move]
        state = state.play(choose(state, level, seed=rng.getrandbits(32)))
        plies += 1
    o = state.outcome()
    return None if o is None else o.winner


def elo(score: float, games: int) -> tuple[float, float]:
    """Elo difference for a score fraction, and its 95% margin."""
    def to_elo(p):
        p = min(max(p, 1e-3), 1 - 1e-3)
        return -400 * math.log10(1 / p - 1)
    se = math.sqrt(max(score * (1 - score), 1e-6) / max(games, 1))
    return to_elo(score), (to_elo(score + 1.96 * se) - to_elo(score - 1.96 * se)) / 2


def match(game, a, b, games, variant=None, seed=0, out=sys.stdout, **options):
    start = core.new(game, variant, **options)
    players = start.num_players
    wins = draws = losses = 0
    for g in range(games):
        a_seat = g % players
        seats = [b] * players
        seats[a_seat] = a
        winner = play_game(start, seats, seed + g // 2)
        if winner is None:
            draws += 1
        elif winner == a_seat:
            wins += 1
        else:
            losses += 1
        print(f"game {g + 1}: A ({a}) seat {a_seat}: "
              f"{'draw' if winner is None else 'win' if winner == a_seat else 'loss'}",
              file=out, flush=True)
    score = (wins + draws / 2) / games
    diff, margin = elo(score, games)
    print(f"{game}: A={a} vs B={b}: {wins} wins, {draws} draws, {losses} losses "
          f"(score {score:.0%}); Elo difference {diff:+.0f} ± {margin:.0f}", file=out)
    return wins, draws, losses


def add_cli(sub):
    p = sub.add_parser("arena", help="play computer levels against each other")
    p.add_argument("game")
    p.add_argument("--a", default="strong", choices=list(LEVELS))
    p.add_argument("--b", default="casual", choices=list(LEVELS))
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--variant")
    p.add_argument("--seed", type=int, default=0)

    def run(args):
        match(args.game, args.a, args.b, args.games, args.variant, args.seed)
        return 0
    return {"arena": run}

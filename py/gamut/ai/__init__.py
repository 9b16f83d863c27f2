"""Computer opponents: one entry point for the worker, the tools and the tests.

>>> import gamut, gamut.ai
>>> s = gamut.new("loa")
>>> m = gamut.ai.choose(s, level="beginner", seed=1)
>>> m in s.legal_moves()
True

``choose(state, level, seed)`` returns a move; ``start(state, level, seed)``
returns the time-sliced search under it (``step(budget_ms)`` / ``done`` /
``choice()``), which the worker drives slice by slice.

A game names its search with ``search_kind``: ``"alphabeta"`` (two players
and an ``evaluate()``: LOA, Escabel, EVL, two-player EL) or ``"mcts"``,
Monte-Carlo tree search (the three- and four-player EL variants).  Levels
are node budgets, so a search is deterministic for a seed; ``time_limit``
only caps the wall time.  A game sets its nominal speed (``search_speed``,
measured in CPython) so that a level thinks about as long in every game.

What a game offers the search is declared once, in ``core.SearchHooks``
(``evaluate``, ``move_order_keys``, ``search_moves``, ``search_kind``,
``search_speed``, ``level_seconds``); ``core.State`` gives each a default,
and a game overrides what it needs, each a few-line method delegating to
the game's evaluation module (``gamut.games.<id>.evaluation``, one shape for
every game: ``core.EvaluationProtocol``, found through ``core.evaluation(game)``).  EL's ``search_moves`` cuts its 200 placements down to
threats, blocks and the best-placed others.

Developer tools live outside the shipped package, in the repository's
``tools/``: ``tools.arena`` plays levels and engine versions against each
other, ``tools.solve`` proves short forced wins by exact full-width search.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..core import OptionError, SearchHooks, excerpt
from ..messages import Message
from .montecarlo import MonteCarlo
from .search import AlphaBeta

__all__ = ["LEVELS", "Level", "choose", "ladder", "start", "search_kind"]


@dataclass(frozen=True)
class Level:
    """A computer level.  Its work is counted, not timed, so that a level
    plays the same move for the same seed on any machine: ``seconds`` of
    thinking at the game's nominal CPython speed (``search_speed``: nodes
    per second for alpha-beta, simulations per second for Monte-Carlo)
    becomes the node or simulation budget.  In the browser a search runs
    about half as fast, so it takes about twice ``seconds``."""

    name: str
    label: str
    max_depth: int  # alpha-beta depth limit
    seconds: float  # nominal thinking time (CPython), turned into a budget
    noise: float  # softmax temperature over root scores (0 = best move)
    #: Two level names: this level thinks the geometric mean of their
    #: times in each game (``seconds`` is then only its usual value), so it
    #: stays halfway between them where a game gives one of them more time
    #: (a game's ``by_game`` entry comes first: in Lines of Action and EL,
    #: halfway was only 50-70 Elo above Strong).
    between: tuple[str, str] | None = None
    #: (game id, (max_depth, seconds, noise)): where a game needs the level
    #: set otherwise to stand between its neighbours (what a slip costs, and
    #: what a ply more or a few more nodes give, differ from game to game;
    #: measured in ``bench/RATINGS.md``).
    by_game: tuple[tuple[str, tuple[int, float, float]], ...] = ()
    #: The games whose ladder offers this level (empty: every game).  The
    #: ladders differ where the games do: Lines of Action needs two levels
    #: between Casual and Strong (Advanced), EVL two between Beginner and
    #: Casual (Apprentice), to keep neighbours 100-250 Elo apart; Escabel and
    #: EL have room for one.  A level left out of a game's ladder still
    #: plays there (an old link keeps working); it is just not offered.
    games: tuple[str, ...] = ()

    def offered_in(self, game: str) -> bool:
        """Whether ``game``'s ladder (:func:`ladder`) lists this level."""
        return not self.games or game in self.games

    def _in(self, state) -> tuple[int, float, float]:
        """(max_depth, seconds, noise) in ``state``'s game."""
        return dict(self.by_game).get(state.info.id, (self.max_depth, self.seconds, self.noise))

    def depth_in(self, state) -> int:
        """The depth limit in ``state``'s game."""
        return self._in(state)[0]

    def noise_in(self, state) -> float:
        """The softmax temperature in ``state``'s game."""
        return self._in(state)[2]

    def seconds_in(self, state) -> float:
        """The nominal thinking time in ``state``'s game: ``seconds`` (or the
        level's own for that game, ``by_game``), unless the game asks for
        another (``state.level_seconds``, {level: seconds}) or the level
        sits ``between`` two others (where ``by_game`` does not set it)."""
        if self.name in state.level_seconds:
            return state.level_seconds[self.name]
        if self.between is not None and state.info.id not in dict(self.by_game):
            low, high = (LEVELS[name].seconds_in(state) for name in self.between)
            return round(math.sqrt(low * high), 3)
        return self._in(state)[1]

    def time_limit(self, state) -> float:
        """A wall-clock cap (seconds) for interactive use, far above the
        budget's nominal time, so that a slow machine still gets an answer."""
        return max(3.0, 5 * self.seconds_in(state))

    def budget(self, state) -> int:
        """Nodes (alpha-beta) or simulations (Monte-Carlo) for ``state``."""
        return max(16, int(self.seconds_in(state) * state.search_speed))


#: Every level, weakest first (the page lists them in this order).  The
#: four of the first ladder (beginner, casual, strong, master) keep their
#: names and exact parameters (links name them; ``tests/test_levels.py``
#: pins their moves); the others fill the gaps, aiming at neighbours
#: 100-250 Elo apart (measured: ``bench/RATINGS.md``).  Low levels see one or two plies
#: and pick among the root moves by a wide softmax: they take a win in one
#: (a proven win is never left to chance) and blunder often.
LEVELS = {
    "novice": Level(
        "novice",
        "Novice",
        1,
        0.05,
        40.0,
        by_game=(("escabel", (1, 0.05, 300.0)), ("evl", (1, 0.05, 150.0)), ("el", (1, 0.05, 300.0))),
    ),
    "beginner": Level("beginner", "Beginner", 2, 0.1, 60.0),
    "apprentice": Level("apprentice", "Apprentice", 3, 0.15, 100.0, games=("evl",)),
    "improver": Level(
        "improver",
        "Improver",
        3,
        0.15,
        40.0,
        by_game=(("escabel", (3, 0.07, 15.0)), ("evl", (3, 0.15, 50.0)), ("el", (3, 0.2, 25.0))),
    ),
    "casual": Level("casual", "Casual", 3, 0.25, 15.0),
    "club": Level("club", "Club", 3, 0.25, 0.0, by_game=(("loa", (64, 0.05, 0.0)),)),
    "advanced": Level("advanced", "Advanced", 64, 0.18, 0.0, games=("loa",)),
    "strong": Level("strong", "Strong", 64, 0.75, 0.0),
    "expert": Level(
        "expert",
        "Expert",
        64,
        1.5,
        0.0,
        between=("strong", "master"),
        by_game=(("loa", (64, 3.5, 0.0)), ("el", (64, 3.5, 0.0))),
    ),
    "master": Level("master", "Master", 64, 3.0, 0.0),
}


def ladder(game: str) -> list[Level]:
    """The levels ``game`` offers, weakest first: every level of
    :data:`LEVELS` whose ``games`` admit it."""
    return [lv for lv in LEVELS.values() if lv.offered_in(game)]


def level(name: str) -> Level:
    try:
        return LEVELS[name]
    except KeyError:
        said = Message("error.request.unknownLevel", {"level": excerpt(name), "levels": ", ".join(LEVELS)})
        raise OptionError(said) from None


def search_kind(state: SearchHooks) -> str:
    return state.search_kind


def start(
    state,
    level_name: str = "strong",
    seed=None,
    tt=None,
    *,
    best_only: bool = False,
    depth: int | None = None,
):
    """The sliced search for ``state`` at ``level_name``.  ``best_only``
    drops the level's human-like noise (an analysis wants the best move at
    that level's budget); ``depth`` (alpha-beta only) searches to that many
    plies instead, however many nodes it takes."""
    lv = level(level_name)
    if search_kind(state) == "alphabeta":
        if depth is not None:
            return AlphaBeta(state, max_depth=depth, seed=seed, tt=tt, score_single_move=True)
        return AlphaBeta(
            state,
            max_depth=lv.depth_in(state),
            max_nodes=lv.budget(state),
            seed=seed,
            noise=0.0 if best_only else lv.noise_in(state),
            tt=tt,
            score_single_move=best_only,
        )
    if depth is not None:
        raise OptionError(
            Message("error.analysis.depthMonteCarlo", {"game": state.info.name, "variant": state.variant})
        )
    return MonteCarlo(state, max_iterations=lv.budget(state), seed=seed)


def choose(state, level: str = "strong", seed=None, time_limit: float | None = None):
    """The move the computer plays in ``state`` at ``level``: deterministic
    for a seed (the budget is counted in nodes), unless ``time_limit``
    seconds run out first."""
    return start(state, level, seed).run(time_limit=time_limit)

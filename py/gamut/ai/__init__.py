"""Computer opponents: one entry point for the worker, the arena and the tests.

>>> import gamut, gamut.ai
>>> s = gamut.new("loa")
>>> m = gamut.ai.choose(s, level="beginner", seed=1)
>>> m in s.legal_moves()
True

``choose(state, level, seed)`` returns a move; ``start(state, level, seed)``
returns the time-sliced search under it (``step(budget_ms)`` / ``done`` /
``choice()``), which the worker drives slice by slice.

A game chooses its search by what its state offers: a state with an
``evaluate()`` method and two players gets alpha-beta; anything else (the
three- and four-player EL variants) gets Monte-Carlo tree search.  A state may
also name one explicitly with a ``search_kind`` attribute (``"alphabeta"`` or
``"mcts"``).  Levels are node budgets, so a search is deterministic for a
seed; ``time_limit`` only caps the wall time.  A game sets its nominal speed
(``search_speed``, measured in CPython) so that a level thinks about as long
in every game.

What a game offers the search (all optional but ``evaluate`` for
alpha-beta), each a few-line method of its State delegating to the game's
evaluation module (``loa.py`` itself, ``el_eval``, ``escabel_eval``,
``evl_eval``):

* ``evaluate()``: a score for the side to move, well below ``search.WIN``;
* ``move_order_keys(moves)``: their priorities (higher first), for move
  ordering;
* ``search_moves()``: forward pruning, the subset of the legal moves worth
  searching (it must hold every forced move); EL uses it to cut its 200
  placements down to threats, blocks and the best-placed others;
* ``search_kind``: ``"alphabeta"`` or ``"mcts"``;
* ``level_seconds``: {level name: seconds}, a level's thinking time in this
  game when it should differ from the level's own (two-player EL's Master).

``gamut.ai.solve`` proves short forced wins by exact full-width search
(tests and tools only).
"""

from __future__ import annotations

from dataclasses import dataclass

from .search import AlphaBeta, MonteCarlo

__all__ = ["LEVELS", "Level", "choose", "start", "search_kind"]


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
    max_depth: int      # alpha-beta depth limit
    seconds: float      # nominal thinking time (CPython), turned into a budget
    noise: float        # softmax temperature over root scores (0 = best move)

    def seconds_in(self, state) -> float:
        """The nominal thinking time in ``state``'s game: ``seconds``, unless
        the game asks for another (``state.level_seconds``, {level: seconds})."""
        return (getattr(state, "level_seconds", None) or {}).get(self.name, self.seconds)

    def time_limit(self, state) -> float:
        """A wall-clock cap (seconds) for interactive use, far above the
        budget's nominal time, so that a slow machine still gets an answer."""
        return max(3.0, 5 * self.seconds_in(state))

    def budget(self, state) -> int:
        """Nodes (alpha-beta) or simulations (Monte-Carlo) for ``state``."""
        kind = search_kind(state)
        speed = getattr(state, "search_speed", None) or DEFAULT_SPEED[kind]
        return max(16, int(self.seconds_in(state) * speed))


# Nominal CPython speeds for a game that declares none.
DEFAULT_SPEED = {"alphabeta": 20_000, "mcts": 1_000}

LEVELS = {
    "beginner": Level("beginner", "Beginner", 2, 0.1, 60.0),
    "casual": Level("casual", "Casual", 3, 0.25, 15.0),
    "strong": Level("strong", "Strong", 64, 0.75, 0.0),
    "master": Level("master", "Master", 64, 3.0, 0.0),
}


def level(name: str) -> Level:
    try:
        return LEVELS[name]
    except KeyError:
        from ..core import OptionError
        raise OptionError(f"unknown level {name!r}; choose one of " + ", ".join(LEVELS)) from None


def search_kind(state) -> str:
    kind = getattr(state, "search_kind", None)
    if kind:
        return kind
    if state.num_players == 2 and hasattr(state, "evaluate"):
        return "alphabeta"
    return "mcts"


def start(state, level_name: str = "strong", seed=None, tt=None):
    """The sliced search for ``state`` at ``level_name``."""
    lv = level(level_name)
    if search_kind(state) == "alphabeta":
        return AlphaBeta(state, max_depth=lv.max_depth, max_nodes=lv.budget(state),
                         seed=seed, noise=lv.noise, tt=tt)
    return MonteCarlo(state, max_iterations=lv.budget(state), seed=seed)


def choose(state, level: str = "strong", seed=None, time_limit: float | None = None):
    """The move the computer plays in ``state`` at ``level``: deterministic
    for a seed (the budget is counted in nodes), unless ``time_limit``
    seconds run out first."""
    return start(state, level, seed).run(time_limit=time_limit)


from .arena import add_cli  # noqa: E402  (the ``arena`` command of ``python -m gamut``)

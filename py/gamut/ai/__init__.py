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
seed; ``time_limit`` only caps the wall time.

What a game offers the search (all optional but ``evaluate`` for
alpha-beta), each a few-line method of its State delegating to the game's
evaluation module (``loa.py`` itself, ``el_eval``, ``escabel_eval``,
``evl_eval``):

* ``evaluate()``: a score for the side to move, well below ``search.WIN``;
* ``move_order_key(move)``: a priority (higher first) for move ordering;
* ``search_moves()``: forward pruning, the subset of the legal moves worth
  searching (it must hold every forced move); EL uses it to cut its 200
  placements down to threats, blocks and the best-placed others;
* ``search_kind``: ``"alphabeta"`` or ``"mcts"``.

``gamut.ai.solve`` proves short forced wins by exact full-width search
(tests and tools only).
"""

from __future__ import annotations

from dataclasses import dataclass

from .search import AlphaBeta, MonteCarlo

__all__ = ["LEVELS", "Level", "choose", "start", "search_kind"]


@dataclass(frozen=True)
class Level:
    name: str
    label: str
    max_depth: int      # alpha-beta depth limit
    max_nodes: int      # alpha-beta node budget
    noise: float        # softmax temperature over root scores (0 = best move)
    simulations: int    # Monte-Carlo iterations
    time_limit: float   # seconds, a cap only


LEVELS = {
    "beginner": Level("beginner", "Beginner", 2, 2_000, 60.0, 300, 1.0),
    "casual": Level("casual", "Casual", 3, 8_000, 15.0, 1_500, 2.0),
    "strong": Level("strong", "Strong", 64, 40_000, 0.0, 6_000, 5.0),
    "master": Level("master", "Master", 64, 150_000, 0.0, 20_000, 15.0),
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
        return AlphaBeta(state, max_depth=lv.max_depth, max_nodes=lv.max_nodes,
                         seed=seed, noise=lv.noise, tt=tt)
    return MonteCarlo(state, max_iterations=lv.simulations, seed=seed)


def choose(state, level: str = "strong", seed=None):
    """The move the computer plays in ``state`` at ``level``."""
    search = start(state, level, seed)
    return search.run(time_limit=LEVELS[level].time_limit if level in LEVELS else None)


from .arena import add_cli  # noqa: E402  (the ``arena`` command of ``python -m gamut``)

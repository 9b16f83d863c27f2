"""What a game offers the computer player (:mod:`gamut.ai`): the hooks of
its states (:class:`SearchHooks`) and the one shape of every game's
evaluation module (:class:`EvaluationProtocol`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypeVar

if TYPE_CHECKING:
    from .info import Outcome
    from .state import State

#: ``level_seconds`` of a game whose levels think their own time.
NO_LEVEL_SECONDS: Mapping[str, float] = MappingProxyType({})
#: ``level_seconds`` of a game whose Master thinks twice its usual 3 s (two-
#: player EL, Lines of Action: see their ``level_seconds`` and bench/ARENA.md).
MASTER_TWICE: Mapping[str, float] = MappingProxyType({"master": 6.0})

#: A game's move: whatever value its states choose (an ``int``, an ``int``
#: subclass, a tuple), so ``Any`` here: each game's state class narrows it.
AnyMove: TypeAlias = Any

#: The state class an evaluation module judges (its game's).
StateT = TypeVar("StateT", bound="State", contravariant=True)


class SearchHooks(Protocol):
    """What a game offers the computer player (:mod:`gamut.ai`), one shape
    each; :class:`State` implements every one with a default, and each game
    overrides what it needs (``evaluate``, ``move_order_keys`` and
    ``search_moves`` each one line delegating to the game's evaluation
    module, an :class:`EvaluationProtocol` found by
    :func:`gamut.core.evaluation`)."""

    @property
    def search_kind(self) -> str:
        """``"alphabeta"`` (needs ``evaluate`` and two players) or ``"mcts"``."""
        ...

    @property
    def search_speed(self) -> int:
        """Nominal CPython nodes (alpha-beta) or simulations (Monte-Carlo) per second."""
        ...

    @property
    def level_seconds(self) -> Mapping[str, float]:
        """{level name: seconds}: a level's thinking time in this game where it
        differs from the level's own (two-player EL's Master)."""
        ...

    @property
    def to_move(self) -> int: ...

    def evaluate(self) -> int:
        """A score for the side to move, well below ``search.WIN``."""
        ...

    def move_order_keys(self, moves: list[AnyMove]) -> list[int]:
        """The priorities of ``moves`` (higher first), for move ordering."""
        ...

    def search_moves(self) -> list[AnyMove]:
        """The subset of the legal moves worth searching (it must hold every
        forced move): a plain list, a ``ForcedMoves`` (every move left out
        loses at once: the search looks one ply deeper) or a ``PrunedMoves``
        (kept by judgement: a loss found among them is unproven)."""
        ...

    def legal_moves(self) -> list[AnyMove]: ...

    def play_unchecked(self, move: AnyMove) -> State: ...

    def outcome(self) -> Outcome | None: ...

    def zobrist(self) -> int: ...

    def move_text(self, move: AnyMove) -> str: ...


class EvaluationProtocol(Protocol[StateT]):
    """The one shape of a game's evaluation module, ``<the game's
    package>.evaluation`` (e.g. :mod:`gamut.games.loa.evaluation`): three
    module-level functions, each given the state it judges.  The module is
    imported on first use (:func:`gamut.core.evaluation`), so the page
    starts without it; the state's hooks of the same names call these, and
    the searches call the hooks.  Each module checks that it conforms with
    a line mypy reads (``StateT``: its game's state class)::

        if TYPE_CHECKING:
            from . import evaluation as _this
            _conforms: EvaluationProtocol[LoaState] = _this
    """

    def evaluate(self, state: StateT) -> int:
        """A score for the side to move of ``state`` (positive: good for
        it), well below ``gamut.ai.search.WIN``; a two-player game's
        alpha-beta search calls it at its horizon."""
        ...

    def move_order_keys(self, state: StateT, moves: list[AnyMove]) -> list[int]:
        """The priorities of ``moves`` (legal in ``state``), higher first:
        the search tries the moves in that order."""
        ...

    def search_moves(self, state: StateT) -> list[AnyMove]:
        """The moves of ``state`` worth searching (see
        :meth:`SearchHooks.search_moves`): ``state.legal_moves()`` in a
        game that prunes nothing."""
        ...


class ForcedMoves(list[AnyMove]):
    """What ``State.search_moves()`` returns when every move left out loses
    at once (EL: only the blocks of the opponent's threat are listed).  The
    search then looks one ply deeper here for free: forcing sequences are
    followed to their end instead of stopping at the horizon."""

    __slots__ = ()


class PrunedMoves(list[AnyMove]):
    """What ``State.search_moves()`` returns when it keeps only the moves it
    judges best (forward pruning by judgement, not by rule).  The search
    then treats a loss found among these moves as unproven: a refutation may
    hide among the moves left out.  Return a plain list when the subset is
    exact (every move left out loses at once, or a winning move is kept)."""

    __slots__ = ()

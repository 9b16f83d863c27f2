"""Walking a game's tree: perft (the move generator's test), and replaying
a line of move texts."""

from __future__ import annotations

from collections.abc import Iterable

from ..messages import Message
from .errors import IllegalMoveError, RecordError, cause_of, excerpt
from .state import State


def perft(state: State, depth: int) -> int:
    """Number of move sequences of exactly ``depth`` moves from ``state``.

    A game may count faster than move by move: a state with a ``perft``
    method (its game's own perft, an optional hook of the state protocol:
    Lines of Action's bitboard perft) is asked, else the tree is walked by
    :func:`generic_perft`.  Both give the same counts (each game's tests
    check its own against the generic one)."""
    own = getattr(state, "perft", None)
    if own is not None:
        return int(own(depth))
    return generic_perft(state, depth)


def generic_perft(state: State, depth: int) -> int:
    """Perft through the state protocol alone (``legal_moves`` and
    ``play_unchecked``): the definition a game's own perft is checked against.

    A finished position has no moves, so it ends its branch and adds nothing
    (except at depth 0, where every position counts once)."""
    if depth <= 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    play = state.play_unchecked
    return sum(generic_perft(play(m), depth - 1) for m in moves)


def divide(state: State, depth: int) -> list[tuple[str, int]]:
    """Perft split by first move (for debugging move generators)."""
    return [(state.move_text(m), perft(state.play_unchecked(m), depth - 1)) for m in state.legal_moves()]


def replay(start: State, moves: Iterable[str]) -> list[State]:
    """Every state from ``start`` through ``moves`` (texts); raises
    :class:`RecordError` naming the first move that cannot be played."""
    states = [start]
    for i, text in enumerate(moves):
        try:
            states.append(states[-1].play_text(text))
        except IllegalMoveError as exc:
            cause = cause_of(exc)
            raise RecordError(
                Message("error.record.moveN", {"n": i + 1, "text": excerpt(text), "why": cause})
            ) from None
    return states

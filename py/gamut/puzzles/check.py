"""The puzzle checker: a puzzle is kept only when exact search proves it.

For a win puzzle (every game), along the line:

* every move is legal (the records reader has replayed it already);
* the opponent's last move leads to a position where the solver is to move;
* at each of the solver's moves, that move wins within the solver's turns
  left and **every other legal move does not** (each alternative is refuted
  by full-width search to the same depth: :class:`~.solve.Prover`);
* the puzzle's length is exact: the solver has no quicker win;
* each opponent's reply is a best defence, the longest resistance: after
  it the solver cannot win in fewer turns than the line takes (any reply
  loses, so "best" is the one that lasts);
* the line ends with the solver's move that wins (the game is over, or, in
  Escabel, whose win is judged at the start of the winner's turn, every
  reply leaves the chain standing).

For an EVL gain puzzle (``[Goal "gain N"]``): the solution is one move whose
gain (:func:`~.solve.gain_after`: the solver's lead in pentagons after the
opponent's best reply, minus before) is ``N`` >= :data:`MIN_GAIN`, and every
other legal move gains at most ``N - MARGIN``.

Finally the theme is the one the solution shows (:func:`.themes.classify`)
and the rating is a plausible number.
"""

from __future__ import annotations

from ..core import GamutError, load
from .puzzle import Puzzle
from .solve import Prover, gains
from .themes import THEMES, classify

__all__ = ["PuzzleError", "check", "MIN_GAIN", "MARGIN"]

#: The least gain of pentagons an EVL gain puzzle asks for.
MIN_GAIN = 2
#: How much less than the solution every other move of a gain puzzle gains.
MARGIN = 2


class PuzzleError(ValueError):
    """A puzzle the checker refuses; the message says why.  Not a
    :class:`GamutError`: only the developer's checker (``python -m gamut
    puzzles check``, ``tools/puzzles``) proves puzzles, never the page, so
    its words stay English."""


def check(puzzle: Puzzle, themes: bool = True) -> None:
    """Prove ``puzzle`` (see the module's docstring); raise PuzzleError
    naming the first fault.  ``themes=False`` skips the theme's check."""
    try:
        _check(puzzle, themes)
    except PuzzleError:
        raise
    except GamutError as exc:  # an illegal move, a bad position text
        raise PuzzleError(f"puzzle {puzzle.id}: {exc}") from None


def _fail(puzzle: Puzzle, why: str) -> PuzzleError:
    return PuzzleError(f"puzzle {puzzle.id}: {why}")


def _move(puzzle: Puzzle, state, i: int):
    """The ``i``-th move of the line (from 1), legal in ``state``."""
    text = puzzle.moves[i - 1]
    try:
        return state.parse_move(text)
    except GamutError as exc:
        raise _fail(puzzle, f"move {i}, {text}, is illegal: {exc}") from None


def _check(puzzle: Puzzle, themes: bool) -> None:
    start = load(puzzle.start)
    if (start.game_id, start.variant, start.options_json()) != (
        puzzle.game,
        puzzle.variant,
        puzzle.options,
    ):
        raise _fail(puzzle, "the Start position is not of the puzzle's game, variant and options")
    if start.to_move == puzzle.player:
        raise _fail(puzzle, "the line must begin with the opponent's move")
    state = start
    for i in range(1, len(puzzle.moves) + 1):  # every move legal, said by its place and text
        last_mover = state.to_move
        state = state.play_unchecked(_move(puzzle, state, i))
    if last_mover != puzzle.player or len(puzzle.moves) < 2:
        raise _fail(puzzle, "the line must end with the solver's move")
    position = start.play_unchecked(_move(puzzle, start, 1))
    if position.outcome() is not None or position.to_move != puzzle.player:
        raise _fail(puzzle, "after the opponent's move it is not the solver's turn")
    if puzzle.gain():
        _check_gain(puzzle, position)
    else:
        _check_win(puzzle, position)
    if themes:
        if puzzle.theme not in THEMES.get(puzzle.game, {}):
            raise _fail(puzzle, f"unknown theme {puzzle.theme!r}")
        shown = classify(puzzle)
        if shown != puzzle.theme:
            raise _fail(puzzle, f"the solution shows the theme {shown!r}, not {puzzle.theme!r}")
    if not 400 <= puzzle.rating <= 3000:
        raise _fail(puzzle, f"rating {puzzle.rating} is out of 400-3000")


def _check_win(puzzle: Puzzle, position) -> None:
    solver = puzzle.player
    turns = puzzle.solver_turns
    prover = Prover(solver)
    if prover.has_win(position, turns - 1):
        raise _fail(puzzle, f"the solver wins quicker than in {turns}")
    state = position
    left = turns  # the solver's turns not begun yet
    previous = None
    for i, text in enumerate(puzzle.moves[1:], 2):
        move = _move(puzzle, state, i)
        if state.to_move == solver:
            if previous != solver:
                left -= 1
            winners = [m for m in state.legal_moves() if prover.wins_after(state.play_unchecked(m), left)]
            if move not in winners:
                raise _fail(puzzle, f"move {i}, {text}, does not win")
            if len(winners) > 1:
                others = ", ".join(state.move_text(m) for m in winners if m != move)
                raise _fail(puzzle, f"move {i}, {text}, is not the only win: {others} win too")
        else:
            after = state.play_unchecked(move)
            if prover.turn_of(after, left - 1):
                raise _fail(puzzle, f"reply {i}, {text}, is not the longest defence")
        previous = state.to_move
        state = state.play_unchecked(move)
    if left != 0:
        raise _fail(puzzle, "the line stops before the win")


def _check_gain(puzzle: Puzzle, position) -> None:
    if puzzle.game != "evl" or len(puzzle.moves) != 2:
        raise _fail(puzzle, "a gain puzzle is one move of EVL")
    want = puzzle.gain()
    if want < MIN_GAIN:
        raise _fail(puzzle, f"a gain puzzle gains at least {MIN_GAIN}")
    move = _move(puzzle, position, 2)
    for gain, other in gains(position):
        if other == move:
            if gain != want:
                raise _fail(puzzle, f"{puzzle.moves[1]} gains {gain}, not {want}")
        elif gain > want - MARGIN:
            raise _fail(
                puzzle, f"{position.move_text(other)} gains {gain}: the solution is not decisively best"
            )

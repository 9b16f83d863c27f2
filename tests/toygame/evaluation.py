"""The computer player's knowledge of tic-tac-toe, in the one shape every
game's evaluation module has (:class:`gamut.core.EvaluationProtocol`):
open lines counted for each side, the centre and corners first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import LINES

if TYPE_CHECKING:
    from gamut.core import EvaluationProtocol

    from .state import TicTacToeState

#: Move-ordering priority of each cell: the centre, then the corners.
CELL_ORDER = (2, 1, 2, 1, 3, 1, 2, 1, 2)


def evaluate(state: TicTacToeState) -> int:
    """Lines still open to the side to move minus those open to the other,
    a line with two of one's marks counting ten."""
    me = state.to_move
    score = 0
    for line in LINES:
        marks = [state.cells[c] for c in line]
        for seat, sign in ((me, 1), (me ^ 1, -1)):
            if (seat ^ 1) not in marks:
                score += sign * (10 if marks.count(seat) == 2 else 1)
    return score


def move_order_keys(state: TicTacToeState, moves: list) -> list:
    return [CELL_ORDER[m] for m in moves]


def search_moves(state: TicTacToeState) -> list:
    return state.legal_moves()


if TYPE_CHECKING:
    from . import evaluation as _this

    _conforms: EvaluationProtocol[TicTacToeState] = _this

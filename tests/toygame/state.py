"""Tic-tac-toe's rules and position.

Cells ``a1``-``c3`` (files a-c, ranks 1-3); seat 0 is X and moves first,
seat 1 is O.  Three of one's marks in a row, a column or a diagonal win;
a full board without one is a draw.  A move is the cell marked (``b2``).

Position text body: the ranks from the top separated by ``/`` (``x``, ``o``,
``.`` empty) and the side to move: ``x.o/.x./... o``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamut import core
from gamut.core import IllegalMoveError, Outcome, PositionError, excerpt
from gamut.grid import cell_name, parse_cell, squares_board_view
from gamut.messages import Message
from gamut.view import said

if TYPE_CHECKING:
    from gamut.view import Counter, Highlight, MoveEntry, Piece, View

MARKS = "xo"
NAMES = ("X", "O")
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class Move(int):
    """The cell marked, 0 (a1) to 8 (c3); written as its cell name."""

    __slots__ = ()

    def __str__(self) -> str:
        return cell_name(self, 3)


MOVES = tuple(Move(c) for c in range(9))


class TicTacToeState(core.State):
    """A position: ``cells`` holds 0 (X), 1 (O) or None for each cell."""

    __slots__ = ("variant", "options", "cells", "_to_move", "_last", "_outcome")
    game_id = "tictactoe"

    def __init__(self, variant: str, options: dict, cells: tuple, to_move: int, last: int | None = None):
        self.variant, self.options, self.cells = variant, options, cells
        self._to_move, self._last = to_move, last
        self._outcome = _judge(cells)

    @property
    def to_move(self) -> int:
        return self._to_move

    def legal_moves(self) -> list:
        if self._outcome is not None:
            return []
        return [MOVES[c] for c in range(9) if self.cells[c] is None]

    def play_unchecked(self, move) -> TicTacToeState:
        cells = list(self.cells)
        cells[move] = self._to_move
        return TicTacToeState(self.variant, self.options, tuple(cells), self._to_move ^ 1, move)

    def outcome(self) -> Outcome | None:
        return self._outcome

    # -- the computer player: a two-player game searched by alpha-beta ------
    search_kind = "alphabeta"
    search_speed = 20_000

    def evaluate(self) -> int:
        return core.evaluation(self.game_id).evaluate(self)

    def move_order_keys(self, moves: list) -> list:
        return core.evaluation(self.game_id).move_order_keys(self, moves)

    def search_moves(self) -> list:
        return core.evaluation(self.game_id).search_moves(self)

    # -- notation and codecs -------------------------------------------------
    def parse_move(self, text: str) -> Move:
        if not isinstance(text, str):
            raise IllegalMoveError("a move is a cell such as 'b2'")
        if self._outcome is not None:
            raise IllegalMoveError(f"the game is over ({self._outcome.reason})")
        cell = parse_cell(text.strip().lower(), 3, 3)
        if cell is None:
            raise IllegalMoveError(f"cannot read move {excerpt(text)}: write a cell, a1 to c3")
        if self.cells[cell] is not None:
            raise IllegalMoveError(f"{cell_name(cell, 3)} is already marked")
        return MOVES[cell]

    def to_text(self) -> str:
        rows = [
            "".join("." if v is None else MARKS[v] for v in self.cells[r * 3 : r * 3 + 3]) for r in (2, 1, 0)
        ]
        return f"{self.header()} {'/'.join(rows)} {MARKS[self._to_move]}"

    def key(self) -> tuple:
        return (self.variant, self.cells, self._to_move)

    def view(self) -> View:
        pieces: list[Piece] = [
            {"cell": cell_name(c, 3), "owner": v} for c, v in enumerate(self.cells) if v is not None
        ]
        highlights: list[Highlight] = []
        outcome = self._outcome
        if outcome is not None and outcome.cells:
            highlights.append({"kind": "win", "cells": list(outcome.cells)})
        moves: list[MoveEntry] = [{"text": str(m), "clicks": [str(m)]} for m in self.legal_moves()]
        count = sum(v is not None for v in self.cells)
        return {
            "game": self.game_id,
            "variant": self.variant,
            "options": self.options_json(),
            "title": self.info.title(),
            "players": [
                {"color": "black", "said": said(Message("seat.tictactoe.x"))},
                {"color": "white", "said": said(Message("seat.tictactoe.o"))},
            ],
            "to_move": self._to_move,
            "board": squares_board_view(3, 3),
            "pieces": pieces,
            "counters": [_counter(s, sum(v == s for v in self.cells)) for s in (0, 1)],
            "last_move": [] if self._last is None else [cell_name(self._last, 3)],
            "highlights": highlights,
            "moves": moves,
            "outcome": outcome.to_json() if outcome else None,
            "messages": [] if count < 9 or outcome is None else [said(Message("view.tictactoe.full"))],
        }


def _counter(seat: int, marks: int) -> Counter:
    return {"owner": seat, "value": marks, "said": said(Message("view.tictactoe.marks", {"n": marks}))}


def _judge(cells: tuple) -> Outcome | None:
    for line in LINES:
        owner = cells[line[0]]
        if owner is not None and cells[line[1]] == owner == cells[line[2]]:
            said = Message("result.tictactoe.row", {"who": NAMES[owner]})
            return Outcome(owner, said, tuple(cell_name(c, 3) for c in line))
    if None not in cells:
        return Outcome(None, Message("result.tictactoe.full"))
    return None


def start(variant: str, options: dict) -> TicTacToeState:
    return TicTacToeState(variant, options, (None,) * 9, 0)


def load_body(header, body: str) -> TicTacToeState:
    fields = body.split()
    if len(fields) != 2 or fields[1] not in ("x", "o"):
        raise PositionError("a tic-tac-toe position is '<rank>/<rank>/<rank> <x|o>'")
    rows = fields[0].split("/")
    if len(rows) != 3 or any(len(r) != 3 or set(r) - set("xo.") for r in rows):
        raise PositionError(f"cannot read the board {excerpt(fields[0])}")
    cells = tuple(None if ch == "." else MARKS.index(ch) for row in reversed(rows) for ch in row)
    to_move = MARKS.index(fields[1])
    xs, os = cells.count(0), cells.count(1)
    if xs - os != to_move:
        raise PositionError("X moves first: the counts of marks do not fit the side to move")
    return TicTacToeState(header.variant, header.options, cells, to_move)

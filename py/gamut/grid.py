"""Square-board geometry and cell notation shared by the grid games.

Cells are ints: ``index = rank * width + file`` with file 0 = ``a`` on the
left and rank 0 = ``1`` at the bottom, so ``a1`` is 0.  Sets of cells are int
bitboards (bit ``index``).  Names are chess-like: ``a1``, ``h8``, ``m13``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .view import Board, Cell

FILES = "abcdefghijklmnopqrstuvwxyz"
_CELL_RE = re.compile(r"([a-z])([1-9][0-9]?)\Z")


def cell_name(index: int, width: int) -> str:
    """``cell_name(0, 8) == "a1"``."""
    rank, file = divmod(index, width)
    return f"{FILES[file]}{rank + 1}"


def parse_cell(text: str, width: int, height: int) -> int | None:
    """The index of a cell name on a ``width x height`` board, or None."""
    m = _CELL_RE.match(text)
    if not m:
        return None
    file = FILES.index(m.group(1))
    rank = int(m.group(2)) - 1
    if file >= width or not 0 <= rank < height:
        return None
    return rank * width + file


def iter_bits(bb: int):
    """Indices of the set bits of ``bb``, lowest first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def squares_board_view(width: int, height: int) -> Board:
    """The ``board`` part of a view for a board of squares (see core)."""
    cells: list[Cell] = []
    for index in range(width * height):
        rank, file = divmod(index, width)
        cells.append(
            {
                "id": cell_name(index, width),
                "x": file + 0.5,
                "y": height - rank - 0.5,
                "shade": 0 if (rank + file) % 2 else 1,
            }
        )
    return {
        "kind": "squares",
        "width": width,
        "height": height,
        "cells": cells,
        "files": list(FILES[:width]),
        "ranks": [str(r + 1) for r in range(height)],
    }


def points_board_view(width: int, height: int) -> Board:
    """The ``board`` part of a view for a game played on grid intersections:
    point ``(file, rank)`` sits at ``(file + 0.5, height - rank - 0.5)``."""
    view = squares_board_view(width, height)
    view["kind"] = "points"
    for cell in view["cells"]:
        del cell["shade"]
    return view

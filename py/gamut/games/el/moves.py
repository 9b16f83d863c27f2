"""EL's moves and cell codes: a :class:`Placement` (a number written on a
cell) or, with declared threats, a :class:`Declaration` (the cells a player
declares as threats); the code of a written cell packs its owner and its
number."""

from __future__ import annotations

from typing import Literal

from ...grid import cell_name, iter_bits

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow")
SEAT_COLORS: tuple[Literal["red", "blue", "green", "yellow"], ...] = ("red", "blue", "green", "yellow")
SEAT_LETTERS = "rbgy"

OWN_SHIFT = 40
NUM_MASK = (1 << OWN_SHIFT) - 1
DECLARE_BASE = 1 << 72  # Declaration codes are >= this
PHASE_PLACE, PHASE_DECLARE = 0, 1


def cell_code(owner: int, number: int) -> int:
    """The board value of ``number`` written in ``owner``'s colour."""
    return (1 << (4 * number)) | (1 << (OWN_SHIFT + 4 * owner))


NUMBER_OF_CODE = {(1 << (4 * n)): n for n in range(1, 10)}  # number part -> number
CODE_INFO = {cell_code(p, n): (p, n) for p in range(4) for n in range(1, 10)}


# ---------------------------------------------------------------------------
# Moves


class Placement(int):
    """``number`` written on ``cell`` (by the player to move): code
    ``size << 10 | cell << 4 | number``.  ``str()`` is ``c4=5``."""

    __slots__ = ()

    @property
    def cell(self) -> int:
        return (self >> 4) & 63

    @property
    def number(self) -> int:
        return self & 15

    @property
    def size(self) -> int:
        return self >> 10

    def __str__(self):
        return f"{cell_name((self >> 4) & 63, self >> 10)}={self & 15}"

    def __repr__(self):
        return f"el.Placement({str(self)!r})"


class Declaration(int):
    """A declaration of threat cells (``declare-threats`` option): code
    ``DECLARE_BASE | size << 64 | cells``.  ``str()`` is ``declare:c4,d5``
    (cells in index order) or ``declare:-``: one token, so that records and
    links can separate moves by spaces (``parse_move`` also reads
    ``declare c4,d5`` and ``declare -``)."""

    __slots__ = ()

    @property
    def cells(self) -> int:
        """The declared cells as a bitboard."""
        return self & ((1 << 64) - 1)

    @property
    def size(self) -> int:
        return (self >> 64) & 255

    def __str__(self):
        mask, size = self & ((1 << 64) - 1), (self >> 64) & 255
        return "declare:" + (",".join(cell_name(c, size) for c in iter_bits(mask)) or "-")

    def __repr__(self):
        return f"el.Declaration({str(self)!r})"


def declaration(size: int, mask: int) -> Declaration:
    return Declaration(DECLARE_BASE | (size << 64) | mask)

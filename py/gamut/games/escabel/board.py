"""Escabel's board: the geometry of each board size (one immutable table,
built on first use), the moves' codes, the stacks' codes and the Zobrist
keys (grown on demand)."""

from __future__ import annotations

import random
from typing import Literal

from ...grid import cell_name, parse_cell

BLACK, WHITE = 0, 1
COLOUR_NAMES = ("Black", "White")
COLOUR_TOKENS: tuple[Literal["black", "white"], ...] = ("black", "white")
SEAT_NAMES = ("Player 1", "Player 2")

ACTION = 1024
SWAP_CODE = 2047
LOW = 2047
SIZE_SHIFT = 11

_UNKNOWN = object()  # "outcome not computed yet"


# ---------------------------------------------------------------------------
# Geometry: one immutable table per board size, built on first use.


class Geometry:
    """Precomputed tables of an ``n x n`` board (``stride = n + 1``)."""

    __slots__ = (
        "n",
        "stride",
        "board",
        "bottom",
        "top",
        "left",
        "right",
        "ranks",
        "files",
        "names",
        "index",
        "deltas",
        "moves",
        "swap",
        "corner_even",
        "rank_placements",
    )

    def __init__(self, n: int):
        s = n + 1
        self.n = n
        self.stride = s
        self.names: list = [None] * (n * s)  # internal index -> "a1" (None: the guard column)
        self.index: dict[str, int] = {}  # "a1" -> internal index
        board = 0
        for rank in range(n):
            for file in range(n):
                i = rank * s + file
                board |= 1 << i
                name = cell_name(rank * n + file, n)
                self.names[i] = name
                self.index[name] = i
        self.board = board
        self.ranks = tuple(sum(1 << (r * s + f) for f in range(n)) for r in range(n))
        self.files = tuple(sum(1 << (r * s + f) for r in range(n)) for f in range(n))
        self.bottom, self.top = self.ranks[0], self.ranks[-1]
        self.left, self.right = self.files[0], self.files[-1]
        self.deltas = (1, -1, s, -s)  # east, west, north, south
        base = n << SIZE_SHIFT
        moves: list = [None] * (LOW + 1)
        for i in self.index.values():
            moves[i] = Move(base | i)
            for d in range(4):
                moves[ACTION + 4 * i + d] = Move(base | (ACTION + 4 * i + d))
        moves[SWAP_CODE] = Move(base | SWAP_CODE)
        self.moves = moves
        self.swap = moves[SWAP_CODE]
        self.corner_even = sum(1 << i for i in self.index.values() if (i // s + i % s) % 2 == 0)
        # per rank, {empty points of the rank (n bits): their placements, in point order}
        self.rank_placements: tuple[dict, ...] = tuple({} for _ in range(n))

    def placements(self, empty: int) -> list:
        """The placements on the points of ``empty``, in point order: looked
        up a rank at a time (far fewer steps than one per point)."""
        out: list = []
        s, full = self.stride, (1 << self.n) - 1
        for r, known in enumerate(self.rank_placements):
            m = (empty >> (r * s)) & full
            if m:
                d = known.get(m)
                if d is None:
                    d = known[m] = tuple(self.moves[r * s + f] for f in range(self.n) if m >> f & 1)
                out += d
        return out

    def parse(self, text: str) -> int | None:
        """The internal index of a point name, or None."""
        cell = parse_cell(text, self.n, self.n)
        return None if cell is None else cell + cell // self.n

    def edge_name(self, colour: int) -> str:
        return "top and bottom" if colour == BLACK else "left and right"


_GEOMETRIES: dict[int, Geometry] = {}


def geometry(n: int) -> Geometry:
    geo = _GEOMETRIES.get(n)
    if geo is None:
        geo = _GEOMETRIES[n] = Geometry(n)
    return geo


class Move(int):
    """An Escabel move (a preallocated int; see the module docstring).

    ``str(move)`` is its notation: ``d4`` (placement), ``d4>d5`` (move the
    top piece of d4 onto d5 and give d4 to the opponent), ``swap``."""

    __slots__ = ()

    @property
    def size(self) -> int:
        return self >> SIZE_SHIFT

    @property
    def is_swap(self) -> bool:
        return self & LOW == SWAP_CODE

    @property
    def is_placement(self) -> bool:
        return self & LOW < ACTION

    @property
    def is_action(self) -> bool:
        return ACTION <= self & LOW < SWAP_CODE

    def cells(self) -> tuple:
        """Names of the points the move touches, in order."""
        c = self & LOW
        geo = geometry(self >> SIZE_SHIFT)
        if c == SWAP_CODE:
            return ()
        if c < ACTION:
            return (geo.names[c],)
        i = (c - ACTION) >> 2
        return (geo.names[i], geo.names[i + geo.deltas[c & 3]])

    def __str__(self):
        if self & LOW == SWAP_CODE:
            return "swap"
        return ">".join(self.cells())

    def __repr__(self):
        return f"escabel.Move({str(self)!r})"


# ---------------------------------------------------------------------------
# Zobrist keys: ZOBRIST[colour][height][index], grown on demand.

_MAX_INDEX = 13 * 14
ZOBRIST: tuple[list, list] = ([], [])
_rng = random.Random("escabel")
ZOBRIST_SIDE = _rng.getrandbits(64)
ZOBRIST_SWAP = _rng.getrandbits(64)


def _grow_zobrist(height: int) -> None:
    """Make ``ZOBRIST[c][h]`` exist for every ``h <= height`` (each row
    from its own seed, so keys do not depend on the order of growth)."""
    for colour, table in enumerate(ZOBRIST):
        while len(table) <= height:
            rng = random.Random(f"escabel {colour} {len(table)}")
            table.append(tuple(rng.getrandbits(64) for _ in range(_MAX_INDEX)))


_grow_zobrist(40)


def _height(code: int) -> int:
    return code.bit_length() - 1


def _top(code: int) -> int:
    return (code >> (code.bit_length() - 2)) & 1


def _iter_bits(bb: int):
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low

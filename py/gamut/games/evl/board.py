"""EVL's board for search: the tables derived from :mod:`.geometry` (the
neighbours, the pentagons each heptagon touches), the stack codes, the
moves and their generation (a trie of unstack paths), the Zobrist keys, and
the texts of stacks and runs."""

from __future__ import annotations

import random

from ...grid import iter_bits
from . import geometry

BLACK, WHITE = 0, 1
COLOUR_NAMES = ("Black", "White")
COLOUR_LETTERS = "bw"
MAX_HEIGHT = 4
EMPTY = 1  # the stack code of an empty heptagon

HEPTAGONS = geometry.HEPTAGONS
PENTAGONS = geometry.PENTAGONS
NUM_CELLS = len(HEPTAGONS)
NUM_PENTAGONS = len(PENTAGONS)
CELL_INDEX = {name: i for i, name in enumerate(HEPTAGONS)}
PENTAGON_INDEX = {name: i for i, name in enumerate(PENTAGONS)}


def _board_tables():
    nbrs: list[set[int]] = [set() for _ in range(NUM_CELLS)]
    for name_a, name_b in geometry.HEPTAGON_CONTACTS:
        i, j = CELL_INDEX[name_a], CELL_INDEX[name_b]
        nbrs[i].add(j)
        nbrs[j].add(i)
    neighbours = tuple(tuple(sorted(s)) for s in nbrs)
    around = tuple(tuple(CELL_INDEX[c] for c in geometry.PENTAGON_HEPTAGONS[p]) for p in PENTAGONS)
    # partners[c] = ((pentagon, other heptagon of it not touching c), ...)
    partners: list[list[tuple[int, int]]] = [[] for _ in range(NUM_CELLS)]
    pairs = []
    for p, cells in enumerate(around):
        p_pairs = []
        for x in range(4):
            for y in range(x + 1, 4):
                a, b = cells[x], cells[y]
                if b not in nbrs[a]:
                    p_pairs.append((a, b))
                    partners[a].append((p, b))
                    partners[b].append((p, a))
        pairs.append(tuple(p_pairs))
    return neighbours, around, tuple(tuple(x) for x in partners), tuple(pairs)


NEIGHBOURS, PENTAGON_CELLS, PARTNERS, SURROUND_PAIRS = _board_tables()
"""``NEIGHBOURS[c]``: heptagons touching heptagon ``c``; ``PENTAGON_CELLS[p]``:
the four heptagons of pentagon ``p``; ``SURROUND_PAIRS[p]``: its pairs of
non-touching heptagons (three per pentagon); ``PARTNERS[c]``: ``(p, other)``
for every such pair that contains ``c``."""


def stack_code(seats) -> int:
    """The code of a stack given as seats from bottom to top."""
    code = 1 << len(seats)
    for i, s in enumerate(seats):
        code |= s << i
    return code


def stack_seats(code: int) -> list:
    """The seats of a stack code, bottom to top."""
    return [(code >> i) & 1 for i in range(code.bit_length() - 1)]


# Codes run up to 2 ** (MAX_HEIGHT + 1) - 1; height 0 is the code 1.
NUM_CODES = 2 << MAX_HEIGHT
HEIGHT = tuple(max(code.bit_length() - 1, 0) for code in range(NUM_CODES))
TOP = tuple((code >> (HEIGHT[code] - 1)) & 1 if HEIGHT[code] else -1 for code in range(NUM_CODES))
# PUSH[seat][code]: the stack after a piece of ``seat`` goes on top (None at MAX_HEIGHT).
PUSH = tuple(
    tuple(
        (code ^ (1 << HEIGHT[code])) | ((2 | seat) << HEIGHT[code]) if 1 <= code < 1 << MAX_HEIGHT else None
        for code in range(NUM_CODES)
    )
    for seat in (0, 1)
)
# PLACEABLE[seat][code]: may ``seat`` place on this stack?
PLACEABLE = tuple(
    tuple(code == EMPTY or (TOP[code] == seat and HEIGHT[code] < MAX_HEIGHT) for code in range(NUM_CODES))
    for seat in (0, 1)
)
# UNSTACKABLE[seat][code]: the height if ``seat`` may unstack it, else 0.
UNSTACKABLE = tuple(
    tuple(HEIGHT[code] if TOP[code] == seat and HEIGHT[code] >= 2 else 0 for code in range(NUM_CODES))
    for seat in (0, 1)
)
COUNT = tuple(
    tuple(stack_seats(code).count(seat) if code else 0 for code in range(NUM_CODES)) for seat in (0, 1)
)


# ---------------------------------------------------------------------------
# Moves


class Move(tuple):
    """An EVL move: the heptagon indices it visits.  A placement is a
    1-tuple ``(cell,)``; an unstack is its path ``(origin, step1, ...)``.
    ``str(move)`` is its notation: ``b3`` or ``b3-b4-c4``."""

    __slots__ = ()

    @property
    def is_placement(self) -> bool:
        return len(self) == 1

    @property
    def cells(self) -> tuple:
        return tuple(HEPTAGONS[c] for c in self)

    def __str__(self):
        return "-".join(HEPTAGONS[c] for c in self)

    def __repr__(self):
        return f"evl.Move({str(self)!r})"


PLACE = tuple(Move((c,)) for c in range(NUM_CELLS))
MOVES: dict = {m: m for m in PLACE}  # every possible move, by its path tuple


def _build_trie(path):
    """Nodes ``(cell, move, children)`` for every simple extension of ``path``
    by one step, recursively up to MAX_HEIGHT steps."""
    if len(path) > MAX_HEIGHT:
        return ()
    nodes = []
    for c in NEIGHBOURS[path[-1]]:
        if c in path:
            continue
        ext = path + (c,)
        move = MOVES.setdefault(ext, Move(ext))
        nodes.append((c, move, _build_trie(ext)))
    return tuple(nodes)


TRIE = tuple(_build_trie((o,)) for o in range(NUM_CELLS))


def generate(board, seat: int, in_hand: int) -> list:
    """Every legal move for ``seat`` on ``board`` (a tuple of stack codes)."""
    moves: list = []
    append = moves.append
    if in_hand:
        can = PLACEABLE[seat]
        for c, code in enumerate(board):
            if can[code]:
                append(PLACE[c])
    own = UNSTACKABLE[seat]
    hts = [HEIGHT[code] for code in board]
    top = MAX_HEIGHT
    for o, code in enumerate(board):
        h = own[code]
        if not h:
            continue
        # A path of k steps (k <= h) drops one piece on each of its first
        # k - 1 heptagons (each must be below the top height) and lands
        # h - k + 1 on the last (unrolled for paths of up to 4 steps).
        for c1, m1, kids1 in TRIE[o]:
            h1 = hts[c1]
            if h1 + h <= top:
                append(m1)
            if h1 < top:
                for c2, m2, kids2 in kids1:
                    h2 = hts[c2]
                    if h2 + h <= top + 1:
                        append(m2)
                    if h >= 3 and h2 < top:
                        for c3, m3, kids3 in kids2:
                            h3 = hts[c3]
                            if h3 + h <= top + 2:
                                append(m3)
                            if h >= 4 and h3 < top:
                                for c4, m4, _ in kids3:
                                    if hts[c4] < top:
                                        append(m4)
    return moves


assert MAX_HEIGHT == 4, "generate() is unrolled for paths of up to 4 steps"


_rng = random.Random(0xE71)
Z_CELL = tuple(
    tuple(0 if code == EMPTY else _rng.getrandbits(64) for code in range(32)) for _ in range(NUM_CELLS)
)
Z_MARK = tuple(tuple(_rng.getrandbits(64) for _ in range(2)) for _ in range(NUM_PENTAGONS))
Z_SIDE = _rng.getrandbits(64)


def initial_hash(board, marks, to_move: int) -> int:
    h = Z_SIDE if to_move else 0
    for c, code in enumerate(board):
        h ^= Z_CELL[c][code]
    for seat in (0, 1):
        for p in iter_bits(marks[seat]):
            h ^= Z_MARK[p][seat]
    return h


def _and_list(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _stack_text(code: int) -> str:
    letters = "".join(COLOUR_LETTERS[s] for s in stack_seats(code))
    return letters if len(letters) == 1 else f"({letters})"


def _run_length(items) -> str:
    """Items ("" = empty) with runs of empties written as digits."""
    out, run = "", 0
    for item in items:
        if item:
            out += (str(run) if run else "") + item
            run = 0
        else:
            run += 1
    return out + (str(run) if run else "")

"""Lines of Action's board, built for search: two 64-bit ints, one per
colour, with bit ``rank * 8 + file``; line masks and move rays are
precomputed per square so that a move's length is one ``bit_count`` and its
legality two ANDs.  Moves are preallocated ``int`` values (``from * 64 +
to``, plus 4096 for a capture), so generating moves allocates nothing but
the list.  Also the Zobrist keys and the count of 8-connected groups."""

from __future__ import annotations

import random
from itertools import repeat
from operator import and_

from ...grid import cell_name, iter_bits

FULL = (1 << 64) - 1
BLACK, WHITE = 0, 1
COLOUR_NAMES = ("Black", "White")
NOT_A_FILE = FULL ^ sum(1 << (r * 8) for r in range(8))
NOT_H_FILE = FULL ^ sum(1 << (r * 8 + 7) for r in range(8))

# Direction d and its opposite d ^ 1 lie on axis d >> 1.
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))

CAPTURE = 4096
PASS_CODE = 8192


class Move(int):
    """A Lines of Action move: ``from * 64 + to`` (+4096 if it captures), or
    the pass.  ``str(move)`` is its notation: ``b1-d3``, ``b1xd3``, ``pass``."""

    __slots__ = ()

    @property
    def from_square(self) -> int:
        return (self >> 6) & 63

    @property
    def to_square(self) -> int:
        return self & 63

    @property
    def is_capture(self) -> bool:
        return bool(self & CAPTURE)

    def __str__(self):
        if self == PASS_CODE:
            return "pass"
        sep = "x" if self & CAPTURE else "-"
        return f"{cell_name((self >> 6) & 63, 8)}{sep}{cell_name(self & 63, 8)}"

    def __repr__(self):
        return f"loa.Move({str(self)!r})"


MOVES = [Move(code) for code in range(2 * CAPTURE)]
PASS = Move(PASS_CODE)


def _build_tables():
    lines = []  # lines[sq][axis] = mask of the whole line through sq
    rays = []  # rays[sq][axis][n] = tuple of (target_bit, between_mask, quiet_code)
    for sq in range(64):
        f0, r0 = sq % 8, sq // 8
        sq_lines, sq_rays = [], []
        for axis in range(4):
            mask = 0
            for df, dr in DIRECTIONS[2 * axis : 2 * axis + 2]:
                f, r = f0, r0
                while 0 <= f < 8 and 0 <= r < 8:
                    mask |= 1 << (r * 8 + f)
                    f += df
                    r += dr
            sq_lines.append(mask)
            by_length: list[tuple[tuple[int, int, int], ...]] = [()]
            for n in range(1, 9):
                options = []
                for df, dr in DIRECTIONS[2 * axis : 2 * axis + 2]:
                    f, r = f0 + df * n, r0 + dr * n
                    if not (0 <= f < 8 and 0 <= r < 8):
                        continue
                    between = 0
                    for k in range(1, n):
                        between |= 1 << ((r0 + dr * k) * 8 + f0 + df * k)
                    to = r * 8 + f
                    options.append((1 << to, between, sq * 64 + to))
                by_length.append(tuple(options))
            sq_rays.append(tuple(by_length))
        lines.append(tuple(sq_lines))
        rays.append(tuple(sq_rays))
    return tuple(lines), tuple(rays)


LINES, RAYS = _build_tables()
_rng = random.Random(0x10A)
ZOBRIST = tuple(tuple(_rng.getrandbits(64) for _ in range(64)) for _ in range(2))
ZOBRIST_SIDE = _rng.getrandbits(64)


def neighbours(bb: int) -> int:
    """Every square 8-adjacent to a square of ``bb`` (and ``bb`` itself)."""
    row = bb | ((bb << 1) & NOT_A_FILE) | ((bb >> 1) & NOT_H_FILE)
    return (row | (row << 8) | (row >> 8)) & FULL


def is_connected(bb: int) -> bool:
    """True when the pieces of ``bb`` form one 8-connected group."""
    group = bb & -bb
    not_a, not_h = NOT_A_FILE, NOT_H_FILE  # (locals: read at every step)
    while True:
        row = group | ((group << 1) & not_a) | ((group >> 1) & not_h)
        grown = (row | (row << 8) | (row >> 8)) & bb
        if grown == group:
            return group == bb
        group = grown


#: is_connected per bitboard, for the search (a search meets the same side's
#: bitboard again and again: about two calls in three; issue #32).
CONNECTED: dict[int, bool] = {}
CONNECTED_LIMIT = 50_000  # (about 5 MB at most)


def remember_connected(bb: int) -> bool:
    """``is_connected(bb)``, kept in :data:`CONNECTED` (look there first)."""
    if len(CONNECTED) >= CONNECTED_LIMIT:
        CONNECTED.clear()
    found = CONNECTED[bb] = is_connected(bb)
    return found


def generate_by_rays(own: int, enemy: int) -> list:
    """Every legal non-pass move for the side owning ``own``, piece by piece
    (the reference for :func:`generate`, which returns the same list)."""
    occ = own | enemy
    moves: list = []
    append = moves.append
    bb = own
    while bb:
        low = bb & -bb
        bb ^= low
        sq = low.bit_length() - 1
        lines = LINES[sq]
        rays = RAYS[sq]
        for axis in (0, 1, 2, 3):
            for target, between, code in rays[axis][(occ & lines[axis]).bit_count()]:
                if target & own or between & enemy:
                    continue
                append(MOVES[code | CAPTURE] if target & enemy else MOVES[code])
    return moves


# -- the line tables ----------------------------------------------------------
# The moves along one line (a rank, file or diagonal: 46 lines) depend only on
# which of its squares hold the mover's pieces and which the enemy's.  Both are
# read with one AND: ``x = own | enemy << 64`` against ``L | L << 64``; each
# line's table maps that key to the tuple of its moves (filled on first use),
# so generating moves is 46 lookups done inside ``map``.

_LINE_INDEX: dict = {}
for _sq in range(64):
    for _axis in range(4):
        _LINE_INDEX.setdefault(LINES[_sq][_axis], (len(_LINE_INDEX), _axis))
LINE_MASKS = tuple(_LINE_INDEX)
LINE_AXES = tuple(axis for _, axis in _LINE_INDEX.values())
LINE_OF = tuple(tuple(_LINE_INDEX[LINES[sq][axis]][0] for axis in range(4)) for sq in range(64))
LINE_KEYS = tuple(m | (m << 64) for m in LINE_MASKS)
TABLE_LIMIT = 4096  # entries per line table before it is emptied (bounds memory)


class _LineMoves(dict):
    """Key ``(own | enemy << 64) & (L | L << 64)`` -> the moves along line L."""

    __slots__ = ("mask", "axis")

    def __init__(self, mask: int, axis: int):
        super().__init__()
        self.mask = mask
        self.axis = axis

    def __missing__(self, key: int) -> tuple:
        if len(self) >= TABLE_LIMIT:
            self.clear()
        own, enemy = key & FULL, key >> 64
        n = ((own | enemy) & self.mask).bit_count()
        axis = self.axis
        found = []
        for sq in iter_bits(own):
            for target, between, code in RAYS[sq][axis][n]:
                if not (target & own or between & enemy):
                    found.append(MOVES[code | CAPTURE] if target & enemy else MOVES[code])
        moves = self[key] = tuple(found)
        return moves


class _LineCounts(dict):
    """Key as for :class:`_LineMoves` -> how many moves there are along the line."""

    __slots__ = ("moves",)

    def __init__(self, moves: _LineMoves):
        super().__init__()
        self.moves = moves

    def __missing__(self, key: int) -> int:
        if len(self) >= TABLE_LIMIT:
            self.clear()
        n = self[key] = len(self.moves[key])
        return n


LINE_MOVES = tuple(_LineMoves(m, a) for m, a in zip(LINE_MASKS, LINE_AXES))
LINE_COUNTS = tuple(_LineCounts(t) for t in LINE_MOVES)
_moves_of = _LineMoves.__getitem__
_count_of = _LineCounts.__getitem__


def _direction_order() -> list:
    """ORDER[code]: sorting a move list by it gives the piece-by-piece order
    of :func:`generate_by_rays` (from-square, then direction)."""
    order = [0] * (2 * CAPTURE)
    for frm in range(64):
        for to in range(64):
            df, dr = to % 8 - frm % 8, to // 8 - frm // 8
            if (df or dr) and (not df or not dr or abs(df) == abs(dr)):
                step = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
                order[frm * 64 + to] = order[frm * 64 + to + CAPTURE] = frm * 8 + DIRECTIONS.index(step)
    return order


ORDER = _direction_order()
_order_key = ORDER.__getitem__


#: The lines along which a piece can move (two squares or more: the corners'
#: one-square diagonals never hold a move), their tables and keys, for
#: :func:`generate` and :func:`count_moves` (issue #32).
_MOVE_LINES = tuple(i for i, mask in enumerate(LINE_MASKS) if mask.bit_count() > 1)
_GENERATE_TABLES = tuple(LINE_MOVES[i] for i in _MOVE_LINES)
_COUNT_TABLES = tuple(LINE_COUNTS[i] for i in _MOVE_LINES)
_GENERATE_KEYS = tuple(LINE_KEYS[i] for i in _MOVE_LINES)


def generate(own: int, enemy: int) -> list:
    """Every legal non-pass move for the side owning ``own``, in the order of
    :func:`generate_by_rays`: by from-square, then direction."""
    x = own | (enemy << 64)
    moves: list = []
    # (operator.and_ over repeat(x): cheaper per call than the method x.__and__)
    for line in map(_moves_of, _GENERATE_TABLES, map(and_, repeat(x), _GENERATE_KEYS)):
        if line:
            moves += line
    moves.sort(key=_order_key)
    return moves


def count_moves(own: int, enemy: int) -> int:
    """``len(generate(own, enemy))``, without building the list."""
    x = own | (enemy << 64)
    return sum(map(_count_of, _COUNT_TABLES, map(and_, repeat(x), _GENERATE_KEYS)))


def initial_hash(black: int, white: int, to_move: int) -> int:
    h = ZOBRIST_SIDE if to_move else 0
    for sq in iter_bits(black):
        h ^= ZOBRIST[0][sq]
    for sq in iter_bits(white):
        h ^= ZOBRIST[1][sq]
    return h


def count_groups(bb: int) -> int:
    """Number of 8-connected groups of ``bb``: the lone pieces (no
    neighbour) counted at once, then one flood fill per other group."""
    not_a, not_h = NOT_A_FILE, NOT_H_FILE  # (locals: read at every step)
    row = ((bb << 1) & not_a) | ((bb >> 1) & not_h)
    lone = bb & ~(row | (row << 8) | (row >> 8) | (bb << 8) | (bb >> 8))
    groups = lone.bit_count()
    bb ^= lone
    while bb:
        group = bb & -bb
        while True:
            row = group | ((group << 1) & not_a) | ((group >> 1) & not_h)
            grown = (row | (row << 8) | (row >> 8)) & bb
            if grown == group:
                break
            group = grown
        bb ^= group
        groups += 1
    return groups

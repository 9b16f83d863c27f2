"""Escabel: a drawless connection game of stacks and crosscuts.

The rules, as settled by RULINGS.md
-----------------------------------
Play is on the points of an n x n grid (5 to 13, default 7).  The top and
bottom edges are Black's, the left and right edges White's; a corner point
belongs to both edges.  A *stack* is one or more pieces on a point: its
colour is the colour of its top piece, its height the number of pieces.

A *crosscut* is a 2x2 block of points whose stacks are two diagonal Black
stacks and two diagonal White stacks.  Two stacks of one colour are
*connected* when

(a) they are orthogonally or diagonally adjacent and not both in one
    crosscut (orthogonal neighbours never are, so only diagonals can fail);
(b) they are both in one crosscut and both higher than the lower enemy
    stack of it; or
(c) they are both in one crosscut, the lower of them is exactly as high as
    the lower enemy stack, and the higher of them is higher than the higher
    enemy stack.

Put differently: in a crosscut, the diagonal whose (lower, higher) pair of
heights is lexicographically larger is connected and the other is cut; with
equal pairs both are cut.  So two chains can never cross.

A turn is one of:

* place a piece of your colour on an empty point (``d4``);
* move the top piece of one of your stacks onto an orthogonally adjacent
  enemy stack of the same height, then put a piece of the opponent's colour
  on the stack you moved from (``d4>d5``): the target becomes yours and one
  higher, the source the opponent's at the same height;
* with the pie rule (default on), on White's first turn only: ``swap``.  The
  board stays, the players exchange colours, and it is White's turn again,
  now played by the player who opened.

Black moves first.  At the start of a player's turn: if the player has a
connected chain of their colour touching both of their edges, they win;
otherwise, if they have no move, they lose.  A move can therefore complete
the *opponent's* chain (it wins at the start of the opponent's turn), and a
chain completed by its owner counts only if the reply does not break it.

Variant ``checkered`` starts with the board full of single pieces in a
checkered pattern: point a1, and every point whose file + rank is even,
holds the colour of option ``corners``.

Seats and colours
-----------------
Seat 0 ("Player 1") moves first and starts as Black.  After ``swap`` seat 0
holds White and seat 1 Black.  ``to_move`` is always a seat; the colour it
plays is ``to_move ^ swapped``.  Outcomes name seats.

Representation (built for search)
---------------------------------
Points are bits of int bitboards laid out with a stride of ``n + 1``: bit
``rank * (n + 1) + file``, the extra column is always empty so that shifting
a bitboard by 1, n, n + 1 or n + 2 never wraps a row.  A position is two
bitboards of stack tops (``black``, ``white``), one bitboard per height
(``levels[h]``), and a tuple ``codes`` with one int per point giving the
whole stack: bit ``h`` is a sentinel (``h`` = height) and bits ``0 .. h-1``
the colours of the pieces from the bottom (1 = White).  A stack's
composition below the top never matters to the rules; it is kept for the
view (and is part of equality), but the zobrist hash covers only tops,
heights, the seat to move and the swap, so transpositions of play merge.

Move generation is bitboard arithmetic: the move actions onto the east are
``own_h & (enemy_h >> 1)`` for each height ``h``, and so on.  The win test
runs once per position (at the start of a turn), for the player to move
only: a cheap rejection (every rank, resp. file, must hold a stack of the
colour), then a bitboard flood fill from the first edge in which the eight
neighbour shifts are masked by the few crosscut diagonals that are cut.

Moves are preallocated ``int`` values: ``size << 11`` plus the point index
for a placement, ``1024 + 4 * from + direction`` for a move action, and
``2047`` for the swap.
"""

from __future__ import annotations

import random

from . import core
from .core import IllegalMoveError, Outcome, PositionError, excerpt
from .grid import cell_name, parse_cell, points_board_view

BLACK, WHITE = 0, 1
COLOUR_NAMES = ("Black", "White")
COLOUR_TOKENS = ("black", "white")
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

    __slots__ = ("n", "stride", "board", "bottom", "top", "left", "right", "ranks",
                 "files", "names", "index", "deltas", "moves", "swap", "corner_even",
                 "rank_placements")

    def __init__(self, n: int):
        s = n + 1
        self.n = n
        self.stride = s
        self.names: list = [None] * (n * s)  # internal index -> "a1" (None: the guard column)
        self.index: dict[str, int] = {}      # "a1" -> internal index
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
        self.corner_even = sum(1 << i for i in self.index.values()
                               if (i // s + i % s) % 2 == 0)
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
                    d = known[m] = tuple(self.moves[r * s + f]
                                         for f in range(self.n) if m >> f & 1)
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


# ---------------------------------------------------------------------------
# Connection

def crosscuts(geo: Geometry, black: int, white: int) -> tuple[int, int]:
    """The crosscuts, as bitboards of the lower-left point ``p`` of each
    2x2 block: ``(ne_black, ne_white)``, by the colour of the diagonal
    p -- p+stride+1 (the other diagonal p+1 -- p+stride has the other colour)."""
    s = geo.stride
    d = s + 1
    return (black & (black >> d) & (white >> 1) & (white >> s),
            white & (white >> d) & (black >> 1) & (black >> s))


def cut_diagonals(geo: Geometry, codes: tuple, levels: tuple, ne_black: int, ne_white: int,
                  colour: int) -> tuple[int, int]:
    """The crosscut diagonals of ``colour`` that are *not* connected.

    Returns ``(ne, nw)``: bitboards indexed like :func:`crosscuts`; a bit in
    ``ne`` cuts the diagonal p -- p+stride+1, a bit in ``nw`` the diagonal
    p+1 -- p+stride."""
    s = geo.stride
    d = s + 1
    crosscuts = ne_black | ne_white
    if not crosscuts:
        return 0, 0
    # Crosscuts of four equal heights (the whole checkered start, say) cut
    # both diagonals: find them a height at a time, without a loop per block.
    level_cuts = 0
    for level in levels:
        if level:
            level_cuts |= level & (level >> d) & (level >> 1) & (level >> s)
    level_cuts &= crosscuts
    if colour == BLACK:
        cut_ne, cut_nw = level_cuts & ne_black, level_cuts & ne_white
    else:
        cut_ne, cut_nw = level_cuts & ne_white, level_cuts & ne_black
    crosscuts ^= level_cuts
    while crosscuts:
        low = crosscuts & -crosscuts
        crosscuts ^= low
        p = low.bit_length() - 1
        a, b = codes[p].bit_length(), codes[p + d].bit_length()  # heights + 1
        ne = (a, b) if a <= b else (b, a)
        a, b = codes[p + 1].bit_length(), codes[p + s].bit_length()
        nw = (a, b) if a <= b else (b, a)
        if (low & ne_black) if colour == BLACK else (low & ne_white):
            if not ne > nw:  # our diagonal is the NE one
                cut_ne |= low
        elif not nw > ne:
            cut_nw |= low
    return cut_ne, cut_nw


def grow(geo: Geometry, group: int, own: int, cut_ne: int, cut_nw: int, stop: int = 0) -> int:
    """The stacks of ``own`` connected to ``group`` (a subset of ``own``).

    Stops early (returning a partial group) as soon as the group meets
    ``stop``, when ``stop`` is not 0."""
    s = geo.stride
    d = s + 1
    a = s - 1
    frontier = group
    if cut_ne or cut_nw:
        free_ne = ~cut_ne
        free_nw_from_lr = ~(cut_nw << 1)
        free_nw_from_ul = ~(cut_nw << s)
        while frontier:
            f = frontier
            new = ((f << 1) | (f >> 1) | (f << s) | (f >> s)
                   | ((f & free_ne) << d) | ((f >> d) & free_ne)
                   | ((f & free_nw_from_lr) << a) | ((f & free_nw_from_ul) >> a)) & own & ~group
            group |= new
            if group & stop:
                return group
            frontier = new
    else:
        while frontier:
            f = frontier
            new = ((f << 1) | (f >> 1) | (f << s) | (f >> s)
                   | (f << d) | (f >> d) | (f << a) | (f >> a)) & own & ~group
            group |= new
            if group & stop:
                return group
            frontier = new
    return group


def winning_chain(geo: Geometry, black: int, white: int, codes: tuple, levels: tuple,
                  colour: int, exact: bool = False) -> int:
    """A bitboard of ``colour``'s stacks connected to both of its edges, or 0.

    Without ``exact`` any nonzero value may be returned when there is such
    a chain (the search stops as soon as it meets the second edge); with
    ``exact`` the result is every stack on a chain joining the two edges."""
    if colour == BLACK:
        own, lines, first, second = black, geo.ranks, geo.bottom, geo.top
    else:
        own, lines, first, second = white, geo.files, geo.left, geo.right
    for line in lines:  # a chain meets every rank (resp. file) on its way
        if not own & line:
            return 0
    # (Bounding first with a fill that opens, then one that cuts, every
    # crosscut diagonal was measured: it costs more than it saves.)
    ne_black, ne_white = crosscuts(geo, black, white)
    cut_ne, cut_nw = cut_diagonals(geo, codes, levels, ne_black, ne_white, colour)
    if not exact:
        group = grow(geo, own & first, own, cut_ne, cut_nw, second)
        return group if group & second else 0
    group = grow(geo, own & first, own, cut_ne, cut_nw)
    if not group & second:
        return 0
    return grow(geo, group & second, group, cut_ne, cut_nw)


# ---------------------------------------------------------------------------
# The state

class EscabelState(core.State):
    """An Escabel position (immutable).

    ``black``/``white``: bitboards of the stacks topped by each colour;
    ``levels[h]``: bitboard of the stacks of height ``h`` (``levels[0]`` is
    0); ``codes``: the stacks themselves (see the module docstring);
    ``swapped``: 1 when seat 0 holds White; ``ply``: moves since the start
    position (derived from the number of pieces when loaded)."""

    __slots__ = ("variant", "options", "geo", "black", "white", "levels", "codes",
                 "_to_move", "swapped", "ply", "_hash", "_last", "_moves", "_outcome")
    game_id = "escabel"

    def __init__(self, variant, options, geo, black, white, levels, codes, to_move,
                 swapped, ply, hash_=None, last=None):
        self.variant = variant
        self.options = options
        self.geo = geo
        self.black = black
        self.white = white
        self.levels = levels
        self.codes = codes
        self._to_move = to_move
        self.swapped = swapped
        self.ply = ply
        self._hash = self._full_hash() if hash_ is None else hash_
        self._last = last
        self._moves = None
        self._outcome = _UNKNOWN

    def _full_hash(self) -> int:
        h = (ZOBRIST_SIDE if self._to_move else 0) ^ (ZOBRIST_SWAP if self.swapped else 0)
        top = max((c.bit_length() for c in self.codes), default=0)
        _grow_zobrist(top + 1)
        for i, code in enumerate(self.codes):
            if code:
                h ^= ZOBRIST[_top(code)][_height(code)][i]
        return h

    # -- the protocol -------------------------------------------------------
    @property
    def to_move(self) -> int:
        return self._to_move

    @property
    def colour_to_move(self) -> int:
        """The colour (BLACK 0 / WHITE 1) of the seat to move."""
        return self._to_move ^ self.swapped

    def zobrist(self) -> int:
        return self._hash

    def swap_allowed(self) -> bool:
        """True on White's first turn when the pie rule is on."""
        return (self.ply == 1 and not self.swapped and self.options["pie"])

    def outcome(self):
        if self._outcome is _UNKNOWN:
            self._analyse()
        return self._outcome

    def legal_moves(self) -> list:
        if self._moves is None:
            self._analyse()
        return list(self._moves)

    def has_chain(self, colour: int) -> bool:
        """Whether ``colour`` has a connected chain touching both its edges
        (whoever is to move)."""
        return bool(winning_chain(self.geo, self.black, self.white, self.codes, self.levels,
                                  colour))

    def chain_cells(self, colour: int) -> tuple:
        """Names of the points on ``colour``'s chains joining its edges."""
        bb = winning_chain(self.geo, self.black, self.white, self.codes, self.levels,
                           colour, exact=True)
        names = self.geo.names
        return tuple(names[i] for i in _iter_bits(bb))

    def _analyse(self) -> None:
        """Judge the start of the turn: a chain of the player to move wins;
        otherwise no legal move loses."""
        colour = self._to_move ^ self.swapped
        geo = self.geo
        if winning_chain(geo, self.black, self.white, self.codes, self.levels, colour):
            self._moves = []
            self._outcome = Outcome(
                self._to_move,
                f"{SEAT_NAMES[self._to_move]} ({COLOUR_NAMES[colour]}) wins: a chain joins "
                f"the {geo.edge_name(colour)} edges",
                self.chain_cells(colour))
            return
        moves = self._generate(colour)
        self._moves = moves
        if moves:
            self._outcome = None
        else:
            other = self._to_move ^ 1
            self._outcome = Outcome(
                other,
                f"{SEAT_NAMES[other]} ({COLOUR_NAMES[colour ^ 1]}) wins: "
                f"{SEAT_NAMES[self._to_move]} ({COLOUR_NAMES[colour]}) has no move",
                self.chain_cells(colour ^ 1))

    def _generate(self, colour: int) -> list:
        geo = self.geo
        table = geo.moves
        black, white = self.black, self.white
        own, enemy = (white, black) if colour else (black, white)
        moves = geo.placements(geo.board & ~(black | white))
        append = moves.append
        s = geo.stride
        levels = self.levels
        for h in range(1, len(levels)):
            level = levels[h]
            o = own & level
            if not o:
                continue
            e = enemy & level
            if not e:
                continue
            for d, x in enumerate((o & (e >> 1), o & (e << 1), o & (e >> s), o & (e << s))):
                while x:
                    low = x & -x
                    x ^= low
                    append(table[ACTION + 4 * (low.bit_length() - 1) + d])
        if self.ply == 1 and not self.swapped and self.options["pie"]:
            append(geo.swap)
        return moves

    def play_unchecked(self, move) -> "EscabelState":
        """The position after ``move``, which must be legal here (use
        :meth:`parse_move` for untrusted input)."""
        c = move & LOW
        geo = self.geo
        to_move = self._to_move
        swapped = self.swapped
        h = self._hash ^ ZOBRIST_SIDE
        if c == SWAP_CODE:
            return EscabelState(self.variant, self.options, geo, self.black, self.white,
                                self.levels, self.codes, to_move ^ 1, swapped ^ 1,
                                self.ply + 1, h ^ ZOBRIST_SWAP, geo.swap)
        colour = to_move ^ swapped
        black, white = self.black, self.white
        codes = list(self.codes)
        if c < ACTION:
            bit = 1 << c
            if colour:
                white |= bit
            else:
                black |= bit
            levels = list(self.levels)
            if len(levels) < 2:
                levels.append(0)
            levels[1] |= bit
            codes[c] = 2 | colour
            h ^= ZOBRIST[colour][1][c]
        else:
            i = (c - ACTION) >> 2
            j = i + geo.deltas[c & 3]
            src, dst = codes[i], codes[j]
            ht = src.bit_length() - 1
            enemy = colour ^ 1
            top = 1 << (ht - 1)
            codes[i] = (src & ~top) | (top if enemy else 0)
            codes[j] = (dst ^ (1 << ht)) | (colour << ht) | (2 << ht)
            bi, bj = 1 << i, 1 << j
            if colour:
                white ^= bi | bj
                black ^= bi | bj
            else:
                black ^= bi | bj
                white ^= bi | bj
            levels = list(self.levels)
            if len(levels) <= ht + 1:
                levels.append(0)
                if len(ZOBRIST[0]) <= ht + 2:
                    _grow_zobrist(ht + 2)
            levels[ht] ^= bj
            levels[ht + 1] |= bj
            zc, ze = ZOBRIST[colour], ZOBRIST[enemy]
            h ^= zc[ht][i] ^ ze[ht][i] ^ ze[ht][j] ^ zc[ht + 1][j]
        return EscabelState(self.variant, self.options, geo, black, white, tuple(levels),
                            tuple(codes), to_move ^ 1, swapped, self.ply + 1, h,
                            geo.moves[c])

    # -- for the computer player (see gamut.escabel_eval) -----------------------
    search_kind = "alphabeta"
    # Score worth ~73 % to win.  The fit is weak here (bench/calibrate_eval.py:
    # the static evaluation of positions from Casual games barely predicts
    # their results; the best scale over 10 games was about 800).
    eval_scale = 800.0

    @property
    def search_speed(self) -> int:
        """Nominal CPython nodes/s (``gamut.ai.Level`` turns time into
        nodes): 15k on the 7x7 board, measured to fall with the board's area."""
        n = self.geo.n
        return int(15_000 * (49 / (n * n)) ** 0.65)

    def evaluate(self) -> int:
        return core.companion("escabel_eval").evaluate(self)

    def move_order_keys(self, moves) -> list:
        key = core.companion("escabel_eval").move_order_key
        return [key(self, m) for m in moves]

    # -- notation -------------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        if not isinstance(text, str):
            raise IllegalMoveError("a move must be text such as 'd4', 'd4>d5' or 'swap'")
        t = text.strip().lower()
        geo = self.geo
        legal = self.legal_moves()
        if self._outcome is not None:
            raise IllegalMoveError(f"the game is over ({self._outcome.reason})")
        if t == "swap":
            if geo.swap in legal:
                return geo.swap
            raise IllegalMoveError(self._explain_swap())
        parts = t.split(">")
        if len(parts) > 2 or not all(parts):
            raise IllegalMoveError(
                f"cannot read move {excerpt(text)}: write a placement like d4, a move action "
                "like d4>d5, or swap")
        cells = [geo.parse(p) for p in parts]
        for p, i in zip(parts, cells):
            if i is None:
                raise IllegalMoveError(
                    f"cannot read move {excerpt(text)}: {excerpt(p, 8)} is not a point of the "
                    f"{geo.n}x{geo.n} board (a1 to {geo.names[-2]})")
        table = geo.moves
        if len(cells) == 1:
            move = table[cells[0]]
        else:
            i, j = cells
            move = None
            if j - i in geo.deltas:
                move = table[ACTION + 4 * i + geo.deltas.index(j - i)]
        if move is not None and move in legal:
            return move
        raise IllegalMoveError(self._explain(cells))

    def why_illegal(self, clicks) -> str:
        outcome = self.outcome()
        if outcome is not None:
            return f"The game is over ({outcome.reason})."
        geo = self.geo
        if not clicks:
            return ("Click an empty point to place a piece, or one of your stacks and then "
                    "an adjacent enemy stack of the same height.")
        cells = [geo.parse(c) if isinstance(c, str) else None for c in clicks]
        if None in cells:
            return (f"Click points of the {geo.n}x{geo.n} board: an empty point, or one of "
                    "your stacks and then an adjacent enemy stack of the same height.")
        if len(cells) > 2:
            return "A move is one point (a placement) or two points (a move action)."
        message = self._explain(cells)
        if message.split()[0] not in geo.index:  # keep the case of a leading "c3"
            message = message[0].upper() + message[1:]
        return message + "."

    def _explain_swap(self) -> str:
        if not self.options["pie"]:
            return "swap is not allowed: the pie rule is off in this game"
        if self.swapped:
            return "the players have already swapped sides"
        if self.ply == 0:
            return "swap is allowed only on White's first turn, after Black's first move"
        return "swap is allowed only on White's first turn"

    # -- words (gamut.words) ----------------------------------------------------
    def move_words(self, move, after) -> str:
        """``Black places on d4``; ``White moves d4 onto d5: d5 is now a White
        stack of height 3, d4 a Black stack of height 2``; ``Player 2 swaps
        sides and now plays Black``."""
        c = move & LOW
        colour = COLOUR_NAMES[self._to_move ^ self.swapped]
        if c == SWAP_CODE:
            return (f"{SEAT_NAMES[self._to_move]} swaps sides and now plays "
                    f"{COLOUR_NAMES[self._to_move ^ after.swapped]}")
        if c < ACTION:
            return f"{colour} places on {self.geo.names[c]}"
        i = (c - ACTION) >> 2
        j = i + self.geo.deltas[c & 3]
        names = self.geo.names
        return (f"{colour} moves {names[i]} onto {names[j]}: {names[j]} is now "
                f"{after._stack_words(j)}, {names[i]} {after._stack_words(i)}")

    def threat_words(self) -> str:
        """A chain of the mover's that joins their edges: it wins at the start
        of their next turn unless the opponent breaks it now; after the first
        move with the pie rule, that the opponent may swap."""
        if self.outcome() is not None or self._last is None:
            return ""
        mover = (self._to_move ^ 1) ^ self.swapped
        if self.swap_allowed():
            return (f"{SEAT_NAMES[self._to_move]} may now swap sides (pie rule) instead of "
                    "moving")
        if not self.has_chain(mover):
            return ""
        return (f"joining {COLOUR_NAMES[mover]}'s edges: {COLOUR_NAMES[mover ^ 1]} must break "
                "the chain now")

    def _stack_words(self, i: int) -> str:
        code = self.codes[i]
        return f"a {COLOUR_NAMES[_top(code)]} stack of height {_height(code)}"

    def _explain(self, cells: list) -> str:
        """Why the placement ``[p]`` or the move action ``[p, q]`` is illegal."""
        geo = self.geo
        names = geo.names
        colour = self._to_move ^ self.swapped
        name = COLOUR_NAMES[colour]
        p = cells[0]
        code = self.codes[p]
        if len(cells) == 1:
            if not code:
                return f"{names[p]} is empty: a legal placement"
            if _top(code) != colour:
                return (f"{names[p]} is occupied by {self._stack_words(p)}: place only on "
                        f"an empty point, or move one of {name}'s stacks onto it")
            targets = [m for m in self.legal_moves() if m.is_action and m.cells()[0] == names[p]]
            if targets:
                return (f"{names[p]} is occupied: now pick the adjacent enemy stack of "
                        f"height {_height(code)} to move onto")
            return (f"{names[p]} is occupied, and its stack (height {_height(code)}) has "
                    f"no orthogonally adjacent {COLOUR_NAMES[colour ^ 1]} stack of the same "
                    "height to move onto")
        q = cells[1]
        if not code:
            return (f"{names[p]} is empty: a move action starts from one of {name}'s "
                    f"stacks")
        if _top(code) != colour:
            return (f"{names[p]} holds {self._stack_words(p)}; {name} can move only "
                    f"{name} stacks")
        if q == p:
            return f"a move action goes from {names[p]} to an adjacent point, not to itself"
        if q - p not in geo.deltas:
            return (f"{names[q]} is not orthogonally adjacent to {names[p]}: a move action "
                    f"goes one step left, right, up or down")
        target = self.codes[q]
        if not target:
            return (f"{names[q]} is empty: a move action goes onto an enemy stack "
                    f"(to place a piece there, just pick {names[q]})")
        if _top(target) == colour:
            return f"{names[q]} holds one of {name}'s own stacks; move onto an enemy stack"
        return (f"the stack on {names[p]} has height {_height(code)} and the one on "
                f"{names[q]} height {_height(target)}: a move action needs equal heights")

    # -- codecs ---------------------------------------------------------------
    def board_text(self) -> str:
        """Ranks from the top, separated by '/'; a number is a run of empty
        points, ``b``/``w`` a single piece, ``(wbb)`` a stack from the bottom."""
        geo = self.geo
        n, s = geo.n, geo.stride
        rows = []
        for rank in range(n - 1, -1, -1):
            row, empty = [], 0
            for file in range(n):
                code = self.codes[rank * s + file]
                if not code:
                    empty += 1
                    continue
                if empty:
                    row.append(str(empty))
                    empty = 0
                row.append(_stack_text(code))
            if empty:
                row.append(str(empty))
            rows.append("".join(row))
        return "/".join(rows)

    def to_text(self) -> str:
        text = f"{self.header()} {self.board_text()} {'bw'[self._to_move ^ self.swapped]}"
        if self.swapped:
            text += " swapped"
        return text

    def key(self) -> tuple:
        return (self.variant, tuple(self.options.items()), self.codes, self._to_move,
                self.swapped)

    def view(self) -> dict:
        geo = self.geo
        names = geo.names
        n = geo.n
        swapped = self.swapped
        board = points_board_view(n, n)
        board["stack_style"] = "rings"  # a stack's height as rings: a 3-stack looks taller
        inset = 0.2
        black_seat, white_seat = swapped, swapped ^ 1
        board["edges"] = [
            {"from": [inset, inset], "to": [n - inset, inset], "owner": black_seat},
            {"from": [inset, n - inset], "to": [n - inset, n - inset], "owner": black_seat},
            {"from": [inset, inset], "to": [inset, n - inset], "owner": white_seat},
            {"from": [n - inset, inset], "to": [n - inset, n - inset], "owner": white_seat},
        ]
        pieces = []
        for i, code in enumerate(self.codes):
            if not code:
                continue
            height = _height(code)
            piece = {"cell": names[i], "owner": _top(code) ^ swapped,
                     "stack": [((code >> k) & 1) ^ swapped for k in range(height)]}
            if height > 1:
                piece["label"] = str(height)
            pieces.append(piece)
        moves = []
        for m in self.legal_moves():
            if m.is_swap:
                moves.append({"text": "swap", "clicks": [], "label": "Swap sides"})
            else:
                moves.append({"text": str(m), "clicks": list(m.cells())})
        outcome = self.outcome()
        highlights, messages = [], []
        colour = self._to_move ^ swapped
        if outcome is not None:
            if outcome.cells:
                highlights.append({"kind": "win", "cells": list(outcome.cells)})
        else:
            threat = self.chain_cells(colour ^ 1)
            if threat:
                highlights.append({"kind": "threat", "cells": list(threat)})
                messages.append(f"{COLOUR_NAMES[colour ^ 1]}'s chain joins its edges: "
                                f"{COLOUR_NAMES[colour]} must break it now.")
            if self.swap_allowed():
                messages.append(f"{SEAT_NAMES[self._to_move]} may move, or swap sides (pie "
                                f"rule): {SEAT_NAMES[self._to_move]} would then play Black "
                                f"and {SEAT_NAMES[self._to_move ^ 1]} White.")
        if self._last is not None and self._last.is_swap:
            messages.append(f"The players swapped sides: {SEAT_NAMES[0]} now plays "
                            f"{COLOUR_NAMES[swapped]}, {SEAT_NAMES[1]} "
                            f"{COLOUR_NAMES[swapped ^ 1]}.")
        # the colour in the name: after a swap, who plays what is never in doubt
        players = [{"name": f"{SEAT_NAMES[seat]} ({COLOUR_NAMES[seat ^ swapped]})",
                    "color": COLOUR_TOKENS[seat ^ swapped]}
                   for seat in (0, 1)]
        counts = [0, 0]
        for code in self.codes:
            if code:
                counts[_top(code) ^ swapped] += 1
        return {
            "game": "escabel", "variant": self.variant,
            "options": self.options_json(),
            "title": "Escabel",
            "players": players,
            "to_move": self._to_move,
            "ply": self.ply,
            "board": board,
            "pieces": pieces,
            "markers": [],
            "counters": [{"owner": seat, "label": "stack" if counts[seat] == 1 else "stacks",
                          "value": counts[seat]} for seat in (0, 1)],
            "last_move": list(self._last.cells()) if self._last is not None else [],
            "highlights": highlights,
            "annotations": [],
            "palette": [],
            "moves": moves,
            "outcome": outcome.to_json() if outcome else None,
            "messages": messages,
        }


def _stack_text(code: int) -> str:
    height = _height(code)
    pieces = "".join("bw"[(code >> k) & 1] for k in range(height))
    return pieces if height == 1 else f"({pieces})"


# ---------------------------------------------------------------------------
# Start positions and the loader

def _build(variant: str, options: dict, geo: Geometry, codes: list, to_move: int,
           swapped: int, ply: int) -> EscabelState:
    black = white = 0
    levels = [0]
    for i, code in enumerate(codes):
        if not code:
            continue
        bit = 1 << i
        if _top(code):
            white |= bit
        else:
            black |= bit
        height = _height(code)
        while len(levels) <= height:
            levels.append(0)
        levels[height] |= bit
    return EscabelState(variant, options, geo, black, white, tuple(levels), tuple(codes),
                        to_move, swapped, ply)


def start(variant: str, options: dict) -> EscabelState:
    geo = geometry(options["size"])
    codes = [0] * (geo.n * geo.stride)
    if variant == "checkered":
        corner = BLACK if options["corners"] == "black" else WHITE
        for i in geo.index.values():
            even = (geo.corner_even >> i) & 1
            codes[i] = 2 | (corner if even else corner ^ 1)
    return _build(variant, options, geo, codes, 0, 0, 0)


def _parse_board(text: str, geo: Geometry) -> list:
    n, s = geo.n, geo.stride
    # Heights never fall, and a stack grows from h to h + 1 only by a move
    # action from a stack of height h, which keeps height h.  So the source
    # of the last stack to reach h + 1 holds h for good: a board with a stack
    # of height H also holds stacks of every height below H, and H is at most
    # the number of points.  Anything higher is refused before any work.
    max_height = n * n
    rows = text.split("/")
    if len(rows) != n:
        raise PositionError(f"the board needs {n} ranks separated by '/', not {len(rows)}")
    codes = [0] * (n * s)
    for k, row in enumerate(rows):
        rank = n - 1 - k
        file = 0
        pos = 0
        while pos < len(row):
            ch = row[pos]
            if ch in "0123456789":
                end = pos
                while end < len(row) and row[end] in "0123456789":
                    end += 1
                digits = row[pos:end]
                if digits[0] == "0" or len(digits) > 2:
                    raise PositionError(f"rank {rank + 1}: a run of empty points cannot be "
                                        f"{excerpt(digits, 8)}")
                file += int(digits)
                pos = end
                continue
            if ch in "bw":
                pieces, pos = ch, pos + 1
            elif ch == "(":
                end = row.find(")", pos)
                if end < 0:
                    raise PositionError(f"rank {rank + 1}: '(' without ')'")
                pieces, pos = row[pos + 1:end], end + 1
                if len(pieces) < 2 or any(p not in "bw" for p in pieces):
                    raise PositionError(
                        f"rank {rank + 1}: {excerpt('(' + pieces + ')', 20)} is not a stack; write "
                        "two or more pieces b/w from the bottom, e.g. (wb), and a single piece "
                        "as b or w")
                if len(pieces) > max_height:
                    raise PositionError(
                        f"rank {rank + 1}: a stack of {len(pieces)} pieces; no stack on a board "
                        f"of {n * n} points can grow higher than {max_height}")
            else:
                raise PositionError(f"unexpected {excerpt(ch)} in rank {rank + 1} of the board")
            if file >= n:
                raise PositionError(f"rank {rank + 1} of the board holds more than {n} points")
            code = 1 << len(pieces)
            for depth, p in enumerate(pieces):
                if p == "w":
                    code |= 1 << depth
            codes[rank * s + file] = code
            file += 1
        if file != n:
            raise PositionError(f"rank {rank + 1} of the board does not hold exactly {n} points")
    return codes


def load_body(header, body: str) -> EscabelState:
    options = header.options
    variant = header.variant
    geo = geometry(options["size"])
    fields = body.split()
    if len(fields) not in (2, 3):
        raise PositionError("an Escabel position is '<board> <b|w> [swapped]' "
                            "(the colour to move, then 'swapped' if Player 1 holds White)")
    codes = _parse_board(fields[0], geo)
    if fields[1] not in ("b", "w"):
        raise PositionError(f"the colour to move must be 'b' or 'w', not {excerpt(fields[1])}")
    colour = "bw".index(fields[1])
    swapped = 0
    if len(fields) == 3:
        if fields[2] != "swapped":
            raise PositionError(f"expected 'swapped' or nothing after the colour to move, "
                                f"not {excerpt(fields[2])}")
        swapped = 1
    pieces = sum(_height(c) for c in codes if c)
    initial = 0
    if variant == "checkered":
        empty = [geo.names[i] for i in geo.index.values() if not codes[i]]
        if empty:
            raise PositionError(f"a checkered board is always full, but {empty[0]} is empty")
        initial = geo.n * geo.n
    played = pieces - initial  # every board move adds exactly one piece
    if played < 0:  # pragma: no cover  (a full board has at least n*n pieces)
        raise PositionError("the board holds fewer pieces than the start position")
    if played % 2 != colour:
        raise PositionError(
            f"{played} move{'s have' if played != 1 else ' has'} added pieces to the board, "
            f"so it is {COLOUR_NAMES[played % 2]}'s turn, not {COLOUR_NAMES[colour]}'s")
    if swapped:
        if not options["pie"]:
            raise PositionError("'swapped' is impossible: the pie rule is off")
        if played < 1:
            raise PositionError("'swapped' is impossible before Black's first move")
    ply = played + swapped
    to_move = colour ^ swapped
    return _build(variant, options, geo, codes, to_move, swapped, ply)


# ---------------------------------------------------------------------------
# Setting up a position by hand (gamut.setup)

def setup_palette(variant: str, options: dict) -> dict:
    """Black and White pieces, stacked in the order they are put down.  In
    a description the seats are the colours (Player 1 Black): a position
    after the pie rule's swap keeps ``swapped`` in ``extra``."""
    return {"items": [
        {"id": "b", "label": "Black piece", "owner": BLACK, "kind": "piece", "stacks": True,
         "cells": None},
        {"id": "w", "label": "White piece", "owner": WHITE, "kind": "piece", "stacks": True,
         "cells": None},
    ], "counts": [],
        "side": "It follows from the pieces: every move adds one, and Black moves first."}


def setup_describe(state: EscabelState) -> dict:
    names = state.geo.names
    cells = {}
    for i, code in enumerate(state.codes):
        if code:
            cells[names[i]] = ["bw"[(code >> k) & 1] for k in range(_height(code))]
    extra = {"swapped": True} if state.swapped else {}
    return {"to_move": state.colour_to_move, "cells": cells, "extra": extra}


def setup_compose(header, setup: dict) -> EscabelState:
    """Every move adds one piece and Black moves first, so the pieces on
    the board (beyond the checkered variant's full board) say whose turn it
    is (the side given is not used); a stack is at most as high as the
    board has points."""
    options, variant = header.options, header.variant
    geo = geometry(options["size"])
    n = geo.n
    codes = [0] * (n * geo.stride)
    for name, stack in setup["cells"].items():
        if len(stack) > n * n:
            raise core.SetupError(f"the stack on {name} has {len(stack)} pieces; on a board of "
                                  f"{n * n} points no stack grows higher than {n * n}")
        code = 1 << len(stack)
        for depth, piece in enumerate(stack):
            if piece == "w":
                code |= 1 << depth
        codes[geo.index[name]] = code
    if variant == "checkered":
        empty = [geo.names[i] for i in geo.index.values() if not codes[i]]
        if empty:
            raise core.SetupError(f"the checkered board is always full, but {empty[0]} is "
                                  "empty")
    pieces = sum(_height(c) for c in codes if c) - (n * n if variant == "checkered" else 0)
    colour = pieces % 2
    swapped = 1 if setup["extra"].get("swapped") else 0
    state = _build(variant, options, geo, codes, colour ^ swapped, swapped, pieces + swapped)
    return load_body(header, state.to_text().split(None, 3)[3])


INFO = core.register(core.GameInfo(
    id="escabel",
    name="Escabel",
    description="Place and climb stacks on the points of a grid; connect your two "
                "edges with a chain that survives the crosscuts.",
    variants=(
        core.VariantInfo("standard", "Standard", "An empty board."),
        core.VariantInfo("checkered", "Checkered",
                         "The board starts full of single pieces in a checkered pattern."),
    ),
    options=(
        core.OptionSpec("size", "Board size", tuple(range(5, 14)), 7,
                        "Points on each side of the board."),
        core.OptionSpec("pie", "Pie rule", (True, False), True,
                        "On White's first turn, White may swap sides instead of moving."),
        core.OptionSpec("corners", "Corner colour", ("black", "white"), "black",
                        "Colour of all four corners in the checkered setup.",
                        variants=("checkered",),
                        # on even sizes the two setups are mirror images: one is offered
                        when=(("size", tuple(str(n) for n in range(5, 14, 2))),)),
    ),
    factory=start,
    loader=load_body,
    editor=core.Editor(setup_palette, setup_describe, setup_compose),
))

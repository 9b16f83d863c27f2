"""Lines of Action (Claude Soucie), as settled by RULINGS.md.

Board 8x8; seat 0 is Black (moves first), seat 1 White.  A piece moves in a
straight line (8 directions) exactly as many squares as there are pieces of
both colours on that whole line; it may jump its own pieces but not enemy
pieces, may not land on its own piece, and captures an enemy piece it lands
on.  A player whose pieces form one 8-connected group wins (a lone piece is
connected); a move connecting both sides wins for the mover (option
``double-connection=draw`` makes it a draw).  A player with no legal move
passes.  The third occurrence of a position with the same player to move is
a draw.

Representation (built for search): two 64-bit ints, one per colour, with
bit ``rank * 8 + file``; line masks and move rays are precomputed per square
so that a move's length is one ``bit_count`` and its legality two ANDs.
Moves are preallocated ``int`` values (``from * 64 + to``, plus 4096 for a
capture), so generating moves allocates nothing but the list.
"""

from __future__ import annotations

import random

from . import core
from .core import IllegalMoveError, Outcome, PositionError, excerpt
from .grid import cell_name, iter_bits, parse_cell, squares_board_view

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
    rays = []   # rays[sq][axis][n] = tuple of (target_bit, between_mask, quiet_code)
    for sq in range(64):
        f0, r0 = sq % 8, sq // 8
        sq_lines, sq_rays = [], []
        for axis in range(4):
            mask = 0
            for df, dr in DIRECTIONS[2 * axis: 2 * axis + 2]:
                f, r = f0, r0
                while 0 <= f < 8 and 0 <= r < 8:
                    mask |= 1 << (r * 8 + f)
                    f += df
                    r += dr
            sq_lines.append(mask)
            by_length = [()]
            for n in range(1, 9):
                options = []
                for df, dr in DIRECTIONS[2 * axis: 2 * axis + 2]:
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
    while True:
        row = group | ((group << 1) & NOT_A_FILE) | ((group >> 1) & NOT_H_FILE)
        grown = (row | (row << 8) | (row >> 8)) & bb
        if grown == group:
            return group == bb
        group = grown


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
                order[frm * 64 + to] = order[frm * 64 + to + CAPTURE] = (
                    frm * 8 + DIRECTIONS.index(step))
    return order


ORDER = _direction_order()
_order_key = ORDER.__getitem__


def generate(own: int, enemy: int) -> list:
    """Every legal non-pass move for the side owning ``own``, in the order of
    :func:`generate_by_rays`: by from-square, then direction."""
    x = own | (enemy << 64)
    moves: list = []
    for line in map(_moves_of, LINE_MOVES, map(x.__and__, LINE_KEYS)):
        if line:
            moves += line
    moves.sort(key=_order_key)
    return moves


def count_moves(own: int, enemy: int) -> int:
    """``len(generate(own, enemy))``, without building the list."""
    x = own | (enemy << 64)
    return sum(map(_count_of, LINE_COUNTS, map(x.__and__, LINE_KEYS)))


def initial_hash(black: int, white: int, to_move: int) -> int:
    h = ZOBRIST_SIDE if to_move else 0
    for sq in iter_bits(black):
        h ^= ZOBRIST[0][sq]
    for sq in iter_bits(white):
        h ^= ZOBRIST[1][sq]
    return h


STANDARD_SETUP = (
    sum(1 << sq for sq in range(1, 7)) | sum(1 << sq for sq in range(57, 63)),
    sum(1 << (r * 8) for r in range(1, 7)) | sum(1 << (r * 8 + 7) for r in range(1, 7)),
)


def _squares(names: str) -> int:
    cells = [parse_cell(n, 8, 8) for n in names.split()]
    return sum(1 << c for c in cells if c is not None)


SCRAMBLED_EGGS_SETUP = (
    _squares("b1 d1 f1 c8 e8 g8 a3 a5 a7 h2 h4 h6"),
    _squares("c1 e1 g1 b8 d8 f8 a2 a4 a6 h3 h5 h7"),
)


class LoaState(core.State):
    """A Lines of Action position (immutable).

    ``black``/``white`` are bitboards; ``_trail`` holds the hashes of the
    positions before each move since the last capture (for repetition) and
    ``_since`` the codes of those moves (for the position text)."""

    __slots__ = ("variant", "options", "black", "white", "_to_move", "_hash",
                 "_trail", "_since", "_outcome", "_moves", "_last")
    game_id = "loa"

    def __init__(self, variant, options, black, white, to_move, hash_=None,
                 trail=(), since=(), outcome=False, last=None):
        self.variant = variant
        self.options = options
        self.black = black
        self.white = white
        self._to_move = to_move
        self._hash = initial_hash(black, white, to_move) if hash_ is None else hash_
        self._trail = trail
        self._since = since
        self._moves = None
        self._last = last
        # outcome False means "not computed yet" (loaded positions).
        self._outcome = self._judge_loaded() if outcome is False else outcome

    # -- the protocol -------------------------------------------------------
    @property
    def to_move(self) -> int:
        return self._to_move

    def zobrist(self) -> int:
        return self._hash

    def outcome(self):
        return self._outcome

    def legal_moves(self) -> list:
        if self._moves is None:
            if self._outcome is not None:
                self._moves = []
            else:
                if self._to_move:
                    moves = generate(self.white, self.black)
                else:
                    moves = generate(self.black, self.white)
                self._moves = moves or [PASS]
        return list(self._moves)

    def play_unchecked(self, move) -> "LoaState":
        """The position after ``move``, which must be legal here (use
        :meth:`parse_move` for untrusted input)."""
        side = self._to_move
        h = self._hash ^ ZOBRIST_SIDE
        black, white = self.black, self.white
        if move == PASS_CODE:
            trail = self._trail + (self._hash,)
            since = self._since + (PASS_CODE,)
            outcome = None
            if trail.count(h) >= 2:
                outcome = Outcome(None, "Draw by threefold repetition")
            return LoaState(self.variant, self.options, black, white, side ^ 1, h,
                            trail, since, outcome, PASS)
        frm = (move >> 6) & 63
        to = move & 63
        fb, tb = 1 << frm, 1 << to
        z = ZOBRIST[side]
        h ^= z[frm] ^ z[to]
        captured = move & CAPTURE
        if side:
            white ^= fb | tb
            if captured:
                black ^= tb
                h ^= ZOBRIST[0][to]
            own, other = white, black
        else:
            black ^= fb | tb
            if captured:
                white ^= tb
                h ^= ZOBRIST[1][to]
            own, other = black, white
        if captured:
            trail, since = (), ()
        else:
            trail = self._trail + (self._hash,)
            since = self._since + (move,)
        outcome = None
        mover_connected = is_connected(own)
        other_connected = captured and is_connected(other)
        if mover_connected or other_connected:
            outcome = _connection_outcome(self.options, side, own, other,
                                          mover_connected, other_connected)
        elif not captured and trail.count(h) >= 2:
            outcome = Outcome(None, "Draw by threefold repetition")
        return LoaState(self.variant, self.options, black, white, side ^ 1, h,
                        trail, since, outcome, MOVES[move])

    def _judge_loaded(self):
        """Outcome of a position read from text or built directly: the side
        that just moved (not to move) is the mover for the double rule."""
        mover = self._to_move ^ 1
        own, other = (self.white, self.black) if mover else (self.black, self.white)
        mc, oc = is_connected(own), is_connected(other)
        if mc or oc:
            return _connection_outcome(self.options, mover, own, other, mc, oc)
        if self._trail.count(self._hash) >= 2:
            return Outcome(None, "Draw by threefold repetition")
        return None

    # -- for the computer player (see gamut.loa_eval) ---------------------------
    search_kind = "alphabeta"
    search_speed = 45_000  # nodes/s in CPython (gamut.ai.Level turns time into nodes)
    eval_scale = 950.0  # score worth ~73 % to win (bench/calibrate_eval.py)
    #: Master thinks 6 s here, not 3 s: with four times Strong's nodes it won
    #: about two games in three against Strong, short of the ladder's 70 %
    #: (bench/ARENA.md).
    level_seconds = core.MASTER_TWICE

    def evaluate(self) -> int:
        return core.companion("loa_eval").evaluate(self)

    def move_order_keys(self, moves) -> list:
        return core.companion("loa_eval").move_order_keys(moves)

    def repetitions(self) -> int:
        """How many times this position has occurred (this time included)."""
        return self._trail.count(self._hash) + 1

    # -- words (gamut.words) ----------------------------------------------------
    def move_words(self, move, after) -> str:
        """``Black b1 to d3``, ``White b1 takes d3``, ``Black passes``."""
        name = COLOUR_NAMES[self._to_move]
        if move == PASS_CODE:
            return f"{name} passes, having no legal move"
        frm, to = cell_name((move >> 6) & 63, 8), cell_name(move & 63, 8)
        return f"{name} {frm} takes {to}" if move & CAPTURE else f"{name} {frm} to {to}"

    def threat_words(self) -> str:
        """What a careful player wants to hear after a move: the mover's moves
        that would connect all their pieces if it were their turn again (the
        opponent must stop them), and how many groups each side has."""
        if self._outcome is not None:
            return ""
        mover = self._to_move ^ 1
        own, other = (self.white, self.black) if mover else (self.black, self.white)
        wins = [m for m in generate(own, other)
                if is_connected(own ^ (1 << ((m >> 6) & 63)) ^ (1 << (m & 63)))]
        groups = core.companion("loa_eval").count_groups
        text = ""
        if wins:
            shown = [str(MOVES[m]) for m in wins[:3]]
            more = f" and {len(wins) - 3} more" if len(wins) > 3 else ""
            text = f"threatens to connect with {', '.join(shown)}{more}; "
        return (text + f"groups: {COLOUR_NAMES[mover]} {groups(own)}, "
                f"{COLOUR_NAMES[mover ^ 1]} {groups(other)}")

    def score_words(self, view) -> str:
        """Pieces and groups of each side."""
        groups = core.companion("loa_eval").count_groups
        return "; ".join(f"{COLOUR_NAMES[s]}: {bb.bit_count()} pieces in {_groups(groups(bb))}"
                         for s, bb in ((0, self.black), (1, self.white)))

    # -- notation -------------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        if not isinstance(text, str):
            raise IllegalMoveError("a move must be text such as 'b1-d3'")
        t = text.strip().lower()
        legal = self.legal_moves()
        if self._outcome is not None:
            raise IllegalMoveError(f"the game is over ({self._outcome.reason})")
        if t == "pass":
            if legal == [PASS]:
                return PASS
            raise IllegalMoveError("you may pass only when you have no legal move")
        sep = "-" if "-" in t else "x" if "x" in t else None
        parts = t.split(sep) if sep else []
        if len(parts) != 2:
            raise IllegalMoveError(f"cannot read move {excerpt(text)}: write it like b1-d3, b1xd3 "
                                   "or pass")
        frm, to = parse_cell(parts[0], 8, 8), parse_cell(parts[1], 8, 8)
        if frm is None or to is None:
            raise IllegalMoveError(f"cannot read move {excerpt(text)}: squares run from a1 to h8")
        for m in legal:
            if m != PASS_CODE and (m >> 6) & 63 == frm and m & 63 == to:
                return m
        raise IllegalMoveError(self._explain(frm, to))

    def why_illegal(self, clicks) -> str:
        if self._outcome is not None:
            return f"The game is over ({self._outcome.reason})."
        found = [parse_cell(c, 8, 8) for c in clicks]
        cells = [c for c in found if c is not None]
        if not cells or len(cells) < len(found):
            return "Click one of your pieces, then the square it should move to."
        if len(cells) == 1:
            return self._explain(cells[0], None)
        return self._explain(cells[0], cells[1])

    def _explain(self, frm: int, to: int | None) -> str:
        own, enemy = (self.white, self.black) if self._to_move else (self.black, self.white)
        name = COLOUR_NAMES[self._to_move]
        f = cell_name(frm, 8)
        if not (own >> frm) & 1:
            if (enemy >> frm) & 1:
                return f"{f} holds a {COLOUR_NAMES[self._to_move ^ 1]} piece; {name} is to move."
            return f"{f} is empty; pick one of {name}'s pieces."
        if self.legal_moves() == [PASS]:
            return f"{name} has no legal move and must pass."
        if to is None:
            if not any((m >> 6) & 63 == frm for m in self._moves):
                return f"The piece on {f} has no legal move."
            return f"The piece on {f} can move."
        t = cell_name(to, 8)
        df, dr = to % 8 - frm % 8, to // 8 - frm // 8
        if (df, dr) == (0, 0):
            return f"A piece must move; {f} to {t} goes nowhere."
        if df and dr and abs(df) != abs(dr):
            return f"Pieces move along rows, columns and diagonals; {f} to {t} is none of these."
        step = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
        direction = DIRECTIONS.index(step)
        count = (self.black | self.white) & LINES[frm][direction >> 1]
        n = count.bit_count()
        dist = max(abs(df), abs(dr))
        if dist != n:
            return (f"The piece on {f} must move exactly {n} square{'s' if n != 1 else ''} "
                    f"along that line ({n} piece{'s' if n != 1 else ''} on it), not {dist}.")
        for k in range(1, dist):
            sq = frm + k * (step[0] + 8 * step[1])
            if (enemy >> sq) & 1:
                return f"The piece on {f} cannot jump the enemy piece on {cell_name(sq, 8)}."
        if (own >> to) & 1:
            return f"The piece on {f} cannot land on your own piece on {t}."
        return f"{f}-{t} is not a legal move."

    # -- codecs ---------------------------------------------------------------
    def board_text(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            row, empty = "", 0
            for file in range(8):
                sq = rank * 8 + file
                ch = "b" if (self.black >> sq) & 1 else "w" if (self.white >> sq) & 1 else ""
                if ch:
                    row += (str(empty) if empty else "") + ch
                    empty = 0
                else:
                    empty += 1
            rows.append(row + (str(empty) if empty else ""))
        return "/".join(rows)

    def to_text(self) -> str:
        text = f"{self.header()} {self.board_text()} {'bw'[self._to_move]}"
        if self._since:
            text += " history=" + ",".join(str(MOVES[m] if m != PASS_CODE else PASS)
                                           for m in self._since)
        return text

    def key(self) -> tuple:
        return (self.variant, tuple(self.options.items()), self.black, self.white,
                self._to_move, self._since)

    def view(self) -> dict:
        pieces = [{"cell": cell_name(sq, 8), "owner": 0} for sq in iter_bits(self.black)]
        pieces += [{"cell": cell_name(sq, 8), "owner": 1} for sq in iter_bits(self.white)]
        moves = []
        for m in self.legal_moves():
            if m == PASS_CODE:
                moves.append({"text": "pass", "clicks": [], "label": "Pass (no legal move)"})
            else:
                moves.append({"text": str(m),
                              "clicks": [cell_name((m >> 6) & 63, 8), cell_name(m & 63, 8)]})
        last = []
        if self._last is not None and self._last != PASS_CODE:
            last = [cell_name(self._last.from_square, 8), cell_name(self._last.to_square, 8)]
        outcome = self._outcome
        highlights = []
        if outcome is not None and outcome.cells:
            highlights.append({"kind": "win", "cells": list(outcome.cells)})
        return {
            "game": "loa", "variant": self.variant,
            "options": self.options_json(),
            "title": "Lines of Action",
            "players": [{"name": "Black", "color": "black"}, {"name": "White", "color": "white"}],
            "to_move": self._to_move,
            "board": squares_board_view(8, 8),
            "pieces": pieces,
            "counters": [{"owner": 0, "label": "pieces", "value": self.black.bit_count()},
                         {"owner": 1, "label": "pieces", "value": self.white.bit_count()}],
            "last_move": last,
            "highlights": highlights,
            "moves": moves,
            "outcome": outcome.to_json() if outcome else None,
            "messages": (["No legal move: pass."] if moves and moves[0]["text"] == "pass"
                         else []),
        }


# -- perft --------------------------------------------------------------------
# The same count as ``gamut.perft`` (tests/test_loa.py checks both), on bare
# bitboards: a move is two XORs and the Zobrist key one more, repetitions are
# counted in a dict, and the last ply is counted, not played: a move changes
# only the seven lines through its two squares, so the replies after it are
# the replies before it with those seven lines' counts recomputed.

def _move_tables():
    bits, lines = {}, {}
    for frm in range(64):
        for to in range(64):
            df, dr = to % 8 - frm % 8, to // 8 - frm // 8
            if (df or dr) and (not df or not dr or abs(df) == abs(dr)):
                ft = frm * 64 + to
                bits[ft] = (1 << frm) | (1 << to)
                lines[ft] = tuple(sorted(set(LINE_OF[frm]) | set(LINE_OF[to])))
    return bits, lines


_FT_BITS, _FT_LINES = _move_tables()
_FT_COUNTS = {ft: tuple(LINE_COUNTS[i] for i in ls) for ft, ls in _FT_LINES.items()}
_FT_KEYS = {ft: tuple(LINE_KEYS[i] for i in ls) for ft, ls in _FT_LINES.items()}
# Zobrist change of each move (side to move included), per side.
_ZMOVE = tuple(
    {code: ZOBRIST_SIDE ^ ZOBRIST[side][code >> 6 & 63] ^ ZOBRIST[side][code & 63]
     ^ (ZOBRIST[side ^ 1][code & 63] if code & CAPTURE else 0)
     for code in range(2 * CAPTURE) if code & 4095 in _FT_BITS}
    for side in (0, 1))


def perft(state: LoaState, depth: int) -> int:
    """``gamut.perft(state, depth)`` (the number of move sequences of exactly
    ``depth`` moves), computed on bitboards."""
    if depth <= 0:
        return 1
    if state._outcome is not None:
        return 0
    seen: dict = {}
    for h in state._trail:
        seen[h] = seen.get(h, 0) + 1
    side = state._to_move
    own, other = (state.white, state.black) if side else (state.black, state.white)
    return _perft(own, other, side, state._hash, depth, seen)


def _perft(own, other, side, h, depth, seen):
    """Sequences of ``depth`` moves from a position that is not over, ``own``
    to move; ``seen`` counts the positions since the last capture."""
    moves = generate(own, other)
    if depth == 1:
        return len(moves) or 1
    seen[h] = seen.get(h, 0) + 1
    total = 0
    if not moves:  # a pass
        h2 = h ^ ZOBRIST_SIDE
        if seen.get(h2, 0) < 2:
            total = _perft(other, own, side ^ 1, h2, depth - 1, seen)
    elif depth == 2:
        total = _count_replies(own, other, side, h, moves, seen)
    else:
        zmove = _ZMOVE[side]
        for m in moves:
            mine = own ^ _FT_BITS[m & 4095]
            if m & CAPTURE:
                theirs = other ^ (1 << (m & 63))
                if is_connected(mine) or is_connected(theirs):
                    continue
                total += _perft(theirs, mine, side ^ 1, h ^ zmove[m], depth - 1, {})
            else:
                if is_connected(mine):
                    continue
                h2 = h ^ zmove[m]
                if seen.get(h2, 0) >= 2:
                    continue
                total += _perft(other, mine, side ^ 1, h2, depth - 1, seen)
    seen[h] -= 1
    return total


def _count_replies(own, other, side, h, moves, seen):
    """The number of replies summed over ``moves`` (games ended by a move
    count none; a side without a move has one, the pass)."""
    x = other | (own << 64)
    counts = list(map(_count_of, LINE_COUNTS, map(x.__and__, LINE_KEYS)))
    before = sum(counts)
    count_at = counts.__getitem__
    repeats = any(v >= 2 for v in seen.values())
    zmove = _ZMOVE[side]
    total = 0
    for m in moves:
        ft = m & 4095
        mine = own ^ _FT_BITS[ft]
        if is_connected(mine):
            continue
        if m & CAPTURE:
            theirs = other ^ (1 << (m & 63))
            if is_connected(theirs):
                continue
        else:
            theirs = other
            if repeats and seen.get(h ^ zmove[m], 0) >= 2:
                continue
        x = theirs | (mine << 64)
        n = (before - sum(map(count_at, _FT_LINES[ft]))
             + sum(map(_count_of, _FT_COUNTS[ft], map(x.__and__, _FT_KEYS[ft]))))
        total += n or 1
    return total


def _groups(n: int) -> str:
    return "1 group" if n == 1 else f"{n} groups"


def _connection_outcome(options, mover, own, other, mover_connected, other_connected):
    names = COLOUR_NAMES
    if mover_connected and other_connected:
        cells = tuple(cell_name(sq, 8) for sq in iter_bits(own | other))
        if options["double-connection"] == "draw":
            return Outcome(None, "Draw: the move connected both sides at once", cells)
        return Outcome(mover, f"{names[mover]} wins: the move connected both sides, "
                              "and the mover wins", tuple(cell_name(sq, 8) for sq in iter_bits(own)))
    if mover_connected:
        lone = own.bit_count() == 1
        return Outcome(mover, f"{names[mover]} wins: " + (
            "a lone piece is connected" if lone else "all pieces connected"),
            tuple(cell_name(sq, 8) for sq in iter_bits(own)))
    lone = other.bit_count() == 1
    return Outcome(mover ^ 1, f"{names[mover ^ 1]} wins: " + (
        "reduced to a lone piece, which is connected" if lone else "all pieces connected"),
        tuple(cell_name(sq, 8) for sq in iter_bits(other)))


def _parse_board(text: str) -> tuple[int, int]:
    rows = text.split("/")
    if len(rows) != 8:
        raise PositionError(f"the board {excerpt(text)} needs 8 ranks separated by '/'")
    black = white = 0
    for i, row in enumerate(rows):
        rank = 7 - i
        file = 0
        for ch in row:
            if ch in "12345678":
                file += int(ch)
                if file > 8:
                    break
            elif ch in "bw":
                if file > 7:
                    file += 1
                    break
                bit = 1 << (rank * 8 + file)
                if ch == "b":
                    black |= bit
                else:
                    white |= bit
                file += 1
            else:
                raise PositionError(f"unexpected {excerpt(ch)} in rank {rank + 1} of the board")
        if file != 8:
            raise PositionError(f"rank {rank + 1} of the board ({excerpt(row, 20)}) does not "
                                "describe exactly 8 squares")
    for name, bb in (("Black", black), ("White", white)):
        if not 1 <= bb.bit_count() <= 12:
            raise PositionError(f"{name} must have 1 to 12 pieces, not {bb.bit_count()}")
    return black, white


def start(variant: str, options: dict) -> LoaState:
    black, white = SCRAMBLED_EGGS_SETUP if variant == "scrambled-eggs" else STANDARD_SETUP
    return LoaState(variant, options, black, white, BLACK)


def load_body(header, body: str) -> LoaState:
    fields = body.split()
    if len(fields) not in (2, 3):
        raise PositionError("a Lines of Action position is '<board> <b|w> [history=...]'")
    black, white = _parse_board(fields[0])
    if fields[1] not in ("b", "w"):
        raise PositionError(f"the side to move must be 'b' or 'w', not {excerpt(fields[1])}")
    to_move = "bw".index(fields[1])
    history = []
    if len(fields) == 3:
        if not fields[2].startswith("history="):
            raise PositionError(f"expected history=<moves>, not {excerpt(fields[2])}")
        history = [m for m in fields[2][len("history="):].split(",") if m]
    if not history:
        return LoaState(header.variant, header.options, black, white, to_move)
    # Undo the history (moves since the last capture are reversible), then
    # replay it forwards so that every move is checked for legality.
    b, w, side = black, white, to_move
    for text in reversed(history):
        side ^= 1
        if text == "pass":
            continue
        if "x" in text:
            raise PositionError(f"history move {excerpt(text)} captures; history starts after "
                                "the last capture")
        parts = text.split("-")
        if len(parts) != 2:
            raise PositionError(f"cannot read history move {excerpt(text)}")
        frm, to = parse_cell(parts[0], 8, 8), parse_cell(parts[1], 8, 8)
        if frm is None or to is None:
            raise PositionError(f"cannot read history move {excerpt(text)}")
        own = w if side else b
        if not (own >> to) & 1 or ((b | w) >> frm) & 1:
            raise PositionError(f"history move {excerpt(text)} does not fit the board")
        own ^= (1 << frm) | (1 << to)
        if side:
            w = own
        else:
            b = own
    state = LoaState(header.variant, header.options, b, w, side)
    for text in history:
        try:
            state = state.play_text(text)
        except IllegalMoveError as exc:
            raise PositionError(f"history move {excerpt(text)} is illegal: {exc}") from None
    return state


# -- setting up a position by hand (gamut.setup) --------------------------------

def setup_palette(variant: str, options: dict) -> dict:
    return {"items": [
        {"id": "b", "label": "Black piece", "owner": BLACK, "kind": "piece", "stacks": False,
         "cells": None},
        {"id": "w", "label": "White piece", "owner": WHITE, "kind": "piece", "stacks": False,
         "cells": None},
    ], "counts": []}


def setup_describe(state: LoaState) -> dict:
    cells = {cell_name(sq, 8): ["b"] for sq in iter_bits(state.black)}
    cells.update({cell_name(sq, 8): ["w"] for sq in iter_bits(state.white)})
    return {"to_move": state.to_move, "cells": cells}


def setup_compose(header, setup: dict) -> LoaState:
    """A position with 1 to 12 pieces a side (a side with none has lost,
    and no side can have more than it starts with); repetitions start anew."""
    boards = [0, 0]
    for name, stack in setup["cells"].items():
        boards["bw".index(stack[0])] |= 1 << (ord(name[0]) - 97 + 8 * (int(name[1:]) - 1))
    for seat in (BLACK, WHITE):
        n = boards[seat].bit_count()
        if n > 12:
            raise core.SetupError(f"too many pieces: {COLOUR_NAMES[seat]} has {n}, and a side "
                                  "has at most the 12 it starts with")
        if n == 0:
            raise core.SetupError(f"{COLOUR_NAMES[seat]} has no piece: each side needs at "
                                  "least one")
    return LoaState(header.variant, header.options, boards[0], boards[1], setup["to_move"])


INFO = core.register(core.GameInfo(
    id="loa",
    name="Lines of Action",
    description="Move a piece exactly as far as there are pieces on its line; "
                "join all your pieces into one group to win.",
    variants=(
        core.VariantInfo("standard", "Standard",
                         "Black on the top and bottom rows, White on the side columns."),
        core.VariantInfo("scrambled-eggs", "Scrambled Eggs",
                         "Soucie's setup: the colours alternate around the edge."),
    ),
    options=(
        core.OptionSpec("double-connection", "Move connecting both sides",
                        ("mover", "draw"), "mover",
                        "Who wins when one move connects both sides: the mover, "
                        "or nobody (a draw, as in Computer Olympiad rules)."),
    ),
    factory=start,
    loader=load_body,
    editor=core.Editor(setup_palette, setup_describe, setup_compose),
))

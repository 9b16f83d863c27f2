"""The Escabel position (:class:`EscabelState`): its rules, outcome, words,
notation and position text; its view is :mod:`.display`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import core
from ...core import IllegalMoveError, Outcome, excerpt
from ...messages import Message, seat
from . import display, words
from .board import (
    _UNKNOWN,
    ACTION,
    BLACK,
    COLOUR_NAMES,
    LOW,
    SWAP_CODE,
    ZOBRIST,
    ZOBRIST_SIDE,
    ZOBRIST_SWAP,
    Move,
    _grow_zobrist,
    _height,
    _iter_bits,
    _top,
)
from .connection import winning_chain

if TYPE_CHECKING:
    from ...view import View


class EscabelState(core.State):
    """An Escabel position (immutable).

    ``black``/``white``: bitboards of the stacks topped by each colour;
    ``levels[h]``: bitboard of the stacks of height ``h`` (``levels[0]`` is
    0); ``codes``: the stacks themselves (see the module docstring);
    ``swapped``: 1 when seat 0 holds White; ``ply``: moves since the start
    position (derived from the number of pieces when loaded)."""

    __slots__ = (
        "variant",
        "options",
        "geo",
        "black",
        "white",
        "levels",
        "codes",
        "_to_move",
        "swapped",
        "ply",
        "_hash",
        "_last",
        "_moves",
        "_outcome",
    )
    game_id = "escabel"

    def __init__(
        self, variant, options, geo, black, white, levels, codes, to_move, swapped, ply, hash_=None, last=None
    ):
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
        self._moves: list[Move] | None = None
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
        return self.ply == 1 and not self.swapped and self.options["pie"]

    def outcome(self):
        if self._outcome is _UNKNOWN:
            self._analyse()
        return self._outcome

    def legal_moves(self) -> list:
        moves = self._moves
        if moves is None:
            moves = self._analyse()
        return list(moves)

    def has_chain(self, colour: int) -> bool:
        """Whether ``colour`` has a connected chain touching both its edges
        (whoever is to move)."""
        return bool(winning_chain(self.geo, self.black, self.white, self.codes, self.levels, colour))

    def chain_cells(self, colour: int) -> tuple:
        """Names of the points on ``colour``'s chains joining its edges."""
        bb = winning_chain(self.geo, self.black, self.white, self.codes, self.levels, colour, exact=True)
        names = self.geo.names
        return tuple(names[i] for i in _iter_bits(bb))

    def _analyse(self) -> list[Move]:
        """Judge the start of the turn: a chain of the player to move wins;
        otherwise no legal move loses.  Returns the legal moves."""
        colour = self._to_move ^ self.swapped
        geo = self.geo
        if winning_chain(geo, self.black, self.white, self.codes, self.levels, colour):
            self._moves = []
            self._outcome = Outcome(
                self._to_move,
                Message(
                    "result.escabel.chain",
                    {
                        "winner": words.seat_and_colour(self._to_move, colour),
                        "edges": "topBottom" if colour == BLACK else "leftRight",
                    },
                ),
                self.chain_cells(colour),
            )
            return self._moves
        moves = self._generate(colour)
        self._moves = moves
        if moves:
            self._outcome = None
        else:
            other = self._to_move ^ 1
            self._outcome = Outcome(
                other,
                Message(
                    "result.escabel.noMove",
                    {
                        "winner": words.seat_and_colour(other, colour ^ 1),
                        "loser": words.seat_and_colour(self._to_move, colour),
                    },
                ),
                self.chain_cells(colour ^ 1),
            )
        return moves

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

    def play_unchecked(self, move) -> EscabelState:
        """The position after ``move``, which must be legal here (use
        :meth:`parse_move` for untrusted input)."""
        c = move & LOW
        geo = self.geo
        to_move = self._to_move
        swapped = self.swapped
        h = self._hash ^ ZOBRIST_SIDE
        if c == SWAP_CODE:
            return EscabelState(
                self.variant,
                self.options,
                geo,
                self.black,
                self.white,
                self.levels,
                self.codes,
                to_move ^ 1,
                swapped ^ 1,
                self.ply + 1,
                h ^ ZOBRIST_SWAP,
                geo.swap,
            )
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
        return EscabelState(
            self.variant,
            self.options,
            geo,
            black,
            white,
            tuple(levels),
            tuple(codes),
            to_move ^ 1,
            swapped,
            self.ply + 1,
            h,
            geo.moves[c],
        )

    # -- for the computer player (see .evaluation) ------------------------------
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
        return core.evaluation("escabel").evaluate(self)

    def move_order_keys(self, moves) -> list:
        return core.evaluation("escabel").move_order_keys(self, moves)

    # -- notation -------------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        if not isinstance(text, str):
            raise IllegalMoveError(Message("error.escabel.notText"))
        t = text.strip().lower()
        geo = self.geo
        legal = self.legal_moves()
        outcome = self.outcome()  # known now: legal_moves analysed the turn
        if outcome is not None:
            raise IllegalMoveError(Message("error.over", {"result": outcome.message}))
        if t == "swap":
            if geo.swap in legal:
                return geo.swap
            raise IllegalMoveError(self._explain_swap())
        parts = t.split(">")
        if len(parts) > 2 or not all(parts):
            raise IllegalMoveError(Message("error.escabel.unreadable", {"text": excerpt(text)}))
        cells = [geo.parse(p) for p in parts]
        for p, i in zip(parts, cells):
            if i is None:
                where = {"n": geo.n, "last": geo.names[-2]}
                raise IllegalMoveError(
                    Message(
                        "error.escabel.offBoard", {"text": excerpt(text), "point": excerpt(p, 8), **where}
                    )
                )
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

    def why_illegal(self, clicks) -> Message:
        outcome = self.outcome()
        if outcome is not None:
            return Message("error.overSentence", {"result": outcome.message})
        geo = self.geo
        if not clicks:
            return Message("error.escabel.click")
        cells = [geo.parse(c) if isinstance(c, str) else None for c in clicks]
        if None in cells:
            return Message("error.escabel.clickBoard", {"n": geo.n})
        if len(cells) > 2:
            return Message("error.escabel.twoPoints")
        return self._explain(cells)

    def _explain_swap(self) -> Message:
        if not self.options["pie"]:
            return Message("error.escabel.noPie")
        if self.swapped:
            return Message("error.escabel.swapped")
        if self.ply == 0:
            return Message("error.escabel.swapAfterFirst")
        return Message("error.escabel.swapFirstTurn")

    # -- words (gamut.words) ----------------------------------------------------
    def move_message(self, move, after) -> Message:
        return words.move_message(self, move, after)

    def threat_message(self) -> Message | None:
        return words.threat_message(self)

    def _explain(self, cells: list) -> Message:
        """Why the placement ``[p]`` or the move action ``[p, q]`` is illegal."""
        geo = self.geo
        names = geo.names
        colour = self._to_move ^ self.swapped
        who = seat(COLOUR_NAMES[colour])
        p = cells[0]
        code = self.codes[p]
        cell = names[p]
        if len(cells) == 1:
            if not code:
                return Message("error.escabel.empty", {"cell": cell})
            if _top(code) != colour:
                stack = words.stack_message(self, p)
                return Message("error.escabel.occupied", {"cell": cell, "stack": stack, "who": who})
            targets = [m for m in self.legal_moves() if m.is_action and m.cells()[0] == cell]
            if targets:
                return Message("error.escabel.pickTarget", {"cell": cell, "height": _height(code)})
            enemy = ("black", "white")[colour ^ 1]
            return Message("error.escabel.stuck", {"cell": cell, "height": _height(code), "colour": enemy})
        q = cells[1]
        if not code:
            return Message("error.escabel.fromEmpty", {"cell": cell, "who": who})
        if _top(code) != colour:
            stack = words.stack_message(self, p)
            mine = ("black", "white")[colour]
            return Message("error.escabel.notOwn", {"cell": cell, "stack": stack, "who": who, "colour": mine})
        if q == p:
            return Message("error.escabel.itself", {"cell": cell})
        step = {"from": cell, "to": names[q]}
        if q - p not in geo.deltas:
            return Message("error.escabel.notAdjacent", step)
        target = self.codes[q]
        if not target:
            return Message("error.escabel.ontoEmpty", {"to": names[q]})
        if _top(target) == colour:
            return Message("error.escabel.ontoOwn", {"to": names[q], "who": who})
        return Message(
            "error.escabel.heights", {**step, "height": _height(code), "toHeight": _height(target)}
        )

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
        return (self.variant, tuple(self.options.items()), self.codes, self._to_move, self.swapped)

    def view(self) -> View:
        return display.view(self)


def _stack_text(code: int) -> str:
    height = _height(code)
    pieces = "".join("bw"[(code >> k) & 1] for k in range(height))
    return pieces if height == 1 else f"({pieces})"

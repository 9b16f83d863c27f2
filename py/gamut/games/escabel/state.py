"""The Escabel position (:class:`EscabelState`): its rules, outcome, words,
notation and position text; its view is :mod:`.display`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import core
from ...core import IllegalMoveError, Outcome, excerpt
from ...messages import Message
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
            self._outcome = Outcome.said(
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
            self._outcome = Outcome.said(
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
            raise IllegalMoveError("a move must be text such as 'd4', 'd4>d5' or 'swap'")
        t = text.strip().lower()
        geo = self.geo
        legal = self.legal_moves()
        outcome = self.outcome()  # known now: legal_moves analysed the turn
        if outcome is not None:
            raise IllegalMoveError(f"the game is over ({outcome.reason})")
        if t == "swap":
            if geo.swap in legal:
                return geo.swap
            raise IllegalMoveError(self._explain_swap())
        parts = t.split(">")
        if len(parts) > 2 or not all(parts):
            raise IllegalMoveError(
                f"cannot read move {excerpt(text)}: write a placement like d4, a move action "
                "like d4>d5, or swap"
            )
        cells = [geo.parse(p) for p in parts]
        for p, i in zip(parts, cells):
            if i is None:
                raise IllegalMoveError(
                    f"cannot read move {excerpt(text)}: {excerpt(p, 8)} is not a point of the "
                    f"{geo.n}x{geo.n} board (a1 to {geo.names[-2]})"
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

    def why_illegal(self, clicks) -> str:
        outcome = self.outcome()
        if outcome is not None:
            return f"The game is over ({outcome.reason})."
        geo = self.geo
        if not clicks:
            return (
                "Click an empty point to place a piece, or one of your stacks and then "
                "an adjacent enemy stack of the same height."
            )
        cells = [geo.parse(c) if isinstance(c, str) else None for c in clicks]
        if None in cells:
            return (
                f"Click points of the {geo.n}x{geo.n} board: an empty point, or one of "
                "your stacks and then an adjacent enemy stack of the same height."
            )
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
    def move_message(self, move, after) -> Message:
        return words.move_message(self, move, after)

    def threat_message(self) -> Message | None:
        return words.threat_message(self)

    def _stack_words(self, i: int) -> str:
        return str(words.stack_message(self, i))

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
                return (
                    f"{names[p]} is occupied by {self._stack_words(p)}: place only on "
                    f"an empty point, or move one of {name}'s stacks onto it"
                )
            targets = [m for m in self.legal_moves() if m.is_action and m.cells()[0] == names[p]]
            if targets:
                return (
                    f"{names[p]} is occupied: now pick the adjacent enemy stack of "
                    f"height {_height(code)} to move onto"
                )
            return (
                f"{names[p]} is occupied, and its stack (height {_height(code)}) has "
                f"no orthogonally adjacent {COLOUR_NAMES[colour ^ 1]} stack of the same "
                "height to move onto"
            )
        q = cells[1]
        if not code:
            return f"{names[p]} is empty: a move action starts from one of {name}'s stacks"
        if _top(code) != colour:
            return f"{names[p]} holds {self._stack_words(p)}; {name} can move only {name} stacks"
        if q == p:
            return f"a move action goes from {names[p]} to an adjacent point, not to itself"
        if q - p not in geo.deltas:
            return (
                f"{names[q]} is not orthogonally adjacent to {names[p]}: a move action "
                f"goes one step left, right, up or down"
            )
        target = self.codes[q]
        if not target:
            return (
                f"{names[q]} is empty: a move action goes onto an enemy stack "
                f"(to place a piece there, just pick {names[q]})"
            )
        if _top(target) == colour:
            return f"{names[q]} holds one of {name}'s own stacks; move onto an enemy stack"
        return (
            f"the stack on {names[p]} has height {_height(code)} and the one on "
            f"{names[q]} height {_height(target)}: a move action needs equal heights"
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

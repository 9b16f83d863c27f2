"""The EVL position (:class:`EvlState`): its rules (moves played,
captures, repetitions), outcome, notation and position text; its words
(moves, score, why a move is illegal) are :mod:`.words`' and its view
:mod:`.display`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import core
from ...core import IllegalMoveError, Outcome, excerpt
from ...grid import iter_bits
from ...messages import Message
from ...messages import seat as seat_message
from . import display, words
from .board import (
    BLACK,
    CELL_INDEX,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    COUNT,
    EMPTY,
    HEIGHT,
    MOVES,
    PARTNERS,
    PENTAGON_INDEX,
    PENTAGONS,
    PUSH,
    TOP,
    WHITE,
    Z_CELL,
    Z_MARK,
    Z_SIDE,
    Move,
    _run_length,
    _stack_text,
    generate,
    initial_hash,
    stack_seats,
)

if TYPE_CHECKING:
    from ...view import View


_UNKNOWN = False  # outcome not judged yet (needs the move list)


class EvlState(core.State):
    """An EVL position (immutable).

    ``board``: 28 stack codes (index = row * 7 + column - 1); ``marks``:
    ``(black_mask, white_mask)`` of pentagon bits; ``hands``: pieces in hand
    per seat (derived from the board, kept for speed)."""

    __slots__ = (
        "variant",
        "options",
        "board",
        "marks",
        "hands",
        "_to_move",
        "_hash",
        "_moves",
        "_outcome",
        "_last",
        "_captured",
        "_ply",
        "_base",
        "_trail",
        "_since",
    )
    game_id = "evl"

    def __init__(
        self,
        variant,
        options,
        board,
        marks,
        to_move,
        hands=None,
        hash_=None,
        outcome=_UNKNOWN,
        last=None,
        captured=0,
        ply=0,
        base=None,
        trail=(),
        since=(),
    ):
        self.variant = variant
        # The repetition record: the state where the current run of unstacks
        # began (positions before a placement can never recur), the hashes
        # of the positions before each of those moves, and the moves.
        self._base = base
        self._trail = trail
        self._since = since
        self.options = options
        self.board = board
        self.marks = marks
        self._to_move = to_move
        if hands is None:
            total = options["pieces"]
            hands = (total - sum(COUNT[0][c] for c in board), total - sum(COUNT[1][c] for c in board))
        self.hands = hands
        self._hash = initial_hash(board, marks, to_move) if hash_ is None else hash_
        self._moves = None
        self._last = last
        self._captured = captured
        self._ply = ply
        if outcome is _UNKNOWN:
            # A player with every marker on the board has won (the loader
            # makes sure it is the player who just moved).
            m = options["markers"]
            for seat in (0, 1):
                if marks[seat].bit_count() >= m:
                    outcome = self._win(seat)
        self._outcome = outcome

    # -- the protocol -------------------------------------------------------
    @property
    def to_move(self) -> int:
        return self._to_move

    @property
    def ply(self) -> int:
        return self._ply

    def zobrist(self) -> int:
        return self._hash

    def legal_moves(self) -> list:
        if self._moves is None:
            if self._outcome:
                self._moves = []
            else:
                seat = self._to_move
                self._moves = generate(self.board, seat, self.hands[seat])
                if self._outcome is _UNKNOWN:
                    self._outcome = None if self._moves else self._stuck()
        return list(self._moves)

    def outcome(self):
        if self._outcome is _UNKNOWN:
            self.legal_moves()
        return self._outcome

    def play_unchecked(self, move) -> EvlState:
        """The position after ``move``, which must be legal here (use
        :meth:`parse_move` for untrusted input)."""
        seat = self._to_move
        board = list(self.board)
        h = self._hash ^ Z_SIDE
        if len(move) == 1:
            c = move[0]
            old = board[c]
            new = PUSH[seat][old]
            board[c] = new
            h ^= Z_CELL[c][old] ^ Z_CELL[c][new]
            hands = (self.hands[0] - 1, self.hands[1]) if seat == 0 else (self.hands[0], self.hands[1] - 1)
            return EvlState(
                self.variant,
                self.options,
                tuple(board),
                self.marks,
                seat ^ 1,
                hands,
                h,
                _UNKNOWN,
                move,
                0,
                self._ply + 1,
            )
        # Unstack: lift the stack, drop its bottom piece on each heptagon it
        # leaves (except the origin), land the rest on the last heptagon.
        o = move[0]
        carried = board[o]
        board[o] = EMPTY
        zc = Z_CELL[o]
        h ^= zc[carried] ^ zc[EMPTY]
        last = len(move) - 1
        for i in range(1, last):
            c = move[i]
            old = board[c]
            new = PUSH[carried & 1][old]
            carried >>= 1
            board[c] = new
            zc = Z_CELL[c]
            h ^= zc[old] ^ zc[new]
        c = move[last]
        old = board[c]
        ht = HEIGHT[old]
        new = (old ^ (1 << ht)) | (carried << ht)
        board[c] = new
        zc = Z_CELL[c]
        h ^= zc[old] ^ zc[new]
        # Captures: a pentagon with two non-touching heptagons controlled by
        # the mover, one of which received a piece now.
        mine, theirs = self.marks[seat], self.marks[seat ^ 1]
        surrounded = 0
        for i in range(1, last + 1):
            c = move[i]
            if TOP[board[c]] == seat:
                for p, q in PARTNERS[c]:
                    if TOP[board[q]] == seat:
                        surrounded |= 1 << p
        surrounded &= ~mine
        captured = 0
        marks = self.marks
        if surrounded:
            left = self.options["markers"] - mine.bit_count()
            for p in iter_bits(surrounded):
                if not left:
                    break
                bit = 1 << p
                if theirs & bit:
                    theirs ^= bit
                    h ^= Z_MARK[p][seat ^ 1]
                mine |= bit
                h ^= Z_MARK[p][seat]
                captured |= bit
                left -= 1
            marks = (mine, theirs) if seat == 0 else (theirs, mine)
        # (The new state sees a full set of markers and records the win.)
        trail = self._trail + (self._hash,)
        state = EvlState(
            self.variant,
            self.options,
            tuple(board),
            marks,
            seat ^ 1,
            self.hands,
            h,
            _UNKNOWN,
            move,
            captured,
            self._ply + 1,
            self._base or self,
            trail,
            self._since + (move,),
        )
        if state._outcome is _UNKNOWN and trail.count(h) >= 2:  # no marker win
            state._outcome = state._repeated()
        return state

    # -- for the computer player (see .evaluation) ------------------------------
    search_kind = "alphabeta"
    search_speed = 20_000  # nodes/s in CPython (gamut.ai.Level turns time into nodes)
    eval_scale = 1300.0  # score worth ~73 % to win (bench/calibrate_eval.py)

    def evaluate(self) -> int:
        return core.evaluation("evl").evaluate(self)

    def move_order_keys(self, moves) -> list:
        return core.evaluation("evl").move_order_keys(self, moves)

    def _win(self, seat: int) -> Outcome:
        m = self.options["markers"]
        said = Message("result.evl.markers", {"winner": seat_message(COLOUR_NAMES[seat]), "markers": m})
        return Outcome(seat, said, self._pentagon_names(seat))

    def repetitions(self) -> int:
        """How many times this position has occurred (this time included)."""
        return self._trail.count(self._hash) + 1

    def _repeated(self) -> Outcome:
        """The outcome when a position occurs for the third time."""
        return self._by_pentagons("repetition", {})

    def _stuck(self) -> Outcome:
        """The outcome when the player to move can neither place nor unstack."""
        return self._by_pentagons("stuck", {"stuck": seat_message(COLOUR_NAMES[self._to_move])})

    def _by_pentagons(self, why: str, args: dict) -> Outcome:
        """The game ends for ``why`` (``repetition``, ``stuck``): more
        pentagons wins, equal is a draw."""
        nb, nw = self.marks[0].bit_count(), self.marks[1].bit_count()
        args = {**args, "black": nb, "white": nw}
        if nb == nw:
            return Outcome(None, Message(f"result.evl.{why}Draw", args))
        winner = BLACK if nb > nw else WHITE
        args["winner"] = seat_message(COLOUR_NAMES[winner])
        return Outcome(winner, Message(f"result.evl.{why}Win", args), self._pentagon_names(winner))

    def _pentagon_names(self, seat: int) -> tuple:
        return tuple(PENTAGONS[p] for p in iter_bits(self.marks[seat]))

    # -- queries ---------------------------------------------------------------
    def stack(self, cell: str) -> list:
        """The seats on heptagon ``cell``, bottom to top."""
        return stack_seats(self.board[CELL_INDEX[cell]])

    def marker(self, pentagon: str):
        """The seat whose marker is on ``pentagon``, or None."""
        bit = 1 << PENTAGON_INDEX[pentagon]
        return 0 if self.marks[0] & bit else 1 if self.marks[1] & bit else None

    def captured(self) -> tuple:
        """Pentagons that the last move put the mover's marker on."""
        return tuple(PENTAGONS[p] for p in iter_bits(self._captured))

    # -- words (gamut.words; said by .words) --------------------------------------
    def move_message(self, move, after) -> Message:
        return words.move_message(self, move, after)

    def threat_message(self) -> Message | None:
        return words.threat_message(self)

    def score_said(self, view):
        return words.score_said(self, view)

    # -- notation --------------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        if not isinstance(text, str):
            raise IllegalMoveError(Message("error.evl.notText"))
        t = text.strip().lower()
        cells = []
        for part in t.split("-"):
            part = part.strip()
            if part in CELL_INDEX:
                cells.append(CELL_INDEX[part])
            elif part in PENTAGON_INDEX:
                raise IllegalMoveError(Message("error.evl.pentagonText", {"cell": part}))
            else:
                raise IllegalMoveError(Message("error.evl.unreadable", {"text": excerpt(text)}))
        if self.outcome() is not None:
            raise IllegalMoveError(Message("error.over", {"result": self._outcome.message}))
        move = MOVES.get(tuple(cells))
        if move is not None and move in self.legal_moves():
            return move
        raise IllegalMoveError(words.explain(self, cells))

    def why_illegal(self, clicks) -> Message:
        return words.why_illegal(self, clicks)

    # -- codecs ---------------------------------------------------------------
    def board_text(self) -> str:
        rows = []
        for r in range(4):
            row = self.board[r * 7 : r * 7 + 7]
            rows.append(_run_length(["" if code == EMPTY else _stack_text(code) for code in row]))
        return "/".join(rows)

    def marks_text(self) -> str:
        bands = []
        for b in range(3):
            items = []
            for p in range(b * 6, b * 6 + 6):
                bit = 1 << p
                items.append("b" if self.marks[0] & bit else "w" if self.marks[1] & bit else "")
            bands.append(_run_length(items))
        return "/".join(bands)

    def to_text(self) -> str:
        text = f"{self.header()} {self.board_text()} {self.marks_text()} {COLOUR_LETTERS[self._to_move]}"
        if self.hands != self.full_hands():
            text += f" hands={self.hands[0]},{self.hands[1]}"
        if self._since:
            base = self._base
            text += (
                f" history={base.board_text()}:{base.marks_text()}:"
                f"{COLOUR_LETTERS[base._to_move]}:" + ",".join(map(str, self._since))
            )
        return text

    def key(self) -> tuple:
        return (
            self.variant,
            tuple(self.options.items()),
            self.board,
            self.marks,
            self._to_move,
            self.hands,
            self._since,
        )

    def full_hands(self) -> tuple:
        """The hands of a game played from the start: every piece not on the board."""
        total = self.options["pieces"]
        return (total - sum(COUNT[0][c] for c in self.board), total - sum(COUNT[1][c] for c in self.board))

    def view(self) -> View:
        return display.view(self)

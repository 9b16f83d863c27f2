"""The EVL position (:class:`EvlState`): its rules, outcome, words,
notation and position text; its view is :mod:`.display`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import core
from ...core import IllegalMoveError, Outcome, excerpt
from ...grid import iter_bits
from . import display
from .board import (
    BLACK,
    CELL_INDEX,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    COUNT,
    EMPTY,
    HEIGHT,
    HEPTAGONS,
    MAX_HEIGHT,
    MOVES,
    NEIGHBOURS,
    PARTNERS,
    PENTAGON_INDEX,
    PENTAGONS,
    PUSH,
    TOP,
    UNSTACKABLE,
    WHITE,
    Z_CELL,
    Z_MARK,
    Z_SIDE,
    Move,
    _and_list,
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
        return Outcome(
            seat, f"{COLOUR_NAMES[seat]} wins: all {m} markers are on the board", self._pentagon_names(seat)
        )

    def repetitions(self) -> int:
        """How many times this position has occurred (this time included)."""
        return self._trail.count(self._hash) + 1

    def _repeated(self) -> Outcome:
        """The outcome when a position occurs for the third time."""
        return self._by_pentagons("the same position occurred a third time")

    def _stuck(self) -> Outcome:
        """The outcome when the player to move can neither place nor unstack."""
        return self._by_pentagons(f"{COLOUR_NAMES[self._to_move]} can neither place nor unstack")

    def _by_pentagons(self, why: str) -> Outcome:
        """The game ends for ``why``: more pentagons wins, equal is a draw."""
        nb, nw = self.marks[0].bit_count(), self.marks[1].bit_count()
        score = f"Black {nb} pentagon{'s' * (nb != 1)}, White {nw}"
        if nb == nw:
            return Outcome(None, f"Draw: {why}; {score}")
        winner = BLACK if nb > nw else WHITE
        return Outcome(winner, f"{COLOUR_NAMES[winner]} wins: {why}; {score}", self._pentagon_names(winner))

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

    # -- words (gamut.words) ----------------------------------------------------
    def move_words(self, move, after) -> str:
        """``Black places on b3, a stack of 2``; ``White unstacks 3 from b3:
        a Black piece left on b4, 2 land on c4, a stack of 3 topped by White;
        takes ab3 and bc4 (from Black); 7 of 10 markers placed``."""
        seat = self._to_move
        who = COLOUR_NAMES[seat]
        if len(move) == 1:
            c = move[0]
            height = HEIGHT[after.board[c]]
            return f"{who} places on {HEPTAGONS[c]}" + (f", a stack of {height}" if height > 1 else "")
        o = move[0]
        carried = HEIGHT[self.board[o]]
        parts = [f"{who} unstacks {carried} from {HEPTAGONS[o]}"]
        left = []
        for c in move[1:-1]:
            left.append(
                f"a {COLOUR_NAMES[after.board[c] >> (HEIGHT[after.board[c]] - 1) & 1]} "
                f"piece left on {HEPTAGONS[c]}"
            )
            carried -= 1
        end = move[-1]
        code = after.board[end]
        left.append(
            f"{carried} land{'s' if carried == 1 else ''} on {HEPTAGONS[end]}, "
            + (
                f"a stack of {HEIGHT[code]} topped by {COLOUR_NAMES[TOP[code]]}"
                if HEIGHT[code] > 1
                else f"a {COLOUR_NAMES[TOP[code]]} piece"
            )
        )
        parts.append(", ".join(left))
        taken = after._captured
        if taken:
            theirs = self.marks[seat ^ 1]
            names = [
                PENTAGONS[p] + (f" (from {COLOUR_NAMES[seat ^ 1]})" if theirs >> p & 1 else "")
                for p in iter_bits(taken)
            ]
            parts.append(
                f"takes {_and_list(names)}; {after.marks[seat].bit_count()} of "
                f"{self.options['markers']} markers placed"
            )
        return ": ".join(parts[:2]) + ("; " + parts[2] if len(parts) > 2 else "")

    def threat_words(self) -> str:
        """Said when the player to move now has no piece in hand (they must
        unstack)."""
        if self.outcome() is not None or self.hands[self._to_move]:
            return ""
        return f"{COLOUR_NAMES[self._to_move]} has no pieces in hand and must unstack"

    def score_words(self, view) -> str:
        """Markers placed, pieces in hand and stacks controlled, per side."""
        m = self.options["markers"]
        out = []
        for seat in (0, 1):
            stacks = sum(1 for code in self.board if code != EMPTY and TOP[code] == seat)
            out.append(
                f"{COLOUR_NAMES[seat]}: {self.marks[seat].bit_count()} of {m} markers "
                f"placed, {self.hands[seat]} pieces in hand, controls {stacks} "
                f"stack{'s' if stacks != 1 else ''}"
            )
        return "; ".join(out)

    # -- notation --------------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        if not isinstance(text, str):
            raise IllegalMoveError("a move must be text such as 'b3' or 'b3-b4-c4'")
        t = text.strip().lower()
        cells = []
        for part in t.split("-"):
            part = part.strip()
            if part in CELL_INDEX:
                cells.append(CELL_INDEX[part])
            elif part in PENTAGON_INDEX:
                raise IllegalMoveError(
                    f"{part} is a pentagon: pieces go only on heptagons (a1 to d7); "
                    "pentagons are won by surrounding them"
                )
            else:
                raise IllegalMoveError(
                    f"cannot read move {excerpt(text)}: write a placement as a heptagon (b3) or an "
                    "unstack as its path (b3-b4-c4); heptagons run from a1 to d7"
                )
        if self.outcome() is not None:
            raise IllegalMoveError(f"the game is over ({self._outcome.reason})")
        move = MOVES.get(tuple(cells))
        if move is not None and move in self.legal_moves():
            return move
        raise IllegalMoveError(self._explain(cells))

    def why_illegal(self, clicks) -> str:
        if self.outcome() is not None:
            return f"The game is over ({self._outcome.reason})."
        cells = []
        for click in clicks:
            if click in PENTAGON_INDEX:
                return (
                    f"{click} is a pentagon: pieces go only on heptagons; pentagons are "
                    "won by surrounding them with an unstack."
                )
            if click not in CELL_INDEX:
                return "Click a heptagon to place a piece, or one of your stacks to unstack it."
            cells.append(CELL_INDEX[click])
        if not cells:
            return "Click a heptagon to place a piece, or one of your stacks to unstack it."
        text = self._explain(cells)
        return text[0].upper() + text[1:]

    def _explain(self, cells: list) -> str:
        """Why the move visiting ``cells`` (indices) is not legal here."""
        seat = self._to_move
        name, other = COLOUR_NAMES[seat], COLOUR_NAMES[seat ^ 1]
        board = self.board
        o = cells[0]
        oname = HEPTAGONS[o]
        code = board[o]
        height, top = HEIGHT[code], TOP[code]
        legal = self.legal_moves()
        if tuple(cells) in legal:
            return f"{'-'.join(HEPTAGONS[c] for c in cells)} is a legal move."
        can_unstack = UNSTACKABLE[seat][code] and any(m[0] == o for m in legal)
        if len(cells) == 1:
            hint = (
                f" To unstack the stack on {oname}, go on to the heptagons of its path."
                if can_unstack
                else ""
            )
            if not self.hands[seat]:
                return f"{name} has no pieces left in hand and must unstack." + hint
            if height and top != seat:
                return (
                    f"{oname} is controlled by {other} (top piece); you may place only on an "
                    "empty heptagon or on a stack you control."
                )
            if height >= MAX_HEIGHT:
                return (
                    f"{oname} already holds {MAX_HEIGHT} pieces; no stack may be taller than "
                    f"{MAX_HEIGHT}." + hint
                )
            return f"{oname} is not a legal placement."
        if not height:
            return f"{oname} is empty: an unstack starts on a stack {name} controls."
        if top != seat:
            return (
                f"the stack on {oname} is controlled by {other} (top piece); you may unstack "
                "only a stack you control."
            )
        if height == 1:
            return (
                f"{oname} holds a single piece, which is not a stack; only stacks of 2 or "
                "more can be unstacked."
            )
        steps = len(cells) - 1
        if steps > height:
            return f"a stack of {height} moves at most {height} heptagons; this path has {steps} steps."
        for i in range(1, len(cells)):
            c, prev = cells[i], cells[i - 1]
            if c in cells[:i]:
                if c == o:
                    return (
                        f"the path returns to {oname}, where it started; a path may not "
                        "visit a heptagon twice."
                    )
                return f"the path visits {HEPTAGONS[c]} twice; a path may not visit a heptagon twice."
            if c not in NEIGHBOURS[prev]:
                return (
                    f"{HEPTAGONS[prev]} and {HEPTAGONS[c]} do not touch; each step of an "
                    "unstack goes to an adjacent heptagon."
                )
        for c in cells[1:-1]:
            if HEIGHT[board[c]] >= MAX_HEIGHT:
                return (
                    f"{HEPTAGONS[c]} holds {MAX_HEIGHT} pieces: dropping a piece there "
                    f"would make {MAX_HEIGHT + 1}, so a stack of {MAX_HEIGHT} cannot be "
                    "crossed."
                )
        last = cells[-1]
        landing = height - steps + 1
        lh = HEIGHT[board[last]]
        text = (
            f"landing {landing} piece{'s' * (landing != 1)} on {HEPTAGONS[last]} (height "
            f"{lh}) would make a stack of {lh + landing}; no stack may be taller than "
            f"{MAX_HEIGHT}."
        )
        n = len(cells)
        if any(len(m) > n and list(m[:n]) == cells for m in legal):
            text += f" The path can go on from {HEPTAGONS[last]}."
        return text

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

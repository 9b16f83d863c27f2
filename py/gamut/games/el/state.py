"""The EL position (:class:`ElState`): its rules in play (legal moves,
placements and declarations, the outcome) and its Zobrist keys; its
notation and position text (:mod:`.notation`), its words (:mod:`.words`)
and its view (:mod:`.display`) are their own modules."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ... import core
from ...core import IllegalMoveError, Outcome, excerpt
from ...grid import iter_bits
from ...messages import Message, seat
from . import display, notation, words
from .moves import CODE_INFO, DECLARE_BASE, SEAT_NAMES, Declaration, declaration
from .rules import RULES

if TYPE_CHECKING:
    from ...view import View


_rng = random.Random(0xE1)
Z_CELL = tuple(_rng.getrandbits(64) for _ in range(64 * 4 * 16))  # [cell * 64 + owner * 16 + n]
Z_DECL = tuple(tuple(_rng.getrandbits(64) for _ in range(64)) for _ in range(2))
Z_LAST = tuple(_rng.getrandbits(64) for _ in range(64))
Z_LAST2 = tuple(_rng.getrandbits(64) for _ in range(64))
Z_PHASE = _rng.getrandbits(64)


def _cell_hash(c: int, code: int) -> int:
    p, n = CODE_INFO[code]
    return Z_CELL[c * 64 + p * 16 + n]


def _full_hash(rules, board, phase, declared, last, last2, declare) -> int:
    h = Z_PHASE if phase else 0
    for c, code in enumerate(board):
        if code:
            h ^= _cell_hash(c, code)
    if declare:
        for p, mask in enumerate(declared):
            for c in iter_bits(mask):
                h ^= Z_DECL[p][c]
        if last is not None:
            h ^= Z_LAST[last]
        if last2 is not None:
            h ^= Z_LAST2[last2]
    return h


# ---------------------------------------------------------------------------
# The state


class ElState(core.State):
    """An EL position (immutable).

    ``board`` is the flat tuple of cell codes (see the module docstring),
    ``occ`` the bitboard of filled cells.  With ``declare-threats``,
    ``phase`` is 1 while the player who just placed must declare,
    ``declared[p]`` are seat p's declared cells still relevant, and
    ``last``/``last2`` the last two placements (they decide whether a
    completion was created by the opponent).  The seat to move and the ply
    follow from the number of filled cells and the phase."""

    __slots__ = (
        "variant",
        "options",
        "rules",
        "board",
        "occ",
        "phase",
        "declared",
        "last",
        "last2",
        "_hash",
        "_outcome",
        "_moves",
        "_threats",
        "_declare",
        "_analysis",
        "_analysis_base",
    )
    game_id = "el"

    def __init__(
        self,
        variant,
        options,
        board,
        occ,
        phase=0,
        declared=(0, 0),
        last=None,
        last2=None,
        outcome=None,
        hash_=None,
    ):
        self.variant = variant
        self.options = options
        self.rules = RULES[variant]
        self.board = board
        self.occ = occ
        self.phase = phase
        self.declared = declared
        self.last = last
        self.last2 = last2
        self._declare = bool(options.get("declare-threats", False))
        self._outcome = outcome
        self._hash = (
            _full_hash(self.rules, board, phase, declared, last, last2, self._declare)
            if hash_ is None
            else hash_
        )
        self._moves = None
        self._threats = None
        # the computer's shape analysis (.evaluation), kept incrementally:
        # a child gets ``(parent's analysis, placed cell)`` to update from
        self._analysis = None
        self._analysis_base = None

    # -- the protocol -------------------------------------------------------
    @property
    def to_move(self) -> int:
        return (self.occ.bit_count() - self.phase) % self.rules.players

    @property
    def ply(self) -> int:
        k = self.occ.bit_count()
        if not self._declare:
            return k
        return 2 * k - (1 if (self.phase or self._outcome is not None) and k else 0)

    def zobrist(self) -> int:
        return self._hash

    def outcome(self):
        return self._outcome

    def legal_moves(self) -> list:
        if self._moves is None:
            rules = self.rules
            moves: list
            if self._outcome is not None:
                moves = []
            elif self.phase:
                size = rules.size
                threat_cells = self._threat_cells(self.to_move)
                moves = []
                sub = threat_cells
                while True:
                    moves.append(declaration(size, sub))
                    if not sub:
                        break
                    sub = (sub - 1) & threat_cells
            else:
                empty = rules.full & ~self.occ
                table = rules.placements
                first = self._forced_number()
                if first:
                    moves = [table[c][first - 1] for c in iter_bits(empty)]
                else:
                    moves = []
                    for c in iter_bits(empty):
                        moves.extend(table[c])
            self._moves = moves
        return list(self._moves)

    def _forced_number(self) -> int:
        """With ``first-two-equal``: the number Red must repeat on their second
        placement (0 when no constraint applies)."""
        if (
            self.options.get("first-two-equal")
            and not self.phase
            and self.occ.bit_count() == self.rules.players
            and self.to_move == 0
        ):
            for code in self.board:
                if code and CODE_INFO[code][0] == 0:
                    return CODE_INFO[code][1]
        return 0

    def threats(self) -> tuple:
        """For every seat, the frozenset of ``(cell name, number)`` with which
        that seat would complete an EL for itself on its next placement (the
        board as it stands; ``first-two-equal`` is not considered)."""
        names = self.rules.name_of
        return tuple(frozenset((names[c], n) for c, n in pairs) for pairs in self._threat_pairs())

    @property
    def turn_plies(self) -> int:
        return 2 if self._declare else 1

    # -- for the computer player (see .evaluation) ------------------------------
    @property
    def search_kind(self) -> str:
        return "alphabeta" if self.rules.players == 2 else "mcts"

    eval_scale = 450.0  # score worth ~73 % to win (bench/calibrate_eval.py)

    @property
    def search_speed(self) -> int:
        """Nominal CPython speed: alpha-beta nodes or Monte-Carlo simulations
        per second (``gamut.ai.Level`` turns thinking time into these)."""
        if self.rules.players == 2:  # (the analysis costs about one unit per shape)
            return 1_880_000 // len(self.rules.shapes)  # standard: 188 shapes, 10k nodes/s
        return 1_000 if self.rules.players == 3 else 500

    @property
    def level_seconds(self) -> Mapping[str, float]:
        """Two-player EL gives Master twice the usual time (6 s, not 3 s):
        its games turn on threat sequences 6-9 plies deep, and with four
        times Strong's work Master won only 25 of 40 games against Strong,
        with eight times 31 of 40 (bench/ARENA.md)."""
        return core.MASTER_TWICE if self.rules.players == 2 else {}

    def evaluate(self) -> int:
        return core.evaluation("el").evaluate(self)

    def move_order_keys(self, moves) -> list:
        return core.evaluation("el").move_order_keys(self, moves)

    def search_moves(self) -> list:
        return core.evaluation("el").search_moves(self)

    def wins_in_one(self) -> list | None:
        """Two-player EL with the threats announced (every completion of
        one's own EL wins, EL-3 and EL-4): the mover's threat pairs, the
        rules' own list of completing placements.  None (try every move)
        with declared threats, ``first-two-equal``'s forced number,
        ``full-board=second-wins`` (filling the board may win), or a board
        so full that a reply might have no number left that completes
        nothing (see :meth:`_replies_can_stay_quiet`)."""
        rules = self.rules
        if (
            self._declare
            or rules.players != 2
            or self.phase
            or self._outcome is not None
            or self.options.get("full-board") == "second-wins"
            or self._forced_number()
            or not self._replies_can_stay_quiet()
        ):
            return None
        table = rules.placements
        return [table[c][n - 1] for c, n in sorted(self._threat_pairs()[self.to_move])]

    def _replies_can_stay_quiet(self) -> bool:
        """Whether, whatever the mover places, the opponent has a number to
        write that completes no EL: two empty cells each lie in fewer shapes
        with at most one other empty cell than there are numbers (a full
        shape but one is completed by one number, in ``consecutive`` by two
        at most), and one of them stays empty after the mover's placement.
        (So a placement that completes nothing never wins within the turn.)"""
        rules = self.rules
        per = 2 if rules.consecutive else 1
        occ = self.occ
        quiet = 0
        for c in iter_bits(rules.full & ~occ):
            near_full = 0
            for mask, _ in rules.through[c]:
                e = mask & ~occ & ~(1 << c)
                if not e & (e - 1):
                    near_full += 1
            if near_full * per < rules.numbers:
                quiet += 1
                if quiet == 2:
                    return True
        return False

    def _threat_pairs(self) -> tuple:
        if self._threats is None:
            self._threats = self.rules.threat_pairs(self.board, self.occ)
        return self._threats

    def _threat_numbers(self, seat: int, cells: int) -> dict:
        """{cell: sorted numbers} of ``seat``'s threats on the cells of ``cells``."""
        by_cell: dict[int, list[int]] = {}
        for c, n in self._threat_pairs()[seat]:
            if cells >> c & 1:
                by_cell.setdefault(c, []).append(n)
        return {c: sorted(ns) for c, ns in by_cell.items()}

    def _threat_cells(self, seat: int) -> int:
        mask = 0
        for c, _ in self._threat_pairs()[seat]:
            mask |= 1 << c
        return mask

    def play_unchecked(self, move) -> ElState:
        """The position after ``move`` (a legal move; anything else raises
        IllegalMoveError, but use :meth:`parse_move` for untrusted text)."""
        if self._outcome is not None:
            raise IllegalMoveError(Message("error.over", {"result": self._outcome.message}))
        if not isinstance(move, int) or isinstance(move, bool):
            raise IllegalMoveError(Message("error.notMove", {"text": excerpt(move)}))
        if isinstance(move, Declaration) or move >= DECLARE_BASE:
            child = self._play_declaration(move)
            child._analysis = self._analysis  # (the board is the same)
            return child
        child = self._play_placement(move)
        if self._analysis is not None:
            child._analysis_base = (self._analysis, (move >> 4) & 63)
        return child

    def _play_placement(self, move) -> ElState:
        rules = self.rules
        size = rules.size
        c, n = (move >> 4) & 63, move & 15
        bit = 1 << c
        if move >> 10 != size or self.phase or self.occ & bit or not 1 <= n <= rules.numbers:
            raise IllegalMoveError(Message("error.notLegalHere", {"text": excerpt(move)}))
        forced = self._forced_number()
        if forced and n != forced:
            raise IllegalMoveError(self._explain_forced(forced))
        p = self.to_move
        code = rules.codes[p][n]
        board = self.board[:c] + (code,) + self.board[c + 1 :]
        occ = self.occ | bit
        h = self._hash ^ Z_CELL[c * 64 + p * 16 + n]
        declare = self._declare
        # Line/L variants look at every shape through c (cheap, and the reason
        # can name a double completion); the connected-set search stops early.
        found = rules.completions(board, occ, c, p if rules.any_shape else None)
        outcome = None
        if found:
            outcome = self._decide(found, p, c, n, self.declared[p] if declare else 0)
        if outcome is None and occ == rules.full:
            outcome = self._full_board_outcome()
        if not declare:
            return ElState(self.variant, self.options, board, occ, 0, self.declared, c, None, outcome, h)
        declared = self.declared
        phase = 0
        if outcome is None:  # the mover must now declare; the filled cell is no threat
            new = list(declared)
            new[p] = 0
            new[p ^ 1] &= ~bit
            for seat in (0, 1):
                for sq in iter_bits(declared[seat] ^ new[seat]):
                    h ^= Z_DECL[seat][sq]
            declared = tuple(new)
            phase = 1
            h ^= Z_PHASE
        if self.last is not None:
            h ^= Z_LAST[self.last] ^ Z_LAST2[self.last]
        if self.last2 is not None:
            h ^= Z_LAST2[self.last2]
        h ^= Z_LAST[c]
        return ElState(self.variant, self.options, board, occ, phase, declared, c, self.last, outcome, h)

    def _play_declaration(self, move) -> ElState:
        rules = self.rules
        if not self.phase:
            raise IllegalMoveError(Message("error.el.declareAfter"))
        if (move >> 64) & 255 != rules.size:
            raise IllegalMoveError(Message("error.notLegalHere", {"text": excerpt(move)}))
        p = self.to_move
        mask = move & ((1 << 64) - 1) & self._threat_cells(p)
        h = self._hash ^ Z_PHASE
        for sq in iter_bits(mask ^ self.declared[p]):
            h ^= Z_DECL[p][sq]
        declared = list(self.declared)
        declared[p] = mask
        return ElState(
            self.variant,
            self.options,
            self.board,
            self.occ,
            0,
            tuple(declared),
            self.last,
            self.last2,
            None,
            h,
        )

    def _decide(self, found, mover, c, n, declared_mask, last=-1) -> Outcome | None:
        """The outcome of a placement by ``mover`` on ``c`` completing the ELs
        ``found``; ``declared_mask`` is the mover's declaration (declare-threats)."""
        rules = self.rules
        names = SEAT_NAMES
        name_of = rules.name_of
        last = self.last if last == -1 else last
        own = [m for w, m in found if w == mover]
        where = {"cell": name_of[c], "number": n}
        if own:
            cells = rules.mask_names(own[0])
            # (the connected-set search stops at the mover's first EL, so only
            # the line/L variants know every other owner)
            others = {w for w, _ in found if w != mover} if not rules.any_shape else ()

            def won(said: Message) -> Outcome:
                if others:
                    also = Message.all([seat(names[w]) for w in sorted(others)])
                    said = Message("result.el.alsoFor", {"result": said, "others": also})
                return Outcome(mover, said, cells)

            winner = {"winner": seat(names[mover]), **where}
            if not self._declare:
                return won(Message("result.el.completed", winner))
            if declared_mask >> c & 1:
                return won(Message("result.el.declared", winner))
            if last is not None and all(m >> last & 1 for m in own):
                return won(Message("result.el.created", {**winner, "other": seat(names[mover ^ 1])}))
        players = rules.players
        owners = {w for w, _ in found}
        for i in range(1, players):
            q = (mover + i) % players
            if q in owners:
                cells = rules.mask_names(next(m for w, m in found if w == q))
                said = Message(
                    "result.el.forOther", {"winner": seat(names[q]), "mover": seat(names[mover]), **where}
                )
                if own:
                    said = Message("result.el.undeclared", {"result": said, "mover": seat(names[mover])})
                return Outcome(q, said, cells)
        return None

    def _full_board_outcome(self) -> Outcome:
        if self.options.get("full-board") == "second-wins":
            return Outcome(1, Message("result.el.fullSecond", {"winner": seat("Blue")}))
        return Outcome(None, Message("result.el.fullDraw"))

    # -- words (gamut.words; said by .words) --------------------------------------
    def move_message(self, move, after) -> Message:
        return words.move_message(self, move, after)

    def threat_message(self) -> Message | None:
        return words.threat_message(self)

    def score_said(self, view):
        return words.score_said(self, view)

    def _occupied(self, c) -> Message:
        p, n = CODE_INFO[self.board[c]]
        return Message(
            "error.el.occupied", {"cell": self.rules.name_of[c], "who": seat(SEAT_NAMES[p]), "number": n}
        )

    def _explain_forced(self, forced, sentence: bool = False) -> Message:
        return Message("error.el.forcedSentence" if sentence else "error.el.forced", {"number": forced})

    def why_illegal(self, clicks) -> Message:
        return words.why_illegal(self, clicks)

    # -- notation and position text (said by .notation) -----------------------
    def parse_move(self, text: str):
        return notation.parse_move(self, text)

    def board_text(self) -> str:
        return notation.board_text(self)

    def to_text(self) -> str:
        return notation.to_text(self)

    def key(self) -> tuple:
        lasts = (self.last, self.last2) if self._declare else ()
        return (self.variant, tuple(self.options.items()), self.board, self.phase, self.declared, lasts)

    def view(self) -> View:
        return display.view(self)

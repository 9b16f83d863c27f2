"""The Lines of Action position (:class:`LoaState`): its rules, its
outcome, its words, its notation and its view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import core
from ...core import IllegalMoveError, Outcome, excerpt
from ...grid import cell_name, iter_bits, parse_cell, squares_board_view
from ...messages import Message, seat
from ...view import black_and_white, said
from .board import (
    CAPTURE,
    COLOUR_NAMES,
    CONNECTED,
    DIRECTIONS,
    LINES,
    MOVES,
    PASS,
    PASS_CODE,
    ZOBRIST,
    ZOBRIST_SIDE,
    Move,
    count_groups,
    generate,
    initial_hash,
    is_connected,
    remember_connected,
)

if TYPE_CHECKING:
    from ...view import Counter, Highlight, MoveEntry, Piece, View

REPETITION = Message("result.loa.repetition")


class LoaState(core.State):
    """A Lines of Action position (immutable).

    ``black``/``white`` are bitboards; ``_trail`` holds the hashes of the
    positions before each move since the last capture (for repetition) and
    ``_since`` the codes of those moves (for the position text)."""

    __slots__ = (
        "variant",
        "options",
        "black",
        "white",
        "_to_move",
        "_hash",
        "_trail",
        "_since",
        "_outcome",
        "_moves",
        "_last",
    )
    game_id = "loa"

    def __init__(
        self,
        variant,
        options,
        black,
        white,
        to_move,
        hash_=None,
        trail=(),
        since=(),
        outcome=False,
        last=None,
    ):
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

    def play_unchecked(self, move) -> LoaState:
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
                outcome = Outcome(None, REPETITION)
            return LoaState(
                self.variant, self.options, black, white, side ^ 1, h, trail, since, outcome, PASS
            )
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
        mover_connected = CONNECTED.get(own)
        if mover_connected is None:
            mover_connected = remember_connected(own)
        other_connected = captured and is_connected(other)
        if mover_connected or other_connected:
            outcome = _connection_outcome(self.options, side, own, other, mover_connected, other_connected)
        elif not captured and trail.count(h) >= 2:
            outcome = Outcome(None, REPETITION)
        return LoaState(
            self.variant, self.options, black, white, side ^ 1, h, trail, since, outcome, MOVES[move]
        )

    def _judge_loaded(self):
        """Outcome of a position read from text or built directly: the side
        that just moved (not to move) is the mover for the double rule."""
        mover = self._to_move ^ 1
        own, other = (self.white, self.black) if mover else (self.black, self.white)
        mc, oc = is_connected(own), is_connected(other)
        if mc or oc:
            return _connection_outcome(self.options, mover, own, other, mc, oc)
        if self._trail.count(self._hash) >= 2:
            return Outcome(None, REPETITION)
        return None

    def perft(self, depth: int) -> int:
        """This game's own perft, on bare bitboards (:mod:`.perft`): the
        optional hook ``gamut.perft`` takes when a state has it (the same
        counts as the generic walk, in a fraction of the time)."""
        from .perft import perft

        return perft(self, depth)

    # -- for the computer player (see .evaluation) ------------------------------
    search_kind = "alphabeta"
    search_speed = 45_000  # nodes/s in CPython (gamut.ai.Level turns time into nodes)
    eval_scale = 950.0  # score worth ~73 % to win (bench/calibrate_eval.py)
    #: Master thinks 6 s here, not 3 s: with four times Strong's nodes it won
    #: about two games in three against Strong, short of the ladder's 70 %
    #: (bench/ARENA.md).
    level_seconds = core.MASTER_TWICE

    def evaluate(self) -> int:
        return core.evaluation("loa").evaluate(self)

    def move_order_keys(self, moves) -> list:
        return core.evaluation("loa").move_order_keys(self, moves)

    def repetitions(self) -> int:
        """How many times this position has occurred (this time included)."""
        return self._trail.count(self._hash) + 1

    # -- words (gamut.words) ----------------------------------------------------
    def move_message(self, move, after) -> Message:
        """``Black b1 to d3``, ``White b1 takes d3``, ``Black passes``."""
        who = seat(COLOUR_NAMES[self._to_move])
        if move == PASS_CODE:
            return Message("move.loa.pass", {"who": who})
        frm, to = cell_name((move >> 6) & 63, 8), cell_name(move & 63, 8)
        kind = "move.loa.capture" if move & CAPTURE else "move.loa.step"
        return Message(kind, {"who": who, "from": frm, "to": to})

    def threat_message(self) -> Message | None:
        """What a careful player wants to hear after a move: the mover's moves
        that would connect all their pieces if it were their turn again (the
        opponent must stop them), and how many groups each side has."""
        if self._outcome is not None:
            return None
        mover = self._to_move ^ 1
        own, other = (self.white, self.black) if mover else (self.black, self.white)
        wins = [
            m for m in generate(own, other) if is_connected(own ^ (1 << ((m >> 6) & 63)) ^ (1 << (m & 63)))
        ]
        groups = {
            "mover": seat(COLOUR_NAMES[mover]),
            "own": count_groups(own),
            "other": seat(COLOUR_NAMES[mover ^ 1]),
            "theirs": count_groups(other),
        }
        if not wins:
            return Message("move.loa.groups", groups)
        # (the moves are notation, one language's as any other's: a plain list)
        shown = ", ".join(str(MOVES[m]) for m in wins[:3])
        return Message("move.loa.threat", {"moves": shown, "more": max(0, len(wins) - 3), **groups})

    def score_said(self, view) -> Message:
        """Pieces and groups of each side."""
        return Message.semicolons(
            Message(
                "score.loa.side",
                {"who": seat(COLOUR_NAMES[s]), "n": bb.bit_count(), "groups": count_groups(bb)},
            )
            for s, bb in ((0, self.black), (1, self.white))
        )

    # -- notation -------------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        if not isinstance(text, str):
            raise IllegalMoveError(Message("error.loa.notText"))
        t = text.strip().lower()
        legal = self.legal_moves()
        if self._outcome is not None:
            raise IllegalMoveError(Message("error.over", {"result": self._outcome.message}))
        if t == "pass":
            if legal == [PASS]:
                return PASS
            raise IllegalMoveError(Message("error.loa.noPass"))
        sep = "-" if "-" in t else "x" if "x" in t else None
        parts = t.split(sep) if sep else []
        if len(parts) != 2:
            raise IllegalMoveError(Message("error.loa.unreadable", {"text": excerpt(text)}))
        frm, to = parse_cell(parts[0], 8, 8), parse_cell(parts[1], 8, 8)
        if frm is None or to is None:
            raise IllegalMoveError(Message("error.loa.offBoard", {"text": excerpt(text)}))
        for m in legal:
            if m != PASS_CODE and (m >> 6) & 63 == frm and m & 63 == to:
                return m
        raise IllegalMoveError(self._explain(frm, to))

    def why_illegal(self, clicks) -> Message:
        if self._outcome is not None:
            return Message("error.overSentence", {"result": self._outcome.message})
        found = [parse_cell(c, 8, 8) for c in clicks]
        cells = [c for c in found if c is not None]
        if not cells or len(cells) < len(found):
            return Message("error.loa.click")
        if len(cells) == 1:
            return self._explain(cells[0], None)
        return self._explain(cells[0], cells[1])

    def _explain(self, frm: int, to: int | None) -> Message:
        own, enemy = (self.white, self.black) if self._to_move else (self.black, self.white)
        who = seat(COLOUR_NAMES[self._to_move])
        f = cell_name(frm, 8)
        if not (own >> frm) & 1:
            if (enemy >> frm) & 1:
                colour = ("black", "white")[self._to_move ^ 1]
                return Message("error.loa.theirs", {"cell": f, "colour": colour, "who": who})
            return Message("error.loa.empty", {"cell": f, "who": who})
        legal = self.legal_moves()
        if legal == [PASS]:
            return Message("error.loa.mustPass", {"who": who})
        if to is None:
            if not any((m >> 6) & 63 == frm for m in legal):
                return Message("error.loa.stuck", {"cell": f})
            return Message("error.loa.canMove", {"cell": f})
        t = cell_name(to, 8)
        move = {"from": f, "to": t}
        df, dr = to % 8 - frm % 8, to // 8 - frm // 8
        if (df, dr) == (0, 0):
            return Message("error.loa.nowhere", move)
        if df and dr and abs(df) != abs(dr):
            return Message("error.loa.notLine", move)
        step = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
        direction = DIRECTIONS.index(step)
        count = (self.black | self.white) & LINES[frm][direction >> 1]
        n = count.bit_count()
        dist = max(abs(df), abs(dr))
        if dist != n:
            return Message("error.loa.distance", {"from": f, "n": n, "dist": dist})
        for k in range(1, dist):
            sq = frm + k * (step[0] + 8 * step[1])
            if (enemy >> sq) & 1:
                return Message("error.loa.jump", {"from": f, "over": cell_name(sq, 8)})
        if (own >> to) & 1:
            return Message("error.loa.own", move)
        return Message("error.loa.illegal", move)

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
            text += " history=" + ",".join(str(MOVES[m] if m != PASS_CODE else PASS) for m in self._since)
        return text

    def key(self) -> tuple:
        return (self.variant, tuple(self.options.items()), self.black, self.white, self._to_move, self._since)

    def view(self) -> View:
        pieces: list[Piece] = [{"cell": cell_name(sq, 8), "owner": 0} for sq in iter_bits(self.black)]
        pieces += [{"cell": cell_name(sq, 8), "owner": 1} for sq in iter_bits(self.white)]
        moves: list[MoveEntry] = []
        for m in self.legal_moves():
            if m == PASS_CODE:
                moves.append({"text": "pass", "clicks": [], "said": said(PASS_LABEL)})
            else:
                moves.append({"text": str(m), "clicks": [cell_name((m >> 6) & 63, 8), cell_name(m & 63, 8)]})
        last: list[str] = []
        if self._last is not None and self._last != PASS_CODE:
            last = [cell_name(self._last.from_square, 8), cell_name(self._last.to_square, 8)]
        must_pass = bool(moves) and moves[0]["text"] == "pass"
        outcome = self._outcome
        highlights: list[Highlight] = []
        if outcome is not None and outcome.cells:
            highlights.append({"kind": "win", "cells": list(outcome.cells)})
        return {
            "game": "loa",
            "variant": self.variant,
            "options": self.options_json(),
            "title": self.info.title(),
            "players": black_and_white(),
            "to_move": self._to_move,
            "board": squares_board_view(8, 8),
            "pieces": pieces,
            "counters": [
                _counter(0, self.black.bit_count()),
                _counter(1, self.white.bit_count()),
            ],
            "last_move": last,
            "highlights": highlights,
            "moves": moves,
            "outcome": outcome.to_json() if outcome else None,
            "messages": [said(NO_MOVE)] if must_pass else [],
        }


#: the view's words: the pass button, the note when a player must pass
PASS_LABEL = Message("view.pass")
NO_MOVE = Message("view.loa.noMove")


def _counter(owner: int, pieces: int) -> Counter:
    """A seat's count of pieces ("12 pieces")."""
    return {"owner": owner, "value": pieces, "said": said(Message("view.count.pieces", {"n": pieces}))}


def _connection_outcome(options, mover, own, other, mover_connected, other_connected):
    winner = seat(COLOUR_NAMES[mover])
    if mover_connected and other_connected:
        cells = tuple(cell_name(sq, 8) for sq in iter_bits(own | other))
        if options["double-connection"] == "draw":
            return Outcome(None, Message("result.loa.bothDraw"), cells)
        return Outcome(
            mover,
            Message("result.loa.bothMover", {"winner": winner}),
            tuple(cell_name(sq, 8) for sq in iter_bits(own)),
        )
    if mover_connected:
        lone = own.bit_count() == 1
        return Outcome(
            mover,
            Message("result.loa.lone" if lone else "result.loa.connected", {"winner": winner}),
            tuple(cell_name(sq, 8) for sq in iter_bits(own)),
        )
    lone = other.bit_count() == 1
    return Outcome(
        mover ^ 1,
        Message(
            "result.loa.reducedLone" if lone else "result.loa.connected",
            {"winner": seat(COLOUR_NAMES[mover ^ 1])},
        ),
        tuple(cell_name(sq, 8) for sq in iter_bits(other)),
    )

"""An EL position in words (for :mod:`gamut.words`): moves, threats and
counts, and why a click sequence is not a legal move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...grid import parse_cell
from ...messages import Message, seat
from .moves import CODE_INFO, DECLARE_BASE, SEAT_NAMES, Declaration

if TYPE_CHECKING:
    from .state import ElState


def move_message(state: ElState, move, after) -> Message:
    """``Red writes 5 on c4``; ``Red declares threats on c4 (3) and d5
    (1 or 2)``, ``Red declares no threat``."""
    names = state.rules.name_of
    who = seat(SEAT_NAMES[state.to_move])
    if isinstance(move, Declaration) or move >= DECLARE_BASE:
        cells = move & ((1 << 64) - 1)
        if not cells:
            return Message("move.el.declareNone", {"who": who})
        numbers = after._threat_numbers(state.to_move, cells)
        return Message("move.el.declare", {"who": who, "threats": _threat_list(names, numbers)})
    return Message("move.el.write", {"who": who, "number": move & 15, "cell": names[(move >> 4) & 63]})


def threat_message(state: ElState) -> Message | None:
    """After a placement in the two-player game: the mover's threats
    (every cell and number that would complete an EL for them), as the
    engine announces them; with declared threats, only an undeclared
    completion (no win) is said, and that the mover now declares: the
    threats stay secret until declared.  Also what the next placement
    must be (``first-two-equal``)."""
    rules = state.rules
    parts: list[Message] = []
    if state.last is not None and rules.threat_rule:
        names = rules.name_of
        mover = CODE_INFO[state.board[state.last]][0]
        if state._declare:
            if state.phase:
                own = [m for w, m in rules.completions(state.board, state.occ, state.last) if w == mover]
                if own:
                    parts.append(Message("move.el.undeclared"))
                parts.append(Message("move.el.nowDeclares", {"who": seat(SEAT_NAMES[mover])}))
        else:
            by_cell = state._threat_numbers(mover, state._threat_cells(mover))
            if by_cell:
                parts.append(Message("move.el.threatens", {"threats": _threat_list(names, by_cell)}))
    forced = state._forced_number()
    if forced:
        parts.append(
            Message("move.el.mustRepeat", {"who": seat(SEAT_NAMES[state.to_move]), "number": forced})
        )
    if not parts:
        return None
    said = parts[-1]
    for part in reversed(parts[:-1]):
        said = Message("move.el.clauses", {"first": part, "rest": said})
    return said


def score_said(state: ElState, view) -> Message:
    """Numbers written by each player, empty cells, and the threats that
    stand (two-player game without declarations)."""
    counts = [0] * state.rules.players
    for code in state.board:
        if code:
            counts[CODE_INFO[code][0]] += 1
    empty = state.rules.size**2 - state.occ.bit_count()
    parts: list = [
        Message("score.el.numbers", {"who": seat(SEAT_NAMES[p]), "n": n}) for p, n in enumerate(counts)
    ]
    parts.append(Message("score.el.empty", {"n": empty}))
    if state.rules.threat_rule and not state._declare and state._outcome is None:
        for p in range(state.rules.players):
            by_cell = state._threat_numbers(p, state._threat_cells(p))
            if by_cell:
                parts.append(
                    Message(
                        "score.el.threatens",
                        {"who": seat(SEAT_NAMES[p]), "cells": _threat_list(state.rules.name_of, by_cell)},
                    )
                )
    return Message.semicolons(parts)


def why_illegal(state: ElState, clicks) -> Message:
    """Why the cells and numbers clicked (``"c4"``, ``"n5"``) are not a move."""
    if state._outcome is not None:
        return Message("error.overSentence", {"result": state._outcome.message})
    if state.phase:
        return Message("error.el.markThreats")
    rules = state.rules
    cells, numbers = [], []
    for click in clicks:
        c = parse_cell(click, rules.size, rules.size) if isinstance(click, str) else None
        if c is not None:
            cells.append(c)
        elif (
            isinstance(click, str)
            and click[:1] == "n"
            and click[1:].isdigit()
            and 1 <= int(click[1:]) <= rules.numbers
        ):
            numbers.append(int(click[1:]))
        else:
            return Message("error.el.click", {"numbers": rules.numbers})
    for c in cells:
        if state.occ >> c & 1:
            return state._occupied(c)
    forced = state._forced_number()
    for n in numbers:
        if forced and n != forced:
            return state._explain_forced(forced, sentence=True)
    if len(cells) > 1 or len(numbers) > 1:
        return Message("error.el.oneNumber")
    if not cells:
        return Message("error.el.pickCell")
    if not numbers:
        return Message("error.el.pickNumber", {"numbers": rules.numbers})
    return Message("error.illegal")


def _threat_list(names, by_cell: dict) -> Message:
    """``c5 with 3 and d6 with 4 or 5`` ({cell: numbers}; cells with no
    number known are named alone)."""
    parts = []
    for c in sorted(by_cell):
        ns = by_cell[c]
        parts.append(
            Message("move.el.threatCell", {"cell": names[c], "numbers": Message.any(ns)}) if ns else names[c]
        )
    return Message.all(parts)

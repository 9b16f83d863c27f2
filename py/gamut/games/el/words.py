"""An EL position in words (for :mod:`gamut.words`): moves, threats and
counts, and why a click sequence is not a legal move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...grid import parse_cell
from .moves import CODE_INFO, DECLARE_BASE, SEAT_NAMES, Declaration

if TYPE_CHECKING:
    from .state import ElState


def move_words(state: ElState, move, after) -> str:
    """``Red writes 5 on c4``; ``Red declares threats on c4 (3) and d5
    (1 or 2)``, ``Red declares no threat``."""
    names = state.rules.name_of
    who = SEAT_NAMES[state.to_move]
    if isinstance(move, Declaration) or move >= DECLARE_BASE:
        cells = move & ((1 << 64) - 1)
        if not cells:
            return f"{who} declares no threat"
        numbers = after._threat_numbers(state.to_move, cells)
        return f"{who} declares threats on " + _threat_list(names, numbers)
    return f"{who} writes {move & 15} on {names[(move >> 4) & 63]}"


def threat_words(state: ElState) -> str:
    """After a placement in the two-player game: the mover's threats
    (every cell and number that would complete an EL for them), as the
    engine announces them; with declared threats, only an undeclared
    completion (no win) is said, and that the mover now declares: the
    threats stay secret until declared.  Also what the next placement
    must be (``first-two-equal``)."""
    rules = state.rules
    parts = []
    if state.last is not None and rules.threat_rule:
        names = rules.name_of
        mover = CODE_INFO[state.board[state.last]][0]
        if state._declare:
            if state.phase:
                own = [m for w, m in rules.completions(state.board, state.occ, state.last) if w == mover]
                if own:
                    parts.append("completing an EL without having declared it: no win, the game goes on")
                parts.append(f"{SEAT_NAMES[mover]} now declares threats")
        else:
            by_cell = state._threat_numbers(mover, state._threat_cells(mover))
            if by_cell:
                parts.append("threatens " + _threat_list(names, by_cell))
    forced = state._forced_number()
    if forced:
        parts.append(f"{SEAT_NAMES[state.to_move]} must write {forced} again")
    return "; ".join(parts)


def score_words(state: ElState, view) -> str:
    """Numbers written by each player, empty cells, and the threats that
    stand (two-player game without declarations)."""
    counts = [0] * state.rules.players
    for code in state.board:
        if code:
            counts[CODE_INFO[code][0]] += 1
    empty = state.rules.size**2 - state.occ.bit_count()
    parts = [f"{SEAT_NAMES[p]} {n} number{'s' if n != 1 else ''}" for p, n in enumerate(counts)]
    text = "; ".join(parts) + f"; {empty} empty cell{'s' if empty != 1 else ''}"
    if state.rules.threat_rule and not state._declare and state._outcome is None:
        for p in range(state.rules.players):
            by_cell = state._threat_numbers(p, state._threat_cells(p))
            if by_cell:
                text += f"; {SEAT_NAMES[p]} threatens " + _threat_list(state.rules.name_of, by_cell)
    return text


def why_illegal(state: ElState, clicks) -> str:
    if state._outcome is not None:
        return f"The game is over ({state._outcome.reason})."
    if state.phase:
        return (
            "Mark the cells where you threaten to complete an EL, then confirm (or confirm with none marked)."
        )
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
            return f"Click an empty cell and a number from 1 to {rules.numbers}."
    for c in cells:
        if state.occ >> c & 1:
            return state._occupied(c) + "."  # starts with the cell name: keep it lowercase
    forced = state._forced_number()
    for n in numbers:
        if forced and n != forced:
            return state._explain_forced(forced)[0].upper() + state._explain_forced(forced)[1:] + "."
    if len(cells) > 1 or len(numbers) > 1:
        return "A move writes one number on one empty cell."
    if not cells:
        return "Now click the empty cell to write it on."
    if not numbers:
        return f"Now pick a number from 1 to {rules.numbers}."
    return "That is not a legal move here."


def _threat_list(names, by_cell: dict) -> str:
    """``c5 with 3 and d6 with 4 or 5`` ({cell: numbers}; cells with no
    number known are named alone)."""
    parts = []
    for c in sorted(by_cell):
        ns = by_cell[c]
        parts.append(f"{names[c]} with " + " or ".join(map(str, ns)) if ns else names[c])
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]

"""EL's notation: a move text read (``c4=5``, ``declare:c4,d5``, ``declare:-``)
into a move, with the reason when it cannot be played, and the position
text written (the board by ranks, the seat to move, the phase, the last
placements and the declared cells)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import IllegalMoveError, excerpt
from ...grid import iter_bits, parse_cell
from ...messages import Message, seat
from .moves import CODE_INFO, SEAT_LETTERS, SEAT_NAMES, declaration

if TYPE_CHECKING:
    from .state import ElState


def parse_move(state: ElState, text: str):
    """The move ``text`` names in ``state`` (a placement ``c4=5`` or a
    declaration ``declare:c4,d5``/``declare:-``); IllegalMoveError says
    why it cannot be read or played."""
    if not isinstance(text, str):
        raise IllegalMoveError(Message("error.el.notText"))
    if state._outcome is not None:
        raise IllegalMoveError(Message("error.over", {"result": state._outcome.message}))
    rules = state.rules
    t = text.strip().lower()
    who = seat(SEAT_NAMES[state.to_move])
    last = rules.name_of[-1]
    if t.startswith("declare"):
        if not state.phase:
            if not state._declare:
                raise IllegalMoveError(Message("error.el.autoThreats"))
            raise IllegalMoveError(Message("error.el.placeFirst", {"who": who}))
        body = t[len("declare") :].lstrip(":").strip()
        mask = 0
        if body != "-":
            items = [x.strip() for x in body.split(",")] if body else []
            if not items or not all(items):
                raise IllegalMoveError(Message("error.el.declareUnreadable", {"text": excerpt(text)}))
            for item in items:
                c = parse_cell(item, rules.size, rules.size)
                if c is None:
                    raise IllegalMoveError(
                        Message(
                            "error.el.declareCell",
                            {"text": excerpt(text), "item": excerpt(item, 8), "last": last},
                        )
                    )
                if state.occ >> c & 1:
                    raise IllegalMoveError(Message("error.el.declareOccupied", {"cell": item}))
                mask |= 1 << c
        return declaration(rules.size, mask & state._threat_cells(state.to_move))
    if state.phase:
        raise IllegalMoveError(Message("error.el.mustDeclare", {"who": who}))
    cell_text, eq, num_text = t.partition("=")
    cell_text, num_text = cell_text.strip(), num_text.strip()
    if not eq or not cell_text or not num_text:
        raise IllegalMoveError(Message("error.el.unreadable", {"text": excerpt(text)}))
    c = parse_cell(cell_text, rules.size, rules.size)
    if c is None:
        raise IllegalMoveError(Message("error.el.offBoard", {"text": excerpt(text), "last": last}))
    if not (num_text.isdigit() and num_text.isascii() and 1 <= int(num_text) <= rules.numbers):
        raise IllegalMoveError(Message("error.el.numbers", {"text": excerpt(text), "numbers": rules.numbers}))
    n = int(num_text)
    if state.occ >> c & 1:
        raise IllegalMoveError(state._occupied(c))
    forced = state._forced_number()
    if forced and n != forced:
        raise IllegalMoveError(state._explain_forced(forced))
    return rules.placements[c][n - 1]


def board_text(state: ElState) -> str:
    """The board, ranks from the top separated by ``/``: ``.`` an empty
    cell, ``r5`` Red's 5."""
    size = state.rules.size
    rows = []
    for rank in range(size - 1, -1, -1):
        row = []
        for file in range(size):
            code = state.board[rank * size + file]
            if code:
                p, n = CODE_INFO[code]
                row.append(f"{SEAT_LETTERS[p]}{n}")
            else:
                row.append(".")
        rows.append("".join(row))
    return "/".join(rows)


def to_text(state: ElState) -> str:
    """``<header> <board> <seat to move>[ phase=declare][ last=<cells>]
    [ declared=<cells>;<cells>]``: ranks from the top separated by ``/``,
    ``.`` an empty cell, ``r5`` Red's 5 (``b`` Blue, ``g`` Green, ``y``
    Yellow); ``last`` the last placement (with declare-threats the last
    two, oldest first); ``declared`` each seat's declared cells or ``-``."""
    parts = [state.header(), state.board_text(), SEAT_LETTERS[state.to_move]]
    if state.phase:
        parts.append("phase=declare")
    names = state.rules.name_of
    if state.last is not None:
        lasts = [state.last2, state.last] if state._declare else [state.last]
        parts.append("last=" + ",".join(names[c] for c in lasts if c is not None))
    if state._declare:
        parts.append(
            "declared=" + ";".join(",".join(names[c] for c in iter_bits(m)) or "-" for m in state.declared)
        )
    return " ".join(parts)

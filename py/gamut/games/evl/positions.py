"""EVL's start position and its position texts read back (a history, when
given, replayed to check it)."""

from __future__ import annotations

from ...core import IllegalMoveError, PositionError, cause_of, excerpt
from ...messages import Message, seat
from . import geometry
from .board import BLACK, COLOUR_NAMES, COUNT, EMPTY, MAX_HEIGHT, NUM_CELLS, WHITE, stack_code
from .state import EvlState


def _parse_runs(text: str, size: int, what: Message, stacks: bool) -> list:
    """Split a row/band written by :func:`_run_length` into ``size`` items
    ("" for empty); stacks in parentheses are allowed when ``stacks``.
    ``what`` names the row or band in the errors."""
    items = []
    i, n = 0, len(text)
    prev_digit = False
    while i < n:
        ch = text[i]
        if ch in "123456789":
            if prev_digit:
                raise PositionError(Message("error.position.evl.runDigits", {"what": what}))
            items.extend([""] * int(ch))
            prev_digit = True
            i += 1
            continue
        prev_digit = False
        if ch in "bw":
            items.append(ch)
            i += 1
        elif ch == "(" and stacks:
            end = text.find(")", i)
            inner = text[i + 1 : end] if end > 0 else ""
            if end < 0 or not inner or any(x not in "bw" for x in inner):
                raise PositionError(Message("error.position.evl.stackForm", {"what": what}))
            if len(inner) < 2:
                raise PositionError(Message("error.position.evl.single", {"what": what}))
            if len(inner) > MAX_HEIGHT:
                stack = excerpt("(" + inner + ")")
                raise PositionError(
                    Message("error.position.evl.tall", {"what": what, "stack": stack, "max": MAX_HEIGHT})
                )
            items.append(inner)
            i = end + 1
        else:
            raise PositionError(Message("error.position.evl.unexpected", {"what": what, "char": excerpt(ch)}))
        if len(items) > size:
            break
    if len(items) != size:
        raise PositionError(
            Message("error.position.evl.cells", {"what": what, "size": size, "count": len(items)})
        )
    return items


def load_body(header, body: str) -> EvlState:
    fields = body.split()
    history = None
    if len(fields) >= 4 and fields[-1].startswith("history="):
        history = fields.pop()[len("history=") :]
    hands = None
    if len(fields) == 4 and fields[3].startswith("hands="):
        hands = _parse_hands(fields.pop()[len("hands=") :])
    if len(fields) != 3:
        raise PositionError(Message("error.position.evl.format"))
    if history is not None:
        return _load_with_history(header, fields, hands, history)
    return _load_plain(header, fields, hands)


def _parse_hands(text: str) -> tuple:
    parts = text.split(",")
    if len(parts) != 2 or not all(p.isdigit() and p.isascii() and len(p) <= 3 for p in parts):
        raise PositionError(Message("error.position.evl.hands", {"text": excerpt(text)}))
    return int(parts[0]), int(parts[1])


def _load_plain(header, fields: list, hands: tuple | None) -> EvlState:
    rows = fields[0].split("/")
    if len(rows) != 4:
        raise PositionError(Message("error.position.evl.rows"))
    cells: list[int] = []
    for r, row in enumerate(rows):
        for item in _parse_runs(row, 7, Message("error.position.evl.row", {"row": "abcd"[r]}), True):
            cells.append(stack_code(["bw".index(ch) for ch in item]))
    bands = fields[1].split("/")
    if len(bands) != 3:
        raise PositionError(Message("error.position.evl.bands"))
    marks = [0, 0]
    for b, band in enumerate(bands):
        what = Message("error.position.evl.band", {"band": geometry.BANDS[b]})
        for k, item in enumerate(_parse_runs(band, 6, what, False)):
            if item:
                marks["bw".index(item)] |= 1 << (b * 6 + k)
    if fields[2] not in ("b", "w"):
        raise PositionError(Message("error.position.sideToMove", {"text": excerpt(fields[2])}))
    to_move = "bw".index(fields[2])
    board = tuple(cells)
    total, m = header.options["pieces"], header.options["markers"]
    counts = [sum(COUNT[s][c] for c in board) for s in (0, 1)]
    for side in (0, 1):
        who = seat(COLOUR_NAMES[side])
        if counts[side] > total:
            raise PositionError(
                Message("error.position.evl.pieces", {"who": who, "count": counts[side], "total": total})
            )
        if marks[side].bit_count() > m:
            raise PositionError(
                Message(
                    "error.position.evl.markers", {"who": who, "count": marks[side].bit_count(), "max": m}
                )
            )
    # Black's first move and White's first move are placements.
    if counts[0] == 0 and (counts[1] or to_move == WHITE):
        raise PositionError(Message("error.position.evl.blackFirst"))
    if counts[1] == 0 and counts[0] and to_move == BLACK:
        raise PositionError(Message("error.position.evl.whiteFirst"))
    if (marks[0] or marks[1]) and counts[0] + counts[1] < 2:
        raise PositionError(Message("error.position.evl.markersWon"))
    for side in (0, 1):
        if marks[side].bit_count() == m and to_move == side:
            raise PositionError(
                Message("error.position.evl.ended", {"who": seat(COLOUR_NAMES[side]), "markers": m})
            )
    full = (total - counts[0], total - counts[1])
    if hands is not None:
        for side in (0, 1):
            if hands[side] > full[side]:
                counted = {"board": counts[side], "hand": hands[side], "sum": counts[side] + hands[side]}
                raise PositionError(
                    Message(
                        "error.position.evl.handTooMany",
                        {"who": seat(COLOUR_NAMES[side]), **counted, "total": total},
                    )
                )
        if hands == full:
            raise PositionError(Message("error.position.evl.handsFull"))
    return EvlState(header.variant, header.options, board, (marks[0], marks[1]), to_move, hands or full)


def _load_with_history(header, fields, hands, history: str) -> EvlState:
    """A position with its run of reversible moves: replay them from where
    the run began (checking each; unstacks leave the hands as they are) and
    make sure they lead to this position."""
    parts = history.split(":")
    if len(parts) != 4 or not parts[3]:
        raise PositionError(Message("error.position.evl.historyForm"))
    state = _load_plain(header, parts[:3], hands)
    for text in parts[3].split(","):
        try:
            move = state.parse_move(text)
        except IllegalMoveError as exc:
            cause = cause_of(exc)
            raise PositionError(
                Message("error.position.historyIllegal", {"move": excerpt(text), "cause": cause})
            ) from None
        if move.is_placement:
            raise PositionError(Message("error.position.evl.historyPlacement", {"move": excerpt(text)}))
        state = state.play_unchecked(move)
    current = _load_plain(header, fields, hands)
    if (state.board, state.marks, state._to_move) != (current.board, current.marks, current._to_move):
        raise PositionError(Message("error.position.evl.historyLeads"))
    return state


def start(variant: str, options: dict) -> EvlState:
    return EvlState(variant, options, (EMPTY,) * NUM_CELLS, (0, 0), BLACK)

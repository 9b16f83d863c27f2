"""Lines of Action's start positions and its position texts read back
(``<board> <b|w> [history=...]``, the history checked by replaying it)."""

from __future__ import annotations

from ...core import IllegalMoveError, PositionError, cause_of, excerpt
from ...grid import parse_cell
from ...messages import Message, seat
from .board import BLACK
from .state import LoaState

STANDARD_SETUP = (
    sum(1 << sq for sq in range(1, 7)) | sum(1 << sq for sq in range(57, 63)),
    sum(1 << (r * 8) for r in range(1, 7)) | sum(1 << (r * 8 + 7) for r in range(1, 7)),
)


def _squares(names: str) -> int:
    cells = [parse_cell(n, 8, 8) for n in names.split()]
    return sum(1 << c for c in cells if c is not None)


SCRAMBLED_EGGS_SETUP = (
    _squares("b1 d1 f1 c8 e8 g8 a3 a5 a7 h2 h4 h6"),
    _squares("c1 e1 g1 b8 d8 f8 a2 a4 a6 h3 h5 h7"),
)


def _parse_board(text: str) -> tuple[int, int]:
    rows = text.split("/")
    if len(rows) != 8:
        raise PositionError(Message("error.position.boardRanks", {"board": excerpt(text), "n": 8}))
    black = white = 0
    for i, row in enumerate(rows):
        rank = 7 - i
        file = 0
        for ch in row:
            if ch in "12345678":
                file += int(ch)
                if file > 8:
                    break
            elif ch in "bw":
                if file > 7:
                    file += 1
                    break
                bit = 1 << (rank * 8 + file)
                if ch == "b":
                    black |= bit
                else:
                    white |= bit
                file += 1
            else:
                raise PositionError(
                    Message("error.position.unexpected", {"char": excerpt(ch), "rank": rank + 1})
                )
        if file != 8:
            raise PositionError(
                Message("error.position.loa.rankSquares", {"rank": rank + 1, "row": excerpt(row, 20)})
            )
    for name, bb in (("Black", black), ("White", white)):
        if not 1 <= bb.bit_count() <= 12:
            raise PositionError(
                Message("error.position.loa.pieces", {"who": seat(name), "count": bb.bit_count()})
            )
    return black, white


def start(variant: str, options: dict) -> LoaState:
    black, white = SCRAMBLED_EGGS_SETUP if variant == "scrambled-eggs" else STANDARD_SETUP
    return LoaState(variant, options, black, white, BLACK)


def load_body(header, body: str) -> LoaState:
    fields = body.split()
    if len(fields) not in (2, 3):
        raise PositionError(Message("error.position.loa.format"))
    black, white = _parse_board(fields[0])
    if fields[1] not in ("b", "w"):
        raise PositionError(Message("error.position.sideToMove", {"text": excerpt(fields[1])}))
    to_move = "bw".index(fields[1])
    history = []
    if len(fields) == 3:
        if not fields[2].startswith("history="):
            raise PositionError(Message("error.position.loa.history", {"text": excerpt(fields[2])}))
        history = [m for m in fields[2][len("history=") :].split(",") if m]
    if not history:
        return LoaState(header.variant, header.options, black, white, to_move)
    # Undo the history (moves since the last capture are reversible), then
    # replay it forwards so that every move is checked for legality.
    b, w, side = black, white, to_move
    for text in reversed(history):
        side ^= 1
        if text == "pass":
            continue
        if "x" in text:
            raise PositionError(Message("error.position.loa.historyCapture", {"move": excerpt(text)}))
        parts = text.split("-")
        if len(parts) != 2:
            raise PositionError(Message("error.position.historyUnreadable", {"move": excerpt(text)}))
        frm, to = parse_cell(parts[0], 8, 8), parse_cell(parts[1], 8, 8)
        if frm is None or to is None:
            raise PositionError(Message("error.position.historyUnreadable", {"move": excerpt(text)}))
        own = w if side else b
        if not (own >> to) & 1 or ((b | w) >> frm) & 1:
            raise PositionError(Message("error.position.loa.historyMisfit", {"move": excerpt(text)}))
        own ^= (1 << frm) | (1 << to)
        if side:
            w = own
        else:
            b = own
    state = LoaState(header.variant, header.options, b, w, side)
    for text in history:
        try:
            state = state.play_text(text)
        except IllegalMoveError as exc:
            cause = cause_of(exc)
            raise PositionError(
                Message("error.position.historyIllegal", {"move": excerpt(text), "cause": cause})
            ) from None
    return state

"""Escabel's start positions and its position texts read back."""

from __future__ import annotations

from ...core import PositionError, excerpt
from ...messages import Message, seat
from .board import BLACK, COLOUR_NAMES, WHITE, Geometry, _height, _top, geometry
from .state import EscabelState


def _build(
    variant: str, options: dict, geo: Geometry, codes: list, to_move: int, swapped: int, ply: int
) -> EscabelState:
    black = white = 0
    levels = [0]
    for i, code in enumerate(codes):
        if not code:
            continue
        bit = 1 << i
        if _top(code):
            white |= bit
        else:
            black |= bit
        height = _height(code)
        while len(levels) <= height:
            levels.append(0)
        levels[height] |= bit
    return EscabelState(
        variant, options, geo, black, white, tuple(levels), tuple(codes), to_move, swapped, ply
    )


def start(variant: str, options: dict) -> EscabelState:
    geo = geometry(options["size"])
    codes = [0] * (geo.n * geo.stride)
    if variant == "checkered":
        corner = BLACK if options["corners"] == "black" else WHITE
        for i in geo.index.values():
            even = (geo.corner_even >> i) & 1
            codes[i] = 2 | (corner if even else corner ^ 1)
    return _build(variant, options, geo, codes, 0, 0, 0)


def _parse_board(text: str, geo: Geometry) -> list:
    n, s = geo.n, geo.stride
    # Heights never fall, and a stack grows from h to h + 1 only by a move
    # action from a stack of height h, which keeps height h.  So the source
    # of the last stack to reach h + 1 holds h for good: a board with a stack
    # of height H also holds stacks of every height below H, and H is at most
    # the number of points.  Anything higher is refused before any work.
    max_height = n * n
    rows = text.split("/")
    if len(rows) != n:
        raise PositionError(Message("error.position.ranks", {"n": n, "count": len(rows)}))
    codes = [0] * (n * s)
    for k, row in enumerate(rows):
        rank = n - 1 - k
        file = 0
        pos = 0
        while pos < len(row):
            ch = row[pos]
            if ch in "0123456789":
                end = pos
                while end < len(row) and row[end] in "0123456789":
                    end += 1
                digits = row[pos:end]
                if digits[0] == "0" or len(digits) > 2:
                    raise PositionError(
                        Message("error.position.escabel.run", {"rank": rank + 1, "run": excerpt(digits, 8)})
                    )
                file += int(digits)
                pos = end
                continue
            if ch in "bw":
                pieces, pos = ch, pos + 1
            elif ch == "(":
                end = row.find(")", pos)
                if end < 0:
                    raise PositionError(Message("error.position.escabel.unclosed", {"rank": rank + 1}))
                pieces, pos = row[pos + 1 : end], end + 1
                if len(pieces) < 2 or any(p not in "bw" for p in pieces):
                    stack = excerpt("(" + pieces + ")", 20)
                    raise PositionError(
                        Message("error.position.escabel.notStack", {"rank": rank + 1, "stack": stack})
                    )
                if len(pieces) > max_height:
                    raise PositionError(
                        Message(
                            "error.position.escabel.tooHigh",
                            {"rank": rank + 1, "count": len(pieces), "points": n * n, "max": max_height},
                        )
                    )
            else:
                raise PositionError(
                    Message("error.position.unexpected", {"char": excerpt(ch), "rank": rank + 1})
                )
            if file >= n:
                raise PositionError(Message("error.position.escabel.rankLong", {"rank": rank + 1, "n": n}))
            code = 1 << len(pieces)
            for depth, p in enumerate(pieces):
                if p == "w":
                    code |= 1 << depth
            codes[rank * s + file] = code
            file += 1
        if file != n:
            raise PositionError(Message("error.position.escabel.rankPoints", {"rank": rank + 1, "n": n}))
    return codes


def load_body(header, body: str) -> EscabelState:
    options = header.options
    variant = header.variant
    geo = geometry(options["size"])
    fields = body.split()
    if len(fields) not in (2, 3):
        raise PositionError(Message("error.position.escabel.format"))
    codes = _parse_board(fields[0], geo)
    if fields[1] not in ("b", "w"):
        raise PositionError(Message("error.position.escabel.colourToMove", {"text": excerpt(fields[1])}))
    colour = "bw".index(fields[1])
    swapped = 0
    if len(fields) == 3:
        if fields[2] != "swapped":
            raise PositionError(Message("error.position.escabel.swappedField", {"text": excerpt(fields[2])}))
        swapped = 1
    pieces = sum(_height(c) for c in codes if c)
    initial = 0
    if variant == "checkered":
        empty = [geo.names[i] for i in geo.index.values() if not codes[i]]
        if empty:
            raise PositionError(Message("error.position.escabel.checkeredEmpty", {"cell": empty[0]}))
        initial = geo.n * geo.n
    played = pieces - initial  # every board move adds exactly one piece
    if played < 0:  # pragma: no cover  (a full board has at least n*n pieces)
        raise PositionError(Message("error.position.escabel.fewer"))
    if played % 2 != colour:
        turn, given = seat(COLOUR_NAMES[played % 2]), seat(COLOUR_NAMES[colour])
        raise PositionError(
            Message("error.position.escabel.turn", {"played": played, "turn": turn, "given": given})
        )
    if swapped:
        if not options["pie"]:
            raise PositionError(Message("error.position.escabel.swappedNoPie"))
        if played < 1:
            raise PositionError(Message("error.position.escabel.swappedEarly"))
    ply = played + swapped
    to_move = colour ^ swapped
    return _build(variant, options, geo, codes, to_move, swapped, ply)

"""What the page draws of an EVL position (its :class:`~gamut.view.View`):
the heptagons and pentagons as polygons, the stacks, the markers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...grid import iter_bits
from ...messages import Message
from ...messages import seat as seat_name
from ...view import black_and_white, said
from . import geometry
from .board import (
    CELL_INDEX,
    COLOUR_NAMES,
    EMPTY,
    HEIGHT,
    HEPTAGONS,
    PENTAGON_INDEX,
    PENTAGONS,
    TOP,
    stack_seats,
)

if TYPE_CHECKING:
    from ...view import Board, Cell, Counter, Highlight, Marker, MoveEntry, Piece, View
    from .state import EvlState


def view(state: EvlState) -> View:
    m = state.options["markers"]
    pieces: list[Piece] = []
    for c, code in enumerate(state.board):
        if code != EMPTY:
            pieces.append(_piece(c, code))
    markers: list[Marker] = [
        {"cell": PENTAGONS[p], "owner": seat} for seat in (0, 1) for p in iter_bits(state.marks[seat])
    ]
    markers.sort(key=lambda d: PENTAGON_INDEX[d["cell"]])
    counters: list[Counter] = []
    for seat in (0, 1):
        hand, placed = state.hands[seat], state.marks[seat].bit_count()
        in_hand = Message("view.count.inHand", {"n": hand})
        markers_placed = Message("view.count.markers", {"n": placed, "of": m})
        counters.append({"owner": seat, "value": hand, "said": said(in_hand)})
        counters.append({"owner": seat, "value": placed, "said": said(markers_placed)})
    moves: list[MoveEntry] = []
    legal = state.legal_moves()
    # First clicks shared by a placement and an unstack: the placement
    # waits for confirmation there, so its button says what it does.
    unstack_starts = {move[0] for move in legal if len(move) > 1}
    seat = state._to_move
    for move in legal:
        entry: MoveEntry = {"text": str(move), "clicks": list(move.cells)}
        if len(move) > 1:
            after = state.play_unchecked(move)
            captures = list(after.captured())
            label = (
                Message("view.unstackTaking", {"move": str(move), "taken": Message.all(captures)})
                if captures
                else Message("view.unstack", {"move": str(move)})
            )
            entry["said"] = said(label)
            # The generic preview: what the path changes (its heptagons,
            # the origin left empty) and the markers it would place.
            entry["preview"] = {
                "cells": list(move.cells) + captures,
                "pieces": [_piece(c, after.board[c]) for c in move if after.board[c] != EMPTY],
                "markers": [{"cell": p, "owner": seat} for p in captures],
            }
        elif move[0] in unstack_starts:
            height = HEIGHT[state.board[move[0]]]
            label = Message("view.placeOnStack", {"move": str(move), "height": height + 1})
            entry["said"] = said(label)
        moves.append(entry)
    highlights: list[Highlight] = []
    if state._captured:
        highlights.append({"kind": "capture", "cells": list(state.captured())})
    outcome = state.outcome()
    if outcome is not None and outcome.cells:
        highlights.append({"kind": "win", "cells": list(outcome.cells)})
    messages: list[Message] = []
    if state._captured and state._last is not None:
        mover = seat_name(COLOUR_NAMES[state._to_move ^ 1])
        messages.append(Message("view.evl.captured", {"who": mover, "taken": Message.all(state.captured())}))
    if outcome is not None:
        messages.append(Message("view.sentence", {"text": outcome.message}))
    elif not state.hands[state._to_move]:
        messages.append(Message("view.evl.mustUnstack", {"who": seat_name(COLOUR_NAMES[state._to_move])}))
    return {
        "game": "evl",
        "variant": state.variant,
        "options": state.options_json(),
        "title": state.info.title(),
        "players": black_and_white(),
        "to_move": state._to_move,
        "ply": state._ply,
        "board": board_view(),
        "pieces": pieces,
        "markers": markers,
        "counters": counters,
        "last_move": list(state._last.cells) if state._last is not None else [],
        "highlights": highlights,
        "annotations": [],
        "palette": [],
        "moves": moves,
        "outcome": outcome.to_json() if outcome else None,
        "messages": [said(m) for m in messages],
    }


def _piece(c: int, code: int) -> Piece:
    """The view of the stack ``code`` on heptagon index ``c`` (not empty);
    heights of 2 and more are written on the top piece."""
    piece: Piece = {"cell": HEPTAGONS[c], "owner": TOP[code], "stack": stack_seats(code)}
    if HEIGHT[code] > 1:
        piece["label"] = str(HEIGHT[code])
    return piece


def _centroid(points):
    a = cx = cy = 0
    n = len(points)
    for i in range(n):
        x0, y0 = points[i]
        x1, y1 = points[(i + 1) % n]
        cross = x0 * y1 - x1 * y0
        a += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    return round(cx / (3 * a), 2), round(cy / (3 * a), 2)


_CENTRES = {name: _centroid(pts) for name, pts in geometry.POLYGONS.items()}


def board_view() -> Board:
    """The ``board`` part of the view: every heptagon and pentagon a polygon."""
    cells: list[Cell] = []
    for name in HEPTAGONS + PENTAGONS:
        x, y = _CENTRES[name]
        cells.append(
            {
                "id": name,
                "x": x,
                "y": y,
                "points": [list(p) for p in geometry.POLYGONS[name]],
                "shape": "heptagon" if name in CELL_INDEX else "pentagon",
            }
        )
    return {
        "kind": "polygons",
        "width": geometry.WIDTH,
        "height": geometry.HEIGHT,
        "cells": cells,
        "files": [],
        "ranks": [],
        "edges": [],
    }

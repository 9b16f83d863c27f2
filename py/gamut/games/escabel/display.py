"""What the page draws of an Escabel position (its
:class:`~gamut.view.View`): the stacks, the edges, the chain that won."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...grid import points_board_view
from ...messages import Message, seat
from ...view import said
from .board import COLOUR_NAMES, COLOUR_TOKENS, SEAT_NAMES, _height, _top

if TYPE_CHECKING:
    from ...view import Highlight, MoveEntry, Piece, Player, View
    from .state import EscabelState


#: the pie rule's button
SWAP = Message("view.swap")


def view(state: EscabelState) -> View:
    geo = state.geo
    names = geo.names
    n = geo.n
    swapped = state.swapped
    board = points_board_view(n, n)
    board["stack_style"] = "rings"  # a stack's height as rings: a 3-stack looks taller
    inset = 0.2
    black_seat, white_seat = swapped, swapped ^ 1
    board["edges"] = [
        {"from": [inset, inset], "to": [n - inset, inset], "owner": black_seat},
        {"from": [inset, n - inset], "to": [n - inset, n - inset], "owner": black_seat},
        {"from": [inset, inset], "to": [inset, n - inset], "owner": white_seat},
        {"from": [n - inset, inset], "to": [n - inset, n - inset], "owner": white_seat},
    ]
    pieces: list[Piece] = []
    for i, code in enumerate(state.codes):
        if not code:
            continue
        height = _height(code)
        piece: Piece = {
            "cell": names[i],
            "owner": _top(code) ^ swapped,
            "stack": [((code >> k) & 1) ^ swapped for k in range(height)],
        }
        if height > 1:
            piece["label"] = str(height)
        pieces.append(piece)
    moves: list[MoveEntry] = []
    for m in state.legal_moves():
        if m.is_swap:
            moves.append({"text": "swap", "clicks": [], "said": said(SWAP)})
        else:
            moves.append({"text": str(m), "clicks": list(m.cells())})
    outcome = state.outcome()
    highlights: list[Highlight] = []
    messages: list[Message] = []
    colour = state._to_move ^ swapped
    if outcome is not None:
        if outcome.cells:
            highlights.append({"kind": "win", "cells": list(outcome.cells)})
    else:
        threat = state.chain_cells(colour ^ 1)
        if threat:
            highlights.append({"kind": "threat", "cells": list(threat)})
            messages.append(
                Message(
                    "view.escabel.chain",
                    {"colour": seat(COLOUR_NAMES[colour ^ 1]), "other": seat(COLOUR_NAMES[colour])},
                )
            )
        if state.swap_allowed():
            who, other = seat(SEAT_NAMES[state._to_move]), seat(SEAT_NAMES[state._to_move ^ 1])
            messages.append(Message("view.escabel.maySwap", {"who": who, "other": other}))
    if state._last is not None and state._last.is_swap:
        messages.append(
            Message(
                "view.escabel.swapped",
                {
                    "first": seat(SEAT_NAMES[0]),
                    "colour": seat(COLOUR_NAMES[swapped]),
                    "second": seat(SEAT_NAMES[1]),
                    "otherColour": seat(COLOUR_NAMES[swapped ^ 1]),
                },
            )
        )
    # the colour in the name: after a swap, who plays what is never in doubt
    players: list[Player] = []
    for s in (0, 1):
        name = Message(
            "seat.playerColour", {"player": seat(SEAT_NAMES[s]), "colour": seat(COLOUR_NAMES[s ^ swapped])}
        )
        players.append({"color": COLOUR_TOKENS[s ^ swapped], "said": said(name)})
    counts = [0, 0]
    for code in state.codes:
        if code:
            counts[_top(code) ^ swapped] += 1
    return {
        "game": "escabel",
        "variant": state.variant,
        "options": state.options_json(),
        "title": state.info.title(),
        "players": players,
        "to_move": state._to_move,
        "ply": state.ply,
        "board": board,
        "pieces": pieces,
        "markers": [],
        "counters": [
            {"owner": s, "value": counts[s], "said": said(Message("view.count.stacks", {"n": counts[s]}))}
            for s in (0, 1)
        ],
        "last_move": list(state._last.cells()) if state._last is not None else [],
        "highlights": highlights,
        "annotations": [],
        "palette": [],
        "moves": moves,
        "outcome": outcome.to_json() if outcome else None,
        "messages": [said(m) for m in messages],
    }

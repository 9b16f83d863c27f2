"""Setting up an EVL position by hand (the hooks of :class:`gamut.core.Editor`,
called by :mod:`gamut.setup`)."""

from __future__ import annotations

from ... import core
from ...grid import iter_bits
from ...messages import Message
from ...messages import seat as seat_name
from ...view import said
from .board import (
    BLACK,
    CELL_INDEX,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    EMPTY,
    HEPTAGONS,
    MAX_HEIGHT,
    NUM_CELLS,
    PENTAGON_INDEX,
    PENTAGONS,
    WHITE,
    stack_code,
    stack_seats,
)
from .positions import load_body
from .state import EvlState


def setup_palette(variant: str, options: dict) -> dict:
    """Pieces stack on heptagons (bottom to top, in the order put down);
    a marker stands alone on a pentagon; each hand holds, unless set, every
    piece of its player not on the board."""
    heptagons, pentagons = list(HEPTAGONS), list(PENTAGONS)
    return {
        "items": [
            core.colour_item("piece", "black", BLACK, stacks=True, cells=heptagons),
            core.colour_item("piece", "white", WHITE, stacks=True, cells=heptagons),
            core.colour_item("marker", "black", BLACK, cells=pentagons),
            core.colour_item("marker", "white", WHITE, cells=pentagons),
        ],
        "counts": [
            {
                "id": f"hand-{side}",
                "owner": side,
                "said": said(Message("setup.evl.inHand")),
                "total": options["pieces"],
            }
            for side in (BLACK, WHITE)
        ],
    }


def setup_describe(state: EvlState) -> dict:
    cells: dict = {}
    for c, code in enumerate(state.board):
        if code != EMPTY:
            cells[HEPTAGONS[c]] = [COLOUR_LETTERS[x] for x in stack_seats(code)]
    for seat in (BLACK, WHITE):
        for p in iter_bits(state.marks[seat]):
            cells[PENTAGONS[p]] = ["m" + COLOUR_LETTERS[seat]]
    full = state.full_hands()
    counts = {
        f"hand-{seat}": (None if state.hands[seat] == full[seat] else state.hands[seat])
        for seat in (BLACK, WHITE)
    }
    return {"to_move": state.to_move, "cells": cells, "counts": counts}


def setup_compose(header, setup: dict) -> EvlState:
    """Stacks of at most 4, no more pieces or markers than a player has; the
    loader's own rules (who can have moved, markers need an unstack) too."""
    options = header.options
    total, m = options["pieces"], options["markers"]
    board = [EMPTY] * NUM_CELLS
    marks = [0, 0]
    for name, stack in setup["cells"].items():
        if name in PENTAGON_INDEX:
            marks["bw".index(stack[0][1])] |= 1 << PENTAGON_INDEX[name]
            continue
        if len(stack) > MAX_HEIGHT:
            raise core.SetupError(
                Message("error.setup.evl.tall", {"cell": name, "n": len(stack), "max": MAX_HEIGHT})
            )
        board[CELL_INDEX[name]] = stack_code(["bw".index(x) for x in stack])
    state = EvlState(
        header.variant, options, tuple(board), (marks[0], marks[1]), setup["to_move"], outcome=None
    )
    full = state.full_hands()
    hands = []
    for side in (BLACK, WHITE):
        who = seat_name(COLOUR_NAMES[side])
        on_board = total - full[side]
        if on_board > total:
            raise core.SetupError(
                Message("error.setup.evl.pieces", {"who": who, "n": on_board, "total": total})
            )
        if marks[side].bit_count() > m:
            raise core.SetupError(
                Message("error.setup.evl.markers", {"who": who, "n": marks[side].bit_count(), "total": m})
            )
        hand = setup["counts"][f"hand-{side}"]
        if hand is not None and hand > full[side]:
            raise core.SetupError(
                Message(
                    "error.setup.evl.hand",
                    {"who": who, "n": on_board, "hand": hand, "sum": on_board + hand, "total": total},
                )
            )
        hands.append(full[side] if hand is None else hand)
    fields = [state.board_text(), state.marks_text(), COLOUR_LETTERS[setup["to_move"]]]
    if tuple(hands) != full:
        fields.append(f"hands={hands[0]},{hands[1]}")
    return load_body(header, " ".join(fields))

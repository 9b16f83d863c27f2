"""Setting up a Lines of Action position by hand (the hooks of
:class:`gamut.core.Editor`, called by :mod:`gamut.setup`)."""

from __future__ import annotations

from ... import core
from ...grid import cell_name, iter_bits
from ...messages import Message
from ...messages import seat as seat_name
from .board import BLACK, COLOUR_NAMES, WHITE
from .state import LoaState


def setup_palette(variant: str, options: dict) -> dict:
    return {
        "items": [
            core.colour_item("piece", "black", BLACK),
            core.colour_item("piece", "white", WHITE),
        ],
        "counts": [],
    }


def setup_describe(state: LoaState) -> dict:
    cells = {cell_name(sq, 8): ["b"] for sq in iter_bits(state.black)}
    cells.update({cell_name(sq, 8): ["w"] for sq in iter_bits(state.white)})
    return {"to_move": state.to_move, "cells": cells}


def setup_compose(header, setup: dict) -> LoaState:
    """A position with 1 to 12 pieces a side (a side with none has lost,
    and no side can have more than it starts with); repetitions start anew."""
    boards = [0, 0]
    for name, stack in setup["cells"].items():
        boards["bw".index(stack[0])] |= 1 << (ord(name[0]) - 97 + 8 * (int(name[1:]) - 1))
    for side in (BLACK, WHITE):
        n = boards[side].bit_count()
        who = seat_name(COLOUR_NAMES[side])
        if n > 12:
            raise core.SetupError(Message("error.setup.loa.pieces", {"who": who, "n": n}))
        if n == 0:
            raise core.SetupError(Message("error.setup.loa.none", {"who": who}))
    return LoaState(header.variant, header.options, boards[0], boards[1], setup["to_move"])

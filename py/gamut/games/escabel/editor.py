"""Setting up an Escabel position by hand (the hooks of
:class:`gamut.core.Editor`, called by :mod:`gamut.setup`)."""

from __future__ import annotations

from ... import core
from ...messages import Message
from ...view import said
from .board import BLACK, WHITE, _height, geometry
from .positions import _build, load_body
from .state import EscabelState


def setup_palette(variant: str, options: dict) -> dict:
    """Black and White pieces, stacked in the order they are put down.  In
    a description the seats are the colours (Player 1 Black): a position
    after the pie rule's swap keeps ``swapped`` in ``extra``."""
    return {
        "items": [
            core.colour_item("piece", "black", BLACK, stacks=True),
            core.colour_item("piece", "white", WHITE, stacks=True),
        ],
        "counts": [],
        "side": said(Message("setup.escabel.side")),
    }


def setup_describe(state: EscabelState) -> dict:
    names = state.geo.names
    cells = {}
    for i, code in enumerate(state.codes):
        if code:
            cells[names[i]] = ["bw"[(code >> k) & 1] for k in range(_height(code))]
    extra = {"swapped": True} if state.swapped else {}
    return {"to_move": state.colour_to_move, "cells": cells, "extra": extra}


def setup_compose(header, setup: dict) -> EscabelState:
    """Every move adds one piece and Black moves first, so the pieces on
    the board (beyond the checkered variant's full board) say whose turn it
    is (the side given is not used); a stack is at most as high as the
    board has points."""
    options, variant = header.options, header.variant
    geo = geometry(options["size"])
    n = geo.n
    codes = [0] * (n * geo.stride)
    for name, stack in setup["cells"].items():
        if len(stack) > n * n:
            raise core.SetupError(
                Message("error.setup.escabel.tall", {"cell": name, "n": len(stack), "points": n * n})
            )
        code = 1 << len(stack)
        for depth, piece in enumerate(stack):
            if piece == "w":
                code |= 1 << depth
        codes[geo.index[name]] = code
    if variant == "checkered":
        empty = [geo.names[i] for i in geo.index.values() if not codes[i]]
        if empty:
            raise core.SetupError(Message("error.setup.escabel.full", {"cell": empty[0]}))
    pieces = sum(_height(c) for c in codes if c) - (n * n if variant == "checkered" else 0)
    colour = pieces % 2
    swapped = 1 if setup["extra"].get("swapped") else 0
    state = _build(variant, options, geo, codes, colour ^ swapped, swapped, pieces + swapped)
    return load_body(header, state.to_text().split(None, 3)[3])

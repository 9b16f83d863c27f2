"""Setting up an EVL position by hand (the hooks of :class:`gamut.core.Editor`,
called by :mod:`gamut.setup`)."""

from __future__ import annotations

from ... import core
from ...grid import iter_bits
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
            {
                "id": "b",
                "label": "Black piece",
                "owner": BLACK,
                "kind": "piece",
                "stacks": True,
                "cells": heptagons,
            },
            {
                "id": "w",
                "label": "White piece",
                "owner": WHITE,
                "kind": "piece",
                "stacks": True,
                "cells": heptagons,
            },
            {
                "id": "mb",
                "label": "Black marker",
                "owner": BLACK,
                "kind": "marker",
                "stacks": False,
                "cells": pentagons,
            },
            {
                "id": "mw",
                "label": "White marker",
                "owner": WHITE,
                "kind": "marker",
                "stacks": False,
                "cells": pentagons,
            },
        ],
        "counts": [
            {"id": f"hand-{seat}", "owner": seat, "label": "in hand", "total": options["pieces"]}
            for seat in (BLACK, WHITE)
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
                f"the stack on {name} has {len(stack)} pieces; no stack may be taller than {MAX_HEIGHT}"
            )
        board[CELL_INDEX[name]] = stack_code(["bw".index(x) for x in stack])
    state = EvlState(
        header.variant, options, tuple(board), (marks[0], marks[1]), setup["to_move"], outcome=None
    )
    full = state.full_hands()
    hands = []
    for seat in (BLACK, WHITE):
        name = COLOUR_NAMES[seat]
        on_board = total - full[seat]
        if on_board > total:
            raise core.SetupError(
                f"too many pieces: {name} has {on_board} on the board, but a player has {total} pieces in all"
            )
        if marks[seat].bit_count() > m:
            raise core.SetupError(
                f"too many markers: {name} has {marks[seat].bit_count()} on the board, but a player has {m}"
            )
        hand = setup["counts"][f"hand-{seat}"]
        if hand is not None and hand > full[seat]:
            raise core.SetupError(
                f"too many pieces: {name} has {on_board} on the board and "
                f"{hand} in hand, {on_board + hand} in all, but a player has "
                f"{total}"
            )
        hands.append(full[seat] if hand is None else hand)
    fields = [state.board_text(), state.marks_text(), COLOUR_LETTERS[setup["to_move"]]]
    if tuple(hands) != full:
        fields.append(f"hands={hands[0]},{hands[1]}")
    return load_body(header, " ".join(fields))

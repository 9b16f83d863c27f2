"""Setting up an EL position by hand (the hooks of :class:`gamut.core.Editor`,
called by :mod:`gamut.setup`)."""

from __future__ import annotations

from ... import core
from ...grid import iter_bits
from ...messages import Message
from ...messages import seat as seat_name
from ...view import said
from .moves import CODE_INFO, SEAT_LETTERS, SEAT_NAMES
from .positions import load_body
from .rules import RULES
from .state import ElState


def setup_palette(variant: str, options: dict) -> dict:
    """Every number in every seat's colour; one number a cell."""
    rules = RULES[variant]
    side = Message("setup.el.side", {"first": seat_name(SEAT_NAMES[0])})
    return {
        "items": [
            {
                "id": f"{SEAT_LETTERS[p]}{n}",
                "said": said(Message("setup.el.number", {"who": seat_name(SEAT_NAMES[p]), "number": n})),
                "owner": p,
                "kind": "piece",
                "stacks": False,
                "cells": None,
                "text": str(n),
            }
            for p in range(rules.players)
            for n in range(1, rules.numbers + 1)
        ],
        "counts": [],
        "side": said(side),
    }


def setup_describe(state: ElState) -> dict:
    names = state.rules.name_of
    cells = {}
    for c, code in enumerate(state.board):
        if code:
            p, n = CODE_INFO[code]
            cells[names[c]] = [f"{SEAT_LETTERS[p]}{n}"]
    extra: dict = {}
    if state.phase:
        extra["phase"] = "declare"
    if state.last is not None:
        lasts = [state.last2, state.last] if state._declare else [state.last]
        extra["last"] = [names[c] for c in lasts if c is not None]
    if state._declare and any(state.declared):
        extra["declared"] = [[names[c] for c in iter_bits(m)] for m in state.declared]
    return {"to_move": state.to_move, "cells": cells, "extra": extra}


def setup_compose(header, setup: dict) -> ElState:
    """The numbers on the board must fit turns in seat order (the seat to
    move follows from them: the side given is not used).  Without ``extra`` (an edited position) the
    last placement is taken to be the first number, in board order, of the
    seat that wrote last (with declared threats also the one before it, of
    the seat before), no threat is declared, and it is a placement turn."""
    variant, options = header.variant, header.options
    rules = RULES[variant]
    players = rules.players
    names = SEAT_NAMES[:players]
    board = [0] * rules.cells
    occ = 0
    for name, stack in setup["cells"].items():
        p, n = SEAT_LETTERS.index(stack[0][0]), int(stack[0][1:])
        c = rules.name_of.index(name)
        board[c] = rules.codes[p][n]
        occ |= 1 << c
    k = occ.bit_count()
    counts = [0] * players
    for code in board:
        if code:
            counts[CODE_INFO[code][0]] += 1
    expected = [k // players + (1 if p < k % players else 0) for p in range(players)]
    if counts != expected:

        def listed(ns):
            return Message.all(
                [
                    Message("setup.el.seatCount", {"who": seat_name(names[p]), "n": n})
                    for p, n in enumerate(ns)
                ]
            )

        raise core.SetupError(
            Message(
                "error.setup.el.turns",
                {
                    "first": seat_name(names[0]),
                    "k": k,
                    "expected": listed(expected),
                    "counts": listed(counts),
                },
            )
        )
    extra = setup["extra"]
    declare = bool(options.get("declare-threats", False))
    phase = 1 if extra.get("phase") == "declare" else 0
    to_move = (k - phase) % players
    board_t = tuple(board)
    if not declare and "last" not in extra:  # (with its last placement the loader judges)
        els = rules.all_els(board_t, occ)
        if els:
            owner, mask = els[0]
            raise core.SetupError(
                Message(
                    "error.setup.el.over",
                    {"who": seat_name(names[owner]), "cells": " ".join(rules.mask_names(mask))},
                )
            )
    fields = [ElState(variant, options, board_t, occ).board_text(), SEAT_LETTERS[to_move]]
    if phase:
        fields.append("phase=declare")
    if "last" in extra:
        lasts = _cell_names(extra["last"], "last")
        if len(lasts) > (2 if declare else 1):
            raise core.SetupError(
                Message("error.setup.el.lasts", {"n": len(lasts), "max": 2 if declare else 1})
            )
    else:
        lasts = []
        for i in range(min(k, 2 if declare else 1)):
            seat = (k - 1 - i) % players
            cell = next(
                rules.name_of[c]
                for c in range(rules.cells)
                if board[c] and CODE_INFO[board[c]][0] == seat and rules.name_of[c] not in lasts
            )
            lasts.insert(0, cell)
    if lasts:
        fields.append("last=" + ",".join(lasts))
    if declare:
        declared = extra.get("declared", [[], []])
        if not isinstance(declared, list) or len(declared) != 2:
            raise core.SetupError(Message("error.setup.el.declared"))
        declared = [_cell_names(cs, "declared") for cs in declared]
        fields.append("declared=" + ";".join(",".join(cs) or "-" for cs in declared))
    return load_body(header, " ".join(fields))


def _cell_names(value: object, what: str) -> list[str]:
    """``value`` as a list of cell names, or a :class:`~gamut.core.SetupError`
    saying what it should have been (``what``: ``"last"`` or ``"declared"``,
    the field of ``extra``; whether each name is a cell of the board is the
    loader's to say)."""
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise core.SetupError(
            Message("error.setup.el.cellNames", {"what": what, "value": core.excerpt(value)})
        )
    return value

"""What the page draws of an EL position (its :class:`~gamut.view.View`):
the numbers, the last placements, the threats announced."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...grid import iter_bits, squares_board_view
from ...messages import Message
from ...messages import seat as seat_name
from ...view import said
from .moves import CODE_INFO, SEAT_COLORS, SEAT_NAMES

if TYPE_CHECKING:
    from ...view import Annotation, Board, Highlight, MoveEntry, PaletteItem, Piece, Select, View
    from .state import ElState


#: the declare-threats step's prompt
PROMPT = Message("view.el.declarePrompt")


def view(state: ElState) -> View:
    rules = state.rules
    names = rules.name_of
    players = rules.players
    pieces: list[Piece] = []
    for c, code in enumerate(state.board):
        if code:
            p, n = CODE_INFO[code]
            pieces.append({"cell": names[c], "owner": p, "label": str(n)})
    outcome = state._outcome
    highlights: list[Highlight] = []
    annotations: list[Annotation] = []
    messages: list[Message] = []
    moves: list[MoveEntry] = []
    palette: list[PaletteItem] = [{"id": f"n{n}", "label": str(n)} for n in range(1, rules.numbers + 1)]
    select: Select | None = None
    if outcome is None:
        if state.phase:
            # the palette stays (disabled by the select step): the board keeps its size
            select = {
                "cells": [names[c] for c in iter_bits(rules.full & ~state.occ)],
                "move": "declare",
                "said": said(PROMPT),
            }
            messages.append(Message("view.el.declareNow"))  # after "Red to move"
        else:
            for m in state.legal_moves():
                moves.append({"text": str(m), "clicks": [names[m.cell], f"n{m.number}"]})
            forced = state._forced_number()
            if forced:
                messages.append(
                    Message("view.el.mustRepeat", {"who": seat_name(SEAT_NAMES[0]), "number": forced})
                )
        if state.last is not None:
            _announce(state, highlights, annotations, messages)
    elif outcome.cells:
        highlights.append({"kind": "win", "cells": list(outcome.cells)})
    # (the outcome's reason is not repeated here: the page shows it as the result)
    counts = [0] * players
    for code in state.board:
        if code:
            counts[CODE_INFO[code][0]] += 1
    view: View = {
        "game": "el",
        "variant": state.variant,
        "options": state.options_json(),
        "title": state.info.title(None if state.variant == "standard" else state.variant),
        "players": [
            {"color": SEAT_COLORS[p], "said": said(seat_name(SEAT_NAMES[p]))} for p in range(players)
        ],
        "to_move": state.to_move,
        "ply": state.ply,
        "board": _board_view(state),
        "pieces": pieces,
        "counters": [
            {"owner": p, "value": counts[p], "said": said(Message("view.count.numbers", {"n": counts[p]}))}
            for p in range(players)
        ],
        "last_move": [names[state.last]] if state.last is not None else [],
        "highlights": highlights,
        "annotations": annotations,
        "palette": palette,
        "click_order": "any",
        # with declare-threats a turn is two moves: placement, declaration
        "turn_plies": state.turn_plies,
        "moves": moves,
        "outcome": outcome.to_json() if outcome else None,
        "messages": [said(m) for m in messages],
    }
    if select is not None:
        view["select"] = select
    return view


def _board_view(state: ElState) -> Board:
    """A plain ruled grid (shade 2), like the paper the game is played on:
    no chessboard shading under the coloured numbers."""
    board = squares_board_view(state.rules.size, state.rules.size)
    for cell in board["cells"]:
        cell["shade"] = 2
    return board


def _announce(state: ElState, highlights, annotations, messages):
    """Threat announcement of the player who just placed (two-player
    variants only: the multi-player variants waive the threat rule); with
    declare-threats, every standing declaration (both players') instead."""
    rules = state.rules
    if not rules.threat_rule:
        return
    names = rules.name_of
    mover = CODE_INFO[state.board[state.last]][0]
    if state._declare:
        own = [m for w, m in rules.completions(state.board, state.occ, state.last) if w == mover]
        if own:
            messages.append(
                Message(
                    "view.el.undeclared", {"who": seat_name(SEAT_NAMES[mover]), "cell": names[state.last]}
                )
            )
        # Every standing declaration stays on the board (both players'; the
        # mover's is empty while they are still declaring, so nothing of
        # their true threats leaks), announced once, right after it is made.
        shown = []
        for seat in (mover ^ 1, mover):
            by_cell = state._threat_numbers(seat, state.declared[seat])
            for c in sorted(by_cell):
                annotations.append(
                    {
                        "cell": names[c],
                        "text": "/".join(map(str, by_cell[c])),
                        "owner": seat,
                        "kind": "threat",
                    }
                )
                shown.append(names[c])
            if seat == mover and by_cell and not state.phase:
                cells = ", ".join(names[c] for c in sorted(by_cell))  # notation: no words
                messages.append(
                    Message("view.el.declares", {"who": seat_name(SEAT_NAMES[mover]), "cells": cells})
                )
        if shown:
            highlights.append({"kind": "threat", "cells": shown})
        return
    by_cell = state._threat_numbers(mover, state._threat_cells(mover))
    if not by_cell:
        return
    for c in sorted(by_cell):
        annotations.append(
            {"cell": names[c], "text": "/".join(map(str, by_cell[c])), "owner": mover, "kind": "threat"}
        )
    highlights.append({"kind": "threat", "cells": [names[c] for c in sorted(by_cell)]})
    ways = ", ".join(f"{names[c]}={n}" for c in sorted(by_cell) for n in by_cell[c])
    messages.append(Message("view.el.threat", {"who": seat_name(SEAT_NAMES[mover]), "ways": ways}))

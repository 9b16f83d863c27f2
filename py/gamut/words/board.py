"""The board read from the view, for the move box's commands: what is on a
cell, a line of cells (runs of the same said once), a player's pieces, the
legal moves.  Read from the position's view (the same cells, pieces, stacks
and markers the page draws, in the same words as the board's accessible
names), so every game is covered without code of its own."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..core import excerpt
from ..messages import Message
from .common import CommandError, joined, named, player_names


def cell_said(view: Mapping[str, Any], cell: str) -> Message | str:
    """What is on ``cell``, in the board's words: ``Black piece``, ``Red 5``,
    ``stack of 3, top White (from the bottom: Black, White, White)``,
    ``Black's marker``, ``empty``."""
    names = named(view)
    parts: list[Message | str] = []
    for c in view["board"]["cells"]:
        if c["id"] == cell and c.get("shape") and c["shape"] != "cell":
            parts.append(Message("box.shape", {"shape": c["shape"]}))
    piece = next((p for p in view["pieces"] if p["cell"] == cell), None)
    if piece is not None:
        owner = names[piece["owner"]]
        stack = piece.get("stack") or []
        if len(stack) > 1:
            below = joined([names[s] for s in stack])
            parts.append(Message("box.stack", {"n": len(stack), "owner": owner, "stack": below}))
        elif piece.get("label") is not None:
            parts.append(Message("box.label", {"owner": owner, "label": str(piece["label"])}))
        else:
            parts.append(Message("box.piece", {"owner": owner}))
    marker = next((m for m in view.get("markers", []) if m["cell"] == cell), None)
    if marker is not None:
        parts.append(Message("box.marker", {"owner": names[marker["owner"]]}))
    if piece is None and marker is None:
        parts.append(Message("box.empty"))
    return joined(parts)


_CELL_PARTS = re.compile(r"([a-z]+)(\d+)")


def line_of(view: Mapping[str, Any], name: str) -> list[str]:
    """The cells of the board line ``name`` in board order: a number names
    the cells with that number (a rank), letters the cells with those
    letters (a file, or EVL's row ``b`` of heptagons and band ``ab`` of
    pentagons)."""
    out = []
    for c in view["board"]["cells"]:
        m = _CELL_PARTS.fullmatch(c["id"])
        if m and name in (m.group(1), m.group(2)):
            out.append(c["id"])
    return out


def read_line(view: Mapping[str, Any], word: str, name: str) -> Message:
    cells = line_of(view, name)
    if not cells:
        ids = [c["id"] for c in view["board"]["cells"]]
        raise CommandError(
            Message(
                "error.command.noLine",
                {"line": word, "name": excerpt(name), "first": ids[0], "last": ids[-1]},
            )
        )
    # runs of neighbouring cells with the same contents are said once
    runs: list[tuple[list[str], Message | str]] = []
    for cell in cells:
        words = cell_said(view, cell)
        if runs and runs[-1][1] == words:
            runs[-1][0].append(cell)
        else:
            runs.append(([cell], words))
    parts: list[Message | str] = [
        Message("box.run", {"cell": run[0], "words": words})
        if len(run) == 1
        else Message("box.runFrom", {"from": run[0], "to": run[-1], "words": words})
        for run, words in runs
    ]
    return Message("box.line", {"line": word, "name": name, "runs": joined(parts, "box.semicolon")})


def seat_named(view: Mapping[str, Any], name: str) -> int:
    names = player_names(view)
    wanted = name.strip().lower()
    if wanted.isdigit() and 1 <= int(wanted) <= len(names):
        return int(wanted) - 1
    for seat, full in enumerate(names):
        low = full.lower()
        words = re.findall(r"[a-z0-9]+", low)
        if wanted == low or wanted in words or " ".join(words).startswith(wanted):
            return seat
    raise CommandError(
        Message("error.command.noPlayer", {"name": excerpt(name), "players": Message.all(named(view))})
    )


def piece_cells_said(view: Mapping[str, Any], seat: int) -> list[Message | str]:
    """Where ``seat``'s pieces stand, in the view's order: ``d3``, ``c4 5``
    (a written number), ``b2 (stack of 3: Black, White, White from the
    bottom)`` (a stack the seat tops); a cell alone, or with its written
    number, is notation: a text.  The rules pages' diagram texts use it too."""
    names = named(view)
    cells: list[Message | str] = []
    for p in view["pieces"]:
        if p["owner"] != seat:
            continue
        stack = p.get("stack") or []
        if len(stack) > 1:
            below = joined([names[s] for s in stack])
            cells.append(Message("box.pieceStack", {"cell": p["cell"], "n": len(stack), "stack": below}))
        elif "label" in p:
            cells.append(f"{p['cell']} {p['label']}")
        else:
            cells.append(p["cell"])
    return cells


def read_pieces(view: Mapping[str, Any], seat: int) -> Message:
    who = named(view)[seat]
    cells = piece_cells_said(view, seat)
    markers = [m["cell"] for m in view.get("markers", []) if m["owner"] == seat]
    # (a game of stacks counts stacks; written labels without stacks are numbers)
    if any("stack" in p for p in view["pieces"]):
        what = "stacks"
    elif any(p.get("label") is not None for p in view["pieces"]):
        what = "numbers"
    else:
        what = "pieces"
    said = (
        Message(
            "box.pieces",
            {
                "who": who,
                "count": Message(f"view.count.{what}", {"n": len(cells)}),
                "cells": Message.all(cells),
            },
        )
        if cells
        else Message("box.noPieces", {"who": who, "what": what})
    )
    if markers:
        said = Message("box.markers", {"text": said, "cells": Message.all(markers)})
    return Message("view.sentence", {"text": said})


def read_moves(view: Mapping[str, Any], cell: str) -> Message:
    """The legal moves (as the view lists them), or those whose first click is ``cell``."""
    moves = view["moves"]
    if cell:
        if cell not in {c["id"] for c in view["board"]["cells"]}:
            raise CommandError(Message("error.command.noCell", {"cell": excerpt(cell)}))
        moves = [m for m in moves if m["clicks"][:1] == [cell]]
        if not moves:
            return Message("box.noMoveFrom", {"cell": cell})
    elif not moves:
        select = view.get("select")
        if not select:
            return Message("box.noMove")
        return Message("box.notListed", {"prompt": Message.from_json(select["said"])})
    # (the moves are notation, one language's as any other's: a plain text)
    return Message("box.moves", {"n": len(moves), "moves": ", ".join(m["text"] for m in moves)})

"""The bridge methods that read and play positions: ``view``, ``play``,
``mark`` (a threat declaration's cells) and ``explain`` (why clicks enter
no legal move).  A position is named by ``start`` and ``line``, or
incrementally by ``at`` (see :mod:`gamut.bridge` and :mod:`gamut.position_cache`)."""

from __future__ import annotations

from typing import Any

from ..core import IllegalMoveError, excerpt
from ..messages import Message
from ..position_cache import Placed, view_of
from . import POSITIONS, Params, RequestError, method, param, placed, position, str_list


def _held(params: Params, answer: dict[str, Any], along: list[Placed]) -> dict[str, Any]:
    """``answer`` with the ids of the positions ``along`` the request when it
    named its position incrementally (``at`` given, null for the start)."""
    if "at" in params:
        answer["ids"] = [p.id for p in along]
    return answer


@method("view")
def m_view(params: Params) -> dict[str, Any]:
    """``view({start, at?, line?})``: ``{line, view}``, ``line`` in canonical
    notation (``"B1-D3"`` -> ``"b1-d3"``); a move that cannot be played is a
    ``RecordError`` naming it.  With ``at`` (a position's id from an earlier
    ``ids``, or null for the start), ``line`` is the moves after it, and the
    answer has ``ids``: the ids of ``at``'s position and of one position a
    move of ``line``."""
    line, along = placed(params)
    return _held(params, {"line": line, "view": view_of(along[-1].state, along[-1].ply)}, along)


@method("play")
def m_play(params: Params) -> dict[str, Any]:
    """``play({start, at?, line?, move})``: ``{move, line, view}``, the move
    in canonical notation, the line with it (with ``at``, as ``view``: the
    moves after ``at`` with it, and ``ids``)."""
    line, along = placed(params)
    text = param(params, "move", str)
    state = along[-1].state
    name = state.move_text(state.parse_move(text))  # IllegalMoveError saying why
    after = POSITIONS.step(along[-1], name)
    along.append(after)
    answer = {"move": name, "line": line + [name], "view": view_of(after.state, after.ply)}
    return _held(params, answer, along)


@method("mark")
def m_mark(params: Params) -> dict[str, str]:
    """``mark({start, line?, cells})``: ``{move}``, the text of the view's
    ``select`` step with ``cells`` marked (EL's threat declaration), checked
    to be legal."""
    line, state = position(params)
    cells = str_list(params, "cells")
    select = state.view().get("select")
    if not select:
        raise RequestError(Message("error.request.noMarking"))
    allowed = set(select["cells"])
    for cell in cells:
        if cell not in allowed:
            raise IllegalMoveError(Message("error.request.notMarkable", {"cell": excerpt(cell)}))
    move = state.parse_move(f"{select['move']} {','.join(cells) or '-'}")
    return {"move": state.move_text(move)}


@method("explain")
def m_explain(params: Params) -> dict[str, Any]:
    """``explain({start, line?, clicks})``: ``{said}``, why a click sequence
    enters no legal move, as a message (a text where the game gives one: a
    toy game's)."""
    line, state = position(params)
    clicks = str_list(params, "clicks")
    why = state.why_illegal(clicks)
    return {"said": why.to_json() if isinstance(why, Message) else why}

"""The bridge methods of words (:mod:`gamut.words`): ``describe`` (the last
move and whose turn, in words), ``enter`` (what the move box does with a
text) and ``read`` (a reading command's answer).  The words come from
:mod:`gamut.words`, imported when first asked for, never from here."""

from __future__ import annotations

from typing import Any

from ..core import State
from ..messages import Message
from . import Params, RequestError, method, param, placed


def _last_move(params: Params) -> tuple[list[str], State, tuple[State, Any] | None]:
    """The position a request names (canonical line, state) and the
    position before its last move with that move, or None at the start."""
    line, along = placed(params)
    here = along[-1]
    if here.parent is None:
        return line, here.state, None
    before = here.parent.state
    return line, here.state, (before, before.parse_move(here.move))


@method("describe")
def m_describe(params: Params) -> dict[str, Any]:
    """``describe({start, line?})``: ``{move, said, turnSaid}``, the line's
    last move (``null`` at the start), that move in words with what it leads
    to (:func:`gamut.words.said_move`), as a message for the page to say in
    the player's language (``{id, args}``, see :mod:`gamut.messages`;
    ``null`` at the start), and whose turn it is now, as a message."""
    from .. import words

    line, state, last = _last_move(params)
    said = words.said_move(*last) if last else None
    turn = words.turn_said(state)
    return {
        "move": last[0].move_text(last[1]) if last else None,
        "said": said.to_json() if said else None,
        "turnSaid": turn.to_json(),
    }


@method("enter")
def m_enter(params: Params) -> dict[str, Any]:
    """``enter({start, line?, text})``: what the move box does with
    ``text``: ``{answer}``, the answer to a reading command (``turn``,
    ``last``, ``score``, ``pieces white``, ``rank 3``, ``cell d4``,
    ``help``) as a message, or ``{move}``, the canonical text of a legal
    move; else an ``IllegalMoveError`` (or ``CommandError``) saying why."""
    from .. import words

    _, state, last = _last_move(params)
    text = param(params, "text", str)
    if len(text) > 1000:
        raise RequestError(Message("error.request.entryTooLong"))
    return words.entry(state, text, last)


@method("read")
def m_read(params: Params) -> dict[str, Any]:
    """``read({start, line?, command})``: ``{said}``, the answer to a
    reading command alone, as a message."""
    from .. import words

    _, state, last = _last_move(params)
    command = param(params, "command", str)
    if len(command) > 1000:
        raise RequestError(Message("error.request.commandTooLong"))
    return {"said": words.read_said(state, command, last).to_json()}

"""A move in words, with what it leads to, and whose turn it is: the
sentences the page says after every move and answers to "last" and "turn"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import State
from ..messages import Message
from .common import named


def said_move(state: State, move) -> Message:
    """``move`` (legal in ``state``) in words, with what it leads to: the
    game's own phrase for the move (:meth:`gamut.core.State.move_message`),
    then the game it ends (its result), else what the mover now threatens
    (:meth:`gamut.core.State.threat_message`).  One or two sentences, each
    ending with a full stop, as a message (:mod:`gamut.messages`) for the page
    to say in the player's language; ``str()`` of it is the English."""
    after = state.play_unchecked(move)
    text = state.move_message(move, after)
    outcome = after.outcome()
    if outcome is not None:
        return Message("move.saidEnd", {"move": text, "result": outcome.message})
    threat = after.threat_message()
    if threat is not None:
        return Message("move.saidThreat", {"move": text, "threat": threat})
    return Message("move.said", {"move": text})


def turn_said(state: State, view: Mapping[str, Any] | None = None) -> Message:
    """Whose turn it is, then the selection's prompt or the position's notes
    (threats, a swap offered, a number that must be repeated) as the view says
    them (its messages), or how the game ended."""
    view = view or state.view()
    outcome = state.outcome()
    if outcome is not None:
        return Message("engine.over", {"result": outcome.message})
    who = named(view)[state.to_move]
    select = view.get("select")
    if select:  # "Red to move. Mark the cells ... then confirm."
        turn = Message("engine.toMove", {"who": who})
        return Message("engine.prompt", {"turn": turn, "prompt": Message.from_json(select["said"])})
    said = Message("engine.toMove" if view["moves"] else "engine.noMove", {"who": who})
    for note in view["messages"]:  # (each note a sentence of its own, after the turn's)
        said = Message("engine.notes", {"turn": said, "notes": Message.from_json(note)})
    return said

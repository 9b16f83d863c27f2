"""An Escabel position in words (for :mod:`gamut.words`), as messages
(:mod:`gamut.messages`): moves, the threat of a chain, the pie rule's offer,
and the seats of a result ("Player 1 (Black)")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...messages import Message, seat
from .board import ACTION, COLOUR_NAMES, COLOUR_TOKENS, LOW, SEAT_NAMES, SWAP_CODE, _height, _top

if TYPE_CHECKING:
    from .state import EscabelState


def move_message(state: EscabelState, move, after: EscabelState) -> Message:
    """``Black places on d4``; ``White moves d4 onto d5: d5 is now a White
    stack of height 3, d4 a Black stack of height 2``; ``Player 2 swaps
    sides and now plays Black``."""
    c = move & LOW
    to_move = state.to_move
    who = seat(COLOUR_NAMES[to_move ^ state.swapped])
    if c == SWAP_CODE:
        swapped = {"who": seat(SEAT_NAMES[to_move]), "colour": seat(COLOUR_NAMES[to_move ^ after.swapped])}
        return Message("move.escabel.swap", swapped)
    names = state.geo.names
    if c < ACTION:
        return Message("move.escabel.place", {"who": who, "cell": names[c]})
    i = (c - ACTION) >> 2
    j = i + state.geo.deltas[c & 3]
    return Message(
        "move.escabel.move",
        {
            "who": who,
            "from": names[i],
            "to": names[j],
            "toStack": stack_message(after, j),
            "fromStack": stack_message(after, i),
        },
    )


def threat_message(state: EscabelState) -> Message | None:
    """A chain of the mover's that joins their edges: it wins at the start
    of their next turn unless the opponent breaks it now; after the first
    move with the pie rule, that the opponent may swap."""
    if state.outcome() is not None or state._last is None:
        return None
    mover = (state.to_move ^ 1) ^ state.swapped
    if state.swap_allowed():
        return Message("move.escabel.maySwap", {"who": seat(SEAT_NAMES[state.to_move])})
    if not state.has_chain(mover):
        return None
    return Message(
        "move.escabel.chain", {"colour": seat(COLOUR_NAMES[mover]), "other": seat(COLOUR_NAMES[mover ^ 1])}
    )


def stack_message(state: EscabelState, i: int) -> Message:
    """``a White stack of height 3`` (point ``i``; the colour is a select code)."""
    code = state.codes[i]
    return Message("move.escabel.stack", {"colour": COLOUR_TOKENS[_top(code)], "height": _height(code)})


def seat_and_colour(player: int, colour: int) -> Message:
    """``Player 1 (Black)``."""
    return Message(
        "seat.playerColour", {"player": seat(SEAT_NAMES[player]), "colour": seat(COLOUR_NAMES[colour])}
    )

"""What the words modules share: the players' names as the view gives
them (messages) and in English (the command words), lists of messages
joined, and the error of a reading command."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import GamutError
from ..messages import Message
from ..view import seat_names, seats_said


class CommandError(GamutError):
    """A reading command that cannot be answered (an unknown player, line or cell)."""


def player_names(view: Mapping[str, Any]) -> list[str]:
    """The seats' names in English ("Black", "Player 1 (White)"): the move
    box's command words ("pieces black") are English words, like notation."""
    return seat_names(view)


def named(view: Mapping[str, Any]) -> list[Message]:
    """The players' names as the view says them (messages)."""
    return seats_said(view)


def joined(items: list, key: str = "box.comma") -> Message | str:
    """``a, b, c`` (``box.comma``) or ``a; b; c`` (``box.semicolon``) as nested messages."""
    return Message.chain(items, key)

"""What the words modules share: the players' names as the view gives
them and as seat messages, lists of messages joined, a text made a
sentence, and the error of a reading command."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import GamutError
from ..messages import Message, named_seat


class CommandError(GamutError):
    """A reading command that cannot be answered (an unknown player, line or cell)."""


def player_names(view: Mapping[str, Any]) -> list[str]:
    """The seats' names as the view gives them ("Player n" for a seat without one)."""
    return [p.get("name") or f"Player {i + 1}" for i, p in enumerate(view["players"])]


def named(view: Mapping[str, Any]) -> list[Message | str]:
    """The players' names as messages (a name of no seat, a toy game's, as its text)."""
    return [named_seat(name) for name in player_names(view)]


def joined(items: list, key: str = "box.comma") -> Message | str:
    """``a, b, c`` (``box.comma``) or ``a; b; c`` (``box.semicolon``) as nested messages."""
    return Message.chain(items, key)


def sentence(text: str, capital: bool = True) -> str:
    """``text`` as a sentence: its first letter a capital, a full stop at its end."""
    text = text.strip()
    if not text:
        return text
    if capital:
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."

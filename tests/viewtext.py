"""A view's words in English, for the tests (issue #43): a view says its
words as messages only (``gamut.view``), and a test that wants the English
reads it through the message, ``str(Message.from_json(said))``."""

from __future__ import annotations

from typing import Any

from gamut.messages import Message


def english(said: Any) -> str:
    """The English of a message of a view (its JSON)."""
    return str(Message.from_json(said))


def names(view: dict) -> list[str]:
    """The seats' names in English ("Black", "Player 1 (White)")."""
    return [english(p["said"]) for p in view["players"]]


def counters(view: dict) -> list[tuple[int, str]]:
    """Each counter's seat and its words in English ("12 pieces")."""
    return [(c["owner"], english(c["said"])) for c in view["counters"]]


def notes(view: dict) -> list[str]:
    """The notes under the board in English."""
    return [english(m) for m in view["messages"]]


def label(move: dict) -> str | None:
    """A move's button words in English, or None for a move without."""
    return english(move["said"]) if "said" in move else None

"""Readers of foreign record formats, registered by the games that have them.

A game whose players keep records in another program's format (Lines of
Action's boardspace.net SGF) registers a :class:`ForeignFormat`: how to
recognise such a text and how to read it into Gamut records.
:func:`gamut.records.read` asks every registered format before reading the
text as Gamut records; the records package names no game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .tree import Parsed

__all__ = ["ForeignFormat", "register_reader", "FORMATS"]


class ForeignFormat(NamedTuple):
    """A foreign record format: its ``name``, ``detects(text)`` (whether a
    text is in it, from its first characters) and ``parse(text)`` (every
    game of the text, as :func:`gamut.records.parse` gives them)."""

    name: str
    detects: Callable[[str], bool]
    parse: Callable[[str], Parsed]


#: The registered formats by name, in the order registered.
FORMATS: dict[str, ForeignFormat] = {}


def register_reader(fmt: ForeignFormat) -> None:
    """Make :func:`gamut.records.read` read texts in ``fmt`` (registering a
    name again replaces its reader)."""
    FORMATS[fmt.name] = fmt


def format_of(text: str) -> ForeignFormat | None:
    """The registered format ``text`` is in, or None (Gamut records)."""
    return next((fmt for fmt in FORMATS.values() if fmt.detects(text)), None)

"""The engine's words as message ids with arguments (issue #33).

The engine says things a player reads or hears: a move in words, how a
game ended, why a move is not legal.  It says them as a :class:`Message`,
an id and its arguments, never as a sentence of one language: the page
formats the message in the player's language from its catalog
(``web/i18n/<lang>.json``, ICU MessageFormat), and the engine stays free of
languages.  ``str(message)`` is the English sentence, for the command line,
the records and the tests; it is formatted from :data:`ENGLISH` (:mod:`gamut.english`), the one
English table of the engine's words (the page's ``en.json`` holds the same
messages under the same keys, and a test checks the two are equal).  Each
game's own words join that table when the game registers (its
``english.py``, :attr:`GameInfo.english <gamut.core.info.GameInfo>`), and
importing any module of :mod:`gamut` registers the shipped games first.

An argument is a number, a text (a cell, a move's notation: words of no
language), another message (a seat's name, a clause), or a list of them:
``Message.all(items)`` says "a, b and c", ``Message.any(items)`` "a, b or
c" (the page uses ``Intl.ListFormat`` of the player's language).  A
``select`` argument is a plain code (``black``, ``white``), so that a
translation can make words agree with it ("ein schwarzer Stein").

The formatter here understands what the page's does (web/i18n/format.js):
``{x}``, ``{n, plural, =0 {…} one {…} other {…}}`` with ``#``, and
``{x, select, a {…} other {…}}``; English plurals only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .english import ENGLISH  # (the table of the engine's words, in its own module)

__all__ = ["Message", "ENGLISH", "english", "seat"]

LISTS = ("list.and", "list.or")


@dataclass(frozen=True)
class Message:
    """A message of the engine: ``id`` (a key of :data:`ENGLISH` and of every
    page catalog) and its arguments."""

    id: str
    args: dict[str, Any] = field(default_factory=dict)

    @staticmethod
    def all(items) -> Message:
        """``a, b and c`` in the reader's language."""
        return Message("list.and", {"items": list(items)})

    @staticmethod
    def chain(items, key: str = "box.comma") -> Message | Any:
        """``a, b, c`` (``box.comma``) or ``a; b; c`` (``box.semicolon``) as
        nested messages ``key`` {first, rest}; one item is itself."""
        items = list(items)
        said = items[-1]
        for item in reversed(items[:-1]):
            said = Message(key, {"first": item, "rest": said})
        return said

    @staticmethod
    def semicolons(items) -> Message | Any:
        """``a; b; c`` (:meth:`chain` with ``box.semicolon``)."""
        return Message.chain(items, "box.semicolon")

    @staticmethod
    def any(items) -> Message:
        """``a, b or c`` in the reader's language."""
        return Message("list.or", {"items": list(items)})

    def to_json(self) -> dict[str, Any]:
        """``{"id": ..., "args": {...}}``, nested messages likewise."""
        return {"id": self.id, "args": {k: _json(v) for k, v in self.args.items()}}

    @staticmethod
    def from_json(data: Any) -> Any:
        """The inverse of :meth:`to_json` for any argument value: a
        ``{"id", "args"}`` object becomes a :class:`Message` (nested ones
        and lists of them too); a number or text stays as it is."""
        if isinstance(data, list):
            return [Message.from_json(x) for x in data]
        if isinstance(data, dict):
            return Message(data["id"], {k: Message.from_json(v) for k, v in data["args"].items()})
        return data

    def __str__(self) -> str:
        return english(self)


def _json(value):
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    return value


#: A seat's name as a message, from the English names the games use.
SEAT_IDS = {
    "Black": "seat.black",
    "White": "seat.white",
    "Red": "seat.red",
    "Blue": "seat.blue",
    "Green": "seat.green",
    "Yellow": "seat.yellow",
}


def seat(name: str) -> Message:
    """The message naming a seat whose English name is ``name`` ("Black",
    "Red", "Player 2")."""
    if name in SEAT_IDS:
        return Message(SEAT_IDS[name])
    if name.startswith("Player ") and name[7:].isdigit():
        return Message("seat.player", {"n": int(name[7:])})
    raise ValueError(f"no seat message for {name!r}")


# ---------------------------------------------------------------------------
# The English formatter (the subset of ICU the page's formatter reads)


def english(message: Message) -> str:
    """``message`` as an English sentence."""
    if message.id in LISTS:
        items = [_text(v) for v in message.args["items"]]
        if len(items) <= 1:
            return "".join(items)
        word = " and " if message.id == "list.and" else " or "
        return ", ".join(items[:-1]) + word + items[-1]
    return _format(_parse(ENGLISH[message.id]), message.args)


def _text(value) -> str:
    if isinstance(value, Message):
        return english(value)
    if isinstance(value, (list, tuple)):
        return english(Message.all(value))
    return str(value)


def _parse(text: str) -> list:
    """Parts: strings, ("arg", name), ("#",), ("plural"|"select", name, {key: parts})."""
    parts, i = _parse_from(text, 0, in_plural=False)
    if i != len(text):
        raise ValueError(f"unbalanced '}}' in {text!r}")
    return parts


def _parse_from(text: str, i: int, in_plural: bool) -> tuple[list, int]:
    parts: list = []
    buf = ""
    while i < len(text):
        ch = text[i]
        if ch == "}":
            break
        if ch == "#" and in_plural:
            parts.append(buf)
            buf = ""
            parts.append(("#",))
            i += 1
            continue
        if ch != "{":
            buf += ch
            i += 1
            continue
        parts.append(buf)
        buf = ""
        end = i + 1
        while text[end] not in ",}":
            end += 1
        name = text[i + 1 : end].strip()
        if text[end] == "}":
            parts.append(("arg", name))
            i = end + 1
            continue
        comma = text.index(",", end + 1)
        kind = text[end + 1 : comma].strip()
        if kind not in ("plural", "select"):
            raise ValueError(f"unknown argument type {kind!r} in {text!r}")
        i = comma + 1
        branches: dict[str, list] = {}
        while True:
            while text[i] == " ":
                i += 1
            if text[i] == "}":
                i += 1
                break
            brace = text.index("{", i)
            key = text[i:brace].strip()
            branches[key], i = _parse_from(text, brace + 1, in_plural=kind == "plural")
            i += 1  # the branch's "}"
        if "other" not in branches:
            raise ValueError(f"a {kind} without 'other' in {text!r}")
        parts.append((kind, name, branches))
    parts.append(buf)
    return [p for p in parts if p != ""], i


def _format(parts: list, args: dict, count=None) -> str:
    out = []
    for p in parts:
        if isinstance(p, str):
            out.append(p)
        elif p[0] == "#":
            out.append(str(count))
        elif p[0] == "arg":
            out.append(_text(args[p[1]]))
        elif p[0] == "plural":
            n = args[p[1]]
            branches = p[2]
            category = "one" if n == 1 else "other"
            branch = branches.get(f"={n}", branches.get(category, branches["other"]))
            out.append(_format(branch, args, n))
        else:
            key = args[p[1]]
            if not isinstance(key, str):
                raise TypeError(f"a select argument is a code, not {key!r}")
            out.append(_format(p[2].get(key, p[2]["other"]), args, count))
    return "".join(out)

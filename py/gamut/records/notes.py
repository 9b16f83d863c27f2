r"""A move's notes: its glyph, the shapes drawn on the board after it and the
time its player spent and had left, in the page's form (a dict) and in a
record's text (a glyph token after the move, commands inside its comment).

A notes dict holds any of ``glyph`` (one of :data:`GLYPHS`), ``shapes`` (a
list of ``[colour, cell]`` circles and ``[colour, cell, cell]`` arrows, the
colour one of :data:`COLOURS`, the cells named as the game's view names
them), ``spent`` and ``left`` (whole milliseconds); a key left out is
"none", and no key ever holds an empty value.  The start position's notes
hold only shapes.

In a comment, ``[%clk 0:04:55.2]`` is ``left``, ``[%emt 0:00:03.1]``
``spent`` and ``[%draw G d4, R d4 f6]`` the shapes; they are taken out of
the comment's text.  ``\[%`` writes a ``[%`` that starts no command.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..core import RecordError, cause_of, excerpt
from ..messages import Message

#: The glyphs, in the order of PGN's numbered annotations $1 to $6.
GLYPHS = ("!", "?", "!!", "??", "!?", "?!")
#: The colours of shapes: green, red, blue, yellow.
COLOURS = ("G", "R", "B", "Y")
#: The commands a comment may carry, and the notes each one gives (lichess's
#: circles and arrows, ``[%csl Gd4,Rf6]`` and ``[%cal Gd4f6]``, read too).
COMMANDS = {"clk": "left", "emt": "spent", "draw": "shapes", "csl": "shapes", "cal": "shapes"}
MAX_TIME = 10**12  # milliseconds (about 31 years): any real clock fits
MAX_SHAPES = 1000  # on one move

Notes = dict[str, Any]
_KEYS = ("glyph", "shapes", "spent", "left")
_CELL = re.compile(r"[A-Za-z0-9_-]{1,16}")
_TIME = re.compile(r"(?:(\d{1,6}):)?(\d{1,6}):(\d\d)(?:\.(\d{1,3}))?")
# in a comment as written: an escape, a "[%" escaped, or a command
_PIECE = re.compile(r"\\([\\}])|\\(\[%)|\[%(clk|emt|draw|csl|cal)(?![\w-])([^\]}]*)(\]?)")
_LOOKALIKE = re.compile(r"\[%(?=(?:clk|emt|draw|csl|cal)(?![\w-]))")
# lichess's shapes: a colour and a cell, or two, with no space between
_LICHESS_SHAPE = re.compile(r"([A-Z])([a-z]+\d+)([a-z]+\d+)?")


# ---------------------------------------------------------------------------
# The page's form


def _at(where: Message | str | None, reason: Message) -> Message:
    """``where: reason`` as one message (``reason`` alone without ``where``)."""
    return Message("error.record.at", {"where": where, "why": reason}) if where else reason


def check_notes(
    value: object, where: Message | str | None, cells: Callable[[], set[str]] | None, root: bool = False
) -> Notes:
    """``value`` as notes, in their order (glyph, shapes, spent, left) and
    with empty values dropped; RecordError says what is wrong, starting with
    ``where`` (a message, or a text of the record's; None: nothing).  ``cells()`` gives the board's cell names (asked only when
    there are shapes; None: check only their form)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        shape = "{glyph, shapes, spent, left}"
        said = _at(where, Message("error.record.notesObject", {"shape": shape, "value": excerpt(value)}))
        raise RecordError(said)
    unknown = [k for k in value if k not in _KEYS]
    if unknown:
        said = _at(where, Message("error.record.notesKey", {"key": excerpt(unknown[0])}))
        raise RecordError(said)
    out: Notes = {}
    for key in _KEYS:
        item = value.get(key)
        if item is None or item == "" or item == []:
            continue
        if root and key != "shapes":
            said = _at(where, Message("error.record.onlyShapes", {"key": key}))
            raise RecordError(said)
        if key == "glyph":
            if item not in GLYPHS:
                glyph = Message("error.record.glyph", {"glyph": excerpt(item), "glyphs": " ".join(GLYPHS)})
                said = _at(where, glyph)
                raise RecordError(said)
        elif key == "shapes":
            item = _check_shapes(item, where, cells)
        elif type(item) is not int or not 0 <= item <= MAX_TIME:
            args = {"key": key, "max": MAX_TIME, "value": excerpt(item)}
            said = _at(where, Message("error.record.time", args))
            raise RecordError(said)
        out[key] = item
    return out


def _check_shapes(
    value: object, where: Message | str | None, cells: Callable[[], set[str]] | None
) -> list[list[str]]:
    if not isinstance(value, list) or len(value) > MAX_SHAPES:
        args = {"max": MAX_SHAPES, "value": excerpt(value)}
        said = _at(where, Message("error.record.shapes", args))
        raise RecordError(said)
    board = None
    out = []
    for shape in value:
        if (
            not isinstance(shape, list)
            or len(shape) not in (2, 3)
            or not all(isinstance(part, str) for part in shape)
        ):
            said = _at(where, Message("error.record.shape", {"shape": excerpt(shape)}))
            raise RecordError(said)
        colour, *ends = shape
        if colour not in COLOURS:
            args = {"colour": excerpt(colour), "colours": ", ".join(COLOURS)}
            said = _at(where, Message("error.record.colour", args))
            raise RecordError(said)
        for cell in ends:
            if not _CELL.fullmatch(cell):
                said = _at(where, Message("error.record.cellName", {"cell": excerpt(cell)}))
                raise RecordError(said)
            if cells is not None:
                board = cells() if board is None else board
                if cell not in board:
                    said = _at(where, Message("error.record.noCell", {"cell": excerpt(cell)}))
                    raise RecordError(said)
        if len(ends) == 2 and ends[0] == ends[1]:
            said = _at(where, Message("error.record.arrowItself", {"cell": ends[0]}))
            raise RecordError(said)
        out.append(list(shape))
    return out


def merge(into: Notes, more: Notes) -> Message | None:
    """Add ``more`` to ``into`` (shapes add up); why not, or None."""
    for key, value in more.items():
        if key == "shapes":
            into[key] = into.get(key, []) + value
        elif key in into:
            return Message("error.record.twoNotes", {"key": key})
        else:
            into[key] = value
    return None


def ordered(notes: Notes) -> Notes:
    return {k: notes[k] for k in _KEYS if k in notes}


# ---------------------------------------------------------------------------
# Times


def format_time(ms: int) -> str:
    """``H:MM:SS``, with as many decimals of a second as ``ms`` needs
    (``0:04:55``, ``0:04:55.2``, ``1:00:00.25``)."""
    seconds, rest = divmod(ms, 1000)
    text = f"{seconds // 3600}:{seconds // 60 % 60:02}:{seconds % 60:02}"
    return text + f".{rest:03}".rstrip("0") if rest else text


def read_time(text: str) -> int | None:
    """Milliseconds of ``H:MM:SS.s`` or ``M:SS`` (decimals optional), or None."""
    m = _TIME.fullmatch(text.strip())
    if m is None:
        return None
    hours, minutes, seconds, decimals = m.groups()
    if int(seconds) > 59 or (hours is not None and int(minutes) > 59):
        return None
    ms = ((int(hours or 0) * 60 + int(minutes)) * 60 + int(seconds)) * 1000
    return ms + int((decimals or "").ljust(3, "0"))


# ---------------------------------------------------------------------------
# Comments


def read_comment(raw: str) -> tuple[str, Notes]:
    """The text and notes of a comment as written between its braces;
    RecordError for a malformed command.  Where a comment carries commands,
    the spaces around them and at its ends go with them."""
    parts: list[str | None] = []  # text, and None where a command was
    notes: Notes = {}
    at = 0
    for m in _PIECE.finditer(raw):
        parts.append(raw[at : m.start()])
        at = m.end()
        escaped, literal, name, body, closed = m.groups()
        if name is None:
            parts.append(escaped or literal)
            continue
        command = f"[%{name}{body}{closed}"
        if not closed:
            raise RecordError(Message("error.record.commandOpen", {"command": excerpt(command, 30)}))
        wrong = merge(notes, _read_command(name, body.strip(), command))
        if wrong:
            raise RecordError(
                Message("error.record.inCommand", {"why": wrong, "command": excerpt(command, 30)})
            )
        parts.append(None)
    parts.append(raw[at:])
    if None not in parts:
        return "".join(p for p in parts if p is not None), notes
    runs = [""]
    for part in parts:  # the texts between commands, each trimmed
        if part is None:
            runs.append("")
        else:
            runs[-1] += part
    text = " ".join(run.strip() for run in runs if run.strip())
    return text, notes


def _read_command(name: str, body: str, command: str) -> Notes:
    if name in ("csl", "cal"):
        found = [_LICHESS_SHAPE.fullmatch(item.strip()) for item in body.split(",")]
        if not all(m and (m.group(3) is None) == (name == "csl") for m in found):
            example = "[%csl Gd4,Rf6]" if name == "csl" else "[%cal Gd4f6,Rf6a1]"
            raise RecordError(
                Message("error.record.lichessShapes", {"command": excerpt(command, 30), "example": example})
            )
        shapes = [[g for g in m.groups() if g] for m in found if m]
        return {"shapes": _check_shapes(shapes, excerpt(command, 30), None)}
    if name == "draw":
        shapes = [item.split() for item in body.split(",")]
        try:
            return {"shapes": _check_shapes(shapes, excerpt(command, 30), None)}
        except RecordError as exc:
            raise RecordError(Message("error.record.drawHint", {"why": cause_of(exc)})) from None
    ms = read_time(body)
    if ms is None:
        raise RecordError(Message("error.record.commandTime", {"command": excerpt(command, 30)}))
    return {COMMANDS[name]: ms}


def write_comment(text: str, notes: Notes) -> str:
    """The comment's braces for ``text`` and the commands of ``notes`` ("" when
    there is neither)."""
    commands = []
    if "left" in notes:
        commands.append(f"[%clk {format_time(notes['left'])}]")
    if "spent" in notes:
        commands.append(f"[%emt {format_time(notes['spent'])}]")
    if notes.get("shapes"):
        commands.append("[%draw " + ", ".join(" ".join(s) for s in notes["shapes"]) + "]")
    if not text and not commands:
        return ""
    body = _LOOKALIKE.sub(r"\\[%", text.replace("\\", "\\\\").replace("}", "\\}"))
    return "{" + " ".join(([body] if text else []) + commands) + "}"


def glyph_of_nag(token: str) -> str | None:
    """The glyph of PGN's ``$1``..``$6``; None for any other ``$n`` (about the
    position, not the move: read and left out)."""
    n = int(token[1:])
    return GLYPHS[n - 1] if 1 <= n <= len(GLYPHS) else None

"""The move box's reading commands (see :mod:`gamut.words`): what the box
does with a line of text, a command's answer as a message."""

from __future__ import annotations

from typing import Any

from ..core import State, excerpt
from ..messages import Message
from .board import cell_said, read_line, read_moves, read_pieces, seat_named
from .common import CommandError, joined, named, player_names
from .moves import said_move, turn_said

#: The command words; none of them is a move text of any game.
COMMANDS = ("turn", "last", "score", "pieces", "rank", "row", "file", "column", "cell", "moves", "help")

#: The words of a board line's command, as a ``select`` code of the messages.
LINE_WORDS = ("rank", "row", "file", "column")


def read_said(state: State, command: str, last: tuple[State, object] | None = None) -> Message:
    """The answer to a reading command (see :mod:`gamut.words`) in
    ``state``, as a message for the page to say in the player's language
    (``str()`` of it is the English); ``last`` is the position before the last
    move and that move, or None at the start.  A command that cannot be
    answered raises :class:`CommandError` saying why."""
    if not isinstance(command, str):
        raise CommandError(Message("error.command.notText"))
    words = command.strip().lower().split()
    if not words or words[0] not in COMMANDS:
        # each command word in the reader's language (the page reads its own words too)
        commands = Message.chain(Message(f"movebox.command.{word}") for word in COMMANDS)
        raise CommandError(
            Message("error.command.unknown", {"command": excerpt(command), "commands": commands})
        )
    verb, args = words[0], words[1:]
    view = state.view()
    if verb == "help":
        first = player_names(view)[0].split()[0].lower()  # (the command's own word: "pieces black")
        return Message("box.help", {"first": first, "cell": view["board"]["cells"][0]["id"]})
    if verb == "moves":
        return read_moves(view, " ".join(args))
    if verb in ("turn", "last", "score") and args:
        raise CommandError(Message("error.command.nothingAfter", {"command": verb}))
    if verb == "turn":
        return turn_said(state, view)
    if verb == "last":
        if last is None:
            return Message("box.noLast")
        before, move = last
        return Message("box.last", {"move": said_move(before, move)})
    if verb == "score":
        return _score_said(state, view)
    if not args:
        example = {
            "pieces": "pieces " + player_names(view)[0].split()[0].lower(),
            "cell": "cell " + view["board"]["cells"][0]["id"],
        }.get(verb, f"{verb} 1")
        raise CommandError(Message("error.command.sayWhich", {"example": example}))
    arg = " ".join(args)
    if verb == "pieces":
        return read_pieces(view, seat_named(view, arg))
    if verb == "cell":
        if arg not in {c["id"] for c in view["board"]["cells"]}:
            raise CommandError(Message("error.command.noCell", {"cell": excerpt(arg)}))
        return Message("box.cell", {"cell": arg, "words": cell_said(view, arg)})
    return read_line(view, verb, arg)


def _score_said(state: State, view: Any) -> Message:
    """The ``score`` answer: the game's own counts (:meth:`gamut.core.State.score_said`:
    pieces and groups, threats), else the view's counters player by player
    (their messages)."""
    own = state.score_said(view)
    if own is not None:
        return Message("view.sentence", {"text": own})
    names = named(view)
    by_seat: dict[int, list[Any]] = {}
    for counter in view["counters"]:
        by_seat.setdefault(counter["owner"], []).append(Message.from_json(counter["said"]))
    parts: list[Message | str] = [
        Message("box.score", {"who": names[s], "counts": joined(counts)}) for s, counts in by_seat.items()
    ]
    return Message("view.sentence", {"text": joined(parts, "box.semicolon")})


def entry(state: State, text: str, last: tuple[State, object] | None = None) -> dict:
    """What the move box does with ``text``: ``{"answer": message}`` for a
    command (the answer as a message's JSON, for the page to say in the
    player's language), ``{"move": canonical text}`` for a legal move; anything else raises the game's
    IllegalMoveError saying why it is no move (or a CommandError for a
    command that cannot be answered)."""
    if not isinstance(text, str) or not text.strip():
        raise CommandError(Message("error.command.empty"))
    first = text.strip().lower().split()[0]
    if first in COMMANDS:
        return {"answer": read_said(state, text, last).to_json()}
    move = state.parse_move(text)
    return {"move": state.move_text(move)}

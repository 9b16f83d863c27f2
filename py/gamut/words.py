"""Positions and moves in words, for players who listen instead of look.

A screen reader cannot see the board, so the page says every move in a
sentence ("White b1 takes d3", "Blue writes 5 on c4, threatens c5 with 3")
and answers questions about the position typed in its move box ("pieces
white", "rank 3", "last", "turn", "score").  Those words are rules
knowledge, so they come from here and from the games, never from the page:

* :func:`say_move` -- a legal move of a position in words, with what it
  leads to: the game's own phrase for the move
  (:meth:`gamut.core.State.move_words`), then the outcome when the move ends
  the game, else what the mover now threatens
  (:meth:`gamut.core.State.threat_words`).
* :func:`read` -- the answer to a reading command.  The board's contents
  are read from the position's view (the same cells, pieces, stacks and
  markers the page draws, in the same words as the board's accessible
  names), so every game is covered without code of its own; the score is
  the game's (:meth:`gamut.core.State.score_words`).
* :func:`entry` -- what the move box does with a line of text: a command is
  answered, anything else is read as a move of the position (an
  :class:`~gamut.core.IllegalMoveError` says why it is not one).
* :func:`score_words`, :func:`forced_win_words`, :func:`simulation_words`
  -- the computer's evaluation of a position in words, as the page shows it
  while the computer thinks (the bridge's ``think`` job).

Commands (case and extra spaces do not matter)::

    turn                 whose turn it is (or how the game ended)
    last                 the last move, in words
    score                the game's counts (pieces, groups, markers, ...)
    pieces <player>      every cell of a player's, e.g. "pieces white", "pieces 2"
    rank 3 / row b / file c / column 4
                         a line of the board, cell by cell (runs of empty cells in one)
    cell d4              one cell
    moves / moves b1     the legal moves (those whose first cell is b1)
    help                 this list
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .core import GamutError, State, excerpt
from .messages import Message, named_seat

__all__ = [
    "CommandError",
    "say_move",
    "said_move",
    "read",
    "entry",
    "cell_words",
    "piece_cells",
    "and_list",
    "COMMANDS",
    "turn_words",
    "turn_said",
    "score_words",
    "forced_win_words",
    "simulation_words",
    "THINKING",
    "WORD_STEPS",
]


class CommandError(GamutError):
    """A reading command that cannot be answered (an unknown player, line or cell)."""


#: The command words; none of them is a move text of any game.
COMMANDS = ("turn", "last", "score", "pieces", "rank", "row", "file", "column", "cell", "moves", "help")

#: The words of a board line's command, as a ``select`` code of the messages.
LINE_WORDS = ("rank", "row", "file", "column")


def and_list(items) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = [str(x) for x in items]
    if not items:
        return ""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def player_names(view: Mapping[str, Any]) -> list[str]:
    return [p.get("name") or f"Player {i + 1}" for i, p in enumerate(view["players"])]


def _named(view: Mapping[str, Any]) -> list[Message | str]:
    """The players' names as messages (a name of no seat, a toy game's, as its text)."""
    return [named_seat(name) for name in player_names(view)]


def _joined(items: list, key: str = "box.comma") -> Message | str:
    """``a, b, c`` (``box.comma``) or ``a; b; c`` (``box.semicolon``) as nested messages."""
    return Message.chain(items, key)


# ---------------------------------------------------------------------------
# Moves


def say_move(state: State, move) -> str:
    """``move`` (legal in ``state``) in words, with what it leads to: the game
    it ends (its result), else what the mover now threatens.  One or two
    sentences, each ending with a full stop (:func:`said_move` in English)."""
    return str(said_move(state, move))


def said_move(state: State, move) -> Message:
    """:func:`say_move` as a message (:mod:`gamut.messages`), for the page to
    say in the player's language."""
    after = state.play_unchecked(move)
    text = state.move_message(move, after)
    outcome = after.outcome()
    if outcome is not None:
        reason = outcome.message or outcome.reason.rstrip(".")
        return Message("move.saidEnd", {"move": text, "result": reason})
    threat = after.threat_message()
    if threat is not None:
        return Message("move.saidThreat", {"move": text, "threat": threat})
    return Message("move.said", {"move": text})


def _sentence(text: str, capital: bool = True) -> str:
    text = text.strip()
    if not text:
        return text
    if capital:
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def turn_words(state: State, view: Mapping[str, Any] | None = None) -> str:
    """Whose turn it is (with the position's notes: threats, a swap
    offered, a number that must be repeated), or how the game ended
    (:func:`turn_said` in English)."""
    return str(turn_said(state, view))


def turn_said(state: State, view: Mapping[str, Any] | None = None) -> Message:
    """:func:`turn_words` as a message: whose turn, then the selection's
    prompt or the position's notes (threats, a swap offered, ...) as the
    view says them (its messages; the English texts of a view without)."""
    view = view or state.view()
    outcome = state.outcome()
    if outcome is not None:
        return Message("engine.over", {"result": outcome.message or outcome.reason.rstrip(".")})
    who = named_seat(player_names(view)[state.to_move])
    select = view.get("select")
    if select and select.get("said"):  # "Red to move. Mark the cells ... then confirm."
        turn = Message("engine.toMove", {"who": who})
        return Message("engine.prompt", {"turn": turn, "prompt": Message.from_json(select["said"])})
    if select:
        prompt = select["prompt"].strip().rstrip(".")
        return Message("engine.toSelect", {"who": who, "prompt": prompt[:1].lower() + prompt[1:]})
    said = Message("engine.toMove" if view["moves"] else "engine.noMove", {"who": who})
    if view.get("said_messages"):
        notes = [Message.from_json(m) for m in view["said_messages"]]
    else:
        notes = [_sentence(m) for m in view["messages"]]
    for note in notes:  # (each note a sentence of its own, after the turn's)
        said = Message("engine.notes", {"turn": said, "notes": note})
    return said


# ---------------------------------------------------------------------------
# The board, read from the view


def cell_words(view: Mapping[str, Any], cell: str) -> str:
    """What is on ``cell``, in the board's words: ``Black piece``, ``Red 5``,
    ``stack of 3, top White (from the bottom: Black, White, White)``,
    ``Black's marker``, ``empty`` (:func:`cell_said` in English)."""
    return str(cell_said(view, cell))


def cell_said(view: Mapping[str, Any], cell: str) -> Message | str:
    """:func:`cell_words` as a message."""
    names = _named(view)
    parts: list[Message | str] = []
    for c in view["board"]["cells"]:
        if c["id"] == cell and c.get("shape") and c["shape"] != "cell":
            parts.append(Message("box.shape", {"shape": c["shape"]}))
    piece = next((p for p in view["pieces"] if p["cell"] == cell), None)
    if piece is not None:
        owner = names[piece["owner"]]
        stack = piece.get("stack") or []
        if len(stack) > 1:
            below = _joined([names[s] for s in stack])
            parts.append(Message("box.stack", {"n": len(stack), "owner": owner, "stack": below}))
        elif piece.get("label") is not None:
            parts.append(Message("box.label", {"owner": owner, "label": str(piece["label"])}))
        else:
            parts.append(Message("box.piece", {"owner": owner}))
    marker = next((m for m in view.get("markers", []) if m["cell"] == cell), None)
    if marker is not None:
        parts.append(Message("box.marker", {"owner": names[marker["owner"]]}))
    if piece is None and marker is None:
        parts.append(Message("box.empty"))
    return _joined(parts)


_CELL_PARTS = re.compile(r"([a-z]+)(\d+)")


def _line_of(view: Mapping[str, Any], name: str) -> list[str]:
    """The cells of the board line ``name`` in board order: a number names
    the cells with that number (a rank), letters the cells with those
    letters (a file, or EVL's row ``b`` of heptagons and band ``ab`` of
    pentagons)."""
    out = []
    for c in view["board"]["cells"]:
        m = _CELL_PARTS.fullmatch(c["id"])
        if m and name in (m.group(1), m.group(2)):
            out.append(c["id"])
    return out


def _read_line(view: Mapping[str, Any], word: str, name: str) -> Message:
    cells = _line_of(view, name)
    if not cells:
        ids = [c["id"] for c in view["board"]["cells"]]
        raise CommandError(
            Message(
                "error.command.noLine",
                {"line": word, "name": excerpt(name), "first": ids[0], "last": ids[-1]},
            )
        )
    # runs of neighbouring cells with the same contents are said once
    runs: list[tuple[list[str], Message | str]] = []
    for cell in cells:
        words = cell_said(view, cell)
        if runs and runs[-1][1] == words:
            runs[-1][0].append(cell)
        else:
            runs.append(([cell], words))
    parts: list[Message | str] = [
        Message("box.run", {"cell": run[0], "words": words})
        if len(run) == 1
        else Message("box.runFrom", {"from": run[0], "to": run[-1], "words": words})
        for run, words in runs
    ]
    return Message("box.line", {"line": word, "name": name, "runs": _joined(parts, "box.semicolon")})


def _seat_named(view: Mapping[str, Any], name: str) -> int:
    names = player_names(view)
    wanted = name.strip().lower()
    if wanted.isdigit() and 1 <= int(wanted) <= len(names):
        return int(wanted) - 1
    for seat, full in enumerate(names):
        low = full.lower()
        words = re.findall(r"[a-z0-9]+", low)
        if wanted == low or wanted in words or " ".join(words).startswith(wanted):
            return seat
    raise CommandError(
        Message("error.command.noPlayer", {"name": excerpt(name), "players": Message.all(_named(view))})
    )


def piece_cells(view: Mapping[str, Any], seat: int) -> list[str]:
    """Where ``seat``'s pieces stand, in the view's order: ``d3``, ``c4 5``
    (a written number), ``b2 (stack of 3: Black, White, White from the
    bottom)`` (a stack the seat tops).  The rules pages' diagram texts use
    it too (:func:`piece_cells_said` in English)."""
    return [str(cell) for cell in piece_cells_said(view, seat)]


def piece_cells_said(view: Mapping[str, Any], seat: int) -> list[Message | str]:
    """:func:`piece_cells` as messages (a cell alone, or with its written
    number, is notation: a text)."""
    names = _named(view)
    cells: list[Message | str] = []
    for p in view["pieces"]:
        if p["owner"] != seat:
            continue
        stack = p.get("stack") or []
        if len(stack) > 1:
            below = _joined([names[s] for s in stack])
            cells.append(Message("box.pieceStack", {"cell": p["cell"], "n": len(stack), "stack": below}))
        elif "label" in p:
            cells.append(f"{p['cell']} {p['label']}")
        else:
            cells.append(p["cell"])
    return cells


def _read_pieces(view: Mapping[str, Any], seat: int) -> Message:
    who = _named(view)[seat]
    cells = piece_cells_said(view, seat)
    markers = [m["cell"] for m in view.get("markers", []) if m["owner"] == seat]
    # (a game of stacks counts stacks; written labels without stacks are numbers)
    if any("stack" in p for p in view["pieces"]):
        what = "stacks"
    elif any(p.get("label") is not None for p in view["pieces"]):
        what = "numbers"
    else:
        what = "pieces"
    said = (
        Message(
            "box.pieces",
            {
                "who": who,
                "count": Message(f"view.count.{what}", {"n": len(cells)}),
                "cells": Message.all(cells),
            },
        )
        if cells
        else Message("box.noPieces", {"who": who, "what": what})
    )
    if markers:
        said = Message("box.markers", {"text": said, "cells": Message.all(markers)})
    return Message("view.sentence", {"text": said})


def _read_moves(view: Mapping[str, Any], cell: str) -> Message:
    """The legal moves (as the view lists them), or those whose first click is ``cell``."""
    moves = view["moves"]
    if cell:
        if cell not in {c["id"] for c in view["board"]["cells"]}:
            raise CommandError(Message("error.command.noCell", {"cell": excerpt(cell)}))
        moves = [m for m in moves if m["clicks"][:1] == [cell]]
        if not moves:
            return Message("box.noMoveFrom", {"cell": cell})
    elif not moves:
        select = view.get("select")
        if not select:
            return Message("box.noMove")
        prompt = Message.from_json(select["said"]) if select.get("said") else select["prompt"].rstrip(".")
        return Message("box.notListed", {"prompt": prompt})
    # (the moves are notation, one language's as any other's: a plain text)
    return Message("box.moves", {"n": len(moves), "moves": ", ".join(m["text"] for m in moves)})


# ---------------------------------------------------------------------------
# Commands


def read(state: State, command: str, last: tuple[State, object] | None = None) -> str:
    """The answer to a reading command (see the module docstring) in
    ``state``; ``last`` is the position before the last move and that move,
    or None at the start.  A command that cannot be answered raises
    :class:`CommandError` saying why (:func:`read_said` in English)."""
    return str(read_said(state, command, last))


def read_said(state: State, command: str, last: tuple[State, object] | None = None) -> Message | str:
    """:func:`read` as a message for the page to say in the player's
    language; a game's own ``score`` words are still a text of English
    (the games say their counts only as :meth:`gamut.core.State.score_words`)."""
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
        return _read_moves(view, " ".join(args))
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
        return _read_pieces(view, _seat_named(view, arg))
    if verb == "cell":
        if arg not in {c["id"] for c in view["board"]["cells"]}:
            raise CommandError(Message("error.command.noCell", {"cell": excerpt(arg)}))
        return Message("box.cell", {"cell": arg, "words": cell_said(view, arg)})
    return _read_line(view, verb, arg)


def _score_said(state: State, view: Any) -> Message | str:
    """The ``score`` answer: the view's counters player by player, as
    :meth:`gamut.core.State.score_words` says them by default; a game that
    says its counts its own way (groups, threats) gives its English."""
    own = state.score_said(view)
    if own is not None:
        return Message("view.sentence", {"text": own})
    if type(state).score_words is not State.score_words or not view.get("said_counters"):
        return _sentence(state.score_words(view))
    names = _named(view)
    by_seat: dict[int, list[Any]] = {}
    for counter, said in zip(view["counters"], view["said_counters"], strict=True):
        by_seat.setdefault(counter["owner"], []).append(Message.from_json(said))
    parts: list[Message | str] = [
        Message("box.score", {"who": names[s], "counts": _joined(counts)}) for s, counts in by_seat.items()
    ]
    return Message("view.sentence", {"text": _joined(parts, "box.semicolon")})


def entry(state: State, text: str, last: tuple[State, object] | None = None) -> dict:
    """What the move box does with ``text``: ``{"said": answer, "answer":
    message}`` for a command (the answer in English, and as a message for
    the page to say in the player's language, where it is one), ``{"move":
    canonical text}`` for a legal move; anything else raises the game's
    IllegalMoveError saying why it is no move (or a CommandError for a
    command that cannot be answered)."""
    if not isinstance(text, str) or not text.strip():
        raise CommandError(Message("error.command.empty"))
    first = text.strip().lower().split()[0]
    if first in COMMANDS:
        said = read_said(state, text, last)
        if isinstance(said, Message):
            return {"said": str(said), "answer": said.to_json()}
        return {"said": said}
    move = state.parse_move(text)
    return {"move": state.move_text(move)}


# ---------------------------------------------------------------------------
# Evaluations in words

#: What the page says before a search has an evaluation.
THINKING = "thinking…"

# Where the words change, in units of a game's ``eval_scale`` (the score
# at which the side to move wins about 73 % of games, 1 / (1 + e^-1)):
# about 60 %, 75 % and 90 % to win.
WORD_STEPS = ((0.4, "stands slightly better"), (1.1, "stands better"), (2.2, "is clearly winning"))
_STEP_IDS = ("engine.slightlyBetter", "engine.better", "engine.winning")

Who = Message | str


def score_words(score: float, name: str, other: str | None, scale: float = 100.0) -> str:
    """A heuristic score (for ``name``, the side to move; ``other``: the
    opponent's name, when there is one opponent) in words; ``scale`` is the
    game's ``eval_scale``, fitted to game results by
    ``bench/calibrate_eval.py``, so the same words mean the same odds in
    every game (:func:`score_said` in English)."""
    return str(score_said(score, name, other, scale))


def score_said(score: float, name: Who, other: Who | None, scale: float = 100.0) -> Message:
    """:func:`score_words` as a message (names as seat messages or texts)."""
    size = abs(score) / scale
    if size < WORD_STEPS[0][0]:
        return Message("engine.even")
    who = name if score > 0 else (other or Message("engine.opponent"))
    said = _STEP_IDS[0]
    for (step, _), step_id in zip(WORD_STEPS, _STEP_IDS, strict=True):
        if size >= step:
            said = step_id
    return Message(said, {"who": who})


def forced_win_words(winner: str, moves: int | None = None) -> str:
    """A proven win in words: ``"Black wins: a win found in 2 moves"``, or
    without a count (Monte-Carlo proves no distance) ``"... a forced win found"``."""
    return str(forced_win_said(winner, moves))


def forced_win_said(winner: Who, moves: int | None = None) -> Message:
    """:func:`forced_win_words` as a message."""
    if moves is None:
        return Message("engine.forcedWin", {"winner": winner})
    return Message("engine.winIn", {"winner": winner, "moves": moves})


def simulation_words(name: str, rate: float) -> str:
    """A Monte-Carlo search's win rate for ``name``, the side to move, in words."""
    return str(simulation_said(name, rate))


def simulation_said(name: Who, rate: float) -> Message:
    """:func:`simulation_words` as a message."""
    return Message("engine.simulations", {"who": name, "percent": round(rate * 100)})

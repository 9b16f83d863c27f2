"""Writing records: :func:`format` and :func:`format_json`, the text
described in :mod:`gamut.records`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ..core import RecordError, cause_of
from ..messages import Message
from .notes import write_comment
from .record import Record, _players_text
from .tree import _label, _Node, _Tree, result_of

LINE_WIDTH = 79


def _quote(value: str) -> str:
    value = " ".join(value.splitlines()) if ("\n" in value or "\r" in value) else value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format(records: Record | Iterable[Record]) -> str:
    """The text of one record or many (separated by a blank line); raises
    RecordError when a record's moves do not replay."""
    if isinstance(records, Record):
        records = [records]
    return "\n".join(_format_one(r) for r in records)


def format_json(games: list[Any]) -> str:
    """:func:`format` of games in :meth:`Record.to_json`'s form; a
    RecordError names the game (from 1) that cannot be written."""
    if not isinstance(games, list):
        raise RecordError(Message("error.record.gamesList"))
    records = []
    for i, data in enumerate(games, 1):
        try:
            records.append(Record.from_json(data))
        except RecordError as exc:
            raise RecordError(Message("error.record.game", {"n": i, "why": cause_of(exc)})) from None
    return format(records)


def _format_one(record: Record) -> str:
    tree = record.replay()
    result = record.result
    outcome = tree.main_end().state.outcome()
    if result == "*" and outcome is not None:
        result = result_of(outcome, tree.root.state.num_players)
    state = tree.root.state
    specs = {o.name: o for o in state.info.options}
    opts = ",".join(f"{k}={specs[k].format(v)}" for k, v in state.options.items())
    tags = [("Game", record.game), ("Variant", record.variant), ("Options", opts or "-")]
    if not record.start.endswith(" start"):
        tags.append(("Start", record.start))
    if record.players:
        tags.append(("Players", _players_text(record.players)))
    if record.date is not None:
        tags.append(("Date", record.date))
    if record.name is not None:
        tags.append(("Name", record.name))
    tags.extend(record.tags.items())
    if record.timecontrol is not None:
        tags.append(("TimeControl", record.timecontrol))
    if record.termination is not None:
        tags.append(("Termination", record.termination))
    tags.append(("Result", result))
    lines = [f"[{name} {_quote(value)}]" for name, value in tags]
    return "\n".join(lines) + "\n\n" + _wrap(_movetext(tree, result)) + "\n"


def _movetext(tree: _Tree, result: str) -> Iterator[str]:
    """The tokens of the moves: numbered moves, comments, parentheses, the result."""
    need = True  # a number before the next move (the moves resume)
    if tree.root.comment or tree.root.notes:
        yield write_comment(tree.root.comment, tree.root.notes)
    # tasks: a node to write (and whether it starts a variation), or "(" / ")"
    stack: list[str | tuple[_Node, bool]] = [(tree.root.children[0], False)] if tree.root.children else []
    while stack:
        task = stack.pop()
        if isinstance(task, str):
            yield task
            need = True
            continue
        node, first = task
        turn = (node.mover, node.round, node.turn_ply)
        number = node.mover == 0 and node.turn_ply == 0
        yield f"{_label(turn)} {node.move}" if need or number else node.move
        need = False
        if "glyph" in node.notes:
            yield node.notes["glyph"]
        comment = write_comment(node.comment, node.notes)
        if comment:
            yield comment
            need = True
        later: list[str | tuple[_Node, bool]] = []
        if not first and node.parent is not None:
            for variation in node.parent.children[1:]:
                later += ["(", (variation, True), ")"]
        if node.children:
            later.append((node.children[0], False))
        stack.extend(reversed(later))
    yield result


def _wrap(tokens: Iterable[str]) -> str:
    """Tokens joined by spaces into lines of at most LINE_WIDTH characters
    where they fit ("(" and ")" hug what they enclose)."""
    out: list[str] = []
    col = 0
    for token in tokens:
        sep = "" if not out or out[-1] == "(" or token == ")" else " "
        if sep and col + 1 + len(token.split("\n", 1)[0]) > LINE_WIDTH:
            sep, col = "\n", 0
        out += [sep, token]
        col = len(token) - token.rfind("\n") - 1 if "\n" in token else col + len(sep) + len(token)
    return "".join(out)

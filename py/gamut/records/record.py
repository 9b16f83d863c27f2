"""A record of one game (:class:`Record`): the page's form of it, and its
players as the ``Players`` tag writes them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from ..core import GamutError, RecordError, State, excerpt, load
from ..messages import Message
from .notes import Notes, check_notes
from .tree import (
    _KNOWN,
    _TAG_NAME,
    TERMINATIONS,
    _check_ending,
    _check_result,
    _label,
    _Tree,
    _turn,
    comment_too_long,
    read_termination,
    read_time_control,
    result_of,
    start_text,
    why,
)


@dataclass
class Record:
    """One game: see the module's docstring for the fields' meaning and
    :meth:`to_json` for the page's form.  ``options`` holds every option's
    text form; ``start`` is a position text; ``nodes`` the flat tree;
    ``notes`` the notes (:mod:`gamut.records.notes`) by node, 0 for the
    start and else the node's place in ``nodes`` from 1."""

    game: str
    variant: str
    options: dict[str, Any]
    start: str
    players: list[str] = field(default_factory=list)
    nodes: list[tuple[int, str, str]] = field(default_factory=list)  # (parent, move, comment)
    comment: str = ""
    result: str = "*"
    date: str | None = None
    name: str | None = None
    tags: dict[str, str] = field(default_factory=dict)  # other tags, in order
    notes: dict[int, Notes] = field(default_factory=dict)
    termination: str | None = None  # one of tree.TERMINATIONS
    timecontrol: str | None = None  # "300+3", "1d" or "-"

    def __post_init__(self) -> None:
        # a reader that knows only tags (a foreign format) may leave these
        # two among them: they are fields
        for name, read in (("Termination", read_termination), ("TimeControl", read_time_control)):
            if name in self.tags:
                text = self.tags[name]
                self.tags = {k: v for k, v in self.tags.items() if k != name}  # (not the caller's dict)
                value = read(text)
                setattr(self, name.lower(), getattr(self, name.lower()) or value)

    @classmethod
    def of(cls, start: State, nodes: Iterable[Sequence[Any]] = (), **fields: Any) -> Record:
        """The record of a game from ``start`` (a state) with ``nodes``
        ((parent, move, comment) triples, or (parent, move, comment, notes);
        moves in any spelling the engine reads): every move is replayed and
        written canonically."""
        nodes = [tuple(n) for n in nodes]
        notes = dict(fields.pop("notes", {}))
        notes.update((i, n[3]) for i, n in enumerate(nodes, 1) if len(n) > 3 and n[3])
        record = cls(
            start.game_id,
            start.variant,
            start.options_json(),
            start_text(start),
            nodes=[cast(tuple[int, str, str], n[:3]) for n in nodes],
            notes=notes,
            **fields,
        )
        record._settle(record.replay())
        return record

    def _settle(self, tree: _Tree) -> None:
        """Take the replayed tree's canonical moves, and the rules' result
        when the main line ends in a finished game."""
        self.nodes = tree.flat()
        self.notes = tree.notes()
        outcome = tree.main_end().state.outcome()
        if outcome is not None:
            rules = result_of(outcome, tree.root.state.num_players)
            if self.result not in ("*", rules):
                said = {"result": self.result, "rules": rules, "reason": outcome.message}
                raise RecordError(Message("error.record.resultNotRules", said))
            self.result = rules
        wrong = _check_ending(self.result, self.termination, outcome)
        if wrong:
            raise RecordError(wrong)
        if self.timecontrol is not None:
            self.timecontrol = read_time_control(self.timecontrol)

    def start_state(self) -> State:
        return load(self.start)

    def main_line(self) -> list[str]:
        """The moves of the main line (each node's first child)."""
        line: list[str] = []
        expected = 0
        for i, (parent, move, *_comment) in enumerate(self.nodes, 1):
            if parent == expected:
                line.append(move)
                expected = i
        return line

    def replay(self) -> _Tree:
        """The tree with every move played by the engine; RecordError names
        the first node that cannot be played or whose notes are wrong."""
        try:
            tree = _Tree(self.start_state())
        except GamutError as exc:
            raise RecordError(Message("error.record.start", {"why": why(exc)})) from None
        cells: set[str] = set()

        def board() -> set[str]:  # the cells' names, looked up once if shapes need them
            if not cells:
                cells.update(c["id"] for c in tree.root.state.view()["board"]["cells"])
            return cells

        too_long = comment_too_long(self.comment)
        if too_long:
            raise RecordError(too_long)
        tree.root.comment = self.comment
        tree.root.notes = check_notes(self.notes.get(0), Message("error.record.startNotes"), board, root=True)
        nodes = [tree.root]
        for i, (parent, move, comment) in enumerate(self.nodes, 1):
            at = nodes[parent]
            where = Message(
                "error.record.node", {"n": i, "label": _label(_turn(at)), "move": excerpt(move, 20)}
            )
            try:
                node = tree.add(at, move)
            except GamutError as exc:
                raise RecordError(Message("error.record.at", {"where": where, "why": why(exc)})) from None
            too_long = comment_too_long(comment)
            if too_long:
                raise RecordError(Message("error.record.at", {"where": where, "why": too_long}))
            node.comment = comment
            node.notes = check_notes(self.notes.get(i), where, board)
            nodes.append(node)
        if any(not 0 <= i <= len(self.nodes) for i in self.notes):
            raise RecordError(Message("error.record.notesNode", {"nodes": excerpt(sorted(self.notes), 30)}))
        return tree

    def to_json(self) -> dict[str, Any]:
        nodes: list[list[Any]] = []
        for i, (p, m, c) in enumerate(self.nodes, 1):
            notes = self.notes.get(i)
            nodes.append([p, m, c, dict(notes)] if notes else [p, m, c] if c else [p, m])
        out: dict[str, Any] = {"v": 1, "nodes": nodes}
        if self.comment:
            out["comment"] = self.comment
        if self.notes.get(0):
            out["notes"] = dict(self.notes[0])
        out.update(
            start=self.start,
            meta={"game": self.game, "variant": self.variant, "options": dict(self.options)},
            players=list(self.players),
            result=self.result,
            date=self.date,
            name=self.name,
        )
        if self.tags:
            out["tags"] = dict(self.tags)
        if self.termination is not None:
            out["termination"] = self.termination
        if self.timecontrol is not None:
            out["timecontrol"] = self.timecontrol
        return out

    @classmethod
    def from_json(cls, data: object) -> Record:
        """Read :meth:`to_json`'s form (from the page: anything may be
        wrong); every move is replayed.  Raises RecordError."""
        if not isinstance(data, dict):
            raise RecordError(
                Message("error.record.gameObject", {"shape": "{v: 1, nodes, start, meta, ...}"})
            )
        if data.get("v") != 1:
            raise RecordError(Message("error.record.version", {"version": excerpt(data.get("v"))}))
        start = _json_text(data, "start")
        meta = data.get("meta")
        if not isinstance(meta, dict):
            raise RecordError(Message("error.record.metaObject", {"shape": "{game, variant, options}"}))
        try:
            state = load(start)
        except GamutError as exc:
            raise RecordError(Message("error.record.start", {"why": why(exc)})) from None
        options = meta.get("options") or {}
        own = state.options_json()  # meta may leave out the variant and options, not contradict
        if (
            meta.get("game") != state.game_id
            or meta.get("variant") not in ("", None, state.variant)
            or not isinstance(options, dict)
            or any(own.get(k, ...) != v for k, v in options.items())
        ):
            said = {"meta": excerpt(meta, 60), "header": excerpt(state.header(), 60)}
            raise RecordError(Message("error.record.metaDiffers", said))
        raw = data.get("nodes")
        if not isinstance(raw, list):
            raise RecordError(Message("error.record.nodesList"))
        nodes = []
        notes: dict[int, Any] = {}
        for i, entry in enumerate(raw, 1):
            if (
                not isinstance(entry, list)
                or len(entry) not in (2, 3, 4)
                or type(entry[0]) is not int
                or not 0 <= entry[0] < i
                or not isinstance(entry[1], str)
                or not entry[1]
                or (len(entry) >= 3 and not isinstance(entry[2], str))
            ):
                raise RecordError(Message("error.record.nodeForm", {"n": i, "entry": excerpt(entry)}))
            nodes.append((entry[0], entry[1], entry[2] if len(entry) >= 3 else ""))
            if len(entry) == 4:
                notes[i] = entry[3]
        if "notes" in data:
            notes[0] = data["notes"]
        termination = _json_text(data, "termination", None)
        timecontrol = _json_text(data, "timecontrol", None)
        if termination is not None and termination not in TERMINATIONS:
            said = {"words": ", ".join(TERMINATIONS), "value": excerpt(termination)}
            raise RecordError(Message("error.record.terminationKey", said))
        players = data.get("players", [])
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError(Message("error.record.players"))
        tags = data.get("tags") or {}
        if not isinstance(tags, dict) or not all(
            isinstance(k, str) and _TAG_NAME.fullmatch(k) and k.lower() not in _KNOWN and isinstance(v, str)
            for k, v in tags.items()
        ):
            raise RecordError(Message("error.record.tags"))
        result = _json_text(data, "result", None) or "*"
        wrong = _check_result(result, state.num_players)
        if wrong:
            raise RecordError(wrong)
        record = cls(
            state.game_id,
            state.variant,
            state.options_json(),
            start_text(state),
            players=list(players),
            nodes=nodes,
            comment=_json_text(data, "comment", ""),
            result=result,
            date=_json_text(data, "date", None),
            name=_json_text(data, "name", None),
            tags=dict(tags),
            notes=notes,
            termination=termination,
            timecontrol=None if timecontrol is None else read_time_control(timecontrol),
        )
        record._settle(record.replay())
        return record


_REQUIRED = object()


def _json_text(data: dict[str, Any], key: str, default: object = _REQUIRED) -> Any:
    value = data.get(key, default)
    if value is _REQUIRED:
        raise RecordError(Message("error.record.missing", {"key": repr(key)}))
    if value is not None and not isinstance(value, str):
        raise RecordError(Message("error.record.keyText", {"key": repr(key), "value": excerpt(value)}))
    return value


def player_words(players: list[str]) -> list[str]:
    """Each seat's player as the ``Players`` tag writes it: ``human``,
    ``computer <level>``, or the word kept as read."""
    words = []
    for p in players:
        if p == "h":
            words.append("human")
        elif p.startswith("c:"):
            words.append("computer " + p[2:])
        else:
            words.append(p.replace(",", " "))
    return words


def _players_text(players: list[str]) -> str:
    return ", ".join(player_words(players))


def _read_players(text: str) -> list[str]:
    out = []
    for item in text.split(","):
        words = item.split()
        if not words:
            continue
        if words == ["human"]:
            out.append("h")
        elif len(words) == 2 and words[0] == "computer":
            out.append("c:" + words[1])
        else:
            out.append(" ".join(words))
    return out
